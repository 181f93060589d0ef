// End-to-end: constructors that set views. C++ code bundles the parts of
// one parameter buffer into small structs built by constructors (an LSTM's
// gates: `Gates(const double *p, int h) : forget(p), input(&p[h]) {}`),
// nests them, holds them const, and builds the state the same way over a
// buffer it writes. Such a constructor runs in place: its views point into
// the caller's arrays.
#include "check.hpp"

#include <cmath>
#include <vector>

template <class T> struct Gates {
  const T *forget;
  const T *input;
  const T *output;
  Gates(const T *p, int h) : forget(p), input(&p[h]), output(p + 2 * h) {}
};

// Const objects holding views, built by nested constructors.
template <class T> struct Layer {
  const Gates<T> weight;
  const Gates<T> bias;
  const int size;
  Layer(const T *p, int h) : weight(p, h), bias(&p[3 * h], h), size(h) {}
};

// Views a function writes through.
template <class T> struct Cell {
  T *hidden;
  T *memory;
  Cell(T *s, int h) : hidden(s), memory(&s[h]) {}
};

template <class T> T sigmoid(T x) { return 1.0 / (1.0 + std::exp(-x)); }

template <class T> void update(const Layer<T> &l, const T *x, Cell<T> &c) {
  for (int i = 0; i < l.size; ++i) {
    T f = sigmoid(l.weight.forget[i] * x[i] + l.bias.forget[i]);
    T in = sigmoid(l.weight.input[i] * c.hidden[i] + l.bias.input[i]);
    T o = sigmoid(l.weight.output[i] * x[i] + l.bias.output[i]);
    c.memory[i] = f * c.memory[i] + in * std::tanh(x[i]);
    c.hidden[i] = o * std::tanh(c.memory[i]);
  }
}

// Two layers over one parameter buffer, the state over a copy of the
// initial state.
double lstm_like(const double *params, int np, const double *state0, int ns,
                 const double *x, int nx, int h, int steps) {
  (void)np, (void)ns, (void)nx; // the sizes: 12 h, 4 h, steps h
  Layer<double> first(params, h);
  Layer<double> second(&params[6 * h], h);
  std::vector<double> state(4 * h);
  for (int i = 0; i < 4 * h; ++i)
    state[i] = state0[i];
  Cell<double> c1(state.data(), h);
  Cell<double> c2(&state[2 * h], h);
  double loss = 0.0;
  for (int t = 0; t < steps; ++t) {
    update(first, &x[t * h], c1);
    update(second, c1.hidden, c2);
    for (int i = 0; i < h; ++i)
      loss += c2.hidden[i] * c2.hidden[i];
  }
  return loss;
}

// A view object built where it is assigned, and one per loop iteration.
double windows(const double *x, int n, int w) {
  double total = 0.0;
  for (int k = 0; k + 3 * w <= n; k += w) {
    Gates<double> g(&x[k], w);
    for (int i = 0; i < w; ++i)
      total += g.forget[i] * g.output[i] - std::sin(g.input[i]);
  }
  Gates<double> last = Gates<double>(x + n - 3 * w, w);
  return total + last.output[w - 1] * last.forget[0];
}

int main() {
  using tangent_test::check_pullback;
  const int h = 3, steps = 4;
  std::vector<double> params(12 * h), state0(4 * h), x(steps * h);
  for (std::size_t i = 0; i < params.size(); ++i)
    params[i] = 0.4 * std::sin(0.3 + 0.9 * double(i));
  for (std::size_t i = 0; i < state0.size(); ++i)
    state0[i] = 0.2 * std::cos(1.0 + double(i));
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = 0.5 * std::sin(2.0 * double(i));
  check_pullback("lstm_like", tangent::grad<lstm_like>(), 1.0, params.data(),
                 12 * h, state0.data(), 4 * h, x.data(), steps * h, h, steps);
  std::vector<double> y(11);
  for (std::size_t i = 0; i < y.size(); ++i)
    y[i] = 0.3 + 0.1 * double(i) * std::cos(double(i));
  check_pullback("windows", tangent::grad<windows>(), 1.0, y.data(), 11, 2);
  return tangent_test::summary();
}
