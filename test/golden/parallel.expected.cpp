// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#include <tangent/schedule/budget.hpp>
#include <tangent/schedule/parallel.hpp>
#include <tangent/schedule/actions.hpp>
#ifndef TANGENT_GENERATED_MIX_B166BCDB397FFA72
#define TANGENT_GENERATED_MIX_B166BCDB397FFA72
namespace tangent::generated {
// tangent: adjoint of mix (parallel.input.cpp:9), forward sweep
inline double mix_forward(double a, double b) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  const double v = std::sin(a);
  tape.push(v);
  result = v * b;
  return result;
}

// tangent: adjoint of mix (parallel.input.cpp:9), reverse sweep
inline void mix_reverse(double a, double b, double& d_a, double& d_b, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  const double v_2 = tape.pop<double>();
  const double d = d_result;
  d_result = 0;
  d_a += d * b * std::cos(a);
  d_b += v_2 * d;
  (void)tape;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_RELAX_CHECKPOINTED_E4CE1170292FBBAA
#define TANGENT_GENERATED_RELAX_CHECKPOINTED_E4CE1170292FBBAA
namespace tangent::generated {
// tangent: adjoint of relax (parallel.input.cpp:11)
inline double relax_checkpointed_pullback(const std::vector<double>& x, std::vector<double>& d_x, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  tangent::detail::budget_call budget_call(0);
  double result{};
  std::vector<double> s;
  std::vector<double> tmp;
  double acc{};
  double scale{};
  double v{};
  // forward sweep
  s.assign(x.size(), 0.0);
  tmp.assign(x.size(), {});
  acc = 0.0;
  // parallel.input.cpp:15: for loop, checkpointed: segments of L = ceil(sqrt(n)) iterations, replayed by two threads; the last segment taped now; snapshot {s, acc, v}
  const long long n = 200;
  auto *checkpoints = tangent::detail::adopt(new tangent::parallel_segments<std::tuple<std::vector<double>, double, double>>(n));
  {
    long long k = 0;
    for (int t = 0; t < 200; ++t, ++k) {
      if (k < checkpoints->taped_from()) {
        checkpoints->before_with(k, [&] { return std::tuple<std::vector<double>, double, double>(s, acc, v); });
        scale = 1.0 + 0.001 * double(t);
        // parallel.input.cpp:17: for loop
        for (unsigned long j = 0ul; j < x.size(); ++j) {
          // parallel.input.cpp:18: call mix
          v = mix(s[j], scale);
          tmp[j] = v + x[j];
        }
        // parallel.input.cpp:19: for loop
        for (unsigned long j_2 = 0ul; j_2 < x.size(); ++j_2) {
          const double v_4 = std::tanh(tmp[j_2]);
          s[j_2] = v_4;
        }
        acc = acc + s[0ul];
      } else {
        scale = 1.0 + 0.001 * double(t);
        // parallel.input.cpp:17: for loop (taped within each replay of the checkpointed loop at line 15)
        for (unsigned long j = 0ul; j < x.size(); ++j) {
          // parallel.input.cpp:18: call mix
          v = tangent::generated::mix_forward(s[j], scale);
          tmp[j] = v + x[j];
        }
        tangent::detail::push_range(tape, s, 0ul, x.size());
        // parallel.input.cpp:19: for loop (taped within each replay of the checkpointed loop at line 15)
        constexpr std::size_t per_iteration = 1;
        std::byte *const records = tangent::detail::push_block<double>(tape, 0ul, x.size(), 1);
        for (unsigned long j_2 = 0ul; j_2 < x.size(); ++j_2) {
          const double v_2 = std::tanh(tmp[j_2]);
          tangent::detail::record_at<double>(records, j_2 * per_iteration, v_2);
          s[j_2] = v_2;
        }
        acc = acc + s[0ul];
      }
    }
  }
  tape.push(checkpoints);
  result = acc;
  const double value = result;
  // reverse sweep
  std::vector<double> d_s;
  std::vector<double> d_tmp;
  double d_acc{};
  double d_v{};
  tangent::detail::zero(d_s, s.size());
  tangent::detail::zero(d_tmp, tmp.size());
  const double d_5 = d_result;
  d_result = 0;
  d_acc += d_5;
  // parallel.input.cpp:15: for loop, reversed segment by segment while a helper thread replays the segments before
  auto *checkpoints_2 = tape.pop<tangent::parallel_segments<std::tuple<std::vector<double>, double, double>> *>();
  // what the loop writes; each replay slot runs in a copy
  std::tuple<std::vector<double>, std::vector<double>, double, double, double> work{s, tmp, acc, scale, v};
  auto replay = [&](std::tuple<std::vector<double>, std::vector<double>, double, double, double> &current, const std::tuple<std::vector<double>, double, double> &from, tangent::step_index begin, tangent::step_index end) {
    auto &s = std::get<0>(current);
    auto &tmp = std::get<1>(current);
    auto &acc = std::get<2>(current);
    auto &scale = std::get<3>(current);
    auto &v = std::get<4>(current);
    std::tie(s, acc, v) = from;
    tangent::tape &tape = tangent::thread_tape();
    for (tangent::step_index k = begin; k < end; ++k) {
      const int t = static_cast<int>(k);
      scale = 1.0 + 0.001 * double(t);
      // parallel.input.cpp:17: for loop (taped within each replay of the checkpointed loop at line 15)
      for (unsigned long j = 0ul; j < x.size(); ++j) {
        // parallel.input.cpp:18: call mix
        v = tangent::generated::mix_forward(s[j], scale);
        tmp[j] = v + x[j];
      }
      tangent::detail::push_range(tape, s, 0ul, x.size());
      // parallel.input.cpp:19: for loop (taped within each replay of the checkpointed loop at line 15)
      constexpr std::size_t per_iteration = 1;
      std::byte *const records = tangent::detail::push_block<double>(tape, 0ul, x.size(), 1);
      for (unsigned long j_2 = 0ul; j_2 < x.size(); ++j_2) {
        const double v_2 = std::tanh(tmp[j_2]);
        tangent::detail::record_at<double>(records, j_2 * per_iteration, v_2);
        s[j_2] = v_2;
      }
      acc = acc + s[0ul];
    }
  };
  auto adopt = [&](const std::tuple<std::vector<double>, std::vector<double>, double, double, double> &current) {
    std::tie(s, tmp, acc, scale, v) = current;
  };
  auto reverse = [&](tangent::step_index begin, tangent::step_index end) {
    tangent::tape &tape = tangent::thread_tape();
    for (tangent::step_index k = end; k-- > begin;) {
      const int t = static_cast<int>(k);
      scale = 1.0 + 0.001 * double(t);
      d_s[0ul] += d_acc;
      // parallel.input.cpp:19: for loop, reversed
      constexpr std::size_t per_iteration_2 = 1;
      const std::byte *const records_2 = tangent::detail::pop_block<double>(tape, 0ul, x.size(), 1);
      for (unsigned long j_2 = x.size(); j_2-- > 0ul;) {
        const double v_3 = tangent::detail::recorded_at<double>(records_2, j_2 * per_iteration_2);
        const double d_2 = d_s[j_2];
        d_s[j_2] = 0;
        d_tmp[j_2] += d_2 * (1 - v_3 * v_3);
      }
      tangent::detail::pop_range(tape, s, 0ul, x.size());
      // parallel.input.cpp:17: for loop, reversed
      for (unsigned long j = x.size(); j-- > 0ul;) {
        const double d = d_tmp[j];
        d_tmp[j] = 0;
        d_v += d;
        d_x[j] += d;
        double dz{};
        // parallel.input.cpp:18: reverse of the call
        tangent::generated::mix_reverse(s[j], scale, d_s[j], dz, d_v);
        d_v = 0;
      }
    }
  };
  checkpoints_2->reverse(work, replay, adopt, reverse);
  tangent::detail::release(checkpoints_2);
  d_acc = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&relax, tangent::options{.checkpoint = true, .threads = 2}> {
  static constexpr unsigned long long source_hash = 0xbd847acad4a9bd6bull;
  static double pullback(const std::vector<double>& x, std::vector<double>& d_0, double seed) {
    return generated::relax_checkpointed_pullback(x, d_0, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
