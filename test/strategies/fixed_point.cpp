// strategies.sample.fixed_point: the gradients samples/fixed_point
// requests (a while loop to tolerance under [[tangent::checkpoint(8)]], and
// its un-annotated twin) under the strategy matrix
// (test/e2e/check_strategies.hpp), both against the taped twin, on 40 units.
#include "../e2e/check.hpp"

#define main sample_main
#include "../../samples/fixed_point/fixed_point.cpp"
#undef main

int main() {
  std::vector<double> x(40);
  for (std::size_t j = 0; j < x.size(); ++j)
    x[j] = 0.8 * std::sin(0.05 * double(j)) + 0.3 * std::cos(0.31 * double(j));
  tangent_test::check_twin_strategies("equilibrium_energy",
                                      tangent::grad<equilibrium_energy_taped>(),
                                      tangent::grad<equilibrium_energy>(), x);
  return tangent_test::summary();
}
