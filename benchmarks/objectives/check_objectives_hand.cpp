//===- benchmarks/objectives/check_objectives_hand.cpp - check references -===//
///
/// \file
/// Checks the reference derivatives of the objectives (objectives.hpp) at
/// the small input sizes (inputs.hpp):
///   (a) dual-number directional derivatives (dual.hpp) against central
///       finite differences, for every input direction of the differentiated
///       parameters and every output; the dual values must equal the double
///       primal bitwise;
///   (b) the hand-written derivatives (hand.hpp) against finite differences
///       (the kmeans Hessian diagonal: finite differences of the hand
///       gradient) and against the dual numbers; their values must equal the
///       primal bitwise.
/// Errors are |a - b| / max(1, |b|), b the finite-difference (or dual)
/// value. Prints one line per objective and exits non-zero on any failure.
//===----------------------------------------------------------------------===//
#include "dual.hpp" // before objectives.hpp (see dual.hpp)
#include "hand.hpp"
#include "inputs.hpp"
#include "objectives.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

// Every objective instantiated with T = double and T = dual, so that the
// templates are type-checked whether or not the checks below use them.
namespace objectives {
#define OBJECTIVES_INSTANTIATE(T)                                              \
  template void gmm_objective<T>(int, int, int, const T *, const T *,          \
                                 const T *, const double *, Wishart, T *);     \
  template void ba_objective<T>(int, int, int, const T *, const T *,           \
                                const T *, const int *, const double *, T *,   \
                                T *);                                          \
  template void lstm_objective<T>(int, int, int, const T *, const T *, T *,    \
                                  const double *, T *);                        \
  template void hand_objective<T>(const T *, const HandModel &, const int *,   \
                                  int, const double *, T *);                   \
  template void llsq_objective<T>(int, int, const T *, T *);                   \
  template void lse_objective<T>(int, const T *, T *);                         \
  template void det_objective<T>(int, const T *, T *);                         \
  template void ode_objective<T>(int, int, const T *, T *);                    \
  template void kmeans_objective<T>(int, int, int, const double *, const T *,  \
                                    T *);
OBJECTIVES_INSTANTIATE(double)
OBJECTIVES_INSTANTIATE(dual)
#undef OBJECTIVES_INSTANTIATE
} // namespace objectives

namespace {

using objectives::dual;
using vec = std::vector<double>;
namespace in = objectives::inputs;

const double fd_rel_step = 1e-6;
const double tolerance = 1e-6;

double error_of(double value, double reference) {
  double e = std::abs(value - reference) / std::max(1.0, std::abs(reference));
  return std::isnan(e) ? INFINITY : e;
}

double max_error(const vec &value, const vec &reference) {
  double e = value.size() == reference.size() ? 0.0 : INFINITY;
  for (int i = 0; i < (int)std::min(value.size(), reference.size()); i++)
    e = std::max(e, error_of(value[i], reference[i]));
  return e;
}

/// An objective seen as R^np -> R^nout: f(p, out) for p, out of
/// std::vector<T>, T = double or dual.
template <class F> struct vector_function {
  F f;
  int nout;
  vec eval(const vec &p) const {
    vec out(nout);
    f(p, out);
    return out;
  }
};

template <class F> vector_function<F> make_function(F f, int nout) {
  return vector_function<F>{f, nout};
}

/// The Jacobian (column-major, nout x np) by central differences.
template <class F> vec fd_jacobian(const vector_function<F> &f, const vec &p) {
  int np = p.size();
  vec J(f.nout * np);
  for (int j = 0; j < np; j++) {
    double h = fd_rel_step * std::max(1.0, std::abs(p[j]));
    vec pp = p, pm = p;
    pp[j] += h;
    pm[j] -= h;
    vec op = f.eval(pp), om = f.eval(pm);
    for (int i = 0; i < f.nout; i++)
      J[j * f.nout + i] = (op[i] - om[i]) / (pp[j] - pm[j]);
  }
  return J;
}

/// The Jacobian (column-major) by dual numbers, one direction at a time; sets
/// values_equal to whether the dual values equal the double primal bitwise.
template <class F>
vec dual_jacobian(const vector_function<F> &f, const vec &p,
                  bool &values_equal) {
  int np = p.size();
  vec J(f.nout * np);
  vec primal = f.eval(p);
  values_equal = true;
  std::vector<dual> pd(np);
  for (int j = 0; j < np; j++)
    pd[j] = dual(p[j], 0);
  for (int j = 0; j < np; j++) {
    pd[j].d = 1;
    std::vector<dual> out(f.nout);
    f.f(pd, out);
    pd[j].d = 0;
    for (int i = 0; i < f.nout; i++) {
      J[j * f.nout + i] = out[i].d;
      if (!(out[i].v == primal[i]))
        values_equal = false;
    }
  }
  return J;
}

int failures = 0;

/// One line per objective: the maximal errors of its checks.
struct line {
  std::string name;
  std::string text;
  bool ok = true;
  explicit line(const char *objective) : name(objective) {}
  void add(const char *what, double error, double tol = tolerance) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s%s %.2e", text.empty() ? "" : ", ", what,
                  error);
    text += buf;
    if (!(error <= tol))
      ok = false;
  }
  void require(const char *what, bool condition) {
    if (!condition) {
      text += text.empty() ? "" : ", ";
      text += what;
      text += " FALSE";
      ok = false;
    }
  }
  ~line() {
    std::printf("%-7s: max error %s  %s\n", name.c_str(), text.c_str(),
                ok ? "ok" : "FAIL");
    if (!ok)
      failures++;
  }
};

