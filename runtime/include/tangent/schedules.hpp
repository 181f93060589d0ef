//===- tangent/schedules.hpp - checkpoint schedules and drivers -----------===//
///
/// \file
/// Checkpoint schedules: objects that decide which loop states to keep and
/// how to reverse a loop from them, and the drivers that carry their
/// decisions out. One header per part, all included here:
///
/// - schedule/actions.hpp: the model, the actions (`tangent::action`) and
///   the two-phase protocol between a schedule and its driver.
/// - schedule/segment.hpp: `segment_schedule` (known n; segments of
///   ceil(sqrt(n)) steps), and how generated code open-codes it.
/// - schedule/online.hpp: `online_schedule` (unknown n, budget B: at most
///   3B snapshots, whatever n is).
/// - schedule/binomial.hpp: `binomial_schedule` (known n, c snapshots;
///   Revolve, optimal recomputation) and
///   `binomial_min_recomputation(n, c)`.
/// - schedule/driver.hpp: `perform_actions`, `checkpointed_reversal` and
///   `reverse_loop`, which perform any schedule's actions.
/// - schedule/budget.hpp: the run-time choice among the full tape,
///   segments, binomial and spilled snapshots under `options.memory_budget`
///   (`plan_loop`), and `tangent::stats::last_strategies()`;
///   schedule/budget_counted.hpp: `budgeted_reversal`, which carries it
///   out for a counted loop; schedule/budget_while.hpp: `budgeted_while`,
///   for a loop of unknown trip count.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SCHEDULES_HPP
#define TANGENT_SCHEDULES_HPP

#include "tangent/schedule/actions.hpp"
#include "tangent/schedule/binomial.hpp"
#include "tangent/schedule/budget.hpp"
#include "tangent/schedule/budget_counted.hpp"
#include "tangent/schedule/budget_while.hpp"
#include "tangent/schedule/driver.hpp"
#include "tangent/schedule/online.hpp"
#include "tangent/schedule/parallel.hpp"
#include "tangent/schedule/segment.hpp"

#endif // TANGENT_SCHEDULES_HPP
