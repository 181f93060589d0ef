// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_MISFIT_OPTIONS_5F5368FDEBCD47FC
#define TANGENT_GENERATED_MISFIT_OPTIONS_5F5368FDEBCD47FC
namespace tangent::generated {
// tangent: adjoint of misfit (inner_sums.input.cpp:10)
inline double misfit_options_pullback(const std::vector<double>& c, const std::vector<double>& t, const std::vector<double>& y, std::vector<double>& d_c, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double total{};
  double residual{};
  double power{};
  // forward sweep
  total = 0.0;
  // inner_sums.input.cpp:13: for loop, recomputed: the state {total} recorded before each iteration (cheaper to recompute than to record: about 1616 bytes recorded per iteration against a state of 8 bytes {total}, and 302 operations to run it again (containers and unknown trip counts counted as 100))
  for (unsigned long i = 0ul; i < t.size(); ++i) {
    tape.push(total);
    residual = y[i];
    power = 1.0;
    // inner_sums.input.cpp:16: for loop
    for (unsigned long k = 0ul; k < c.size(); ++k) {
      residual = residual - c[k] * power;
      power = power * t[i];
    }
    total = total + residual * residual;
  }
  result = 0.5 * total;
  const double value = result;
  // reverse sweep
  double d_total{};
  double d_residual{};
  const double d = d_result;
  d_result = 0;
  d_total += 0.5 * d;
  // inner_sums.input.cpp:13: for loop, reversed: each iteration recomputed, taped, from its state
  for (unsigned long i = t.size(); i-- > 0ul;) {
    total = tape.pop<double>();
    tape.push(residual);
    residual = y[i];
    tape.push(power);
    power = 1.0;
    tape.push(residual);
    // inner_sums.input.cpp:16: for loop (taped within each recomputation of the loop at line 13)
    constexpr std::size_t per_iteration = 1;
    std::byte *const records = tangent::detail::push_block<double>(tape, 0ul, c.size(), 1);
    for (unsigned long k = 0ul; k < c.size(); ++k) {
      residual = residual - c[k] * power;
      tangent::detail::record_at<double>(records, k * per_iteration, power);
      power = power * t[i];
    }
    total = total + residual * residual;
    d_residual += d_total * residual;
    d_residual += residual * d_total;
    // inner_sums.input.cpp:16: for loop, reversed
    constexpr std::size_t per_iteration_2 = 1;
    const std::byte *const records_2 = tangent::detail::pop_block<double>(tape, 0ul, c.size(), 1);
    for (unsigned long k = c.size(); k-- > 0ul;) {
      power = tangent::detail::recorded_at<double>(records_2, k * per_iteration_2);
      d_c[k] += -d_residual * power;
    }
    residual = tape.pop<double>();
    power = tape.pop<double>();
    residual = tape.pop<double>();
    d_residual = 0;
  }
  d_total = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&misfit, tangent::options{.wrt = tangent::wrt_params(0)}> {
  static constexpr unsigned long long source_hash = 0xdd634426dbb7e0c7ull;
  static double pullback(const std::vector<double>& c, const std::vector<double>& t, const std::vector<double>& y, std::vector<double>& d_0, double seed) {
    return generated::misfit_options_pullback(c, t, y, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#ifndef TANGENT_GENERATED_MISFIT_OPTIONS_2_3435832367DF6CE3
#define TANGENT_GENERATED_MISFIT_OPTIONS_2_3435832367DF6CE3
namespace tangent::generated {
// tangent: adjoint of misfit (inner_sums.input.cpp:10)
inline double misfit_options_2_pullback(const std::vector<double>& c, const std::vector<double>& t, const std::vector<double>& y, std::vector<double>& d_c, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double total{};
  double residual{};
  double power{};
  // forward sweep
  total = 0.0;
  // inner_sums.input.cpp:13: for loop (checkpointing not requested)
  for (unsigned long i = 0ul; i < t.size(); ++i) {
    tape.push(residual);
    residual = y[i];
    tape.push(power);
    power = 1.0;
    tape.push(residual);
    // inner_sums.input.cpp:16: for loop (checkpointing not requested)
    constexpr std::size_t per_iteration = 1;
    std::byte *const records = tangent::detail::push_block<double>(tape, 0ul, c.size(), 1);
    for (unsigned long k = 0ul; k < c.size(); ++k) {
      residual = residual - c[k] * power;
      tangent::detail::record_at<double>(records, k * per_iteration, power);
      power = power * t[i];
    }
    total = total + residual * residual;
  }
  result = 0.5 * total;
  const double value = result;
  // reverse sweep
  double d_total{};
  double d_residual{};
  const double d = d_result;
  d_result = 0;
  d_total += 0.5 * d;
  // inner_sums.input.cpp:13: for loop, reversed
  for (unsigned long i = t.size(); i-- > 0ul;) {
    d_residual += d_total * residual;
    d_residual += residual * d_total;
    // inner_sums.input.cpp:16: for loop, reversed
    constexpr std::size_t per_iteration_2 = 1;
    const std::byte *const records_2 = tangent::detail::pop_block<double>(tape, 0ul, c.size(), 1);
    for (unsigned long k = c.size(); k-- > 0ul;) {
      power = tangent::detail::recorded_at<double>(records_2, k * per_iteration_2);
      d_c[k] += -d_residual * power;
    }
    residual = tape.pop<double>();
    power = tape.pop<double>();
    residual = tape.pop<double>();
    d_residual = 0;
  }
  d_total = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&misfit, tangent::options{.wrt = tangent::wrt_params(0), .recompute = false}> {
  static constexpr unsigned long long source_hash = 0x2cc67b4496593d47ull;
  static double pullback(const std::vector<double>& c, const std::vector<double>& t, const std::vector<double>& y, std::vector<double>& d_0, double seed) {
    return generated::misfit_options_2_pullback(c, t, y, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
