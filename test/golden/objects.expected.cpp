// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_OPERATOR_PLUS_A23D054482E1B39F
#define TANGENT_GENERATED_OPERATOR_PLUS_A23D054482E1B39F
namespace tangent::generated {
// tangent: adjoint of operator+ (objects.input.cpp:14), forward sweep
inline void operator_plus_forward(const double& a_x, const double& a_y, const double& b_x, const double& b_y, double& result_x, double& result_y) {
  result_x = a_x + b_x;
  result_y = a_y + b_y;
  return;
}

// tangent: adjoint of operator+ (objects.input.cpp:14), reverse sweep
inline void operator_plus_reverse(const double& a_x, const double& a_y, const double& b_x, const double& b_y, double& result_x, double& result_y, double& d_a_x, double& d_a_y, double& d_b_x, double& d_b_y, double& d_result_x, double& d_result_y) {
  const double d_2 = d_result_y;
  d_result_y = 0;
  d_a_y += d_2;
  d_b_y += d_2;
  const double d = d_result_x;
  d_result_x = 0;
  d_a_x += d;
  d_b_x += d;
}

// tangent: operator+ on the fields of its objects
inline void operator_plus_primal(const double& a_x, const double& a_y, const double& b_x, const double& b_y, double& result_x, double& result_y) {
  result_x = a_x + b_x;
  result_y = a_y + b_y;
  return;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_SPRING_SPRING_198C2AEFF60003FE
#define TANGENT_GENERATED_SPRING_SPRING_198C2AEFF60003FE
namespace tangent::generated {
// tangent: adjoint of Spring::Spring (objects.input.cpp:20), forward sweep
inline void Spring_Spring_forward(double& self_k_, double& self_rest_, double k, double rest) {
  self_k_ = k;
  self_rest_ = rest;
  return;
}

// tangent: adjoint of Spring::Spring (objects.input.cpp:20), reverse sweep
inline void Spring_Spring_reverse(double& self_k_, double& self_rest_, double k, double rest, double& d_self_k_, double& d_self_rest_, double& d_k, double& d_rest) {
  const double d_2 = d_self_rest_;
  d_self_rest_ = 0;
  d_rest += d_2;
  const double d = d_self_k_;
  d_self_k_ = 0;
  d_k += d;
}

// tangent: Spring::Spring on the fields of its objects
inline void Spring_Spring_primal(double& self_k_, double& self_rest_, double k, double rest) {
  self_k_ = k;
  self_rest_ = rest;
  return;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_SPRING_ENERGY_FA6BD1EBEA8A0211
#define TANGENT_GENERATED_SPRING_ENERGY_FA6BD1EBEA8A0211
namespace tangent::generated {
// tangent: adjoint of Spring::energy (objects.input.cpp:21), forward sweep
inline double Spring_energy_forward(const double& self_k_, const double& self_rest_, const double& p_x, const double& p_y) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double d{};
  const double v = std::sqrt(p_x * p_x + p_y * p_y);
  tape.push(v);
  d = v - self_rest_;
  result = 0.5 * self_k_ * d * d;
  tape.push(d);
  return result;
}

// tangent: adjoint of Spring::energy (objects.input.cpp:21), reverse sweep
inline void Spring_energy_reverse(const double& self_k_, const double& self_rest_, const double& p_x, const double& p_y, double& d_self_k_, double& d_self_rest_, double& d_p_x, double& d_p_y, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double d{};
  double d_d{};
  d = tape.pop<double>();
  const double d_4 = d_result;
  d_result = 0;
  const double d_5 = d_4 * d;
  d_self_k_ += 0.5 * (d_5 * d);
  d_d += 0.5 * self_k_ * d_5;
  d_d += 0.5 * self_k_ * d * d_4;
  const double v_2 = tape.pop<double>();
  const double d_2 = d_d;
  d_d = 0;
  const double d_3 = d_2 * (0.5 / v_2);
  d_p_x += d_3 * p_x;
  d_p_x += p_x * d_3;
  d_p_y += d_3 * p_y;
  d_p_y += p_y * d_3;
  d_self_rest_ += -d_2;
  (void)tape;
}

// tangent: Spring::energy on the fields of its objects
inline double Spring_energy_primal(const double& self_k_, const double& self_rest_, const double& p_x, const double& p_y) {
  double result{};
  double d{};
  const double v_3 = std::sqrt(p_x * p_x + p_y * p_y);
  d = v_3 - self_rest_;
  result = 0.5 * self_k_ * d * d;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_MODEL_20A14AE1428424DC
#define TANGENT_GENERATED_MODEL_20A14AE1428424DC
namespace tangent::generated {
// tangent: adjoint of model (objects.input.cpp:27)
inline double model_pullback(const double& p_k, const double& p_c, const int& p_n, double x, double& d_p_k, double& d_p_c, double& d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double a_x{};
  double a_y{};
  double b_x{};
  double b_y{};
  double v_x{};
  double v_y{};
  double s_k_{};
  double s_rest_{};
  double v{};
  double v_2{};
  // forward sweep
  a_x = x;
  a_y = p_c;
  v_x = p_k;
  v_y = 1.0;
  // objects.input.cpp:29: call operator+
  tangent::generated::operator_plus_forward(a_x, a_y, v_x, v_y, b_x, b_y);
  v = 0.5 * double(p_n);
  // objects.input.cpp:30: call Spring::Spring
  tangent::generated::Spring_Spring_forward(s_k_, s_rest_, p_k, v);
  // objects.input.cpp:31: call Spring::energy
  v_2 = tangent::generated::Spring_energy_forward(s_k_, s_rest_, b_x, b_y);
  result = v_2 + p_c * x;
  const double value = result;
  // reverse sweep
  double d_a_x{};
  double d_a_y{};
  double d_b_x{};
  double d_b_y{};
  double d_v_x{};
  double d_s_k_{};
  double d_s_rest_{};
  double d_v_2{};
  const double d_4 = d_result;
  d_result = 0;
  d_v_2 += d_4;
  d_p_c += d_4 * x;
  d_x += p_c * d_4;
  // objects.input.cpp:31: reverse of the call
  tangent::generated::Spring_energy_reverse(s_k_, s_rest_, b_x, b_y, d_s_k_, d_s_rest_, d_b_x, d_b_y, d_v_2);
  d_v_2 = 0;
  double dz_2{};
  // objects.input.cpp:30: reverse of the call
  if (d_s_k_ != 0 || d_s_rest_ != 0) {
    tangent::generated::Spring_Spring_reverse(s_k_, s_rest_, p_k, v, d_s_k_, d_s_rest_, d_p_k, dz_2);
  }
  double dz{};
  // objects.input.cpp:29: reverse of the call
  if (d_b_x != 0 || d_b_y != 0) {
    tangent::generated::operator_plus_reverse(a_x, a_y, v_x, v_y, b_x, b_y, d_a_x, d_a_y, d_v_x, dz, d_b_x, d_b_y);
  }
  const double d_3 = d_v_x;
  d_v_x = 0;
  d_p_k += d_3;
  const double d_2 = d_a_y;
  d_a_y = 0;
  d_p_c += d_2;
  const double d = d_a_x;
  d_a_x = 0;
  d_x += d;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&model, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x1dfc17453fbd1a15ull;
  static double pullback(const Params& p, double x, Params& d_0, double* d_1, double seed) {
    return generated::model_pullback(p.k, p.c, p.n, x, d_0.k, d_0.c, *d_1, static_cast<double>(seed));
  }
  static void zero_gradient(Params& d) {
    d.k = 0;
    d.c = 0;
  }
};
} // namespace tangent
#ifndef TANGENT_GENERATED_SPRING_ENERGY_2_C031C6F78F86CC1A
#define TANGENT_GENERATED_SPRING_ENERGY_2_C031C6F78F86CC1A
namespace tangent::generated {
// tangent: adjoint of Spring::energy (objects.input.cpp:21)
inline double Spring_energy_2_pullback(const double& self_k_, const double& self_rest_, const double& p_x, const double& p_y, double& d_self_k_, double& d_self_rest_, double& d_p_x, double& d_p_y, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double d{};
  // forward sweep
  const double v = std::sqrt(p_x * p_x + p_y * p_y);
  tape.push(v);
  d = v - self_rest_;
  result = 0.5 * self_k_ * d * d;
  const double value = result;
  // reverse sweep
  double d_d{};
  const double d_4 = d_result;
  d_result = 0;
  const double d_5 = d_4 * d;
  d_self_k_ += 0.5 * (d_5 * d);
  d_d += 0.5 * self_k_ * d_5;
  d_d += 0.5 * self_k_ * d * d_4;
  const double v_2 = tape.pop<double>();
  const double d_2 = d_d;
  d_d = 0;
  const double d_3 = d_2 * (0.5 / v_2);
  d_p_x += d_3 * p_x;
  d_p_x += p_x * d_3;
  d_p_y += d_3 * p_y;
  d_p_y += p_y * d_3;
  d_self_rest_ += -d_2;
  return value;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_ACCESS_ea4bdb4eba6b4f2f
#define TANGENT_ACCESS_ea4bdb4eba6b4f2f
namespace tangent::generated::access {
struct Spring_k_ {
  using type = double Spring::*;
  friend constexpr type member_pointer(Spring_k_);
};
} // namespace tangent::generated::access
template struct tangent::generated::access::field_access<
    tangent::generated::access::Spring_k_, &Spring::k_>;
#endif
#ifndef TANGENT_ACCESS_326a8cc2e55cd579
#define TANGENT_ACCESS_326a8cc2e55cd579
namespace tangent::generated::access {
struct Spring_rest_ {
  using type = double Spring::*;
  friend constexpr type member_pointer(Spring_rest_);
};
} // namespace tangent::generated::access
template struct tangent::generated::access::field_access<
    tangent::generated::access::Spring_rest_, &Spring::rest_>;
#endif
namespace tangent {
template <> struct adjoint<&Spring::energy, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x786c42fe3b59f8f2ull;
  static double pullback(const Spring& self, const Vec2& p, Spring& d_0, Vec2& d_1, double seed) {
    return generated::Spring_energy_2_pullback((self.*member_pointer(tangent::generated::access::Spring_k_{})), (self.*member_pointer(tangent::generated::access::Spring_rest_{})), p.x, p.y, (d_0.*member_pointer(tangent::generated::access::Spring_k_{})), (d_0.*member_pointer(tangent::generated::access::Spring_rest_{})), d_1.x, d_1.y, static_cast<double>(seed));
  }
  static void zero_gradient(Spring& d) {
    (d.*member_pointer(tangent::generated::access::Spring_k_{})) = 0;
    (d.*member_pointer(tangent::generated::access::Spring_rest_{})) = 0;
  }
  static void zero_gradient(Vec2& d) {
    d.x = 0;
    d.y = 0;
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
