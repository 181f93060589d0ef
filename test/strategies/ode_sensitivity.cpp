// strategies.sample.ode_sensitivity: the gradient samples/ode_sensitivity
// requests (Lorenz-96, RK4, the time loop checkpointed under options) under
// the strategy matrix (test/e2e/check_strategies.hpp), on a ring of 8 sites
// and 40 steps.
#include "../e2e/check.hpp"

#define main sample_main
#include "../../samples/ode_sensitivity/ode_sensitivity.cpp"
#undef main

int main() {
  std::vector<double> u0(8, 8.0);
  u0[4] += 0.01;
  for (int t = 0; t < 200; ++t)
    rk4_step(u0, 8.0, 0.01);
  using tangent_test::check_strategies;
  check_strategies("energy<40>", tangent::grad<energy<40>>(), u0, 8.0);
  check_strategies(
      "energy<40>/checkpoint",
      tangent::grad<energy<40>, tangent::options{.checkpoint = true}>(), u0,
      8.0);
  return tangent_test::summary();
}