/// Adds the dual-vs-FD check of f at p to l; returns the dual Jacobian.
template <class F>
vec check_dual(line &l, const vector_function<F> &f, const vec &p) {
  bool values_equal = false;
  vec Jd = dual_jacobian(f, p, values_equal);
  l.add("dual/FD", max_error(Jd, fd_jacobian(f, p)));
  l.require("dual value == primal", values_equal);
  return Jd;
}

vec concat(const vec &a, const vec &b, const vec &c = vec()) {
  vec r = a;
  r.insert(r.end(), b.begin(), b.end());
  r.insert(r.end(), c.begin(), c.end());
  return r;
}

//===----------------------------------------------------------------------===//
// The objectives
//===----------------------------------------------------------------------===//

void check_gmm() {
  line l{"gmm"};
  in::gmm_input g = in::make_gmm(in::preset::small);
  int na = g.k, nm = g.k * g.d;
  auto f = make_function(
      [&](const auto &p, auto &out) {
        objectives::gmm_objective(g.d, g.k, g.n, &p[0], &p[na], &p[na + nm],
                                  g.x.data(), g.wishart, &out[0]);
      },
      1);
  vec p = concat(g.alphas, g.means, g.icf);
  vec Jd = check_dual(l, f, p);
  vec J(p.size());
  double err;
  objectives::gmm_gradient(g.d, g.k, g.n, g.alphas.data(), g.means.data(),
                           g.icf.data(), g.x.data(), g.wishart, &err, J.data());
  l.add("hand/FD", max_error(J, fd_jacobian(f, p)));
  l.add("hand/dual", max_error(J, Jd));
  l.require("hand value == primal", err == f.eval(p)[0]);
}

void check_ba() {
  line l{"ba"};
  in::ba_input b = in::make_ba(in::preset::small);
  int nc = b.n * objectives::BA_NCAMPARAMS, nx = b.m * 3;
  auto f = make_function(
      [&](const auto &p, auto &out) {
        objectives::ba_objective(b.n, b.m, b.p, &p[0], &p[nc], &p[nc + nx],
                                 b.obs.data(), b.feats.data(), &out[0],
                                 &out[2 * b.p]);
      },
      3 * b.p);
  vec p = concat(b.cams, b.X, b.w);
  check_dual(l, f, p);
  // The 2x15 and 1x1 blocks of dual.hpp against FD of one observation.
  double block_error = 0;
  for (int i = 0; i < b.p; i++) {
    const double *cam = &b.cams[b.obs[2 * i] * objectives::BA_NCAMPARAMS];
    const double *X = &b.X[b.obs[2 * i + 1] * 3];
    const double *feat = &b.feats[2 * i];
    auto fr = make_function(
        [&](const auto &q, auto &out) {
          objectives::compute_reproj_error(&q[0], &q[11], &q[14], feat,
                                           &out[0]);
        },
        2);
    vec q(cam, cam + 11);
    q.insert(q.end(), X, X + 3);
    q.push_back(b.w[i]);
    vec J(30), e(2);
    objectives::ba_reproj_jacobian_dual(cam, X, &b.w[i], feat, e.data(),
                                        J.data());
    block_error = std::max(block_error, max_error(J, fd_jacobian(fr, q)));
    double we, wJ;
    objectives::ba_weight_jacobian_dual(&b.w[i], &we, &wJ);
    block_error = std::max(block_error, error_of(wJ, -2 * b.w[i]));
  }
  l.add("blocks/FD", block_error);
}

