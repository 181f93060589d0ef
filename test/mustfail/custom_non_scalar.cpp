// Must fail: a custom derivative for a function that returns a vector
// (custom derivatives are for float or double results).
#include <tangent/grad.hpp>

#include <vector>

#ifdef TANGENT_FIXED
std::vector<double> scaled(const std::vector<double> &v, double a) {
  std::vector<double> w(v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    w[i] = a * v[i];
  return w;
}
#else
std::vector<double> scaled(const std::vector<double> &v, double a);

namespace tangent::custom {
void scaled_pullback(const std::vector<double> &v, double a,
                     std::vector<double> &d_v, double *d_a, double d_result) {}
} // namespace tangent::custom
#endif

double f(const std::vector<double> &v, double a) {
  std::vector<double> w = scaled(v, a); // TANGENT-ERROR: custom derivatives are supported for functions returning float, double or void
  return w[0];
}

double use(const std::vector<double> &v) { return std::get<1>(tangent::grad<f>()(v, 1.0)); }
