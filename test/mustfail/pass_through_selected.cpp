// Must fail: a std::map<std::string, double> parameter selected by the
// default wrt: its values would get no derivative.
#include <tangent/grad.hpp>

#include <map>
#include <string>

double f(double x, const std::map<std::string, double> &cfg) {
  return cfg.at("w") * x * x;
}

#ifdef TANGENT_FIXED
constexpr tangent::options only_x{.wrt = tangent::wrt_params(0)};
double use(double x, const std::map<std::string, double> &cfg) {
  return tangent::grad<f, only_x>()(x, cfg);
}
#else
double use(double x, const std::map<std::string, double> &cfg) {
  return tangent::grad<f>()(x, cfg); // TANGENT-ERROR: holds floating-point values but gets no derivative
}
#endif
