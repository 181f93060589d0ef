// Checkpointing: loops whose state is exchanged with std::swap (the buffer
// swap of stencil codes). The snapshot holds both buffers; the swap itself
// records nothing. A counted time loop under [[tangent::checkpoint]] (sqrt(n)
// segments) and a while loop under [[tangent::checkpoint(4)]]
// (online), each bitwise equal to the full tape and checked against finite
// differences (see twin.hpp).
#include "twin.hpp"

#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

using namespace ckpt_test;

// Twin definitions (a body macro after each signature), laid out by hand.
// clang-format off
#define HEAT_BODY(CK)                                                          \
  {                                                                            \
    std::vector<double> u(u0), v(u0.size());                                   \
    const std::size_t n = u0.size();                                           \
    CK for (int t = 0; t < steps; ++t) {                                       \
      for (std::size_t i = 1; i < n - 1; ++i)                                  \
        v[i] = u[i] + k * (u[i - 1] - 2 * u[i] + u[i + 1]) +                   \
               0.01 * std::sin(t);                                             \
      v[0] = u[0] * std::cos(k);                                               \
      v[n - 1] = u[n - 1];                                                     \
      std::swap(u, v);                                                         \
    }                                                                          \
    double s = 0;                                                              \
    for (std::size_t i = 0; i < n; ++i)                                        \
      s += u[i] * u[i] * (1.0 + 0.1 * i);                                      \
    return s;                                                                  \
  }
double heat_taped(const std::vector<double> &u0, double k, int steps)
    HEAT_BODY()
double heat_ckpt(const std::vector<double> &u0, double k, int steps)
    HEAT_BODY([[tangent::checkpoint]])

// Scalars swapped in a loop of unknown trip count, and vectors swapped with
// the member spelling.
#define RELAX_BODY(CK)                                                         \
  {                                                                            \
    std::vector<double> u(u0), w(u0.size());                                   \
    double a = k, b = 1.0;                                                     \
    int t = 0;                                                                 \
    CK while (t < steps && u[0] < 1e6) {                                       \
      for (std::size_t i = 0; i < u.size(); ++i)                               \
        w[i] = 0.5 * std::sin(u[i]) + a * u[(i + 1) % u.size()];               \
      u.swap(w);                                                               \
      a = 0.9 * a + 0.1 * b * u[0];                                            \
      std::swap(a, b);                                                         \
      ++t;                                                                     \
    }                                                                          \
    return u[0] * a + u[u.size() - 1] * b;                                     \
  }
double relax_taped(const std::vector<double> &u0, double k, int steps)
    RELAX_BODY()
double relax_ckpt(const std::vector<double> &u0, double k, int steps)
    RELAX_BODY([[tangent::checkpoint(4)]]);
// clang-format on

int main() {
  const std::vector<double> u0 = wave(24, 0.4);
  for (int steps : {0, 1, 5, 50, 400}) {
    const expect mem = steps == 400 ? expect::less : expect::any;
    const std::string n = "/steps=" + std::to_string(steps);
    twin("heat" + n, mem, tangent::grad<heat_taped>(),
         tangent::grad<heat_ckpt>(), u0, 0.2, steps);
    twin("relax" + n, mem, tangent::grad<relax_taped>(),
         tangent::grad<relax_ckpt>(), u0, 0.3, steps);
  }
  return summary();
}
