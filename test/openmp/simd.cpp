// `#pragma omp simd` loops (label: openmp): a hint that the iterations may
// run in vector lanes, which tangent differentiates as the loop itself, its
// iterations in order (one valid execution of a simd loop): a reduction
// over a pose's interaction energies (a docking kernel's shape: per-lane
// partial energies, a `private` temporary, the loop inside an outer loop
// over poses), a simd loop inside a parallel loop's body, and a simd loop
// in a callee and in a checkpointed time loop. Built with -fopenmp and 2
// threads, and without. Checks: against finite differences, and bitwise
// against the twin without the pragma.
#include "../checkpoint/twin.hpp"

#include <cmath>
#include <vector>

using namespace ckpt_test;

// (Clang may not vectorize the primal's simd loops: not this test's subject.)
#pragma clang diagnostic ignored "-Wpass-failed"

// clang-format off
#define SIMD _Pragma("omp simd reduction(+ : e) private(d)")
#define SIMD_PLAIN _Pragma("omp simd")
#define PAR _Pragma("omp parallel for")
#define NONE
#define POSES(S, P) {                                                          \
    const int atoms = static_cast<int>(x.size()) / 2;                          \
    std::vector<double> energy(3);                                             \
    P for (int pose = 0; pose < 3; ++pose) {                                   \
      double e = 0.0, d = 0.0;                                                 \
      S for (int a = 0; a < atoms; ++a) {                                      \
        d = x[2 * a] * (1.0 + 0.1 * pose) - x[2 * a + 1];                      \
        e += std::exp(-d * d) * w[a];                                          \
      }                                                                        \
      energy[pose] = e;                                                        \
    }                                                                          \
    return energy[0] * energy[1] + std::sin(energy[2]);                        \
  }
double poses_seq(const std::vector<double> &x, const std::vector<double> &w)
    POSES(NONE, NONE)
double poses_simd(const std::vector<double> &x, const std::vector<double> &w)
    POSES(SIMD, NONE)
double poses_par_simd(const std::vector<double> &x,
                      const std::vector<double> &w) POSES(SIMD, PAR)
    // clang-format on

    // A simd loop in a callee, called from a checkpointed time loop.
    static void relax(std::vector<double> &u, double k) {
  const int n = static_cast<int>(u.size());
  std::vector<double> next(n);
  _Pragma("omp simd") for (int i = 1; i < n - 1; ++i) next[i] =
      u[i] + k * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
  for (int i = 1; i < n - 1; ++i)
    u[i] = std::tanh(next[i]);
}
static void relax_plain(std::vector<double> &u, double k) {
  const int n = static_cast<int>(u.size());
  std::vector<double> next(n);
  for (int i = 1; i < n - 1; ++i)
    next[i] = u[i] + k * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
  for (int i = 1; i < n - 1; ++i)
    u[i] = std::tanh(next[i]);
}

double heat_plain(std::vector<double> u, double k) {
  for (int t = 0; t < 120; ++t)
    relax_plain(u, k);
  double s = 0;
  for (double v : u)
    s += v * v;
  return s;
}
double heat_simd(std::vector<double> u, double k) {
  [[tangent::checkpoint]] for (int t = 0; t < 120; ++t)
    relax(u, k);
  double s = 0;
  SIMD_PLAIN for (int i = 0; i < static_cast<int>(u.size()); ++i) s +=
      u[i] * u[i];
  return s;
}

int main() {
#ifdef _OPENMP
  omp_set_num_threads(2);
#endif
  const std::vector<double> x = wave(2 * 9, 0.7), w = wave(9, 0.5, 1.3);
  twin("poses/simd", expect::any, tangent::grad<poses_seq>(),
       tangent::grad<poses_simd>(), x, w);
  // The parallel loop privatises w's adjoint per thread: to 1e-13.
  check("poses/parallel_simd~fd", tangent::grad<poses_par_simd>(), x, w);
  check_near("poses/parallel_simd~seq", tangent::grad<poses_par_simd>()(x, w),
             tangent::grad<poses_seq>()(x, w), tolerance{1e-13, 1e-13});
  twin("heat/simd_checkpointed", expect::less, tangent::grad<heat_plain>(),
       tangent::grad<heat_simd>(), wave(12, 0.6), 0.2);
  return summary();
}
