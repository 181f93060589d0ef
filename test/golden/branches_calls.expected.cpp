// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_SCALE_285296377224F592
#define TANGENT_GENERATED_SCALE_285296377224F592
namespace tangent::generated {
// tangent: adjoint of scale (branches_calls.input.cpp:12), forward sweep
inline void scale_forward(double a, double& out) {
  tangent::tape &tape = tangent::thread_tape();
  tape.push(out);
  out = out * a + std::sin(a);
  return;
}

// tangent: adjoint of scale (branches_calls.input.cpp:12), reverse sweep
inline void scale_reverse(double a, double& out, double& d_a, double& d_out) {
  tangent::tape &tape = tangent::thread_tape();
  out = tape.pop<double>();
  const double d = d_out;
  d_out = 0;
  d_out += d * a;
  d_a += out * d;
  d_a += d * std::cos(a);
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_MODEL_36699D23F85E6D21
#define TANGENT_GENERATED_MODEL_36699D23F85E6D21
namespace tangent::generated {
// tangent: adjoint of model (branches_calls.input.cpp:14)
inline double model_pullback(double x, double y, int mode, double& d_x, double& d_y, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double z{};
  double v{};
  double v_2{};
  // forward sweep
  z = x * y;
  const bool taken = mode > 0 && z > 1.0;
  if (taken) {
    const double v_3 = std::sqrt(z);
    tape.push(v_3);
    z = v_3;
  } else {
    tape.push(z);
    z = z * z;
  }
  tape.push(taken);
  tape.push(z);
  // branches_calls.input.cpp:20: call scale
  tangent::generated::scale_forward(x, z);
  // branches_calls.input.cpp:21: call softplus
  v = softplus(z);
  if (mode == 2) {
    v_2 = y;
  } else {
    v_2 = -y;
  }
  result = v + v_2;
  const double value = result;
  // reverse sweep
  double d_z{};
  double d_v{};
  double d_v_2{};
  const double d_6 = d_result;
  d_result = 0;
  d_v += d_6;
  d_v_2 += d_6;
  if (mode == 2) {
    const double d_4 = d_v_2;
    d_v_2 = 0;
    d_y += d_4;
  } else {
    const double d_5 = d_v_2;
    d_v_2 = 0;
    d_y += -d_5;
  }
  // branches_calls.input.cpp:21: reverse of the call
  tangent::custom::softplus_pullback(z, &d_z, d_v);
  d_v = 0;
  // branches_calls.input.cpp:20: reverse of the call
  tangent::generated::scale_reverse(x, z, d_x, d_z);
  z = tape.pop<double>();
  if (tape.pop<bool>()) {
    const double v_4 = tape.pop<double>();
    const double d_2 = d_z;
    d_z = 0;
    d_z += d_2 * (0.5 / v_4);
  } else {
    z = tape.pop<double>();
    const double d_3 = d_z;
    d_z = 0;
    d_z += d_3 * z;
    d_z += z * d_3;
  }
  const double d = d_z;
  d_z = 0;
  d_x += d * y;
  d_y += x * d;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&model, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x9f17c374007c2132ull;
  static double pullback(double x, double y, int mode, double* d_0, double* d_1, double seed) {
    return generated::model_pullback(x, y, mode, *d_0, *d_1, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
