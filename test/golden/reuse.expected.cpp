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
inline double rotated_jvp(double t, double px, double py, double t_t, double t_px, double t_py, double& t_result);
template <int tangent_w> inline double rotated_2_jvp_lanes(double t, double px, double py, tangent::lanes<double, tangent_w> t_t, tangent::lanes<double, tangent_w> t_px, tangent::lanes<double, tangent_w> t_py, tangent::lanes<double, tangent_w>& t_result);
}
#ifndef TANGENT_GENERATED_ROTATED_JVP_714A5C973D3B8360
#define TANGENT_GENERATED_ROTATED_JVP_714A5C973D3B8360
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of rotated (reuse.input.cpp:10)
inline double rotated_jvp(double t, double px, double py, double t_t, double t_px, double t_py, double& t_result) {
  double result{};
  double c{};
  double s{};
  double x{};
  double y{};
  double t_c{};
  double t_s{};
  double t_x{};
  double t_y{};
  s = std::sin(t);
  t_c = t_t * -s;
  c = std::cos(t);
  t_s = t_t * c;
  t_x = t_c * px + c * t_px + -(t_s * py + s * t_py);
  x = c * px - s * py;
  t_y = t_s * px + s * t_px + (t_c * py + c * t_py);
  y = s * px + c * py;
  t_result = t_x * x + x * t_x + ((t_y * y + y * t_y) * y + y * y * t_y);
  result = x * x + y * y * y;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_ROTATED_2_JVP_LANES_31BB695D60857A95
#define TANGENT_GENERATED_ROTATED_2_JVP_LANES_31BB695D60857A95
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of rotated (reuse.input.cpp:10)
template <int tangent_w> inline double rotated_2_jvp_lanes(double t, double px, double py, tangent::lanes<double, tangent_w> t_t, tangent::lanes<double, tangent_w> t_px, tangent::lanes<double, tangent_w> t_py, tangent::lanes<double, tangent_w>& t_result) {
  double result{};
  double c{};
  double s{};
  double x{};
  double y{};
  tangent::lanes<double, tangent_w> t_c{};
  tangent::lanes<double, tangent_w> t_s{};
  tangent::lanes<double, tangent_w> t_x{};
  tangent::lanes<double, tangent_w> t_y{};
  s = std::sin(t);
  t_c = t_t * -s;
  c = std::cos(t);
  t_s = t_t * c;
  t_x = t_c * px + c * t_px + -(t_s * py + s * t_py);
  x = c * px - s * py;
  t_y = t_s * px + s * t_px + (t_c * py + c * t_py);
  y = s * px + c * py;
  t_result = t_x * x + x * t_x + ((t_y * y + y * t_y) * y + y * y * t_y);
  result = x * x + y * y * y;
  return result;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct tangent_linear<&rotated, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0xfc6abc9f3de5221aull;
  static double jvp(double t, double px, double py, double direction_0, double direction_1, double direction_2, double& tangent_result) {
    return generated::rotated_jvp(t, px, py, direction_0, direction_1, direction_2, tangent_result);
  }
  template <int tangent_w> static double jvp_lanes(double t, double px, double py, tangent::lanes<double, tangent_w> direction_0, tangent::lanes<double, tangent_w> direction_1, tangent::lanes<double, tangent_w> direction_2, tangent::lanes<double, tangent_w>& tangent_result) {
    return generated::rotated_2_jvp_lanes<tangent_w>(t, px, py, direction_0, direction_1, direction_2, tangent_result);
  }
};
} // namespace tangent
namespace tangent::generated {
inline double shifted_jvp(double t, double a, double t_t, double t_a, double& t_result);
template <int tangent_w> inline double shifted_2_jvp_lanes(double t, double a, tangent::lanes<double, tangent_w> t_t, tangent::lanes<double, tangent_w> t_a, tangent::lanes<double, tangent_w>& t_result);
}
#ifndef TANGENT_GENERATED_SHIFTED_JVP_B16E01E9246E76C8
#define TANGENT_GENERATED_SHIFTED_JVP_B16E01E9246E76C8
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of shifted (reuse.input.cpp:18)
inline double shifted_jvp(double t, double a, double t_t, double t_a, double& t_result) {
  double result{};
  double c{};
  double s{};
  double t_c{};
  double t_s{};
  t_c = t_t * -std::sin(t);
  c = std::cos(t);
  t_t = t_t * 1.5 + t_a;
  t = t * 1.5 + a;
  t_s = t_t * std::cos(t);
  s = std::sin(t);
  t_result = t_c * s + c * t_s;
  result = c * s;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_SHIFTED_2_JVP_LANES_445F075DF1E222F0
#define TANGENT_GENERATED_SHIFTED_2_JVP_LANES_445F075DF1E222F0
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of shifted (reuse.input.cpp:18)
template <int tangent_w> inline double shifted_2_jvp_lanes(double t, double a, tangent::lanes<double, tangent_w> t_t, tangent::lanes<double, tangent_w> t_a, tangent::lanes<double, tangent_w>& t_result) {
  double result{};
  double c{};
  double s{};
  tangent::lanes<double, tangent_w> t_c{};
  tangent::lanes<double, tangent_w> t_s{};
  t_c = t_t * -std::sin(t);
  c = std::cos(t);
  t_t = t_t * 1.5 + t_a;
  t = t * 1.5 + a;
  t_s = t_t * std::cos(t);
  s = std::sin(t);
  t_result = t_c * s + c * t_s;
  result = c * s;
  return result;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct tangent_linear<&shifted, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x001ed0960fc673f4ull;
  static double jvp(double t, double a, double direction_0, double direction_1, double& tangent_result) {
    return generated::shifted_jvp(t, a, direction_0, direction_1, tangent_result);
  }
  template <int tangent_w> static double jvp_lanes(double t, double a, tangent::lanes<double, tangent_w> direction_0, tangent::lanes<double, tangent_w> direction_1, tangent::lanes<double, tangent_w>& tangent_result) {
    return generated::shifted_2_jvp_lanes<tangent_w>(t, a, direction_0, direction_1, tangent_result);
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
