// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#include <tangent/schedule/driver.hpp>
#include <tangent/schedule/online.hpp>
#include <tangent/schedule/actions.hpp>
#ifndef TANGENT_GENERATED_SOLVE_A8209901BEC82578
#define TANGENT_GENERATED_SOLVE_A8209901BEC82578
namespace tangent::generated {
// tangent: adjoint of solve (while_online.input.cpp:5)
inline double solve_pullback(double x, double tol, double& d_x, double& d_tol, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double s{};
  double err{};
  int it{};
  bool broke = false;
  double next{};
  bool v = false;
  // forward sweep
  s = 0.0;
  err = 1.0;
  it = 0;
  broke = false;
  // while_online.input.cpp:8: while loop, online checkpointing: budget 4, snapshot {s, err, it, broke, next, v}
  auto *checkpoints = new tangent::checkpointed_reversal<std::tuple<double, double, int, bool, double, bool>, tangent::online_schedule>(tangent::online_schedule(4));
  tangent::step_index k = 0;
  do {
    checkpoints->before_with(k++, [&] { return std::tuple<double, double, int, bool, double, bool>(s, err, it, broke, next, v); });
    if (!broke) {
      next = 0.5 * std::cos(s) + x;
      err = std::fabs(next - s);
      s = next;
      v = err < tol;
      if (!v) {
        it = it + 1;
        v = it >= 1000;
      }
      if (v) {
        broke = true;
      }
    }
  } while (!broke);
  checkpoints->finish(k);
  tape.push(checkpoints);
  result = s * s;
  const double value = result;
  // reverse sweep
  double d_s{};
  double d_next{};
  const double d_9 = d_result;
  d_result = 0;
  d_s += d_9 * s;
  d_s += s * d_9;
  // while_online.input.cpp:8: while loop, reversed by the online schedule
  auto *checkpoints_2 = tape.pop<tangent::checkpointed_reversal<std::tuple<double, double, int, bool, double, bool>, tangent::online_schedule> *>();
  auto advance = [&](std::tuple<double, double, int, bool, double, bool> &current, tangent::step_index begin, tangent::step_index end) {
    std::tie(s, err, it, broke, next, v) = current;
    for (tangent::step_index k = begin; k < end; ++k) {
      if (!broke) {
        next = 0.5 * std::cos(s) + x;
        err = std::fabs(next - s);
        s = next;
        v = err < tol;
        if (!v) {
          it = it + 1;
          v = it >= 1000;
        }
        if (v) {
          broke = true;
        }
      }
    }
    current = std::tuple<double, double, int, bool, double, bool>(s, err, it, broke, next, v);
  };
  auto reverse = [&](std::tuple<double, double, int, bool, double, bool> &current, tangent::step_index begin, tangent::step_index end) {
    std::tie(s, err, it, broke, next, v) = current;
    for (tangent::step_index k = begin; k < end; ++k) {
      const bool taken = !broke;
      if (taken) {
        next = 0.5 * std::cos(s) + x;
        err = std::fabs(next - s);
        tape.push(s);
        s = next;
        v = err < tol;
        if (!v) {
          it = it + 1;
          v = it >= 1000;
        }
        if (v) {
          broke = true;
        }
      }
      tape.push(taken);
    }
    for (tangent::step_index k = end; k-- > begin;) {
      if (tape.pop<bool>()) {
        s = tape.pop<double>();
        const double d_8 = d_s;
        d_s = 0;
        d_next += d_8;
        const double d_7 = d_next;
        d_next = 0;
        d_s += 0.5 * d_7 * -std::sin(s);
        d_x += d_7;
      }
    }
  };
  std::tuple<double, double, int, bool, double, bool> state;
  checkpoints_2->reverse(state, advance, reverse);
  delete checkpoints_2;
  d_s = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&solve, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x4028bf86b6c20d5bull;
  static double pullback(double x, double tol, double* d_0, double* d_1, double seed) {
    return generated::solve_pullback(x, tol, *d_0, *d_1, static_cast<double>(seed));
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
