// Forward mode (tangent-linear functions): a scalar function with a loop, a
// branch and a callee, and a vector-valued one; each statement is preceded
// by the statement computing its tangent, rule rows read a result computed
// first (tanh, exp), and the Jacobian request also gets a reverse-mode
// vector-Jacobian product. Both also get the vector forward mode's variant
// (`<f>_jvp_lanes<tangent_w>`, the same code on tangent::lanes), which
// jacobian<flux> uses for its columns.
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>

double soft(double x, double k) { return std::log(1 + std::exp(k * x)) / k; }

double energy(const std::vector<double> &x, double k) {
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    double a = std::tanh(x[i]);
    if (a > 0)
      s += soft(a, k) * x[i];
    else
      s -= a * a;
  }
  return s;
}

std::vector<double> flux(const std::vector<double> &u, double c) {
  std::vector<double> f(u.size());
  for (std::size_t i = 0; i < u.size(); ++i)
    f[i] = c * u[i] * u[i] / 2;
  return f;
}

auto jenergy = tangent::jvp<energy>();
auto jflux = tangent::jacobian<flux>();
