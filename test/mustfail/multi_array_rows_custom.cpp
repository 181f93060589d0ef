// Must fail: a custom derivative of a function taking a parameter pointing
// at rows (`const double b[][2]`): tangent stores the caller's array flat,
// which the rule would be given.
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
double norm2(const double *b, int n) { // the first element, indexed flat
  double s = 0.0;
  for (int i = 0; i < 2 * n; ++i)
    s += b[i] * b[i];
  return s;
}

namespace tangent::custom {
inline void norm2_pullback(const double *b, int n, double *d_b, double d) {
  for (int i = 0; i < 2 * n; ++i)
    d_b[i] += 2.0 * b[i] * d;
}
} // namespace tangent::custom

double f(double x) {
  double m[3][2] = {{x, 1.0}, {2.0, x}, {x, x}};
  return norm2(&m[0][0], 3);
}
#else
double norm2(const double b[][2], int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 2; ++j)
      s += b[i][j] * b[i][j];
  return s;
}

namespace tangent::custom {
inline void norm2_pullback(const double b[][2], int n, double d_b[][2],
                           double d) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 2; ++j)
      d_b[i][j] += 2.0 * b[i][j] * d;
}
} // namespace tangent::custom

double f(double x) {
  double m[3][2] = {{x, 1.0}, {2.0, x}, {x, x}};
  return norm2(m, 3); // TANGENT-ERROR: the custom derivative of 'norm2' cannot take its parameter 'b'
}
#endif

double use(double x) { return tangent::grad<f>()(x); }
