// Must fail: a row passed by reference to a callee that also reaches its
// vector of vectors another way (here an element of another row): the row
// is passed as a copy and written back, which would change what the callee
// reads.
#include <tangent/grad.hpp>

#include <vector>

void scale_row(std::vector<double> &r, double w) {
  for (double &e : r)
    e *= w;
}

double f(std::vector<std::vector<double>> m, double x) {
#ifdef TANGENT_FIXED
  std::vector<double> row = m[0];
  scale_row(row, m[1][0] * x);
  m[0] = row;
#else
  scale_row(m[0], m[1][0] * x); // TANGENT-ERROR: the call reaches 'm' also otherwise than through this row
#endif
  return m[0][0];
}

double use(const std::vector<std::vector<double>> &m) {
  return std::get<1>(tangent::grad<f>()(m, 1.0));
}
