// The memory-budget runtime (tangent/schedule/budget.hpp, tangent/spill.hpp):
// plan_loop's choices at their boundaries, budgeted_reversal driving a
// simulated loop under each strategy (every step reversed once, in order,
// from the right state), spill_slots round trips and errors.
#include <tangent/schedule/budget.hpp>
#include <tangent/schedule/budget_counted.hpp>
#include <tangent/schedule/budget_while.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using tangent::budget_plan;
using tangent::loop_strategy_kind;
using tangent::plan_loop;
using tangent::step_index;

TEST(BudgetPlan, FullTapeWhenEveryStepFits) {
  EXPECT_EQ(plan_loop(100, 50, 10, 1000).kind, loop_strategy_kind::full_tape);
  EXPECT_EQ(plan_loop(100, 50, 10, 999).kind, loop_strategy_kind::segments);
  EXPECT_EQ(plan_loop(0, 50, 10, 0).kind, loop_strategy_kind::full_tape);
  EXPECT_EQ(plan_loop(100, 50, 0, 0).kind, loop_strategy_kind::full_tape);
}

TEST(BudgetPlan, SegmentsWhenSqrtSnapshotsAndOneSegmentFit) {
  // 100 steps: L = 10, 10 snapshots of 50 and 10 steps of 10 bytes: 600.
  // The same bytes also hold 85 steps in segments (9 snapshots) and the
  // last 15 taped, whose tape is gone before the first replay.
  budget_plan p = plan_loop(100, 50, 10, 600);
  EXPECT_EQ(p.kind, loop_strategy_kind::segments);
  EXPECT_EQ(p.snapshots, 9);
  EXPECT_EQ(p.tail, 15);
  EXPECT_EQ(plan_loop(100, 50, 10, 599).kind, loop_strategy_kind::binomial);
}

TEST(BudgetPlan, SegmentsTapeAsManyLastStepsAsFit) {
  // 100 steps: from 600 bytes (segments), every 10 bytes more (one step)
  // may lengthen the tail, which shortens the segments.
  step_index previous = 0;
  for (std::size_t left = 600; left < 1000; left += 10) {
    const budget_plan p = plan_loop(100, 50, 10, left);
    ASSERT_EQ(p.kind, loop_strategy_kind::segments) << left;
    EXPECT_GE(p.tail, previous) << left;
    previous = p.tail;
    // The snapshots and the larger of the tail and one segment fit.
    const step_index m = 100 - p.tail;
    const step_index len = tangent::segment_schedule(m).length();
    EXPECT_LE(static_cast<std::size_t>(p.snapshots) * 50 +
                  static_cast<std::size_t>(std::max(len, p.tail)) * 10,
              left);
  }
  EXPECT_GT(previous, 50);
  EXPECT_EQ(plan_loop(100, 50, 10, 1000).kind, loop_strategy_kind::full_tape);
}

TEST(BudgetPlan, BinomialWithAsManySnapshotsAsFit) {
  // (590 - 10) / 50 = 11 snapshots beside one step's tape.
  budget_plan p = plan_loop(100, 50, 10, 590);
  EXPECT_EQ(p.kind, loop_strategy_kind::binomial);
  EXPECT_EQ(p.snapshots, 11);
  EXPECT_EQ(p.ram_snapshots, 11u);
}

TEST(BudgetPlan, SpilledBelowTwoSnapshotsOrWhenBinomialRecomputesTooMuch) {
  budget_plan one = plan_loop(100, 50, 10, 100); // one snapshot fits
  EXPECT_EQ(one.kind, loop_strategy_kind::spilled);
  EXPECT_EQ(one.snapshots, 10);
  EXPECT_EQ(one.ram_snapshots, 1u);
  budget_plan none = plan_loop(100, 50, 10, 5);
  EXPECT_EQ(none.kind, loop_strategy_kind::spilled);
  EXPECT_EQ(none.ram_snapshots, 0u);
  // 2000 steps, 4 snapshots in memory: binomial would advance ~20,000
  // steps, 45 spilled ones ~4,900: spilled, the 4 in memory first.
  budget_plan few = plan_loop(1999, 8000, 8000, 8000 + 4 * 8000);
  EXPECT_EQ(few.kind, loop_strategy_kind::spilled);
  EXPECT_EQ(few.snapshots, 45);
  EXPECT_EQ(few.ram_snapshots, 4u);
  // 22 in memory: close enough to 45 to stay in memory.
  EXPECT_EQ(plan_loop(1999, 8000, 8000, 8000 + 22 * 8000).kind,
            loop_strategy_kind::binomial);
}

