// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_APPLY_1A7F5C8A2A928A0F
#define TANGENT_GENERATED_APPLY_1A7F5C8A2A928A0F
namespace tangent::generated {
// tangent: adjoint of apply (view_struct.input.cpp:15), forward sweep
inline void apply_forward(const double* l_weight, const double* l_bias, const int& l_n, const double* x, double* y) {
  tangent::tape &tape = tangent::thread_tape();
  double s{};
  // view_struct.input.cpp:16: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  for (int i = 0; i < l_n; ++i) {
    s = l_bias[i];
    // view_struct.input.cpp:18: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
    for (int k = 0; k < l_n; ++k) {
      s = s + l_weight[i * l_n + k] * x[k];
    }
    const double v = std::tanh(s);
    tape.push(v);
    tape.push(y[i]);
    y[i] = v;
  }
  return;
}

// tangent: adjoint of apply (view_struct.input.cpp:15), reverse sweep
inline void apply_reverse(const double* l_weight, const double* l_bias, const int& l_n, const double* x, double* y, double* d_l_weight, double* d_l_bias, double* d_x, double* d_y) {
  tangent::tape &tape = tangent::thread_tape();
  double s{};
  double d_s{};
  // view_struct.input.cpp:16: for loop, reversed
  for (int i = l_n; i-- > 0;) {
    y[i] = tape.pop<double>();
    const double v_2 = tape.pop<double>();
    const double d_2 = d_y[i];
    d_y[i] = 0;
    d_s += d_2 * (1 - v_2 * v_2);
    // view_struct.input.cpp:18: for loop, reversed
    for (int k = l_n; k-- > 0;) {
      d_l_weight[i * l_n + k] += d_s * x[k];
      d_x[k] += l_weight[i * l_n + k] * d_s;
    }
    const double d = d_s;
    d_s = 0;
    d_l_bias[i] += d;
  }
  (void)tape;
}

// tangent: apply on the fields of its objects
inline void apply_primal(const double* l_weight, const double* l_bias, const int& l_n, const double* x, double* y) {
  double s{};
  // view_struct.input.cpp:16: for loop
  for (int i = 0; i < l_n; ++i) {
    s = l_bias[i];
    // view_struct.input.cpp:18: for loop
    for (int k = 0; k < l_n; ++k) {
      s = s + l_weight[i * l_n + k] * x[k];
    }
    const double v_3 = std::tanh(s);
    y[i] = v_3;
  }
  return;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_LAYER_LOSS_9F894ACB583CA83D
#define TANGENT_GENERATED_LAYER_LOSS_9F894ACB583CA83D
namespace tangent::generated {
// tangent: adjoint of layer_loss (view_struct.input.cpp:24)
inline double layer_loss_pullback(const double* params, const double* x, int n, double* d_params, double* d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  int l_n{};
  double y[4] = {};
  double s{};
  int l_bias_at{};
  // forward sweep
  l_bias_at = n * n;
  l_n = n;
  tangent::detail::zero(y);
  // view_struct.input.cpp:27: call apply
  tangent::generated::apply_forward(params, params + l_bias_at, l_n, x, y);
  s = 0.0;
  // view_struct.input.cpp:29: for loop (checkpointing not requested)
  for (int i = 0; i < n; ++i) {
    s = s + y[i] * y[i];
  }
  result = s;
  const double value = result;
  // reverse sweep
  double d_y[4] = {};
  double d_s{};
  const double d = d_result;
  d_result = 0;
  d_s += d;
  // view_struct.input.cpp:29: for loop, reversed
  for (int i = n; i-- > 0;) {
    d_y[i] += d_s * y[i];
    d_y[i] += y[i] * d_s;
  }
  d_s = 0;
  // view_struct.input.cpp:27: reverse of the call
  tangent::generated::apply_reverse(params, params + l_bias_at, l_n, x, y, d_params, d_params + l_bias_at, d_x, d_y);
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&layer_loss, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0xeb15b19ec3bcb06dull;
  static double pullback(const double* params, const double* x, int n, double* d_0, double* d_1, double seed) {
    return generated::layer_loss_pullback(params, x, n, d_0, d_1, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
