// End-to-end: matrices as vectors of rows (std::vector<std::vector<double>>):
// parameters by value, const& and & (in-out), locals built with a size, a
// size and a row, copies and braces, element reads and writes, row sizes,
// range-for over the rows, callees taking and returning them, and a
// checkpointed loop whose state is one (bitwise equal to the full tape).
// Each gradient is checked against finite differences.
#include "check.hpp"

#include <cmath>
#include <vector>

using Matrix = std::vector<std::vector<double>>;

// y = A x, then |y|^2.
double mat_vec(const Matrix &a, const std::vector<double> &x) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    double y = 0;
    for (std::size_t j = 0; j < a[i].size(); ++j)
      y += a[i][j] * x[j];
    s += y * y;
  }
  return s;
}

// C = A B built in a local matrix, then its trace with a nonlinearity.
Matrix mat_mul(const Matrix &a, const Matrix &b) {
  Matrix c(a.size(), std::vector<double>(b[0].size(), 0.0));
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b[0].size(); ++j)
      for (std::size_t k = 0; k < b.size(); ++k)
        c[i][j] += a[i][k] * b[k][j];
  return c;
}
double product_trace(const Matrix &a, const Matrix &b) {
  Matrix c = mat_mul(a, b);
  double t = 0;
  for (std::size_t i = 0; i < c.size(); ++i)
    t += std::sin(c[i][i]);
  return t;
}

// Rows read through range-for references; a matrix filled with one row.
double rows(const Matrix &a, double w) {
  std::vector<double> base{w, 2.0 * w, w * w};
  Matrix m(a.size(), base);
  double s = 0;
  int r = 0;
  for (const auto &row : a) {
    for (std::size_t j = 0; j < row.size(); ++j)
      m[r][j] *= row[j];
    ++r;
  }
  for (const std::vector<double> &row : m)
    for (double e : base)
      s += row[0] * e + row[row.size() - 1];
  return s;
}

// A matrix parameter written in place (by value and by reference).
void scale_rows(Matrix &m, double f) {
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < m[i].size(); ++j)
      m[i][j] = f * m[i][j] * (i + 1);
}
double in_place(Matrix m, double f) {
  scale_rows(m, f);
  scale_rows(m, m[0][0]);
  double s = 0;
  for (const auto &row : m)
    for (std::size_t j = 0; j < row.size(); ++j)
      s += row[j] * row[j];
  return s;
}

// Braces of rows, copies, whole assignment, jagged rows.
double braces(double x, double y) {
  Matrix m{{x, y}, {x * y, 1.0, y}, {2.0}};
  Matrix n = m;
  n[1][2] = std::exp(n[0][0]);
  m = n;
  double s = 0;
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < m[i].size(); ++j)
      s += (i + 1.0) * m[i][j] * n[i][j];
  return s + m.at(1).at(2);
}

// A heat stencil on a grid, stepped in a checkpointed loop.
void heat_step(const Matrix &u, double c, Matrix &next) {
  for (std::size_t i = 1; i + 1 < u.size(); ++i)
    for (std::size_t j = 1; j + 1 < u[i].size(); ++j)
      next[i][j] = u[i][j] + c * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] +
                                  u[i][j + 1] - 4.0 * u[i][j]);
}
double energy(const Matrix &u) {
  double s = 0;
  for (const auto &row : u)
    for (double e : row)
      s += e * e;
  return s;
}
double grid_heat(Matrix u, double c, int steps) {
  Matrix next = u;
  [[tangent::checkpoint]] for (int t = 0; t < steps; ++t) {
    heat_step(u, c, next);
    u = next;
  }
  return energy(u);
}
double grid_heat_taped(Matrix u, double c, int steps) {
  Matrix next = u;
  for (int t = 0; t < steps; ++t) {
    heat_step(u, c, next);
    u = next;
  }
  return energy(u);
}

int main() {
  using namespace tangent_test;
  const Matrix a{{0.3, -0.2, 0.5}, {0.1, 0.7, -0.4}};
  const Matrix b{{0.2, 0.1}, {-0.3, 0.6}, {0.5, 0.4}};
  check("mat_vec", tangent::grad<mat_vec>(), a,
        std::vector<double>{0.4, -0.6, 0.9});
  check("product_trace", tangent::grad<product_trace>(), a, b);
  check("rows", tangent::grad<rows>(), a, 0.8);
  check("in_place", tangent::grad<in_place>(), a, 0.9);
  check("braces", tangent::grad<braces>(), 0.6, -0.3);
  const Matrix u0{{0.1, 0.4, 0.2, 0.3},
                  {0.5, 0.9, 0.1, 0.2},
                  {0.3, 0.2, 0.8, 0.6},
                  {0.2, 0.7, 0.4, 0.1}};
  for (int steps : {0, 1, 6}) {
    check("grid_heat", tangent::grad<grid_heat>(), u0, 0.1, steps);
    check_same("grid_heat_bitwise", tangent::grad<grid_heat>()(u0, 0.1, steps),
               tangent::grad<grid_heat_taped>()(u0, 0.1, steps));
  }
  return summary();
}