/// A loop of n steps whose state is the step index: every reversal must
/// start from state_b, and steps must be reversed once each, n-1 down to 1
/// (iteration 0 is the taped first one).
struct simulated {
  std::vector<step_index> reversed;
  long long advanced = 0;
  std::string error;
  std::vector<tangent::loop_strategy> strategies;
  std::size_t peak = 0; ///< tangent::stats' peak during the call
};

using simulated_state = std::tuple<step_index, std::vector<char>>;

/// advance(state, b, e): checks that the state is state_b, moves it to e.
auto advancer(simulated &out) {
  return [&out](simulated_state &cur, step_index b, step_index e) {
    if (std::get<0>(cur) != b)
      out.error = "advance from state " + std::to_string(std::get<0>(cur)) +
                  ", expected " + std::to_string(b);
    out.advanced += e - b;
    std::get<0>(cur) = e;
  };
}

/// reverse(state, b, e): checks that the state is state_b, records e-1..b.
auto reverser(simulated &out) {
  return [&out](simulated_state &cur, step_index b, step_index e) {
    if (std::get<0>(cur) != b)
      out.error = "reverse from state " + std::to_string(std::get<0>(cur)) +
                  ", expected " + std::to_string(b);
    for (step_index k = e; k-- > b;)
      out.reversed.push_back(k);
  };
}

simulated run(step_index n, std::size_t budget, std::size_t state_bytes_pad) {
  simulated out;
  using state = std::tuple<step_index, std::vector<char>>;
  tangent::detail::budget_call call(budget);
  auto *ck = tangent::detail::adopt(
      new tangent::budgeted_reversal<state>("simulated", n));
  state s{0, std::vector<char>(state_bytes_pad)};
  for (step_index k = 0; k < n; ++k) {
    if (ck->tapes(k)) {
      std::get<0>(s) = k + 1;
      (void)ck->taped(k, 100, [&] { return s; });
    } else {
      ck->before_with(k, [&] { return s; });
      std::get<0>(s) = k + 1;
    }
  }
  ck->finish(n);
  ck->begin_reverse();
  state cur;
  while (ck->next_part()) {
    if (ck->part_scheduled())
      ck->reverse(cur, advancer(out), reverser(out));
    else
      for (step_index k = ck->part_end(); k-- > ck->part_begin();)
        out.reversed.push_back(k);
  }
  tangent::detail::release(ck);
  return out;
}

TEST(BudgetedReversal, EveryStrategyReversesEveryStepOnceInOrder) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "tangent-budget-unit";
  std::filesystem::create_directories(dir);
  tangent::config::spill_directory = dir.string();
  for (step_index n : {0, 1, 2, 3, 17, 100}) {
    for (std::size_t budget : {1u << 30, 40000u, 9000u, 3000u, 200u}) {
      simulated r = run(n, budget, 1000);
      SCOPED_TRACE("n = " + std::to_string(n) +
                   ", budget = " + std::to_string(budget));
      EXPECT_EQ(r.error, "");
      ASSERT_EQ(r.reversed.size(), static_cast<std::size_t>(n));
      for (step_index k = 0; k < n; ++k)
        EXPECT_EQ(r.reversed[static_cast<std::size_t>(k)], n - 1 - k);
      const auto strategies = tangent::stats::last_strategies();
      EXPECT_EQ(strategies.size(), n > 0 ? 1u : 0u);
    }
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
  tangent::config::spill_directory.clear();
}

TEST(BudgetedReversal, ReportsItsChoice) {
  (void)run(100, 1u << 30, 1000);
  auto s = tangent::stats::last_strategies();
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].kind, loop_strategy_kind::full_tape);
  EXPECT_EQ(s[0].trip_count, 100);
  EXPECT_EQ(s[0].step_tape_bytes, 100u);
  EXPECT_EQ(s[0].loop, "simulated");
  (void)run(100, 3000, 1000);
  s = tangent::stats::last_strategies();
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].kind, loop_strategy_kind::spilled);
  EXPECT_EQ(std::string(tangent::to_string(s[0].kind)),
            "binomial, snapshots spilled to files");
}

