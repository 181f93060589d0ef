// End-to-end: parameters of standard types tangent passes through without
// a derivative (issue 28): a std::map of settings read with at() and
// count(), a std::string compared and measured, a std::set, given on to
// a callee with a literal key; left out with wrt where they hold doubles.
#include "check.hpp"

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

using Settings = std::map<std::string, double>;

double term(double xi, const Settings &cfg, const std::string &key) {
  return cfg.at(key) * xi * xi + (key == "b" ? 1.0 : 0.0) * xi;
}

double energy(const std::vector<double> &x, const Settings &cfg,
              const std::string &mode) {
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i)
    s += term(x[i], cfg, "a") + term(x[i], cfg, mode);
  if (mode == "double")
    s *= 2.0;
  if (cfg.count("shift") > 0)
    s += cfg.at("shift") * x[0];
  return std::sin(s);
}

double labelled(double x, const std::string &name, std::set<int> ids) {
  double r = x * x;
  if (ids.count(3) != 0)
    r += double(name.size()) * x;
  if (!name.empty() && name != "plain")
    r = std::exp(0.1 * r);
  return r;
}

int main() {
  using namespace tangent_test;
  const Settings cfg{{"a", 0.5}, {"b", 1.5}, {"double", 0.1}, {"shift", 0.25}};
  const std::vector<double> x{0.1, 0.2, 0.3};
  constexpr tangent::options only_x{.wrt = tangent::wrt_params(0)};
  for (const char *mode : {"b", "double"})
    check("map_and_string", tangent::grad<energy, only_x>(), x, cfg,
          std::string(mode));
  check("string_and_set", tangent::grad<labelled>(), 1.3, std::string("spring"),
        std::set<int>{1, 3});
  check("string_plain", tangent::grad<labelled>(), 0.7, std::string("plain"),
        std::set<int>{2});
  return summary();
}