void check_lstm() {
  line l{"lstm"};
  in::lstm_input s = in::make_lstm(in::preset::small);
  int nmain = s.main_params.size();
  auto f = make_function(
      [&](const auto &p, auto &out) {
        using T = typename std::decay_t<decltype(p)>::value_type;
        std::vector<T> state(s.state.begin(), s.state.end());
        objectives::lstm_objective(s.l, s.c, s.b, &p[0], &p[nmain],
                                   state.data(), s.sequence.data(), &out[0]);
      },
      1);
  vec p = concat(s.main_params, s.extra_params);
  vec Jd = check_dual(l, f, p);
  vec g(p.size());
  double loss;
  objectives::lstm_gradient_dual(s.l, s.c, s.b, s.main_params.data(),
                                 s.extra_params.data(), s.state.data(),
                                 s.sequence.data(), &loss, g.data());
  l.add("gradient_dual/dual", max_error(g, Jd));
}

void check_hand() {
  line l{"ht"};
  in::hand_input h = in::make_hand(in::preset::small);
  auto f = make_function(
      [&](const auto &p, auto &out) {
        objectives::hand_objective(&p[0], h.model, h.correspondences.data(),
                                   h.npts, h.points.data(), &out[0]);
      },
      3 * h.npts);
  vec Jd = check_dual(l, f, h.theta);
  vec J(3 * h.npts * objectives::HAND_NTHETA), e(3 * h.npts);
  objectives::hand_jacobian_dual(h.theta.data(), h.model,
                                 h.correspondences.data(), h.npts,
                                 h.points.data(), e.data(), J.data());
  l.add("jacobian_dual/dual", max_error(J, Jd));
  // At theta = 0 (the rest pose) the skinned vertices are the base ones.
  vec zero(objectives::HAND_NTHETA, 0.0), e0 = f.eval(zero);
  double rest_error = 0;
  for (int i = 0; i < h.npts; i++)
    for (int j = 0; j < 3; j++)
      rest_error = std::max(
          rest_error,
          error_of(h.points[3 * i + j] - e0[3 * i + j],
                   h.model.base_positions[4 * h.correspondences[i] + j]));
  l.add("rest pose", rest_error, 1e-12);
}

void check_llsq() {
  line l{"llsq"};
  in::llsq_input s = in::make_llsq(in::preset::small);
  auto f = make_function(
      [&](const auto &p, auto &out) {
        objectives::llsq_objective(s.n, s.m, &p[0], &out[0]);
      },
      1);
  vec Jd = check_dual(l, f, s.x);
  vec g(s.n);
  double out;
  objectives::llsq_gradient(s.n, s.m, s.x.data(), &out, g.data());
  l.add("hand/FD", max_error(g, fd_jacobian(f, s.x)));
  l.add("hand/dual", max_error(g, Jd));
  l.require("hand value == primal", out == f.eval(s.x)[0]);
}

void check_lse() {
  line l{"lse"};
  in::lse_input s = in::make_lse(in::preset::small);
  auto f = make_function(
      [&](const auto &p, auto &out) {
        objectives::lse_objective(s.n, &p[0], &out[0]);
      },
      1);
  vec Jd = check_dual(l, f, s.x);
  vec g(s.n);
  double out;
  objectives::lse_gradient(s.n, s.x.data(), &out, g.data());
  l.add("hand/FD", max_error(g, fd_jacobian(f, s.x)));
  l.add("hand/dual", max_error(g, Jd));
  l.require("hand value == primal", out == f.eval(s.x)[0]);
}

