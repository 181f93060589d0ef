// Must fail: a range-for reference to a row passed by reference to a
// callee (pass m[i] instead).
#include <tangent/grad.hpp>

#include <vector>

void scale_row(std::vector<double> &r, double w) {
  for (double &e : r)
    e *= w;
}

double f(std::vector<std::vector<double>> m, double x) {
#ifdef TANGENT_FIXED
  for (std::size_t i = 0; i < m.size(); ++i)
    scale_row(m[i], x);
#else
  for (auto &row : m)
    scale_row(row, x); // TANGENT-ERROR: a row passed by reference is supported as `m[i]`
#endif
  return m[0][0];
}

double use(const std::vector<std::vector<double>> &m) {
  return std::get<1>(tangent::grad<f>()(m, 1.0));
}
