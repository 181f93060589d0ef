// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_STRIDE_SUM_925D790BF8424469
#define TANGENT_GENERATED_STRIDE_SUM_925D790BF8424469
namespace tangent::generated {
// tangent: adjoint of stride_sum (pointer_walk.input.cpp:10), forward sweep
inline double stride_sum_forward(const double* x, int n, int stride) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  int x_at{};
  double s{};
  int end_at{};
  x_at = 0;
  s = 0.0;
  end_at = x_at + n;
  // pointer_walk.input.cpp:12: for loop, trip count recorded (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  std::size_t trips = 0;
  while (x_at < end_at) {
    ++trips;
    const double v = std::cos(x[x_at]);
    tape.push(v);
    s = s + x[x_at] * v;
    tape.push(x_at);
    x_at = x_at + stride;
  }
  tape.push(trips);
  result = s;
  tape.push(x_at);
  return result;
}

// tangent: adjoint of stride_sum (pointer_walk.input.cpp:10), reverse sweep
inline void stride_sum_reverse(const double* x, int n, int stride, double* d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  int x_at{};
  double s{};
  int end_at{};
  double d_s{};
  x_at = tape.pop<int>();
  const double d = d_result;
  d_result = 0;
  d_s += d;
  // pointer_walk.input.cpp:12: for loop, reversed
  for (std::size_t trips_2 = tape.pop<std::size_t>(); trips_2-- > 0;) {
    x_at = tape.pop<int>();
    const double v_2 = tape.pop<double>();
    d_x[x_at] += d_s * v_2;
    d_x[x_at] += x[x_at] * d_s * -std::sin(x[x_at]);
  }
  d_s = 0;
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_WALK_4D288CDC1FA5088A
#define TANGENT_GENERATED_WALK_4D288CDC1FA5088A
namespace tangent::generated {
// tangent: adjoint of walk (pointer_walk.input.cpp:17)
inline double walk_pullback(const std::vector<double>& x, std::vector<double>& d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  int p_at{};
  double s{};
  int v{};
  double v_2{};
  // forward sweep
  p_at = 0;
  s = 0.0;
  // pointer_walk.input.cpp:20: for loop (checkpointing not requested)
  constexpr std::size_t per_iteration = 1;
  std::byte *const records = tangent::detail::push_block<int>(tape, 0ul, x.size(), 1);
  for (unsigned long i = 0ul; i < x.size(); ++i) {
    tangent::detail::record_at<int>(records, i * per_iteration, v);
    v = p_at;
    p_at = p_at + 1;
    s = s + (1.0 + 0.5 * double(i)) * std::sin(x[v]);
  }
  // pointer_walk.input.cpp:22: call stride_sum
  v_2 = tangent::generated::stride_sum_forward(x.data() + 1, int(x.size()) - 1, 2);
  result = s + v_2;
  const double value = result;
  // reverse sweep
  double d_s{};
  double d_v_2{};
  const double d = d_result;
  d_result = 0;
  d_s += d;
  d_v_2 += d;
  // pointer_walk.input.cpp:22: reverse of the call
  tangent::generated::stride_sum_reverse(x.data() + 1, int(x.size()) - 1, 2, d_x.data() + 1, d_v_2);
  d_v_2 = 0;
  // pointer_walk.input.cpp:20: for loop, reversed
  constexpr std::size_t per_iteration_2 = 1;
  const std::byte *const records_2 = tangent::detail::pop_block<int>(tape, 0ul, x.size(), 1);
  for (unsigned long i = x.size(); i-- > 0ul;) {
    d_x[v] += (1.0 + 0.5 * double(i)) * d_s * std::cos(x[v]);
    v = tangent::detail::recorded_at<int>(records_2, i * per_iteration_2);
  }
  d_s = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&walk, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x2f8a3ce095a34706ull;
  static double pullback(const std::vector<double>& x, std::vector<double>& d_0, double seed) {
    return generated::walk_pullback(x, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
