// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/tangent.hpp>
#ifndef TANGENT_GENERATED_RESIDUAL_B16F900832C79573
#define TANGENT_GENERATED_RESIDUAL_B16F900832C79573
namespace tangent::generated {
// tangent: adjoint of residual (addresses.input.cpp:8), forward sweep
inline void residual_forward(const double* p, const double* mu, double* err) {
  tangent::tape &tape = tangent::thread_tape();
  double s{};
  s = 0.0;
  // addresses.input.cpp:10: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  for (int k = 0; k < 3; ++k) {
    s = s + (p[k] - mu[k]) * (p[k] - mu[k]);
  }
  tape.push(err[0]);
  err[0] = s;
  return;
}

// tangent: adjoint of residual (addresses.input.cpp:8), reverse sweep
inline void residual_reverse(const double* p, const double* mu, double* err, double* d_p, double* d_mu, double* d_err) {
  tangent::tape &tape = tangent::thread_tape();
  double s{};
  double d_s{};
  err[0] = tape.pop<double>();
  const double d_3 = d_err[0];
  d_err[0] = 0;
  d_s += d_3;
  // addresses.input.cpp:10: for loop, reversed
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
#ifndef TANGENT_GENERATED_FIT_9EA2C14E566B9C7E
#define TANGENT_GENERATED_FIT_9EA2C14E566B9C7E
namespace tangent::generated {
// tangent: adjoint of fit (addresses.input.cpp:15)
inline double fit_pullback(const std::vector<double>& x, const std::vector<double>& mu, std::vector<double>& d_x, std::vector<double>& d_mu, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double total{};
  double e{};
  // forward sweep
  total = 0.0;
  // addresses.input.cpp:17: for loop (checkpointing not requested)
  for (int i = 0; i < 2; ++i) {
    // addresses.input.cpp:19: call residual
    tangent::generated::residual_forward(x.data() + static_cast<unsigned long>(3 * i), mu.data(), &e);
    total = total + e * e;
  }
  result = total;
  const double value = result;
  // reverse sweep
  double d_total{};
  double d_e{};
  const double d = d_result;
  d_result = 0;
  d_total += d;
  // addresses.input.cpp:17: for loop, reversed
  for (int i = 2; i-- > 0;) {
    d_e += d_total * e;
    d_e += e * d_total;
    // addresses.input.cpp:19: reverse of the call
    tangent::generated::residual_reverse(x.data() + static_cast<unsigned long>(3 * i), mu.data(), &e, d_x.data() + static_cast<unsigned long>(3 * i), d_mu.data(), &d_e);
  }
  d_total = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&fit, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x6812b52ff46108b7ull;
  static double pullback(const std::vector<double>& x, const std::vector<double>& mu, std::vector<double>& d_0, std::vector<double>& d_1, double seed) {
    return generated::fit_pullback(x, mu, d_0, d_1, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
