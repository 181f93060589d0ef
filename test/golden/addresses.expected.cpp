// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_RESIDUAL_75A59732A3A86CA5
#define TANGENT_GENERATED_RESIDUAL_75A59732A3A86CA5
namespace tangent::generated {
// tangent: adjoint of residual (addresses.input.cpp:9), forward sweep
inline void residual_forward(const double* p, const double* mu, double* err) {
  tangent::tape &tape = tangent::thread_tape();
  double s{};
  s = 0.0;
  // addresses.input.cpp:11: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  for (int k = 0; k < 3; ++k) {
    s = s + (p[k] - mu[k]) * (p[k] - mu[k]);
  }
  tape.push(err[0]);
  err[0] = s;
  return;
}

// tangent: adjoint of residual (addresses.input.cpp:9), reverse sweep
inline void residual_reverse(const double* p, const double* mu, double* err, double* d_p, double* d_mu, double* d_err) {
  tangent::tape &tape = tangent::thread_tape();
  double s{};
  double d_s{};
  err[0] = tape.pop<double>();
  const double d_3 = d_err[0];
  d_err[0] = 0;
  d_s += d_3;
  // addresses.input.cpp:11: for loop, reversed
  for (int k = 3; k-- > 0;) {
    const double d = d_s * (p[k] - mu[k]);
    d_p[k] += d;
    d_mu[k] += -d;
    const double d_2 = (p[k] - mu[k]) * d_s;
    d_p[k] += d_2;
    d_mu[k] += -d_2;
  }
  d_s = 0;
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_FIT_A63CE7E53554C658
#define TANGENT_GENERATED_FIT_A63CE7E53554C658
namespace tangent::generated {
// tangent: adjoint of fit (addresses.input.cpp:16)
inline double fit_pullback(const std::vector<double>& x, const std::vector<double>& mu, std::vector<double>& d_x, std::vector<double>& d_mu, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double total{};
  double e{};
  unsigned long last_at{};
  // forward sweep
  total = 0.0;
  // addresses.input.cpp:18: for loop (checkpointing not requested)
  for (int i = 0; i < 2; ++i) {
    // addresses.input.cpp:20: call residual
    tangent::generated::residual_forward(x.data() + static_cast<unsigned long>(3 * i), mu.data(), &e);
    last_at = static_cast<unsigned long>(3 * i + 2);
    const double v = e * e;
    tape.push(v);
    total = total + v * x[last_at];
  }
  result = total;
  const double value = result;
  // reverse sweep
  double d_total{};
  double d_e{};
  const double d_2 = d_result;
  d_result = 0;
  d_total += d_2;
  // addresses.input.cpp:18: for loop, reversed
  for (int i = 2; i-- > 0;) {
    last_at = static_cast<unsigned long>(3 * i + 2);
    const double v_2 = tape.pop<double>();
    const double d = d_total * x[last_at];
    d_e += d * e;
    d_e += e * d;
    d_x[last_at] += v_2 * d_total;
    // addresses.input.cpp:20: reverse of the call
    tangent::generated::residual_reverse(x.data() + static_cast<unsigned long>(3 * i), mu.data(), &e, d_x.data() + static_cast<unsigned long>(3 * i), d_mu.data(), &d_e);
  }
  d_total = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&fit, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x9a27f0a4c9ae33b5ull;
  static double pullback(const std::vector<double>& x, const std::vector<double>& mu, std::vector<double>& d_0, std::vector<double>& d_1, double seed) {
    return generated::fit_pullback(x, mu, d_0, d_1, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
