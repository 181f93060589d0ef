//===- benchmarks/objectives/tu_objective.cpp - compile-time TU -----------===//
///
/// \file
/// The translation unit compile_time.sh compiles for one objective: the
/// objectives and tangent's wrappers, one function calling the objective's
/// wrapper (so its code is compiled in both configurations), and, unless
/// NO_REQUEST is defined, the one request objectives_table makes for it.
/// Select the objective with -DOBJECTIVE_<name> (gmm, ba, lstm, ht, llsq,
/// lse, det, ode, kmeans).
//===----------------------------------------------------------------------===//
#include "tangent_wrappers.hpp"

#include <span>
#include <tangent/tangent.hpp>

namespace w = wrappers;

#if defined(OBJECTIVE_gmm)
double run(const double *a, const double *m, const double *i, const double *x,
           double *ga, double *gm, double *gi) {
#ifndef NO_REQUEST
  tangent::grad<w::gmm, w::first_three>().pullback(a, m, i, 10, 10, 1000, x,
                                                   1.0, 0, ga, gm, gi);
#endif
  (void)ga, (void)gm, (void)gi;
  return w::gmm(a, m, i, 10, 10, 1000, x, 1.0, 0);
}
#elif defined(OBJECTIVE_ba)
double run(double *cam, double *X, double *wt, double *feat) {
  double e[2];
#ifndef NO_REQUEST
  const auto rows = tangent::jacobian<w::ba_reproj, w::ba_reproj_wrt>()(
      std::span<const double>(cam, objectives::BA_NCAMPARAMS),
      std::span<const double>(X, 3), std::span<const double>(wt, 1), feat,
      std::span<double>(e, 2));
  return std::get<0>(rows[0])[0];
#else
  w::ba_reproj(cam, X, wt, feat, e);
  return e[0];
#endif
}
#elif defined(OBJECTIVE_lstm)
double run(const double *mp, const double *ep, const double *state,
           const double *seq, double *dm, double *de) {
#ifndef NO_REQUEST
  tangent::grad<w::lstm, w::first_two>().pullback(mp, ep, 2, 1024, 14, state,
                                                  seq, dm, de);
#endif
  (void)dm, (void)de;
  return w::lstm(mp, ep, 2, 1024, 14, state, seq);
}
#elif defined(OBJECTIVE_ht)
double run(std::span<const double> theta, const objectives::HandModel &model,
           const int *corr, int npts, const double *points,
           std::span<double> e) {
#ifndef NO_REQUEST
  const auto J = tangent::jacobian<w::hand, w::hand_wrt>()(theta, model, corr,
                                                           npts, points, e);
  return J[0][0];
#else
  w::hand(theta.data(), model, corr, npts, points, e.data());
  return e[0];
#endif
}
#elif defined(OBJECTIVE_llsq)
double run(const double *x, int n, double *g) {
#ifndef NO_REQUEST
  tangent::grad<w::llsq, w::first>().pullback(x, n, 1024, g);
#endif
  (void)g;
  return w::llsq(x, n, 1024);
}
#elif defined(OBJECTIVE_lse)
double run(const double *x, int n, double *g) {
#ifndef NO_REQUEST
  tangent::grad<w::lse, w::first>().pullback(x, n, g);
#endif
  (void)g;
  return w::lse(x, n);
}
#elif defined(OBJECTIVE_det)
double run(const double *a, int ell, double *g) {
#ifndef NO_REQUEST
  tangent::grad<w::det, w::first>().pullback(a, ell, g);
#endif
  (void)g;
  return w::det(a, ell);
}
#elif defined(OBJECTIVE_ode)
double run(const double *x, int n, double *g) {
#ifndef NO_REQUEST
  tangent::grad<w::ode, w::first>().pullback(x, n, 10, g);
#endif
  (void)g;
  return w::ode(x, n, 10);
}
#elif defined(OBJECTIVE_kmeans)
double run(const double *c, const double *points, double *g) {
#ifndef NO_REQUEST
  tangent::grad<w::kmeans, w::first>().pullback(c, 10, 1000, 8, points, g);
#endif
  (void)g;
  return w::kmeans(c, 10, 1000, 8, points);
}
#else
#error "define OBJECTIVE_<name>: gmm, ba, lstm, ht, llsq, lse, det, ode, kmeans"
#endif
