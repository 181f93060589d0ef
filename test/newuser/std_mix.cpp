// New user, program 10: ordinary standard-library code around the math.
//
// A trimmed least-squares loss that sorts an index vector with std::sort
// and a lambda comparator (the largest residuals are dropped), settings
// passed as a std::map<std::string, double> and a std::string mode, and a
// `static int` call counter incremented in the function. The map and the
// string get no derivative: they are left out with
// options{.wrt = tangent::wrt_params(...)}. Checked against central finite
// differences (test/e2e/check.hpp) at points where the differences move no
// residual across the kept/dropped boundary or the Huber kink.
//
// Expected to be refused by the plugin today (std::map / std::string
// parameters, std::sort, a static local); kept as a user writes it.
#include "../e2e/check.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <numeric>
#include <string>
#include <vector>

double trimmed_loss(const std::vector<double> &params,
                    const std::vector<double> &xs,
                    const std::vector<double> &ys,
                    const std::map<std::string, double> &settings,
                    const std::string &mode) {
  static int calls = 0; // for the debugger: break when calls == N
  ++calls;

  const double a = params[0], b = params[1];
  std::vector<double> r(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i)
    r[i] = ys[i] - (a * xs[i] + b);

  // Sort the points by |residual| and keep the best fraction.
  std::vector<std::size_t> order(r.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    return std::fabs(r[i]) < std::fabs(r[j]);
  });
  const double keep_fraction = settings.at("keep");
  const std::size_t keep =
      static_cast<std::size_t>(keep_fraction * static_cast<double>(r.size()));

  double s = 0.0;
  for (std::size_t k = 0; k < keep; ++k) {
    const double e = r[order[k]];
    if (mode == "huber") {
      const double delta = settings.at("delta");
      s += std::fabs(e) <= delta ? 0.5 * e * e
                                 : delta * (std::fabs(e) - 0.5 * delta);
    } else {
      s += 0.5 * e * e;
    }
  }
  const auto reg = settings.find("ridge");
  if (reg != settings.end())
    s += reg->second * (a * a + b * b);
  return s / static_cast<double>(keep);
}

int main() {
  using namespace tangent_test;
  std::vector<double> params{1.8, 0.4};
  std::vector<double> xs{0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5};
  std::vector<double> ys{0.3, 1.5, 2.1, 3.4,
                         4.3, 9.0, 5.9, 7.2}; // 9.0: outlier
  std::map<std::string, double> settings{
      {"keep", 0.75}, {"delta", 0.25}, {"ridge", 0.01}};

  // Gradients with respect to the parameters and the data, not the
  // settings or the mode.
  constexpr auto numbers =
      tangent::options{.wrt = tangent::wrt_params(0, 1, 2)};
  auto dl = tangent::grad<trimmed_loss, numbers>();
  check("trimmed_loss/grad squared", dl, params, xs, ys, settings,
        std::string("squared"));
  check("trimmed_loss/grad huber", dl, params, xs, ys, settings,
        std::string("huber"));
  check_value_and_grad("trimmed_loss/value_and_grad", dl, params, xs, ys,
                       settings, std::string("huber"));

  // Only the model parameters, as an optimiser asks.
  auto dp = tangent::grad<trimmed_loss,
                          tangent::options{.wrt = tangent::wrt_params(0)}>();
  check("trimmed_loss/grad wrt params", dp, params, xs, ys, settings,
        std::string("huber"));
  {
    std::vector<double> g =
        dp(params, xs, ys, settings, std::string("squared"));
    check_true("trimmed_loss/gradient size", g.size() == 2);
  }
  return summary();
}
