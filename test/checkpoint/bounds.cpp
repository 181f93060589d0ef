// Checkpointing: counted loops with run-time bounds under
// [[tangent::checkpoint]] (sqrt(n) segments with the trip count computed at
// run time), for trip counts n = 0, 1, 2, 7, 100 and 1001.
//
// Each function exists twice with one body (a macro taking the attribute):
// `<name>_taped` without the attribute (full tape), `<name>_ckpt` with it.
// Checked per n: both gradients against finite differences, bitwise equality
// of gradients, values and pullbacks (twin.hpp), and for n = 1001 that the
// checkpointed run holds less memory.
#include "twin.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

using namespace ckpt_test;

#define CK [[tangent::checkpoint]]
#define STEP(y, i) y = 0.8 * y + 0.3 * std::sin(y + x * (1.0 + 0.001 * (i)))

// Every form runs exactly n iterations.
#define LT(C)                                                                  \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = 0; i < n; ++i) STEP(y, i);                                  \
    return y * y;                                                              \
  }
#define LE(C)                                                                  \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = 1; i <= n; ++i) STEP(y, i);                                 \
    return y * y;                                                              \
  }
#define GT_DEC(C)                                                              \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = n; i > 0; --i) STEP(y, i);                                  \
    return y * y;                                                              \
  }
#define GE_DEC(C)                                                              \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = n - 1; i >= 0; --i) STEP(y, i);                             \
    return y * y;                                                              \
  }
#define NE(C)                                                                  \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = 0; i != n; ++i) STEP(y, i);                                 \
    return y * y;                                                              \
  }
#define NE_DEC(C)                                                              \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = n; i != 0; --i) STEP(y, i);                                 \
    return y * y;                                                              \
  }
// 1, 4, ..., 3n - 2 (bound 3n - 1, off the stride).
#define STEP3(C)                                                               \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = 1; i < 3 * n - 1; i += 3) STEP(y, i);                       \
    return y * y;                                                              \
  }
// 2n, 2n - 2, ..., 2.
#define STEP_M2(C)                                                             \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = 2 * n; i > 0; i -= 2) STEP(y, i);                           \
    return y * y;                                                              \
  }
// A run-time start and bound: m, ..., m + n - 1.
#define OFFSET(C)                                                              \
  {                                                                            \
    double y = x;                                                              \
    C for (int i = m; i < m + n; ++i) STEP(y, i);                              \
    return y * y;                                                              \
  }
// std::size_t induction against a converted int bound.
#define SIZE_T(C)                                                              \
  {                                                                            \
    double y = x;                                                              \
    const std::size_t count = static_cast<std::size_t>(n);                     \
    C for (std::size_t i = 0; i < count; ++i) STEP(y, static_cast<double>(i)); \
    return y * y;                                                              \
  }
// A vector state of 32 doubles (memory differs visibly at n = 1001) and a
// bound that is a parameter's size.
#define VEC(C)                                                                 \
  {                                                                            \
    std::vector<double> s(32, 0.0);                                            \
    C for (std::size_t t = 0; t < steps.size(); ++t) {                         \
      for (std::size_t j = 0; j < s.size(); ++j)                               \
        s[j] = std::tanh(0.8 * s[j] + 0.1 * s[(j + 1) % 32] +                  \
                         x * (1.0 + 0.01 * j) + steps[t]);                     \
    }                                                                          \
    double r = 0.0;                                                            \
    for (std::size_t j = 0; j < s.size(); ++j)                                 \
      r += s[j] * s[j];                                                        \
    return r;                                                                  \
  }
// Several scalars and an int that feeds an index after the loop.
#define MIXED(C)                                                               \
  {                                                                            \
    double a = x, b = 0.5;                                                     \
    int idx = 1;                                                               \
    C for (int i = 0; i < n; ++i) {                                            \
      const double a2 = 0.6 * a - 0.3 * b + 0.1 * w[idx];                      \
      b = 0.4 * a + 0.5 * b * std::cos(b);                                     \
      a = a2;                                                                  \
      idx = (idx * 3 + 1) % 4;                                                 \
    }                                                                          \
    return a * w[idx] + b;                                                     \
  }
