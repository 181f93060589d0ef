// End-to-end: pointers that walk, the C way of going through storage: a
// view stepped (`++p`, `p += d`, `*p++`), a pointer parameter stepped in
// its function, a pointer reassigned to addresses into its storage, loops
// to an end pointer (`p != x + n`, `p < end`), differences of pointers
// (`p - x`), dereferenced sums (`*(x + i + 1)`), writes through a walking
// pointer, walks inside callees writing results through `T* out`, and
// `nullptr` given to pointer parameters and tested.
#include "check.hpp"

#include <cmath>
#include <vector>

// A view stepped one element at a time.
double walk_squares(const std::vector<double> &x) {
  const double *p = x.data();
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    s += *p * *p;
    ++p;
  }
  return s;
}

// `*p++`: the element, then the step.
double weighted_walk(const std::vector<double> &x) {
  const double *p = &x[0];
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i)
    s += (1.0 + 0.5 * double(i)) * std::sin(*p++);
  return s;
}

// A pointer parameter stepped in its callee, two at once.
double dot(const double *a, const double *b, int n) {
  double s = 0.0;
  while (n-- > 0)
    s += *a++ * *b++;
  return s;
}

double shifted_dot(const std::vector<double> &x) {
  const int n = static_cast<int>(x.size()) - 2;
  return dot(x.data(), x.data() + 2, n) + dot(&x[1], &x[0], n);
}

// A loop to an end pointer.
double to_end(const std::vector<double> &x) {
  double s = 0.0;
  for (const double *p = x.data(); p != x.data() + x.size(); ++p)
    s += std::exp(0.3 * *p);
  return s;
}

// `p < end` with a named end, and `p - begin` as an integer weight.
double ranked(const std::vector<double> &x) {
  const double *begin = x.data();
  const double *end = begin + x.size();
  double s = 0.0;
  for (const double *p = begin; p < end; p += 1)
    s += double(p - begin + 1) * *p * *p;
  return s;
}

// Rows of a row-major matrix by a stride.
double row_products(const std::vector<double> &m) {
  const int cols = 3;
  const int rows = static_cast<int>(m.size()) / cols;
  const double *row = m.data();
  double s = 0.0;
  for (int r = 0; r < rows; ++r) {
    s += row[0] * row[1] + row[2] * row[cols - 1];
    row += cols;
  }
  return s;
}

// Backwards from the last element.
double backwards(const std::vector<double> &x) {
  const double *p = x.data() + x.size() - 1;
  double s = 0.0, w = 1.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    s += w * *p--;
    w *= 0.8;
  }
  return s * s;
}

// Reassigned to an address into its storage.
double reassigned(const std::vector<double> &x) {
  const int n = static_cast<int>(x.size());
  const double *p = x.data();
  double s = 0.0;
  for (int i = 0; i + 1 < n; ++i) {
    p = &x[i + 1];
    s += p[0] * p[-1];
    p = x.data() + (n - 1 - i);
    s += 0.5 * *p;
  }
  return s;
}

// Dereferenced sums: `*(x + i)`, `*(x + i + 1)`, `*(x + n - 1)`.
double neighbours(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i + 1 < n; ++i)
    s += *(x + i) * *(x + i + 1);
  return s + *(x + n - 1);
}

double neighbour_sum(const std::vector<double> &x) {
  return neighbours(x.data(), static_cast<int>(x.size()));
}

// Writes through a walking pointer into a local buffer.
double squares_out(const std::vector<double> &x) {
  std::vector<double> y(x.size());
  double *q = y.data();
  for (std::size_t i = 0; i < x.size(); ++i)
    *q++ = x[i] * x[i] + 1.0;
  double s = 0.0;
  for (double v : y)
    s += std::log(v);
  return s;
}

// A callee that walks its output.
void scale_into(const double *x, int n, double a, double *out) {
  for (int i = 0; i < n; ++i) {
    *out = a * *x;
    ++out;
    ++x;
  }
}

double scaled_copies(const std::vector<double> &x, double a) {
  const int n = static_cast<int>(x.size());
  std::vector<double> y(2 * x.size());
  scale_into(x.data(), n, a, y.data());
  scale_into(x.data(), n, a * a, y.data() + n);
  double s = 0.0;
  for (double v : y)
    s += v * v * v;
  return s;
}

// A walk in a callee writing a result through `T* out`.
void sum_of_logs(const double *x, int n, double *out) {
  const double *end = x + n;
  double s = 0.0;
  while (x != end) {
    s += std::log(1.0 + *x * *x);
    x++;
  }
  *out = s;
}

double via_out(const std::vector<double> &x) {
  double e = 0.0;
  sum_of_logs(x.data(), static_cast<int>(x.size()), &e);
  return e;
}

// A walking view of a parameter of the requested function, and a walk of
// the requested function's own pointer parameter (through a wrapper).
double stride_sum(const double *x, int n, int stride) {
  double s = 0.0;
  for (const double *end = x + n; x < end; x += stride)
    s += *x * std::cos(*x);
  return s;
}

double strided(const std::vector<double> &x) {
  return stride_sum(x.data(), static_cast<int>(x.size()), 2) +
         stride_sum(x.data() + 1, static_cast<int>(x.size()) - 1, 3);
}

// Optional outputs and weights: `nullptr` given, tested (`if (extra)`,
// `w != nullptr`).
void moments(const double *x, int n, const double *w, double *mean,
             double *second) {
  double s = 0.0, s2 = 0.0;
  for (int i = 0; i < n; ++i) {
    const double wi = w != nullptr ? w[i] : 1.0;
    s += wi * x[i];
    s2 += wi * x[i] * x[i];
  }
  if (mean)
    *mean = s / n;
  if (second != nullptr)
    *second = s2 / n;
}

double optional_outputs(const std::vector<double> &x) {
  const int n = static_cast<int>(x.size());
  double m = 0.0, m2 = 0.0;
  moments(x.data(), n, nullptr, &m, nullptr);
  moments(x.data(), n, x.data(), nullptr, &m2);
  return m * m + m2;
}

// A walk whose loop is checkpointed: its state holds the offset.
double checkpointed_walk(const std::vector<double> &x) {
  const double *p = x.data();
  double s = 0.0;
  [[tangent::checkpoint]] for (std::size_t i = 0; i < x.size(); ++i) {
    s = std::sin(s) + *p;
    p++;
  }
  return s;
}

int main() {
  using namespace tangent_test;
  const std::vector<double> x{0.5, -1.0, 2.0, 0.3, 0.7, -0.2, 1.1, 0.4, -0.6};
  check("walk_squares", tangent::grad<walk_squares>(), x);
  check("weighted_walk", tangent::grad<weighted_walk>(), x);
  check("shifted_dot", tangent::grad<shifted_dot>(), x);
  check("to_end", tangent::grad<to_end>(), x);
  check("ranked", tangent::grad<ranked>(), x);
  check("row_products", tangent::grad<row_products>(), x);
  check("backwards", tangent::grad<backwards>(), x);
  check("reassigned", tangent::grad<reassigned>(), x);
  check("neighbour_sum", tangent::grad<neighbour_sum>(), x);
  check("squares_out", tangent::grad<squares_out>(), x);
  check("scaled_copies", tangent::grad<scaled_copies>(), x, 0.7);
  check("via_out", tangent::grad<via_out>(), x);
  check("strided", tangent::grad<strided>(), x);
  check("optional_outputs", tangent::grad<optional_outputs>(), x);
  check("checkpointed_walk", tangent::grad<checkpointed_walk>(), x);
  return summary();
}
