// End-to-end: a small multilayer perceptron written the way ML code is
// written in C++: a `Layer` struct holding its weights and biases in
// vectors, the network a `std::vector<Layer>`, a forward pass over the
// layers, a loss over a batch, a training step, and an RNN cell stepped in
// a checkpointed loop (bitwise equal to the full tape). The gradient with
// respect to the layers is a std::vector<Layer> of the same shapes.
// Each gradient is checked against finite differences.
#include "check.hpp"

#include <cmath>
#include <numeric>
#include <vector>

struct Layer {
  std::vector<double> w; // out x in, row-major
  std::vector<double> b; // out
  int in, out;
};
template <> struct tangent_test::fields<Layer> {
  static auto of(Layer &l) { return std::tie(l.w, l.b); }
};

Layer make_layer(int in, int out, double seed) {
  Layer l{std::vector<double>(in * out), std::vector<double>(out), in, out};
  for (int k = 0; k < in * out; ++k)
    l.w[k] = 0.5 * std::sin(seed * (k + 1));
  for (int o = 0; o < out; ++o)
    l.b[o] = 0.1 * std::cos(seed + o);
  return l;
}

// One layer: tanh(W x + b), written into `y`.
void apply(const Layer &l, const std::vector<double> &x,
           std::vector<double> &y) {
  for (int o = 0; o < l.out; ++o) {
    double z = l.b[o];
    for (int i = 0; i < l.in; ++i)
      z += l.w[o * l.in + i] * x[i];
    y[o] = std::tanh(z);
  }
}

// The network's output for one input (a scalar: the last layer has one
// output).
double predict(const std::vector<Layer> &net, const std::vector<double> &x) {
  std::vector<double> a = x;
  for (std::size_t k = 0; k < net.size(); ++k) {
    std::vector<double> next(net[k].out);
    apply(net[k], a, next);
    a = next;
  }
  return a[0];
}

// Mean squared error over a batch (inputs as rows of a matrix).
double loss(const std::vector<Layer> &net,
            const std::vector<std::vector<double>> &xs,
            const std::vector<double> &ys) {
  double s = 0;
  for (std::size_t n = 0; n < xs.size(); ++n) {
    double e = predict(net, xs[n]) - ys[n];
    s += e * e;
  }
  return s / xs.size();
}

// The same loss, the layers read in place (weights indexed through the
// element of the vector of layers).
double loss_inline(const std::vector<Layer> &net,
                   const std::vector<std::vector<double>> &xs,
                   const std::vector<double> &ys) {
  double s = 0;
  for (std::size_t n = 0; n < xs.size(); ++n) {
    std::vector<double> a(xs[n].size());
    for (std::size_t i = 0; i < a.size(); ++i)
      a[i] = xs[n][i];
    for (const Layer &l : net) {
      std::vector<double> z(l.out);
      for (int o = 0; o < l.out; ++o) {
        z[o] = l.b[o];
        for (int i = 0; i < l.in; ++i)
          z[o] += l.w[o * l.in + i] * a[i];
        z[o] = std::tanh(z[o]);
      }
      a = z;
    }
    double e = a[0] - ys[n];
    s += e * e;
  }
  return s / xs.size();
}

// An RNN cell stepped over a sequence, checkpointed: h <- tanh(W h + U x_t).
void rnn_step(const Layer &cell, double x, std::vector<double> &h) {
  std::vector<double> next(cell.out);
  for (int o = 0; o < cell.out; ++o) {
    double z = cell.b[o] * x;
    for (int i = 0; i < cell.in; ++i)
      z += cell.w[o * cell.in + i] * h[i];
    next[o] = std::tanh(z);
  }
  h = next;
}
double rnn(const Layer &cell, const std::vector<double> &xs, int steps) {
  std::vector<double> h(cell.out, 0.0);
  [[tangent::checkpoint]] for (int t = 0; t < steps; ++t)
    rnn_step(cell, xs[t % xs.size()], h);
  return std::accumulate(h.begin(), h.end(), 0.0);
}
double rnn_taped(const Layer &cell, const std::vector<double> &xs, int steps) {
  std::vector<double> h(cell.out, 0.0);
  for (int t = 0; t < steps; ++t)
    rnn_step(cell, xs[t % xs.size()], h);
  return std::accumulate(h.begin(), h.end(), 0.0);
}

int main() {
  using namespace tangent_test;
  const std::vector<Layer> net{make_layer(3, 4, 0.7), make_layer(4, 2, 1.3),
                               make_layer(2, 1, 2.1)};
  const std::vector<std::vector<double>> xs{
      {0.5, -0.2, 0.1}, {0.3, 0.8, -0.6}, {-0.4, 0.2, 0.9}};
  const std::vector<double> ys{0.2, -0.1, 0.4};
  check("predict", tangent::grad<predict>(), net, xs[1]);
  check("loss", tangent::grad<loss>(), net, xs, ys);
  check("loss_inline", tangent::grad<loss_inline>(), net, xs, ys);
  const Layer cell = make_layer(3, 3, 0.9);
  for (int steps : {0, 1, 10}) {
    check("rnn", tangent::grad<rnn>(), cell, ys, steps);
    check_same("rnn_bitwise", tangent::grad<rnn>()(cell, ys, steps),
               tangent::grad<rnn_taped>()(cell, ys, steps));
  }
  return summary();
}
