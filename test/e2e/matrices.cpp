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

// Rows copied out (`auto r = m[i]`, `m.at(i)`, from a range-for
// reference) and changed without touching the matrix.
double row_copies(const Matrix &m, double w) {
  auto r = m[1];
  std::vector<double> q = m.at(0);
  r[0] *= w;
  q[1] += r[2];
  double s = 0;
  for (const auto &row : m) {
    std::vector<double> c = row;
    c[0] = std::sin(c[0] * w);
    s += c[0] * c[1];
  }
  for (std::size_t j = 0; j < r.size(); ++j)
    s += r[j] * q[j];
  return s;
}

std::vector<double> scaled(const std::vector<double> &v, double w) {
  std::vector<double> out(v.size());
  for (std::size_t j = 0; j < v.size(); ++j)
    out[j] = w * v[j];
  return out;
}

// Whole rows assigned: from a vector, from another row, from braces, from
// a call, a row to itself, and a vector from a row; the rows change sizes.
double row_assign(Matrix m, double w) {
  std::vector<double> r(m[0].size(), w);
  m[1] = r;
  m[0] = m[2];
  m[2] = {w * m[0][1], m[1][0]};
  m[1] = m[1];
  m.at(0) = scaled(m[1], m[2][0]);
  r = m[2];
  std::size_t i = 0;
  m[i] = m[i + 2];
  i = 2;
  m[1] = m[i];
  return m[0][0] * m[1][1] + m[2][0] * r[1] + m[0].size() * m[1][0];
}

// A trajectory recorded with push_back of the state, emplace_back of
// a new row, pop_back and push_back of braces and of its own row.
std::vector<double> stepped(const std::vector<double> &s, double h) {
  return {s[0] + h * s[1], s[1] - h * std::sin(s[0])};
}
double trajectory(double x, double v, int n) {
  Matrix traj;
  std::vector<double> s{x, v};
  traj.push_back(s);
  for (int t = 0; t < n; ++t) {
    s = stepped(s, 0.1);
    traj.push_back(s);
  }
  traj.emplace_back(2, x * v);
  traj.emplace_back();
  traj.pop_back();
  traj.push_back({x, traj[0][1] * v});
  traj.push_back(traj[1]);
  traj.insert(traj.end(), traj[2]);
  double e = 0;
  for (const auto &row : traj)
    for (double q : row)
      e += q * q;
  return e + traj.size();
}

// resize with a row and without, clear, and growth after it.
double resized_rows(Matrix m, double w) {
  m.resize(4, std::vector<double>{w, 2.0 * w, 3.0});
  double a = m[3][1] * m[0][0] + m[1][2];
  m.resize(2);
  m.resize(3);
  double b = m[2].size() + m[1][0] * w;
  m.clear();
  m.push_back({a, b});
  m.resize(2, m[0]);
  return m[1][0] * m[0][1] + m.size();
}

// References to rows (const and not, of m[i], back() and front()) see the
// rows as they change; back()/front() rows indexed and sized.
double row_refs(Matrix m, double w) {
  const auto &first = m[0];
  auto &last = m.back();
  last[0] *= w;
  m[0][1] = first[0] * w + last[1];
  const std::vector<double> &front = m.front();
  double s = first[1] * front[2];
  m.front()[2] = std::sin(m.back()[0]);
  return s + first[2] * m.back().size() + last[0];
}

void scale_row(std::vector<double> &r, double w) {
  for (double &e : r)
    e *= w;
}
// Rows passed by reference to callees that write them: a function, a
// lambda, through back(), in a loop.
double row_outputs(Matrix m, double w) {
  scale_row(m[1], w);
  double c = m[0][0];
  scale_row(m.back(), c);
  auto shift = [w](std::vector<double> &r) {
    for (double &e : r)
      e = e + w * e * e;
  };
  shift(m[0]);
  for (std::size_t i = 0; i < m.size(); ++i)
    scale_row(m[i], 0.5 + i * w);
  return m[0][0] * m[1][1] + m[2][2] * m[0][2];
}

// Range-for by reference over the rows and over their elements, a
// reference to an element of a row, a range over m[k] whose k changes in
// the body (the range is evaluated once).
double row_elements(Matrix m, double w) {
  for (auto &row : m)
    row[0] *= w;
  for (auto &row : m)
    for (double &e : row)
      e = std::sin(e) + w * e;
  double &corner = m[2][2];
  corner *= corner;
  std::size_t k = 1;
  double s = 0;
  for (double e : m[k]) {
    s += e * m[k][0];
    k = 0;
  }
  for (const auto &row : m)
    for (const double &e : row)
      s += e * e;
  return s + corner;
}

// A checkpointed loop that grows a matrix by one row per step: bitwise
// equal to the full tape.
double recorded_rows(double x, int n) {
  Matrix rows{{x, 0.5}};
  [[tangent::checkpoint]] for (int t = 0; t < n; ++t) {
    std::size_t k = rows.size() - 1;
    rows.push_back({rows[k][0] + 0.2 * rows[k][1],
                    rows[k][1] - 0.2 * std::sin(rows[k][0])});
  }
  return rows[rows.size() - 1][0] * rows[rows.size() / 2][1];
}
double recorded_rows_taped(double x, int n) {
  Matrix rows{{x, 0.5}};
  for (int t = 0; t < n; ++t) {
    std::size_t k = rows.size() - 1;
    rows.push_back({rows[k][0] + 0.2 * rows[k][1],
                    rows[k][1] - 0.2 * std::sin(rows[k][0])});
  }
  return rows[rows.size() - 1][0] * rows[rows.size() / 2][1];
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
  const Matrix m3{{0.3, -0.2, 0.5}, {0.1, 0.7, -0.4}, {0.6, 0.2, 0.9}};
  check("row_copies", tangent::grad<row_copies>(), m3, 0.8);
  check("row_assign", tangent::grad<row_assign>(), m3, 0.7);
  for (int n : {0, 3})
    check("trajectory", tangent::grad<trajectory>(), 0.4, 0.9, n);
  check("resized_rows", tangent::grad<resized_rows>(), m3, 0.6);
  check("row_refs", tangent::grad<row_refs>(), m3, 0.6);
  check("row_outputs", tangent::grad<row_outputs>(), m3, 0.6);
  check("row_elements", tangent::grad<row_elements>(), m3, 0.6);
  for (int n : {0, 1, 7, 16}) {
    check("recorded_rows", tangent::grad<recorded_rows>(), 0.4, n);
    check_same("recorded_rows_bitwise", tangent::grad<recorded_rows>()(0.4, n),
               tangent::grad<recorded_rows_taped>()(0.4, n));
  }
  return summary();
}
