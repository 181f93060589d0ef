// Must fail: a parameter pointing at rows (`const double m[][3]`) given
// something other than a whole local array, a row of a 3-D one or such a
// parameter (here the array from its second row on: tangent stores the
// array flat and passes its first element).
#include <tangent/grad.hpp>

double trace2(const double m[][3]) { return m[0][0] + m[1][1]; }

double f(double x) {
  double m[3][3] = {};
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] = x * (i + 1) - j;
#ifdef TANGENT_FIXED
  double rest[2][3]; // the rows copied into a local array
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      rest[i][j] = m[i + 1][j];
  return trace2(rest);
#else
  return trace2(m + 1); // TANGENT-ERROR: a whole local array (`f(m)` of `double m[3][8]`), a row of a 3-D one
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
