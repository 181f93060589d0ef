//===- LoopState.cpp - what a checkpointed loop's snapshot holds ----------===//
//
// The loop-carried state of a loop (LoopState.h): the variables it writes
// that are live at the start of an iteration, found for the strategies of
// Checkpointing.cpp; and the values some strategies record where taped
// iterations end (LoopInfo::exit_values).
//
//===----------------------------------------------------------------------===//
#include "analysis/LoopState.h"
#include <algorithm>
#include <map>
#include <set>

namespace tangent {

namespace {

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
std::set<const Var *> deadAtEntry(const Function &fn, const LoopInfo &li,
                                  const SizeExprs &sizes) {
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
        if (fn.passes.on(Pass::CalleeOutputs))
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
      case StmtKind::If:
      case StmtKind::Loop:
      case StmtKind::Block: {
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

} // namespace

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
  std::set<const Var *> dead = deadAtEntry(fn, li, sizes);
  // Dead-at-entry variables still go into snapshots when a reverse that
  // runs after this loop's reads them: the reversal must leave them as the
  // loop found them (a replay from the first snapshot pushes the values it
  // starts from, and the reverse pops them back). That is the reverse of a
  // statement before the loop, and, in a loop around it, of any statement
  // that reads them: the reverses of the earlier iterations (the statements
  // after this loop in them, this loop itself where a strategy reverses its
  // last iterations without replaying them) run after this one's.
  const auto at = fn.positions.find(&loop);
  const bool enclosed = at == fn.positions.end() || !at->second.loops.empty();
  for (Var *v : written) {
    if (v->role == VarRole::Induction)
      continue;
    if (dead.count(v) && !readBeforeLoop(fn, loop, v) &&
        !(enclosed && (v->read_in_reverse || v->read_everywhere)))
      continue;
    carried.push_back(v);
  }
  std::sort(carried.begin(), carried.end(),
            [](const Var *a, const Var *b) { return a->id < b->id; });
  return true;
}

std::vector<Var *> exitValues(const LoopInfo &li,
                              const std::set<Var *> &written) {
  std::vector<Var *> out;
  for (Var *v : written) {
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

} // namespace tangent
