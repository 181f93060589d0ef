//===- Checkpointing.cpp - a strategy, and a reason, for every loop -------===//
//
// Decides how each loop of the requested function is reversed:
//  - segments: counted loops (constant trip count >= min_length with
//    options.checkpoint, or any counted loop under [[tangent::checkpoint]]);
//  - online:   loops of unknown trip count under [[tangent::checkpoint]];
//  - fixed point: loops under [[tangent::fixed_point]] whose shape is a
//    fixed-point iteration (else the reason becomes a located error);
//  - full tape otherwise, with the reason.
// The loop-carried state that snapshots hold (variables the loop writes
// that are live at the start of an iteration) is LoopState.cpp's. A loop
// that calls MPI is replayed alike by every rank: no memory budget, no
// replay thread (loopCallsMpi).
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "analysis/LoopState.h"
#include "ir/Support.h"
#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace tangent {

namespace {

class StrategyChooser {
public:
  StrategyChooser(Function &fn, Records &records, const Options &opts)
      : fn_(fn), records_(records), opts_(opts), sizes_(constructionSizes(fn)) {
  }

  void run() { visit(fn_.body, 0); }

private:
  Function &fn_;
  Records &records_;
  const Options &opts_;
  SizeExprs sizes_;
  /// The loop around the one being chosen recomputes its iterations.
  bool inside_recomputed_ = false;
  /// The line of the `omp parallel for` loop around it, 0 if none.
  unsigned parallel_line_ = 0;

  void visit(Block &block, unsigned inside_line) {
    for (StmtPtr &s : block) {
      switch (s->kind) {
      case StmtKind::If:
        visit(s->then_block, inside_line);
        visit(s->else_block, inside_line);
        break;
      case StmtKind::Block:
        visit(s->block, inside_line);
        break;
      case StmtKind::Loop: {
        choose(*s, inside_line);
        const bool outer = s->loop->strategy != LoopStrategy::FullTape;
        const bool was_recomputed = inside_recomputed_;
        const unsigned was_parallel = parallel_line_;
        if (outer)
          inside_recomputed_ = s->loop->strategy == LoopStrategy::Recompute;
        if (s->loop->omp && !parallel_line_)
          parallel_line_ = s->loc.line;
        visit(s->loop->body, outer ? s->loc.line : inside_line);
        inside_recomputed_ = was_recomputed;
        parallel_line_ = was_parallel;
        break;
      }
      case StmtKind::Assign:
      case StmtKind::Construct:
      case StmtKind::Call:
      case StmtKind::Swap:
      case StmtKind::Resize:
        break;
      }
    }
  }

  /// Whether a counted loop of the requested function that is not
  /// checkpointed records only its state per iteration and recomputes the
  /// iterations (options.recompute, Recompute.cpp).
  bool recomputable(const Stmt &s, std::string &why) {
    const LoopInfo &li = *s.loop;
    bool checkpointed_inside = false; // its own way to save memory
    forEachStmt(li.body, [&](const Stmt &st, int) {
      checkpointed_inside |= st.kind == StmtKind::Loop &&
                             (st.loop->annotated || st.loop->fixed_point);
    });
    std::vector<Var *> carried;
    std::string unused;
    return !checkpointed_inside && opts_.recompute && opts_.optimized &&
           fn_.passes.on(Pass::Recompute) && fn_.is_top &&
           li.form == LoopInfo::Form::Counted &&
           carriedState(fn_, s, sizes_, carried, unused) &&
           preferRecompute(fn_, s, carried, why);
  }

  /// Whether a [[tangent::fixed_point]] loop iterates to a convergence
  /// test: it ends only by its condition, which reads a floating-point or
  /// bool variable the loop writes. Else `why` says what is wrong.
  static bool fixedPointShape(const LoopInfo &li,
                              const std::set<Var *> &written,
                              std::string &why) {
    const std::string refused = "[[tangent::fixed_point]] needs a loop that "
                                "iterates x = g(x, p) until a convergence "
                                "test: ";
    if (li.form == LoopInfo::Form::General) {
      why = refused + "this loop ends by break or return, or its condition "
                      "has side effects (end it by its condition alone)";
      return false;
    }
    bool tested = false;
    if (li.cond)
      forEachRead(*li.cond, [&](Var *v) {
        const TypeKind k = v->type.kind;
        tested |= written.count(v) && v->role != VarRole::Induction &&
                  (k == TypeKind::Real || k == TypeKind::Bool ||
                   (v->type.isContainer() && v->type.elem_real));
      });
    if (!tested) {
      why = refused + "its condition reads no floating-point or bool value "
                      "that the loop computes";
      return false;
    }
    return true;
  }

