// A unit with plain and checkpointed gradient requests and only the light
// header: check_light_includes.sh compiles it with the plugin and fails if
// the headers it reads include the schedules, spilling, threads or the
// umbrella (docs/api.md, "Include cost"). Its control
// (-DLIGHT_INCLUDES_CONTROL) includes the umbrella and must be rejected.
#ifdef LIGHT_INCLUDES_CONTROL
#include <tangent/tangent.hpp>
#else
#include <tangent/grad.hpp>
#endif

#include <cmath>
#include <vector>

double f(const std::vector<double> &x) {
  double s = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    s += std::sin(x[i]) * x[i];
  return s;
}

double rollout(const std::vector<double> &x) {
  double s = x[0];
  for (int i = 0; i < 1000; ++i)
    s = std::sin(s) + 0.5 * s;
  return s;
}

int main() {
  std::vector<double> x{1, 2, 3};
  std::vector<double> g = tangent::grad<f>()(x);
  std::vector<double> gc =
      tangent::grad<rollout, tangent::options{.checkpoint = true}>()(x);
  return g[0] + gc[0] > 0 ? 0 : 1;
}
