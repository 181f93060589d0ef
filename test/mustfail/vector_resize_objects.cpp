// Must fail: resize(n) of a vector of objects whose class gives new
// elements values (a default member initializer or a constructor).
#include <tangent/grad.hpp>

#include <vector>

struct Body {
  double x = 0.0, m = 1.0;
};

double f(double x) {
  std::vector<Body> bs(1, Body{x, x});
#ifdef TANGENT_FIXED
  bs.resize(3, Body{0.0, 1.0});
#else
  bs.resize(3); // TANGENT-ERROR: resize(n) of a vector of 'Body' would build new elements
#endif
  return bs[2].m * bs[0].x;
}

double use(double x) { return tangent::grad<f>()(x); }
