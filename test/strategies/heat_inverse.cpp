// strategies.sample.heat_inverse: the gradient samples/heat_inverse
// requests (the misfit of the 1-D heat equation, 500 explicit steps, with
// respect to the diffusion coefficient only) under the strategy matrix
// (test/e2e/check_strategies.hpp), at the sample's starting point.
#include "../e2e/check.hpp"

#define main sample_main
#include "../../samples/heat_inverse/heat_inverse.cpp"
#undef main

int main() {
  const std::vector<double> obs = observe(0.4, 0.01);
  tangent_test::check_strategies(
      "misfit",
      tangent::grad<misfit, tangent::options{.wrt = tangent::wrt_params(0)}>(),
      1.2, obs);
  return tangent_test::summary();
}
