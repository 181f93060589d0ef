//===- benchmarks/objectives/tangent_wrappers.hpp - what tangent sees -----===//
///
/// \file
/// The thin wrappers tangent differentiates: each calls one objective of
/// objectives.hpp unchanged, with `T = double`, passing its results back
/// the C way (`double e; objective(..., &e); return e;`) or through `double
/// *err` for the vector-valued ones (bundle adjustment, hand tracking),
/// whose Jacobians come from pullbacks seeded one output at a time. The
/// data (observations, models, sizes) are parameters that `wrt` leaves out.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_BENCHMARKS_OBJECTIVES_TANGENT_WRAPPERS_HPP
#define TANGENT_BENCHMARKS_OBJECTIVES_TANGENT_WRAPPERS_HPP

#include "objectives.hpp"

#include <tangent/grad.hpp>
#include <vector>

namespace wrappers {

using namespace objectives;

inline double gmm(const double *alphas, const double *means, const double *icf,
                  int d, int k, int n, const double *x, double gamma, int m) {
  Wishart wishart;
  wishart.gamma = gamma;
  wishart.m = m;
  double err;
  gmm_objective(d, k, n, alphas, means, icf, x, wishart, &err);
  return err;
}

inline void ba_reproj(const double *cam, const double *X, const double *w,
                      const double *feat, double *err) {
  compute_reproj_error(cam, X, w, feat, err);
}

inline void ba_weight(const double *w, double *err) {
  compute_zach_weight_error(w, err);
}

inline double lstm(const double *main_params, const double *extra_params, int l,
                   int c, int b, const double *state, const double *sequence) {
  std::vector<double> s(2 * l * b);
  for (int i = 0; i < 2 * l * b; i++)
    s[i] = state[i];
  double loss;
  lstm_objective(l, c, b, main_params, extra_params, s.data(), sequence, &loss);
  return loss;
}

inline void hand(const double *theta, const HandModel &model,
                 const int *correspondences, int npts, const double *points,
                 double *err) {
  hand_objective(theta, model, correspondences, npts, points, err);
}

inline double llsq(const double *x, int n, int m) {
  double out;
  llsq_objective(n, m, x, &out);
  return out;
}

inline double lse(const double *x, int n) {
  double out;
  lse_objective(n, x, &out);
  return out;
}

inline double det(const double *a, int ell) {
  double out;
  det_objective(ell, a, &out);
  return out;
}

/// The last component of the ODE's solution.
inline double ode(const double *x, int n, int s) {
  std::vector<double> y(n);
  ode_objective(n, s, x, y.data());
  return y[n - 1];
}

inline double kmeans(const double *centroids, int k, int n, int d,
                     const double *points) {
  double out;
  kmeans_objective(k, n, d, points, centroids, &out);
  return out;
}

/// k-means over vectors, for its Hessian (tangent::hessian sizes it).
inline double kmeans_of(const std::vector<double> &centroids, int k, int n,
                        int d, const std::vector<double> &points) {
  return kmeans(centroids.data(), k, n, d, points.data());
}

constexpr auto first = tangent::options{.wrt = tangent::wrt_params(0)};
constexpr auto first_two = tangent::options{.wrt = tangent::wrt_params(0, 1)};
constexpr auto first_three =
    tangent::options{.wrt = tangent::wrt_params(0, 1, 2)};
/// The vector-valued ones: their inputs, and the output pointer, whose
/// adjoint is the pullback's seed.
constexpr auto ba_reproj_wrt =
    tangent::options{.wrt = tangent::wrt_params(0, 1, 2, 4)};
constexpr auto hand_wrt = tangent::options{.wrt = tangent::wrt_params(0, 5)};

} // namespace wrappers

#endif // TANGENT_BENCHMARKS_OBJECTIVES_TANGENT_WRAPPERS_HPP
