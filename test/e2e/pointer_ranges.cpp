// End-to-end: the standard algorithms over ranges of raw pointers and over
// parts of containers, the C way: std::fill(p, p + n, 0.0), std::copy(x + k,
// x + m, y), std::accumulate, std::inner_product, *std::max_element and
// *std::min_element over pointer ranges, views and sub-arrays, memcpy and
// memset of doubles, and iterator ranges of a part of a vector
// (a.begin() + 1, a.end()).
#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <vector>

// std::fill of a scratch buffer, then an accumulation into it.
double fill_then_sum(const double *x, int n) {
  std::vector<double> acc(n);
  std::fill(acc.data(), acc.data() + n, 0.5);
  for (int i = 0; i < n; ++i)
    acc[i] += x[i] * x[i];
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += std::log(acc[i]);
  return s;
}

// std::fill through an output pointer, part of it only.
void fill_part(const double *x, double *y, int n) {
  std::fill(y, y + n, 0.0);
  std::fill(y + 1, y + n - 1, x[0] * x[1]);
  for (int i = 0; i < n; ++i)
    y[i] += std::sin(x[i]);
}
double fill_part_loss(const double *x, int n) {
  std::vector<double> y(n);
  fill_part(x, y.data(), n);
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += y[i] * y[i] * (i + 1);
  return s;
}

// std::copy between pointers, a sub-array of the input into a local.
double copy_window(const double *x, int n) {
  double w[3];
  std::copy(x + 1, x + 4, w);
  std::vector<double> v(n);
  std::copy(x, x + n, v.begin());
  return w[0] * w[1] + w[2] * v[n - 1] +
         std::accumulate(v.begin() + 1, v.end(), 0.0);
}

// std::accumulate and std::inner_product over pointer ranges and views.
double sums(const double *x, const double *w, int n) {
  const double *tail = x + 1;
  double a = std::accumulate(x, x + n, 0.0);
  double b = std::inner_product(x, x + n, w, 0.0);
  double c = std::inner_product(tail, tail + (n - 1), w, 1.0);
  return a * b + std::sin(c);
}

// The largest and smallest value of a sub-array (log-sum-exp's shift).
double logsumexp_ptr(const double *x, int n) {
  const double m = *std::max_element(x, x + n);
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += std::exp(x[i] - m);
  return m + std::log(s);
}
double spread(const double *x, int n) {
  return *std::max_element(x + 1, x + n) - *std::min_element(x, x + n - 1);
}

// A range from an element's address: `&x[k], &x[k] + m`.
double window_max(const double *x, int n) {
  const double top = *std::max_element(&x[1], &x[1] + (n - 2));
  return top * std::accumulate(&x[0], &x[0] + n, 0.0);
}

// memcpy and memset of doubles.
double mem_ops(const double *x, int n) {
  std::vector<double> buf(n);
  std::memset(buf.data(), 0, n * sizeof(double));
  std::memcpy(buf.data(), x, (n - 1) * sizeof(double));
  double fixed[4];
  std::memcpy(fixed, x, sizeof(fixed));
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += buf[i] * x[i];
  return s * fixed[3] + fixed[0];
}

// A copy within one array, the destination first (a shift left).
double shift_left(const double *x, int n) {
  std::vector<double> v(x, x + n);
  std::copy(v.begin() + 1, v.end(), v.begin());
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += v[i] * (i + 1.0);
  return s;
}

// Iterator ranges of part of a vector.
double vector_parts(const std::vector<double> &x) {
  std::vector<double> y(x.size(), 1.0);
  std::fill(y.begin() + 1, y.end() - 1, 2.0);
  std::copy(x.begin(), x.begin() + 2, y.begin() + 2);
  return std::inner_product(y.begin(), y.end(), x.begin(), 0.0) +
         *std::max_element(x.begin() + 1, x.end());
}

int main() {
  using tangent_test::check;
  using tangent_test::check_pullback;
  std::vector<double> x{0.4, -0.7, 1.3, 0.25, -1.1, 0.9};
  std::vector<double> w{1.5, -0.5, 0.75, 2.0, -1.25, 0.6};
  const int n = static_cast<int>(x.size());
  check_pullback("fill_then_sum", tangent::grad<fill_then_sum>(), 1.0, x.data(),
                 n);
  check_pullback("fill_part_loss", tangent::grad<fill_part_loss>(), 1.0,
                 x.data(), n);
  check_pullback("copy_window", tangent::grad<copy_window>(), 1.0, x.data(), n);
  check_pullback("sums", tangent::grad<sums>(), 1.0, x.data(), w.data(), n);
  check_pullback("logsumexp_ptr", tangent::grad<logsumexp_ptr>(), 1.0, x.data(),
                 n);
  check_pullback("spread", tangent::grad<spread>(), 1.0, x.data(), n);
  check_pullback("window_max", tangent::grad<window_max>(), 1.0, x.data(), n);
  check_pullback("mem_ops", tangent::grad<mem_ops>(), 1.0, x.data(), n);
  check_pullback("shift_left", tangent::grad<shift_left>(), 1.0, x.data(), n);
  check("vector_parts", tangent::grad<vector_parts>(), x);
  return tangent_test::summary();
}
