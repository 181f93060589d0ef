// sqrt(n) segments replayed by a helper thread (options.threads = 2): a
// loop whose body calls a user function and writes a scratch vector, so the
// replay copies every variable the loop writes and the callee's tape is the
// replay tape.
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>

double mix(double a, double b) { return std::sin(a) * b; }

double relax(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  std::vector<double> tmp(x.size());
  double acc = 0;
  for (int t = 0; t < 200; ++t) {
    const double scale = 1.0 + 0.001 * t;
    for (std::size_t j = 0; j < x.size(); ++j)
      tmp[j] = mix(s[j], scale) + x[j];
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(tmp[j]);
    acc += s[0];
  }
  return acc;
}

auto drelax = tangent::grad<relax, tangent::options{.checkpoint = true, .threads = 2}>();
