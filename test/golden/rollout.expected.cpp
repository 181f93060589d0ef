// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_ROLLOUT_D7A71F149ABB6034
#define TANGENT_GENERATED_ROLLOUT_D7A71F149ABB6034
namespace tangent::generated {
// tangent: adjoint of rollout (rollout.input.cpp:6)
inline double rollout_pullback(const std::vector<double>& x, std::vector<double>& d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  std::vector<double> s;
  double r{};
  // forward sweep
  s.assign(x.size(), 0.0);
  // rollout.input.cpp:8: for loop (checkpointing not requested)
  for (int t = 0; t < 2000; ++t) {
    // rollout.input.cpp:9: for loop (checkpointing not requested)
    constexpr std::size_t per_iteration = 1;
    std::byte *const records = tangent::detail::push_block<double>(tape, 0ul, x.size(), 1);
    for (unsigned long j = 0ul; j < x.size(); ++j) {
      const double v = std::tanh(s[j] * 1.01 + x[j]);
      tangent::detail::record_at<double>(records, j * per_iteration, v);
      s[j] = v;
    }
  }
  r = 0.0;
  // rollout.input.cpp:12: for loop (checkpointing not requested)
  for (unsigned long j_2 = 0ul; j_2 < x.size(); ++j_2) {
    r = r + s[j_2];
  }
  result = r;
  const double value = result;
  // reverse sweep
  std::vector<double> d_s;
  double d_r{};
  tangent::detail::zero(d_s, s.size());
  const double d_3 = d_result;
  d_result = 0;
  d_r += d_3;
  // rollout.input.cpp:12: for loop, reversed
  for (unsigned long j_2 = x.size(); j_2-- > 0ul;) {
    d_s[j_2] += d_r;
  }
  d_r = 0;
  // rollout.input.cpp:8: for loop, reversed
  for (int t = 2000; t-- > 0;) {
    // rollout.input.cpp:9: for loop, reversed
    constexpr std::size_t per_iteration_2 = 1;
    const std::byte *const records_2 = tangent::detail::pop_block<double>(tape, 0ul, x.size(), 1);
    for (unsigned long j = x.size(); j-- > 0ul;) {
      const double v_2 = tangent::detail::recorded_at<double>(records_2, j * per_iteration_2);
      const double d = d_s[j];
      d_s[j] = 0;
      const double d_2 = d * (1 - v_2 * v_2);
      d_s[j] += d_2 * 1.01;
      d_x[j] += d_2;
    }
  }
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&rollout, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x5de22725d52529f3ull;
  static double pullback(const std::vector<double>& x, std::vector<double>& d_0, double seed) {
    return generated::rollout_pullback(x, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#ifndef TANGENT_GENERATED_ROLLOUT_CHECKPOINTED_B3D1360FF0A0C27F
#define TANGENT_GENERATED_ROLLOUT_CHECKPOINTED_B3D1360FF0A0C27F
namespace tangent::generated {
// tangent: adjoint of rollout (rollout.input.cpp:6)
inline double rollout_checkpointed_pullback(const std::vector<double>& x, std::vector<double>& d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  std::vector<double> s;
  double r{};
  // forward sweep
  s.assign(x.size(), 0.0);
  // rollout.input.cpp:8: for loop, checkpointed: segments of L = ceil(sqrt(n)) iterations, snapshot {s}
  const long long n = 2000;
  const long long L = tangent::detail::segment_length(n);
  {
    long long k = 0;
    for (int t = 0; t < 2000; ++t, ++k) {
      if (k % L == 0) {
        tape.push_vector(s);
      }
      // rollout.input.cpp:9: for loop
      for (unsigned long j = 0ul; j < x.size(); ++j) {
        const double v = std::tanh(s[j] * 1.01 + x[j]);
        s[j] = v;
      }
    }
  }
  r = 0.0;
  // rollout.input.cpp:12: for loop (bound not constant; annotate with [[tangent::checkpoint]] to checkpoint it)
  for (unsigned long j_2 = 0ul; j_2 < x.size(); ++j_2) {
    r = r + s[j_2];
  }
  result = r;
  const double value = result;
  // reverse sweep
  std::vector<double> d_s;
  double d_r{};
  tangent::detail::zero(d_s, s.size());
  const double d_5 = d_result;
  d_result = 0;
  d_r += d_5;
  // rollout.input.cpp:12: for loop, reversed
  for (unsigned long j_2 = x.size(); j_2-- > 0ul;) {
    d_s[j_2] += d_r;
  }
  d_r = 0;
  // rollout.input.cpp:8: for loop, reversed segment by segment
  const long long n_2 = 2000;
  const long long L_2 = tangent::detail::segment_length(n_2);
  for (long long segment = (n_2 + L_2 - 1) / L_2; segment-- > 0;) {
    const long long begin = segment * L_2;
    const long long end = std::min(n_2, begin + L_2);
    tape.pop_vector(s);
    // replay the segment, taped
    for (long long k = begin; k < end; ++k) {
      const int t = static_cast<int>(k);
      // rollout.input.cpp:9: for loop (taped within each replay of the checkpointed loop at line 8)
      constexpr std::size_t per_iteration = 1;
      std::byte *const records = tangent::detail::push_block<double>(tape, 0ul, x.size(), 1);
      for (unsigned long j = 0ul; j < x.size(); ++j) {
        const double v_3 = std::tanh(s[j] * 1.01 + x[j]);
        tangent::detail::record_at<double>(records, j * per_iteration, v_3);
        s[j] = v_3;
      }
    }
    // reverse the segment, emptying its tape
    for (long long k = end; k-- > begin;) {
      const int t = static_cast<int>(k);
      // rollout.input.cpp:9: for loop, reversed
      constexpr std::size_t per_iteration_2 = 1;
      const std::byte *const records_2 = tangent::detail::pop_block<double>(tape, 0ul, x.size(), 1);
      for (unsigned long j = x.size(); j-- > 0ul;) {
        const double v_4 = tangent::detail::recorded_at<double>(records_2, j * per_iteration_2);
        const double d_3 = d_s[j];
        d_s[j] = 0;
        const double d_4 = d_3 * (1 - v_4 * v_4);
        d_s[j] += d_4 * 1.01;
        d_x[j] += d_4;
      }
    }
  }
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&rollout, tangent::options{.checkpoint = true}> {
  static constexpr unsigned long long source_hash = 0x43aee68e76dc902cull;
  static double pullback(const std::vector<double>& x, std::vector<double>& d_0, double seed) {
    return generated::rollout_checkpointed_pullback(x, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
