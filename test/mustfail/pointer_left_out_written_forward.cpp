// Must fail: forward mode of a function writing, through a pointer
// parameter that wrt leaves out, values that depend on the differentiated
// ones: that pointer has no tangent storage.
#include <tangent/tangent.hpp>

#include <span>

double f(const double *x, double *scratch, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    scratch[i] = x[i] * x[i]; // TANGENT-ERROR: 'f' writes values into 'scratch' that depend on the differentiated parameters, so 'scratch' needs a tangent
    s += 3.0 * scratch[i];
  }
  return s;
}

double use(const double *x, double *scratch) {
#ifdef TANGENT_FIXED
  constexpr auto both = tangent::options{.wrt = tangent::wrt_params(0, 1)};
  double t[3] = {1.0, 0.0, 0.0}, ts[3] = {0.0, 0.0, 0.0};
  return tangent::jvp<f, both>()(std::span<const double>(x, 3),
                                 std::span<double>(scratch, 3), 3, t, ts);
#else
  constexpr auto first = tangent::options{.wrt = tangent::wrt_params(0)};
  double t[3] = {1.0, 0.0, 0.0};
  return tangent::jvp<f, first>()(std::span<const double>(x, 3), scratch, 3,
                                  t);
#endif
}
