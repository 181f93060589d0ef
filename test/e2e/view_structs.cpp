// End-to-end: structs whose fields are views into arrays, the way C-style
// numerical code bundles them (an LSTM's layer weights and state as
// pointers into one parameter buffer): built with braces, designated
// initializers or field by field, read (`s.w[i]`, `*s.b`), written through
// (`s.h[i] = ...`), given to helpers by value, by reference and by pointer,
// copied, with const int fields; and a helper that takes such a struct
// from its caller.
#include "check.hpp"

#include <cmath>
#include <vector>

template <class T> struct Layer {
  const T *weight; // n x n, row-major
  const T *bias;   // n
  int n;
};

template <class T> struct State {
  T *hidden;
  T *cell;
};

struct Span {
  const double *data;
  const int size;
};

// y = tanh(W x + b)
template <class T> void apply(const Layer<T> &l, const T *x, T *y) {
  for (int i = 0; i < l.n; ++i) {
    T s = l.bias[i];
    for (int k = 0; k < l.n; ++k)
      s += l.weight[i * l.n + k] * x[k];
    y[i] = std::tanh(s);
  }
}

template <class T> void step(Layer<T> l, State<T> *s) {
  std::vector<T> next(l.n);
  apply(l, s->hidden, next.data());
  for (int i = 0; i < l.n; ++i) {
    s->cell[i] = 0.5 * s->cell[i] + next[i];
    s->hidden[i] = std::tanh(s->cell[i]);
  }
}

// Two layers whose weights are views into one parameter buffer.
double two_layers(const double *params, int count, const double *x0, int n) {
  (void)count; // the size of params, 2 (n * n + n)
  std::vector<double> h(n), c(n, 0.0);
  for (int i = 0; i < n; ++i)
    h[i] = x0[i];
  Layer<double> first{params, params + n * n, n};
  Layer<double> second;
  second.weight = &params[n * n + n];
  second.bias = second.weight + n * n;
  second.n = n;
  State<double> s{h.data(), c.data()};
  for (int t = 0; t < 3; ++t) {
    step(first, &s);
    step(second, &s);
  }
  double loss = 0.0;
  for (int i = 0; i < n; ++i)
    loss += s.hidden[i] * s.hidden[i] + *s.cell;
  return loss;
}

// Designated initializers, a copy, a const int field.
double span_sum(const Span &s) {
  double r = 0.0;
  for (int i = 0; i < s.size; ++i)
    r += s.data[i] * s.data[i];
  return r;
}

double windows(const double *x, int n) {
  Span all{.data = x, .size = n};
  Span tail{x + 1, n - 1};
  Span copy = tail;
  return span_sum(all) * span_sum(copy) + copy.data[0];
}

// A const field in an object written by reference.
struct Counter {
  const int times;
  double x;
};
template <> struct tangent_test::fields<Counter> {
  static auto of(Counter &c) { return std::tie(c.x); }
};
void bump(Counter &c, double by) {
  for (int k = 0; k < c.times; ++k)
    c.x = c.x * by + std::sin(c.x);
}
double bumped(const Counter &c0, double by) {
  Counter c = c0;
  Counter local{2, c.x * 0.5};
  bump(local, by);
  bump(c, by);
  return c.x * local.x;
}

int main() {
  using tangent_test::check_pullback;
  const int n = 3;
  std::vector<double> params(2 * (n * n + n));
  for (std::size_t i = 0; i < params.size(); ++i)
    params[i] = 0.3 * std::sin(1.0 + 0.7 * double(i));
  std::vector<double> x0{0.5, -0.25, 0.8};
  check_pullback("two_layers", tangent::grad<two_layers>(), 1.0, params.data(),
                 int(params.size()), x0.data(), n);
  std::vector<double> x{0.4, -0.7, 1.3, 0.25};
  check_pullback("windows", tangent::grad<windows>(), 1.0, x.data(), 4);
  Counter c{3, 0.7};
  tangent_test::check("bumped", tangent::grad<bumped>(), c, 1.1);
  return tangent_test::summary();
}
