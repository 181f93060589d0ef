// Training a recurrent neural network by gradient descent.
//
// An Elman RNN reads a signal one sample at a time and predicts the next one:
//
//   h_t = tanh(W h_{t-1} + U x_t + b)      (hidden state, H = 32)
//   y_t = v . h_t + c                       (prediction of x_{t+1})
//
// The signal is the sum of two sinusoids, so a good prediction needs a memory
// of the last few samples: the network has to learn it in W. The loss is the
// mean squared prediction error over a sequence of 200 steps; one call of
// tangent::grad<loss> gives its gradient with respect to W, U, b, v and c
// (back-propagation through time, generated from the plain C++ below), and
// plain gradient descent follows it.
//
//   build/bin/tangent-clang++ -O2 samples/rnn_training/rnn_training.cpp
//
// Deterministic (fixed seed). Exits with status 1 unless the final training
// loss is below half the initial one.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

constexpr int H = 32;  // hidden units
constexpr int T = 200; // training sequence length

// Mean squared error of the one-step-ahead predictions of the sequence xs.
// W is H x H (row-major), U and b have H entries, v is the read-out, c its
// bias. The last parameter, the data, is not differentiated (see `wrt` below).
double loss(const std::vector<double> &W, const std::vector<double> &U,
            const std::vector<double> &b, const std::vector<double> &v,
            double c, const std::vector<double> &xs) {
  std::vector<double> h(H, 0.0);
  std::vector<double> hn(H, 0.0);
  const int steps = int(xs.size()) - 1;
  double sse = 0.0;
  for (int t = 0; t < steps; ++t) {
    // Hidden state update.
    for (int i = 0; i < H; ++i) {
      double a = b[i] + U[i] * xs[t];
      for (int j = 0; j < H; ++j)
        a += W[i * H + j] * h[j];
      hn[i] = std::tanh(a);
    }
    for (int i = 0; i < H; ++i)
      h[i] = hn[i];
    // Read-out and error against the next sample.
    double y = c;
    for (int i = 0; i < H; ++i)
      y += v[i] * h[i];
    const double e = y - xs[t + 1];
    sse += e * e;
  }
  return sse / steps;
}

// The signal: two incommensurate sinusoids.
std::vector<double> signal(int first, int count) {
  std::vector<double> xs(count);
  for (int t = 0; t < count; ++t)
    xs[t] = 0.6 * std::sin(0.31 * (first + t)) +
            0.3 * std::sin(0.73 * (first + t) + 1.0);
  return xs;
}

// A small deterministic generator for the initial weights: uniform in [-1, 1).
struct Lcg {
  std::uint64_t state = 20240601;
  double next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return double(state >> 11) * 0x1.0p-52 - 1.0;
  }
};

int main() {
  const std::vector<double> train = signal(0, T + 1);
  const std::vector<double> test = signal(5000, T + 1); // a later stretch

  // Parameters.
  Lcg rng;
  std::vector<double> W(H * H), U(H), b(H, 0.0), v(H);
  for (double &w : W)
    w = 0.5 / std::sqrt(double(H)) * rng.next();
  for (double &u : U)
    u = 0.5 * rng.next();
  for (double &r : v)
    r = 0.1 * rng.next();
  double c = 0.0;

  // Gradient with respect to the parameters 0..4 (W, U, b, v, c); the data
  // xs (parameter 5) is a std::vector<double> too, but we do not need its
  // gradient, so leave it out.
  auto dloss = tangent::grad<loss, tangent::options{.wrt = tangent::wrt_params(
                                                        0, 1, 2, 3, 4)}>();

  const int epochs = 600;
  const double lr = 0.1;
  const double initial = loss(W, U, b, v, c, train);
  const double initial_test = loss(W, U, b, v, c, test);
  std::printf("Elman RNN, H = %d, one-step-ahead prediction over %d steps, "
              "gradient descent (lr = %.2f)\n",
              H, T, lr);

  // Spot check of back-propagation through time: one recurrent weight
  // against central finite differences, at the initial parameters.
  bool grad_ok = false;
  {
    const auto [gW, gU, gb, gv, gc] = dloss(W, U, b, v, c, train);
    const int k = 3 * H + 5;
    const double h = 1e-6, w = W[k];
    W[k] = w + h;
    const double lp = loss(W, U, b, v, c, train);
    W[k] = w - h;
    const double lm = loss(W, U, b, v, c, train);
    W[k] = w;
    const double fd = (lp - lm) / (2 * h);
    grad_ok = std::fabs(gW[k] - fd) <= 1e-6 * std::fmax(1e-3, std::fabs(fd));
    std::printf(
        "dL/dW[3][5]: tangent % .10e, finite differences % .10e -> %s\n", gW[k],
        fd, grad_ok ? "PASS" : "FAIL");
  }

  std::printf("  epoch %4d   training loss %.6f\n", 0, initial);
  for (int epoch = 1; epoch <= epochs; ++epoch) {
    const auto [gW, gU, gb, gv, gc] = dloss(W, U, b, v, c, train);
    for (std::size_t k = 0; k < W.size(); ++k)
      W[k] -= lr * gW[k];
    for (int i = 0; i < H; ++i) {
      U[i] -= lr * gU[i];
      b[i] -= lr * gb[i];
      v[i] -= lr * gv[i];
    }
    c -= lr * gc;
    if (epoch % 100 == 0)
      std::printf("  epoch %4d   training loss %.6f\n", epoch,
                  loss(W, U, b, v, c, train));
  }
  const double final_loss = loss(W, U, b, v, c, train);
  const double final_test = loss(W, U, b, v, c, test);
  std::printf("training loss %.6f -> %.6f (%.1f%% of initial)\n", initial,
              final_loss, 100.0 * final_loss / initial);
  std::printf("held-out loss %.6f -> %.6f\n", initial_test, final_test);

  // For comparison: the best predictor that sees only the current sample,
  // y_t = alpha x_t + beta (least squares). The RNN beats it by remembering.
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (int t = 0; t < T; ++t) {
    sx += train[t];
    sy += train[t + 1];
    sxx += train[t] * train[t];
    sxy += train[t] * train[t + 1];
  }
  const double alpha = (T * sxy - sx * sy) / (T * sxx - sx * sx);
  const double beta = (sy - alpha * sx) / T;
  double memoryless = 0;
  for (int t = 0; t < T; ++t) {
    const double e = alpha * train[t] + beta - train[t + 1];
    memoryless += e * e / T;
  }
  std::printf("memoryless linear predictor (reference): %.6f\n", memoryless);

  const bool learned = final_loss < 0.5 * initial;
  std::printf("%s: final loss %s half the initial loss\n",
              learned ? "PASS" : "FAIL", learned ? "below" : "NOT below");
  const bool ok = learned && grad_ok;
  return ok ? 0 : 1;
}
