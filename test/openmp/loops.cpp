// OpenMP `parallel for` loops in differentiated functions (label: openmp).
// Built twice: with -fopenmp and 2 threads (openmp.loops), and without
// -fopenmp (openmp.loops-serial), where the pragmas are ignored.
//
// Every parallel function has a sequential twin: the same body from one
// macro, with the pragma as the macro's argument. Checks:
//  - both gradients against central finite differences;
//  - where every adjoint update goes to the iteration's own element, or a
//    reduction is folded in iteration order: the parallel gradient is
//    bitwise the sequential one (twin(), ../checkpoint/twin.hpp);
//  - where adjoints of shared data are privatised per thread and summed
//    after the loop: equal to 1e-13, and bitwise equal from run to run
//    with a static schedule.
// Shapes: records in one block (W1), one tape per thread (a loop inside the
// body, a private variable whose value the reverse reads, a nested loop's
// block of records), reductions
// (+ and max, floating and integer), static and dynamic schedules with
// chunks, collapse(2), a conditional expression, a private clause, a callee
// in the body, a checkpointed time loop around a parallel loop.
#include "../checkpoint/twin.hpp"

#include <cmath>
#include <cstddef>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

using namespace ckpt_test;

// clang-format off
#define PAR _Pragma("omp parallel for")
#define PAR_DYNAMIC _Pragma("omp parallel for schedule(dynamic, 7)")
#define PAR_STATIC _Pragma("omp parallel for schedule(static, 3)")
#define PAR_SUM _Pragma("omp parallel for reduction(+ : s)")
#define PAR_SUM_MAX _Pragma("omp parallel for reduction(+ : s) reduction(max : m)")
#define PAR_COLLAPSE _Pragma("omp parallel for collapse(2)")
#define PAR_MISC _Pragma("omp parallel for reduction(+ : positive) private(t)")
#define SEQ

// W1's shape: one record per iteration, each adjoint update at [j].
#define ROLLOUT(P) {                                                           \
    std::vector<double> s(x.size(), 0.0);                                      \
    for (int t = 0; t < 40; ++t) {                                             \
      P for (std::size_t j = 0; j < x.size(); ++j)                             \
        s[j] = std::tanh(s[j] * 0.9 + x[j]);                                   \
    }                                                                          \
    double r = 0;                                                              \
    for (std::size_t j = 0; j < x.size(); ++j)                                 \
      r += s[j] * s[j];                                                        \
    return r;                                                                  \
  }
double rollout_seq(const std::vector<double> &x) ROLLOUT(SEQ)
double rollout_par(const std::vector<double> &x) ROLLOUT(PAR)
double rollout_dynamic(const std::vector<double> &x) ROLLOUT(PAR_DYNAMIC)
double rollout_static(const std::vector<double> &x) ROLLOUT(PAR_STATIC)

// Reductions: folded in iteration order, so bitwise the sequential sums
// (c, which every iteration reads, in the privatised cases).
#define REDUCE(P) {                                                            \
    double s = 0.5, m = -1.0;                                                  \
    P for (int j = 0; j < static_cast<int>(x.size()); ++j) {                   \
      s += x[j] * x[j] * C;                                                    \
      m = std::max(m, std::sin(x[j]) * C);                                     \
    }                                                                          \
    return s * m;                                                              \
  }
#define C 1.3
double reduce_seq(const std::vector<double> &x) REDUCE(SEQ)
double reduce_par(const std::vector<double> &x) REDUCE(PAR_SUM_MAX)
#undef C
#define C c
double reduce_c_seq(const std::vector<double> &x, double c) REDUCE(SEQ)
double reduce_c_par(const std::vector<double> &x, double c) REDUCE(PAR_SUM_MAX)
#undef C

// A plain call of the parallel reductions sums in the order the threads
// finish; the gradient's value is the sequential sum's, bitwise.
template <> inline constexpr auto tangent_test::primal_of<reduce_par> = reduce_seq;
template <>
inline constexpr auto tangent_test::primal_of<reduce_c_par> = reduce_c_seq;

// A sum inside a time loop, from an index that does not start at 0.
#define SUM_FROM(P) {                                                          \
    double total = 0;                                                          \
    for (int t = 0; t < 3; ++t) {                                              \
      double s = 0;                                                            \
      P for (std::size_t j = 2; j < x.size(); ++j) s += std::cos(x[j] * t);    \
      total += s * s;                                                          \
    }                                                                          \
    return total;                                                              \
  }
double sum_from_seq(const std::vector<double> &x) SUM_FROM(SEQ)
double sum_from_par(const std::vector<double> &x) SUM_FROM(PAR_SUM)

