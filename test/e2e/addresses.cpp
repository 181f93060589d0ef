// End-to-end: addresses given to pointer parameters, the C way of passing
// storage: results through `T* out` (`double e; f(x, &e); return e;`),
// sub-arrays by address (`&x[3 * i]`, `x + k`, `v.data() + k`), a C array
// or std::array decaying to a pointer, a variable written through its
// address several times, an address into a checkpointed loop's state,
// views (`const double *xi = &x[i * d];`).
#include "check.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

// Results through a pointer.
void sqnorm_out(const double *x, int n, double *err) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i] * (1.0 + 0.25 * i);
  *err = s;
}

double through_err(const std::vector<double> &x) {
  double e;
  sqnorm_out(x.data(), static_cast<int>(x.size()), &e);
  return e;
}

// Sub-arrays by address, read only: the same vector twice.
double dist2(const double *a, const double *b) {
  double s = 0.0;
  for (int k = 0; k < 3; ++k)
    s += (a[k] - b[k]) * (a[k] - b[k]);
  return s;
}

double pair_energy(const std::vector<double> &x) {
  const int m = static_cast<int>(x.size()) / 3;
  double s = 0.0;
  for (int i = 0; i < m; ++i)
    for (int j = i + 1; j < m; ++j)
      s += 1.0 / (1.0 + dist2(&x[3 * i], &x[3 * j]));
  return s;
}

// A sub-array written through its address (`subtract(d, &x[i * d], mu,
// &centered[0])`, as a Gaussian mixture's objective writes it).
void subtract(int d, const double *x, const double *y, double *out) {
  for (int k = 0; k < d; ++k)
    out[k] = x[k] - y[k];
}

double centered_norms(const std::vector<double> &x,
                      const std::vector<double> &mu) {
  const int d = static_cast<int>(mu.size());
  const int n = static_cast<int>(x.size()) / d;
  std::vector<double> centered(x.size());
  for (int i = 0; i < n; ++i)
    subtract(d, &x[i * d], &mu[0], &centered[i * d]);
  double s = 0.0;
  for (std::size_t k = 0; k < centered.size(); ++k)
    s += std::sin(centered[k]) * centered[k];
  return s;
}

// `p + k` on a pointer, and `v.data() + k`.
double window_sum(const double *p, int m) {
  double s = 0.0;
  for (int k = 0; k < m; ++k)
    s += p[k] * p[k] * (k + 1);
  return s;
}

double windows(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i + 2 <= n; ++i)
    s += std::cos(0.1 * i) * window_sum(x + i, 2);
  return s;
}

double sliding(const std::vector<double> &x) {
  return windows(x.data(), static_cast<int>(x.size())) +
         window_sum(x.data() + 1, 2) * window_sum(1 + x.data(), 1);
}

// A vector written through data(), then read.
void scale_into(double *v, int n, double a) {
  for (int i = 0; i < n; ++i)
    v[i] = a * v[i] + v[i] * v[i];
}

double scaled(std::vector<double> v, double a) {
  scale_into(v.data(), static_cast<int>(v.size()), a);
  double s = 0.0;
  for (double e : v)
    s += e;
  return s * a;
}

// A C array and a std::array decaying to, or giving, a pointer.
void fill3(double *p, double a, double b) {
  p[0] = a * b;
  p[1] = a + b;
  p[2] = std::exp(-a * a);
}

double c_array(double a, double b) {
  double p[3];
  fill3(p, a, b);
  return p[0] * p[1] + p[2];
}

double std_array(double a, double b) {
  std::array<double, 3> p{};
  fill3(&p[0], b, a);
  fill3(p.data(), p[0], p[2]);
  return p[0] + p[1] * p[2];
}

// A variable written through its address, twice; read in between.
void square_plus(double *s, double c) { *s = *s * *s + c; }

double twice(double x, double c) {
  double s = x;
  square_plus(&s, c);
  double mid = std::sin(s);
  square_plus(&s, mid);
  return s + mid;
}

// An address into the state of a checkpointed loop: each iteration
// updates the state through its address.
void relax(double *u, int n, double h) {
  for (int i = 1; i + 1 < n; ++i)
    u[i] += h * (u[i - 1] - 2.0 * u[i] + u[i + 1]) - h * u[i] * u[i] * u[i];
}

