// User functions whose names are also names in namespace tangent (stats,
// detail, layer, options): generated code lives in that namespace and names
// them with the global prefix (frontend/Types.cpp, qualifiedName). Before,
// `&stats` in the binding found the namespace tangent::stats.
#include "check.hpp"

#include <cmath>
#include <vector>

using tangent_test::check;
using tangent_test::summary;

double stats(double x) { return x * std::sin(x); }

namespace detail {
double tape(double x, double y) { return stats(x) * y + std::exp(y); }
} // namespace detail

namespace {
// A callee called by name in the untaped replays of a checkpointed loop.
std::vector<double> layer(const std::vector<double> &x) {
  std::vector<double> y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] = std::tanh(x[i]) * detail::tape(x[i], 0.5);
  return y;
}
} // namespace

double options(const std::vector<double> &x) {
  std::vector<double> s = x;
  [[tangent::checkpoint]] for (int t = 0; t < 12; ++t)
    s = layer(s);
  double r = 0;
  for (double e : s)
    r += e * e;
  return r;
}

// Overloaded names: a request picks one with a cast, as C++ spells it, and
// the generated binding names the same overload (frontend/Types.cpp,
// addressOf); member functions too.
double scaled(double x) { return 3.0 * x * std::sin(x); }
double scaled(double x, double y) { return x * std::cos(y); }

struct Well {
  double depth = 1.5;
  double energy(double x) const { return depth * x * x; }
  double energy(double x, double y) const { return depth * x * y; }
};
template <> struct tangent_test::fields<Well> {
  static auto of(Well &w) { return std::tie(w.depth); }
};

// Variables named like the names generated code uses as they are (the
// thread's tape, the lane count of the vector forward mode): the generator
// renames them (naming::fixedNames). Before, `tape` redefined the tape.
double fixed_names(double tape, double x) {
  double tangent_w = 0;
  for (int i = 0; i < 3; ++i) {
    double v = tape * std::sin(x * i);
    tangent_w += v * v;
  }
  return tangent_w;
}

int main() {
  check("stats", tangent::grad<stats>(), 0.7);
  check("fixed_names (variables tape, tangent_w)", tangent::grad<fixed_names>(),
        0.7, 0.3);
  check("detail::tape", tangent::grad<detail::tape>(), 0.7, 0.2);
  check("options (checkpointed loop calling layer)", tangent::grad<options>(),
        std::vector<double>{0.1, -0.4, 0.8});
  check("scaled(double)",
        tangent::grad<static_cast<double (*)(double)>(&scaled)>(), 0.7);
  check("scaled(double, double)",
        tangent::grad<static_cast<double (*)(double, double)>(&scaled)>(), 0.7,
        0.3);
  check("Well::energy(double)",
        tangent::grad<static_cast<double (Well::*)(double) const>(
            &Well::energy)>(),
        Well{}, 0.4);
  return summary();
}
