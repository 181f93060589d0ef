// Must fail: an element of a row of a vector of vectors bound to an
// accessor's reference parameter (the substitution names a variable or an
// element of a named container).
#include <tangent/grad.hpp>

#include <vector>

#ifdef TANGENT_FIXED
double &pick(std::vector<std::vector<double>> &m, int i, int j) {
  return m[i][j];
}
#else
double &pick(double &a) { return a; }
#endif

double f(std::vector<std::vector<double>> m, double x) {
#ifdef TANGENT_FIXED
  pick(m, 0, 1) = x * x;
#else
  pick(m[0][1]) = x * x; // TANGENT-ERROR: an element of a row passed to an accessor's reference parameter is not supported
#endif
  return m[0][1] * m[0][0];
}

double use(const std::vector<std::vector<double>> &m) {
  return std::get<1>(tangent::grad<f>()(m, 1.0));
}
