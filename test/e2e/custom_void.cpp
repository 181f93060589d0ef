// End-to-end: custom derivatives of void functions whose outputs are
// pointer and reference parameters (docs/custom-derivatives.md).
//
// The rule is the function's parameters, then one adjoint per
// differentiable parameter, without d_result. It is called with the values
// the arguments had before the call (tangent saves what the call writes);
// the adjoint of an output comes in holding the adjoint of the value after
// the call and must leave the adjoint of the value before it (zero for a
// pure output, unchanged for y in y += a * x).
//
// The library functions are declared without a body, as a vendor header
// would; their definitions are at the end of the file, after everything
// tangent differentiates, only so that the program links (a custom rule is
// used before any body).
#include "check.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

namespace vendor {
void saxpy(int n, double a, const double *x, double *y); // y[i] += a*x[i]
void square_into(double v, double &out);                 // out = v*v
void cube_in_place(double &r);                           // r = r*r*r
void normalize(std::vector<double> &v);                  // v /= |v|
double polar(double r, double t, double &y);             // y = r sin t; r cos t
double dot(int n, const double *x, const double *y);     // inputs by address
} // namespace vendor

namespace tangent::custom::vendor {
void saxpy_pullback(int n, double a, const double *x, double *y, double *d_a,
                    double *d_x, double *d_y) {
  (void)y; // d_y[i] is unchanged: y's old value enters y with weight 1
  for (int i = 0; i < n; ++i) {
    *d_a += d_y[i] * x[i];
    d_x[i] += a * d_y[i];
  }
}

void square_into_pullback(double v, double &out, double *d_v, double *d_out) {
  (void)out;
  *d_v += 2.0 * v * *d_out;
  *d_out = 0.0; // a pure output: its old value is not used
}

// r is the value before the call (the rule needs it).
void cube_in_place_pullback(double &r, double *d_r) {
  *d_r = 3.0 * r * r * *d_r;
}

// v is the value before the call: w = v / |v|, dv = (dw - w (w . dw)) / |v|.
void normalize_pullback(std::vector<double> &v, std::vector<double> &d_v) {
  double n = 0.0;
  for (double e : v)
    n += e * e;
  n = std::sqrt(n);
  double dot = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i)
    dot += v[i] / n * d_v[i];
  for (std::size_t i = 0; i < v.size(); ++i)
    d_v[i] = (d_v[i] - v[i] / n * dot) / n;
}

// A function returning a value and writing an output: d_result last.
void polar_pullback(double r, double t, double &y, double *d_r, double *d_t,
                    double *d_y, double d_result) {
  (void)y;
  *d_r += d_result * std::cos(t) + *d_y * std::sin(t);
  *d_t += -d_result * r * std::sin(t) + *d_y * r * std::cos(t);
  *d_y = 0.0;
}

void dot_pullback(int n, const double *x, const double *y, double *d_x,
                  double *d_y, double d_result) {
  for (int i = 0; i < n; ++i) {
    d_x[i] += d_result * y[i];
    d_y[i] += d_result * x[i];
  }
}

// Forward mode (jvp, here with -DTANGENT_E2E_FORWARD) uses the pushforwards:
// the values before the call and the arguments' tangents; they write the
// outputs' tangents (in: before the call, out: after) and return the
// result's.
void saxpy_pushforward(int n, double a, const double *x, double *y, double d_a,
                       const double *d_x, double *d_y) {
  (void)y;
  for (int i = 0; i < n; ++i)
    d_y[i] += d_a * x[i] + a * d_x[i];
}

void square_into_pushforward(double v, double &out, double d_v, double *d_out) {
  (void)out;
  *d_out = 2.0 * v * d_v;
}

void cube_in_place_pushforward(double &r, double *d_r) {
  *d_r = 3.0 * r * r * *d_r;
}

// The Jacobian of v / |v| is symmetric: its pushforward is its pullback.
void normalize_pushforward(std::vector<double> &v, std::vector<double> &d_v) {
  normalize_pullback(v, d_v);
}

double polar_pushforward(double r, double t, double &y, double d_r, double d_t,
                         double *d_y) {
  (void)y;
  *d_y = d_r * std::sin(t) + d_t * r * std::cos(t);
  return d_r * std::cos(t) - d_t * r * std::sin(t);
}

double dot_pushforward(int n, const double *x, const double *y,
                       const double *d_x, const double *d_y) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += d_x[i] * y[i] + x[i] * d_y[i];
  return s;
}
} // namespace tangent::custom::vendor

// saxpy into a std::vector's data().
double saxpy_vector(double a, const std::vector<double> &x) {
  std::vector<double> y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] = x[i] * x[i] + a;
  vendor::saxpy(int(x.size()), a, x.data(), y.data());
  double s = 0.0;
  for (std::size_t i = 0; i < y.size(); ++i)
    s += y[i] * y[i];
  return s;
}

// saxpy from and into local C arrays.
double saxpy_array(double a, double b, double c) {
  double x[3] = {b, c, b * c};
  double y[3] = {a * b, std::sin(c), 1.0};
  vendor::saxpy(3, a * c, x, y);
  return y[0] * y[1] + y[2] * y[2] * b;
}

