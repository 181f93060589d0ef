// Parallel replay (tangent/schedule/parallel.hpp): a loop s_j <- tanh(a s_j +
// x_j) reversed by parallel_segments, driven the way generated code drives
// it, against the same loop fully taped: bitwise equal adjoints for trip
// counts around segment boundaries (step_taped and step_reverse use
// thread_tape(), as generated callees do, so the redirection to the replay
// tape is part of it); replays here and on one helper thread, reused by
// later calls; exceptions from a replay rethrown, and a throwing reverse waits
// for the helper; memory counted on the calling thread. Also built with
// ThreadSanitizer (runtime-tsan.*).
#include <tangent/schedule/parallel.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <tuple>
#include <vector>

namespace {

using tangent::step_index;
using State = std::tuple<std::vector<double>>;

constexpr double gain = 1.01;

std::vector<double> inputs(std::size_t n) {
  std::vector<double> x(n);
  for (std::size_t j = 0; j < n; ++j)
    x[j] = 0.3 * std::sin(1.7 * double(j) + 0.2);
  return x;
}

/// One iteration, taped onto thread_tape() (as a generated callee would).
void step_taped(std::vector<double> &s, const std::vector<double> &x) {
  tangent::tape &tape = tangent::thread_tape();
  for (std::size_t j = 0; j < s.size(); ++j) {
    const double v = std::tanh(s[j] * gain + x[j]);
    tape.push(v);
    s[j] = v;
  }
}

void step_reverse(std::vector<double> &ds, std::vector<double> &dx) {
  tangent::tape &tape = tangent::thread_tape();
  for (std::size_t j = ds.size(); j-- > 0;) {
    const double v = tape.pop<double>();
    const double d = ds[j] * (1 - v * v);
    ds[j] = d * gain;
    dx[j] += d;
  }
}

/// d(sum_j s_j)/dx after n steps from s = 0, fully taped.
std::vector<double> taped_gradient(const std::vector<double> &x, step_index n) {
  std::vector<double> s(x.size(), 0.0);
  for (step_index k = 0; k < n; ++k)
    step_taped(s, x);
  std::vector<double> ds(x.size(), 1.0), dx(x.size(), 0.0);
  for (step_index k = n; k-- > 0;)
    step_reverse(ds, dx);
  return dx;
}

struct Hooks {
  std::function<void(step_index)> in_replay = [](step_index) {};
  std::function<void(step_index)> in_reverse = [](step_index) {};
};

/// The same gradient through parallel_segments, as generated code does it.
std::vector<double> parallel_gradient(const std::vector<double> &x,
                                      step_index n, const Hooks &hooks = {}) {
  std::vector<double> s(x.size(), 0.0);
  tangent::parallel_segments<State> ck(n);
  for (step_index k = 0; k < n; ++k) {
    if (k < ck.taped_from()) {
      ck.before_with(k, [&] { return State(s); });
      for (std::size_t j = 0; j < s.size(); ++j)
        s[j] = std::tanh(s[j] * gain + x[j]);
    } else {
      step_taped(s, x);
    }
  }
  std::vector<double> ds(x.size(), 1.0), dx(x.size(), 0.0);
  State work{s};
  auto replay = [&](State &current, const State &from, step_index b,
                    step_index e) {
    auto &s = std::get<0>(current);
    std::tie(s) = from;
    for (step_index k = b; k < e; ++k) {
      hooks.in_replay(k);
      step_taped(s, x);
    }
  };
  auto adopt = [&](const State &current) { std::tie(s) = current; };
  auto reverse = [&](step_index b, step_index e) {
    for (step_index k = e; k-- > b;) {
      hooks.in_reverse(k);
      step_reverse(ds, dx);
    }
  };
  ck.reverse(work, replay, adopt, reverse);
  return dx;
}

TEST(ParallelSegments, BitwiseEqualToTheFullTapeForEveryTripCount) {
  const std::vector<double> x = inputs(37);
  for (step_index n : {0, 1, 2, 3, 4, 5, 8, 9, 10, 15, 16, 17, 100, 1000}) {
    const std::size_t before = tangent::thread_tape().size_bytes();
    EXPECT_EQ(parallel_gradient(x, n), taped_gradient(x, n)) << "n = " << n;
    EXPECT_EQ(tangent::thread_tape().size_bytes(), before) << "n = " << n;
  }
}

TEST(ParallelSegments, ReplaysRunHereAndOnOneHelperReusedAcrossCalls) {
  const std::vector<double> x = inputs(5);
  std::mutex m;
  std::set<std::thread::id> replayers;
  std::atomic<bool> helped{false};
  const std::thread::id caller = std::this_thread::get_id();
  Hooks hooks;
  hooks.in_replay = [&](step_index) {
    std::lock_guard<std::mutex> lock(m);
    replayers.insert(std::this_thread::get_id());
    if (std::this_thread::get_id() != caller)
      helped = true;
  };
  // The first reversal (of the last segment) waits until the helper has
  // started the replay it claimed, however loaded the machine is.
  step_index n = 0;
  hooks.in_reverse = [&](step_index k) {
    if (k + 1 == n)
      while (!helped)
        std::this_thread::sleep_for(std::chrono::microseconds(100));
  };
  n = 100;
  helped = false;
  EXPECT_EQ(parallel_gradient(x, n, hooks), taped_gradient(x, n));
  n = 50;
  helped = false;
  EXPECT_EQ(parallel_gradient(x, n, hooks), taped_gradient(x, n));
  replayers.erase(std::this_thread::get_id());
  EXPECT_EQ(replayers.size(), 1u);
}

TEST(ParallelSegments, AnExceptionInAReplayIsRethrownHere) {
  const std::vector<double> x = inputs(5);
  Hooks hooks;
  hooks.in_replay = [](step_index k) {
    if (k == 40)
      throw std::runtime_error("replay failed at 40");
  };
  try {
    parallel_gradient(x, 100, hooks);
    FAIL() << "no exception";
  } catch (const std::runtime_error &e) {
    EXPECT_STREQ(e.what(), "replay failed at 40");
  }
  tangent::thread_tape().clear();
  // The helper is idle again and the next call is right.
  EXPECT_EQ(parallel_gradient(x, 100), taped_gradient(x, 100));
}

TEST(ParallelSegments, AThrowingReverseWaitsForTheReplayInFlight) {
  const std::vector<double> x = inputs(5);
  std::atomic<int> started{0}, finished{0};
  Hooks hooks;
  // n = 100, L = 10: segment 9 is reversed while segment 8 is replayed.
  hooks.in_replay = [&](step_index k) {
    if (k == 80)
      ++started;
    if (k == 89) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ++finished;
    }
  };
  hooks.in_reverse = [](step_index k) {
    if (k == 95)
      throw std::logic_error("reverse failed");
  };
  EXPECT_THROW(parallel_gradient(x, 100, hooks), std::logic_error);
  EXPECT_EQ(started.load(), finished.load());
  tangent::thread_tape().clear();
  EXPECT_EQ(parallel_gradient(x, 100), taped_gradient(x, 100));
}

TEST(ParallelSegments, MemoryIsCountedOnTheCallingThread) {
  // 1000 steps of 1000 doubles: a step's tape and a snapshot are 8000
  // bytes; L = 32, 31 snapshots, two segments' tapes of 256 KB at most.
  const std::vector<double> x = inputs(1000);
  tangent::stats::reset();
  const std::size_t base = tangent::stats::current_bytes();
  const std::vector<double> g = parallel_gradient(x, 1000);
  const std::size_t peak = tangent::stats::peak_bytes() - base;
  EXPECT_EQ(tangent::stats::current_bytes(), base);
  const std::size_t snapshots = 31 * 8000, segment = 32 * 8000;
  EXPECT_GE(peak, snapshots + segment);
  EXPECT_LE(peak, snapshots + 2 * segment + 4 * 4096);
  tangent::stats::reset();
  const std::vector<double> t = taped_gradient(x, 1000);
  EXPECT_GT(tangent::stats::peak_bytes() - base, 4 * peak);
  EXPECT_EQ(g, t);
}

} // namespace
