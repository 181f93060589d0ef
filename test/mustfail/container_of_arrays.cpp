// Must fail: a container of fixed-size arrays (a 3x3 matrix as
// std::array<Vec3, 3>).
#include <tangent/grad.hpp>

#include <array>

using Vec3 = std::array<double, 3>;

double f(double x) {
#ifdef TANGENT_FIXED
  std::array<double, 9> m{}; // m[i * 3 + j]
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m[i * 3 + j] = x * (i + j);
  return m[1 * 3 + 2] * m[2 * 3 + 2];
#else
  std::array<Vec3, 3> m{}; // TANGENT-ERROR: is not supported (a container of arrays)
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] = x * (i + j);
  return m[1][2] * m[2][2];
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