/// A counted loop whose iteration k records bytes(k) bytes (doubles holding
/// k) on thread_tape(), driven as generated code drives budgeted_reversal
/// (codegen/LoopBudget.cpp): every taped iteration measured, replays that
/// stop taping reversed one at a time by reverse_rest.
template <class Bytes>
simulated run_varying(step_index n, std::size_t budget, Bytes bytes) {
  simulated out;
  using state = simulated_state;
  tangent::tape &tape = tangent::thread_tape();
  auto record = [&](step_index k) {
    const std::size_t before = tape.held_bytes();
    for (std::size_t i = 0; i < bytes(k) / 8; ++i)
      tape.push(double(k));
    return tape.held_bytes() - before;
  };
  auto unwind = [&](step_index k) {
    for (std::size_t i = 0; i < bytes(k) / 8; ++i)
      if (tape.pop<double>() != double(k))
        out.error = "iteration " + std::to_string(k) + " misread";
    out.reversed.push_back(k);
  };
  tangent::stats::reset();
  {
    tangent::detail::budget_call call(budget);
    auto *ck = tangent::detail::adopt(
        new tangent::budgeted_reversal<state>("varying", n));
    state s{0, std::vector<char>(100)};
    auto make = [&] { return s; };
    for (step_index k = 0; k < n; ++k) {
      if (ck->tapes(k)) {
        const std::size_t b = record(k);
        std::get<0>(s) = k + 1;
        (void)ck->taped(k, b, make);
      } else {
        ck->before_with(k, make);
        std::get<0>(s) = k + 1;
      }
    }
    ck->finish(n);
    ck->begin_reverse();
    auto reverse = [&](state &cur, step_index b, step_index e) {
      if (std::get<0>(cur) != b)
        out.error = "replay from state " + std::to_string(std::get<0>(cur)) +
                    ", expected " + std::to_string(b);
      step_index stop = e;
      for (step_index k = b; k < stop; ++k)
        if (ck->replayed(b, k, e, record(k)))
          stop = k + 1;
      if (stop < e) {
        std::get<0>(cur) = stop;
        ck->reverse_rest(cur, stop, e);
      }
      for (step_index k = stop; k-- > b;)
        unwind(k);
    };
    state cur;
    while (ck->next_part()) {
      if (ck->part_scheduled())
        ck->reverse(cur, advancer(out), reverse);
      else
        for (step_index k = ck->part_end(); k-- > ck->part_begin();)
          unwind(k);
    }
    tangent::detail::release(ck);
  }
  out.peak = tangent::stats::peak_bytes();
  out.strategies = tangent::stats::last_strategies();
  return out;
}

// Iterations whose tapes differ (the first one small, like a loop whose
// vectors are still empty then; growing; one large iteration; shrinking):
// every iteration reversed once, in order, from its state, and the peak
// within the budget plus twice the largest iteration's tape (and the
// tape's 4 KiB accounting blocks), as docs/checkpointing.md promises.
TEST(BudgetedReversal, IterationsOfDifferentSizesStayWithinTheBound) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "tangent-budget-varying";
  std::filesystem::create_directories(dir);
  tangent::config::spill_directory = dir.string();
  struct pattern {
    const char *name;
    std::size_t (*bytes)(step_index k, step_index n);
  };
  const pattern patterns[] = {
      {"uniform", [](step_index, step_index) -> std::size_t { return 800; }},
      {"first small",
       [](step_index k, step_index) -> std::size_t {
         return k == 0 ? 8 : 800;
       }},
      {"growing",
       [](step_index k, step_index) -> std::size_t { return 8 * (k + 1); }},
      {"one large",
       [](step_index k, step_index n) -> std::size_t {
         return k == n / 2 ? 16000 : 400;
       }},
      {"shrinking",
       [](step_index k, step_index n) -> std::size_t { return 8 * (n - k); }}};
  step_index replans = 0, splits = 0;
  for (const pattern &p : patterns) {
    for (step_index n : {0, 1, 2, 17, 100, 400}) {
      for (std::size_t budget :
           {std::size_t{1} << 30, std::size_t{200000}, std::size_t{40000},
            std::size_t{9000}, std::size_t{1000}, std::size_t{1}}) {
        SCOPED_TRACE(std::string(p.name) + ", n = " + std::to_string(n) +
                     ", budget = " + std::to_string(budget));
        auto bytes = [&](step_index k) { return p.bytes(k, n); };
        const simulated r = run_varying(n, budget, bytes);
        EXPECT_EQ(r.error, "");
        ASSERT_EQ(r.reversed.size(), static_cast<std::size_t>(n));
        for (step_index k = 0; k < n; ++k)
          EXPECT_EQ(r.reversed[static_cast<std::size_t>(k)], n - 1 - k);
        ASSERT_EQ(r.strategies.size(), n > 0 ? 1u : 0u);
        if (n == 0)
          continue;
        const tangent::loop_strategy &s = r.strategies[0];
        std::size_t largest = 0;
        for (step_index k = 0; k < n; ++k)
          largest = std::max(largest, bytes(k));
        EXPECT_EQ(s.largest_step_tape_bytes, largest);
        EXPECT_EQ(s.held_bytes, 0u);
        const std::size_t bound = budget + 2 * largest + 2 * 4096;
        EXPECT_LE(r.peak, bound);
        EXPECT_LE(s.peak_bytes, bound);
        EXPECT_EQ(s.peak_bytes, r.peak);
        replans += s.replans;
        splits += s.split_replays;
      }
    }
  }
  // Both mechanisms ran: plans made again in the forward sweep, replays
  // stopped in the reverse sweep.
  EXPECT_GT(replans, 0);
  EXPECT_GT(splits, 0);
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
  tangent::config::spill_directory.clear();
}

