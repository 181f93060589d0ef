// Must fail: a std::span parameter given a span made from a pointer and a
// count (its extent is not a named array's).
#include <tangent/grad.hpp>

#include <span>
#include <vector>

double sum(std::span<const double> x) {
  double s = 0.0;
  for (double v : x)
    s += v * v;
  return s;
}

double f(const std::vector<double> &v) {
#ifdef TANGENT_FIXED
  const std::vector<double> part{v[1], v[2]};
  return sum(part);
#else
  return sum(std::span<const double>(v.data() + 1, 2)); // TANGENT-ERROR: give the std::span parameter of 'sum' a named vector, array or span
#endif
}

double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
