// The control of the strategy matrix (strategies.control.fault_segments):
// built with -DTANGENT_TESTING_FAULT_SEGMENTS, under which the runtime's
// segment schedule (tangent/schedule/segment.hpp) restores the snapshot
// before the last segment's own, the sqrt(n) segments chosen under a
// memory budget give a wrong gradient. The test passes only when the
// matrix reports it: `FAIL recurrence [budget P/4 ...]`, while the
// fully taped reference still passes (test/strategies/CMakeLists.txt).
#include "../e2e/check.hpp"

#include <cmath>
#include <vector>

// A recurrence whose gradient depends on every state the loop carries.
double recurrence(const std::vector<double> &x) {
  double s = 0;
  for (double e : x)
    s += 0.01 * std::sin(s + e);
  return s;
}

int main() {
  std::vector<double> x(3000);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = 0.3 + 0.001 * static_cast<double>(i);
  tangent_test::check_strategies("recurrence", tangent::grad<recurrence>(), x);
  return tangent_test::summary();
}
