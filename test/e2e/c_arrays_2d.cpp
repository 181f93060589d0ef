// End-to-end: local multi-dimensional C arrays (`double m[3][3]`,
// `float t[2][3][4]`). Tangent stores one flat (`m[i][j]` is `m[i * 3 + j]`),
// so its tape records, adjoint array and checkpoint snapshots are those of
// a 1-D array: a matrix product and a determinant, arrays written in nested
// loops (also under checkpointing, bitwise equal to the full tape), rows
// given to callees (`dot(m[i], v, 3)`, in place `scale(m[i], 3, m[i])`,
// one row from another `scale(m[0], 3, m[1])`), element addresses
// (`&m[0][1]`, views `const double *p = &m[i][0]`), the order of `m[i++][0] =
// m[i][1]`, a callee's own 2-D local, a 3-D array, float elements and
// brace initializers (nested, partial, `{}`).
#include "check.hpp"

#include <cmath>
#include <vector>

// A 3x3 matrix from x (row-major), squared, and the determinant of that.
double det_of_square(const std::vector<double> &x) {
  double a[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      a[i][j] = x[i * 3 + j];
  double p[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      p[i][j] = 0.0;
      for (int k = 0; k < 3; ++k)
        p[i][j] += a[i][k] * a[k][j];
    }
  return p[0][0] * (p[1][1] * p[2][2] - p[1][2] * p[2][1]) -
         p[0][1] * (p[1][0] * p[2][2] - p[1][2] * p[2][0]) +
         p[0][2] * (p[1][0] * p[2][1] - p[1][1] * p[2][0]);
}

// A callee with a 2-D local of its own: the determinant of the 2x2 matrix
// at a.
double det2(const double *a) {
  double m[2][2] = {{a[0], a[1]}, {a[2], a[3]}};
  return m[0][0] * m[1][1] - m[0][1] * m[1][0];
}

double callee_local(const std::vector<double> &x) {
  double q[2][4];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      q[i][j] = std::exp(0.3 * x[(i + j) % 3]) + i;
  return det2(q[0]) * det2(q[1]) + det2(&x[0]);
}

// A grid written in nested loops and overwritten step after step: each
// step reads the previous one (the tape must keep the overwritten values).
double diffuse(const std::vector<double> &x, double k, int steps) {
  double g[4][5];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      g[i][j] = x[(i * 5 + j) % x.size()];
  for (int s = 0; s < steps; ++s) {
    double n[4][5];
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 5; ++j) {
        const double up = i > 0 ? g[i - 1][j] : g[i][j];
        const double left = j > 0 ? g[i][j - 1] : g[i][j];
        n[i][j] =
            g[i][j] + k * (up + left - 2.0 * g[i][j]) + 0.1 * std::sin(g[i][j]);
      }
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 5; ++j)
        g[i][j] = n[i][j];
  }
  double r = 0.0;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      r += g[i][j] * g[i][j] * (1.0 + 0.1 * i - 0.05 * j);
  return r;
}

