// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_RHS_UNRESTORED_Z_UNZEROED_Z_2161441FE933723D
#define TANGENT_GENERATED_RHS_UNRESTORED_Z_UNZEROED_Z_2161441FE933723D
namespace tangent::generated {
// tangent: adjoint of rhs (callee_outputs.input.cpp:22) for callers that never read 'z' back: not restored; for callers that assign the adjoint of 'z' again: not zeroed, forward sweep
inline void rhs_unrestored_z_unzeroed_z_forward(int n, const double* p, const double* y, double* z) {
  z[0] = p[0];
  // callee_outputs.input.cpp:24: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  for (int i = 1; i < n; ++i) {
    z[i] = p[i] * y[i - 1];
  }
  return;
}

// tangent: adjoint of rhs (callee_outputs.input.cpp:22) for callers that never read 'z' back: not restored; for callers that assign the adjoint of 'z' again: not zeroed, reverse sweep
inline void rhs_unrestored_z_unzeroed_z_reverse(int n, const double* p, const double* y, double* z, double* d_p, double* d_y, double* d_z) {
  tangent::tape &tape = tangent::thread_tape();
  // callee_outputs.input.cpp:24: for loop, reversed in independent passes
  for (int i = n; i-- > 1;) {
    d_p[i] += d_z[i] * y[i - 1];
  }
  for (int i = n; i-- > 1;) {
    d_y[i - 1] += p[i] * d_z[i];
  }
  const double d = d_z[0];
  d_z[0] = 0;
  d_p[0] += d;
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_TRI_B040C48E0E818452
#define TANGENT_GENERATED_TRI_B040C48E0E818452
namespace tangent::generated {
// tangent: adjoint of tri (callee_outputs.input.cpp:11), forward sweep
inline void tri_forward(int d, const double* l, const double* x, double* out) {
  tangent::tape &tape = tangent::thread_tape();
  int k{};
  // callee_outputs.input.cpp:12: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  constexpr std::size_t per_iteration = 1;
  std::byte *const records = tangent::detail::push_block<double>(tape, 0, d, 1);
  for (int i = 0; i < d; ++i) {
    tangent::detail::record_at<double>(records, i * per_iteration, out[i]);
    out[i] = l[i] * x[i];
  }
  k = d;
  // callee_outputs.input.cpp:15: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  for (int i_2 = 0; i_2 < d; ++i_2) {
    // callee_outputs.input.cpp:16: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
    for (int j = i_2 + 1; j < d; ++j) {
      out[j] = out[j] + l[k] * x[i_2];
      k = k + 1;
    }
  }
  tape.push(k);
  return;
}

// tangent: adjoint of tri (callee_outputs.input.cpp:11), reverse sweep
inline void tri_reverse(int d, const double* l, const double* x, double* out, double* d_l, double* d_x, double* d_out) {
  tangent::tape &tape = tangent::thread_tape();
  int k{};
  k = tape.pop<int>();
  // callee_outputs.input.cpp:15: for loop, reversed
  for (int i_2 = d; i_2-- > 0;) {
    // callee_outputs.input.cpp:16: for loop, reversed
    double sum{};
    for (int j = d; j-- > i_2 + 1;) {
      k = k - 1;
      const double d_3 = d_out[j];
      d_l[k] += d_3 * x[i_2];
      sum += l[k] * d_3;
    }
    d_x[i_2] += sum;
  }
  // callee_outputs.input.cpp:12: for loop, reversed
  constexpr std::size_t per_iteration_2 = 1;
  const std::byte *const records_2 = tangent::detail::pop_block<double>(tape, 0, d, 1);
  for (int i = d; i-- > 0;) {
    out[i] = tangent::detail::recorded_at<double>(records_2, i * per_iteration_2);
    const double d_2 = d_out[i];
    d_out[i] = 0;
    d_l[i] += d_2 * x[i];
    d_x[i] += l[i] * d_2;
  }
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_STAGES_AABA414E00980F53
#define TANGENT_GENERATED_STAGES_AABA414E00980F53
namespace tangent::generated {
// tangent: adjoint of stages (callee_outputs.input.cpp:28)
inline double stages_pullback(const std::vector<double>& p, int n, std::vector<double>& d_p, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  std::vector<double> y;
  std::vector<double> k;
  std::vector<double> q;
  double s{};
  // forward sweep
  y.assign(static_cast<unsigned long>(n), {});
  k.assign(static_cast<unsigned long>(n), {});
  q.assign(static_cast<unsigned long>(n), {});
  // callee_outputs.input.cpp:30: for loop (checkpointing not requested)
  for (int i = 0; i < n; ++i) {
    y[static_cast<unsigned long>(i)] = p[static_cast<unsigned long>(i)];
  }
  // callee_outputs.input.cpp:32: for loop, recomputed: the state {y, k, q} recorded before each iteration (cheaper to recompute than to record: about 82416 bytes recorded per iteration against a state of 2400 bytes {y, k, q}, and 20601 operations to run it again (containers and unknown trip counts counted as 100))
  for (int step = 0; step < 2; ++step) {
    tape.push_vector(y);
    tape.push_vector(k);
    tape.push_vector(q);
    // callee_outputs.input.cpp:33: call rhs
    rhs(n, p.data(), y.data(), k.data());
    // callee_outputs.input.cpp:34: call tri
    tri(n, p.data(), y.data(), q.data());
    s = q[0ul] * q[static_cast<unsigned long>(n - 1)];
    // callee_outputs.input.cpp:36: for loop
    for (int i_2 = 0; i_2 < n; ++i_2) {
      y[static_cast<unsigned long>(i_2)] = y[static_cast<unsigned long>(i_2)] + 0.5 * k[static_cast<unsigned long>(i_2)] + 0.10000000000000001 * s;
    }
  }
  result = y[static_cast<unsigned long>(n - 1)];
  const double value = result;
  // reverse sweep
  std::vector<double> d_y;
  std::vector<double> d_k;
  std::vector<double> d_q;
  double d_s{};
  tangent::detail::zero(d_y, y.size());
  tangent::detail::zero(d_k, k.size());
  tangent::detail::zero(d_q, q.size());
  const double d_6 = d_result;
  d_result = 0;
  d_y[static_cast<unsigned long>(n - 1)] += d_6;
  // callee_outputs.input.cpp:32: for loop, reversed: each iteration recomputed, taped, from its state
  for (int step = 2; step-- > 0;) {
    tape.pop_vector(q);
    tape.pop_vector(k);
    tape.pop_vector(y);
    // callee_outputs.input.cpp:33: call rhs
    tangent::generated::rhs_unrestored_z_unzeroed_z_forward(n, p.data(), y.data(), k.data());
    // callee_outputs.input.cpp:34: call tri
    tangent::generated::tri_forward(n, p.data(), y.data(), q.data());
    s = q[0ul] * q[static_cast<unsigned long>(n - 1)];
    // callee_outputs.input.cpp:36: for loop (taped within each recomputation of the loop at line 32)
    constexpr std::size_t per_iteration = 1;
    std::byte *const records = tangent::detail::push_block<double>(tape, 0, n, 1);
    for (int i_2 = 0; i_2 < n; ++i_2) {
      tangent::detail::record_at<double>(records, i_2 * per_iteration, y[static_cast<unsigned long>(i_2)]);
      y[static_cast<unsigned long>(i_2)] = y[static_cast<unsigned long>(i_2)] + 0.5 * k[static_cast<unsigned long>(i_2)] + 0.10000000000000001 * s;
    }
    // callee_outputs.input.cpp:36: for loop, reversed
    constexpr std::size_t per_iteration_2 = 1;
    const std::byte *const records_2 = tangent::detail::pop_block<double>(tape, 0, n, 1);
    for (int i_2 = n; i_2-- > 0;) {
      y[static_cast<unsigned long>(i_2)] = tangent::detail::recorded_at<double>(records_2, i_2 * per_iteration_2);
      const double d_5 = d_y[static_cast<unsigned long>(i_2)];
      d_y[static_cast<unsigned long>(i_2)] = 0;
      d_y[static_cast<unsigned long>(i_2)] += d_5;
      d_k[static_cast<unsigned long>(i_2)] = 0.5 * d_5;
      d_s += 0.10000000000000001 * d_5;
    }
    const double d_4 = d_s;
    d_s = 0;
    d_q[0ul] += d_4 * q[static_cast<unsigned long>(n - 1)];
    d_q[static_cast<unsigned long>(n - 1)] += q[0ul] * d_4;
    // callee_outputs.input.cpp:34: reverse of the call
    tangent::generated::tri_reverse(n, p.data(), y.data(), q.data(), d_p.data(), d_y.data(), d_q.data());
    // callee_outputs.input.cpp:33: reverse of the call
    tangent::generated::rhs_unrestored_z_unzeroed_z_reverse(n, p.data(), y.data(), k.data(), d_p.data(), d_y.data(), d_k.data());
  }
  // callee_outputs.input.cpp:30: for loop, reversed
  for (int i = n; i-- > 0;) {
    const double d = d_y[static_cast<unsigned long>(i)];
    d_y[static_cast<unsigned long>(i)] = 0;
    d_p[static_cast<unsigned long>(i)] += d;
  }
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&stages, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x8564f196bc54dabbull;
  static double pullback(const std::vector<double>& p, int n, std::vector<double>& d_0, double seed) {
    return generated::stages_pullback(p, n, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