// tangent::testing::memory_budget_override (tests only): a call compiled
// with a budget runs with the override's; a call without one is unchanged;
// guards nest.
TEST(MemoryBudgetOverride, ReplacesACompiledBudgetWhileAlive) {
  {
    tangent::testing::memory_budget_override roomy(std::size_t{1} << 30);
    {
      tangent::detail::budget_call call(64);
      EXPECT_EQ(tangent::detail::budget_left(), std::size_t{1} << 30);
      {
        tangent::testing::memory_budget_override tight(100);
        tangent::detail::budget_call inner(64);
        EXPECT_EQ(tangent::detail::budget_left(), 100u);
      }
      tangent::detail::budget_call unbudgeted(0);
      EXPECT_EQ(tangent::detail::budget_left(), 0u);
    }
    (void)run(100, 3000, 1000); // spilled at 3000 bytes, full tape here
    const auto s = tangent::stats::last_strategies();
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(s[0].kind, loop_strategy_kind::full_tape);
    tangent::testing::memory_budget_override zero(0); // means 1 byte
    tangent::detail::budget_call call(64);
    EXPECT_EQ(tangent::detail::budget_left(), 1u);
  }
  tangent::detail::budget_call call(64);
  EXPECT_EQ(tangent::detail::budget_left(), 64u);
}

TEST(SpillSlots, RoundTripsNestedStatesThroughFiles) {
  using state = std::tuple<double, int, std::vector<double>,
                           std::vector<std::vector<float>>, std::array<long, 3>,
                           std::pair<char, double>>;
  tangent::spill_slots<state> slots(1); // slot 0 in memory, the rest files
  state a{1.5, -3, {1, 2, 3}, {{1.f}, {}, {2.f, 3.f}}, {4, 5, 6}, {'x', 0.25}};
  state b{-2.5, 7, {}, {}, {0, 0, 1}, {'y', -1}};
  slots.store(0, a);
  slots.store(1, a);
  slots.store(2, b);
  EXPECT_EQ(slots.spilled(), 2u);
  state got;
  slots.restore(1, got);
  EXPECT_EQ(got, a);
  slots.restore(2, got);
  EXPECT_EQ(got, b);
  slots.restore(0, got);
  EXPECT_EQ(got, a);
  slots.free(1);
  EXPECT_THROW(slots.restore(1, got), std::out_of_range);
}

// A store whose memory holds two slots and 2,000 bytes: a state that has
// grown beyond what is left of them goes to a file (and comes back), and
// memory freed makes room again.
TEST(SpillSlots, StatesBeyondTheMemoryBytesGoToFiles) {
  using state = std::vector<double>;
  tangent::spill_slots<state> slots(2, 2000);
  const std::size_t before = tangent::stats::current_bytes();
  slots.store(0, state(100, 1.0)); // 800 bytes: memory
  slots.store(1, state(200, 2.0)); // 1,600 more: a file
  EXPECT_EQ(slots.spilled(), 1u);
  EXPECT_EQ(tangent::stats::current_bytes() - before,
            tangent::state_bytes(state(100, 1.0)));
  state got;
  slots.restore(1, got);
  EXPECT_EQ(got, state(200, 2.0));
  slots.free(1);
  slots.free(0);
  slots.store(1, state(200, 3.0)); // memory again
  EXPECT_EQ(slots.spilled(), 1u);
  slots.restore(1, got);
  EXPECT_EQ(got, state(200, 3.0));
  slots.free(1);
  EXPECT_EQ(tangent::stats::current_bytes(), before);
}

