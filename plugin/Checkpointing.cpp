//===- Checkpointing.cpp - a strategy, and a reason, for every loop -------===//
//
// Decides how each loop of the requested function is reversed:
//  - segments: counted loops (constant trip count >= min_length with
//    options.checkpoint, or any counted loop under [[tangent::checkpoint]]);
//  - online:   loops of unknown trip count under [[tangent::checkpoint]];
//  - full tape otherwise, with the reason.
// It also finds the loop-carried state that snapshots hold: variables the
// loop writes that are live at the start of an iteration.
//
//===----------------------------------------------------------------------===//
#include "Analysis.h"
#include <algorithm>
#include <set>

namespace tangent {

namespace {

void collectAccessed(const Block &block, std::set<const Var *> &out) {
  forEachStmt(block, [&](const Stmt &s, int) {
    auto reads = [&](const ExprPtr &e) {
      if (e)
        forEachRead(*e, [&](Var *v) { out.insert(v); });
    };
    reads(s.lhs);
    reads(s.rhs);
    reads(s.cond);
    for (const ExprPtr &a : s.args)
      reads(a);
    if (s.var)
      out.insert(s.var);
    if (s.result)
      out.insert(s.result);
    if (s.loop) {
      reads(s.loop->cond);
      reads(s.loop->start);
      reads(s.loop->bound);
    }
  });
}

/// Variables whose first access in one iteration is a whole, unconditional
/// write: their value at the start of an iteration is dead.
std::set<const Var *> deadAtEntry(const LoopInfo &li) {
  std::set<const Var *> seen, dead;
  auto iteration = [&](const Block &block) {
    for (const StmtPtr &s : block) {
      std::set<const Var *> reads;
      Var *whole = nullptr;
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
      case StmtKind::Call:
        for (const ExprPtr &a : s->args)
          forEachRead(*a, [&](Var *v) { reads.insert(v); });
        whole = s->result;
        break;
      default: {
        // Conditional or repeated code: everything in it counts as read.
        std::set<const Var *> inside;
        if (s->kind == StmtKind::If) {
          forEachRead(*s->cond, [&](Var *v) { inside.insert(v); });
          collectAccessed(s->then_block, inside);
          collectAccessed(s->else_block, inside);
        } else if (s->kind == StmtKind::Loop) {
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
      if (whole && !seen.count(whole)) {
        dead.insert(whole);
        seen.insert(whole);
      }
    }
  };
  iteration(li.body);
  iteration(li.step);
  return dead;
}

/// The snapshot of a loop, or false with the reason it cannot have one.
bool carriedState(const LoopInfo &li, std::vector<Var *> &carried,
                  std::string &why) {
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
  std::set<const Var *> dead = deadAtEntry(li);
  // Dead-at-entry variables still go into snapshots when the reverse
  // sweep reads them: the reversal must leave them as the loop found them.
  for (Var *v : written) {
    if (v->role == VarRole::Induction ||
        (dead.count(v) && !v->read_in_reverse))
      continue;
    carried.push_back(v);
  }
  std::sort(carried.begin(), carried.end(),
            [](const Var *a, const Var *b) { return a->id < b->id; });
  return true;
}

class StrategyChooser {
public:
  StrategyChooser(Function &fn, const Options &opts) : fn_(fn), opts_(opts) {}

  void run() { visit(fn_.body, 0); }

private:
  Function &fn_;
  const Options &opts_;

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
      case StmtKind::Loop:
        choose(*s, inside_line);
        visit(s->loop->body, s->loop->strategy != LoopStrategy::FullTape
                                 ? s->loc.line
                                 : inside_line);
        break;
      default:
        break;
      }
    }
  }

  void choose(Stmt &s, unsigned inside_line) {
    LoopInfo &li = *s.loop;
    li.strategy = LoopStrategy::FullTape;
    li.budget = li.annotated_budget > 0 ? li.annotated_budget
                                        : int(opts_.budget);
    bool counted = li.form == LoopInfo::Form::Counted;
    if (!fn_.is_top) {
      li.reason = "loop in a callee: callees are fully taped";
      return;
    }
    if (inside_line && !li.annotated) {
      li.reason = "taped within each replay of the checkpointed loop at line " +
                  std::to_string(inside_line);
      return;
    }
    if (!li.annotated) {
      if (!opts_.checkpoint) {
        li.reason = "checkpointing not requested";
        return;
      }
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
    std::string why;
    if (!carriedState(li, li.carried, why)) {
      li.reason = why;
      li.carried.clear();
      return;
    }
    if (counted) {
      li.strategy = LoopStrategy::Segments;
      li.reason = li.constant_trips >= 0
                      ? "counted loop, " + std::to_string(li.constant_trips) +
                            " iterations: sqrt(n) segments"
                      : "counted loop under [[tangent::checkpoint]]: sqrt(n) "
                        "segments";
    } else {
      for (const Var *v : li.carried)
        if (v->type.kind == TypeKind::CArray) {
          li.reason = "C array '" + v->name + "' in the state of a loop of "
                      "unknown trip count (use std::array)";
          li.carried.clear();
          return;
        }
      li.strategy = LoopStrategy::Online;
      li.reason = "trip count unknown under [[tangent::checkpoint]]: online "
                  "checkpointing, budget " +
                  std::to_string(li.budget);
    }
  }
};

} // namespace

void chooseLoopStrategies(Function &fn, const Options &opts) {
  StrategyChooser(fn, opts).run();
}

} // namespace tangent
