//===- benchmarks/objectives/objectives.hpp - ADBench/GradBench objectives ===//
///
/// \file
/// The objective functions of the ADBench and GradBench AD benchmark suites,
/// written from their mathematical definitions in the C-style C++ those
/// suites use: function templates over the scalar type `T`, raw pointers and
/// sizes, results returned through `T *err` / `T *out`, helpers that take
/// sub-arrays by address, local C arrays and `std::vector<T>` scratch buffers
/// passed as `.data()`. Data that is not differentiated (observations,
/// indices, sizes) is `const double *`, `const int *` or `int`.
///
/// | objective        | differentiated          | derivative asked for     |
/// |------------------|-------------------------|--------------------------|
/// | gmm_objective    | alphas, means, icf      | gradient                 |
/// | ba_objective     | cams, X, w              | sparse Jacobian (2x15,1) |
/// | lstm_objective   | main_params, extra      | gradient                 |
/// | hand_objective   | theta                   | Jacobian 3*npts x 26     |
/// | llsq_objective   | x                       | gradient                 |
/// | lse_objective    | x                       | gradient                 |
/// | det_objective    | a                       | gradient                 |
/// | ode_objective    | x                       | gradient of y_out[n-1]   |
/// | kmeans_objective | centroids               | gradient, Hessian diag.  |
///
/// Inputs: inputs.hpp. Hand-written derivatives: hand.hpp. Dual numbers for
/// forward-mode references: dual.hpp (include it before this header).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_BENCHMARKS_OBJECTIVES_OBJECTIVES_HPP
#define TANGENT_BENCHMARKS_OBJECTIVES_OBJECTIVES_HPP

#include <cmath>
#include <vector>