TEST(SpillSlots, AnUnwritableDirectoryIsAnErrorNamingIt) {
  tangent::config::spill_directory = "/nonexistent-tangent-dir/sub";
  tangent::spill_slots<std::vector<double>> slots(0);
  try {
    slots.store(0, std::vector<double>(10, 1.0));
    ADD_FAILURE() << "no error";
  } catch (const std::runtime_error &e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-tangent-dir/sub"),
              std::string::npos)
        << e.what();
  }
  tangent::config::spill_directory.clear();
}

TEST(SpillSlots, FilesAreRemovedWhenTheStoreGoes) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "tangent-spill-unit";
  std::filesystem::create_directories(dir);
  tangent::config::spill_directory = dir.string();
  {
    tangent::spill_slots<std::vector<double>> slots(0);
    slots.store(0, std::vector<double>(3, 2.0));
    slots.store(3, std::vector<double>(5, 1.0));
    EXPECT_FALSE(std::filesystem::is_empty(dir));
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
  tangent::config::spill_directory.clear();
}

TEST(SpillSlots, OneFilePerStoreHoldsStatesThatGrowAndShrink) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "tangent-spill-regions";
  std::filesystem::create_directories(dir);
  tangent::config::spill_directory = dir.string();
  {
    using state = std::vector<double>;
    tangent::spill_slots<state> slots(0);
    auto of = [](std::size_t n, double x) {
      state v(n);
      for (std::size_t i = 0; i < n; ++i)
        v[i] = x + static_cast<double>(i);
      return v;
    };
    // Slot 1 grows past its region twice, shrinks, and is freed and
    // stored again; slots 0 and 2 around it must keep their states.
    slots.store(0, of(3, 10.0));
    slots.store(1, of(2, 20.0));
    slots.store(2, of(5, 30.0));
    for (std::size_t n : {4u, 40u, 1u, 0u, 100u}) {
      slots.store(1, of(n, 1.0 * static_cast<double>(n)));
      state got;
      slots.restore(1, got);
      EXPECT_EQ(got, of(n, 1.0 * static_cast<double>(n)));
    }
    slots.free(1);
    slots.store(1, of(7, -1.0));
    state got;
    slots.restore(0, got);
    EXPECT_EQ(got, of(3, 10.0));
    slots.restore(2, got);
    EXPECT_EQ(got, of(5, 30.0));
    slots.restore(1, got);
    EXPECT_EQ(got, of(7, -1.0));
    EXPECT_EQ(slots.spilled(), 9u);
    EXPECT_THROW(slots.restore(5, got), std::out_of_range);
    std::size_t files = 0;
    for ([[maybe_unused]] const auto &entry :
         std::filesystem::directory_iterator(dir))
      ++files;
    EXPECT_EQ(files, 1u);
    slots.clear(); // the file goes with the states
    EXPECT_TRUE(std::filesystem::is_empty(dir));
    slots.store(3, of(2, 5.0)); // and a new one comes with the next
    slots.restore(3, got);
    EXPECT_EQ(got, of(2, 5.0));
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
  tangent::config::spill_directory.clear();
}

TEST(SpillSlots, ReadsAheadTheSnapshotANestedReversalRestoresNext) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "tangent-spill-ahead";
  std::filesystem::create_directories(dir);
  tangent::config::spill_directory = dir.string();
  for (auto [n, c] : {std::pair<step_index, step_index>{200, 6}, {1000, 12}}) {
    SCOPED_TRACE("n = " + std::to_string(n) + ", c = " + std::to_string(c));
    tangent::binomial_schedule schedule(n, c, true);
    tangent::spill_slots<step_index> slots(0); // every snapshot in a file
    step_index state = 0;
    auto make = [&] { return state; };
    for (step_index i = 0; i < n; ++i) {
      tangent::detail::forward_with(schedule, slots, i, make);
      ++state;
    }
    schedule.finish(n);
    auto advance = [](step_index &s, step_index b, step_index e) {
      EXPECT_EQ(s, b);
      s = e;
    };
    std::vector<step_index> reversed;
    auto reverse = [&](step_index &s, step_index b, step_index e) {
      EXPECT_EQ(s, b);
      for (step_index k = e; k-- > b;)
        reversed.push_back(k);
      s = e;
    };
    std::size_t restores = 0;
    for (tangent::action a; schedule.next(a);) {
      restores += a.kind == tangent::action_kind::restore;
      tangent::detail::perform_shifted(a, slots, state, advance, reverse, 0);
    }
    ASSERT_EQ(reversed.size(), static_cast<std::size_t>(n));
    for (step_index k = 0; k < n; ++k)
      EXPECT_EQ(reversed[static_cast<std::size_t>(k)], n - 1 - k);
    std::printf("n = %lld, c = %lld: %zu restores, %zu read-ahead hints, %zu "
                "restores of a state read ahead\n",
                static_cast<long long>(n), static_cast<long long>(c), restores,
                slots.prefetched(), slots.prefetch_hits());
    EXPECT_LE(slots.prefetch_hits(), slots.prefetched());
    EXPECT_GE(2 * slots.prefetch_hits(), restores);
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
  tangent::config::spill_directory.clear();
}

} // namespace

