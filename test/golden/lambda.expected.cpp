// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_MODEL_LAMBDA_10_A89B141A27C7C7B2
#define TANGENT_GENERATED_MODEL_LAMBDA_10_A89B141A27C7C7B2
namespace tangent::generated {
// tangent: adjoint of model::lambda_10 (lambda.input.cpp:10), forward sweep
inline double model_lambda_10_forward(const double& self_k, double& self_acc, double t) {
  double result{};
  self_acc = self_acc + t;
  result = std::sin(self_k * t);
  return result;
}

// tangent: adjoint of model::lambda_10 (lambda.input.cpp:10), reverse sweep
inline void model_lambda_10_reverse(const double& self_k, double& self_acc, double t, double& d_self_k, double& d_self_acc, double& d_t, double d_result) {
  double result{};
  const double d = d_result;
  d_result = 0;
  const double d_2 = d * std::cos(self_k * t);
  d_self_k += d_2 * t;
  d_t += self_k * d_2;
  d_t += d_self_acc;
}

// tangent: model::lambda_10 on the fields of its objects
inline double model_lambda_10_primal(const double& self_k, double& self_acc, double t) {
  double result{};
  self_acc = self_acc + t;
  result = std::sin(self_k * t);
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_TWICE_LAMBDA_D4815F0E6F6EE16B
#define TANGENT_GENERATED_TWICE_LAMBDA_D4815F0E6F6EE16B
namespace tangent::generated {
// tangent: adjoint of twice<(lambda)> (lambda.input.cpp:6), forward sweep
inline double twice_lambda_forward(const double& f_k, double& f_acc, double x) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double v{};
  double v_2{};
  // lambda.input.cpp:6: call model::lambda_10
  v = tangent::generated::model_lambda_10_forward(f_k, f_acc, x);
  // lambda.input.cpp:6: call model::lambda_10
  v_2 = tangent::generated::model_lambda_10_forward(f_k, f_acc, v);
  result = v_2;
  tape.push(v);
  return result;
}

// tangent: adjoint of twice<(lambda)> (lambda.input.cpp:6), reverse sweep
inline void twice_lambda_reverse(const double& f_k, double& f_acc, double x, double& d_f_k, double& d_f_acc, double& d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double v{};
  double v_2{};
  double d_v{};
  double d_v_2{};
  v = tape.pop<double>();
  const double d = d_result;
  d_result = 0;
  d_v_2 += d;
  // lambda.input.cpp:6: reverse of the call
  if (d_v_2 != 0 || d_f_acc != 0) {
    tangent::generated::model_lambda_10_reverse(f_k, f_acc, v, d_f_k, d_f_acc, d_v, d_v_2);
  }
  d_v_2 = 0;
  // lambda.input.cpp:6: reverse of the call
  if (d_v != 0 || d_f_acc != 0) {
    tangent::generated::model_lambda_10_reverse(f_k, f_acc, x, d_f_k, d_f_acc, d_x, d_v);
  }
  d_v = 0;
  (void)tape;
}

// tangent: twice<(lambda)> on the fields of its objects
inline double twice_lambda_primal(const double& f_k, double& f_acc, double x) {
  double result{};
  double v{};
  double v_2{};
  // lambda.input.cpp:6: call model::lambda_10
  v = tangent::generated::model_lambda_10_primal(f_k, f_acc, x);
  // lambda.input.cpp:6: call model::lambda_10
  v_2 = tangent::generated::model_lambda_10_primal(f_k, f_acc, v);
  result = v_2;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_MODEL_B67AE1A2312E5116
#define TANGENT_GENERATED_MODEL_B67AE1A2312E5116
namespace tangent::generated {
// tangent: adjoint of model (lambda.input.cpp:8)
inline double model_pullback(double k, double x, double& d_k, double& d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double acc{};
  double k_copy{};
  double once{};
  double v{};
  double again{};
  // forward sweep
  acc = 0.0;
  k_copy = k;
  // lambda.input.cpp:14: call model::lambda_10
  v = tangent::generated::model_lambda_10_forward(k_copy, acc, x);
  once = v;
  // lambda.input.cpp:15: call twice<(lambda)>
  again = tangent::generated::twice_lambda_forward(k_copy, acc, x);
  result = once + again * acc;
  const double value = result;
  // reverse sweep
  double d_acc{};
  double d_k_copy{};
  double d_once{};
  double d_v{};
  double d_again{};
  const double d_3 = d_result;
  d_result = 0;
  d_once += d_3;
  d_again += d_3 * acc;
  d_acc += again * d_3;
  // lambda.input.cpp:15: reverse of the call
  tangent::generated::twice_lambda_reverse(k_copy, acc, x, d_k_copy, d_acc, d_x, d_again);
  d_again = 0;
  const double d_2 = d_once;
  d_once = 0;
  d_v += d_2;
  // lambda.input.cpp:14: reverse of the call
  if (d_v != 0 || d_acc != 0) {
    tangent::generated::model_lambda_10_reverse(k_copy, acc, x, d_k_copy, d_acc, d_x, d_v);
  }
  d_v = 0;
  const double d = d_k_copy;
  d_k_copy = 0;
  d_k += d;
  d_acc = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&model, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0xce263f9670d58446ull;
  static double pullback(double k, double x, double* d_0, double* d_1, double seed) {
    return generated::model_pullback(k, x, *d_0, *d_1, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