namespace objectives {

const double PI = 3.14159265358979323846;

//===----------------------------------------------------------------------===//
// GMM: Gaussian mixture model with a Wishart prior (ADBench)
//
// d dimensions, k components, n points x_i. Component k has weight alpha_k,
// mean mu_k and inverse covariance factor Q_k = diag(exp(q_k)) + L_k, L_k
// strictly lower triangular; icf_k = (q_k: d entries, then L_k: d(d-1)/2
// entries column by column), icf_sz = d(d+1)/2.
//   err = -n*d/2*log(2 pi)
//       + sum_i logsumexp_k(alpha_k + sum(q_k) - 1/2 ||Q_k (x_i - mu_k)||^2)
//       - n * logsumexp(alpha)
//       + sum_k (gamma^2/2 (||exp(q_k)||^2 + ||L_k||^2) - m sum(q_k)) - k*C
// with C = N d (log gamma - log(2)/2) - log Gamma_d(N/2), N = d + m + 1, and
// log Gamma_d(a) = d(d-1)/4 log(pi) + sum_{j=1..d} lgamma(a + (1-j)/2).
//===----------------------------------------------------------------------===//

typedef struct {
  double gamma;
  int m;
} Wishart;

template <class T> T arr_max(int n, const T *x) {
  T m = x[0];
  for (int i = 1; i < n; i++)
    if (m < x[i])
      m = x[i];
  return m;
}

template <class T> T sqnorm(int n, const T *x) {
  T res = 0;
  for (int i = 0; i < n; i++)
    res = res + x[i] * x[i];
  return res;
}

/// out = x - y.
template <class T, class U>
void subtract(int d, const U *x, const T *y, T *out) {
  for (int id = 0; id < d; id++)
    out[id] = x[id] - y[id];
}

template <class T> T log_sum_exp(int n, const T *x) {
  T mx = arr_max(n, x);
  T semx = 0;
  for (int i = 0; i < n; i++)
    semx = semx + std::exp(x[i] - mx);
  return std::log(semx) + mx;
}

/// The log of the multivariate gamma function Gamma_p(a).
inline double log_gamma_distrib(double a, int p) {
  double out = 0.25 * p * (p - 1) * std::log(PI);
  for (int j = 1; j <= p; j++)
    out = out + std::lgamma(a + 0.5 * (1 - j));
  return out;
}

template <class T>
T log_wishart_prior(int p, int k, Wishart wishart, const T *sum_qs,
                    const T *Qdiags, const T *icf) {
  int n = p + wishart.m + 1;
  int icf_sz = p * (p + 1) / 2;
  double C = n * p * (std::log(wishart.gamma) - 0.5 * std::log(2.0)) -
             log_gamma_distrib(0.5 * n, p);
  T out = 0;
  for (int ik = 0; ik < k; ik++) {
    T frobenius =
        sqnorm(p, &Qdiags[ik * p]) + sqnorm(icf_sz - p, &icf[ik * icf_sz + p]);
    out = out + 0.5 * wishart.gamma * wishart.gamma * frobenius -
          wishart.m * sum_qs[ik];
  }
  return out - k * C;
}

/// sum_qs[k] = sum(q_k), Qdiags[k*d + i] = exp(q_k[i]).
template <class T>
void preprocess_qs(int d, int k, const T *icf, T *sum_qs, T *Qdiags) {
  int icf_sz = d * (d + 1) / 2;
  for (int ik = 0; ik < k; ik++) {
    sum_qs[ik] = 0;
    for (int id = 0; id < d; id++) {
      T q = icf[ik * icf_sz + id];
      sum_qs[ik] = sum_qs[ik] + q;
      Qdiags[ik * d + id] = std::exp(q);
    }
  }
}

/// out = (diag(Qdiag) + L) x, L strictly lower triangular, column by column.
template <class T>
void Qtimesx(int d, const T *Qdiag, const T *ltri, const T *x, T *out) {
  for (int id = 0; id < d; id++)
    out[id] = Qdiag[id] * x[id];
  int Lparamsidx = 0;
  for (int i = 0; i < d; i++)
    for (int j = i + 1; j < d; j++) {
      out[j] = out[j] + ltri[Lparamsidx] * x[i];
      Lparamsidx++;
    }
}

template <class T>
void gmm_objective(int d, int k, int n, const T *alphas, const T *means,
                   const T *icf, const double *x, Wishart wishart, T *err) {
  const double CONSTANT = -n * d * 0.5 * std::log(2 * PI);
  int icf_sz = d * (d + 1) / 2;
  std::vector<T> Qdiags(d * k), sum_qs(k), xcentered(d), Qxcentered(d),
      main_term(k);
  preprocess_qs(d, k, icf, sum_qs.data(), Qdiags.data());
  T slse = 0;
  for (int ix = 0; ix < n; ix++) {
    for (int ik = 0; ik < k; ik++) {
      subtract(d, &x[ix * d], &means[ik * d], xcentered.data());
      Qtimesx(d, &Qdiags[ik * d], &icf[ik * icf_sz + d], xcentered.data(),
              Qxcentered.data());
      main_term[ik] =
          alphas[ik] + sum_qs[ik] - 0.5 * sqnorm(d, Qxcentered.data());
    }
    slse = slse + log_sum_exp(k, main_term.data());
  }
  T lse_alphas = log_sum_exp(k, alphas);
  *err = CONSTANT + slse - n * lse_alphas;
  *err = *err +
         log_wishart_prior(d, k, wishart, sum_qs.data(), Qdiags.data(), icf);
}

//===----------------------------------------------------------------------===//
// BA: bundle adjustment (ADBench)
//
// A camera is 11 parameters: angle-axis rotation r (0..2), centre C (3..5),
// focal length f (6), principal point x0 (7..8), radial distortion kappa
// (9..10). For an observation of point X by camera cam with weight w and
// feature (measured projection) u:
//   Xcam = R(r) (X - C)            (Rodrigues; X + r x (X - C) if r = 0)
//   p    = Xcam[0..1] / Xcam[2]
//   p    = p (1 + kappa_0 |p|^2 + kappa_1 |p|^4)
//   reproj_err = w (f p + x0 - u)  (2 values)
//   w_err      = 1 - w^2           (1 value, Zach's robustifier)
// obs holds p pairs (camera index, point index).
//===----------------------------------------------------------------------===//

enum {
  BA_NCAMPARAMS = 11,
  BA_ROT_IDX = 0,
  BA_C_IDX = 3,
  BA_F_IDX = 6,
  BA_X0_IDX = 7,
  BA_RAD_IDX = 9
};

template <class T> T sqsum(int n, const T *x) {
  T res = 0;
  for (int i = 0; i < n; i++)
    res = res + x[i] * x[i];
  return res;
}

template <class T> void cross(const T *a, const T *b, T *out) {
  out[0] = a[1] * b[2] - a[2] * b[1];
  out[1] = a[2] * b[0] - a[0] * b[2];
  out[2] = a[0] * b[1] - a[1] * b[0];
}

template <class T>
void rodrigues_rotate_point(const T *rot, const T *X, T *rotatedPt) {
  T sqtheta = sqsum(3, rot);
  if (sqtheta != 0) {
    T theta = std::sqrt(sqtheta);
    T costheta = std::cos(theta);
    T sintheta = std::sin(theta);
    T theta_inverse = 1.0 / theta;
    T w[3];
    for (int i = 0; i < 3; i++)
      w[i] = rot[i] * theta_inverse;
    T w_cross_X[3];
    cross(w, X, w_cross_X);
    T tmp = (1. - costheta) * (w[0] * X[0] + w[1] * X[1] + w[2] * X[2]);
    for (int i = 0; i < 3; i++)
      rotatedPt[i] = X[i] * costheta + w_cross_X[i] * sintheta + w[i] * tmp;
  } else {
    T rot_cross_X[3];
    cross(rot, X, rot_cross_X);
    for (int i = 0; i < 3; i++)
      rotatedPt[i] = X[i] + rot_cross_X[i];
  }
}

template <class T> void radial_distort(const T *rad_params, T *proj) {
  T rsq = sqsum(2, proj);
  T L = 1. + rad_params[0] * rsq + rad_params[1] * rsq * rsq;
  proj[0] = proj[0] * L;
  proj[1] = proj[1] * L;
}

template <class T> void project(const T *cam, const T *X, T *proj) {
  const T *C = &cam[BA_C_IDX];
  T Xo[3], Xcam[3];
  subtract(3, X, C, Xo);
  rodrigues_rotate_point(&cam[BA_ROT_IDX], Xo, Xcam);
  proj[0] = Xcam[0] / Xcam[2];
  proj[1] = Xcam[1] / Xcam[2];
  radial_distort(&cam[BA_RAD_IDX], proj);
  proj[0] = proj[0] * cam[BA_F_IDX] + cam[BA_X0_IDX + 0];
  proj[1] = proj[1] * cam[BA_F_IDX] + cam[BA_X0_IDX + 1];
}

template <class T>
void compute_reproj_error(const T *cam, const T *X, const T *w,
                          const double *feat, T *err) {
  T proj[2];
  project(cam, X, proj);
  err[0] = (*w) * (proj[0] - feat[0]);
  err[1] = (*w) * (proj[1] - feat[1]);
}

template <class T> void compute_zach_weight_error(const T *w, T *err) {
  *err = 1. - (*w) * (*w);
}

/// n cameras (11 each), m points (3 each), p observations; reproj_err has
/// 2p entries, w_err p.
template <class T>
void ba_objective(int n, int m, int p, const T *cams, const T *X, const T *w,
                  const int *obs, const double *feats, T *reproj_err,
                  T *w_err) {
  (void)n; // the sizes of cams and X; obs indexes them
  (void)m;
  for (int i = 0; i < p; i++) {
    int camIdx = obs[i * 2 + 0];
    int ptIdx = obs[i * 2 + 1];
    compute_reproj_error(&cams[camIdx * BA_NCAMPARAMS], &X[ptIdx * 3], &w[i],
                         &feats[i * 2], &reproj_err[2 * i]);
  }
  for (int i = 0; i < p; i++)
    compute_zach_weight_error(&w[i], &w_err[i]);
}

//===----------------------------------------------------------------------===//
// LSTM (ADBench)
//
// l layers of b cells; c steps of a sequence of b-vectors. Layer j has
// weights W = main_params[8bj .. 8bj+4b) and biases B = main_params[8bj+4b ..
// 8bj+8b), four b-blocks each (forget, input, output gate, change); its state
// is hidden = state[2bj ..), cell = state[2bj+b ..). One cell update, input x:
//   forget  = sigmoid(x * W0 + B0),   ingate = sigmoid(hidden * W1 + B1),
//   outgate = sigmoid(x * W2 + B2),   change = tanh(hidden * W3 + B3),
//   cell = cell * forget + ingate * change, hidden = outgate * tanh(cell)
// (elementwise). A prediction weights the input by extra_params[0..b), runs
// the layers (each layer's input is the previous layer's hidden), and maps
// the last hidden h to h * extra_params[b..2b) + extra_params[2b..3b).
//   loss = -(1 / ((c-1) b)) sum_{t<c-1} sum_i seq[t+1][i] * (ypred_t[i] -
//   lse_t)
// with lse_t = log(sum_i exp(ypred_t[i]) + 2) (ADBench's logsumexp, "+ 2"
// included). state (2lb values) is updated in place.
//===----------------------------------------------------------------------===//

template <class T> T sigmoid(T x) { return 1.0 / (1.0 + std::exp(-x)); }

/// ADBench's LSTM log-sum-exp: log(sum exp(x_i) + 2).
template <class T> T lstm_logsumexp(const T *vect, int sz) {
  T sum = 0;
  for (int i = 0; i < sz; i++)
    sum = sum + std::exp(vect[i]);
  sum = sum + 2;
  return std::log(sum);
}

template <class T>
void lstm_model(int hsize, const T *weight, const T *bias, T *hidden, T *cell,
                const T *input) {
  std::vector<T> gates(4 * hsize);
  T *forget = &gates[0];
  T *ingate = &gates[hsize];
  T *outgate = &gates[2 * hsize];
  T *change = &gates[3 * hsize];
  for (int i = 0; i < hsize; i++) {
    forget[i] = sigmoid(input[i] * weight[i] + bias[i]);
    ingate[i] = sigmoid(hidden[i] * weight[hsize + i] + bias[hsize + i]);
    outgate[i] =
        sigmoid(input[i] * weight[2 * hsize + i] + bias[2 * hsize + i]);
    change[i] =
        std::tanh(hidden[i] * weight[3 * hsize + i] + bias[3 * hsize + i]);
  }
  for (int i = 0; i < hsize; i++)
    cell[i] = cell[i] * forget[i] + ingate[i] * change[i];
  for (int i = 0; i < hsize; i++)
    hidden[i] = outgate[i] * std::tanh(cell[i]);
}

template <class T>
void lstm_predict(int l, int b, const T *w, const T *w2, T *s, const double *x,
                  T *x2) {
  for (int i = 0; i < b; i++)
    x2[i] = x[i] * w2[i];
  const T *xp = x2;
  for (int i = 0; i <= 2 * l * b - 1; i += 2 * b) {
    lstm_model(b, &w[i * 4], &w[(i + b) * 4], &s[i], &s[i + b], xp);
    xp = &s[i];
  }
  for (int i = 0; i < b; i++)
    x2[i] = xp[i] * w2[b + i] + w2[2 * b + i];
}

template <class T>
void lstm_objective(int l, int c, int b, const T *main_params,
                    const T *extra_params, T *state, const double *sequence,
                    T *loss) {
  T total = 0;
  int count = 0;
  const double *input = &sequence[0];
  std::vector<T> ypred(b), ynorm(b);
  for (int t = 0; t <= (c - 1) * b - 1; t += b) {
    lstm_predict(l, b, main_params, extra_params, state, input, ypred.data());
    T lse = lstm_logsumexp(ypred.data(), b);
    for (int i = 0; i < b; i++)
      ynorm[i] = ypred[i] - lse;
    const double *ygold = &sequence[t + b];
    for (int i = 0; i < b; i++)
      total = total + ygold[i] * ynorm[i];
    count += b;
    input = ygold;
  }
  *loss = -total / count;
}

//===----------------------------------------------------------------------===//
// HT: hand tracking, simple variant (ADBench)
//
// theta (26): global rotation (angle-axis, 0..2), global translation (3..5),
// then for each of 5 fingers 4 angles: 2 for its first articulated bone
// (flexion, abduction), 1 for each of the next two; the fingertip bone and
// the two root bones are not posed. Bones: 0, 1 (root, palm), then finger f
// is bones 2+4f .. 5+4f, each child of the previous one. theta is spread
// into pose_params, a 3 x (n_bones + 3) column-major matrix: column 0 the
// global rotation, 1 the global scale (ones), 2 the translation, 3 + i the
// Euler angles (x, z, y) of bone i.
//   relative_i  = base_relative_i * [Rz(a1) Ry(a2) Rx(a0), 0; 0, 1]
//   absolute_i  = absolute_parent(i) * relative_i       (root: relative_0)
//   transform_i = absolute_i * inverse_base_absolute_i
//   v_j = sum_i weight(i, j) (transform_i * base_position_j)[0..2]
//   v_j = R(theta[0..2]) diag(scale) v_j + theta[3..5]
//   err[3i + c] = points[3i + c] - v_{correspondences[i]}[c]
// All 4x4 matrices are column-major (m[col*4 + row]).
//===----------------------------------------------------------------------===//

/// The hand model: plain data, not differentiated.
struct HandModel {
  int n_bones;
  int n_vertices;
  std::vector<int> parents;                   ///< n_bones, -1 for the root
  std::vector<double> base_relatives;         ///< n_bones 4x4 matrices
  std::vector<double> inverse_base_absolutes; ///< n_bones 4x4 matrices
  std::vector<double> base_positions;         ///< 4 x n_vertices (w = 1)
  std::vector<double> weights;                ///< n_bones x n_vertices
};

enum { HAND_NTHETA = 26, HAND_NFINGERS = 5, HAND_POSE_OFFSET = 3 };

/// out = a * b for column-major 4x4 matrices (out aliases neither).
template <class T, class A, class B>
void mat4_mul(const A *a, const B *b, T *out) {
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 4; i++) {
      T s = 0;
      for (int l = 0; l < 4; l++)
        s = s + a[l * 4 + i] * b[j * 4 + l];
      out[j * 4 + i] = s;
    }
}

