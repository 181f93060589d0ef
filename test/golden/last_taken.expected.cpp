// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_SQDIST_DATA_P_03CC51B9B2D3B708
#define TANGENT_GENERATED_SQDIST_DATA_P_03CC51B9B2D3B708
namespace tangent::generated {
// tangent: adjoint of sqdist (last_taken.input.cpp:10) for data: 'p' carries no derivative, forward sweep
inline double sqdist_data_p_forward(int d, const double* p, const double* c) {
  double result{};
  double r{};
  double e{};
  r = 0.0;
  // last_taken.input.cpp:12: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  for (int l = 0; l < d; ++l) {
    e = p[l] - c[l];
    r = r + e * e;
  }
  result = r;
  return result;
}

// tangent: adjoint of sqdist (last_taken.input.cpp:10) for data: 'p' carries no derivative, reverse sweep
inline void sqdist_data_p_reverse(int d, const double* p, const double* c, double* d_c, double d_result) {
  double result{};
  double r{};
  double e{};
  double d_r{};
  double d_e{};
  const double d_3 = d_result;
  d_result = 0;
  d_r += d_3;
  // last_taken.input.cpp:12: for loop, reversed
  for (int l = d; l-- > 0;) {
    e = p[l] - c[l];
    d_e += d_r * e;
    d_e += e * d_r;
    const double d_2 = d_e;
    d_e = 0;
    d_c[l] += -d_2;
  }
  d_r = 0;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_NEAREST_DATA_POINTS_FD7F0635703E1055
#define TANGENT_GENERATED_NEAREST_DATA_POINTS_FD7F0635703E1055
namespace tangent::generated {
// tangent: adjoint of nearest (last_taken.input.cpp:19) for data: 'points' carries no derivative, forward sweep
inline void nearest_data_points_forward(int k, int n, int d, const double* points, const double* c, double* out) {
  tangent::tape &tape = tangent::thread_tape();
  double cost{};
  double best{};
  double dist{};
  cost = 0.0;
  // last_taken.input.cpp:22: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  for (int i = 0; i < n; ++i) {
    // last_taken.input.cpp:23: call sqdist
    best = tangent::generated::sqdist_data_p_forward(d, points + (i * d), c);
    // last_taken.input.cpp:24: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
    long long last_taken = 0;
    for (int j = 1; j < k; ++j) {
      // last_taken.input.cpp:25: call sqdist
      dist = tangent::generated::sqdist_data_p_forward(d, points + (i * d), c + (j * d));
      if (dist < best) {
        best = dist;
        last_taken = j;
      }
    }
    tape.push(last_taken);
    cost = cost + best;
  }
  tape.push(out[0]);
  out[0] = cost;
  return;
}

// tangent: adjoint of nearest (last_taken.input.cpp:19) for data: 'points' carries no derivative, reverse sweep
inline void nearest_data_points_reverse(int k, int n, int d, const double* points, const double* c, double* out, double* d_c, double* d_out) {
  tangent::tape &tape = tangent::thread_tape();
  double cost{};
  double best{};
  double dist{};
  double d_cost{};
  double d_best{};
  double d_dist{};
  out[0] = tape.pop<double>();
  const double d_3 = d_out[0];
  d_out[0] = 0;
  d_cost += d_3;
  // last_taken.input.cpp:22: for loop, reversed
  for (int i = n; i-- > 0;) {
    d_best += d_cost;
    // last_taken.input.cpp:24: for loop, reversed at the iteration that took its branch last (no other moves an adjoint)
    const long long last_taken_2 = tape.pop<long long>();
    if (last_taken_2 != 0) {
      const int j = static_cast<int>(last_taken_2);
      if (j == last_taken_2) {
        const double d_2 = d_best;
        d_best = 0;
        d_dist += d_2;
      }
      // last_taken.input.cpp:25: reverse of the call
      if (d_dist != 0) {
        tangent::generated::sqdist_data_p_reverse(d, points + (i * d), c + (j * d), d_c + (j * d), d_dist);
      }
      d_dist = 0;
    }
    // last_taken.input.cpp:23: reverse of the call
    if (d_best != 0) {
      tangent::generated::sqdist_data_p_reverse(d, points + (i * d), c, d_c, d_best);
    }
    d_best = 0;
  }
  d_cost = 0;
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_KMEANS_OPTIONS_D47C223ACC11574C
#define TANGENT_GENERATED_KMEANS_OPTIONS_D47C223ACC11574C
namespace tangent::generated {
// tangent: adjoint of kmeans (last_taken.input.cpp:34)
inline double kmeans_options_pullback(const std::vector<double>& c, const std::vector<double>& pts, std::vector<double>& d_c, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double out{};
  // forward sweep
  out = 0.0;
  // last_taken.input.cpp:36: call nearest
  tangent::generated::nearest_data_points_forward(int(c.size()) / 2, int(pts.size()) / 2, 2, pts.data(), c.data(), &out);
  result = out;
  const double value = result;
  // reverse sweep
  double d_out{};
  const double d = d_result;
  d_result = 0;
  d_out += d;
  // last_taken.input.cpp:36: reverse of the call
  tangent::generated::nearest_data_points_reverse(int(c.size()) / 2, int(pts.size()) / 2, 2, pts.data(), c.data(), &out, d_c.data(), &d_out);
  d_out = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&kmeans, tangent::options{.wrt = tangent::wrt_params(0)}> {
  static constexpr unsigned long long source_hash = 0xb78c9d0379f0fd40ull;
  static double pullback(const std::vector<double>& c, const std::vector<double>& pts, std::vector<double>& d_0, double seed) {
    return generated::kmeans_options_pullback(c, pts, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