// An integer reduction (kept as a clause), a conditional expression, a
// variable in a private clause initialized before the loop.
#define MISC(P) {                                                              \
    std::vector<double> y(x.size());                                           \
    int positive = 0;                                                          \
    double t = 0;                                                              \
    P for (std::size_t j = 0; j < x.size(); ++j) {                             \
      t = x[j] > 0 ? x[j] * x[j] : -x[j];                                      \
      y[j] = t * 2.0;                                                          \
      positive += x[j] > 0 ? 1 : 0;                                            \
    }                                                                          \
    double r = 0;                                                              \
    for (double v : y)                                                         \
      r += v;                                                                  \
    return r * (1 + positive);                                                 \
  }
double misc_seq(const std::vector<double> &x) MISC(SEQ)
double misc_par(const std::vector<double> &x) MISC(PAR_MISC)

// A private variable whose value the reverse reads (one tape per thread).
#define PRIVATE(P) {                                                           \
    std::vector<double> y(x.size());                                           \
    P for (std::size_t j = 0; j < x.size(); ++j) {                             \
      double a = x[j] * 2.0;                                                   \
      a = a * std::sin(a);                                                     \
      y[j] = a * a * x[j];                                                     \
    }                                                                          \
    double r = 0;                                                              \
    for (double v : y)                                                         \
      r += v;                                                                  \
    return r;                                                                  \
  }
double private_seq(const std::vector<double> &x) PRIVATE(SEQ)
double private_par(const std::vector<double> &x) PRIVATE(PAR)

// firstprivate (as LULESH writes its loops): a count and a coefficient the
// body only reads (shared), a scalar it writes before it reads (private).
#define PAR_FIRST _Pragma("omp parallel for firstprivate(n, c, t)")
#define FIRSTPRIVATE(P) {                                                      \
    const int n = static_cast<int>(x.size());                                  \
    std::vector<double> y(x.size());                                           \
    double t = 0.0;                                                            \
    P for (int j = 0; j < n; ++j) {                                            \
      t = x[j] * c;                                                            \
      y[j] = t * std::cos(t) + c * x[(j + 1) % n];                             \
    }                                                                          \
    double r = 0;                                                              \
    for (double v : y)                                                         \
      r += v * v;                                                              \
    return r;                                                                  \
  }
double first_seq(const std::vector<double> &x, double c) FIRSTPRIVATE(SEQ)
double first_par(const std::vector<double> &x, double c) FIRSTPRIVATE(PAR_FIRST)

// A parallel region of worksharing loops and ifs around them (as LULESH
// writes its boundary conditions and equation of state): each `omp for` a
// parallel loop of its own, `nowait` or not.
#define REGION(R, F, FN) {                                                     \
    const int n = static_cast<int>(x.size());                                  \
    std::vector<double> y(x.size()), z(x.size());                              \
    R {                                                                        \
      F for (int j = 0; j < n; ++j)                                            \
        y[j] = std::sin(x[j]) * c;                                             \
      if (c > 0.5) {                                                           \
        FN for (int j = 0; j < n; ++j)                                         \
          z[j] = y[j] * x[(j + 1) % n];                                        \
      } else {                                                                 \
        FN for (int j = 0; j < n; ++j)                                         \
          z[j] = y[j] + x[j];                                                  \
      }                                                                        \
    }                                                                          \
    double r = 0;                                                              \
    for (int j = 0; j < n; ++j)                                                \
      r += y[j] * z[j];                                                        \
    return r;                                                                  \
  }
#define OMP_REGION _Pragma("omp parallel")
#define OMP_FOR _Pragma("omp for firstprivate(n)")
#define OMP_FOR_NOWAIT _Pragma("omp for nowait")
double region_seq(const std::vector<double> &x, double c) REGION(, , )
double region_par(const std::vector<double> &x, double c)
    REGION(OMP_REGION, OMP_FOR, OMP_FOR_NOWAIT)

// collapse(2) over the rows and columns of a matrix.
#define COLLAPSED(P) {                                                         \
    std::vector<std::vector<double>> out = m;                                  \
    P for (std::size_t i = 0; i < m.size(); ++i)                               \
      for (std::size_t k = 0; k < m[0].size(); ++k)                            \
        out[i][k] = std::exp(0.3 * m[i][k]) * m[i][k];                         \
    double r = 0;                                                              \
    for (std::size_t i = 0; i < m.size(); ++i)                                 \
      for (std::size_t k = 0; k < m[0].size(); ++k)                            \
        r += out[i][k] * (1.0 + 0.1 * k);                                      \
    return r;                                                                  \
  }
double collapsed_seq(const std::vector<std::vector<double>> &m) COLLAPSED(SEQ)
double collapsed_par(const std::vector<std::vector<double>> &m) COLLAPSED(PAR_COLLAPSE)

