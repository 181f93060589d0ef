// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_SOLVE_96CB0270E6D5BADE
#define TANGENT_GENERATED_SOLVE_96CB0270E6D5BADE
namespace tangent::generated {
// tangent: adjoint of solve (fixed_point.input.cpp:7)
inline double solve_pullback(const std::vector<double>& p, double tol, std::vector<double>& d_p, double& d_tol, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  std::vector<double> x;
  double change{};
  int it{};
  double xn{};
  double s{};
  double v{};
  // forward sweep
  x.assign(p.size(), 0.0);
  change = 1.0;
  it = 0;
  // fixed_point.input.cpp:10: for loop, a fixed point: untaped iterations between snapshots of the state {x, it, xn} it found and left
  tape.push_vector(x);
  tape.push(it);
  tape.push(xn);
  long long n = 0;
  while (it < 200 && change > tol) {
    change = 0.0;
    // fixed_point.input.cpp:12: for loop
    for (unsigned long i = 0ul; i < x.size(); ++i) {
      xn = 0.5 * std::cos(x[i]) + p[i];
      change = std::fmax(change, std::fabs(xn - x[i]));
      x[i] = xn;
    }
    it = it + 1;
    ++n;
  }
  tape.push_vector(x);
  tape.push(it);
  tape.push(xn);
  tape.push(n);
  s = 0.0;
  // fixed_point.input.cpp:19: range-for loop (checkpointing not requested)
  constexpr std::size_t per_iteration_5 = 1;
  std::byte *const records_5 = tangent::detail::push_block<double>(tape, 0, x.size(), 1);
  for (std::size_t i_2 = 0; i_2 < x.size(); ++i_2) {
    tangent::detail::record_at<double>(records_5, i_2 * per_iteration_5, v);
    v = x[i_2];
    s = s + v * v;
  }
  result = s;
  const double value = result;
  // reverse sweep
  std::vector<double> d_x;
  double d_xn{};
  double d_s{};
  double d_v{};
  tangent::detail::zero(d_x, x.size());
  const double d_8 = d_result;
  d_result = 0;
  d_s += d_8;
  // fixed_point.input.cpp:19: range-for loop, reversed
  constexpr std::size_t per_iteration_6 = 1;
  const std::byte *const records_6 = tangent::detail::pop_block<double>(tape, 0, x.size(), 1);
  for (std::size_t i_2 = x.size(); i_2-- > 0;) {
    d_v += d_s * v;
    d_v += v * d_s;
    v = tangent::detail::recorded_at<double>(records_6, i_2 * per_iteration_6);
    const double d_7 = d_v;
    d_v = 0;
    d_x[i_2] += d_7;
  }
  d_s = 0;
  // fixed_point.input.cpp:10: for loop, the adjoint fixed point: one iteration from the final state, replayed taped and reversed as many times as the loop iterated
  const long long n_2 = tape.pop<long long>();
  xn = tape.pop<double>();
  it = tape.pop<int>();
  tape.pop_vector(x);
  const std::tuple<std::vector<double>, int, double> last(x, it, xn);
  for (long long k = 0; k < n_2; ++k) {
    std::tie(x, it, xn) = last;
    change = 0.0;
    // fixed_point.input.cpp:12: for loop (taped within each replay of the checkpointed loop at line 10)
    constexpr std::size_t per_iteration = 1;
    std::byte *const records = tangent::detail::push_block<double>(tape, 0ul, x.size(), 1);
    for (unsigned long i = 0ul; i < x.size(); ++i) {
      xn = 0.5 * std::cos(x[i]) + p[i];
      change = std::fmax(change, std::fabs(xn - x[i]));
      tangent::detail::record_at<double>(records, i * per_iteration, x[i]);
      x[i] = xn;
    }
    it = it + 1;
    // fixed_point.input.cpp:12: for loop, reversed
    constexpr std::size_t per_iteration_4 = 1;
    const std::byte *const records_4 = tangent::detail::pop_block<double>(tape, 0ul, x.size(), 1);
    for (unsigned long i = x.size(); i-- > 0ul;) {
      x[i] = tangent::detail::recorded_at<double>(records_4, i * per_iteration_4);
      const double d_6 = d_x[i];
      d_x[i] = 0;
      d_xn += d_6;
      const double d_5 = d_xn;
      d_xn = 0;
      d_x[i] += 0.5 * d_5 * -std::sin(x[i]);
      d_p[i] += d_5;
    }
  }
  xn = tape.pop<double>();
  it = tape.pop<int>();
  tape.pop_vector(x);
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&solve, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0xaa8ad8d7186c8be8ull;
  static double pullback(const std::vector<double>& p, double tol, std::vector<double>& d_0, double* d_1, double seed) {
    return generated::solve_pullback(p, tol, d_0, *d_1, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
