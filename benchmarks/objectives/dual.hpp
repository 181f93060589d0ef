//===- benchmarks/objectives/dual.hpp - forward-mode dual numbers ---------===//
///
/// \file
/// A minimal forward-mode dual number, `objectives::dual` = v + d eps with
/// eps^2 = 0, and the forward-mode references built on it: instantiating an
/// objective of objectives.hpp with T = dual and seeding one input direction
/// (d = 1) gives one column of its Jacobian, exact to rounding. The checker
/// (check_objectives_hand.cpp) compares these columns with finite
/// differences. Used as the reference for the Jacobians the suites ask for:
/// BA's 2x15 and 1x1 blocks, HT's 3*npts x 26 Jacobian, and the gradients of
/// LSTM and det. Their values (err, loss, out) are the double primal's.
///
/// The objectives call `std::exp` etc. by qualified name, which binds at the
/// point of their definition; the dual overloads of those functions are
/// therefore declared here, in namespace std (outside what the standard
/// allows, but what this test-only reference needs), before objectives.hpp is
/// included. Include this header instead of, or before, objectives.hpp.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_BENCHMARKS_OBJECTIVES_DUAL_HPP
#define TANGENT_BENCHMARKS_OBJECTIVES_DUAL_HPP

#ifdef TANGENT_BENCHMARKS_OBJECTIVES_OBJECTIVES_HPP
#error "include dual.hpp before objectives.hpp"
#endif

#include <cmath>
#include <vector>

namespace objectives {

/// v + d eps, eps^2 = 0.
struct dual {
  double v, d;
  dual() : v(0), d(0) {}
  dual(double value) : v(value), d(0) {}
  dual(double value, double derivative) : v(value), d(derivative) {}

  dual &operator+=(dual b) {
    d += b.d;
    v += b.v;
    return *this;
  }
  dual &operator-=(dual b) {
    d -= b.d;
    v -= b.v;
    return *this;
  }
  dual &operator*=(dual b) {
    d = d * b.v + v * b.d;
    v *= b.v;
    return *this;
  }
  dual &operator/=(dual b) {
    d = (d * b.v - v * b.d) / (b.v * b.v);
    v /= b.v;
    return *this;
  }
};

inline dual operator+(dual a) { return a; }
inline dual operator-(dual a) { return dual(-a.v, -a.d); }

inline dual operator+(dual a, dual b) { return dual(a.v + b.v, a.d + b.d); }
inline dual operator+(dual a, double b) { return dual(a.v + b, a.d); }
inline dual operator+(double a, dual b) { return dual(a + b.v, b.d); }

inline dual operator-(dual a, dual b) { return dual(a.v - b.v, a.d - b.d); }
inline dual operator-(dual a, double b) { return dual(a.v - b, a.d); }
inline dual operator-(double a, dual b) { return dual(a - b.v, -b.d); }

inline dual operator*(dual a, dual b) {
  return dual(a.v * b.v, a.d * b.v + a.v * b.d);
}
inline dual operator*(dual a, double b) { return dual(a.v * b, a.d * b); }
inline dual operator*(double a, dual b) { return dual(a * b.v, a * b.d); }

inline dual operator/(dual a, dual b) {
  return dual(a.v / b.v, (a.d * b.v - a.v * b.d) / (b.v * b.v));
}
inline dual operator/(dual a, double b) { return dual(a.v / b, a.d / b); }
inline dual operator/(double a, dual b) {
  return dual(a / b.v, -a * b.d / (b.v * b.v));
}

// Comparisons look at values only.
#define OBJECTIVES_DUAL_COMPARISON(op)                                         \
  inline bool operator op(dual a, dual b) { return a.v op b.v; }               \
  inline bool operator op(dual a, double b) { return a.v op b; }               \
  inline bool operator op(double a, dual b) { return a op b.v; }
OBJECTIVES_DUAL_COMPARISON(==)
OBJECTIVES_DUAL_COMPARISON(!=)
OBJECTIVES_DUAL_COMPARISON(<)
OBJECTIVES_DUAL_COMPARISON(<=)
OBJECTIVES_DUAL_COMPARISON(>)
OBJECTIVES_DUAL_COMPARISON(>=)
#undef OBJECTIVES_DUAL_COMPARISON

} // namespace objectives

namespace std {
inline objectives::dual exp(objectives::dual a) {
  double e = std::exp(a.v);
  return objectives::dual(e, e * a.d);
}
inline objectives::dual log(objectives::dual a) {
  return objectives::dual(std::log(a.v), a.d / a.v);
}
inline objectives::dual sqrt(objectives::dual a) {
  double s = std::sqrt(a.v);
  return objectives::dual(s, a.d / (2 * s));
}
inline objectives::dual sin(objectives::dual a) {
  return objectives::dual(std::sin(a.v), std::cos(a.v) * a.d);
}
inline objectives::dual cos(objectives::dual a) {
  return objectives::dual(std::cos(a.v), -std::sin(a.v) * a.d);
}
inline objectives::dual tanh(objectives::dual a) {
  double t = std::tanh(a.v);
  return objectives::dual(t, (1 - t * t) * a.d);
}
} // namespace std