// Shared data: x read at j and j + 1, a read by every iteration; a
// matrix-vector product whose inner loop reads all of x (one tape per
// thread); a callee. Their adjoints are privatised per thread.
#define STENCIL(P) {                                                           \
    std::vector<double> y(x.size() - 1);                                       \
    P for (std::size_t j = 0; j < x.size() - 1; ++j)                           \
      y[j] = a * x[j] + 0.5 * std::sin(x[j + 1]);                              \
    double r = 0;                                                              \
    for (double v : y)                                                         \
      r += v * v;                                                              \
    return r;                                                                  \
  }
double stencil_seq(const std::vector<double> &x, double a) STENCIL(SEQ)
double stencil_par(const std::vector<double> &x, double a) STENCIL(PAR)

#define MATVEC(P) {                                                            \
    const std::size_t n = x.size();                                            \
    std::vector<double> h(n);                                                  \
    P for (std::size_t i = 0; i < n; ++i) {                                    \
      double acc = 0;                                                          \
      for (std::size_t k = 0; k < n; ++k)                                      \
        acc += w[i * n + k] * x[k];                                            \
      h[i] = std::tanh(acc);                                                   \
    }                                                                          \
    double r = 0;                                                              \
    for (double v : h)                                                         \
      r += v * v;                                                              \
    return r;                                                                  \
  }
double matvec_seq(const std::vector<double> &w, const std::vector<double> &x) MATVEC(SEQ)
double matvec_par(const std::vector<double> &w, const std::vector<double> &x) MATVEC(PAR_STATIC)
double matvec_dynamic(const std::vector<double> &w, const std::vector<double> &x) MATVEC(PAR_DYNAMIC)

double blend(double u, double a) { return std::sin(u) * a + u * u; }
#define CALLS(P) {                                                             \
    std::vector<double> y(x.size());                                           \
    P for (std::size_t j = 0; j < x.size(); ++j) y[j] = blend(x[j], a);        \
    double r = 0;                                                              \
    for (double v : y)                                                         \
      r += v;                                                                  \
    return r;                                                                  \
  }
double calls_seq(const std::vector<double> &x, double a) CALLS(SEQ)
double calls_par(const std::vector<double> &x, double a) CALLS(PAR)

// A checkpointed time loop around a parallel loop: the replays run the
// parallel loop again; the gradient is bitwise the full tape's.
#define STEPPER(P) {                                                           \
    std::vector<double> s(x.size(), 0.0);                                      \
    for (int t = 0; t < 400; ++t) {                                            \
      P for (std::size_t j = 0; j < x.size(); ++j)                             \
        s[j] = std::tanh(s[j] * 0.9 + x[j] * std::cos(0.01 * t));              \
    }                                                                          \
    double r = 0;                                                              \
    for (double v : s)                                                         \
      r += v;                                                                  \
    return r;                                                                  \
  }
double stepper_seq(const std::vector<double> &x) STEPPER(SEQ)
double stepper_par(const std::vector<double> &x) STEPPER(PAR)

// An iteration whose only records are a nested counted loop's block (its
// reverse reads the block back): one tape per thread, like any record.
#define NESTED_BLOCK(P) {                                                      \
    std::vector<double> y(x.size(), 1.0);                                      \
    P for (std::size_t i = 0; i < x.size(); ++i)                               \
      for (std::size_t k = 0; k < m.size(); ++k)                               \
        y[i] = y[i] * std::sin(x[i] * m[k] + 1.0);                             \
    double r = 0;                                                              \
    for (double v : y)                                                         \
      r += v;                                                                  \
    return r;                                                                  \
  }
double nested_seq(const std::vector<double> &x, const std::vector<double> &m)
    NESTED_BLOCK(SEQ)
double nested_par(const std::vector<double> &x, const std::vector<double> &m)
    NESTED_BLOCK(PAR)

// An address into a shared vector: the callee reads two elements from it,
// so iterations reach each other's elements (an address is all of its
// vector to the analysis: its adjoint is summed per thread).
double pair_blend(const double *p) { return std::sin(p[0]) * p[1]; }
#define ADDRESSES(P) {                                                         \
    std::vector<double> y(x.size() - 1);                                       \
    P for (std::size_t j = 0; j < x.size() - 1; ++j)                           \
      y[j] = pair_blend(&x[j]);                                                \
    double r = 0;                                                              \
    for (double v : y)                                                         \
      r += v * v;                                                              \
    return r;                                                                  \
  }
double addresses_seq(const std::vector<double> &x) ADDRESSES(SEQ)
double addresses_par(const std::vector<double> &x) ADDRESSES(PAR)