  /// options.threads: segments replayed by a helper thread, in its own
  /// copies of `written`, when nothing else in the loop needs this thread.
  void replayInParallel(LoopInfo &li, const std::set<Var *> &written,
                        unsigned inside_line) {
    std::string why;
    bool nested = false;
    forEachStmt(li.body, [&](const Stmt &st, int) {
      if (st.kind == StmtKind::Loop &&
          (st.loop->annotated || st.loop->fixed_point))
        nested = true;
    });
    if (!fn_.is_top)
      why = "a callee's loop";
    else if (loopCallsMpi(li))
      why = "MPI calls in it (only this thread calls MPI)";
    else if (inside_line)
      why =
          "inside the checkpointed loop at line " + std::to_string(inside_line);
    else if (nested)
      why = "a checkpointed loop inside it";
    for (const Var *v : written)
      if (why.empty() && v->type.kind == TypeKind::CArray)
        why = "C array '" + v->name + "' written in it (use std::array)";
    if (!why.empty()) {
      li.reason += "; replayed on this thread (threads = " +
                   std::to_string(opts_.threads) + "): " + why;
      return;
    }
    li.strategy = LoopStrategy::ParallelSegments;
    li.reason += "; the last segment taped in the forward sweep, the others "
                 "replayed by a helper thread (threads = " +
                 std::to_string(opts_.threads) +
                 (opts_.threads > 2 ? ": one helper is used)" : ")");
    li.replayed.clear();
    for (Var *v : written)
      if (v->role != VarRole::Induction)
        li.replayed.push_back(v);
    std::sort(li.replayed.begin(), li.replayed.end(),
              [](const Var *a, const Var *b) { return a->id < b->id; });
  }

  /// Why loop `s` is fully taped, when it is before its state is looked
  /// at (its kind, where it is, what was requested): the reason is in
  /// `li.reason` and the result true. Otherwise `recompute` says whether it
  /// is a candidate for recomputation (Recompute.cpp), with `why`.
  bool tapedFor(Stmt &s, unsigned inside_line, bool budgeted, bool &recompute,
                std::string &recompute_why) {
    LoopInfo &li = *s.loop;
    bool counted = li.form == LoopInfo::Form::Counted;
    const bool marked = li.annotated || li.fixed_point;
    if (li.omp) {
      li.reason = parallelLoopReason(li);
      return true;
    }
    if (parallel_line_) {
      li.reason = "inside the parallel loop at line " +
                  std::to_string(parallel_line_) +
                  ": taped by the thread that runs the iteration";
      return true;
    }
    if (inside_line && !marked) {
      li.reason = std::string("taped within each ") +
                  (inside_recomputed_ ? "recomputation of the loop"
                                      : "replay of the checkpointed loop") +
                  " at line " + std::to_string(inside_line);
      return true;
    }
    if (!fn_.is_top && !marked) {
      li.reason = "loop in a callee: callees checkpoint only loops marked "
                  "[[tangent::checkpoint]]";
      return true;
    }
    if (!marked && !budgeted && !opts_.checkpoint) {
      recompute = recomputable(s, recompute_why);
      if (!recompute) {
        li.reason = opts_.memory_budget > 0
                        ? "MPI calls in it: memory_budget does not apply "
                          "(each rank would choose by its own memory, and "
                          "ranks must replay alike); checkpoint it with "
                          "[[tangent::checkpoint]] or checkpoint = true"
                        : "checkpointing not requested";
        return true;
      }
    } else if (!marked && !budgeted) {
      if (!counted) {
        li.reason = li.form == LoopInfo::Form::General
                        ? "trip count unknown (break, return or a condition "
                          "with side effects); annotate with "
                          "[[tangent::checkpoint]] for online checkpointing"
                        : "not a counted loop (no integer induction variable "
                          "with invariant bounds); annotate with "
                          "[[tangent::checkpoint]] for online checkpointing";
        return true;
      }
      if (li.constant_trips < 0) {
        li.reason = "bound not constant; annotate with [[tangent::checkpoint]] "
                    "to checkpoint it";
        return true;
      }
      if (li.constant_trips < opts_.min_length) {
        li.reason = "trip count " + std::to_string(li.constant_trips) +
                    " < min_length " + std::to_string(opts_.min_length);
        return true;
      }
    }
    return false;
  }

