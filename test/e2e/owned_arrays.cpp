// End-to-end: arrays a function allocates, the C and C++ ways: `new
// double[n]` with `delete[]`, `new double[n]()` zeroed, `new double` of
// one element, std::unique_ptr<double[]> from std::make_unique or from
// new, `p.get()` given to a callee, a pointer walking the array it owns,
// and an integer array of indices; C's malloc and calloc with free, and
// functions of one's own that wrap them (allocated in a loop's body and
// freed there, given to callees), pointers declared first and allocated
// later (in each step of a loop, at sizes that change, or in a branch) and
// views declared first and set later; and nullptr tests of pointer
// parameters.
#include "check.hpp"

#include <cmath>
#include <cstdlib>
#include <memory>
#include <vector>

// Allocation helpers in the style of C-flavoured simulation codes.
template <typename T> T *make_buffer(std::size_t count) {
  return static_cast<T *>(std::malloc(sizeof(T) * count));
}
template <typename T> T *zeroed_buffer(std::size_t count) {
  return make_buffer<T>(count);
}
template <typename T> void drop_buffer(T **buffer) {
  if (*buffer != NULL) {
    std::free(*buffer);
    *buffer = NULL;
  }
}

void square_into(const double *x, double *y, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i] * x[i];
}

double with_new(const double *x, int n) {
  double *tmp = new double[n];
  square_into(x, tmp, n);
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += std::sin(tmp[i]) * x[(i + 1) % n];
  delete[] tmp;
  return s;
}

double zeroed_new(const double *x, int n) {
  double *acc = new double[n]();
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < n; ++i)
      acc[i] += x[i] * (k + 1.0);
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += acc[i] * acc[i];
  delete[] acc;
  return s;
}

double one_element(double a, double b) {
  double *p = new double;
  *p = a * b;
  *p += std::exp(a);
  const double r = *p * b;
  delete p;
  return r;
}

double with_make_unique(const double *x, int n) {
  auto buf = std::make_unique<double[]>(n);
  for (int i = 0; i < n; ++i)
    buf[i] = std::cos(x[i]);
  square_into(buf.get(), buf.get(), n);
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += buf[i] * x[i];
  return s;
}

double unique_from_new(const double *x, int n) {
  std::unique_ptr<double[]> w(new double[n]);
  square_into(x, w.get(), n);
  return w[0] * w[n - 1] + w[1];
}

// One vector given twice to a callee that writes through one (in place).
double in_place(const double *x, int n) {
  std::vector<double> v(x, x + n);
  square_into(v.data(), v.data(), n);
  square_into(v.data() + 1, v.data() + 1, n - 1);
  return v[0] * v[1] + v[n - 1];
}

double walking_owned(const double *x, int n) {
  double *p = new double[n];
  double *const start = p;
  for (int i = 0; i < n; ++i)
    *p++ = x[i] * 2.0;
  double s = 0.0;
  for (const double *q = start; q != start + n; ++q)
    s += *q * *q;
  delete[] start; // (of the view)
  return s;
}

double gathered(const double *x, int n) {
  int *order = new int[n];
  for (int i = 0; i < n; ++i)
    order[i] = n - 1 - i;
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += x[order[i]] * (i + 1.0);
  delete[] order;
  return s;
}

double with_malloc(const double *x, int n) {
  double *t = (double *)malloc(n * sizeof(double));
  double *acc = static_cast<double *>(calloc(n, sizeof(double)));
  square_into(x, t, n);
  for (int i = 0; i < n; ++i)
    acc[i] += t[i] * x[(i + 2) % n];
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += std::sqrt(acc[i] * acc[i] + 1.0) * t[i];
  free(t);
  std::free(acc);
  return s;
}

double one_malloced(double a, double b) {
  double *p = static_cast<double *>(malloc(sizeof(double)));
  *p = a * std::sin(b);
  const double r = *p * *p + b;
  free(p);
  return r;
}