// A callee whose forward records (sin(a), which its reverse reads back):
// each thread's iterations go to a tape of their own, reversed in the
// opposite order (a shared ascending reverse read the records in the
// wrong order: a wrong gradient).
double recorded_pair(double a, double b) { return std::sin(a) * b; }
#define CALLEE_RECORDS(P) {                                                    \
    std::vector<double> y(x.size() - 1);                                       \
    P for (std::size_t j = 0; j < x.size() - 1; ++j)                           \
      y[j] = recorded_pair(x[j], x[j + 1]);                                    \
    double r = 0;                                                              \
    for (double v : y)                                                         \
      r += v * v;                                                              \
    return r;                                                                  \
  }
double callee_records_seq(const std::vector<double> &x) CALLEE_RECORDS(SEQ)
double callee_records_par(const std::vector<double> &x) CALLEE_RECORDS(PAR)
    // clang-format on

    /// The privatised cases: against finite differences, against the
    /// sequential gradient to 1e-13, and (static schedules) bitwise from run
    /// to run; a dynamic schedule gives a thread other iterations each run, so
    /// the per-thread sums round differently.
    template <auto F, auto G, class... X>
    void privatised(const std::string &name, bool fixed_order,
                    const X &...args) {
  check(name + "/seq~fd", tangent::grad<F>(), args...);
  check(name + "/par~fd", tangent::grad<G>(), args...);
  const auto par = tangent::grad<G>()(args...);
  if (fixed_order)
    for (int run = 0; run < 5; ++run)
      check_same(name + "/run==run", par, tangent::grad<G>()(args...));
  check_near(name + "/par~seq", par, tangent::grad<F>()(args...),
             tolerance{1e-13, 1e-13});
}

int main() {
#ifdef _OPENMP
  omp_set_num_threads(2);
  std::printf("OpenMP: %d threads\n", omp_get_max_threads());
#else
  std::printf("without OpenMP: the pragmas are ignored\n");
#endif
  const auto x = wave(37);
  twin("rollout", expect::any, tangent::grad<rollout_seq>(),
       tangent::grad<rollout_par>(), x);
  twin("rollout_dynamic", expect::any, tangent::grad<rollout_seq>(),
       tangent::grad<rollout_dynamic>(), x);
  twin("rollout_static", expect::any, tangent::grad<rollout_seq>(),
       tangent::grad<rollout_static>(), x);
  twin("reduce", expect::any, tangent::grad<reduce_seq>(),
       tangent::grad<reduce_par>(), x);
  // (away from the kink of the conditional at 0)
  twin("misc", expect::any, tangent::grad<misc_seq>(),
       tangent::grad<misc_par>(), wave(37, 0.8, 1.1));
  twin("sum_from", expect::any, tangent::grad<sum_from_seq>(),
       tangent::grad<sum_from_par>(), x);
  twin("private", expect::any, tangent::grad<private_seq>(),
       tangent::grad<private_par>(), wave(29, 0.7));
  privatised<first_seq, first_par>("firstprivate", true, wave(23, 0.6), 0.7);
  privatised<region_seq, region_par>("region", true, wave(19, 0.8), 0.9);
  privatised<region_seq, region_par>("region_else", true, wave(19, 0.8), 0.3);
  std::vector<std::vector<double>> m(5, std::vector<double>(6));
  for (std::size_t i = 0; i < m.size(); ++i)
    m[i] = wave(6, 0.8, 0.2 * static_cast<double>(i));
  check("collapsed/seq~fd", tangent::grad<collapsed_seq>(), m);
  check("collapsed/par~fd", tangent::grad<collapsed_par>(), m);
  check_same("collapsed/par==seq", tangent::grad<collapsed_par>()(m),
             tangent::grad<collapsed_seq>()(m));
  twin("stepper/checkpointed", expect::less, tangent::grad<stepper_seq>(),
       tangent::grad<stepper_par, options{.checkpoint = true}>(), wave(300));
  twin("stepper/parallel", expect::any, tangent::grad<stepper_seq>(),
       tangent::grad<stepper_par>(), wave(300));

  privatised<stencil_seq, stencil_par>("stencil", true, x, 0.7);
  privatised<reduce_c_seq, reduce_c_par>("reduce_c", true, x, 1.3);
  privatised<matvec_seq, matvec_par>("matvec", true, wave(19 * 19, 0.3),
                                     wave(19));
  privatised<matvec_seq, matvec_dynamic>("matvec_dynamic", false,
                                         wave(19 * 19, 0.3), wave(19));
  privatised<calls_seq, calls_par>("calls", true, x, 0.6);
  privatised<nested_seq, nested_par>("nested_block", true, wave(23, 0.3),
                                     wave(17, 0.5));
  privatised<addresses_seq, addresses_par>("addresses", true, wave(41, 0.2));
  privatised<callee_records_seq, callee_records_par>("callee_records", true,
                                                     wave(41, 0.2));
  return summary();
}
