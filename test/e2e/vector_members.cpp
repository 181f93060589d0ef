// End-to-end (issue 28): std::vector's assign(n, x) (also of one of its own
// elements), assign(w.begin(), w.end()) of a whole vector, and std::array's
// fill(x).
#include "check.hpp"

#include <array>
#include <cmath>
#include <vector>

double members(const std::vector<double> &x) {
  std::vector<double> t;
  t.assign(x.size(), x[0]);
  std::array<double, 3> u;
  u.fill(x[1] * 0.5);
  if (t.size() < x.size())
    return 0.0;
  for (std::size_t i = 0; i < x.size(); ++i)
    t[i] = t[i] * x[i];
  std::vector<double> w;
  w.assign(x.begin(), x.end());
  t.assign(2, t[1]); // the value is read before the vector is emptied
  double s = 0.0;
  for (std::size_t i = 0; i < u.size(); ++i)
    s += w[i] * u[i] + std::sin(w[i]);
  return s + t[0] * t[1];
}

// In a loop: the state refilled each step.
double refilled(const std::vector<double> &x) {
  std::vector<double> state(x);
  double r = 0.0;
  for (int step = 0; step < 4; ++step) {
    const double mean = (state[0] + state[1] + state[2]) / 3.0;
    state.assign(3, std::tanh(mean + 0.1 * step));
    r += state[step % 3] * x[step % 3];
  }
  return r;
}

int main() {
  using namespace tangent_test;
  check("assign_fill_capacity", tangent::grad<members>(),
        std::vector<double>{0.7, -0.4, 0.9});
  check("assign_in_loop", tangent::grad<refilled>(),
        std::vector<double>{0.3, 0.5, -0.2});
  return summary();
}
