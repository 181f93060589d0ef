// End-to-end (issue 28): member functions that write their object, called
// on temporaries returned by a function of yours or built with braces
// (`make(x).scaled(x)`, `Vec{x, 1.0}.scaled(3.0)`): the writes go to the
// temporary and are lost with it, as in C++; the values returned count.
// Delegating constructors.
#include "check.hpp"

#include <cmath>

struct Vec {
  double x, y;
  void scale(double s) {
    x *= s;
    y *= s;
  }
  double scaled(double k) {
    x *= k;
    return x + std::sin(y);
  }
};

Vec make(double x) { return {x, 2.0 * x}; }

double temporaries(double x, double y) {
  make(x).scale(y); // no effect
  const double r = make(x).scaled(y) + Vec{x, y}.scaled(3.0);
  return r * x;
}

struct Model {
  double a, b;
  Model(double a_, double b_) : a(a_), b(b_) {}
  explicit Model(double a_) : Model(a_, 2 * a_) { b += std::sin(a); }
  double run(double x) const { return a * x * x + b; }
};

double delegated(double x, double p) {
  const Model m(p);
  return m.run(x);
}

int main() {
  using namespace tangent_test;
  for (double x : {0.4, -1.1})
    check("written_temporaries", tangent::grad<temporaries>(), x, 0.7);
  check("delegating_constructor", tangent::grad<delegated>(), 1.5, 0.8);
  return summary();
}
