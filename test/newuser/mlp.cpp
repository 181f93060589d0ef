// New user, program 2: the loss of a small multilayer perceptron.
//
// A `Layer` struct holding its weights and biases in std::vectors with a
// const member function for its forward pass, a two-layer network
// (tanh hidden layer, linear output), softmax cross-entropy over three
// classes with the usual max subtraction, L2 regularisation, and the mean
// loss of a batch over a std::vector<Layer>. Gradients with respect to the
// layers are Layers; checked against central finite differences
// (test/e2e/check.hpp).
#include "../e2e/check.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

struct Layer {
  int in = 0;
  int out = 0;
  std::vector<double> W; // out x in, row-major
  std::vector<double> b; // out

  Layer() = default;
  Layer(int in_, int out_, double seed)
      : in(in_), out(out_), W(in_ * out_), b(out_) {
    for (int k = 0; k < in * out; ++k)
      W[k] = 0.6 * std::sin(seed * (k + 1) + 0.3);
    for (int o = 0; o < out; ++o)
      b[o] = 0.1 * std::cos(seed * (o + 2));
  }

  // W x + b
  std::vector<double> affine(const std::vector<double> &x) const {
    std::vector<double> z(out);
    for (int o = 0; o < out; ++o) {
      double s = b[o];
      for (int i = 0; i < in; ++i)
        s += W[o * in + i] * x[i];
      z[o] = s;
    }
    return z;
  }

  // tanh(W x + b)
  std::vector<double> forward(const std::vector<double> &x) const {
    std::vector<double> z = affine(x);
    for (double &v : z)
      v = std::tanh(v);
    return z;
  }
};
template <> struct tangent_test::fields<Layer> {
  static auto of(Layer &l) { return std::tie(l.W, l.b); }
};

double cross_entropy(const std::vector<double> &logits, int label) {
  double m = *std::max_element(logits.begin(), logits.end());
  double sum = 0.0;
  for (double z : logits)
    sum += std::exp(z - m);
  return std::log(sum) + m - logits[label];
}

double l2(const Layer &l) {
  double s = 0.0;
  for (double w : l.W)
    s += w * w;
  return s;
}

// One example: hidden tanh layer, linear output layer, cross-entropy.
double mlp_loss(const Layer &hidden, const Layer &output,
                const std::vector<double> &x, int label, double lambda) {
  std::vector<double> h = hidden.forward(x);
  std::vector<double> logits = output.affine(h);
  return cross_entropy(logits, label) + lambda * (l2(hidden) + l2(output));
}

// Mean squared error of a deeper tanh network over a batch.
double batch_loss(const std::vector<Layer> &net,
                  const std::vector<std::vector<double>> &inputs,
                  const std::vector<double> &targets) {
  double total = 0.0;
  for (std::size_t n = 0; n < inputs.size(); ++n) {
    std::vector<double> a = inputs[n];
    for (const Layer &layer : net)
      a = layer.forward(a);
    double d = a[0] - targets[n];
    total += d * d;
  }
  return total / inputs.size();
}

int main() {
  using namespace tangent_test;
  Layer hidden(3, 4, 0.7), output(4, 3, 1.3);
  std::vector<double> x{0.5, -0.2, 0.9};

  auto dloss = tangent::grad<mlp_loss>();
  check("mlp_loss/grad", dloss, hidden, output, x, 2, 1e-3);
  check_value_and_grad("mlp_loss/value_and_grad", dloss, hidden, output, x, 1,
                       1e-3);

  // What a training step uses: the gradients of the two layers only.
  auto dlayers =
      tangent::grad<mlp_loss,
                    tangent::options{.wrt = tangent::wrt_params(0, 1)}>();
  check("mlp_loss/grad wrt layers", dlayers, hidden, output, x, 0, 1e-3);
  {
    auto [gh, go] = dlayers(hidden, output, x, 0, 1e-3);
    check_true("mlp_loss/gradient shapes",
               gh.W.size() == hidden.W.size() && gh.b.size() == 4 &&
                   go.W.size() == output.W.size() && go.b.size() == 3 &&
                   gh.in == 3 && gh.out == 4 && go.in == 4 && go.out == 3);
    // One SGD step lowers the loss.
    Layer h2 = hidden, o2 = output;
    for (std::size_t k = 0; k < h2.W.size(); ++k)
      h2.W[k] -= 0.1 * gh.W[k];
    for (std::size_t k = 0; k < h2.b.size(); ++k)
      h2.b[k] -= 0.1 * gh.b[k];
    for (std::size_t k = 0; k < o2.W.size(); ++k)
      o2.W[k] -= 0.1 * go.W[k];
    for (std::size_t k = 0; k < o2.b.size(); ++k)
      o2.b[k] -= 0.1 * go.b[k];
    check_true("mlp_loss/sgd step lowers the loss",
               mlp_loss(h2, o2, x, 0, 1e-3) <
                   mlp_loss(hidden, output, x, 0, 1e-3));
  }

  std::vector<Layer> net{Layer(2, 5, 0.4), Layer(5, 3, 0.9), Layer(3, 1, 1.7)};
  std::vector<std::vector<double>> inputs{
      {0.1, 0.2}, {-0.5, 0.3}, {0.8, -0.7}, {0.0, 0.4}};
  std::vector<double> targets{0.3, -0.2, 0.5, 0.1};
  auto dbatch =
      tangent::grad<batch_loss,
                    tangent::options{.wrt = tangent::wrt_params(0)}>();
  check("batch_loss/grad wrt net", dbatch, net, inputs, targets);
  auto dall = tangent::grad<batch_loss>();
  check("batch_loss/grad", dall, net, inputs, targets);
  return summary();
}