// Buffers from helpers, allocated and released in each step of a time
// loop, given to callees that fill and read them.
void fluxes(const double *u, double *f, int n) {
  for (int i = 0; i < n; ++i)
    f[i] = 0.5 * u[i] * u[i] - 0.1 * u[(i + 1) % n];
}
double stepped(const double *x, int n) {
  double *u = make_buffer<double>(n);
  for (int i = 0; i < n; ++i)
    u[i] = x[i];
  for (int step = 0; step < 4; ++step) {
    double *f = make_buffer<double>(n);
    int *order = zeroed_buffer<int>(n);
    fluxes(u, f, n);
    for (int i = 0; i < n; ++i)
      order[i] = (i + step) % n;
    for (int i = 0; i < n; ++i)
      u[i] -= 0.2 * (f[order[i]] - f[i]);
    drop_buffer(&order);
    drop_buffer(&f);
  }
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += u[i] * u[i];
  drop_buffer(&u);
  return s;
}

// Declared first, allocated in each step at a size that changes, and in
// a branch taken only for some arguments, as C codes with an optional
// threaded path write it.
double allocated_later(const double *x, int n, int lanes) {
  double *buf;
  int *next;
  double s = 0.0;
  for (int step = 0; step < 3; ++step) {
    buf = make_buffer<double>(n + step);
    next = make_buffer<int>(n);
    for (int i = 0; i < n; ++i) {
      buf[i] = x[i] * x[(i + step) % n];
      next[i] = (i + 1) % n;
    }
    for (int i = 0; i < n; ++i)
      s += buf[next[i]] * (step + 1.0);
    drop_buffer(&next);
    drop_buffer(&buf);
  }
  double *lane_sums;
  if (lanes > 1)
    lane_sums = make_buffer<double>(2 * n);
  for (int i = 0; i < n; ++i) {
    double *mine; // a view set in the branch that uses it
    const double h[2] = {x[i] * x[i], std::sin(x[i])};
    if (lanes > 1) {
      mine = &lane_sums[2 * i];
      mine[0] = h[0];
      mine[1] = h[1];
    } else {
      s += h[0] * h[1];
    }
  }
  if (lanes > 1) {
    for (int i = 0; i < n; ++i)
      s += lane_sums[2 * i] * lane_sums[2 * i + 1];
    drop_buffer(&lane_sums);
  }
  return s;
}

// nullptr tests: an optional output and an optional weight.
void weigh(const double *x, const double *w, double *out, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += (w != nullptr ? w[i] : 1.0) * x[i] * x[i];
  if (out)
    *out = s;
}
double optional_args(const double *x, const double *w, int n) {
  double a = 0.0, b = 0.0;
  weigh(x, w, &a, n);
  weigh(x, nullptr, &b, n);
  weigh(x, w, nullptr, n);
  return a * b;
}

int main() {
  using tangent_test::check;
  using tangent_test::check_pullback;
  std::vector<double> x{0.4, -0.7, 1.3, 0.25, -1.1};
  std::vector<double> w{1.5, -0.5, 0.75, 2.0, -1.25};
  const int n = static_cast<int>(x.size());
  check_pullback("with_new", tangent::grad<with_new>(), 1.0, x.data(), n);
  check_pullback("zeroed_new", tangent::grad<zeroed_new>(), 1.0, x.data(), n);
  check("one_element", tangent::grad<one_element>(), 0.3, -1.2);
  check_pullback("with_make_unique", tangent::grad<with_make_unique>(), 1.0,
                 x.data(), n);
  check_pullback("unique_from_new", tangent::grad<unique_from_new>(), 1.0,
                 x.data(), n);
  check_pullback("in_place", tangent::grad<in_place>(), 1.0, x.data(), n);
  check_pullback("walking_owned", tangent::grad<walking_owned>(), 1.0, x.data(),
                 n);
  check_pullback("gathered", tangent::grad<gathered>(), 1.0, x.data(), n);
  check_pullback("with_malloc", tangent::grad<with_malloc>(), 1.0, x.data(), n);
  check("one_malloced", tangent::grad<one_malloced>(), 0.3, -1.2);
  check_pullback("stepped", tangent::grad<stepped>(), 1.0, x.data(), n);
  check_pullback("allocated_later (one lane)", tangent::grad<allocated_later>(),
                 1.0, x.data(), n, 1);
  check_pullback("allocated_later (two lanes)",
                 tangent::grad<allocated_later>(), 1.0, x.data(), n, 2);
  check_pullback("optional_args", tangent::grad<optional_args>(), 1.0, x.data(),
                 w.data(), n);
  return tangent_test::summary();
}