/// R (3x3, column-major) of an angle-axis vector; identity below 1e-4.
template <class T>
void angle_axis_to_rotation_matrix(const T *angle_axis, T *R) {
  T norm = std::sqrt(sqsum(3, angle_axis));
  if (norm < .0001) {
    for (int i = 0; i < 9; i++)
      R[i] = 0;
    R[0] = 1;
    R[4] = 1;
    R[8] = 1;
    return;
  }
  T x = angle_axis[0] / norm;
  T y = angle_axis[1] / norm;
  T z = angle_axis[2] / norm;
  T s = std::sin(norm);
  T c = std::cos(norm);
  R[0 * 3 + 0] = x * x + (1 - x * x) * c;
  R[1 * 3 + 0] = x * y * (1 - c) - z * s;
  R[2 * 3 + 0] = x * z * (1 - c) + y * s;
  R[0 * 3 + 1] = x * y * (1 - c) + z * s;
  R[1 * 3 + 1] = y * y + (1 - y * y) * c;
  R[2 * 3 + 1] = y * z * (1 - c) - x * s;
  R[0 * 3 + 2] = x * z * (1 - c) - y * s;
  R[1 * 3 + 2] = z * y * (1 - c) + x * s;
  R[2 * 3 + 2] = z * z + (1 - z * z) * c;
}

