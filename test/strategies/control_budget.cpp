// A control of the strategy matrix (strategies.control.fault_budget): built
// with -DTANGENT_TESTING_FAULT_BUDGET, under which a counted loop under a
// memory budget trusts the plan it made from its first iteration
// (tangent/schedule/budget.hpp), a loop whose vector locals are still
// empty in its first iteration peaks far above the bound of
// docs/checkpointing.md. The test passes only when the matrix reports it:
// `FAIL locals [budget P/2 ...] ... above the bound`, while every
// gradient stays bitwise right (test/strategies/CMakeLists.txt).
#include "../e2e/check.hpp"

#include <cmath>
#include <vector>

// Every iteration records tmp and u before it overwrites them; the first
// records them empty.
double locals(const std::vector<double> &x) {
  std::vector<double> s = x;
  for (int t = 0; t < 300; ++t) {
    std::vector<double> tmp = s;
    for (std::size_t j = 0; j < s.size(); ++j)
      tmp[j] = std::sin(tmp[j]) * 0.9 + 0.1 * std::cos(s[j] * x[j]);
    std::vector<double> u(s.size());
    for (std::size_t j = 0; j < s.size(); ++j)
      u[j] = tmp[j] * tmp[j];
    for (std::size_t j = 0; j < s.size(); ++j)
      s[j] = 0.5 * tmp[j] + 0.1 * std::sin(u[j]);
  }
  double r = 0;
  for (std::size_t j = 0; j < s.size(); ++j)
    r += s[j] * s[j];
  return r;
}

int main() {
  std::vector<double> x(100);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = 0.3 + 0.001 * static_cast<double>(i);
  tangent_test::check_strategies("locals", tangent::grad<locals>(), x);
  return tangent_test::summary();
}
