//===- benchmarks/objectives/hand.hpp - hand-written derivatives ----------===//
///
/// \file
/// Derivatives of objectives of objectives.hpp written by hand in plain
/// double code: the references AD-generated derivatives are compared with.
///
/// - lse_gradient:             d lse / dx = softmax(x)
/// - llsq_gradient:            d/dx_j = -sum_i r_i t_i^j
/// - kmeans_gradient_hessian:  gradient and Hessian diagonal w.r.t. centroids
/// - ode_last_gradient:        d y_out[n-1] / dx by a reverse sweep of RK4
/// - gmm_gradient:             d err / d(alphas, means, icf)
///
/// Each also returns the primal value, computed with the same operations in
/// the same order as the objective (so bitwise equal to it).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_BENCHMARKS_OBJECTIVES_HAND_HPP
#define TANGENT_BENCHMARKS_OBJECTIVES_HAND_HPP

#include "objectives.hpp"

#include <cmath>
#include <vector>

namespace objectives {

//===----------------------------------------------------------------------===//
// LSE. out = log(sum_i exp(x_i - mx)) + mx; d out / d x_i = exp(x_i - out)
// (mx cancels: it is a constant shift).
//===----------------------------------------------------------------------===//

inline void lse_gradient(int n, const double *x, double *out, double *grad) {
  lse_objective(n, x, out);
  for (int i = 0; i < n; i++)
    grad[i] = std::exp(x[i] - *out);
}

//===----------------------------------------------------------------------===//
// LLSQ. out = 1/2 sum_i r_i^2, r_i = s_i - sum_j x_j t_i^j;
// d out / d x_j = sum_i r_i d r_i / d x_j = -sum_i r_i t_i^j.
//===----------------------------------------------------------------------===//

inline void llsq_gradient(int n, int m, const double *x, double *out,
                          double *grad) {
  for (int j = 0; j < n; j++)
    grad[j] = 0;
  double sum = 0;
  for (int i = 0; i < m; i++) {
    double ti = llsq_t(i, m);
    double mul = 0;
    double tj = 1;
    for (int j = 0; j < n; j++) {
      mul = mul + x[j] * tj;
      tj = tj * ti;
    }
    double r = llsq_s(ti) - mul;
    sum = sum + r * r;
    tj = 1;
    for (int j = 0; j < n; j++) {
      grad[j] -= r * tj;
      tj = tj * ti;
    }
  }
  *out = 0.5 * sum;
}

//===----------------------------------------------------------------------===//
// KMEANS. With a(i) the centroid nearest p_i (the first on a tie, as the
// objective's strict `<` picks), out = sum_i ||p_i - c_a(i)||^2, so
//   d out / d c_jl     = sum_{i: a(i) = j} 2 (c_jl - p_il),
//   d2 out / d c_jl^2  = 2 |{i: a(i) = j}|   (the Hessian is diagonal).
// grad and hess_diag have k*d entries, row-major like centroids.
//===----------------------------------------------------------------------===//

inline void kmeans_gradient_hessian(int k, int n, int d, const double *points,
                                    const double *centroids, double *out,
                                    double *grad, double *hess_diag) {
  for (int j = 0; j < k * d; j++) {
    grad[j] = 0;
    hess_diag[j] = 0;
  }
  double cost = 0;
  const double *p = points;
  for (int i = 0; i < n; i++) {
    double best = kmeans_sqdist(d, p, centroids);
    int jbest = 0;
    for (int j = 1; j < k; j++) {
      double dist = kmeans_sqdist(d, p, centroids + j * d);
      if (dist < best) {
        best = dist;
        jbest = j;
      }
    }
    cost = cost + best;
    const double *c = centroids + jbest * d;
    for (int l = 0; l < d; l++) {
      grad[jbest * d + l] += 2 * (c[l] - p[l]);
      hess_diag[jbest * d + l] += 2;
    }
    p += d;
  }
  *out = cost;
}

//===----------------------------------------------------------------------===//
// ODE. The reverse sweep of RK4 for the gradient of y_out[n-1].
//
// One step, from y:  y2 = y + h/2 k1, y3 = y + h/2 k2, y4 = y + h k3 with
// k1 = f(y), k2 = f(y2), k3 = f(y3), k4 = f(y4), and
// y' = y + h/6 (k1 + 2 k2 + 2 k3 + k4). The forward sweep stores y, y2, y3,
// y4 of every step (4 n s doubles). Given the adjoint yb of y', the reverse
// of one step is
//   kb1 = h/6 yb, kb2 = kb3 = h/3 yb, kb4 = h/6 yb;   (yb itself passes on)
//   [y4b, xb] += f'(y4)^T kb4;  yb += y4b;  kb3 += h   y4b;
//   [y3b, xb] += f'(y3)^T kb3;  yb += y3b;  kb2 += h/2 y3b;
//   [y2b, xb] += f'(y2)^T kb2;  yb += y2b;  kb1 += h/2 y2b;
//   [y1b, xb] += f'(y)^T  kb1;  yb += y1b,
// where for f_0 = x_0, f_i = x_i y_{i-1}, the transposed derivative of f at y
// applied to zb is xb_0 += zb_0, xb_i += zb_i y_{i-1}, yb_{i-1} = zb_i x_i.
// The sweep starts from yb = e_{n-1} after the last step.
//===----------------------------------------------------------------------===//

/// xb += d f / dx ^T zb, yb = d f / dy ^T zb, f evaluated at y.
inline void ode_rhs_adjoint(int n, const double *x, const double *y,
                            const double *zb, double *xb, double *yb) {
  xb[0] += zb[0];
  for (int i = 1; i < n; i++)
    xb[i] += zb[i] * y[i - 1];
  for (int i = 0; i < n - 1; i++)
    yb[i] = zb[i + 1] * x[i + 1];
  yb[n - 1] = 0;
}

/// y_out: the final y (n values); grad: d y_out[n-1] / dx (n values).
inline void ode_last_gradient(int n, int s, const double *x, double *y_out,
                              double *grad) {
  const double tf = 2.0;
  const double h = tf / s;
  std::vector<double> stored(4 * n * s);
  std::vector<double> k1(n), k2(n), k3(n), k4(n);
  double *y = y_out;
  for (int i = 0; i < n; i++)
    y[i] = 0;
  // Forward sweep: as ode_objective, storing y, y2, y3, y4.
  for (int step = 0; step < s; step++) {
    double *y1 = &stored[(4 * step + 0) * n];
    double *y2 = &stored[(4 * step + 1) * n];
    double *y3 = &stored[(4 * step + 2) * n];
    double *y4 = &stored[(4 * step + 3) * n];
    for (int i = 0; i < n; i++)
      y1[i] = y[i];
    ode_rhs(n, x, y, k1.data());
    for (int i = 0; i < n; i++)
      y2[i] = y[i] + h / 2 * k1[i];
    ode_rhs(n, x, y2, k2.data());
    for (int i = 0; i < n; i++)
      y3[i] = y[i] + h / 2 * k2[i];
    ode_rhs(n, x, y3, k3.data());
    for (int i = 0; i < n; i++)
      y4[i] = y[i] + h * k3[i];
    ode_rhs(n, x, y4, k4.data());
    for (int i = 0; i < n; i++)
      y[i] = y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  // Reverse sweep.
  std::vector<double> yb(n, 0.0), kb1(n), kb2(n), kb3(n), kb4(n), tb(n);
  double *xb = grad;
  for (int i = 0; i < n; i++)
    xb[i] = 0;
  yb[n - 1] = 1;
  for (int step = s - 1; step >= 0; step--) {
    const double *y1 = &stored[(4 * step + 0) * n];
    const double *y2 = &stored[(4 * step + 1) * n];
    const double *y3 = &stored[(4 * step + 2) * n];
    const double *y4 = &stored[(4 * step + 3) * n];
    for (int i = 0; i < n; i++) {
      kb1[i] = h / 6 * yb[i];
      kb2[i] = h / 6 * 2 * yb[i];
      kb3[i] = h / 6 * 2 * yb[i];
      kb4[i] = h / 6 * yb[i];
    }
    ode_rhs_adjoint(n, x, y4, kb4.data(), xb, tb.data());
    for (int i = 0; i < n; i++) {
      yb[i] += tb[i];
      kb3[i] += h * tb[i];
    }
    ode_rhs_adjoint(n, x, y3, kb3.data(), xb, tb.data());
    for (int i = 0; i < n; i++) {
      yb[i] += tb[i];
      kb2[i] += h / 2 * tb[i];
    }
    ode_rhs_adjoint(n, x, y2, kb2.data(), xb, tb.data());
    for (int i = 0; i < n; i++) {
      yb[i] += tb[i];
      kb1[i] += h / 2 * tb[i];
    }
    ode_rhs_adjoint(n, x, y1, kb1.data(), xb, tb.data());
    for (int i = 0; i < n; i++)
      yb[i] += tb[i];
  }
}

//===----------------------------------------------------------------------===//
// GMM. The gradient of err w.r.t. (alphas, means, icf), laid out as
// J = [alphas (k) | means (k*d) | icf (k*icf_sz)], icf_sz = d(d+1)/2.
//
// For point i and component k let xc = x_i - mu_k, z = Q_k xc,
// main_k = alpha_k + sum(q_k) - 1/2 ||z||^2, and r_ik = exp(main_k - lse_i)
// (lse_i = logsumexp_k main_k) the posterior. The data term sum_i lse_i has
//   d/d alpha_k = sum_i r_ik,
//   d/d mu_k    = sum_i r_ik Q_k^T z          (d main / d xc = -Q^T z),
//   d/d q_kj    = sum_i r_ik (1 - z_j exp(q_kj) xc_j),
//   d/d L_k,rc  = -sum_i r_ik z_r xc_c       (row r > column c).
// -n logsumexp(alpha) adds -n softmax(alpha)_k to d/d alpha_k. The prior
// gamma^2/2 (||exp(q_k)||^2 + ||L_k||^2) - m sum(q_k) adds
// gamma^2 exp(2 q_kj) - m to d/d q_kj and gamma^2 L_k,rc to d/d L_k,rc; its
// normalising constant and the -n d/2 log(2 pi) term have no derivative.
//===----------------------------------------------------------------------===//

inline void gmm_gradient(int d, int k, int n, const double *alphas,
                         const double *means, const double *icf,
                         const double *x, Wishart wishart, double *err,
                         double *J) {
  const double CONSTANT = -n * d * 0.5 * std::log(2 * PI);
  int icf_sz = d * (d + 1) / 2;
  double *J_alphas = J;
  double *J_means = J + k;
  double *J_icf = J + k + k * d;
  for (int i = 0; i < k + k * d + k * icf_sz; i++)
    J[i] = 0;
  std::vector<double> Qdiags(d * k), sum_qs(k), xcentered(k * d),
      Qxcentered(k * d), main_term(k);
  preprocess_qs(d, k, icf, sum_qs.data(), Qdiags.data());
  double slse = 0;
  for (int ix = 0; ix < n; ix++) {
    for (int ik = 0; ik < k; ik++) {
      double *xc = &xcentered[ik * d];
      double *z = &Qxcentered[ik * d];
      subtract(d, &x[ix * d], &means[ik * d], xc);
      Qtimesx(d, &Qdiags[ik * d], &icf[ik * icf_sz + d], xc, z);
      main_term[ik] = alphas[ik] + sum_qs[ik] - 0.5 * sqnorm(d, z);
    }
    double lse = log_sum_exp(k, main_term.data());
    slse = slse + lse;
    for (int ik = 0; ik < k; ik++) {
      double r = std::exp(main_term[ik] - lse);
      const double *xc = &xcentered[ik * d];
      const double *z = &Qxcentered[ik * d];
      const double *Qdiag = &Qdiags[ik * d];
      const double *ltri = &icf[ik * icf_sz + d];
      double *g_mu = &J_means[ik * d];
      double *g_q = &J_icf[ik * icf_sz];
      double *g_L = g_q + d;
      J_alphas[ik] += r;
      for (int j = 0; j < d; j++) {
        g_mu[j] += r * Qdiag[j] * z[j];
        g_q[j] += r * (1 - z[j] * Qdiag[j] * xc[j]);
      }
      int Lparamsidx = 0;
      for (int col = 0; col < d; col++)
        for (int row = col + 1; row < d; row++) {
          g_mu[col] += r * ltri[Lparamsidx] * z[row];
          g_L[Lparamsidx] -= r * z[row] * xc[col];
          Lparamsidx++;
        }
    }
  }
  double lse_alphas = log_sum_exp(k, alphas);
  for (int ik = 0; ik < k; ik++)
    J_alphas[ik] -= n * std::exp(alphas[ik] - lse_alphas);
  double g2 = wishart.gamma * wishart.gamma;
  for (int ik = 0; ik < k; ik++) {
    const double *Qdiag = &Qdiags[ik * d];
    const double *ltri = &icf[ik * icf_sz + d];
    double *g_q = &J_icf[ik * icf_sz];
    double *g_L = g_q + d;
    for (int j = 0; j < d; j++)
      g_q[j] += g2 * Qdiag[j] * Qdiag[j] - wishart.m;
    for (int j = 0; j < icf_sz - d; j++)
      g_L[j] += g2 * ltri[j];
  }
  *err = CONSTANT + slse - n * lse_alphas;
  *err = *err +
         log_wishart_prior(d, k, wishart, sum_qs.data(), Qdiags.data(), icf);
}

} // namespace objectives

#endif // TANGENT_BENCHMARKS_OBJECTIVES_HAND_HPP