/// R = Rz(tz) Ry(ty) Rx(tx) (3x3, column-major), xzy = (tx, tz, ty).
template <class T> void euler_angles_to_rotation_matrix(const T *xzy, T *R) {
  T tx = xzy[0], ty = xzy[2], tz = xzy[1];
  T Rx[9], Ry[9], Rz[9], Rzy[9];
  for (int i = 0; i < 9; i++) {
    Rx[i] = 0;
    Ry[i] = 0;
    Rz[i] = 0;
  }
  Rx[0] = 1;
  Rx[4] = std::cos(tx);
  Rx[5] = std::sin(tx);
  Rx[7] = -std::sin(tx);
  Rx[8] = std::cos(tx);
  Ry[0] = std::cos(ty);
  Ry[2] = -std::sin(ty);
  Ry[4] = 1;
  Ry[6] = std::sin(ty);
  Ry[8] = std::cos(ty);
  Rz[0] = std::cos(tz);
  Rz[1] = std::sin(tz);
  Rz[3] = -std::sin(tz);
  Rz[4] = std::cos(tz);
  Rz[8] = 1;
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 3; i++) {
      T s = 0;
      for (int l = 0; l < 3; l++)
        s = s + Rz[l * 3 + i] * Ry[j * 3 + l];
      Rzy[j * 3 + i] = s;
    }
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 3; i++) {
      T s = 0;
      for (int l = 0; l < 3; l++)
        s = s + Rzy[l * 3 + i] * Rx[j * 3 + l];
      R[j * 3 + i] = s;
    }
}