  /// The replays of loop `s` in the reverse sweep read what the loop
  /// reads; what the loop does not write (`written`) must then still hold
  /// its value there: the loop is one of its readers.
  void replaysRead(Stmt &s, const std::set<Var *> &written) {
    const LoopInfo &li = *s.loop;
    std::set<Var *> accessed;
    collectAccessed(li.body, accessed);
    collectAccessed(li.step, accessed);
    if (li.cond)
      forEachRead(*li.cond, [&](Var *v) { accessed.insert(v); });
    if (li.start)
      forEachRead(*li.start, [&](Var *v) { accessed.insert(v); });
    if (li.bound)
      forEachRead(*li.bound, [&](Var *v) { accessed.insert(v); });
    for (Var *v : accessed) {
      if (written.count(v) || v->role == VarRole::Induction)
        continue;
      records_.addReader(v, &s);
    }
  }

  /// The checkpointing strategy of loop `s`, whose state is `li.carried`
  /// and which writes `written`: fixed point, under a memory budget,
  /// recomputed, sqrt(n) segments or online.
  void checkpointing(Stmt &s, const std::set<Var *> &written,
                     unsigned inside_line, bool budgeted, bool recompute,
                     const std::string &recompute_why) {
    LoopInfo &li = *s.loop;
    const bool counted = li.form == LoopInfo::Form::Counted;
    // A snapshot held as a std::tuple (budgeted and online loops) cannot
    // hold a C array.
    auto tupleState = [&](const char *loop) {
      for (const Var *v : li.carried)
        if (v->type.kind == TypeKind::CArray) {
          li.reason = "C array '" + v->name + "' in the state of a loop " +
                      loop + " (use std::array)";
          li.carried.clear();
          return false;
        }
      return true;
    };
    if (li.fixed_point) {
      bool iterated = false;
      for (const Var *v : li.carried)
        iterated |= v->type.kind == TypeKind::Real ||
                    (v->type.isContainer() && v->type.elem_real);
      if (!iterated) {
        li.reason = "[[tangent::fixed_point]] needs a loop that iterates x = "
                    "g(x, p) until a convergence test: no floating-point "
                    "value this loop computes is read by its next iteration";
        return;
      }
      if (!tupleState("under [[tangent::fixed_point]]"))
        return;
      li.strategy = LoopStrategy::FixedPoint;
      li.reason = "[[tangent::fixed_point]]: iterations untaped; the reverse "
                  "sweep iterates the adjoint fixed point at the final state "
                  "(one iteration's tape, as many iterations as the loop "
                  "ran), snapshot {" +
                  namesOf(li.carried) + "}";
      return;
    }
    if (budgeted && !counted) {
      if (!tupleState("under a memory budget"))
        return;
      li.strategy = LoopStrategy::BudgetWhile;
      li.exit_values = exitValues(li, written);
      li.reason = "trip count unknown under memory_budget = " +
                  std::to_string(opts_.memory_budget) +
                  " bytes: iterations taped while the budget keeps room for "
                  "online checkpointing with budget " +
                  std::to_string(li.budget) +
                  " after them, then online checkpointing with as many "
                  "snapshots as fit (in files if none does)";
      return;
    }
    if (budgeted) {
      if (!tupleState("under a memory budget"))
        return;
      li.strategy = LoopStrategy::Budgeted;
      li.exit_values = exitValues(li, written);
      li.reason = "counted loop under memory_budget = " +
                  std::to_string(opts_.memory_budget) +
                  " bytes: full tape, sqrt(n) segments, binomial or "
                  "snapshots spilled to files, whichever fits when the loop "
                  "starts (one iteration's tape measured on the first)";
      return;
    }
    if (recompute) {
      li.strategy = LoopStrategy::Recompute;
      li.reason = "cheaper to recompute than to record: " + recompute_why;
      return;
    }
    if (counted) {
      li.strategy = LoopStrategy::Segments;
      li.reason = li.constant_trips >= 0
                      ? "counted loop, " + std::to_string(li.constant_trips) +
                            " iterations: sqrt(n) segments"
                      : "counted loop under [[tangent::checkpoint]]: sqrt(n) "
                        "segments";
      if (opts_.threads > 1)
        replayInParallel(li, written, inside_line);
    } else {
      if (!tupleState("of unknown trip count"))
        return;
      li.strategy = LoopStrategy::Online;
      li.reason = "trip count unknown under [[tangent::checkpoint]]: online "
                  "checkpointing, budget " +
                  std::to_string(li.budget);
    }
  }

