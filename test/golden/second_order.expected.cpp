// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#include <tangent/forward.hpp>
namespace tangent::generated {
inline double rosenbrock_hvp_pullback(const std::vector<double>& x, const std::vector<double>& t_x, std::vector<double>& d_x, double d_result);
inline double rosenbrock_hvp_with_gradient_pullback(const std::vector<double>& x, const std::vector<double>& t_x, std::vector<double>& d_x, std::vector<double>& d_t_x, double d_result);
}
#ifndef TANGENT_GENERATED_ROSENBROCK_HVP_6BE2491E5AD4465F
#define TANGENT_GENERATED_ROSENBROCK_HVP_6BE2491E5AD4465F
namespace tangent::generated {
// tangent: adjoint of rosenbrock (second_order.input.cpp:12)
inline double rosenbrock_hvp_pullback(const std::vector<double>& x, const std::vector<double>& t_x, std::vector<double>& d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double s{};
  unsigned long i{};
  double a{};
  double b{};
  double t_result{};
  double t_s{};
  double t_a{};
  double t_b{};
  // forward sweep
  t_s = 0;
  s = 0.0;
  i = 0ul;
  // second_order.input.cpp:14: for loop, trip count recorded (checkpointing not requested)
  std::size_t trips = 0;
  while (i + 1ul < x.size()) {
    ++trips;
    tape.push(t_a);
    t_a = t_x[i + 1ul] + -(t_x[i] * x[i] + x[i] * t_x[i]);
    const unsigned long v = i + 1ul;
    tape.push(v);
    tape.push(a);
    a = x[v] - x[i] * x[i];
    tape.push(t_b);
    t_b = -t_x[i];
    b = 1.0 - x[i];
    const double v_3 = 100.0 * t_a;
    tape.push(v_3);
    const double v_5 = 100.0 * a;
    tape.push(v_5);
    t_s = t_s + (v_3 * a + v_5 * t_a + (t_b * b + b * t_b));
    s = s + (100.0 * a * a + b * b);
    i = static_cast<unsigned long>(i + 1);
  }
  tape.push(trips);
  t_result = t_s;
  result = s;
  const double value = t_result;
  // reverse sweep
  double d_a{};
  double d_b{};
  double d_t_s{};
  double d_t_a{};
  const double d_6 = d_result;
  d_result = 0;
  d_t_s += d_6;
  // second_order.input.cpp:14: for loop, reversed
  for (std::size_t trips_2 = tape.pop<std::size_t>(); trips_2-- > 0;) {
    i = i - 1;
    const double v_6 = tape.pop<double>();
    const double v_4 = tape.pop<double>();
    d_t_a += 100.0 * (d_t_s * a);
    d_a += v_4 * d_t_s;
    d_a += 100.0 * (d_t_s * t_a);
    d_t_a += v_6 * d_t_s;
    d_b += t_b * d_t_s;
    d_b += d_t_s * t_b;
    const double d_5 = d_b;
    d_b = 0;
    d_x[i] += -d_5;
    t_b = tape.pop<double>();
    a = tape.pop<double>();
    const unsigned long v_2 = tape.pop<unsigned long>();
    const double d_3 = d_a;
    d_a = 0;
    d_x[v_2] += d_3;
    const double d_4 = -d_3;
    d_x[i] += d_4 * x[i];
    d_x[i] += x[i] * d_4;
    t_a = tape.pop<double>();
    const double d = d_t_a;
    d_t_a = 0;
    const double d_2 = -d;
    d_x[i] += t_x[i] * d_2;
    d_x[i] += d_2 * t_x[i];
  }
  d_t_s = 0;
  return value;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_ROSENBROCK_HVP_WITH_GRADIENT_9C88B6AFFC6DD13A
#define TANGENT_GENERATED_ROSENBROCK_HVP_WITH_GRADIENT_9C88B6AFFC6DD13A
namespace tangent::generated {
// tangent: adjoint of rosenbrock (second_order.input.cpp:12)
inline double rosenbrock_hvp_with_gradient_pullback(const std::vector<double>& x, const std::vector<double>& t_x, std::vector<double>& d_x, std::vector<double>& d_t_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double s{};
  unsigned long i{};
  double a{};
  double b{};
  double t_result{};
  double t_s{};
  double t_a{};
  double t_b{};
  // forward sweep
  t_s = 0;
  s = 0.0;
  i = 0ul;
  // second_order.input.cpp:14: for loop, trip count recorded (checkpointing not requested)
  std::size_t trips = 0;
  while (i + 1ul < x.size()) {
    ++trips;
    const unsigned long v = i + 1ul;
    tape.push(v);
    tape.push(t_a);
    t_a = t_x[v] + -(t_x[i] * x[i] + x[i] * t_x[i]);
    const unsigned long v_3 = i + 1ul;
    tape.push(v_3);
    tape.push(a);
    a = x[v_3] - x[i] * x[i];
    tape.push(t_b);
    t_b = -t_x[i];
    tape.push(b);
    b = 1.0 - x[i];
    const double v_5 = 100.0 * t_a;
    tape.push(v_5);
    const double v_7 = 100.0 * a;
    tape.push(v_7);
    t_s = t_s + (v_5 * a + v_7 * t_a + (t_b * b + b * t_b));
    s = s + (100.0 * a * a + b * b);
    i = static_cast<unsigned long>(i + 1);
  }
  tape.push(trips);
  t_result = t_s;
  result = s;
  const double value = t_result;
  // reverse sweep
  double d_a{};
  double d_b{};
  double d_t_s{};
  double d_t_a{};
  double d_t_b{};
  const double d_7 = d_result;
  d_result = 0;
  d_t_s += d_7;
  // second_order.input.cpp:14: for loop, reversed
  for (std::size_t trips_2 = tape.pop<std::size_t>(); trips_2-- > 0;) {
    i = i - 1;
    const double v_8 = tape.pop<double>();
    const double v_6 = tape.pop<double>();
    d_t_a += 100.0 * (d_t_s * a);
    d_a += v_6 * d_t_s;
    d_a += 100.0 * (d_t_s * t_a);
    d_t_a += v_8 * d_t_s;
    d_t_b += d_t_s * b;
    d_b += t_b * d_t_s;
    d_b += d_t_s * t_b;
    d_t_b += b * d_t_s;
    b = tape.pop<double>();
    const double d_6 = d_b;
    d_b = 0;
    d_x[i] += -d_6;
    t_b = tape.pop<double>();
    const double d_5 = d_t_b;
    d_t_b = 0;
    d_t_x[i] += -d_5;
    a = tape.pop<double>();
    const unsigned long v_4 = tape.pop<unsigned long>();
    const double d_3 = d_a;
    d_a = 0;
    d_x[v_4] += d_3;
    const double d_4 = -d_3;
    d_x[i] += d_4 * x[i];
    d_x[i] += x[i] * d_4;
    t_a = tape.pop<double>();
    const unsigned long v_2 = tape.pop<unsigned long>();
    const double d = d_t_a;
    d_t_a = 0;
    d_t_x[v_2] += d;
    const double d_2 = -d;
    d_t_x[i] += d_2 * x[i];
    d_x[i] += t_x[i] * d_2;
    d_x[i] += d_2 * t_x[i];
    d_t_x[i] += x[i] * d_2;
  }
  d_t_s = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct second_order<&rosenbrock, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x6ff951e8ca1976cfull;
  static double pullback(const std::vector<double>& x, const std::vector<double>& direction_0, std::vector<double>& d_0, double seed) {
    return generated::rosenbrock_hvp_pullback(x, direction_0, d_0, static_cast<double>(seed));
  }
  static constexpr bool gradient_from_product = true;
  static double pullback_with_gradient(const std::vector<double>& x, const std::vector<double>& direction_0, std::vector<double>& d_0, std::vector<double>& gradient_0, double seed) {
    return generated::rosenbrock_hvp_with_gradient_pullback(x, direction_0, d_0, gradient_0, static_cast<double>(seed));
  }
};
} // namespace tangent
namespace tangent::generated {
inline double orbit_hvp_pullback(double x, double w, double t_x, double t_w, double& d_x, double& d_w, double d_result);
inline double orbit_hvp_with_gradient_pullback(double x, double w, double t_x, double t_w, double& d_x, double& d_w, double& d_t_x, double& d_t_w, double d_result);
}
#ifndef TANGENT_GENERATED_ORBIT_HVP_018B7E2690668D03
#define TANGENT_GENERATED_ORBIT_HVP_018B7E2690668D03
namespace tangent::generated {
// tangent: adjoint of orbit (second_order.input.cpp:22)
inline double orbit_hvp_pullback(double x, double w, double t_x, double t_w, double& d_x, double& d_w, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double s{};
  double t_result{};
  double t_s{};
  // forward sweep
  t_s = t_x;
  s = x;
  // second_order.input.cpp:24: for loop, checkpointed: segments of L = ceil(sqrt(n)) iterations, snapshot {s, t_s}
  const long long n = 200;
  const long long L = tangent::detail::segment_length(n);
  {
    long long k = 0;
    for (int t = 0; t < 200; ++t, ++k) {
      if (k % L == 0) {
        tape.push(s);
        tape.push(t_s);
      }
      const double v = t_w * s + w * t_s;
      const double v_3 = w * s;
      const double v_5 = std::cos(v_3);
      t_s = t_s + 0.01 * (v * v_5);
      const double v_7 = w * s;
      s = s + 0.01 * std::sin(v_7);
    }
  }
  t_result = t_s * s + s * t_s;
  result = s * s;
  const double value = t_result;
  // reverse sweep
  double d_s{};
  double d_t_s{};
  const double d_14 = d_result;
  d_result = 0;
  d_t_s += d_14 * s;
  d_s += t_s * d_14;
  d_s += d_14 * t_s;
  d_t_s += s * d_14;
  // second_order.input.cpp:24: for loop, reversed segment by segment
  const long long n_2 = 200;
  const long long L_2 = tangent::detail::segment_length(n_2);
  for (long long segment = (n_2 + L_2 - 1) / L_2; segment-- > 0;) {
    const long long begin = segment * L_2;
    const long long end = std::min(n_2, begin + L_2);
    t_s = tape.pop<double>();
    s = tape.pop<double>();
    // replay the segment, taped
    for (long long k = begin; k < end; ++k) {
      const int t = static_cast<int>(k);
      const double v_9 = t_w * s + w * t_s;
      tape.push(v_9);
      const double v_11 = w * s;
      tape.push(v_11);
      const double v_13 = std::cos(v_11);
      tape.push(v_13);
      tape.push(t_s);
      t_s = t_s + 0.01 * (v_9 * v_13);
      const double v_15 = w * s;
      tape.push(v_15);
      tape.push(s);
      s = s + 0.01 * std::sin(v_15);
    }
    // reverse the segment, emptying its tape
    for (long long k = end; k-- > begin;) {
      const int t = static_cast<int>(k);
      s = tape.pop<double>();
      const double v_16 = tape.pop<double>();
      const double d_12 = d_s;
      d_s = 0;
      d_s += d_12;
      const double d_13 = 0.01 * d_12 * std::cos(v_16);
      d_w += d_13 * s;
      d_s += w * d_13;
      t_s = tape.pop<double>();
      const double v_14 = tape.pop<double>();
      const double v_12 = tape.pop<double>();
      const double v_10 = tape.pop<double>();
      const double d_8 = d_t_s;
      d_t_s = 0;
      d_t_s += d_8;
      const double d_9 = 0.01 * d_8;
      const double d_10 = d_9 * v_14;
      d_s += t_w * d_10;
      d_w += d_10 * t_s;
      d_t_s += w * d_10;
      const double d_11 = v_10 * d_9 * -std::sin(v_12);
      d_w += d_11 * s;
      d_s += w * d_11;
    }
  }
  const double d = d_s;
  d_s = 0;
  d_x += d;
  d_t_s = 0;
  return value;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_ORBIT_HVP_WITH_GRADIENT_16C16E2E48F7C51F
#define TANGENT_GENERATED_ORBIT_HVP_WITH_GRADIENT_16C16E2E48F7C51F
namespace tangent::generated {
// tangent: adjoint of orbit (second_order.input.cpp:22)
inline double orbit_hvp_with_gradient_pullback(double x, double w, double t_x, double t_w, double& d_x, double& d_w, double& d_t_x, double& d_t_w, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double s{};
  double t_result{};
  double t_s{};
  // forward sweep
  t_s = t_x;
  s = x;
  // second_order.input.cpp:24: for loop, checkpointed: segments of L = ceil(sqrt(n)) iterations, snapshot {s, t_s}
  const long long n = 200;
  const long long L = tangent::detail::segment_length(n);
  {
    long long k = 0;
    for (int t = 0; t < 200; ++t, ++k) {
      if (k % L == 0) {
        tape.push(s);
        tape.push(t_s);
      }
      const double v = t_w * s + w * t_s;
      const double v_3 = w * s;
      const double v_5 = std::cos(v_3);
      t_s = t_s + 0.01 * (v * v_5);
      const double v_7 = w * s;
      s = s + 0.01 * std::sin(v_7);
    }
  }
  t_result = t_s * s + s * t_s;
  result = s * s;
  const double value = t_result;
  // reverse sweep
  double d_s{};
  double d_t_s{};
  const double d_15 = d_result;
  d_result = 0;
  d_t_s += d_15 * s;
  d_s += t_s * d_15;
  d_s += d_15 * t_s;
  d_t_s += s * d_15;
  // second_order.input.cpp:24: for loop, reversed segment by segment
  const long long n_2 = 200;
  const long long L_2 = tangent::detail::segment_length(n_2);
  for (long long segment = (n_2 + L_2 - 1) / L_2; segment-- > 0;) {
    const long long begin = segment * L_2;
    const long long end = std::min(n_2, begin + L_2);
    t_s = tape.pop<double>();
    s = tape.pop<double>();
    // replay the segment, taped
    for (long long k = begin; k < end; ++k) {
      const int t = static_cast<int>(k);
      const double v_9 = t_w * s + w * t_s;
      tape.push(v_9);
      const double v_11 = w * s;
      tape.push(v_11);
      const double v_13 = std::cos(v_11);
      tape.push(v_13);
      tape.push(t_s);
      t_s = t_s + 0.01 * (v_9 * v_13);
      const double v_15 = w * s;
      tape.push(v_15);
      tape.push(s);
      s = s + 0.01 * std::sin(v_15);
    }
    // reverse the segment, emptying its tape
    for (long long k = end; k-- > begin;) {
      const int t = static_cast<int>(k);
      s = tape.pop<double>();
      const double v_16 = tape.pop<double>();
      const double d_13 = d_s;
      d_s = 0;
      d_s += d_13;
      const double d_14 = 0.01 * d_13 * std::cos(v_16);
      d_w += d_14 * s;
      d_s += w * d_14;
      t_s = tape.pop<double>();
      const double v_14 = tape.pop<double>();
      const double v_12 = tape.pop<double>();
      const double v_10 = tape.pop<double>();
      const double d_9 = d_t_s;
      d_t_s = 0;
      d_t_s += d_9;
      const double d_10 = 0.01 * d_9;
      const double d_11 = d_10 * v_14;
      d_t_w += d_11 * s;
      d_s += t_w * d_11;
      d_w += d_11 * t_s;
      d_t_s += w * d_11;
      const double d_12 = v_10 * d_10 * -std::sin(v_12);
      d_w += d_12 * s;
      d_s += w * d_12;
    }
  }
  const double d_2 = d_s;
  d_s = 0;
  d_x += d_2;
  const double d = d_t_s;
  d_t_s = 0;
  d_t_x += d;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct second_order<&orbit, tangent::options{.checkpoint = true}> {
  static constexpr unsigned long long source_hash = 0xab33988142b3f739ull;
  static double pullback(double x, double w, double direction_0, double direction_1, double* d_0, double* d_1, double seed) {
    return generated::orbit_hvp_pullback(x, w, direction_0, direction_1, *d_0, *d_1, static_cast<double>(seed));
  }
  static constexpr bool gradient_from_product = true;
  static double pullback_with_gradient(double x, double w, double direction_0, double direction_1, double* d_0, double* d_1, double* gradient_0, double* gradient_1, double seed) {
    return generated::orbit_hvp_with_gradient_pullback(x, w, direction_0, direction_1, *d_0, *d_1, *gradient_0, *gradient_1, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