/// Spreads theta (26) into pose_params (3 x (n_bones + 3), column-major).
template <class T>
void to_pose_params(const T *theta, int n_bones, T *pose_params) {
  for (int i = 0; i < 3 * (n_bones + HAND_POSE_OFFSET); i++)
    pose_params[i] = 0;
  for (int i = 0; i < 3; i++) {
    pose_params[0 * 3 + i] = theta[i];
    pose_params[1 * 3 + i] = 1.0;
    pose_params[2 * 3 + i] = theta[3 + i];
  }
  int i_theta = 6;
  int i_pose_params = HAND_POSE_OFFSET + 2;
  for (int finger = 0; finger < HAND_NFINGERS; finger++) {
    for (int i = 2; i <= 4; i++) {
      pose_params[i_pose_params * 3 + 0] = theta[i_theta];
      i_theta++;
      if (i == 2) {
        pose_params[i_pose_params * 3 + 1] = theta[i_theta];
        i_theta++;
      }
      i_pose_params++;
    }
    i_pose_params++;
  }
}

template <class T>
void get_posed_relatives(int n_bones, const double *base_relatives,
                         const T *pose_params, T *relatives) {
  for (int i = 0; i < n_bones; i++) {
    T R[9];
    euler_angles_to_rotation_matrix(&pose_params[(i + HAND_POSE_OFFSET) * 3],
                                    R);
    T tr[16];
    for (int j = 0; j < 16; j++)
      tr[j] = 0;
    for (int col = 0; col < 3; col++)
      for (int row = 0; row < 3; row++)
        tr[col * 4 + row] = R[col * 3 + row];
    tr[15] = 1;
    mat4_mul(&base_relatives[i * 16], tr, &relatives[i * 16]);
  }
}

