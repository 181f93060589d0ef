// Checkpointing: loops that cannot be (or are not) checkpointed fall back to
// full taping, and stay exact.
//
//  - a loop writing through a raw pointer parameter (`double* out`): "pointer
//    state of unknown extent ('out')", annotated (counted and while) and
//    under checkpoint = true; gradients through pullback;
//  - a C array in the state of a loop of unknown trip count;
//  - checkpoint = true without the attribute on a while loop, a counted loop
//    with a break, and a counted loop with a run-time bound.
//
// Every checkpoint request here must produce the same peak memory as the
// fully taped request (the loops were really taped) and bitwise equal
// gradients.
#include "twin.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

using namespace ckpt_test;

#define CK [[tangent::checkpoint]]
#define CK4 [[tangent::checkpoint(4)]]

using vec = std::vector<double>;

// Writes out[i] (write-only), returns a function of the loop state.
#define SCATTER(C)                                                             \
  {                                                                            \
    double y = 0.1;                                                            \
    C for (int i = 0; i < n; ++i) {                                            \
      y = 0.7 * y + 0.4 * std::sin(x[i % 4] + y);                              \
      out[i] = y * y;                                                          \
    }                                                                          \
    return y * y + y;                                                          \
  }
#define SCATTER_WHILE(C)                                                       \
  {                                                                            \
    double y = 0.1;                                                            \
    int i = 0;                                                                 \
    C while (i < n && y < 1e100) {                                             \
      y = 0.7 * y + 0.4 * std::sin(x[i % 4] + y);                              \
      out[i] = y * y;                                                          \
      ++i;                                                                     \
    }                                                                          \
    return y * y + y;                                                          \
  }
// clang-format off
double scatter_taped(const double *x, double *out, int n) SCATTER()
double scatter_ckpt(const double *x, double *out, int n) SCATTER(CK)
double scatter_while_taped(const double *x, double *out, int n) SCATTER_WHILE()
double scatter_while_ckpt(const double *x, double *out, int n)
    SCATTER_WHILE(CK4)
    // clang-format on

    // A constant trip count, for checkpoint = true.
    double scatter_const(const double *x, double *out) {
  double y = 0.1;
  for (int i = 0; i < 400; ++i) {
    y = 0.7 * y + 0.4 * std::sin(x[i % 4] + y);
    out[i] = y * y;
  }
  return y * y + y;
}

// A C array carried by a while loop.
#define C_ARRAY_WHILE(C)                                                       \
  {                                                                            \
    double s[3] = {x, 0.1, 0.2};                                               \
    int k = 0;                                                                 \
    C while (k < n && s[0] < 1e100) {                                          \
      for (int j = 0; j < 3; ++j)                                              \
        s[j] = 0.6 * s[j] + 0.3 * std::sin(s[(j + 1) % 3] + x);                \
      ++k;                                                                     \
    }                                                                          \
    return s[0] * s[1] + s[2];                                                 \
  }
// clang-format off
double c_array_while_taped(double x, int n) C_ARRAY_WHILE()
double c_array_while_ckpt(double x, int n) C_ARRAY_WHILE(CK4)
    // clang-format on

    // checkpoint = true without the attribute: only counted loops with a
    // constant trip count are eligible.
    double while_loop(const vec &xs, int n) {
  std::vector<double> s(xs.size(), 0.0);
  int k = 0;
  while (k < n) {
    for (std::size_t j = 0; j < s.size(); ++j)
      s[j] = std::tanh(0.8 * s[j] + xs[j]);
    ++k;
  }
  return s[0] + s[1] * s[2];
}
double counted_break(const vec &xs) {
  std::vector<double> s(xs.size(), 0.0);
  for (int t = 0; t < 500; ++t) {
    for (std::size_t j = 0; j < s.size(); ++j)
      s[j] = std::tanh(0.8 * s[j] + xs[j]);
    if (s[0] > 1e100)
      break;
  }
  return s[0] + s[1] * s[2];
}
double runtime_bound(const vec &xs, int n) {
  std::vector<double> s(xs.size(), 0.0);
  for (int t = 0; t < n; ++t)
    for (std::size_t j = 0; j < s.size(); ++j)
      s[j] = std::tanh(0.8 * s[j] + xs[j]);
  return s[0] + s[1] * s[2];
}