/// The determinant by Gaussian elimination with partial pivoting.
double det_by_elimination(int ell, vec a) {
  double det = 1;
  for (int c = 0; c < ell; c++) {
    int piv = c;
    for (int r = c + 1; r < ell; r++)
      if (std::abs(a[r * ell + c]) > std::abs(a[piv * ell + c]))
        piv = r;
    if (piv != c) {
      for (int j = 0; j < ell; j++)
        std::swap(a[c * ell + j], a[piv * ell + j]);
      det = -det;
    }
    det *= a[c * ell + c];
    for (int r = c + 1; r < ell; r++) {
      double factor = a[r * ell + c] / a[c * ell + c];
      for (int j = c; j < ell; j++)
        a[r * ell + j] -= factor * a[c * ell + j];
    }
  }
  return det;
}

void check_det() {
  line l{"det"};
  in::det_input s = in::make_det(in::preset::small);
  auto f = make_function(
      [&](const auto &p, auto &out) {
        objectives::det_objective(s.ell, &p[0], &out[0]);
      },
      1);
  vec Jd = check_dual(l, f, s.a);
  vec g(s.a.size());
  double out;
  objectives::det_gradient_dual(s.ell, s.a.data(), &out, g.data());
  l.add("gradient_dual/dual", max_error(g, Jd));
  l.add("value/elimination", error_of(out, det_by_elimination(s.ell, s.a)),
        1e-12);
}

void check_ode() {
  line l{"ode"};
  in::ode_input s = in::make_ode(in::preset::small);
  auto f = make_function(
      [&](const auto &p, auto &out) {
        objectives::ode_objective(s.n, s.s, &p[0], &out[0]);
      },
      s.n);
  vec Jd = check_dual(l, f, s.x);
  vec g(s.n), y(s.n);
  objectives::ode_last_gradient(s.n, s.s, s.x.data(), y.data(), g.data());
  // Row n-1 of the (column-major) Jacobians.
  vec Jfd = fd_jacobian(f, s.x), fd_last(s.n), dual_last(s.n);
  for (int j = 0; j < s.n; j++) {
    fd_last[j] = Jfd[j * s.n + s.n - 1];
    dual_last[j] = Jd[j * s.n + s.n - 1];
  }
  l.add("hand/FD", max_error(g, fd_last));
  l.add("hand/dual", max_error(g, dual_last));
  l.require("hand value == primal", y == f.eval(s.x));
}

void check_kmeans() {
  line l{"kmeans"};
  in::kmeans_input s = in::make_kmeans(in::preset::small);
  auto f = make_function(
      [&](const auto &p, auto &out) {
        objectives::kmeans_objective(s.k, s.n, s.d, s.points.data(), &p[0],
                                     &out[0]);
      },
      1);
  vec Jd = check_dual(l, f, s.centroids);
  int nc = s.k * s.d;
  vec g(nc), hd(nc);
  double out;
  objectives::kmeans_gradient_hessian(s.k, s.n, s.d, s.points.data(),
                                      s.centroids.data(), &out, g.data(),
                                      hd.data());
  l.add("grad/FD", max_error(g, fd_jacobian(f, s.centroids)));
  l.add("grad/dual", max_error(g, Jd));
  // The Hessian diagonal: the diagonal of the FD Jacobian of the gradient.
  auto grad = make_function(
      [&](const vec &p, vec &gout) {
        vec hdummy(nc);
        double o;
        objectives::kmeans_gradient_hessian(s.k, s.n, s.d, s.points.data(),
                                            p.data(), &o, gout.data(),
                                            hdummy.data());
      },
      nc);
  vec H = fd_jacobian(grad, s.centroids), Hdiag(nc);
  for (int j = 0; j < nc; j++)
    Hdiag[j] = H[j * nc + j];
  l.add("hess_diag/FD", max_error(hd, Hdiag));
  l.require("hand value == primal", out == f.eval(s.centroids)[0]);
}

} // namespace

int main() {
  check_gmm();
  check_ba();
  check_lstm();
  check_hand();
  check_llsq();
  check_lse();
  check_det();
  check_ode();
  check_kmeans();
  std::printf("%s\n", failures ? "FAILED" : "all ok");
  return failures ? 1 : 0;
}