template <class T>
void relatives_to_absolutes(int n_bones, const int *parents, const T *relatives,
                            T *absolutes) {
  for (int i = 0; i < n_bones; i++) {
    if (parents[i] == -1) {
      for (int j = 0; j < 16; j++)
        absolutes[i * 16 + j] = relatives[i * 16 + j];
    } else {
      mat4_mul(&absolutes[parents[i] * 16], &relatives[i * 16],
               &absolutes[i * 16]);
    }
  }
}

/// positions: 3 x n_vertices, column-major.
template <class T>
void get_skinned_vertex_positions(const HandModel &model, const T *pose_params,
                                  T *positions) {
  int nb = model.n_bones;
  std::vector<T> relatives(16 * nb), absolutes(16 * nb), transforms(16 * nb);
  get_posed_relatives(nb, model.base_relatives.data(), pose_params,
                      relatives.data());
  relatives_to_absolutes(nb, model.parents.data(), relatives.data(),
                         absolutes.data());
  for (int i = 0; i < nb; i++)
    mat4_mul(&absolutes[i * 16], &model.inverse_base_absolutes[i * 16],
             &transforms[i * 16]);
  for (int j = 0; j < 3 * model.n_vertices; j++)
    positions[j] = 0;
  for (int i = 0; i < nb; i++) {
    const T *tr = &transforms[i * 16];
    for (int v = 0; v < model.n_vertices; v++) {
      double weight = model.weights[v * nb + i];
      const double *bp = &model.base_positions[v * 4];
      for (int row = 0; row < 3; row++) {
        T s = 0;
        for (int l = 0; l < 4; l++)
          s = s + tr[l * 4 + row] * bp[l];
        positions[v * 3 + row] = positions[v * 3 + row] + weight * s;
      }
    }
  }
}

