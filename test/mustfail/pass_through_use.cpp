// Must fail: a parameter passed through used other than by a call that
// returns a number (here its iterator).
#include <tangent/grad.hpp>

#include <map>
#include <string>
#include <vector>

#ifdef TANGENT_FIXED
double f(double x, const std::vector<double> &weights) {
  return weights[0] * x * x;
}
double use(double x, const std::map<std::string, double> &cfg) {
  const std::vector<double> weights{cfg.begin()->second};
  return std::get<0>(tangent::grad<f>()(x, weights));
}
#else
double f(double x, const std::map<std::string, double> &cfg) {
  return cfg.begin()->second * x * x; // TANGENT-ERROR: is passed through without a derivative
}
constexpr tangent::options only_x{.wrt = tangent::wrt_params(0)};
double use(double x, const std::map<std::string, double> &cfg) {
  return tangent::grad<f, only_x>()(x, cfg);
}
#endif
