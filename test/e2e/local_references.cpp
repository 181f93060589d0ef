// End-to-end (issue 28): local references: a const reference to an element
// of a vector the function changes (later writes show through it), a const
// reference bound to a computed number (a copy), references to a field of
// a local object and to a whole vector, `at()`.
#include "check.hpp"

#include <cmath>
#include <vector>

struct P {
  double x, y;
};

double references(std::vector<double> v, double k) {
  double &r = v[1];
  r *= k;
  const double &c = v[0];
  double s = c * r;
  v[0] = v[0] * k; // seen through c
  s += c * c;
  const double &t = k * k + std::sin(k);
  P p{v[0], k};
  double &px = p.x;
  px = px * px;
  auto &w = v;
  w[2] = w[2] * k;
  const double &e = v.at(2);
  return s + p.x + w[2] * t + e;
}

// In a loop: the reference is bound each iteration to another element.
double sweep(const std::vector<double> &x) {
  std::vector<double> y(x);
  double s = 0.0;
  for (std::size_t i = 1; i < y.size(); ++i) {
    const double &prev = y[i - 1];
    y[i] = y[i] * prev + 0.5;
    s += prev * y[i];
  }
  return s;
}

int main() {
  using namespace tangent_test;
  check("const_element_alias", tangent::grad<references>(),
        std::vector<double>{1.0, 2.0, 3.0}, 0.7);
  check("reference_in_loop", tangent::grad<sweep>(),
        std::vector<double>{0.3, -0.6, 0.8, 0.2});
  return summary();
}