// saxpy into a std::array's data() and into one local scalar's address.
double saxpy_std_array(double a, const std::vector<double> &x) {
  std::array<double, 3> y{x[0] * a, x[1], x[2] * x[2]};
  vendor::saxpy(3, a, x.data(), y.data());
  double s = a * x[1];
  vendor::saxpy(1, y[2], x.data(), &s);
  return y[0] * y[1] + s * s;
}

// A pure double& output, into a variable that held a value before.
double square_output(double x, double w) {
  double r = x * w;
  double q = r * std::exp(r);
  vendor::square_into(x + w, r);
  return q + r * w;
}

// An in-out double&, into a vector's element.
double cube_element(const std::vector<double> &x) {
  std::vector<double> v = x;
  vendor::cube_in_place(v[1]);
  return v[0] * v[1] + v[2];
}

// A std::vector<double>& written in place: the rule needs its old value.
double normalized_weights(const std::vector<double> &x, double k) {
  std::vector<double> v(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    v[i] = x[i] + k * i;
  vendor::normalize(v);
  double s = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += v[i] * (i + 1.0);
  return s;
}

// Calls inside a loop: each iteration's rule sees that iteration's values.
double saxpy_loop(double a, const std::vector<double> &x) {
  std::vector<double> y = x;
  double r = a;
  for (int k = 0; k < 4; ++k) {
    vendor::saxpy(int(x.size()), a * (k + 1), x.data(), y.data());
    double c = y[0] * 0.5;
    vendor::saxpy(2, c, x.data() + 1, y.data() + 1); // at an offset
    vendor::cube_in_place(r);
    r = r * 0.5 + y[0] * 0.1;
  }
  return y[0] * y[1] + y[2] + r;
}

// The reverse needs the output's old values: y is read (as y[i] * y[i])
// before the call overwrites it.
double old_value_needed(double a, const std::vector<double> &x) {
  std::vector<double> y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] = std::cos(x[i]);
  double before = 0.0;
  for (std::size_t i = 0; i < y.size(); ++i)
    before += y[i] * y[i];
  vendor::saxpy(int(x.size()), a, x.data(), y.data());
  double t = 2.0 * a;
  vendor::square_into(before, t);
  return before * y[0] + t * y[2];
}

// The output of a function returning a value, over a value that was used.
double polar_output(double r, double t) {
  double y = r * r;
  double q = y * t;
  double x = vendor::polar(r, t, y);
  return x * y + q;
}

// Addresses given to a rule's input pointers: a vector's data() at an
// offset, a local array, an element's address.
double dot_inputs(const std::vector<double> &x, double a) {
  double w[2] = {a, a * a};
  double s = a * x[0];
  return vendor::dot(2, x.data() + 1, w) + vendor::dot(1, &s, &x[2]);
}

// Through local pointers into vectors (views), in a branch.
double saxpy_view(double a, const std::vector<double> &x) {
  std::vector<double> y(x.size(), 1.0);
  double *p = y.data() + 1;
  const double *q = x.data();
  double before = y[1] * a;
  if (a > 0)
    vendor::saxpy(2, a * a, q, p);
  else
    vendor::saxpy(1, a, q + 1, y.data());
  return y[0] * y[1] + y[2] * before;
}

int main() {
  using namespace tangent_test;
  const std::vector<double> x{0.3, -1.2, 0.8};
  check("saxpy_vector", tangent::grad<saxpy_vector>(), 0.7, x);
  check("saxpy_array", tangent::grad<saxpy_array>(), 0.7, -0.4, 1.1);
  check("saxpy_std_array", tangent::grad<saxpy_std_array>(), 0.7, x);
  check("square_output", tangent::grad<square_output>(), 0.6, -0.9);
  check("cube_element", tangent::grad<cube_element>(), x);
  check("normalized_weights", tangent::grad<normalized_weights>(), x, 0.5);
  check("saxpy_loop", tangent::grad<saxpy_loop>(), 0.4, x);
  check("old_value_needed", tangent::grad<old_value_needed>(), 0.7, x);
  check("polar_output", tangent::grad<polar_output>(), 1.3, 0.4);
  check("dot_inputs", tangent::grad<dot_inputs>(), x, 0.9);
  check("saxpy_view/then", tangent::grad<saxpy_view>(), 0.6, x);
  check("saxpy_view/else", tangent::grad<saxpy_view>(), -0.6, x);
  check_pullback("saxpy_vector/pullback", tangent::grad<saxpy_vector>(), 1.5,
                 0.7, x);
  return summary();
}

// The library's definitions (see the top of the file).
namespace vendor {
void saxpy(int n, double a, const double *x, double *y) {
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}
void square_into(double v, double &out) { out = v * v; }
void cube_in_place(double &r) { r = r * r * r; }
double polar(double r, double t, double &y) {
  y = r * std::sin(t);
  return r * std::cos(t);
}
double dot(int n, const double *x, const double *y) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}
void normalize(std::vector<double> &v) {
  double n = 0.0;
  for (double e : v)
    n += e * e;
  n = std::sqrt(n);
  for (double &e : v)
    e /= n;
}
} // namespace vendor
