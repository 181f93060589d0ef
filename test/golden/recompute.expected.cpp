// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_RATE_FC0CB1BD1DB1D8D5
#define TANGENT_GENERATED_RATE_FC0CB1BD1DB1D8D5
namespace tangent::generated {
// tangent: adjoint of rate (recompute.input.cpp:11), forward sweep
inline void rate_forward(const std::vector<double>& u, std::vector<double>& du) {
  tangent::tape &tape = tangent::thread_tape();
  unsigned long n{};
  n = u.size();
  // recompute.input.cpp:13: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  for (unsigned long i = 0ul; i < n - 1ul; ++i) {
    du[i] = u[i + 1ul] * u[i] - 0.5 * u[i];
  }
  du[n - 1ul] = -u[n - 1ul];
  tape.push(n);
  return;
}

// tangent: adjoint of rate (recompute.input.cpp:11), reverse sweep
inline void rate_reverse(const std::vector<double>& u, std::vector<double>& du, std::vector<double>& d_u, std::vector<double>& d_du) {
  tangent::tape &tape = tangent::thread_tape();
  unsigned long n{};
  n = tape.pop<unsigned long>();
  const double d_2 = d_du[n - 1ul];
  d_du[n - 1ul] = 0;
  d_u[n - 1ul] += -d_2;
  // recompute.input.cpp:13: for loop, reversed in independent passes, gathered per element they update
  if (&d_u != &d_du) {
    const long long lo = static_cast<long long>(0ul), hi = static_cast<long long>(n - 1ul);
    auto gather = [&](long long k, bool edge) {
      if (edge) {
        if (k - 1 >= lo && k - 1 < hi) {
          const unsigned long i = static_cast<unsigned long>(k - 1);
          d_u[i + 1ul] += d_du[i] * u[i];
        }
        if (k >= lo && k < hi) {
          const unsigned long i = static_cast<unsigned long>(k);
          d_u[i] += u[i + 1ul] * d_du[i];
        }
        if (k >= lo && k < hi) {
          const unsigned long i = static_cast<unsigned long>(k);
          d_u[i] += 0.5 * -d_du[i];
        }
        return;
      }
      auto sum = d_u[static_cast<std::size_t>(k)];
      {
        const unsigned long i = static_cast<unsigned long>(k - 1);
        sum += d_du[i] * u[i];
      }
      {
        const unsigned long i = static_cast<unsigned long>(k);
        sum += u[i + 1ul] * d_du[i];
      }
      {
        const unsigned long i = static_cast<unsigned long>(k);
        sum += 0.5 * -d_du[i];
      }
      d_u[static_cast<std::size_t>(k)] = sum;
    };
    const long long first = lo, last = hi + 1;
    const long long begin = std::max(first, lo + 1), end = std::max(begin, hi);
    for (long long k = first; k < begin; ++k) gather(k, true);
    for (long long k = begin; k < end; ++k) gather(k, false);
    for (long long k = end; k < last; ++k) gather(k, true);
  } else {
    for (unsigned long i = n - 1ul; i-- > 0ul;) {
      d_u[i + 1ul] += d_du[i] * u[i];
    }
    for (unsigned long i = n - 1ul; i-- > 0ul;) {
      d_u[i] += u[i + 1ul] * d_du[i];
    }
    for (unsigned long i = n - 1ul; i-- > 0ul;) {
      d_u[i] += 0.5 * -d_du[i];
    }
  }
  for (unsigned long i = n - 1ul; i-- > 0ul;) {
    d_du[i] = 0;
  }
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_HEUN_EFAB5F2BCEA141F4
#define TANGENT_GENERATED_HEUN_EFAB5F2BCEA141F4
namespace tangent::generated {
// tangent: adjoint of heun (recompute.input.cpp:18)
inline double heun_pullback(const std::vector<double>& u0, std::vector<double>& d_u0, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  unsigned long n{};
  std::vector<double> u;
  std::vector<double> k1;
  std::vector<double> k2;
  std::vector<double> tmp;
  double r{};
  // forward sweep
  n = u0.size();
  u = u0;
  k1.assign(n, 0.0);
  k2.assign(n, 0.0);
  tmp.assign(n, 0.0);
  // recompute.input.cpp:21: for loop, recomputed: the state {u} recorded before each iteration (cheaper to recompute than to record: about 1600 bytes recorded per iteration against a state of 800 bytes {u}, and 1102 operations to run it again (containers and unknown trip counts counted as 100))
  for (int t = 0; t < 1000; ++t) {
    tape.push_vector(u);
    // recompute.input.cpp:22: call rate
    rate(u, k1);
    // recompute.input.cpp:23: for loop
    for (unsigned long i = 0ul; i < n; ++i) {
      tmp[i] = u[i] + 0.01 * k1[i];
    }
    // recompute.input.cpp:25: call rate
    rate(tmp, k2);
    // recompute.input.cpp:26: for loop
    for (unsigned long i_2 = 0ul; i_2 < n; ++i_2) {
      u[i_2] = u[i_2] + 0.0050000000000000001 * (k1[i_2] + k2[i_2]);
    }
  }
  r = 0.0;
  // recompute.input.cpp:30: for loop (checkpointing not requested)
  for (unsigned long i_3 = 0ul; i_3 < n; ++i_3) {
    r = r + u[i_3] * u[i_3];
  }
  result = r;
  const double value = result;
  // reverse sweep
  std::vector<double> d_u;
  std::vector<double> d_k1;
  std::vector<double> d_k2;
  std::vector<double> d_tmp;
  double d_r{};
  tangent::detail::zero(d_u, u.size());
  tangent::detail::zero(d_k1, k1.size());
  tangent::detail::zero(d_k2, k2.size());
  tangent::detail::zero(d_tmp, tmp.size());
  const double d_5 = d_result;
  d_result = 0;
  d_r += d_5;
  // recompute.input.cpp:30: for loop, reversed
  for (unsigned long i_3 = n; i_3-- > 0ul;) {
    d_u[i_3] += d_r * u[i_3];
    d_u[i_3] += u[i_3] * d_r;
  }
  d_r = 0;
  // recompute.input.cpp:21: for loop, reversed: each iteration recomputed, taped, from its state
  for (int t = 1000; t-- > 0;) {
    tape.pop_vector(u);
    // recompute.input.cpp:22: call rate
    tangent::generated::rate_forward(u, k1);
    tangent::detail::push_range(tape, tmp, 0ul, n);
    // recompute.input.cpp:23: for loop (taped within each recomputation of the loop at line 21)
    for (unsigned long i = 0ul; i < n; ++i) {
      tmp[i] = u[i] + 0.01 * k1[i];
    }
    // recompute.input.cpp:25: call rate
    tangent::generated::rate_forward(tmp, k2);
    tangent::detail::push_range(tape, u, 0ul, n);
    // recompute.input.cpp:26: for loop (taped within each recomputation of the loop at line 21)
    for (unsigned long i_2 = 0ul; i_2 < n; ++i_2) {
      u[i_2] = u[i_2] + 0.0050000000000000001 * (k1[i_2] + k2[i_2]);
    }
    // recompute.input.cpp:26: for loop, reversed
    for (unsigned long i_2 = n; i_2-- > 0ul;) {
      const double d_4 = 0.0050000000000000001 * d_u[i_2];
      d_k1[i_2] += d_4;
      d_k2[i_2] += d_4;
    }
    tangent::detail::pop_range(tape, u, 0ul, n);
    // recompute.input.cpp:25: reverse of the call
    tangent::generated::rate_reverse(tmp, k2, d_tmp, d_k2);
    // recompute.input.cpp:23: for loop, reversed
    for (unsigned long i = n; i-- > 0ul;) {
      d_u[i] += d_tmp[i];
      d_k1[i] += 0.01 * d_tmp[i];
      d_tmp[i] = 0;
    }
    tangent::detail::pop_range(tape, tmp, 0ul, n);
    // recompute.input.cpp:22: reverse of the call
    tangent::generated::rate_reverse(u, k1, d_u, d_k1);
  }
  tangent::detail::accumulate(d_u0, d_u);
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&heun, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0xbd26baedc92bc7ebull;
  static double pullback(const std::vector<double>& u0, std::vector<double>& d_0, double seed) {
    return generated::heun_pullback(u0, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#ifndef TANGENT_GENERATED_RATE_FC0CB1BD1DB1D8D5
#define TANGENT_GENERATED_RATE_FC0CB1BD1DB1D8D5
namespace tangent::generated {
// tangent: adjoint of rate (recompute.input.cpp:11), forward sweep
inline void rate_forward(const std::vector<double>& u, std::vector<double>& du) {
  tangent::tape &tape = tangent::thread_tape();
  unsigned long n{};
  n = u.size();
  // recompute.input.cpp:13: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  for (unsigned long i = 0ul; i < n - 1ul; ++i) {
    du[i] = u[i + 1ul] * u[i] - 0.5 * u[i];
  }
  du[n - 1ul] = -u[n - 1ul];
  tape.push(n);
  return;
}

// tangent: adjoint of rate (recompute.input.cpp:11), reverse sweep
inline void rate_reverse(const std::vector<double>& u, std::vector<double>& du, std::vector<double>& d_u, std::vector<double>& d_du) {
  tangent::tape &tape = tangent::thread_tape();
  unsigned long n{};
  n = tape.pop<unsigned long>();
  const double d_2 = d_du[n - 1ul];
  d_du[n - 1ul] = 0;
  d_u[n - 1ul] += -d_2;
  // recompute.input.cpp:13: for loop, reversed in independent passes, gathered per element they update
  if (&d_u != &d_du) {
    const long long lo = static_cast<long long>(0ul), hi = static_cast<long long>(n - 1ul);
    auto gather = [&](long long k, bool edge) {
      if (edge) {
        if (k - 1 >= lo && k - 1 < hi) {
          const unsigned long i = static_cast<unsigned long>(k - 1);
          d_u[i + 1ul] += d_du[i] * u[i];
        }
        if (k >= lo && k < hi) {
          const unsigned long i = static_cast<unsigned long>(k);
          d_u[i] += u[i + 1ul] * d_du[i];
        }
        if (k >= lo && k < hi) {
          const unsigned long i = static_cast<unsigned long>(k);
          d_u[i] += 0.5 * -d_du[i];
        }
        return;
      }
      auto sum = d_u[static_cast<std::size_t>(k)];
      {
        const unsigned long i = static_cast<unsigned long>(k - 1);
        sum += d_du[i] * u[i];
      }
      {
        const unsigned long i = static_cast<unsigned long>(k);
        sum += u[i + 1ul] * d_du[i];
      }
      {
        const unsigned long i = static_cast<unsigned long>(k);
        sum += 0.5 * -d_du[i];
      }
      d_u[static_cast<std::size_t>(k)] = sum;
    };
    const long long first = lo, last = hi + 1;
    const long long begin = std::max(first, lo + 1), end = std::max(begin, hi);
    for (long long k = first; k < begin; ++k) gather(k, true);
    for (long long k = begin; k < end; ++k) gather(k, false);
    for (long long k = end; k < last; ++k) gather(k, true);
  } else {
    for (unsigned long i = n - 1ul; i-- > 0ul;) {
      d_u[i + 1ul] += d_du[i] * u[i];
    }
    for (unsigned long i = n - 1ul; i-- > 0ul;) {
      d_u[i] += u[i + 1ul] * d_du[i];
    }
    for (unsigned long i = n - 1ul; i-- > 0ul;) {
      d_u[i] += 0.5 * -d_du[i];
    }
  }
  for (unsigned long i = n - 1ul; i-- > 0ul;) {
    d_du[i] = 0;
  }
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_HEUN_OPTIONS_B7E123A4CC247C3E
#define TANGENT_GENERATED_HEUN_OPTIONS_B7E123A4CC247C3E
namespace tangent::generated {
// tangent: adjoint of heun (recompute.input.cpp:18)
inline double heun_options_pullback(const std::vector<double>& u0, std::vector<double>& d_u0, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  unsigned long n{};
  std::vector<double> u;
  std::vector<double> k1;
  std::vector<double> k2;
  std::vector<double> tmp;
  double r{};
  // forward sweep
  n = u0.size();
  u = u0;
  k1.assign(n, 0.0);
  k2.assign(n, 0.0);
  tmp.assign(n, 0.0);
  // recompute.input.cpp:21: for loop (checkpointing not requested)
  for (int t = 0; t < 1000; ++t) {
    // recompute.input.cpp:22: call rate
    tangent::generated::rate_forward(u, k1);
    tangent::detail::push_range(tape, tmp, 0ul, n);
    // recompute.input.cpp:23: for loop (checkpointing not requested)
    for (unsigned long i = 0ul; i < n; ++i) {
      tmp[i] = u[i] + 0.01 * k1[i];
    }
    // recompute.input.cpp:25: call rate
    tangent::generated::rate_forward(tmp, k2);
    tangent::detail::push_range(tape, u, 0ul, n);
    // recompute.input.cpp:26: for loop (checkpointing not requested)
    for (unsigned long i_2 = 0ul; i_2 < n; ++i_2) {
      u[i_2] = u[i_2] + 0.0050000000000000001 * (k1[i_2] + k2[i_2]);
    }
  }
  r = 0.0;
  // recompute.input.cpp:30: for loop (checkpointing not requested)
  for (unsigned long i_3 = 0ul; i_3 < n; ++i_3) {
    r = r + u[i_3] * u[i_3];
  }
  result = r;
  const double value = result;
  // reverse sweep
  std::vector<double> d_u;
  std::vector<double> d_k1;
  std::vector<double> d_k2;
  std::vector<double> d_tmp;
  double d_r{};
  tangent::detail::zero(d_u, u.size());
  tangent::detail::zero(d_k1, k1.size());
  tangent::detail::zero(d_k2, k2.size());
  tangent::detail::zero(d_tmp, tmp.size());
  const double d_3 = d_result;
  d_result = 0;
  d_r += d_3;
  // recompute.input.cpp:30: for loop, reversed
  for (unsigned long i_3 = n; i_3-- > 0ul;) {
    d_u[i_3] += d_r * u[i_3];
    d_u[i_3] += u[i_3] * d_r;
  }
  d_r = 0;
  // recompute.input.cpp:21: for loop, reversed
  for (int t = 1000; t-- > 0;) {
    // recompute.input.cpp:26: for loop, reversed
    for (unsigned long i_2 = n; i_2-- > 0ul;) {
      const double d_2 = 0.0050000000000000001 * d_u[i_2];
      d_k1[i_2] += d_2;
      d_k2[i_2] += d_2;
    }
    tangent::detail::pop_range(tape, u, 0ul, n);
    // recompute.input.cpp:25: reverse of the call
    tangent::generated::rate_reverse(tmp, k2, d_tmp, d_k2);
    // recompute.input.cpp:23: for loop, reversed
    for (unsigned long i = n; i-- > 0ul;) {
      d_u[i] += d_tmp[i];
      d_k1[i] += 0.01 * d_tmp[i];
      d_tmp[i] = 0;
    }
    tangent::detail::pop_range(tape, tmp, 0ul, n);
    // recompute.input.cpp:22: reverse of the call
    tangent::generated::rate_reverse(u, k1, d_u, d_k1);
  }
  tangent::detail::accumulate(d_u0, d_u);
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&heun, tangent::options{.recompute = false}> {
  static constexpr unsigned long long source_hash = 0x1741b718d46b1a97ull;
  static double pullback(const std::vector<double>& u0, std::vector<double>& d_0, double seed) {
    return generated::heun_options_pullback(u0, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