// std::array and C array state.
#define ARRAYS(C)                                                              \
  {                                                                            \
    std::array<double, 3> s{x, 0.0, 0.1};                                      \
    double c[3] = {0.0, x, 0.2};                                               \
    C for (int i = 0; i < n; ++i) {                                            \
      for (int j = 0; j < 3; ++j) {                                            \
        s[j] = 0.5 * s[j] + 0.3 * std::sin(c[(j + 1) % 3]);                    \
        c[j] = 0.6 * c[j] + 0.2 * std::cos(s[j] + x);                          \
      }                                                                        \
    }                                                                          \
    return s[0] * c[1] + s[2] * c[0] + s[1] * c[2];                            \
  }

// clang-format off
double lt_taped(double x, int n) LT()
double lt_ckpt(double x, int n) LT(CK)
double le_taped(double x, int n) LE()
double le_ckpt(double x, int n) LE(CK)
double gt_dec_taped(double x, int n) GT_DEC()
double gt_dec_ckpt(double x, int n) GT_DEC(CK)
double ge_dec_taped(double x, int n) GE_DEC()
double ge_dec_ckpt(double x, int n) GE_DEC(CK)
double ne_taped(double x, int n) NE()
double ne_ckpt(double x, int n) NE(CK)
double ne_dec_taped(double x, int n) NE_DEC()
double ne_dec_ckpt(double x, int n) NE_DEC(CK)
double step3_taped(double x, int n) STEP3()
double step3_ckpt(double x, int n) STEP3(CK)
double step_m2_taped(double x, int n) STEP_M2()
double step_m2_ckpt(double x, int n) STEP_M2(CK)
double offset_taped(double x, int m, int n) OFFSET()
double offset_ckpt(double x, int m, int n) OFFSET(CK)
double size_t_taped(double x, int n) SIZE_T()
double size_t_ckpt(double x, int n) SIZE_T(CK)
double vec_taped(double x, const std::vector<double> &steps) VEC()
double vec_ckpt(double x, const std::vector<double> &steps) VEC(CK)
double mixed_taped(double x, const std::vector<double> &w, int n) MIXED()
double mixed_ckpt(double x, const std::vector<double> &w, int n) MIXED(CK)
double arrays_taped(double x, int n) ARRAYS()
double arrays_ckpt(double x, int n) ARRAYS(CK)
    // clang-format on

    // The unannotated twin requested with checkpoint = true: a run-time bound
    // is not eligible without the attribute, so it falls back to the full tape.
    double vec_option(double x, const std::vector<double> &steps) VEC()

#define TWIN(f, ...)                                                           \
  twin(std::string(#f) + "/n=" + std::to_string(n),                            \
       n == 1001 ? mem_long : expect::any, tangent::grad<f##_taped>(),         \
       tangent::grad<f##_ckpt>(), __VA_ARGS__)

        int main() {
  const double x = 0.41;
  const std::vector<double> w{0.7, -0.5, 1.2, 0.3};
  for (int n : {0, 1, 2, 7, 100, 1001}) {
    // Scalar state: 1001 iterations fill two tape blocks, the checkpointed
    // run one.
    const expect mem_long = expect::less;
    TWIN(lt, x, n);
    TWIN(le, x, n);
    TWIN(gt_dec, x, n);
    TWIN(ge_dec, x, n);
    TWIN(ne, x, n);
    TWIN(ne_dec, x, n);
    TWIN(step3, x, n);
    TWIN(step_m2, x, n);
    TWIN(offset, x, 5, n);
    TWIN(offset, x, -3, n);
    TWIN(size_t, x, n);
    TWIN(mixed, x, w, n);
    TWIN(arrays, x, n);
    const std::vector<double> steps = wave(static_cast<std::size_t>(n), 0.2);
    TWIN(vec, x, steps);
    // The fallback is the full tape (the default request would recompute
    // this loop's iterations: options.recompute).
    twin("vec/option-only/n=" + std::to_string(n), expect::same,
         tangent::grad<vec_option, options{.recompute = false}>(),
         tangent::grad<vec_option, options{.checkpoint = true}>(), x, steps);
  }
  return summary();
}
