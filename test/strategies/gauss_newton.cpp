// strategies.sample.gauss_newton: the requests samples/gauss_newton makes
// (the misfit's gradient and Hessian-vector products, the residuals'
// Jacobian by forward sweeps) under the strategy matrix
// (test/e2e/check_strategies.hpp): the gradient and hvp of every variant
// bitwise against the fully taped ones, jvp values against plain calls;
// 20 samples.
#include "../e2e/check.hpp"

#define main sample_main
#include "../../samples/gauss_newton/gauss_newton.cpp"
#undef main

int main() {
  const Params truth{2.0, 0.5, 3.0, 0.4};
  std::vector<double> t;
  for (int i = 0; i < 20; ++i)
    t.push_back(0.2 * i);
  const std::vector<double> y =
      residuals(truth, t, std::vector<double>(t.size(), 0.0));
  const Params start{1.6, 0.7, 2.85, 0.55};
  constexpr tangent::options only_p{.wrt = tangent::wrt_params(0)};
  using tangent_test::check_strategies;
  check_strategies("misfit", tangent::grad<misfit, only_p>(), start, t, y);
  check_strategies("misfit: hvp", tangent::hvp<misfit, only_p>(), start, t, y,
                   Params{0.3, -0.2, 0.5, 1.0});
  check_strategies("residuals: jvp", tangent::jvp<residuals, only_p>(), start,
                   t, y, Params{1.0, 0.0, -0.5, 0.25});
  return tangent_test::summary();
}
