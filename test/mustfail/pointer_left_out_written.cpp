// Must fail: a pointer parameter that wrt leaves out, into which the
// function writes values its result then reads: its adjoint is needed,
// and nobody gives one or knows its size.
#include <tangent/grad.hpp>

double f(const double *x, double *scratch, int n) {
  for (int i = 0; i < n; ++i)
    scratch[i] = x[i] * x[i]; // TANGENT-ERROR: 'f' writes values into 'scratch' that its result depends on, so 'scratch' needs an adjoint, but it gets none (options.wrt leaves it out)
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += 3.0 * scratch[i];
  return s;
}

double use(const double *x, double *scratch, double *g) {
#ifdef TANGENT_FIXED
  constexpr auto both = tangent::options{.wrt = tangent::wrt_params(0, 1)};
  double dscratch[3] = {0.0, 0.0, 0.0};
  return tangent::grad<f, both>().pullback(x, scratch, 3, g, dscratch);
#else
  constexpr auto first = tangent::options{.wrt = tangent::wrt_params(0)};
  return tangent::grad<f, first>().pullback(x, scratch, 3, g);
#endif
}
