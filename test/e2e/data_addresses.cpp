// End-to-end: addresses into data that gets no derivative (left out by
// `wrt`: observations), given to a callee whose pointer parameter is
// differentiated for other calls: its reverse accumulates into zeros shaped
// like the data (and forward mode gives it zero tangents).
#include "check.hpp"

#include <cmath>
#include <vector>

double residual2(const double *obs, const double *p) {
  const double a = obs[0] - p[0] * std::exp(-p[1] * obs[1]);
  return a * a;
}

// Observations (t_i, y_i) in pairs; the parameters are differentiated, the
// observations are not.
double fit(const std::vector<double> &obs, const std::vector<double> &p) {
  double s = 0.0;
  for (std::size_t i = 0; i + 1 < obs.size(); i += 2)
    s += residual2(&obs[i], p.data());
  return s + residual2(p.data(), p.data() + 0);
}

int main() {
  using namespace tangent_test;
  const std::vector<double> obs{1.0, 0.1, 0.8, 0.4, 0.55, 0.9, 0.3, 1.6};
  const std::vector<double> p{1.1, 0.7};
  check("fit/parameters",
        tangent::grad<fit, tangent::options{.wrt = tangent::wrt_params(1)}>(),
        obs, p);
  check("fit/everything", tangent::grad<fit>(), obs, p);
  return summary();
}