  void choose(Stmt &s, unsigned inside_line) {
    LoopInfo &li = *s.loop;
    li.strategy = LoopStrategy::FullTape;
    li.carried.clear();
    li.replayed.clear();
    li.exit_values.clear();
    li.budget =
        li.annotated_budget > 0 ? li.annotated_budget : int(opts_.budget);
    // Under a memory budget every loop of the function is reversed by what
    // fits when it runs (tangent/schedule/budget.hpp, budget_while.hpp).
    // Under a budget each rank would choose by its own memory: ranks must
    // replay alike, so a loop that communicates is checkpointed as if there
    // were no budget.
    const bool budgeted = opts_.memory_budget > 0 && !loopCallsMpi(li);
    std::string recompute_why;
    bool recompute = false;
    if (tapedFor(s, inside_line, budgeted, recompute, recompute_why))
      return;
    // Every variable the loop's body and step write.
    std::set<Var *> written;
    for (const Block *b : {&li.body, &li.step})
      forEachStmt(*b, [&](const Stmt &st, int) {
        forEachWrite(st, [&](Var *v, bool) { written.insert(v); });
      });
    std::string why;
    if (li.fixed_point && !fixedPointShape(li, written, why)) {
      li.reason = why; // refused at the loop (frontend/LegalityIR.cpp)
      return;
    }
    if (!carriedState(fn_, s, sizes_, li.carried, why)) {
      li.reason = why;
      li.carried.clear();
      return;
    }
    replaysRead(s, written);
    checkpointing(s, written, inside_line, budgeted, recompute, recompute_why);
  }
};

} // namespace

LoopPlans chooseLoopStrategies(Function &fn, Records &records,
                               const Options &opts) {
  TANGENT_ASSERT(records.fn == &fn,
                 "strategies from another function's records");
  // A loop's replays read what it does not write (choose() marks it): a
  // later element write there then restores, and its index must be there
  // too, and a call that was to leave that storage as it wrote it gives it
  // back; the strategies are chosen again with it (each round only adds).
  for (bool again = true; again;) {
    StrategyChooser(fn, records, opts).run();
    again = markRestoredIndices(fn);
    again |= restoreReadStorage(fn);
  }
  summarizeParameters(fn);
  LoopPlans out;
  out.fn = &fn;
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    if (s.kind != StmtKind::Loop || s.loop->strategy == LoopStrategy::FullTape)
      return;
    const LoopInfo &li = *s.loop;
    TANGENT_ASSERT(!li.reason.empty(), "a loop strategy without its reason");
    TANGENT_ASSERT(li.strategy != LoopStrategy::Segments ||
                       li.form == LoopInfo::Form::Counted,
                   "sqrt(n) segments of a loop that is not counted");
  });
  return out;
}

bool loopCallsMpi(const LoopInfo &li) {
  std::set<const Function *> seen;
  std::function<bool(const Block &)> calls = [&](const Block &b) {
    bool found = false;
    forEachStmt(b, [&](const Stmt &s, int) {
      if (found || s.kind != StmtKind::Call)
        return;
      if (s.mpi)
        found = true;
      else if (s.callee && seen.insert(s.callee).second)
        found = calls(s.callee->body);
    });
    return found;
  };
  return calls(li.body) || calls(li.step);
}

} // namespace tangent
