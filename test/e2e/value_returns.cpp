// End-to-end: functions, lambdas, member functions and operators of yours
// that return std::array or std::vector by value (issue 28): `return
// Vec{a, b};`, `auto k1 = rhs(y);` of a lambda, `Vec d = a - b;` with your
// operator on std::array, a Heun and an RK4 stepper written that way, and
// containers made in the argument list (`rhs(axpy(h, k, y))`, `f({a, b})`).
#include "check.hpp"

#include <array>
#include <cmath>
#include <vector>

using Vec = std::array<double, 2>;
using Vec3 = std::array<double, 3>;

Vec pendulum(const Vec &y, double a) { return Vec{y[1], -a * std::sin(y[0])}; }

Vec3 cross(const Vec3 &u, const Vec3 &v) {
  return std::array<double, 3>{u[1] * v[2] - u[2] * v[1],
                               u[2] * v[0] - u[0] * v[2],
                               u[0] * v[1] - u[1] * v[0]};
}

Vec3 operator-(const Vec3 &a, const Vec3 &b) {
  return Vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}

Vec axpy(double h, const Vec &x, const Vec &y) {
  return Vec{y[0] + h * x[0], y[1] + h * x[1]};
}

std::vector<double> scaled(const std::vector<double> &x, double s) {
  return std::vector<double>{s * x[0], s * x[1] + x[0]};
}

struct Spring {
  double k;
  Vec force(const Vec &y) const { return Vec{y[1], -k * y[0]}; }
};

double heun(double y0, double a) {
  Vec y = {y0, 0.1};
  for (int s = 0; s < 8; ++s) {
    Vec k1 = pendulum(y, a);
    Vec yp = axpy(0.1, k1, y);
    auto k2 = pendulum(yp, a);
    for (int i = 0; i < 2; ++i)
      y[i] += 0.05 * (k1[i] + k2[i]);
  }
  return y[0] * y[1];
}

double lambda_rk4(double y0, double a) {
  auto rhs = [a](const Vec &y) { return Vec{y[1], -a * std::sin(y[0])}; };
  Vec y = {y0, 0.0};
  const double h = 0.1;
  for (int s = 0; s < 6; ++s) {
    auto k1 = rhs(y);
    auto k2 = rhs(axpy(0.5 * h, k1, y));
    auto k3 = rhs(axpy(0.5 * h, k2, y));
    auto k4 = rhs(axpy(h, k3, y));
    for (int i = 0; i < 2; ++i)
      y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  return y[0];
}

double torque(const std::vector<double> &p) {
  const Vec3 a = {p[0], p[1], p[2]};
  const Vec3 b = {p[3], p[4], p[5]};
  Vec3 d = a - b;
  Vec3 c = cross(d, b);
  return c[0] * c[0] + c[1] * c[1] + std::sin(c[2]);
}

double member_force(double y0, double k) {
  Spring s{k};
  Vec y = {y0, 0.0};
  for (int t = 0; t < 5; ++t) {
    Vec f = s.force(y);
    y[0] += 0.1 * f[0];
    y[1] += 0.1 * f[1];
  }
  return y[0] + 0.5 * y[1];
}

double norm2(const Vec &v) { return v[0] * v[0] + v[1] * v[1]; }
double total(const std::vector<double> &v) {
  double s = 0.0;
  for (double e : v)
    s += e;
  return s;
}

// Containers made in the argument list: braces, a brace cast, a temporary.
double brace_arguments(double a, double b) {
  return norm2(Vec{a, b}) + norm2({b, a * b}) + total({a, b, a * b}) +
         total(std::vector<double>(3, a)) * b;
}

double vector_return(const std::vector<double> &x) {
  std::vector<double> v = scaled(x, 1.5);
  return v[0] * v[1];
}

int main() {
  using namespace tangent_test;
  for (double a : {0.4, 1.1})
    check("heun_brace_returns", tangent::grad<heun>(), 0.6, a);
  check("lambda_rk4", tangent::grad<lambda_rk4>(), 0.5, 1.3);
  check("array_operator", tangent::grad<torque>(),
        std::vector<double>{0.3, -0.7, 1.1, 0.5, 0.2, -0.4});
  check("member_returns_array", tangent::grad<member_force>(), 0.8, 2.0);
  check("brace_arguments", tangent::grad<brace_arguments>(), 0.7, -0.3);
  check("vector_brace_return", tangent::grad<vector_return>(),
        std::vector<double>{0.4, -1.2});
  return summary();
}