#include "objectives.hpp"

namespace objectives {

/// Values of a dual vector.
inline std::vector<double> dual_values(const std::vector<dual> &x) {
  std::vector<double> v(x.size());
  for (int i = 0; i < (int)x.size(); i++)
    v[i] = x[i].v;
  return v;
}

/// Duals with values x and zero derivatives.
inline std::vector<dual> make_duals(int n, const double *x) {
  std::vector<dual> v(n);
  for (int i = 0; i < n; i++)
    v[i] = dual(x[i], 0);
  return v;
}

//===----------------------------------------------------------------------===//
// BA: the 2x15 block of one reprojection error and the 1x1 block of one
// weight error. J is column-major (J[col*2 + row]); columns are the 11
// camera parameters, the 3 point coordinates, the weight.
//===----------------------------------------------------------------------===//

inline void ba_reproj_jacobian_dual(const double *cam, const double *X,
                                    const double *w, const double *feat,
                                    double *err, double *J) {
  compute_reproj_error(cam, X, w, feat, err);
  std::vector<dual> in(BA_NCAMPARAMS + 3 + 1);
  for (int i = 0; i < BA_NCAMPARAMS; i++)
    in[i] = dual(cam[i], 0);
  for (int i = 0; i < 3; i++)
    in[BA_NCAMPARAMS + i] = dual(X[i], 0);
  in[BA_NCAMPARAMS + 3] = dual(*w, 0);
  for (int col = 0; col < BA_NCAMPARAMS + 3 + 1; col++) {
    in[col].d = 1;
    dual e[2];
    compute_reproj_error(&in[0], &in[BA_NCAMPARAMS], &in[BA_NCAMPARAMS + 3],
                         feat, e);
    in[col].d = 0;
    J[col * 2 + 0] = e[0].d;
    J[col * 2 + 1] = e[1].d;
  }
}

inline void ba_weight_jacobian_dual(const double *w, double *err, double *J) {
  dual wd(*w, 1), e;
  compute_zach_weight_error(&wd, &e);
  *err = e.v;
  *J = e.d;
}

//===----------------------------------------------------------------------===//
// HT: the dense 3*npts x 26 Jacobian, column-major (J[col*3*npts + row]).
//===----------------------------------------------------------------------===//

inline void hand_jacobian_dual(const double *theta, const HandModel &model,
                               const int *correspondences, int npts,
                               const double *points, double *err, double *J) {
  hand_objective(theta, model, correspondences, npts, points, err);
  std::vector<dual> th = make_duals(HAND_NTHETA, theta);
  std::vector<dual> e(3 * npts);
  for (int col = 0; col < HAND_NTHETA; col++) {
    th[col].d = 1;
    hand_objective(th.data(), model, correspondences, npts, points, e.data());
    th[col].d = 0;
    for (int row = 0; row < 3 * npts; row++)
      J[col * 3 * npts + row] = e[row].d;
  }
}

//===----------------------------------------------------------------------===//
// LSTM and det: gradients, one forward sweep per input.
//===----------------------------------------------------------------------===//

/// grad: 8lb entries for main_params, then 3b for extra_params. state is
/// not modified (each sweep starts from a copy).
inline void lstm_gradient_dual(int l, int c, int b, const double *main_params,
                               const double *extra_params, const double *state,
                               const double *sequence, double *loss,
                               double *grad) {
  int nmain = 8 * l * b, nextra = 3 * b;
  std::vector<double> st0(state, state + 2 * l * b);
  lstm_objective(l, c, b, main_params, extra_params, st0.data(), sequence,
                 loss);
  std::vector<dual> mp = make_duals(nmain, main_params);
  std::vector<dual> ep = make_duals(nextra, extra_params);
  for (int i = 0; i < nmain + nextra; i++) {
    dual &seed = i < nmain ? mp[i] : ep[i - nmain];
    seed.d = 1;
    std::vector<dual> st = make_duals(2 * l * b, state);
    dual out;
    lstm_objective(l, c, b, mp.data(), ep.data(), st.data(), sequence, &out);
    seed.d = 0;
    grad[i] = out.d;
  }
}

inline void det_gradient_dual(int ell, const double *a, double *out,
                              double *grad) {
  det_objective(ell, a, out);
  std::vector<dual> ad = make_duals(ell * ell, a);
  for (int i = 0; i < ell * ell; i++) {
    ad[i].d = 1;
    dual o;
    det_objective(ell, ad.data(), &o);
    ad[i].d = 0;
    grad[i] = o.d;
  }
}

} // namespace objectives

#endif // TANGENT_BENCHMARKS_OBJECTIVES_DUAL_HPP
