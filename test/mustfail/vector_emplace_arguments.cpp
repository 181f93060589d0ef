// Must fail: emplace_back with constructor arguments on a vector of objects
// (push_back(T{...}) works).
#include <tangent/grad.hpp>

#include <vector>

struct Body {
  double x, v;
  Body(double x, double v) : x(x), v(v) {}
};

double f(double x) {
  std::vector<Body> bs;
#ifdef TANGENT_FIXED
  bs.push_back(Body{x, 2 * x});
#else
  bs.emplace_back(x, 2 * x); // TANGENT-ERROR: 'emplace_back' with 2 arguments is not supported; write push_back(T{...})
#endif
  return bs[0].x * bs[0].v;
}

double use(double x) { return tangent::grad<f>()(x); }
