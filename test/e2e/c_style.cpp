// End-to-end: C-style code as numerical suites write it. Sub-arrays of one
// array given to a callee that writes through one of them (`mul2(&abs[(i
// - 1) * 2], &rel[i * 2], &abs[i * 2])`, an in-place update, an
// overlapping shift): the callee runs specialised for the shared storage
// and indexes the array itself. A pointer reassigned from one array to
// another (`xp = x2; ... xp = &s[i];`, the layers of an LSTM). Integer
// index arrays given by `v.data()` to `int *` parameters, read and written
// (a determinant by minors, recursive). A call of the user's on constants
// (`log_gamma_distrib(0.5 * n, p)`). Constants of an unnamed enum as
// offsets (`&cam[ROT_IDX]`). A `void` function with results through
// `double *out`, differentiated by its pullback.
#include "check.hpp"

#include <cmath>
#include <vector>

void mul2(const double *a, const double *b, double *out) {
  out[0] = a[0] * b[0] - a[1] * b[1];
  out[1] = a[0] * b[1] + a[1] * b[0];
}

// Blocks of one array: each the product of the one before and a relative.
double chain(const std::vector<double> &rel) {
  const int n = static_cast<int>(rel.size()) / 2;
  std::vector<double> abs(rel.size());
  abs[0] = rel[0];
  abs[1] = rel[1];
  for (int i = 1; i < n; ++i)
    mul2(&abs[(i - 1) * 2], &rel[i * 2], &abs[i * 2]);
  mul2(&abs[2], &abs[0], &abs[2]); // in place: the output is an input
  double s = 0.0;
  for (double v : abs)
    s += std::sin(v);
  return s;
}

void shift(double *dst, const double *src, int n) {
  for (int i = 0; i < n; ++i)
    dst[i] = src[i] * 2.0;
}

// Overlapping ranges of one vector, as memmove would see them.
double shifted(std::vector<double> v) {
  shift(&v[0], &v[1], 3);
  shift(v.data() + 2, v.data(), 2);
  return v[0] * v[1] + v[2] * v[3] + v[4];
}

// A pointer into one of two arrays: the input of each layer is the state
// of the one before (`xp = &s[i]`).
void layer(int b, const double *w, const double *in, double *s) {
  for (int i = 0; i < b; ++i)
    s[i] = std::tanh(w[i] * in[i] + s[i]);
}

double layers(const std::vector<double> &w, const std::vector<double> &x) {
  const int b = static_cast<int>(x.size());
  const int l = static_cast<int>(w.size()) / b;
  std::vector<double> x2(b), s(l * b, 0.1);
  for (int i = 0; i < b; ++i)
    x2[i] = 0.5 * x[i];
  const double *xp = x2.data();
  for (int i = 0; i < l * b; i += b) {
    layer(b, &w[i], xp, &s[i]);
    xp = &s[i];
  }
  double out = 0.0;
  for (int i = 0; i < b; ++i)
    out += xp[i] * xp[i];
  return out;
}

// The same, reassigned to another view's address.
void add(const double *a, double *s) { s[0] += a[0] * a[1]; }

double through_view(const std::vector<double> &x,
                    const std::vector<double> &y) {
  const double *q = y.data();
  ++q;
  const double *p = x.data();
  double s = 0.0;
  add(p, &s);
  p = q;
  add(p, &s);
  p = &x[2];
  add(p, &s);
  return s * s;
}

// A determinant by minors over index lists in `int *` arrays, recursive.
double minor_det(const double *a, int m, int n, int *r, int *c) {
  const int r0 = r[m];
  if (n == 1)
    return a[r0 * m + c[m]];
  double det = 0.0;
  int sign = 1, before = m, cj = c[m];
  for (int j = 0; j < n; ++j) {
    const double m0 = a[r0 * m + cj];
    r[m] = r[r0];
    c[before] = c[cj];
    const double sub = minor_det(a, m, n - 1, r, c);
    c[before] = cj;
    r[m] = r0;
    det += sign * m0 * sub;
    sign = -sign;
    before = cj;
    cj = c[cj];
  }
  return det;
}

double det3(const std::vector<double> &a) {
  const int ell = 3;
  std::vector<int> r(ell + 1), c(ell + 1);
  for (int i = 0; i < ell; ++i) {
    r[i] = i + 1;
    c[i] = i + 1;
  }
  r[ell] = 0;
  c[ell] = 0;
  return minor_det(a.data(), ell, ell, r.data(), c.data());
}

// A function of the user's called on constants only.
double log_gamma_sum(double a, int p) {
  double out = 0.25 * p * (p - 1) * std::log(3.14159265358979);
  for (int j = 1; j <= p; ++j)
    out += std::lgamma(a + 0.5 * (1 - j));
  return out;
}

double prior(double gamma, int n, int p) {
  const double c = n * p * std::log(gamma) - log_gamma_sum(0.5 * n, p);
  return gamma * gamma - c;
}

// Offsets named by an unnamed enum.
enum { ROT = 0, SHIFT = 2, COUNT = 4 };

double rotate(const double *r, const double *x) {
  return std::cos(r[0]) * x[0] - std::sin(r[0]) * x[1];
}

double camera(const std::vector<double> &cam) {
  return rotate(&cam[ROT], &cam[SHIFT]) + cam[COUNT - 1];
}

// Results through `double *out`: the pullback of a void function.
void residuals(const double *x, int n, double *out) {
  for (int i = 0; i + 1 < n; ++i)
    out[i] = x[i + 1] - x[i] * x[i];
}

int main() {
  using namespace tangent_test;
  const std::vector<double> x{0.5, -1.0, 2.0, 0.3, 0.7, -0.2, 1.1, 0.4};
  check("chain", tangent::grad<chain>(), x);
  check("shifted", tangent::grad<shifted>(),
        std::vector<double>(x.begin(), x.begin() + 5));
  check("layers", tangent::grad<layers>(), x,
        std::vector<double>{0.3, -0.6, 0.9, 0.2});
  check("through_view", tangent::grad<through_view>(), x,
        std::vector<double>{0.3, -0.6, 0.9, 0.2});
  check("det3", tangent::grad<det3>(),
        std::vector<double>{0.5, -1.0, 2.0, 0.3, 0.7, -0.2, 1.1, 0.4, 0.9});
  check("prior", tangent::grad<prior>(), 1.3, 4, 3);
  check("camera", tangent::grad<camera>(),
        std::vector<double>{0.4, 0.0, 1.5, -0.7});
#ifndef TANGENT_E2E_SELFTEST // its finite-difference stand-in returns a value
  {
    // Row k of the Jacobian of residuals: the pullback seeded with e_k.
    double xs[4] = {0.5, -1.0, 2.0, 0.3}, out[3];
    double worst = 0.0;
    for (int k = 0; k < 3; ++k) {
      double dx[4] = {}, dout[3] = {};
      dout[k] = 1.0;
      tangent::grad<residuals>().pullback(xs, 4, out, dx, dout);
      for (int j = 0; j < 4; ++j) {
        const double want = j == k + 1 ? 1.0 : j == k ? -2.0 * xs[k] : 0.0;
        worst = std::max(worst, std::fabs(dx[j] - want));
      }
    }
    check_true("residuals/pullback rows", worst < 1e-15);
  }
#endif
  return summary();
}