/// positions = R(pose_params col 0) diag(col 1) positions + col 2.
template <class T>
void apply_global_transform(const T *pose_params, int n_vertices,
                            T *positions) {
  T R[9];
  angle_axis_to_rotation_matrix(&pose_params[0], R);
  for (int col = 0; col < 3; col++)
    for (int row = 0; row < 3; row++)
      R[col * 3 + row] = R[col * 3 + row] * pose_params[3 + col];
  const T *t = &pose_params[6];
  T *p = positions;
  for (int v = 0; v < n_vertices; v++) {
    T tmp[3];
    for (int row = 0; row < 3; row++) {
      tmp[row] = t[row];
      for (int l = 0; l < 3; l++)
        tmp[row] = tmp[row] + R[l * 3 + row] * p[l];
    }
    for (int row = 0; row < 3; row++)
      p[row] = tmp[row];
    p += 3;
  }
}

/// err: 3 * npts values.
template <class T>
void hand_objective(const T *theta, const HandModel &model,
                    const int *correspondences, int npts, const double *points,
                    T *err) {
  std::vector<T> pose_params(3 * (model.n_bones + HAND_POSE_OFFSET));
  to_pose_params(theta, model.n_bones, pose_params.data());
  std::vector<T> vertex_positions(3 * model.n_vertices);
  get_skinned_vertex_positions(model, pose_params.data(),
                               vertex_positions.data());
  apply_global_transform(pose_params.data(), model.n_vertices,
                         vertex_positions.data());
  for (int i = 0; i < npts; i++)
    for (int j = 0; j < 3; j++)
      err[i * 3 + j] =
          points[i * 3 + j] - vertex_positions[correspondences[i] * 3 + j];
}

//===----------------------------------------------------------------------===//
// LLSQ: linear least squares (GradBench)
//
// t_i = -1 + 2i/(m-1), s_i = sign(t_i) (0 at 0), i < m (m >= 2):
//   out = 1/2 sum_i (s_i - sum_{j<n} x_j t_i^j)^2
//===----------------------------------------------------------------------===//

inline double llsq_t(int i, int m) { return -1 + i * 2.0 / (m - 1); }

inline double llsq_s(double t) { return t > 0 ? 1.0 : (t < 0 ? -1.0 : 0.0); }

template <class T> void llsq_objective(int n, int m, const T *x, T *out) {
  T sum = 0;
  for (int i = 0; i < m; i++) {
    double ti = llsq_t(i, m);
    T mul = 0;
    double tj = 1;
    for (int j = 0; j < n; j++) {
      mul = mul + x[j] * tj;
      tj = tj * ti;
    }
    T r = llsq_s(ti) - mul;
    sum = sum + r * r;
  }
  *out = 0.5 * sum;
}

//===----------------------------------------------------------------------===//
// LSE: log-sum-exp (GradBench)
//
//   out = log(sum_i exp(x_i - max x)) + max x
//===----------------------------------------------------------------------===//

template <class T> void lse_objective(int n, const T *x, T *out) {
  T mx = arr_max(n, x);
  T s = 0;
  for (int i = 0; i < n; i++)
    s = s + std::exp(x[i] - mx);
  *out = std::log(s) + mx;
}

//===----------------------------------------------------------------------===//
// DET: determinant by expansion in minors (GradBench, after CppAD's
// det_by_minor)
//
// a is ell x ell, row-major. A minor is described by linked lists of the rows
// and columns it keeps: r[ell] is its first row, r[i] the row after row i
// (likewise c); det(minor) = sum_j (-1)^j a[R0][C_j] det(minor without R0 and
// C_j), R0 its first row and C_j its j-th column.
//===----------------------------------------------------------------------===//

