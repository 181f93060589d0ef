// strategies.sample.rnn_training: the gradient samples/rnn_training
// requests (an Elman RNN, back-propagation through time, the data left out
// by wrt) under the strategy matrix (test/e2e/check_strategies.hpp), over a
// sequence of 24 samples.
#include "../e2e/check.hpp"

#define main sample_main
#include "../../samples/rnn_training/rnn_training.cpp"
#undef main

int main() {
  Lcg rng;
  std::vector<double> W(H * H), U(H), b(H, 0.0), v(H);
  for (double &w : W)
    w = 0.5 / std::sqrt(double(H)) * rng.next();
  for (double &u : U)
    u = 0.5 * rng.next();
  for (double &r : v)
    r = 0.1 * rng.next();
  const std::vector<double> xs = signal(0, 24);
  tangent_test::check_strategies(
      "loss",
      tangent::grad<loss, tangent::options{.wrt = tangent::wrt_params(0, 1, 2,
                                                                      3, 4)}>(),
      W, U, b, v, 0.05, xs);
  return tangent_test::summary();
}