double relaxed(std::vector<double> u, double h) {
  const int n = static_cast<int>(u.size());
  [[tangent::checkpoint]] for (int step = 0; step < 12; ++step) {
    relax(&u[0], n, h);
    u[0] = 0.5 * u[1];
  }
  double s = 0.0;
  for (double e : u)
    s += e * e;
  return s;
}

// An element passed by address to a callee that also reads another
// element of the same vector by value; the same through a reference, whose
// gradient it must equal bit for bit.
void accumulate_at(double *dst, double v) { *dst += 0.5 * std::sin(v) * v; }
void accumulate_ref(double &dst, double v) { dst += 0.5 * std::sin(v) * v; }

double accumulate_elements(std::vector<double> x) {
  for (std::size_t i = 1; i < x.size(); ++i)
    accumulate_at(&x[i], x[i - 1]);
  return x[x.size() - 1] * x[1];
}

double accumulate_by_reference(std::vector<double> x) {
  for (std::size_t i = 1; i < x.size(); ++i)
    accumulate_ref(x[i], x[i - 1]);
  return x[x.size() - 1] * x[1];
}

// The address of a variable that carries no derivative (a constant):
// the callee's reverse gets a zero of its own to accumulate into.
double scale_by(const double *w, double v) { return *w * v * v; }

double constant_weight(const std::vector<double> &x) {
  const double w = 1.5;
  return scale_by(&w, x[0]) + scale_by(&x[1], w);
}

// Views: pointer locals initialized to an address and never reassigned,
// another name for the storage they point at (`xi[k]` is `x[i * d + k]`).
double view_sum(const std::vector<double> &x) {
  const int d = 3;
  double s = 0.0;
  for (int i = 0; i < 3; ++i) {
    const double *xi = &x[i * d];
    const double *mid = xi + 1;
    s += xi[0] * mid[0] + *mid * mid[1] + dist2(xi, x.data());
  }
  return s;
}

// A writable view into a vector, and one into a pointer parameter.
double interior(const double *x, int n) {
  const double *p = x + 1;
  const double *q = p;
  return p[0] * q[n - 3] + std::sin(*q);
}

double write_view(std::vector<double> v, double a) {
  double *tail = v.data() + 2;
  tail[0] = a * tail[1];
  *tail += a * v[0];
  square_plus(tail + 1, a);
  double s = interior(v.data(), static_cast<int>(v.size()));
  for (double e : v)
    s += e * e;
  return s;
}

// An integer variable's address given to a function that writes it (a
// count, an exponent: data), and an int& beside a double& output.
double bucket_of(double v, int *k) {
  *k = int(v * 2.0);
  return v * v;
}
void shift_by(double v, int &k, double &out) {
  k += 3;
  out = v * k;
}
double integer_outputs(double x, double y) {
  int e = 1;
  double m = bucket_of(x * y, &e);
  double o = 0.0;
  shift_by(m, e, o);
  return m * e + o * y;
}

int main() {
  using namespace tangent_test;

  const std::vector<double> x{0.5, -1.0, 2.0, 0.3, 0.7, -0.2, 1.1, 0.4, -0.6};
  check("through_err", tangent::grad<through_err>(), x);
  check("pair_energy", tangent::grad<pair_energy>(), x);
  check("centered_norms", tangent::grad<centered_norms>(), x,
        std::vector<double>{0.2, -0.4, 0.9});
  check("sliding", tangent::grad<sliding>(), x);
  check("scaled", tangent::grad<scaled>(), x, 0.7);
  check("c_array", tangent::grad<c_array>(), 0.8, -1.3);
  check("integer_outputs", tangent::grad<integer_outputs>(), 1.7, 1.3);
  check("std_array", tangent::grad<std_array>(), 0.6, 0.9);
  check("twice", tangent::grad<twice>(), 0.7, 0.3);
  check("relaxed", tangent::grad<relaxed>(),
        std::vector<double>{0.1, 0.5, -0.3, 0.8, 0.2, -0.6, 0.4}, 0.1);
  check("constant_weight", tangent::grad<constant_weight>(), x);
  check("view_sum", tangent::grad<view_sum>(), x);
  check("write_view", tangent::grad<write_view>(), x, 0.6);
  check("accumulate_elements", tangent::grad<accumulate_elements>(), x);
  check_same("accumulate_elements/as_reference",
             tangent::grad<accumulate_elements>()(x),
             tangent::grad<accumulate_by_reference>()(x));
  return summary();
}
