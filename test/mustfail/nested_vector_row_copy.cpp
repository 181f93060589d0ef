// Must fail: a row of a vector of vectors copied into a vector (rows are
// indexed, sized and iterated in place).
#include <tangent/grad.hpp>

#include <vector>

double f(const std::vector<std::vector<double>> &m, double x) {
  std::vector<double> row = m[0]; // TANGENT-ERROR: copying from this expression is not supported
  return row[0] * x;
}

double use(const std::vector<std::vector<double>> &m) {
  return std::get<1>(tangent::grad<f>()(m, 1.0));
}
