// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#include <tangent/lanes.hpp>
#include <tangent/forward.hpp>
namespace tangent::generated {
inline double soft_jvp(double x, double k, double t_x, double t_k, double& t_result);
inline double energy_jvp(const std::vector<double>& x, double k, const std::vector<double>& t_x, double t_k, double& t_result);
template <int tangent_w> inline double soft_2_jvp_lanes(double x, double k, tangent::lanes<double, tangent_w> t_x, tangent::lanes<double, tangent_w> t_k, tangent::lanes<double, tangent_w>& t_result);
template <int tangent_w> inline double energy_2_jvp_lanes(const std::vector<double>& x, double k, const std::vector<tangent::lanes<double, tangent_w>>& t_x, tangent::lanes<double, tangent_w> t_k, tangent::lanes<double, tangent_w>& t_result);
}
#ifndef TANGENT_GENERATED_SOFT_JVP_D33FD6A768F07957
#define TANGENT_GENERATED_SOFT_JVP_D33FD6A768F07957
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of soft (forward.input.cpp:12)
inline double soft_jvp(double x, double k, double t_x, double t_k, double& t_result) {
  double result{};
  double v{};
  double t_v{};
  v = std::exp(k * x);
  t_v = (t_k * x + k * t_x) * v;
  t_result = t_v * (1 / (1.0 + v)) / k + -t_k * std::log(1.0 + v) / (k * k);
  result = std::log(1.0 + v) / k;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_ENERGY_JVP_AF2307ACBB9F1D10
#define TANGENT_GENERATED_ENERGY_JVP_AF2307ACBB9F1D10
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of energy (forward.input.cpp:14)
inline double energy_jvp(const std::vector<double>& x, double k, const std::vector<double>& t_x, double t_k, double& t_result) {
  double result{};
  double s{};
  double a{};
  double v{};
  double t_s{};
  double v_2{};
  double t_v_2{};
  double t_a{};
  double t_v{};
  t_s = 0;
  s = 0.0;
  // forward.input.cpp:16: for loop
  for (unsigned long i = 0ul; i < x.size(); ++i) {
    v_2 = std::tanh(x[i]);
    t_v_2 = t_x[i] * (1 - v_2 * v_2);
    t_a = t_v_2;
    a = v_2;
    if (a > 0.0) {
      // forward.input.cpp:19: call tangent::generated::soft_jvp
      v = tangent::generated::soft_jvp(a, k, t_a, t_k, t_v);
      t_s = t_s + (t_v * x[i] + v * t_x[i]);
      s = s + v * x[i];
    } else {
      t_s = t_s + -(t_a * a + a * t_a);
      s = s - a * a;
    }
  }
  t_result = t_s;
  result = s;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_SOFT_2_JVP_LANES_58B331EADA846C34
#define TANGENT_GENERATED_SOFT_2_JVP_LANES_58B331EADA846C34
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of soft (forward.input.cpp:12)
template <int tangent_w> inline double soft_2_jvp_lanes(double x, double k, tangent::lanes<double, tangent_w> t_x, tangent::lanes<double, tangent_w> t_k, tangent::lanes<double, tangent_w>& t_result) {
  double result{};
  double v{};
  tangent::lanes<double, tangent_w> t_v{};
  v = std::exp(k * x);
  t_v = (t_k * x + k * t_x) * v;
  t_result = t_v * (1 / (1.0 + v)) / k + -t_k * std::log(1.0 + v) / (k * k);
  result = std::log(1.0 + v) / k;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_ENERGY_2_JVP_LANES_66B66D4F6EA1985A
#define TANGENT_GENERATED_ENERGY_2_JVP_LANES_66B66D4F6EA1985A
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of energy (forward.input.cpp:14)
template <int tangent_w> inline double energy_2_jvp_lanes(const std::vector<double>& x, double k, const std::vector<tangent::lanes<double, tangent_w>>& t_x, tangent::lanes<double, tangent_w> t_k, tangent::lanes<double, tangent_w>& t_result) {
  double result{};
  double s{};
  double a{};
  double v{};
  tangent::lanes<double, tangent_w> t_s{};
  double v_2{};
  tangent::lanes<double, tangent_w> t_v_2{};
  tangent::lanes<double, tangent_w> t_a{};
  tangent::lanes<double, tangent_w> t_v{};
  t_s = 0;
  s = 0.0;
  // forward.input.cpp:16: for loop
  for (unsigned long i = 0ul; i < x.size(); ++i) {
    v_2 = std::tanh(x[i]);
    t_v_2 = t_x[i] * (1 - v_2 * v_2);
    t_a = t_v_2;
    a = v_2;
    if (a > 0.0) {
      // forward.input.cpp:19: call tangent::generated::soft_2_jvp_lanes<tangent_w>
      v = tangent::generated::soft_2_jvp_lanes<tangent_w>(a, k, t_a, t_k, t_v);
      t_s = t_s + (t_v * x[i] + v * t_x[i]);
      s = s + v * x[i];
    } else {
      t_s = t_s + -(t_a * a + a * t_a);
      s = s - a * a;
    }
  }
  t_result = t_s;
  result = s;
  return result;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct tangent_linear<&energy, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x9541115418683667ull;
  static double jvp(const std::vector<double>& x, double k, const std::vector<double>& direction_0, double direction_1, double& tangent_result) {
    return generated::energy_jvp(x, k, direction_0, direction_1, tangent_result);
  }
  template <int tangent_w> static double jvp_lanes(const std::vector<double>& x, double k, const std::vector<tangent::lanes<double, tangent_w>>& direction_0, tangent::lanes<double, tangent_w> direction_1, tangent::lanes<double, tangent_w>& tangent_result) {
    return generated::energy_2_jvp_lanes<tangent_w>(x, k, direction_0, direction_1, tangent_result);
  }
};
} // namespace tangent
namespace tangent::generated {
inline std::vector<double> flux_jvp(const std::vector<double>& u, double c, const std::vector<double>& t_u, double t_c, std::vector<double>& t_result);
template <int tangent_w> inline std::vector<double> flux_2_jvp_lanes(const std::vector<double>& u, double c, const std::vector<tangent::lanes<double, tangent_w>>& t_u, tangent::lanes<double, tangent_w> t_c, std::vector<tangent::lanes<double, tangent_w>>& t_result);
}
#ifndef TANGENT_GENERATED_FLUX_JVP_FE5054A89F12D316
#define TANGENT_GENERATED_FLUX_JVP_FE5054A89F12D316
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of flux (forward.input.cpp:26)
inline std::vector<double> flux_jvp(const std::vector<double>& u, double c, const std::vector<double>& t_u, double t_c, std::vector<double>& t_result) {
  std::vector<double> result;
  std::vector<double> f;
  std::vector<double> t_f;
  t_f.assign(u.size(), {});
  f.assign(u.size(), {});
  // forward.input.cpp:28: for loop
  for (unsigned long i = 0ul; i < u.size(); ++i) {
    t_f[i] = ((t_c * u[i] + c * t_u[i]) * u[i] + c * u[i] * t_u[i]) / 2.0;
    f[i] = c * u[i] * u[i] / 2.0;
  }
  t_result = t_f;
  result = f;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_FLUX_2_JVP_LANES_D6E1FE97D562769B
#define TANGENT_GENERATED_FLUX_2_JVP_LANES_D6E1FE97D562769B
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of flux (forward.input.cpp:26)
template <int tangent_w> inline std::vector<double> flux_2_jvp_lanes(const std::vector<double>& u, double c, const std::vector<tangent::lanes<double, tangent_w>>& t_u, tangent::lanes<double, tangent_w> t_c, std::vector<tangent::lanes<double, tangent_w>>& t_result) {
  std::vector<double> result;
  std::vector<double> f;
  std::vector<tangent::lanes<double, tangent_w>> t_f;
  t_f.assign(u.size(), {});
  f.assign(u.size(), {});
  // forward.input.cpp:28: for loop
  for (unsigned long i = 0ul; i < u.size(); ++i) {
    t_f[i] = ((t_c * u[i] + c * t_u[i]) * u[i] + c * u[i] * t_u[i]) / 2.0;
    f[i] = c * u[i] * u[i] / 2.0;
  }
  t_result = t_f;
  result = f;
  return result;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct tangent_linear<&flux, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x286731fe246f8ee0ull;
  static std::vector<double> jvp(const std::vector<double>& u, double c, const std::vector<double>& direction_0, double direction_1, std::vector<double>& tangent_result) {
    return generated::flux_jvp(u, c, direction_0, direction_1, tangent_result);
  }
  template <int tangent_w> static std::vector<double> jvp_lanes(const std::vector<double>& u, double c, const std::vector<tangent::lanes<double, tangent_w>>& direction_0, tangent::lanes<double, tangent_w> direction_1, std::vector<tangent::lanes<double, tangent_w>>& tangent_result) {
    return generated::flux_2_jvp_lanes<tangent_w>(u, c, direction_0, direction_1, tangent_result);
  }
};
} // namespace tangent
#ifndef TANGENT_GENERATED_FLUX_VJP_1794850C5256496C
#define TANGENT_GENERATED_FLUX_VJP_1794850C5256496C
namespace tangent::generated {
// tangent: adjoint of flux (forward.input.cpp:26)
inline double flux_vjp_pullback(const std::vector<double>& u, double c, const std::vector<double>& cotangent, std::vector<double>& d_u, double& d_c, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  std::vector<double> result;
  std::vector<double> f;
  double dot{};
  // forward sweep
  f.assign(u.size(), {});
  // forward.input.cpp:28: for loop (checkpointing not requested)
  for (unsigned long i = 0ul; i < u.size(); ++i) {
    f[i] = c * u[i] * u[i] / 2.0;
  }
  result = f;
  dot = 0;
  // forward.input.cpp:26: for loop (checkpointing not requested)
  for (std::size_t k = 0; k < result.size(); ++k) {
    dot = dot + result[k] * cotangent[k];
  }
  const double value = dot;
  // reverse sweep
  std::vector<double> d_result_2;
  std::vector<double> d_f;
  tangent::detail::zero(d_result_2, result.size());
  tangent::detail::zero(d_f, f.size());
  // forward.input.cpp:26: for loop, reversed
  for (std::size_t k = result.size(); k-- > 0;) {
    d_result_2[k] += d_result * cotangent[k];
  }
  d_result = 0;
  tangent::detail::accumulate(d_f, d_result_2);
  // forward.input.cpp:28: for loop, reversed in independent passes
  for (unsigned long i = u.size(); i-- > 0ul;) {
    d_c += d_f[i] / 2.0 * u[i] * u[i];
  }
  for (unsigned long i = u.size(); i-- > 0ul;) {
    d_u[i] += c * (d_f[i] / 2.0 * u[i]);
  }
  for (unsigned long i = u.size(); i-- > 0ul;) {
    d_u[i] += c * u[i] * (d_f[i] / 2.0);
  }
  for (unsigned long i = u.size(); i-- > 0ul;) {
    d_f[i] = 0;
  }
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct seeded_adjoint<&flux, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x286731fe246f8ee0ull;
  static double pullback(const std::vector<double>& u, double c, const std::vector<double>& cotangent, std::vector<double>& d_0, double* d_1, double seed) {
    return generated::flux_vjp_pullback(u, c, cotangent, d_0, *d_1, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
