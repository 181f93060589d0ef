// tangent-rewrite test input: a header function requested from two
// translation units (use_a.cpp, use_b.cpp).
#ifndef TANGENT_TEST_MODEL_H
#define TANGENT_TEST_MODEL_H

#include <cmath>
#include <vector>

namespace model {
inline double spring(double a, double b) {
  double d = a - b;
  return 0.5 * d * d;
}

inline double energy(const std::vector<double> &x, double k) {
  double e = 0.0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i)
    e += k * spring(x[i + 1], x[i]);
  return e + std::cos(x[0]);
}
} // namespace model

#endif // TANGENT_TEST_MODEL_H
