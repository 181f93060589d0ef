// End-to-end: functions returning a reference (accessors), read and
// written through: a row-major Matrix class with operator()(i, j), free
// accessors into vectors, accessors calling accessors, in loops and in a
// checkpointed loop (bitwise equal to the full tape).
// Each gradient is checked against finite differences.
#include "check.hpp"

#include <cmath>
#include <numeric>
#include <vector>

class Matrix {
public:
  Matrix(int rows, int cols) : rows_(rows), cols_(cols), data_(rows * cols) {}
  double &operator()(int i, int j) { return data_[i * cols_ + j]; }
  double operator()(int i, int j) const { return data_[i * cols_ + j]; }
  double &at(int k) { return data_[k]; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }

private:
  int rows_, cols_;
  std::vector<double> data_;
  friend struct tangent_test::fields<Matrix>;
};
template <> struct tangent_test::fields<Matrix> {
  static auto of(Matrix &m) { return std::tie(m.data_); }
};

double &element(std::vector<double> &v, int i) { return v[i]; }
double &last(std::vector<double> &v) { return element(v, int(v.size()) - 1); }
double &scalar(double &x) { return x; }

// y = A x with A built from x, then a quadratic form.
double mat_vec(const std::vector<double> &x, double s) {
  const int n = int(x.size());
  Matrix a(n, n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a(i, j) = std::sin(s * (i + 1) * x[j]) + (i == j ? 2.0 : 0.0);
  std::vector<double> y(n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      y[i] += a(i, j) * x[j];
  double q = 0;
  for (int i = 0; i < n; ++i)
    q += y[i] * x[i];
  return q;
}

// A Matrix parameter read through the const accessor and updated through
// the other one (in-out).
double matrix_param(Matrix m, double x) {
  for (int i = 0; i < m.rows(); ++i)
    m(i, i) *= x;
  m.at(1) += x * m(0, 0);
  double s = 0;
  for (int i = 0; i < m.rows(); ++i)
    for (int j = 0; j < m.cols(); ++j)
      s += m(i, j) * m(j, i);
  return s;
}

// Free accessors, one through another, and compound assignments.
double free_accessors(std::vector<double> v, double x) {
  element(v, 0) = x * element(v, 1);
  last(v) += element(v, 0) * x;
  double y = 0.5;
  scalar(y) *= x;
  int k = 0;
  element(v, k++) -= y; // the argument is evaluated once
  return v[0] * v[1] + last(v) * y + k;
}

// An accessor bound to a range-for reference, and one called in the
// argument of another call of itself.
double through_aliases(std::vector<double> v, double x) {
  for (double &e : v)
    scalar(e) *= x;
  const std::vector<int> k{1, 0};
  element(v, int(element(v, k[0]) > 0.1)) += x * element(v, 0);
  return v[0] * v[1];
}

// A time stepper writing its state through the accessor, checkpointed.
void diffuse(std::vector<double> &u, double c) {
  for (int i = 1; i + 1 < int(u.size()); ++i)
    element(u, i) += c * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
  last(u) = std::sin(u[0]);
}
double stepped(std::vector<double> u, double c, int steps) {
  [[tangent::checkpoint]] for (int t = 0; t < steps; ++t)
    diffuse(u, c);
  return std::inner_product(u.begin(), u.end(), u.begin(), 0.0);
}
double stepped_taped(std::vector<double> u, double c, int steps) {
  for (int t = 0; t < steps; ++t)
    diffuse(u, c);
  return std::inner_product(u.begin(), u.end(), u.begin(), 0.0);
}

int main() {
  using namespace tangent_test;
  check("matrix/mat_vec", tangent::grad<mat_vec>(),
        std::vector<double>{0.3, -0.5, 0.8}, 0.7);
  Matrix m(2, 2);
  m(0, 0) = 0.5;
  m(0, 1) = -0.2;
  m(1, 0) = 0.4;
  m(1, 1) = 0.9;
  check("matrix/param", tangent::grad<matrix_param>(), m, 1.3);
  check("free_accessors", tangent::grad<free_accessors>(),
        std::vector<double>{0.3, -0.5, 0.8}, 0.7);
  check("through_aliases", tangent::grad<through_aliases>(),
        std::vector<double>{0.3, 0.7}, 1.3);
  const std::vector<double> u0{0.1, 0.6, 0.3, 0.9, 0.2};
  for (int steps : {0, 1, 7}) {
    check("stepped", tangent::grad<stepped>(), u0, 0.2, steps);
    check_same("stepped_bitwise", tangent::grad<stepped>()(u0, 0.2, steps),
               tangent::grad<stepped_taped>()(u0, 0.2, steps));
  }
  return summary();
}
