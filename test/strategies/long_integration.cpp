// strategies.sample.long_integration: the gradients samples/long_integration
// requests (Fisher-KPP, explicit Euler, under a memory budget and with
// checkpoint = true) under the strategy matrix
// (test/e2e/check_strategies.hpp), on 16 cells and 300 steps.
#include "../e2e/check.hpp"

#define main sample_main
#include "../../samples/long_integration/long_integration.cpp"
#undef main

int main() {
  std::vector<double> u0(16), target(16);
  for (std::size_t i = 0; i < u0.size(); ++i) {
    const double x = double(i) / double(u0.size());
    u0[i] = 0.3 + 0.2 * std::sin(2.0 * M_PI * x);
    target[i] = 0.6 + 0.1 * std::cos(2.0 * M_PI * x);
  }
  constexpr tangent::options budgeted{.wrt = tangent::wrt_params(0, 1),
                                      .memory_budget = budget_bytes};
  constexpr tangent::options segments{.checkpoint = true,
                                      .wrt = tangent::wrt_params(0, 1)};
  using tangent_test::check_strategies;
  check_strategies("misfit<300>/budget", tangent::grad<misfit<300>, budgeted>(),
                   u0, 0.01, target);
  check_strategies("misfit<300>/checkpoint",
                   tangent::grad<misfit<300>, segments>(), u0, 0.01, target);
  return tangent_test::summary();
}
