// Must fail: a request of a function taking a parameter pointing at rows
// (`const double b[][4]`): its number of rows is unknown, so no gradient
// can be sized after it.
#include <span>
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
double energy(std::span<const double> b, int n) { // the elements flat
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 4; ++j)
      s += b[i * 4 + j] * b[i * 4 + j] * (j + 1);
  return s;
}
#else
double energy(const double b[][4], int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 4; ++j)
      s += b[i][j] * b[i][j] * (j + 1);
  return s;
}
#endif

auto request() {
  return tangent::grad<energy>(); // TANGENT-ERROR: points at rows (const double (*)[4]), which a request cannot size
}
