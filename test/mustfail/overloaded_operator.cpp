// Must fail: an overloaded operator other than [] and = += -= *= /= (here
// == of two vectors).
#include <tangent/grad.hpp>

#include <vector>

double f(const std::vector<double> &a, const std::vector<double> &b) {
#ifdef TANGENT_FIXED
  bool same = a.size() == b.size();
  for (std::size_t i = 0; same && i < a.size(); ++i)
    same = a[i] == b[i];
  return same ? a[0] : b[0];
#else
  return a == b ? a[0] : b[0]; // TANGENT-ERROR: overloaded operator '==' is not supported
#endif
}

double use(const std::vector<double> &v) { return std::get<0>(tangent::grad<f>()(v, v))[0]; }
