// Must fail: changing the size of one row of a vector of vectors; the
// vector of vectors itself grows and shrinks (push_back of rows, resize).
#include <tangent/grad.hpp>

#include <vector>

double f(double x) {
  std::vector<std::vector<double>> m(2, std::vector<double>(2, x));
#ifdef TANGENT_FIXED
  std::vector<double> row = m[0];
  row.push_back(x * x);
  m[0] = row;
#else
  m[0].push_back(x * x); // TANGENT-ERROR: 'push_back' is supported on a named vector
#endif
  return m[0][2] * x;
}

double use(double x) { return tangent::grad<f>()(x); }
