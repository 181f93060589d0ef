// A lambda in the body (one capture by value, one by reference), called
// directly and passed to a user template.
#include <tangent/tangent.hpp>
#include <cmath>

template <class F> double twice(const F &f, double x) { return f(f(x)); }

double model(double k, double x) {
  double acc = 0.0;
  auto f = [k, &acc](double t) {
    acc += t;
    return std::sin(k * t);
  };
  double once = f(x);
  double again = twice(f, x);
  return once + again * acc;
}

auto dmodel = tangent::grad<model>();
