// End-to-end: non-const global numbers that the differentiated code only
// reads (settings, coefficients a program fills in before it asks for a
// gradient): constant data for the derivative, read by their names. At
// namespace scope and in namespaces (also unnamed), static, of types
// double, float, int and bool; read in the requested function and in
// callees, through a const reference parameter, in a checkpointed loop
// (bitwise against the full tape), and changed by the program between two
// gradient requests (each sees the value it is called with).
#include "check.hpp"

#include <cmath>
#include <vector>

double gain = 1.5;
float damping = 0.25f;
int substeps = 3;
bool clamp_on = true;

namespace model {
double stiffness = 4.0;
namespace {
double rest_length = 0.8;
} // namespace
} // namespace model

static double offset = -0.3;

double scaled(double x) { return gain * x * x + offset; }

static double spring(const double &stretch) {
  return 0.5 * model::stiffness * stretch * stretch;
}

double energy(const std::vector<double> &x) {
  double e = 0.0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    double d = x[i + 1] - x[i] - model::rest_length;
    e += spring(d) + damping * std::sin(x[i]);
  }
  if (clamp_on && e > 100.0)
    e = 100.0;
  return e;
}

// One step of the loop below: it reads three globals.
static void relax(std::vector<double> &y) {
  for (int s = 0; s < substeps; ++s)
    for (std::size_t i = 0; i < y.size(); ++i)
      y[i] += 0.01 * gain * std::cos(y[(i + 1) % y.size()]) - damping * 0.01;
}

double stepped(const std::vector<double> &x, int n) {
  std::vector<double> y = x;
  [[tangent::checkpoint]] for (int t = 0; t < n; ++t)
    relax(y);
  return model::stiffness * (y[0] * y[0] + y[1] * y[3]);
}

double stepped_taped(const std::vector<double> &x, int n) {
  std::vector<double> y = x;
  for (int t = 0; t < n; ++t)
    relax(y);
  return model::stiffness * (y[0] * y[0] + y[1] * y[3]);
}

int main() {
  using namespace tangent_test;
  const std::vector<double> x4{0.3, -0.5, 0.8, 1.1};
  check("scaled", tangent::grad<scaled>(), 0.7);
  gain = 2.5; // the next request reads the new value
  check("scaled/changed", tangent::grad<scaled>(), 0.7);
  check_near("scaled/value", tangent::grad<scaled>()(0.7), 2 * 2.5 * 0.7);
  check("energy", tangent::grad<energy>(), x4);
  for (int n : {0, 1, 20}) {
    check("stepped/" + std::to_string(n), tangent::grad<stepped>(), x4, n);
    check_same(
        "stepped/checkpointed " + std::to_string(n),
        tangent::grad<stepped, tangent::options{.checkpoint = true,
                                                .min_length = 1}>()(x4, n),
        tangent::grad<stepped_taped>()(x4, n));
  }
  return summary();
}