/// The determinant of the n x n minor of the m x m matrix a given by r, c
/// (which are modified and restored).
template <class T> T det_of_minor(const T *a, int m, int n, int *r, int *c) {
  int R0 = r[m];
  if (n == 1)
    return a[R0 * m + c[m]];
  T detM = 0;
  int sign = 1;
  int Cj1 = m; // the column before Cj in the list (m: the list head)
  int Cj = c[m];
  for (int j = 0; j < n; j++) {
    T M0 = a[R0 * m + Cj];
    r[m] = r[R0];   // drop row R0
    c[Cj1] = c[Cj]; // drop column Cj
    T detS = det_of_minor(a, m, n - 1, r, c);
    c[Cj1] = Cj;
    r[m] = R0;
    T M = M0 * detS;
    if (sign > 0)
      detM = detM + M;
    else
      detM = detM - M;
    sign = -sign;
    Cj1 = Cj;
    Cj = c[Cj];
  }
  return detM;
}

template <class T> void det_objective(int ell, const T *a, T *out) {
  std::vector<int> r(ell + 1), c(ell + 1);
  for (int i = 0; i < ell; i++) {
    r[i] = i + 1;
    c[i] = i + 1;
  }
  r[ell] = 0;
  c[ell] = 0;
  *out = det_of_minor(a, ell, ell, r.data(), c.data());
}

//===----------------------------------------------------------------------===//
// ODE: explicit Runge-Kutta 4 (GradBench)
//
// y in R^n, y(0) = 0, dy_0/dt = x_0, dy_i/dt = x_i y_{i-1} (i > 0); s RK4
// steps of h = 2/s over t in [0, 2]:
//   k1 = f(y), k2 = f(y + h/2 k1), k3 = f(y + h/2 k2), k4 = f(y + h k3),
//   y <- y + h/6 (k1 + 2 k2 + 2 k3 + k4).
// y_out is the final y; the benchmark's gradient is that of y_out[n-1].
//===----------------------------------------------------------------------===//

template <class T> void ode_rhs(int n, const T *x, const T *y, T *z) {
  z[0] = x[0];
  for (int i = 1; i < n; i++)
    z[i] = x[i] * y[i - 1];
}

template <class T> void ode_objective(int n, int s, const T *x, T *y_out) {
  const double tf = 2.0;
  const double h = tf / s;
  std::vector<T> k1(n), k2(n), k3(n), k4(n), yt(n);
  T *y = y_out;
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int step = 0; step < s; step++) {
    ode_rhs(n, x, y, k1.data());
    for (int i = 0; i < n; i++)
      yt[i] = y[i] + h / 2 * k1[i];
    ode_rhs(n, x, yt.data(), k2.data());
    for (int i = 0; i < n; i++)
      yt[i] = y[i] + h / 2 * k2[i];
    ode_rhs(n, x, yt.data(), k3.data());
    for (int i = 0; i < n; i++)
      yt[i] = y[i] + h * k3[i];
    ode_rhs(n, x, yt.data(), k4.data());
    for (int i = 0; i < n; i++)
      y[i] = y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
}

//===----------------------------------------------------------------------===//
// KMEANS: k-means cost (GradBench)
//
// n points p_i and k centroids c_j in R^d (row-major):
//   out = sum_i min_j ||p_i - c_j||^2
//===----------------------------------------------------------------------===//

template <class T> T kmeans_sqdist(int d, const double *p, const T *c) {
  T res = 0;
  for (int l = 0; l < d; l++) {
    T diff = p[l] - c[l];
    res = res + diff * diff;
  }
  return res;
}

template <class T>
void kmeans_objective(int k, int n, int d, const double *points,
                      const T *centroids, T *out) {
  T cost = 0;
  const double *p = points;
  for (int i = 0; i < n; i++) {
    T best = kmeans_sqdist(d, p, centroids);
    for (int j = 1; j < k; j++) {
      T dist = kmeans_sqdist(d, p, centroids + j * d);
      if (dist < best)
        best = dist;
    }
    cost = cost + best;
    p += d;
  }
  *out = cost;
}

} // namespace objectives

#endif // TANGENT_BENCHMARKS_OBJECTIVES_OBJECTIVES_HPP
