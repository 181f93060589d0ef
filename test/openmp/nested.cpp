// A gradient called inside a parallel loop of a differentiated function
// (nested differentiation, label: openmp): each iteration's slope of a
// potential, its component written by the tangent-linear call into a
// scalar of the iteration. Built with -fopenmp and 2 threads, and without.
// Checks: against finite differences, and bitwise against the sequential
// twin (each adjoint update is to the iteration's own element; `a`'s,
// summed per thread, to 1e-13).
#include "../checkpoint/twin.hpp"

#include <cmath>
#include <vector>

using namespace ckpt_test;

double potential(double a, double x) {
  return a * std::sin(x) + 0.25 * x * x * x * x;
}

constexpr tangent::options at_x{.wrt = 0b10};

// clang-format off
#define PAR _Pragma("omp parallel for")
#define SEQ
#define SLOPES(P) {                                                            \
    const int n = static_cast<int>(xs.size());                                 \
    std::vector<double> d(n);                                                  \
    P for (int i = 0; i < n; ++i) {                                            \
      const double s = tangent::grad<potential, at_x>()(a, xs[i]);             \
      d[i] = s * xs[i];                                                        \
    }                                                                          \
    double r = 0;                                                              \
    for (int i = 0; i < n; ++i)                                                \
      r += d[i] * d[i];                                                        \
    return r;                                                                  \
  }
double slopes_seq(const std::vector<double> &xs, double a) SLOPES(SEQ)
double slopes_par(const std::vector<double> &xs, double a) SLOPES(PAR)
    // clang-format on

    int main() {
#ifdef _OPENMP
  omp_set_num_threads(2);
#endif
  const std::vector<double> xs = wave(17, 0.9);
  // (The value of a function calling a gradient matches a plain call to
  // rounding only: docs/limitations.md, so no check() here.)
  check_near("slopes/seq~fd",
             tangent_test::flatten(tangent::grad<slopes_seq>()(xs, 0.7)),
             tangent_test::detail::reference<slopes_seq>(~0ull, xs, 0.7));
  check_near("slopes/par~fd",
             tangent_test::flatten(tangent::grad<slopes_par>()(xs, 0.7)),
             tangent_test::flatten(tangent::grad<slopes_seq>()(xs, 0.7)),
             tolerance{1e-13, 1e-13});
  return summary();
}
