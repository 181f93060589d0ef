// End-to-end: constant tables of the namespace and of classes, read by the
// differentiated functions (issue 28): a Butcher tableau as C arrays, a
// constexpr std::array of weights, a table in a namespace, a static
// constexpr member, read at run-time indices, in a loop, by a callee and
// through range-for; scalar constants next to them.
#include "check.hpp"

#include <array>
#include <cmath>
#include <vector>

const double rk_b[4] = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
const double rk_c[4] = {0.0, 0.5, 0.5, 1.0};
constexpr std::array<double, 4> weights = {0.1, 0.2, 0.3, 0.4};
const double damping = 0.25;

namespace tables {
const double gauss_x[3] = {-0.7745966692414834, 0.0, 0.7745966692414834};
const double gauss_w[3] = {5.0 / 9, 8.0 / 9, 5.0 / 9};
} // namespace tables

struct Coefficients {
  static constexpr double poly[3] = {1.0, -0.5, 0.125};
};

// One RK4 step of y' = -a y + sin(t) with the tableau's weights.
double rk4(double y0, double a, double h) {
  double y = y0;
  double t = 0.0;
  for (int step = 0; step < 5; ++step) {
    double k[4];
    for (int s = 0; s < 4; ++s) {
      const double ys = s == 0 ? y : y + rk_c[s] * h * k[s - 1];
      k[s] = -a * ys + std::sin(t + rk_c[s] * h);
    }
    double dy = 0.0;
    for (int s = 0; s < 4; ++s)
      dy += rk_b[s] * k[s];
    y += h * dy;
    t += h;
  }
  return y;
}

double weighted(const std::vector<double> &x) {
  double s = 0.0;
  for (std::size_t i = 0; i < weights.size(); ++i)
    s += weights[i] * x[i] * x[(i + 1) % x.size()] + damping * x[i];
  return s;
}

double integrand(double t, double p) { return std::exp(-p * t * t); }

// Gauss-Legendre quadrature of a callee over [0, b].
double quadrature(double p, double b) {
  double s = 0.0;
  for (int i = 0; i < 3; ++i)
    s += tables::gauss_w[i] * integrand(0.5 * b * (tables::gauss_x[i] + 1), p);
  return 0.5 * b * s;
}

double polynomial(double x) {
  double s = 0.0;
  double power = 1.0;
  for (double c : Coefficients::poly) {
    s += c * power;
    power *= x;
  }
  return s;
}

// A callee reads the table too.
double weight_of(int i) { return weights[i % 4] * rk_b[i % 4]; }
double through_callee(const std::vector<double> &x) {
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i)
    s += weight_of(int(i)) * std::cos(x[i]);
  return s;
}

int main() {
  using namespace tangent_test;
  for (double a : {0.3, 1.2})
    check("rk4_tableau", tangent::grad<rk4>(), 0.8, a, 0.1);
  check("constexpr_array", tangent::grad<weighted>(),
        std::vector<double>{0.5, -1.0, 2.0, 0.25});
  for (double b : {0.5, 2.0})
    check("namespace_table", tangent::grad<quadrature>(), 0.7, b);
  check("static_member_table", tangent::grad<polynomial>(), 0.6);
  check("table_in_callee", tangent::grad<through_callee>(),
        std::vector<double>{0.1, 0.9, -0.4, 1.3, 0.2});
  return summary();
}