/// Gradient of df with respect to x (4 entries) through pullback, with an
/// output buffer of `len` entries; returns {value, dx, out}, out being what
/// the pullback left in the buffer: what it found there (zeros), since the
/// pullback restores what the function writes through its pointers.
template <class DF>
std::tuple<double, vec, vec> pull(const DF &df, const vec &x, int len,
                                  auto... extra) {
  vec out(static_cast<std::size_t>(len), 0.0), dx(4, 0.0),
      dout(out.size(), 0.0);
  const double v =
      df.pullback(x.data(), out.data(), extra..., dx.data(), dout.data());
  return {v, dx, out};
}

template <class DT, class DC, class F>
void pointer_case(const std::string &name, const DT &taped, const DC &ckpt,
                  const F &primal, const vec &x, int len, auto... extra) {
  const auto [vt, gt, ot] = pull(taped, x, len, extra...);
  const auto [vc, gc, oc] = pull(ckpt, x, len, extra...);
  check_same(name + "/ckpt==taped", gc, gt);
  check_true(name + "/value", vt == vc);
  check_same(name + "/out", oc, ot);
  check_true(
      name + "/out restored",
      std::all_of(ot.begin(), ot.end(), [](double v) { return v == 0; }));
  check_near(name + "/taped~fd", gt, fd_gradient(primal, x));
  tangent::stats::reset();
  (void)pull(taped, x, len, extra...);
  const std::size_t bt = tangent::stats::peak_bytes();
  tangent::stats::reset();
  (void)pull(ckpt, x, len, extra...);
  const std::size_t bc = tangent::stats::peak_bytes();
  check_true(name + "/memory", bt == bc,
             "peak bytes taped " + std::to_string(bt) +
                 ", checkpoint request " + std::to_string(bc) +
                 " (expected the same: fully taped)");
}

int main() {
  const vec x{0.3, -0.4, 0.8, 0.1};
  for (int n : {0, 1, 5, 100, 1000}) {
    const std::string sn = "/n=" + std::to_string(n);
    auto primal = [n](const vec &q) {
      vec out(static_cast<std::size_t>(n) + 1);
      return scatter_taped(q.data(), out.data(), n);
    };
    pointer_case("scatter" + sn, tangent::grad<scatter_taped>(),
                 tangent::grad<scatter_ckpt>(), primal, x, n + 1, n);
    pointer_case("scatter_while" + sn, tangent::grad<scatter_while_taped>(),
                 tangent::grad<scatter_while_ckpt>(), primal, x, n + 1, n);
    twin("c_array_while" + sn, expect::same,
         tangent::grad<c_array_while_taped>(),
         tangent::grad<c_array_while_ckpt>(), 0.35, n);
    twin("while_loop/option" + sn, expect::same, tangent::grad<while_loop>(),
         tangent::grad<while_loop, options{.checkpoint = true}>(), wave(32), n);
    // The fallback is the full tape (the default request recomputes this
    // loop's iterations: options.recompute).
    twin("runtime_bound/option" + sn, expect::same,
         tangent::grad<runtime_bound, options{.recompute = false}>(),
         tangent::grad<runtime_bound, options{.checkpoint = true}>(), wave(32),
         n);
  }
  pointer_case(
      "scatter_const/option", tangent::grad<scatter_const>(),
      tangent::grad<scatter_const, options{.checkpoint = true}>(),
      [](const vec &q) {
        vec out(400);
        return scatter_const(q.data(), out.data());
      },
      x, 400);
  twin("counted_break/option", expect::same, tangent::grad<counted_break>(),
       tangent::grad<counted_break, options{.checkpoint = true}>(), wave(32));
  return summary();
}
