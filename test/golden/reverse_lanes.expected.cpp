// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#include <tangent/lanes.hpp>
#include <tangent/detail/arguments.hpp>
#include <tangent/forward.hpp>
#ifndef TANGENT_GENERATED_ROTATE_POINT_536F8E7934C30905
#define TANGENT_GENERATED_ROTATE_POINT_536F8E7934C30905
namespace tangent::generated {
// tangent: adjoint of rotate_point (reverse_lanes.input.cpp:13), forward sweep
inline void rotate_point_forward(const double* r, const double* X, double* out) {
  tangent::tape &tape = tangent::thread_tape();
  double s{};
  double c{};
  s = r[0] * r[0] + r[1] * r[1];
  if (s != 0.0) {
    c = std::cos(s);
    // reverse_lanes.input.cpp:17: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
    constexpr std::size_t per_iteration = 1;
    std::byte *const records = tangent::detail::push_block<double>(tape, 0, 2, 1);
    for (int i = 0; i < 2; ++i) {
      tangent::detail::record_at<double>(records, i * per_iteration, out[i]);
      out[i] = X[i] * c + r[1 - i] * X[1 - i];
    }
  } else {
    tape.push(out[0]);
    out[0] = X[0];
    tape.push(out[1]);
    out[1] = X[1];
  }
  tape.push(c);
  return;
}

// tangent: adjoint of rotate_point (reverse_lanes.input.cpp:13), reverse sweep
inline void rotate_point_reverse(const double* r, const double* X, double* out, double* d_r, double* d_X, double* d_out) {
  tangent::tape &tape = tangent::thread_tape();
  double s{};
  double c{};
  double d_s{};
  double d_c{};
  c = tape.pop<double>();
  s = r[0] * r[0] + r[1] * r[1];
  if (s != 0.0) {
    // reverse_lanes.input.cpp:17: for loop, reversed
    constexpr std::size_t per_iteration_2 = 1;
    const std::byte *const records_2 = tangent::detail::pop_block<double>(tape, 0, 2, 1);
    for (int i = 2; i-- > 0;) {
      out[i] = tangent::detail::recorded_at<double>(records_2, i * per_iteration_2);
      const double d_3 = d_out[i];
      d_out[i] = 0;
      d_X[i] += d_3 * c;
      d_c += X[i] * d_3;
      d_r[1 - i] += d_3 * X[1 - i];
      d_X[1 - i] += r[1 - i] * d_3;
    }
    const double d_2 = d_c;
    d_c = 0;
    d_s += d_2 * -std::sin(s);
  } else {
    out[1] = tape.pop<double>();
    const double d_5 = d_out[1];
    d_out[1] = 0;
    d_X[1] += d_5;
    out[0] = tape.pop<double>();
    const double d_4 = d_out[0];
    d_out[0] = 0;
    d_X[0] += d_4;
  }
  const double d = d_s;
  d_s = 0;
  d_r[0] += d * r[0];
  d_r[0] += r[0] * d;
  d_r[1] += d * r[1];
  d_r[1] += r[1] * d;
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_PROJECT_F04AADADD8B631D0
#define TANGENT_GENERATED_PROJECT_F04AADADD8B631D0
namespace tangent::generated {
// tangent: adjoint of project (reverse_lanes.input.cpp:25)
inline void project_pullback(const double* cam, const double* X, double w, double* err, double* d_cam, double* d_X, double& d_w, double* d_err) {
  tangent::tape &tape = tangent::thread_tape();
  double p[2] = {};
  // forward sweep
  tangent::detail::zero(p);
  // reverse_lanes.input.cpp:27: call rotate_point
  tangent::generated::rotate_point_forward(cam, X, p);
  const double v = w * p[0];
  tape.push(v);
  tape.push(err[0]);
  err[0] = v / p[1];
  const double v_3 = std::exp(p[1]);
  tape.push(v_3);
  tape.push(err[1]);
  err[1] = w * v_3;
  // reverse sweep
  double d_p[2] = {};
  err[1] = tape.pop<double>();
  const double v_4 = tape.pop<double>();
  const double d_3 = d_err[1];
  d_err[1] = 0;
  d_w += d_3 * v_4;
  d_p[1] += w * d_3 * v_4;
  err[0] = tape.pop<double>();
  const double v_2 = tape.pop<double>();
  const double d = d_err[0];
  d_err[0] = 0;
  const double d_2 = d / p[1];
  d_w += d_2 * p[0];
  d_p[0] += w * d_2;
  d_p[1] += -d * v_2 / (p[1] * p[1]);
  // reverse_lanes.input.cpp:27: reverse of the call
  tangent::generated::rotate_point_reverse(cam, X, p, d_cam, d_X, d_p);
  return;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_ROTATE_POINT_21416B0FC8B335A6
#define TANGENT_GENERATED_ROTATE_POINT_21416B0FC8B335A6
namespace tangent::generated {
// tangent: adjoint of rotate_point (reverse_lanes.input.cpp:13), reverse sweep in lanes
template <int tangent_w> inline void rotate_point_reverse_lanes(const double* r, const double* X, double* out, tangent::lanes<double, tangent_w>* d_r, tangent::lanes<double, tangent_w>* d_X, tangent::lanes<double, tangent_w>* d_out) {
  tangent::tape &tape = tangent::thread_tape();
  double s{};
  double c{};
  tangent::lanes<double, tangent_w> d_s{};
  tangent::lanes<double, tangent_w> d_c{};
  c = tape.pop<double>();
  s = r[0] * r[0] + r[1] * r[1];
  if (s != 0.0) {
    // reverse_lanes.input.cpp:17: for loop, reversed
    constexpr std::size_t per_iteration_2 = 1;
    const std::byte *const records_2 = tangent::detail::pop_block<double>(tape, 0, 2, 1);
    for (int i = 2; i-- > 0;) {
      out[i] = tangent::detail::recorded_at<double>(records_2, i * per_iteration_2);
      const tangent::lanes<double, tangent_w> d_3 = d_out[i];
      d_out[i] = 0;
      d_X[i] += d_3 * c;
      d_c += X[i] * d_3;
      d_r[1 - i] += d_3 * X[1 - i];
      d_X[1 - i] += r[1 - i] * d_3;
    }
    const tangent::lanes<double, tangent_w> d_2 = d_c;
    d_c = 0;
    d_s += d_2 * -std::sin(s);
  } else {
    out[1] = tape.pop<double>();
    const tangent::lanes<double, tangent_w> d_5 = d_out[1];
    d_out[1] = 0;
    d_X[1] += d_5;
    out[0] = tape.pop<double>();
    const tangent::lanes<double, tangent_w> d_4 = d_out[0];
    d_out[0] = 0;
    d_X[0] += d_4;
  }
  const tangent::lanes<double, tangent_w> d = d_s;
  d_s = 0;
  d_r[0] += d * r[0];
  d_r[0] += r[0] * d;
  d_r[1] += d * r[1];
  d_r[1] += r[1] * d;
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_PROJECT_5B11B09D34467075
#define TANGENT_GENERATED_PROJECT_5B11B09D34467075
namespace tangent::generated {
// tangent: adjoint of project (reverse_lanes.input.cpp:25)
template <int tangent_w> inline void project_pullback_lanes(const double* cam, const double* X, double w, double* err, tangent::lanes<double, tangent_w>* d_cam, tangent::lanes<double, tangent_w>* d_X, tangent::lanes<double, tangent_w>& d_w, tangent::lanes<double, tangent_w>* d_err) {
  tangent::tape &tape = tangent::thread_tape();
  double p[2] = {};
  // forward sweep
  tangent::detail::zero(p);
  // reverse_lanes.input.cpp:27: call rotate_point
  tangent::generated::rotate_point_forward(cam, X, p);
  const double v = w * p[0];
  tape.push(v);
  tape.push(err[0]);
  err[0] = v / p[1];
  const double v_3 = std::exp(p[1]);
  tape.push(v_3);
  tape.push(err[1]);
  err[1] = w * v_3;
  // reverse sweep
  tangent::lanes<double, tangent_w> d_p[2] = {};
  err[1] = tape.pop<double>();
  const double v_4 = tape.pop<double>();
  const tangent::lanes<double, tangent_w> d_3 = d_err[1];
  d_err[1] = 0;
  d_w += d_3 * v_4;
  d_p[1] += w * d_3 * v_4;
  err[0] = tape.pop<double>();
  const double v_2 = tape.pop<double>();
  const tangent::lanes<double, tangent_w> d = d_err[0];
  d_err[0] = 0;
  const tangent::lanes<double, tangent_w> d_2 = d / p[1];
  d_w += d_2 * p[0];
  d_p[0] += w * d_2;
  d_p[1] += -d * v_2 / (p[1] * p[1]);
  // reverse_lanes.input.cpp:27: reverse of the call
  tangent::generated::rotate_point_reverse_lanes<tangent_w>(cam, X, p, d_cam, d_X, d_p);
  return;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&project, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0xd4390f666bd79289ull;
  static void pullback(const double* cam, const double* X, double w, double* err, double* d_0, double* d_1, double* d_2, double* d_3, double seed) {
    tangent::detail::require_distinct(err, cam, "project", "err", "cam");
    tangent::detail::require_distinct(err, X, "project", "err", "X");
    (void)seed;
    return generated::project_pullback(cam, X, w, err, d_0, d_1, *d_2, d_3);
  }
  template <int tangent_w> static void pullback_lanes(const double* cam, const double* X, double w, double* err, tangent::lanes<double, tangent_w>* d_0, tangent::lanes<double, tangent_w>* d_1, tangent::lanes<double, tangent_w>* d_2, tangent::lanes<double, tangent_w>* d_3) {
    tangent::detail::require_distinct(err, cam, "project", "err", "cam");
    tangent::detail::require_distinct(err, X, "project", "err", "X");
    generated::project_pullback_lanes<tangent_w>(cam, X, w, err, d_0, d_1, *d_2, d_3);
  }
};
} // namespace tangent
#ifndef TANGENT_GENERATED_BLEND_A36B980B372FE69D
#define TANGENT_GENERATED_BLEND_A36B980B372FE69D
namespace tangent::generated {
// tangent: adjoint of blend (reverse_lanes.input.cpp:39)
inline void blend_pullback(const double* x, double* y, double* d_x, double* d_y) {
  tangent::tape &tape = tangent::thread_tape();
  double v{};
  double v_2{};
  // forward sweep
  v = x[0] * x[1];
  // reverse_lanes.input.cpp:40: call soft
  v_2 = soft(v);
  tape.push(y[0]);
  y[0] = v_2;
  tape.push(y[1]);
  y[1] = x[2] * x[1];
  // reverse sweep
  double d_v{};
  double d_v_2{};
  y[1] = tape.pop<double>();
  const double d_3 = d_y[1];
  d_y[1] = 0;
  d_x[2] += d_3 * x[1];
  d_x[1] += x[2] * d_3;
  y[0] = tape.pop<double>();
  const double d_2 = d_y[0];
  d_y[0] = 0;
  d_v_2 += d_2;
  // reverse_lanes.input.cpp:40: reverse of the call
  tangent::custom::soft_pullback(v, &d_v, d_v_2);
  d_v_2 = 0;
  const double d = d_v;
  d_v = 0;
  d_x[0] += d * x[1];
  d_x[1] += x[0] * d;
  return;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&blend, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x838a625f7ddaffb9ull;
  static void pullback(const double* x, double* y, double* d_0, double* d_1, double seed) {
    tangent::detail::require_distinct(y, x, "blend", "y", "x");
    (void)seed;
    return generated::blend_pullback(x, y, d_0, d_1);
  }
};
} // namespace tangent
namespace tangent::generated {
inline void rotate_point_2_jvp(const double* r, const double* X, double* out, const double* t_r, const double* t_X, double* t_out);
inline void project_2_jvp(const double* cam, const double* X, double w, double* err, const double* t_cam, const double* t_X, double t_w, double* t_err);
template <int tangent_w> inline void rotate_point_3_jvp_lanes(const double* r, const double* X, double* out, const tangent::lanes<double, tangent_w>* t_r, const tangent::lanes<double, tangent_w>* t_X, tangent::lanes<double, tangent_w>* t_out);
template <int tangent_w> inline void project_3_jvp_lanes(const double* cam, const double* X, double w, double* err, const tangent::lanes<double, tangent_w>* t_cam, const tangent::lanes<double, tangent_w>* t_X, tangent::lanes<double, tangent_w> t_w, tangent::lanes<double, tangent_w>* t_err);
}
#ifndef TANGENT_GENERATED_ROTATE_POINT_2_JVP_60BECD280E705BF3
#define TANGENT_GENERATED_ROTATE_POINT_2_JVP_60BECD280E705BF3
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of rotate_point (reverse_lanes.input.cpp:13)
inline void rotate_point_2_jvp(const double* r, const double* X, double* out, const double* t_r, const double* t_X, double* t_out) {
  double s{};
  double c{};
  double t_s{};
  double t_c{};
  t_s = t_r[0] * r[0] + r[0] * t_r[0] + (t_r[1] * r[1] + r[1] * t_r[1]);
  s = r[0] * r[0] + r[1] * r[1];
  if (s != 0.0) {
    t_c = t_s * -std::sin(s);
    c = std::cos(s);
    // reverse_lanes.input.cpp:17: for loop
    for (int i = 0; i < 2; ++i) {
      t_out[i] = t_X[i] * c + X[i] * t_c + (t_r[1 - i] * X[1 - i] + r[1 - i] * t_X[1 - i]);
      out[i] = X[i] * c + r[1 - i] * X[1 - i];
    }
  } else {
    t_out[0] = t_X[0];
    out[0] = X[0];
    t_out[1] = t_X[1];
    out[1] = X[1];
  }
  return;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_PROJECT_2_JVP_A15CCAC98CBF3B25
#define TANGENT_GENERATED_PROJECT_2_JVP_A15CCAC98CBF3B25
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of project (reverse_lanes.input.cpp:25)
inline void project_2_jvp(const double* cam, const double* X, double w, double* err, const double* t_cam, const double* t_X, double t_w, double* t_err) {
  double p[2] = {};
  double t_p[2] = {};
  double v{};
  double t_v{};
  tangent::detail::zero(t_p);
  tangent::detail::zero(p);
  // reverse_lanes.input.cpp:27: call tangent::generated::rotate_point_2_jvp
  tangent::generated::rotate_point_2_jvp(cam, X, p, t_cam, t_X, t_p);
  t_err[0] = (t_w * p[0] + w * t_p[0]) / p[1] + -t_p[1] * (w * p[0]) / (p[1] * p[1]);
  err[0] = w * p[0] / p[1];
  v = std::exp(p[1]);
  t_v = t_p[1] * v;
  t_err[1] = t_w * v + w * t_v;
  err[1] = w * v;
  return;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_ROTATE_POINT_3_JVP_LANES_7D2EAC0D3BF2316F
#define TANGENT_GENERATED_ROTATE_POINT_3_JVP_LANES_7D2EAC0D3BF2316F
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of rotate_point (reverse_lanes.input.cpp:13)
template <int tangent_w> inline void rotate_point_3_jvp_lanes(const double* r, const double* X, double* out, const tangent::lanes<double, tangent_w>* t_r, const tangent::lanes<double, tangent_w>* t_X, tangent::lanes<double, tangent_w>* t_out) {
  double s{};
  double c{};
  tangent::lanes<double, tangent_w> t_s{};
  tangent::lanes<double, tangent_w> t_c{};
  t_s = t_r[0] * r[0] + r[0] * t_r[0] + (t_r[1] * r[1] + r[1] * t_r[1]);
  s = r[0] * r[0] + r[1] * r[1];
  if (s != 0.0) {
    t_c = t_s * -std::sin(s);
    c = std::cos(s);
    // reverse_lanes.input.cpp:17: for loop
    for (int i = 0; i < 2; ++i) {
      t_out[i] = t_X[i] * c + X[i] * t_c + (t_r[1 - i] * X[1 - i] + r[1 - i] * t_X[1 - i]);
      out[i] = X[i] * c + r[1 - i] * X[1 - i];
    }
  } else {
    t_out[0] = t_X[0];
    out[0] = X[0];
    t_out[1] = t_X[1];
    out[1] = X[1];
  }
  return;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_PROJECT_3_JVP_LANES_58C380370EFE1B48
#define TANGENT_GENERATED_PROJECT_3_JVP_LANES_58C380370EFE1B48
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of project (reverse_lanes.input.cpp:25)
template <int tangent_w> inline void project_3_jvp_lanes(const double* cam, const double* X, double w, double* err, const tangent::lanes<double, tangent_w>* t_cam, const tangent::lanes<double, tangent_w>* t_X, tangent::lanes<double, tangent_w> t_w, tangent::lanes<double, tangent_w>* t_err) {
  double p[2] = {};
  tangent::lanes<double, tangent_w> t_p[2] = {};
  double v{};
  tangent::lanes<double, tangent_w> t_v{};
  tangent::detail::zero(t_p);
  tangent::detail::zero(p);
  // reverse_lanes.input.cpp:27: call tangent::generated::rotate_point_3_jvp_lanes<tangent_w>
  tangent::generated::rotate_point_3_jvp_lanes<tangent_w>(cam, X, p, t_cam, t_X, t_p);
  t_err[0] = (t_w * p[0] + w * t_p[0]) / p[1] + -t_p[1] * (w * p[0]) / (p[1] * p[1]);
  err[0] = w * p[0] / p[1];
  v = std::exp(p[1]);
  t_v = t_p[1] * v;
  t_err[1] = t_w * v + w * t_v;
  err[1] = w * v;
  return;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct tangent_linear<&project, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0xd4390f666bd79289ull;
  static void jvp(const double* cam, const double* X, double w, double* err, const double* direction_0, const double* direction_1, double direction_2, double* direction_3) {
    tangent::detail::require_distinct(err, cam, "project", "err", "cam");
    tangent::detail::require_distinct(err, X, "project", "err", "X");
    return generated::project_2_jvp(cam, X, w, err, direction_0, direction_1, direction_2, direction_3);
  }
  template <int tangent_w> static void jvp_lanes(const double* cam, const double* X, double w, double* err, const tangent::lanes<double, tangent_w>* direction_0, const tangent::lanes<double, tangent_w>* direction_1, tangent::lanes<double, tangent_w> direction_2, tangent::lanes<double, tangent_w>* direction_3) {
    tangent::detail::require_distinct(err, cam, "project", "err", "cam");
    tangent::detail::require_distinct(err, X, "project", "err", "X");
    return generated::project_3_jvp_lanes<tangent_w>(cam, X, w, err, direction_0, direction_1, direction_2, direction_3);
  }
};
} // namespace tangent
namespace tangent::generated {
inline void blend_2_jvp(const double* x, double* y, const double* t_x, double* t_y);
}
#ifndef TANGENT_GENERATED_BLEND_2_JVP_6C36AB0DC785400C
#define TANGENT_GENERATED_BLEND_2_JVP_6C36AB0DC785400C
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of blend (reverse_lanes.input.cpp:39)
inline void blend_2_jvp(const double* x, double* y, const double* t_x, double* t_y) {
  double v{};
  double v_2{};
  double t_v{};
  double d{};
  double t_v_2{};
  t_v = t_x[0] * x[1] + x[0] * t_x[1];
  v = x[0] * x[1];
  d = 0;
  // reverse_lanes.input.cpp:40: call tangent::custom::soft_pullback
  tangent::custom::soft_pullback(v, &d, 1);
  t_v_2 = d * t_v;
  // reverse_lanes.input.cpp:40: call soft
  v_2 = soft(v);
  t_y[0] = t_v_2;
  y[0] = v_2;
  t_y[1] = t_x[2] * x[1] + x[2] * t_x[1];
  y[1] = x[2] * x[1];
  return;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct tangent_linear<&blend, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x838a625f7ddaffb9ull;
  static void jvp(const double* x, double* y, const double* direction_0, double* direction_1) {
    tangent::detail::require_distinct(y, x, "blend", "y", "x");
    return generated::blend_2_jvp(x, y, direction_0, direction_1);
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
