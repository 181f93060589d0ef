//===- Checkpointing.cpp - a strategy, and a reason, for every loop -------===//
//
// Decides how each loop of the requested function is reversed:
//  - segments: counted loops (constant trip count >= min_length with
//    options.checkpoint, or any counted loop under [[tangent::checkpoint]]);
//  - online:   loops of unknown trip count under [[tangent::checkpoint]];
//  - fixed point: loops under [[tangent::fixed_point]] whose shape is a
//    fixed-point iteration (else the reason becomes a located error);
//  - full tape otherwise, with the reason.
// It also finds the loop-carried state that snapshots hold: variables the
// loop writes that are live at the start of an iteration.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "ir/Support.h"
#include <algorithm>
#include <map>
#include <set>

namespace tangent {

namespace {

/// For each vector built once with a size (`std::vector<T> v(n)`), that
/// size: a counted loop up to it covers every element.
using SizeExprs = std::map<const Var *, const Expr *>;

SizeExprs constructionSizes(const Function &fn) {
  SizeExprs sizes;
  std::map<const Var *, int> whole;
  forEachStmt(fn.body, [&](const Stmt &s, int depth) {
    forEachWrite(s, [&](Var *v, bool is_whole) {
      if (!is_whole || v->type.kind != TypeKind::Vector)
        return;
      ++whole[v];
      if (s.kind == StmtKind::Construct && depth == 0 && !s.args.empty() &&
          (s.construct == ConstructKind::Size ||
           s.construct == ConstructKind::Fill))
        sizes[v] = s.args[0].get();
    });
  });
  for (auto it = sizes.begin(); it != sizes.end();)
    it = whole[it->first] == 1 ? std::next(it) : sizes.erase(it);
  return sizes;
}

/// The vectors a counted loop overwrites element by element before reading
/// them: `for (i = 0; i < size; ++i) { v[i] = e; ... v[i] ... }`.
std::set<const Var *> overwrittenBy(const Stmt &s, const SizeExprs &sizes) {
  std::set<const Var *> out;
  if (s.kind != StmtKind::Loop)
    return out;
  const LoopInfo &li = *s.loop;
  if (li.form != LoopInfo::Form::Counted || li.increment != 1 ||
      (li.compare != Op::Lt && li.compare != Op::Ne))
    return out;
  long long start = -1;
  if (!constInt(*li.start, start) || start != 0)
    return out;
  for (const StmtPtr &first : li.body) {
    if (first->kind != StmtKind::Assign ||
        first->lhs->kind != ExprKind::Index ||
        first->lhs->ops[0]->kind != ExprKind::VarRef ||
        first->lhs->ops[0]->var->type.isNested())
      continue;
    const Var *v = first->lhs->ops[0]->var;
    auto size = sizes.find(v);
    bool covers = (li.bound->kind == ExprKind::Size &&
                   li.bound->ops[0]->kind == ExprKind::VarRef &&
                   li.bound->ops[0]->var == v) ||
                  (size != sizes.end() && sameExpr(*size->second, *li.bound));
    if (!covers || !onlyElement(*first->lhs, v, li.induction) ||
        !onlyElement(*first->rhs, v, li.induction) || readsVar(*first->rhs, v))
      continue;
    // Every other use in the loop is the same element, after the write.
    bool ok = true, before = true;
    forEachStmt(li.body, [&](const Stmt &o, int) {
      forEachExpr(o, [&](const Expr &e) {
        if (!onlyElement(e, v, li.induction) ||
            (before && &o != first.get() && readsVar(e, v)))
          ok = false;
      });
      if (o.var == v || o.result == v)
        ok = false;
      if (&o == first.get())
        before = false;
    });
    if (ok)
      out.insert(v);
  }
  return out;
}

/// Variables whose first access in one iteration is a whole, unconditional
/// write: their value at the start of an iteration is dead (not so for an
/// active vector, whose size its adjoint needs).
std::set<const Var *> deadAtEntry(const LoopInfo &li, const SizeExprs &sizes) {
  std::set<const Var *> seen, dead;
  auto iteration = [&](const Block &block) {
    for (const StmtPtr &s : block) {
      std::set<const Var *> reads;
      Var *whole = nullptr;
      std::vector<const Var *> filled;
      switch (s->kind) {
      case StmtKind::Assign:
        forEachRead(*s->rhs, [&](Var *v) { reads.insert(v); });
        if (s->lhs->kind == ExprKind::VarRef)
          whole = s->lhs->var;
        else
          forEachRead(*s->lhs, [&](Var *v) { reads.insert(v); });
        break;
      case StmtKind::Construct:
        for (const ExprPtr &a : s->args)
          forEachRead(*a, [&](Var *v) { reads.insert(v); });
        whole = s->var;
        break;
      case StmtKind::Call: {
        // A filled argument is written before anything reads it (unless
        // another argument reads it too: then it counts as read).
        filled = filledInLoop(*s, li);
        for (const ExprPtr &a : s->args)
          if (a->kind != ExprKind::VarRef ||
              std::find(filled.begin(), filled.end(), a->var) == filled.end())
            forEachRead(*a, [&](Var *v) { reads.insert(v); });
        whole = s->result;
        break;
      }
      case StmtKind::Swap:
        reads.insert(s->lhs->var);
        reads.insert(s->rhs->var);
        break;
      case StmtKind::Resize: // keeps the elements it does not drop
        reads.insert(s->var);
        for (const ExprPtr &a : s->args)
          forEachRead(*a, [&](Var *v) { reads.insert(v); });
        break;
      default: {
        // Conditional or repeated code: everything in it counts as read.
        std::set<const Var *> inside;
        if (s->kind == StmtKind::If) {
          forEachRead(*s->cond, [&](Var *v) { inside.insert(v); });
          collectAccessed(s->then_block, inside);
          collectAccessed(s->else_block, inside);
        } else if (s->kind == StmtKind::Loop) {
          std::set<const Var *> overwritten = overwrittenBy(*s, sizes);
          // The loop's init sets its counter before anything reads it.
          for (const StmtPtr &in : s->loop->init) {
            if (in->kind != StmtKind::Assign ||
                in->lhs->kind != ExprKind::VarRef ||
                readsVar(*in->rhs, in->lhs->var))
              break;
            overwritten.insert(in->lhs->var);
          }
          for (const Var *v : overwritten)
            if (!seen.count(v)) {
              dead.insert(v);
              seen.insert(v);
            }
          collectAccessed(s->loop->init, inside);
          collectAccessed(s->loop->body, inside);
          collectAccessed(s->loop->step, inside);
          if (s->loop->cond)
            forEachRead(*s->loop->cond, [&](Var *v) { inside.insert(v); });
          if (s->loop->start)
            forEachRead(*s->loop->start, [&](Var *v) { inside.insert(v); });
          if (s->loop->bound)
            forEachRead(*s->loop->bound, [&](Var *v) { inside.insert(v); });
        } else {
          collectAccessed(s->block, inside);
        }
        reads = inside;
        break;
      }
      }
      for (const Var *v : reads)
        seen.insert(v);
      // Replacing an active vector records its old size (or value) for its
      // adjoint, which the reverse carries from one iteration into the one
      // before: a replay must start from that size, so it stays live.
      if (whole && whole->active && whole->type.kind == TypeKind::Vector)
        seen.insert(whole);
      else if (whole)
        filled.push_back(whole);
      for (const Var *w : filled)
        if (!seen.count(w)) {
          dead.insert(w);
          seen.insert(w);
        }
    }
  };
  iteration(li.body);
  iteration(li.step);
  return dead;
}

/// The snapshot of a loop, or false with the reason it cannot have one.
bool carriedState(const Function &fn, const Stmt &loop, const SizeExprs &sizes,
                  std::vector<Var *> &carried, std::string &why) {
  const LoopInfo &li = *loop.loop;
  std::set<Var *> written;
  bool pointer_write = false;
  std::string pointer_name;
  auto scan = [&](const Block &block) {
    forEachStmt(block, [&](const Stmt &s, int) {
      forEachWrite(s, [&](Var *v, bool) {
        if (v->type.kind == TypeKind::Pointer) {
          pointer_write = true;
          pointer_name = v->name;
        }
        written.insert(v);
      });
    });
  };
  scan(li.body);
  scan(li.step);
  if (pointer_write) {
    why = "pointer state of unknown extent ('" + pointer_name + "')";
    return false;
  }
  std::set<const Var *> dead = deadAtEntry(li, sizes);
  // Dead-at-entry variables still go into snapshots when the reverse of a
  // statement before the loop reads them: the reversal must leave them as
  // the loop found them.
  for (Var *v : written) {
    if (v->role == VarRole::Induction ||
        (dead.count(v) && !readBeforeLoop(fn, loop, v)))
      continue;
    carried.push_back(v);
  }
  std::sort(carried.begin(), carried.end(),
            [](const Var *a, const Var *b) { return a->id < b->id; });
  return true;
}

/// The variables of Budgeted and BudgetWhile loops that LoopInfo::
/// exit_values describes: written in the loop, out of its snapshot, read
/// by the reverse sweep (a vector also for its size, which sizes adjoints).
std::vector<Var *> exitValues(const LoopInfo &li,
                              const std::set<const Var *> &written) {
  std::vector<Var *> out;
  for (const Var *cv : written) {
    Var *v = const_cast<Var *>(cv);
    if (v->role == VarRole::Induction ||
        std::find(li.carried.begin(), li.carried.end(), v) != li.carried.end())
      continue;
    if (v->read_in_reverse || v->read_everywhere ||
        v->type.kind == TypeKind::Vector)
      out.push_back(v);
  }
  std::sort(out.begin(), out.end(),
            [](const Var *a, const Var *b) { return a->id < b->id; });
  return out;
}

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
      default:
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
           fn_.is_top && li.form == LoopInfo::Form::Counted &&
           carriedState(fn_, s, sizes_, carried, unused) &&
           preferRecompute(fn_, s, carried, why);
  }