double dot(const double *a, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

void scale(const double *in, int n, double *out) {
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * in[i] + 0.5 * in[i];
}

// Rows given to callees: read (`dot(m[i], v, 3)`) and written in place.
double rows(const std::vector<double> &x) {
  double m[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] = x[(i + j) % 4] * (i + 1);
  double v[3] = {x[0], x[1], x[2]};
  for (int i = 0; i < 3; ++i)
    scale(m[i], 3, m[i]);
  double r = 0.0;
  for (int i = 0; i < 3; ++i)
    r += dot(m[i], v, 3) * (i + 0.5);
  return r + m[2][1] * m[0][2];
}

// One row written from another of the same array (`scale(m[0], 3, m[1])`):
// two addresses into one storage.
double row_to_row(const std::vector<double> &x) {
  double m[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] = x[(i + 2 * j) % 4] + i;
  scale(m[0], 3, m[1]);
  for (int i = 0; i < 2; ++i)
    scale(m[i], 3, m[i + 1]);
  return m[2][0] * m[1][2] + m[0][1];
}

// Addresses of elements (`&m[0][1]`) given to a callee and viewed by
// pointer locals.
double element_addresses(const std::vector<double> &x) {
  double m[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] = x[(i + 2 * j) % 4] + i;
  scale(&m[0][1], 2, &m[1][1]);
  double s = 0.0;
  for (int i = 0; i < 3; ++i) {
    const double *p = &m[i][0];
    s += p[0] * p[2] + std::sin(p[1]);
  }
  double *q = &m[2][2];
  *q = *q * x[1];
  return s + m[2][2] + m[1][2];
}

// The C++17 order of an assignment's operands: the right side first.
double operand_order(const std::vector<double> &x) {
  double m[3][2] = {{x[0], x[1]}, {x[2], x[3]}, {x[1], x[0]}};
  int i = 0;
  m[i++][0] = m[i][1] * 2.0;
  m[i][1] += m[i - 1][0] * m[2][0];
  return m[0][0] * m[1][1] + m[1][0];
}

// Three dimensions, a row of the last given to a callee (`t[i][j]`).
double cube(const std::vector<double> &x) {
  double t[2][3][4];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        t[i][j][k] = x[(i + 2 * j + 3 * k) % 5] * (1 + i - j + k);
  double s = 0.0;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      s += std::cos(dot(t[i][j], t[1 - i][2 - j], 4));
  return s + t[1][2][3] * t[0][1][2];
}

// Float elements.
float floats(const std::vector<float> &x) {
  float f[2][3];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      f[i][j] = x[i + j] * x[j];
  return f[0][0] * f[1][2] + std::sin(f[1][1]) - f[0][2] * f[1][0];
}

// Brace initializers: nested, partial (the rest zero), brace-elided and
// empty.
double braces(const std::vector<double> &x, double y) {
  double b[3][4] = {{x[0], y, 1.0}, {x[1] * y}, {0.5, x[2], x[0], y}};
  double z[2][2] = {};
  double e[2][3] = {x[0], x[1], y, 2.0}; // brace-elided: the rest zero
  z[1][0] = b[0][1] * b[2][3];
  double r = 0.0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      r += b[i][j] * (i + j + 1);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      r += e[i][j] * e[i][j] * (j + 1);
  return r + z[1][0] * z[1][0] + z[0][1] + b[1][3];
}

// A long counted loop over a 2-D state: checkpointed (its snapshots are
// the flat array) and fully taped (rollout_taped), the gradients are
// bitwise equal.
double rollout(const std::vector<double> &x, int n) {
  double s[2][3] = {{x[0], x[1], x[2]}, {x[3], 0.5, x[0]}};
  [[tangent::checkpoint]] for (int t = 0; t < n; ++t)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        s[i][j] = s[i][j] + 0.05 * std::sin(s[1 - i][(j + 1) % 3]) * x[j];
  return s[0][0] * s[1][2] + s[1][1];
}

// The same, fully taped (no checkpoint attribute).
double rollout_taped(const std::vector<double> &x, int n) {
  double s[2][3] = {{x[0], x[1], x[2]}, {x[3], 0.5, x[0]}};
  for (int t = 0; t < n; ++t)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        s[i][j] = s[i][j] + 0.05 * std::sin(s[1 - i][(j + 1) % 3]) * x[j];
  return s[0][0] * s[1][2] + s[1][1];
}

int main() {
  using namespace tangent_test;
  const std::vector<double> x9{0.3, -0.5, 0.8, 1.1, 0.2, -0.7, 0.6, 0.9, -0.4};
  check("det_of_square", tangent::grad<det_of_square>(), x9);
  const std::vector<double> x5{0.3, -0.5, 0.8, 1.1, 0.2};
  const std::vector<double> x4{0.3, -0.5, 0.8, 1.1};
  for (int steps : {0, 1, 4})
    check("diffuse/" + std::to_string(steps), tangent::grad<diffuse>(), x5, 0.2,
          steps);
  check("rows", tangent::grad<rows>(),
        std::vector<double>{0.3, -0.5, 0.8, 1.1});
  check("row_to_row", tangent::grad<row_to_row>(), x4);
  check("operand_order", tangent::grad<operand_order>(), x4);
  check("element_addresses", tangent::grad<element_addresses>(), x4);
  check("cube", tangent::grad<cube>(), x5);
  check("callee_local", tangent::grad<callee_local>(),
        std::vector<double>{0.3, -0.5, 0.8, 1.1});
  check("floats", tangent::grad<floats>(),
        std::vector<float>{0.3f, -0.5f, 0.8f, 1.1f});
  check("braces", tangent::grad<braces>(), std::vector<double>{0.3, -0.5, 0.8},
        1.3);
  for (int n : {0, 1, 40}) {
    check("rollout/" + std::to_string(n), tangent::grad<rollout>(), x4, n);
    check_same(
        "rollout/checkpointed " + std::to_string(n),
        tangent::grad<rollout, tangent::options{.checkpoint = true,
                                                .min_length = 1}>()(x4, n),
        tangent::grad<rollout_taped>()(x4, n));
  }
  return summary();
}