/// The same for a loop of unknown trip count (budget_while.hpp): taped
/// iterations record 8 bytes per 1000-byte step into thread_tape(), so the
/// budget sees them.
simulated run_while(step_index n, std::size_t budget) {
  simulated out;
  using state = std::tuple<step_index, std::vector<char>>;
  tangent::tape &tape = tangent::thread_tape();
  {
    tangent::detail::budget_call call(budget);
    auto *ck = tangent::detail::adopt(
        new tangent::budgeted_while<state>("simulated while", 2));
    state s{0, std::vector<char>(1000)};
    step_index k = 0;
    for (; k < n; ++k) {
      if (ck->tapes()) {
        const std::size_t before = tape.size_bytes();
        for (int i = 0; i < 125; ++i)
          tape.push(double(k));
        std::get<0>(s) = k + 1;
        ck->taped(k, tape.size_bytes() - before, [&] { return s; });
      } else {
        ck->before_with(k, [&] { return s; });
        std::get<0>(s) = k + 1;
      }
    }
    ck->finish(k);
    state cur;
    ck->reverse(cur, advancer(out), reverser(out));
    for (step_index j = ck->taped_steps(); j-- > 0;) {
      for (int i = 0; i < 125; ++i)
        if (tape.pop<double>() != double(j))
          out.error = "taped iteration " + std::to_string(j) + " misread";
      out.reversed.push_back(j);
    }
    tangent::detail::release(ck);
  }
  out.strategies = tangent::stats::last_strategies();
  return out;
}

TEST(BudgetedWhile, EveryIterationIsReversedOnceInOrder) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "tangent-budget-while-unit";
  std::filesystem::create_directories(dir);
  tangent::config::spill_directory = dir.string();
  for (step_index n : {0, 1, 2, 5, 6, 7, 40, 300}) {
    for (std::size_t budget : {1u << 30, 60000u, 20000u, 100u}) {
      simulated r = run_while(n, budget);
      SCOPED_TRACE("n = " + std::to_string(n) +
                   ", budget = " + std::to_string(budget));
      EXPECT_EQ(r.error, "");
      ASSERT_EQ(r.reversed.size(), static_cast<std::size_t>(n));
      for (step_index k = 0; k < n; ++k)
        EXPECT_EQ(r.reversed[static_cast<std::size_t>(k)], n - 1 - k);
      ASSERT_EQ(r.strategies.size(), 1u);
      EXPECT_EQ(r.strategies[0].trip_count, n);
    }
  }
  EXPECT_TRUE(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
  tangent::config::spill_directory.clear();
}

TEST(BudgetedWhile, TapesWhileOnlineStillFitsThenSwitches) {
  // A step tapes 1000 bytes (4 KiB blocks) and a state is 1016 bytes: the
  // loop tapes while 2 x 1000 + 3 x 2 x 1016 + 4096 bytes stay free.
  const simulated big = run_while(300, 1u << 30);
  EXPECT_EQ(big.strategies[0].kind, loop_strategy_kind::full_tape);
  EXPECT_EQ(big.strategies[0].taped_steps, 300);
  const simulated mid = run_while(300, 60000);
  EXPECT_EQ(mid.strategies[0].kind, loop_strategy_kind::online);
  EXPECT_GT(mid.strategies[0].taped_steps, 30);
  EXPECT_LT(mid.strategies[0].taped_steps, 60);
  EXPECT_GE(mid.strategies[0].snapshots, 6u);
  const simulated tiny = run_while(300, 100);
  EXPECT_EQ(tiny.strategies[0].kind, loop_strategy_kind::online_spilled);
  EXPECT_EQ(tiny.strategies[0].taped_steps, 1);
  EXPECT_EQ(tiny.strategies[0].ram_snapshots, 0u);
}