  /// Whether a [[tangent::fixed_point]] loop iterates to a convergence
  /// test: it ends only by its condition, which reads a floating-point or
  /// bool variable the loop writes. Else `why` says what is wrong.
  static bool fixedPointShape(const LoopInfo &li,
                              const std::set<const Var *> &written,
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
  void replayInParallel(LoopInfo &li, const std::set<const Var *> &written,
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
    for (const Var *v : written)
      if (v->role != VarRole::Induction)
        li.replayed.push_back(const_cast<Var *>(v));
    std::sort(li.replayed.begin(), li.replayed.end(),
              [](const Var *a, const Var *b) { return a->id < b->id; });
  }

  void choose(Stmt &s, unsigned inside_line) {
    LoopInfo &li = *s.loop;
    li.strategy = LoopStrategy::FullTape;
    li.carried.clear();
    li.replayed.clear();
    li.exit_values.clear();
    li.budget =
        li.annotated_budget > 0 ? li.annotated_budget : int(opts_.budget);
    bool counted = li.form == LoopInfo::Form::Counted;
    const bool marked = li.annotated || li.fixed_point;
    if (li.omp) {
      li.reason = parallelLoopReason(li);
      return;
    }
    if (parallel_line_) {
      li.reason = "inside the parallel loop at line " +
                  std::to_string(parallel_line_) +
                  ": taped by the thread that runs the iteration";
      return;
    }
    if (inside_line && !marked) {
      li.reason = std::string("taped within each ") +
                  (inside_recomputed_ ? "recomputation of the loop"
                                      : "replay of the checkpointed loop") +
                  " at line " + std::to_string(inside_line);
      return;
    }
    if (!fn_.is_top && !marked) {
      li.reason = "loop in a callee: callees checkpoint only loops marked "
                  "[[tangent::checkpoint]]";
      return;
    }
    // Under a memory budget every loop of the function is reversed by what
    // fits when it runs (tangent/schedule/budget.hpp, budget_while.hpp).
    // Under a budget each rank would choose by its own memory: ranks must
    // replay alike, so a loop that communicates is checkpointed as if there
    // were no budget.
    const bool budgeted = opts_.memory_budget > 0 && !loopCallsMpi(li);
    std::string recompute_why;
    bool recompute = false;
    if (!marked && !budgeted && !opts_.checkpoint) {
      recompute = recomputable(s, recompute_why);
      if (!recompute) {
        li.reason = opts_.memory_budget > 0
                        ? "MPI calls in it: memory_budget does not apply "
                          "(each rank would choose by its own memory, and "
                          "ranks must replay alike); checkpoint it with "
                          "[[tangent::checkpoint]] or checkpoint = true"
                        : "checkpointing not requested";
        return;
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
        return;
      }
      if (li.constant_trips < 0) {
        li.reason = "bound not constant; annotate with [[tangent::checkpoint]] "
                    "to checkpoint it";
        return;
      }
      if (li.constant_trips < opts_.min_length) {
        li.reason = "trip count " + std::to_string(li.constant_trips) +
                    " < min_length " + std::to_string(opts_.min_length);
        return;
      }
    }
    // Every variable the loop's body and step write.
    std::set<const Var *> written;
    for (const Block *b : {&li.body, &li.step})
      forEachStmt(*b, [&](const Stmt &st, int) {
        forEachWrite(st, [&](Var *v, bool) { written.insert(v); });
      });
    std::string why;
    if (li.fixed_point && !fixedPointShape(li, written, why)) {
      li.reason = why; // refused at the loop by the generator (Loops.cpp)
      return;
    }
    if (!carriedState(fn_, s, sizes_, li.carried, why)) {
      li.reason = why;
      li.carried.clear();
      return;
    }
    // The replays in the reverse sweep read what the loop reads; what the
    // loop does not write must then still hold its value (the loop itself
    // is the reader).
    std::set<const Var *> accessed;
    collectAccessed(li.body, accessed);
    collectAccessed(li.step, accessed);
    if (li.cond)
      forEachRead(*li.cond, [&](Var *v) { accessed.insert(v); });
    if (li.start)
      forEachRead(*li.start, [&](Var *v) { accessed.insert(v); });
    if (li.bound)
      forEachRead(*li.bound, [&](Var *v) { accessed.insert(v); });
    for (const Var *cv : accessed) {
      Var *v = const_cast<Var *>(cv);
      if (written.count(v) || v->role == VarRole::Induction)
        continue;
      records_.addReader(v, &s);
    }
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
};

} // namespace

LoopPlans chooseLoopStrategies(Function &fn, Records &records,
                               const Options &opts) {
  TANGENT_ASSERT(records.fn == &fn,
                 "strategies from another function's records");
  // A loop's replays read what it does not write (choose() marks it): a
  // later element write there then restores, and its index must be there
  // too; the strategies are chosen again with it (each round only adds).
  do
    StrategyChooser(fn, records, opts).run();
  while (markRestoredIndices(fn));
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
    out.checkpointed.push_back(&s);
  });
  return out;
}

} // namespace tangent
