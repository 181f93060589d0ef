// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_DIFFUSE_ED6FAFAF5DC44E50
#define TANGENT_GENERATED_DIFFUSE_ED6FAFAF5DC44E50
namespace tangent::generated {
// tangent: adjoint of diffuse (stencil.input.cpp:6), forward sweep
inline void diffuse_forward(const std::vector<double>& u, std::vector<double>& du) {
  tangent::tape &tape = tangent::thread_tape();
  unsigned long n{};
  n = u.size();
  // stencil.input.cpp:8: for loop (loop in a callee: callees checkpoint only loops marked [[tangent::checkpoint]])
  for (unsigned long i = 1ul; i < n - 1ul; ++i) {
    du[i] = u[i - 1ul] - 2.0 * u[i] + u[i + 1ul];
  }
  tape.push(n);
  return;
}

// tangent: adjoint of diffuse (stencil.input.cpp:6), reverse sweep
inline void diffuse_reverse(const std::vector<double>& u, std::vector<double>& du, std::vector<double>& d_u, std::vector<double>& d_du) {
  tangent::tape &tape = tangent::thread_tape();
  unsigned long n{};
  n = tape.pop<unsigned long>();
  // stencil.input.cpp:8: for loop, reversed in independent passes, gathered per element they update
  if (&d_u != &d_du) {
    const long long lo = static_cast<long long>(1ul), hi = static_cast<long long>(n - 1ul);
    auto gather = [&](long long k, bool edge) {
      if (edge) {
        if (k + 1 >= lo && k + 1 < hi) {
          const unsigned long i = static_cast<unsigned long>(k + 1);
          d_u[i - 1ul] += d_du[i];
        }
        if (k >= lo && k < hi) {
          const unsigned long i = static_cast<unsigned long>(k);
          d_u[i] += 2.0 * -d_du[i];
        }
        if (k - 1 >= lo && k - 1 < hi) {
          const unsigned long i = static_cast<unsigned long>(k - 1);
          d_u[i + 1ul] += d_du[i];
        }
        return;
      }
      auto sum = d_u[static_cast<std::size_t>(k)];
      {
        const unsigned long i = static_cast<unsigned long>(k + 1);
        sum += d_du[i];
      }
      {
        const unsigned long i = static_cast<unsigned long>(k);
        sum += 2.0 * -d_du[i];
      }
      {
        const unsigned long i = static_cast<unsigned long>(k - 1);
        sum += d_du[i];
      }
      d_u[static_cast<std::size_t>(k)] = sum;
    };
    const long long first = lo - 1, last = hi + 1;
    const long long begin = std::max(first, lo + 1), end = std::max(begin, hi - 1);
    for (long long k = first; k < begin; ++k) gather(k, true);
    for (long long k = begin; k < end; ++k) gather(k, false);
    for (long long k = end; k < last; ++k) gather(k, true);
  } else {
    for (unsigned long i = n - 1ul; i-- > 1ul;) {
      d_u[i - 1ul] += d_du[i];
    }
    for (unsigned long i = n - 1ul; i-- > 1ul;) {
      d_u[i] += 2.0 * -d_du[i];
    }
    for (unsigned long i = n - 1ul; i-- > 1ul;) {
      d_u[i + 1ul] += d_du[i];
    }
  }
  for (unsigned long i = n - 1ul; i-- > 1ul;) {
    d_du[i] = 0;
  }
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_HEAT_A2254B5697D9FA92
#define TANGENT_GENERATED_HEAT_A2254B5697D9FA92
namespace tangent::generated {
// tangent: adjoint of heat (stencil.input.cpp:12)
inline double heat_pullback(const std::vector<double>& u0, double kappa, std::vector<double>& d_u0, double& d_kappa, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  unsigned long n{};
  std::vector<double> u;
  std::vector<double> du;
  double e{};
  // forward sweep
  n = u0.size();
  u = u0;
  du.assign(n, 0.0);
  // stencil.input.cpp:15: for loop (checkpointing not requested)
  for (int t = 0; t < 50; ++t) {
    tape.push_vector(du);
    // stencil.input.cpp:16: call diffuse
    tangent::generated::diffuse_forward(u, du);
    // stencil.input.cpp:17: for loop (checkpointing not requested)
    for (unsigned long i = 0ul; i < n; ++i) {
      u[i] = u[i] + kappa * du[i];
    }
  }
  e = 0.0;
  // stencil.input.cpp:21: for loop (checkpointing not requested)
  for (unsigned long i_2 = 0ul; i_2 < n; ++i_2) {
    e = e + u[i_2] * u[i_2];
  }
  result = e;
  const double value = result;
  // reverse sweep
  std::vector<double> d_u;
  std::vector<double> d_du;
  double d_e{};
  tangent::detail::zero(d_u, u.size());
  tangent::detail::zero(d_du, du.size());
  const double d_2 = d_result;
  d_result = 0;
  d_e += d_2;
  // stencil.input.cpp:21: for loop, reversed
  for (unsigned long i_2 = n; i_2-- > 0ul;) {
    d_u[i_2] += d_e * u[i_2];
    d_u[i_2] += u[i_2] * d_e;
  }
  d_e = 0;
  // stencil.input.cpp:15: for loop, reversed
  for (int t = 50; t-- > 0;) {
    // stencil.input.cpp:17: for loop, reversed
    for (unsigned long i = n; i-- > 0ul;) {
      const double d = d_u[i];
      d_kappa += d * du[i];
      d_du[i] += kappa * d;
    }
    // stencil.input.cpp:16: reverse of the call
    tangent::generated::diffuse_reverse(u, du, d_u, d_du);
    tape.pop_vector(du);
  }
  tangent::detail::accumulate(d_u0, d_u);
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&heat, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x58e9576d595b0b7full;
  static double pullback(const std::vector<double>& u0, double kappa, std::vector<double>& d_0, double* d_1, double seed) {
    return generated::heat_pullback(u0, kappa, d_0, *d_1, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
