//===- test/runtime/simulate.hpp - simulated reversal of a schedule -------===//
///
/// \file
/// Drives a schedule through both phases of the protocol with the state
/// replaced by the iteration index, and checks every action against the
/// protocol: stores and restores see the right state, every step is reversed
/// exactly once in decreasing order from the correct state, frees hit held
/// slots, everything is freed at the end. Counts are kept in bulk (an
/// advance of k steps costs O(1)), so n = 10^6 is fast.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_TEST_RUNTIME_SIMULATE_HPP
#define TANGENT_TEST_RUNTIME_SIMULATE_HPP

#include <tangent/schedules.hpp>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace tangent_test {

using tangent::action;
using tangent::action_kind;
using tangent::step_index;

struct simulation {
  std::string error;             ///< First protocol violation, if any.
  long long advanced = 0;        ///< Steps advanced in the reverse phase.
  long long reverse_actions = 0; ///< Number of reverse actions.
  long long longest_reverse = 0; ///< Most steps in one reverse action.
  long long stores = 0;          ///< Store actions, both phases.
  std::size_t peak_forward = 0;  ///< Most slots held in the forward phase.
  std::size_t peak = 0;          ///< Most slots held overall.
  std::size_t held_after_forward = 0;
  std::vector<step_index> forward_positions; ///< Held after the forward phase.
};

/// Runs `schedule` over a loop of n steps. Stops at the first violation
/// (recorded in `error`).
template <class Schedule>
simulation simulate(Schedule &schedule, step_index n) {
  constexpr step_index empty = -1;
  constexpr step_index unknown = -2;
  simulation sim;
  std::vector<step_index> slots; // slot -> state index held, or empty
  std::size_t held = 0;
  auto fail = [&](const std::string &what, const action &a) {
    sim.error = what + " (" + tangent::to_string(a.kind) + " slot " +
                std::to_string(a.slot) + " [" + std::to_string(a.begin) + ", " +
                std::to_string(a.end) + "))";
  };
  auto store = [&](const action &a, step_index current) {
    if (current == unknown)
      return fail("store of an unknown state", a), false;
    if (a.begin != current || a.end != current)
      return fail("store labelled with the wrong index", a), false;
    if (a.slot >= slots.size())
      slots.resize(a.slot + 1, empty);
    if (slots[a.slot] != empty)
      return fail("store into a held slot", a), false;
    slots[a.slot] = current;
    ++held;
    ++sim.stores;
    sim.peak = std::max(sim.peak, held);
    return true;
  };
  auto free = [&](const action &a) {
    if (a.slot >= slots.size() || slots[a.slot] == empty)
      return fail("free of an empty slot", a), false;
    if (slots[a.slot] != a.begin)
      return fail("free labelled with the wrong index", a), false;
    slots[a.slot] = empty;
    --held;
    return true;
  };

  // Forward phase.
  for (step_index i = 0; i < n; ++i) {
    schedule.forward(i);
    for (action a; schedule.next(a);) {
      if (a.kind == action_kind::store) {
        if (!store(a, i))
          return sim;
      } else if (a.kind == action_kind::free) {
        if (!free(a))
          return sim;
      } else {
        fail("step action in the forward phase", a);
        return sim;
      }
    }
    sim.peak_forward = std::max(sim.peak_forward, held);
  }
  schedule.finish(n);
  sim.held_after_forward = held;
  for (step_index s : slots)
    if (s != empty)
      sim.forward_positions.push_back(s);
  std::sort(sim.forward_positions.begin(), sim.forward_positions.end());

  // Reverse phase.
  step_index current = n;       // state_n: no reversal needs it
  step_index next_step = n - 1; // the next step to reverse
  for (action a; schedule.next(a);) {
    switch (a.kind) {
    case action_kind::store:
      if (!store(a, current))
        return sim;
      break;
    case action_kind::restore:
      if (a.slot >= slots.size() || slots[a.slot] == empty)
        return fail("restore from an empty slot", a), sim;
      if (slots[a.slot] != a.begin)
        return fail("restore labelled with the wrong index", a), sim;
      current = slots[a.slot];
      break;
    case action_kind::free:
      if (!free(a))
        return sim;
      break;
    case action_kind::advance:
      if (a.begin != current)
        return fail("advance from the wrong state", a), sim;
      if (a.end <= a.begin || a.end > next_step)
        return fail("advance past the steps still to reverse", a), sim;
      sim.advanced += a.end - a.begin;
      current = a.end;
      break;
    case action_kind::reverse:
      if (a.begin != current)
        return fail("reverse from the wrong state", a), sim;
      if (a.end != next_step + 1 || a.end <= a.begin)
        return fail("reverse out of order", a), sim;
      ++sim.reverse_actions;
      sim.longest_reverse =
          std::max<long long>(sim.longest_reverse, a.end - a.begin);
      next_step = a.begin - 1;
      current = unknown;
      break;
    }
  }
  if (next_step != -1) {
    sim.error = "reverse phase ended with step " + std::to_string(next_step) +
                " not reversed";
    return sim;
  }
  if (held != 0)
    sim.error = std::to_string(held) + " slots still held at the end";
  return sim;
}

} // namespace tangent_test

#endif // TANGENT_TEST_RUNTIME_SIMULATE_HPP
