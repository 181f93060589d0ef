// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#include <tangent/openmp.hpp>
#ifndef TANGENT_GENERATED_ROLLOUT_1194A12FB1436491
#define TANGENT_GENERATED_ROLLOUT_1194A12FB1436491
namespace tangent::generated {
// tangent: adjoint of rollout (openmp.input.cpp:15)
inline double rollout_pullback(const std::vector<double>& x, std::vector<double>& d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  std::vector<double> s;
  double r{};
  std::vector<double> contributions;
  // forward sweep
  s.assign(x.size(), 0.0);
  // openmp.input.cpp:17: for loop (checkpointing not requested)
  for (int t = 0; t < 100; ++t) {
    // openmp.input.cpp:19: for loop, in parallel (OpenMP): records at each iteration's index
    constexpr std::size_t per_iteration = 1;
    std::byte *const records = tangent::detail::push_block<double>(tape, 0ul, x.size(), 1);
    #pragma omp parallel for
    for (unsigned long j = 0ul; j < x.size(); ++j) {
      const double v = std::tanh(s[j] * 1.01 + x[j]);
      tangent::detail::record_at<double>(records, j * per_iteration, v);
      s[j] = v;
    }
  }
  r = 0.0;
  contributions.assign(std::size_t(x.size()), 0.0);
  // openmp.input.cpp:24: for loop, in parallel (OpenMP)
  #pragma omp parallel for
  for (unsigned long j_2 = 0ul; j_2 < x.size(); ++j_2) {
    contributions[j_2] = contributions[j_2] + s[j_2] * s[j_2];
  }
  // openmp.input.cpp:24: for loop (checkpointing not requested)
  for (std::size_t i = 0; i < std::size_t(x.size()); ++i) {
    r = r + contributions[i];
  }
  result = r;
  const double value = result;
  // reverse sweep
  std::vector<double> d_s;
  double d_r{};
  std::vector<double> d_contributions;
  tangent::detail::zero(d_s, s.size());
  tangent::detail::zero(d_contributions, contributions.size());
  const double d_4 = d_result;
  d_result = 0;
  d_r += d_4;
  // openmp.input.cpp:24: for loop, reversed
  for (std::size_t i = std::size_t(x.size()); i-- > 0;) {
    d_contributions[i] += d_r;
  }
  // openmp.input.cpp:24: for loop, reversed in parallel (OpenMP)
  #pragma omp parallel for
  for (unsigned long j_2 = 0ul; j_2 < x.size(); ++j_2) {
    const double d_3 = d_contributions[j_2];
    d_s[j_2] += d_3 * s[j_2];
    d_s[j_2] += s[j_2] * d_3;
  }
  d_r = 0;
  // openmp.input.cpp:17: for loop, reversed
  for (int t = 100; t-- > 0;) {
    // openmp.input.cpp:19: for loop, reversed in parallel (OpenMP)
    constexpr std::size_t per_iteration_2 = 1;
    const std::byte *const records_2 = tangent::detail::pop_block<double>(tape, 0ul, x.size(), 1);
    #pragma omp parallel for
    for (unsigned long j = 0ul; j < x.size(); ++j) {
      const double v_2 = tangent::detail::recorded_at<double>(records_2, j * per_iteration_2);
      const double d = d_s[j];
      d_s[j] = 0;
      const double d_2 = d * (1 - v_2 * v_2);
      d_s[j] += d_2 * 1.01;
      d_x[j] += d_2;
    }
  }
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&rollout, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x59dafffa1154c152ull;
  static double pullback(const std::vector<double>& x, std::vector<double>& d_0, double seed) {
    return generated::rollout_pullback(x, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#ifndef TANGENT_GENERATED_SHARED_166BBBD79A9D1384
#define TANGENT_GENERATED_SHARED_166BBBD79A9D1384
namespace tangent::generated {
// tangent: adjoint of shared (openmp.input.cpp:29)
inline double shared_pullback(const std::vector<double>& x, double a, std::vector<double>& d_x, double& d_a, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  std::vector<double> y;
  double u{};
  double r{};
  double v{};
  // forward sweep
  y.assign(x.size() - 1ul, {});
  // openmp.input.cpp:32: for loop, in parallel (OpenMP): each thread records its iterations on a tape of its own
  {
    const int threads = tangent::detail::omp_threads();
    tangent::detail::omp_team team(tape, threads);
    #pragma omp parallel num_threads(threads) firstprivate(u)
    {
      tangent::detail::omp_member member(team);
      tangent::tape &tape = member.tape();
      std::size_t iterations = 0;
      #pragma omp for schedule(dynamic, 4) nowait
      for (unsigned long j = 0ul; j < x.size() - 1ul; ++j) {
        u = a * x[j + 1ul];
        y[j] = u * u + x[j];
        tape.push(u);
        tape.push(j);
        ++iterations;
      }
      tape.push(iterations);
    }
    team.finish_forward();
    tape.push(threads);
  }
  r = 0.0;
  // openmp.input.cpp:37: range-for loop (checkpointing not requested)
  for (std::size_t i = 0; i < y.size(); ++i) {
    v = y[i];
    r = r + v;
  }
  result = r;
  const double value = result;
  // reverse sweep
  std::vector<double> d_y;
  double d_u{};
  double d_r{};
  double d_v{};
  tangent::detail::zero(d_y, y.size());
  const double d_4 = d_result;
  d_result = 0;
  d_r += d_4;
  // openmp.input.cpp:37: range-for loop, reversed
  for (std::size_t i = y.size(); i-- > 0;) {
    d_v += d_r;
    const double d_3 = d_v;
    d_v = 0;
    d_y[i] += d_3;
  }
  d_r = 0;
  // openmp.input.cpp:32: for loop, reversed in parallel (OpenMP): each thread's tape by one thread; adjoints of x, a summed per tape
  {
    const int threads_2 = tape.pop<int>();
    tangent::detail::omp_team team_2(tape, threads_2);
    auto per_thread = tangent::detail::omp_private(d_x, threads_2);
    auto per_thread_2 = tangent::detail::omp_private(d_a, threads_2);
    #pragma omp parallel for schedule(static, 1) num_threads(threads_2)
    for (int k = 0; k < threads_2; ++k) {
      tangent::detail::omp_member member_2(team_2, k);
      tangent::tape &tape = member_2.tape();
      auto &d_x = per_thread[k];
      auto &d_a = per_thread_2[k];
      double u{};
      double d_u{};
      for (std::size_t iterations_2 = tape.pop<std::size_t>(); iterations_2-- > 0;) {
        const unsigned long j = tape.pop<unsigned long>();
        u = tape.pop<double>();
        u = a * x[j + 1ul];
        const double d_2 = d_y[j];
        d_y[j] = 0;
        d_u += d_2 * u;
        d_u += u * d_2;
        d_x[j] += d_2;
        const double d = d_u;
        d_u = 0;
        d_a += d * x[j + 1ul];
        d_x[j + 1ul] += a * d;
      }
    }
    tangent::detail::omp_reduce(d_x, per_thread);
    tangent::detail::omp_reduce(d_a, per_thread_2);
  }
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&shared, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0xc3bc8e8fd5e26a05ull;
  static double pullback(const std::vector<double>& x, double a, std::vector<double>& d_0, double* d_1, double seed) {
    return generated::shared_pullback(x, a, d_0, *d_1, static_cast<double>(seed));
  }
};
} // namespace tangent
#ifndef TANGENT_GENERATED_SCATTER_677FADED1FEC90E8
#define TANGENT_GENERATED_SCATTER_677FADED1FEC90E8
namespace tangent::generated {
// tangent: adjoint of scatter (openmp.input.cpp:42)
inline double scatter_pullback(const std::vector<double>& x, const std::vector<int>& t, std::vector<double>& d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  std::vector<double> y;
  double c[2] = {};
  // forward sweep
  y = x;
  // openmp.input.cpp:45: for loop, in parallel (OpenMP): each thread records its iterations on a tape of its own
  {
    const int threads = tangent::detail::omp_threads();
    tangent::detail::omp_team team(tape, threads);
    #pragma omp parallel num_threads(threads) firstprivate(c)
    {
      tangent::detail::omp_member member(team);
      tangent::tape &tape = member.tape();
      std::size_t iterations = 0;
      #pragma omp for nowait
      for (unsigned long j = 0ul; j < t.size(); ++j) {
        tape.push_array(c, 2);
        c[0] = std::sin(x[j]);
        c[1] = 2.0;
        tape.push(y[static_cast<unsigned long>(t[j])]);
        y[static_cast<unsigned long>(t[j])] = y[static_cast<unsigned long>(t[j])] * c[0] + c[1];
        tape.push_array(c, 2);
        tape.push(j);
        ++iterations;
      }
      tape.push(iterations);
    }
    team.finish_forward();
    tape.push(threads);
  }
  result = y[0ul] * y[1ul];
  const double value = result;
  // reverse sweep
  std::vector<double> d_y;
  double d_c[2] = {};
  tangent::detail::zero(d_y, y.size());
  const double d_2 = d_result;
  d_result = 0;
  d_y[0ul] += d_2 * y[1ul];
  d_y[1ul] += y[0ul] * d_2;
  // openmp.input.cpp:45: for loop, reversed in parallel (OpenMP): each thread's tape by one thread
  {
    const int threads_2 = tape.pop<int>();
    tangent::detail::omp_team team_2(tape, threads_2);
    #pragma omp parallel for schedule(static, 1) num_threads(threads_2)
    for (int k = 0; k < threads_2; ++k) {
      tangent::detail::omp_member member_2(team_2, k);
      tangent::tape &tape = member_2.tape();
      double c[2] = {};
      double d_c[2] = {};
      for (std::size_t iterations_2 = tape.pop<std::size_t>(); iterations_2-- > 0;) {
        const unsigned long j = tape.pop<unsigned long>();
        tape.pop_array(c, 2);
        y[static_cast<unsigned long>(t[j])] = tape.pop<double>();
        const double d = d_y[static_cast<unsigned long>(t[j])];
        d_y[static_cast<unsigned long>(t[j])] = 0;
        d_y[static_cast<unsigned long>(t[j])] += d * c[0];
        d_c[0] += y[static_cast<unsigned long>(t[j])] * d;
        d_c[1] += d;
        tape.pop_array(c, 2);
        d_x[j] += d_c[0] * std::cos(x[j]);
        tangent::detail::zero(d_c);
      }
    }
  }
  tangent::detail::accumulate(d_x, d_y);
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&scatter, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0xaef1b5c553c12993ull;
  static double pullback(const std::vector<double>& x, const std::vector<int>& t, std::vector<double>& d_0, double seed) {
    return generated::scatter_pullback(x, t, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
