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
inline double sqdist_jvp(int d, const double* p, const double* c, const double* t_c, double& t_result);
inline double within_jvp(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& t_c, double& t_result);
template <int tangent_w> inline double sqdist_2_jvp_lanes(int d, const double* p, const double* c, const tangent::lanes<double, tangent_w>* t_c, tangent::lanes<double, tangent_w>& t_result);
template <int tangent_w> inline double within_2_jvp_lanes(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<tangent::lanes<double, tangent_w>>& t_c, tangent::lanes<double, tangent_w>& t_result);
}
#ifndef TANGENT_GENERATED_SQDIST_JVP_A5816CD6FFAA7C66
#define TANGENT_GENERATED_SQDIST_JVP_A5816CD6FFAA7C66
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of sqdist (selected.input.cpp:13)
inline double sqdist_jvp(int d, const double* p, const double* c, const double* t_c, double& t_result) {
  double result{};
  double r{};
  double e{};
  double t_r{};
  double t_e{};
  t_r = 0;
  r = 0.0;
  // selected.input.cpp:15: for loop
  for (int l = 0; l < d; ++l) {
    t_e = -t_c[l];
    e = p[l] - c[l];
    t_r = t_r + (t_e * e + e * t_e);
    r = r + e * e;
  }
  t_result = t_r;
  result = r;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_WITHIN_JVP_62F067246A0CFD08
#define TANGENT_GENERATED_WITHIN_JVP_62F067246A0CFD08
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of within (selected.input.cpp:37)
inline double within_jvp(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& t_c, double& t_result) {
  double result{};
  int d{};
  int k{};
  double cost{};
  int near{};
  unsigned long i{};
  double best{};
  double dist{};
  double t_cost{};
  double t_best{};
  double t_dist{};
  d = 2;
  k = int(c.size()) / 2;
  t_cost = 0;
  cost = 0.0;
  near = 0;
  i = 0ul;
  // selected.input.cpp:41: for loop
  while (i + 1ul < pts.size()) {
    // selected.input.cpp:42: call tangent::generated::sqdist_jvp
    best = tangent::generated::sqdist_jvp(2, pts.data() + i, c.data() + 0ul, t_c.data() + 0ul, t_best);
    // selected.input.cpp:43: for loop
    for (int j = 1; j < k; ++j) {
      // selected.input.cpp:44: call tangent::generated::sqdist_jvp
      dist = tangent::generated::sqdist_jvp(2, pts.data() + i, c.data() + static_cast<unsigned long>(j * 2), t_c.data() + static_cast<unsigned long>(j * 2), t_dist);
      if (dist < best) {
        t_best = t_dist;
        best = dist;
      }
      if (dist < 1.0) {
        near = near + 1;
      }
    }
    t_cost = t_cost + t_best;
    cost = cost + best;
    i = i + 2ul;
  }
  t_result = t_cost * double(near);
  result = cost * double(near);
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_SQDIST_2_JVP_LANES_C2A29DF85E1AB3BF
#define TANGENT_GENERATED_SQDIST_2_JVP_LANES_C2A29DF85E1AB3BF
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of sqdist (selected.input.cpp:13)
template <int tangent_w> inline double sqdist_2_jvp_lanes(int d, const double* p, const double* c, const tangent::lanes<double, tangent_w>* t_c, tangent::lanes<double, tangent_w>& t_result) {
  double result{};
  double r{};
  double e{};
  tangent::lanes<double, tangent_w> t_r{};
  tangent::lanes<double, tangent_w> t_e{};
  t_r = 0;
  r = 0.0;
  // selected.input.cpp:15: for loop
  for (int l = 0; l < d; ++l) {
    t_e = -t_c[l];
    e = p[l] - c[l];
    t_r = t_r + (t_e * e + e * t_e);
    r = r + e * e;
  }
  t_result = t_r;
  result = r;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_WITHIN_2_JVP_LANES_91998FF92038BCB6
#define TANGENT_GENERATED_WITHIN_2_JVP_LANES_91998FF92038BCB6
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of within (selected.input.cpp:37)
template <int tangent_w> inline double within_2_jvp_lanes(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<tangent::lanes<double, tangent_w>>& t_c, tangent::lanes<double, tangent_w>& t_result) {
  double result{};
  int d{};
  int k{};
  double cost{};
  int near{};
  unsigned long i{};
  double best{};
  double dist{};
  tangent::lanes<double, tangent_w> t_cost{};
  tangent::lanes<double, tangent_w> t_best{};
  tangent::lanes<double, tangent_w> t_dist{};
  d = 2;
  k = int(c.size()) / 2;
  t_cost = 0;
  cost = 0.0;
  near = 0;
  i = 0ul;
  // selected.input.cpp:41: for loop
  while (i + 1ul < pts.size()) {
    // selected.input.cpp:42: call tangent::generated::sqdist_2_jvp_lanes<tangent_w>
    best = tangent::generated::sqdist_2_jvp_lanes<tangent_w>(2, pts.data() + i, c.data() + 0ul, t_c.data() + 0ul, t_best);
    // selected.input.cpp:43: for loop
    for (int j = 1; j < k; ++j) {
      // selected.input.cpp:44: call tangent::generated::sqdist_2_jvp_lanes<tangent_w>
      dist = tangent::generated::sqdist_2_jvp_lanes<tangent_w>(2, pts.data() + i, c.data() + static_cast<unsigned long>(j * 2), t_c.data() + static_cast<unsigned long>(j * 2), t_dist);
      if (dist < best) {
        t_best = t_dist;
        best = dist;
      }
      if (dist < 1.0) {
        near = near + 1;
      }
    }
    t_cost = t_cost + t_best;
    cost = cost + best;
    i = i + 2ul;
  }
  t_result = t_cost * double(near);
  result = cost * double(near);
  return result;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct tangent_linear<&within, tangent::options{.wrt = tangent::wrt_params(0)}> {
  static constexpr unsigned long long source_hash = 0xcf0a7ec2312b2a99ull;
  static double jvp(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& direction_0, double& tangent_result) {
    return generated::within_jvp(c, pts, direction_0, tangent_result);
  }
  template <int tangent_w> static double jvp_lanes(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<tangent::lanes<double, tangent_w>>& direction_0, tangent::lanes<double, tangent_w>& tangent_result) {
    return generated::within_2_jvp_lanes<tangent_w>(c, pts, direction_0, tangent_result);
  }
};
} // namespace tangent
namespace tangent::generated {
inline double sqdist_jvp(int d, const double* p, const double* c, const double* t_c, double& t_result);
inline double guarded_jvp(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& t_c, double& t_result);
template <int tangent_w> inline double sqdist_2_jvp_lanes(int d, const double* p, const double* c, const tangent::lanes<double, tangent_w>* t_c, tangent::lanes<double, tangent_w>& t_result);
template <int tangent_w> inline double guarded_2_jvp_lanes(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<tangent::lanes<double, tangent_w>>& t_c, tangent::lanes<double, tangent_w>& t_result);
}
#ifndef TANGENT_GENERATED_SQDIST_JVP_A5816CD6FFAA7C66
#define TANGENT_GENERATED_SQDIST_JVP_A5816CD6FFAA7C66
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of sqdist (selected.input.cpp:13)
inline double sqdist_jvp(int d, const double* p, const double* c, const double* t_c, double& t_result) {
  double result{};
  double r{};
  double e{};
  double t_r{};
  double t_e{};
  t_r = 0;
  r = 0.0;
  // selected.input.cpp:15: for loop
  for (int l = 0; l < d; ++l) {
    t_e = -t_c[l];
    e = p[l] - c[l];
    t_r = t_r + (t_e * e + e * t_e);
    r = r + e * e;
  }
  t_result = t_r;
  result = r;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_GUARDED_JVP_920D50BCB064C8AA
#define TANGENT_GENERATED_GUARDED_JVP_920D50BCB064C8AA
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of guarded (selected.input.cpp:55)
inline double guarded_jvp(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& t_c, double& t_result) {
  double result{};
  double r{};
  double s{};
  double t_r{};
  double t_s{};
  double v{};
  double t_v{};
  t_r = 0;
  r = 0.0;
  // selected.input.cpp:57: call tangent::generated::sqdist_jvp
  s = tangent::generated::sqdist_jvp(2, pts.data() + 0ul, c.data() + 0ul, t_c.data() + 0ul, t_s);
  if (s > 9.9999999999999998e-13) {
    v = std::sqrt(s);
    t_v = t_s * (0.5 / v);
    t_r = t_v + t_s;
    r = v + s;
  }
  t_result = t_r;
  result = r;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_SQDIST_2_JVP_LANES_C2A29DF85E1AB3BF
#define TANGENT_GENERATED_SQDIST_2_JVP_LANES_C2A29DF85E1AB3BF
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of sqdist (selected.input.cpp:13)
template <int tangent_w> inline double sqdist_2_jvp_lanes(int d, const double* p, const double* c, const tangent::lanes<double, tangent_w>* t_c, tangent::lanes<double, tangent_w>& t_result) {
  double result{};
  double r{};
  double e{};
  tangent::lanes<double, tangent_w> t_r{};
  tangent::lanes<double, tangent_w> t_e{};
  t_r = 0;
  r = 0.0;
  // selected.input.cpp:15: for loop
  for (int l = 0; l < d; ++l) {
    t_e = -t_c[l];
    e = p[l] - c[l];
    t_r = t_r + (t_e * e + e * t_e);
    r = r + e * e;
  }
  t_result = t_r;
  result = r;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_GUARDED_2_JVP_LANES_9D629E0A3521CA44
#define TANGENT_GENERATED_GUARDED_2_JVP_LANES_9D629E0A3521CA44
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of guarded (selected.input.cpp:55)
template <int tangent_w> inline double guarded_2_jvp_lanes(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<tangent::lanes<double, tangent_w>>& t_c, tangent::lanes<double, tangent_w>& t_result) {
  double result{};
  double r{};
  double s{};
  tangent::lanes<double, tangent_w> t_r{};
  tangent::lanes<double, tangent_w> t_s{};
  double v{};
  tangent::lanes<double, tangent_w> t_v{};
  t_r = 0;
  r = 0.0;
  // selected.input.cpp:57: call tangent::generated::sqdist_2_jvp_lanes<tangent_w>
  s = tangent::generated::sqdist_2_jvp_lanes<tangent_w>(2, pts.data() + 0ul, c.data() + 0ul, t_c.data() + 0ul, t_s);
  if (s > 9.9999999999999998e-13) {
    v = std::sqrt(s);
    t_v = t_s * (0.5 / v);
    t_r = t_v + t_s;
    r = v + s;
  }
  t_result = t_r;
  result = r;
  return result;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct tangent_linear<&guarded, tangent::options{.wrt = tangent::wrt_params(0)}> {
  static constexpr unsigned long long source_hash = 0x071b66f6edb5ffafull;
  static double jvp(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& direction_0, double& tangent_result) {
    return generated::guarded_jvp(c, pts, direction_0, tangent_result);
  }
  template <int tangent_w> static double jvp_lanes(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<tangent::lanes<double, tangent_w>>& direction_0, tangent::lanes<double, tangent_w>& tangent_result) {
    return generated::guarded_2_jvp_lanes<tangent_w>(c, pts, direction_0, tangent_result);
  }
};
} // namespace tangent
namespace tangent::generated {
inline double sqdist_jvp(int d, const double* p, const double* c, const double* t_c, double& t_result);
inline double sqdist_jvp_adjoint_forward(int d, const double* p, const double* c, const double* t_c, double& t_result);
inline void sqdist_jvp_adjoint_reverse(int d, const double* p, const double* c, const double* t_c, double& t_result, double* d_c, double* d_t_c, double& d_t_result, double d_result);
inline double nearest_hvp_pullback(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& t_c, std::vector<double>& d_c, double d_result);
inline double nearest_hvp_with_gradient_pullback(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& t_c, std::vector<double>& d_c, std::vector<double>& d_t_c, double d_result);
}
#ifndef TANGENT_GENERATED_SQDIST_JVP_A5816CD6FFAA7C66
#define TANGENT_GENERATED_SQDIST_JVP_A5816CD6FFAA7C66
namespace tangent::generated {
// tangent: forward mode (tangent-linear) of sqdist (selected.input.cpp:13)
inline double sqdist_jvp(int d, const double* p, const double* c, const double* t_c, double& t_result) {
  double result{};
  double r{};
  double e{};
  double t_r{};
  double t_e{};
  t_r = 0;
  r = 0.0;
  // selected.input.cpp:15: for loop
  for (int l = 0; l < d; ++l) {
    t_e = -t_c[l];
    e = p[l] - c[l];
    t_r = t_r + (t_e * e + e * t_e);
    r = r + e * e;
  }
  t_result = t_r;
  result = r;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_SQDIST_JVP_ADJOINT_9DCEBDC2A75A0662
#define TANGENT_GENERATED_SQDIST_JVP_ADJOINT_9DCEBDC2A75A0662
namespace tangent::generated {
// tangent: adjoint of tangent::generated::sqdist_jvp (selected.input.cpp:13), forward sweep
inline double sqdist_jvp_adjoint_forward(int d, const double* p, const double* c, const double* t_c, double& t_result) {
  double result{};
  double r{};
  double e{};
  double t_r{};
  double t_e{};
  t_r = 0;
  r = 0.0;
  // selected.input.cpp:15: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  for (int l = 0; l < d; ++l) {
    t_e = -t_c[l];
    e = p[l] - c[l];
    t_r = t_r + (t_e * e + e * t_e);
    r = r + e * e;
  }
  t_result = t_r;
  result = r;
  return result;
}

// tangent: adjoint of tangent::generated::sqdist_jvp (selected.input.cpp:13), reverse sweep
inline void sqdist_jvp_adjoint_reverse(int d, const double* p, const double* c, const double* t_c, double& t_result, double* d_c, double* d_t_c, double& d_t_result, double d_result) {
  double result{};
  double r{};
  double e{};
  double t_r{};
  double t_e{};
  double d_r{};
  double d_e{};
  double d_t_r{};
  double d_t_e{};
  const double d_5 = d_result;
  d_result = 0;
  d_r += d_5;
  const double d_4 = d_t_result;
  d_t_result = 0;
  d_t_r += d_4;
  // selected.input.cpp:15: for loop, reversed
  for (int l = d; l-- > 0;) {
    t_e = -t_c[l];
    e = p[l] - c[l];
    d_e += d_r * e;
    d_e += e * d_r;
    d_t_e += d_t_r * e;
    d_e += t_e * d_t_r;
    d_e += d_t_r * t_e;
    d_t_e += e * d_t_r;
    const double d_3 = d_e;
    d_e = 0;
    d_c[l] += -d_3;
    const double d_2 = d_t_e;
    d_t_e = 0;
    d_t_c[l] += -d_2;
  }
  d_r = 0;
  d_t_r = 0;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_NEAREST_HVP_97E8FA2D5276F494
#define TANGENT_GENERATED_NEAREST_HVP_97E8FA2D5276F494
namespace tangent::generated {
// tangent: adjoint of nearest (selected.input.cpp:22)
inline double nearest_hvp_pullback(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& t_c, std::vector<double>& d_c, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  int d{};
  int k{};
  double cost{};
  unsigned long i{};
  double best{};
  double dist{};
  double t_result{};
  double t_cost{};
  double t_best{};
  double t_dist{};
  double candidate{};
  bool selected = false;
  int selected_at{};
  int chosen{};
  // forward sweep
  d = 2;
  k = int(c.size()) / 2;
  t_cost = 0;
  cost = 0.0;
  i = 0ul;
  // selected.input.cpp:25: for loop, trip count recorded (checkpointing not requested)
  std::size_t trips = 0;
  while (i + 1ul < pts.size()) {
    ++trips;
    best = sqdist(2, pts.data() + i, c.data() + 0ul);
    selected = false;
    // selected.input.cpp:27: for loop (checkpointing not requested)
    for (int j = 1; j < k; ++j) {
      candidate = sqdist(2, pts.data() + i, c.data() + static_cast<unsigned long>(j * 2));
      if (candidate < best) {
        best = candidate;
        selected = true;
        selected_at = j;
      }
    }
    const bool taken = selected;
    if (taken) {
      tape.push(chosen);
      chosen = selected_at;
      // selected.input.cpp:28: call tangent::generated::sqdist_jvp
      dist = tangent::generated::sqdist_jvp_adjoint_forward(2, pts.data() + i, c.data() + static_cast<unsigned long>(chosen * 2), t_c.data() + static_cast<unsigned long>(chosen * 2), t_dist);
      t_best = t_dist;
      best = dist;
    } else {
      // selected.input.cpp:26: call tangent::generated::sqdist_jvp
      best = tangent::generated::sqdist_jvp_adjoint_forward(2, pts.data() + i, c.data() + 0ul, t_c.data() + 0ul, t_best);
    }
    tape.push(taken);
    t_cost = t_cost + t_best;
    cost = cost + best;
    tape.push(i);
    i = i + 2ul;
  }
  tape.push(trips);
  t_result = t_cost;
  result = cost;
  const double value = t_result;
  // reverse sweep
  double d_t_cost{};
  double d_t_best{};
  double d_t_dist{};
  const double d_3 = d_result;
  d_result = 0;
  d_t_cost += d_3;
  // selected.input.cpp:25: for loop, reversed
  for (std::size_t trips_2 = tape.pop<std::size_t>(); trips_2-- > 0;) {
    i = tape.pop<unsigned long>();
    d_t_best += d_t_cost;
    if (tape.pop<bool>()) {
      const double d_2 = d_t_best;
      d_t_best = 0;
      d_t_dist += d_2;
      std::vector<double> dz(t_c.size());
      // selected.input.cpp:28: reverse of the call
      if (d_t_dist != 0) {
        tangent::generated::sqdist_jvp_adjoint_reverse(2, pts.data() + i, c.data() + static_cast<unsigned long>(chosen * 2), t_c.data() + static_cast<unsigned long>(chosen * 2), t_dist, d_c.data() + static_cast<unsigned long>(chosen * 2), dz.data() + static_cast<unsigned long>(chosen * 2), d_t_dist, 0.0);
      }
      chosen = tape.pop<int>();
    } else {
      std::vector<double> dz_2(t_c.size());
      // selected.input.cpp:26: reverse of the call
      if (d_t_best != 0) {
        tangent::generated::sqdist_jvp_adjoint_reverse(2, pts.data() + i, c.data() + 0ul, t_c.data() + 0ul, t_best, d_c.data() + 0ul, dz_2.data() + 0ul, d_t_best, 0.0);
      }
    }
  }
  d_t_cost = 0;
  return value;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_NEAREST_HVP_WITH_GRADIENT_97E85C929485EC94
#define TANGENT_GENERATED_NEAREST_HVP_WITH_GRADIENT_97E85C929485EC94
namespace tangent::generated {
// tangent: adjoint of nearest (selected.input.cpp:22)
inline double nearest_hvp_with_gradient_pullback(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& t_c, std::vector<double>& d_c, std::vector<double>& d_t_c, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  int d{};
  int k{};
  double cost{};
  unsigned long i{};
  double best{};
  double dist{};
  double t_result{};
  double t_cost{};
  double t_best{};
  double t_dist{};
  double candidate{};
  bool selected = false;
  int selected_at{};
  int chosen{};
  // forward sweep
  d = 2;
  k = int(c.size()) / 2;
  t_cost = 0;
  cost = 0.0;
  i = 0ul;
  // selected.input.cpp:25: for loop, trip count recorded (checkpointing not requested)
  std::size_t trips = 0;
  while (i + 1ul < pts.size()) {
    ++trips;
    best = sqdist(2, pts.data() + i, c.data() + 0ul);
    selected = false;
    // selected.input.cpp:27: for loop (checkpointing not requested)
    for (int j = 1; j < k; ++j) {
      candidate = sqdist(2, pts.data() + i, c.data() + static_cast<unsigned long>(j * 2));
      if (candidate < best) {
        best = candidate;
        selected = true;
        selected_at = j;
      }
    }
    const bool taken = selected;
    if (taken) {
      tape.push(chosen);
      chosen = selected_at;
      // selected.input.cpp:28: call tangent::generated::sqdist_jvp
      dist = tangent::generated::sqdist_jvp_adjoint_forward(2, pts.data() + i, c.data() + static_cast<unsigned long>(chosen * 2), t_c.data() + static_cast<unsigned long>(chosen * 2), t_dist);
      t_best = t_dist;
      best = dist;
    } else {
      // selected.input.cpp:26: call tangent::generated::sqdist_jvp
      best = tangent::generated::sqdist_jvp_adjoint_forward(2, pts.data() + i, c.data() + 0ul, t_c.data() + 0ul, t_best);
    }
    tape.push(taken);
    t_cost = t_cost + t_best;
    cost = cost + best;
    tape.push(i);
    i = i + 2ul;
  }
  tape.push(trips);
  t_result = t_cost;
  result = cost;
  const double value = t_result;
  // reverse sweep
  double d_t_cost{};
  double d_t_best{};
  double d_t_dist{};
  const double d_3 = d_result;
  d_result = 0;
  d_t_cost += d_3;
  // selected.input.cpp:25: for loop, reversed
  for (std::size_t trips_2 = tape.pop<std::size_t>(); trips_2-- > 0;) {
    i = tape.pop<unsigned long>();
    d_t_best += d_t_cost;
    if (tape.pop<bool>()) {
      const double d_2 = d_t_best;
      d_t_best = 0;
      d_t_dist += d_2;
      // selected.input.cpp:28: reverse of the call
      if (d_t_dist != 0) {
        tangent::generated::sqdist_jvp_adjoint_reverse(2, pts.data() + i, c.data() + static_cast<unsigned long>(chosen * 2), t_c.data() + static_cast<unsigned long>(chosen * 2), t_dist, d_c.data() + static_cast<unsigned long>(chosen * 2), d_t_c.data() + static_cast<unsigned long>(chosen * 2), d_t_dist, 0.0);
      }
      chosen = tape.pop<int>();
    } else {
      // selected.input.cpp:26: reverse of the call
      if (d_t_best != 0) {
        tangent::generated::sqdist_jvp_adjoint_reverse(2, pts.data() + i, c.data() + 0ul, t_c.data() + 0ul, t_best, d_c.data() + 0ul, d_t_c.data() + 0ul, d_t_best, 0.0);
      }
    }
  }
  d_t_cost = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct second_order<&nearest, tangent::options{.wrt = tangent::wrt_params(0)}> {
  static constexpr unsigned long long source_hash = 0xe566d5feefb854a0ull;
  static double pullback(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& direction_0, std::vector<double>& d_0, double seed) {
    return generated::nearest_hvp_pullback(c, pts, direction_0, d_0, static_cast<double>(seed));
  }
  static constexpr bool gradient_from_product = true;
  static double pullback_with_gradient(const std::vector<double>& c, const std::vector<double>& pts, const std::vector<double>& direction_0, std::vector<double>& d_0, std::vector<double>& gradient_0, double seed) {
    return generated::nearest_hvp_with_gradient_pullback(c, pts, direction_0, d_0, gradient_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
