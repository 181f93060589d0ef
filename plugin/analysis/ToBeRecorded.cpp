//===- ToBeRecorded.cpp - what the reverse sweep reads --------------------===//
//
// The reverse sweep runs in an environment where every variable it reads
// holds the value it had at that point of the forward sweep: an overwrite of
// such a variable records the old value on the tape and the reverse restores
// it. This pass finds those variables (read_in_reverse), so that everything
// else is never recorded. Values that are expensive to recompute (results of
// math functions) are recorded as values instead (codegen/ExprAdjoint.cpp),
// so they are not reads here. The decisions made here and in the generator
// come from the same functions (collectNeededValues, isCheap) and cannot
// disagree.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "ir/Mpi.h"
#include "ir/Support.h"
#include "rules/Rules.h"
#include <algorithm>
#include <functional>

namespace tangent {

bool isCheap(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Math:
  case ExprKind::InactiveCall:
  case ExprKind::Cond:
    return false;
  case ExprKind::Literal:
  case ExprKind::Name:
  case ExprKind::VarRef:
  case ExprKind::Index:
  case ExprKind::Unary:
  case ExprKind::Binary:
  case ExprKind::Cast:
  case ExprKind::Size:
    for (const ExprPtr &op : e.ops)
      if (!isCheap(*op))
        return false;
    return true;
  }
}

void collectNeededValues(const Expr &e, std::vector<const Expr *> &needed) {
  if (!e.active)
    return;
  switch (e.kind) {
  case ExprKind::Index: // the indices its adjoint is added at
    forEachIndex(e, [&](const Expr &index) { needed.push_back(&index); });
    return;
  case ExprKind::Cast:
    collectNeededValues(*e.ops[0], needed);
    return;
  case ExprKind::Unary:
  case ExprKind::Binary:
  case ExprKind::Math: {
    // What the rows of the rule table read (the generator applies the same
    // rows, so the two cannot disagree).
    const Rule *rule = ruleFor(e);
    if (!rule) // not differentiable (logic): nothing flows back through it
      return;
    for (unsigned i = 0; i < e.ops.size(); ++i) {
      if (!e.ops[i]->active || rule->rowIsZero(i))
        continue;
      for (unsigned j = 0; j < e.ops.size(); ++j)
        if (rule->rowUsesArg(i, j))
          needed.push_back(e.ops[j].get());
      if (rule->rowUsesResult(i))
        needed.push_back(&e);
    }
    for (unsigned i = 0; i < e.ops.size(); ++i)
      if (!rule->rowIsZero(i))
        collectNeededValues(*e.ops[i], needed);
    return;
  }
  case ExprKind::Literal:
  case ExprKind::VarRef:
  case ExprKind::Cond:
  case ExprKind::Size:
  case ExprKind::InactiveCall:
  case ExprKind::Name:
    return;
  }
}

bool isFirstWrite(const Function &fn, const Stmt &s, const Var *v) {
  for (const auto &fw : fn.first_writes)
    if (fw.first == v)
      return fw.second == &s;
  return false;
}

bool recomputedInReverse(const Expr &n) {
  if (n.kind == ExprKind::VarRef || n.kind == ExprKind::Literal ||
      n.kind == ExprKind::Index)
    return true;
  if (!isCheap(n))
    return false;
  bool invariant = true;
  forEachRead(n, [&](Var *v) {
    invariant &= v->invariant || v->role == VarRole::Induction;
  });
  return invariant;
}

namespace {

bool shareLoop(const Function::Position &a, const Function::Position &b) {
  for (const Stmt *l : a.loops)
    for (const Stmt *m : b.loops)
      if (l == m)
        return true;
  return false;
}

} // namespace

bool needsRecord(const Function &fn, const Stmt &s, const Var *v) {
  if (v->role == VarRole::Induction || v->rematerialized)
    return false;
  if (v->read_everywhere ||
      (v->restored_at_entry && !coveredOverwrite(fn, s, v)))
    return true;
  auto at = fn.positions.find(&s);
  if (at == fn.positions.end())
    return v->read_in_reverse;
  for (const Stmt *r : v->readers) {
    auto rp = fn.positions.find(r);
    if (rp == fn.positions.end() || rp->second.index <= at->second.index ||
        shareLoop(rp->second, at->second))
      return true;
  }
  return false;
}

bool readBeforeLoop(const Function &fn, const Stmt &loop, const Var *v) {
  if (v->read_everywhere || v->restored_at_entry)
    return true;
  auto at = fn.positions.find(&loop);
  if (at == fn.positions.end())
    return v->read_in_reverse;
  for (const Stmt *r : v->readers) {
    auto rp = fn.positions.find(r);
    if (rp == fn.positions.end())
      return true;
    bool inside = false;
    for (const Stmt *l : rp->second.loops)
      inside |= l == &loop;
    if (!inside && rp->second.index < at->second.index)
      return true;
  }
  return false;
}

namespace {

void numberStatements(const Block &block, Function &fn,
                      std::vector<const Stmt *> &loops) {
  for (const StmtPtr &s : block) {
    Function::Position p;
    p.index = int(fn.positions.size());
    p.loops = loops;
    fn.positions[s.get()] = p;
    switch (s->kind) {
    case StmtKind::If:
      numberStatements(s->then_block, fn, loops);
      numberStatements(s->else_block, fn, loops);
      break;
    case StmtKind::Block:
      numberStatements(s->block, fn, loops);
      break;
    case StmtKind::Loop:
      numberStatements(s->loop->init, fn, loops);
      loops.push_back(s.get());
      numberStatements(s->loop->body, fn, loops);
      numberStatements(s->loop->step, fn, loops);
      loops.pop_back();
      break;
    case StmtKind::Assign:
    case StmtKind::Construct:
    case StmtKind::Call:
    case StmtKind::Swap:
    case StmtKind::Resize:
      break;
    }
  }
}

/// Records that the reverse of `s` reads every variable of `e`.
void markReads(const Expr &e, const Stmt &s) {
  forEachRead(e, [&](Var *v) {
    v->read_in_reverse = true;
    if (v->readers.empty() || v->readers.back() != &s)
      v->readers.push_back(&s);
  });
}

/// Marks what the reverse of `e`'s adjoint propagation reads.
void markNeeded(const Expr &e, const Stmt &s) {
  std::vector<const Expr *> needed;
  collectNeededValues(e, needed);
  for (const Expr *n : needed)
    if (recomputedInReverse(*n))
      markReads(*n, s);
}

bool reevaluable(const Expr &e) {
  bool ok = isCheap(e);
  forEachRead(
      e, [&](Var *v) { ok &= v->invariant || v->role == VarRole::Induction; });
  return ok;
}

/// An active local container passed whole (`v.data()`, `a`) whose storage
/// the function owns and names nowhere else by address: what reads it in
/// reverse reads it through this variable, so its readers are known.
bool ownedStorage(const Function &fn, const Expr &a) {
  const Var *v = rootVar(a);
  if (!a.address || !v || !v->active || v->role != VarRole::Local ||
      !(v->type.kind == TypeKind::Vector || v->type.kind == TypeKind::CArray) ||
      (a.kind == ExprKind::Index && a.ops[0]->kind != ExprKind::VarRef))
    return false;
  int addresses = 0, passed = 0;
  std::function<void(const Expr &)> count = [&](const Expr &e) {
    addresses += e.address && rootVar(e) == v;
    for (const ExprPtr &op : e.ops)
      count(*op);
  };
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    forEachExpr(s, count);
    if (s.kind == StmtKind::Call)
      for (const ExprPtr &arg : s.args)
        passed += arg->address && rootVar(*arg) == v;
  });
  return addresses == passed;
}

/// The calls' arguments whose callee reads them in reverse only to give
/// them back (`handed_back`): when nothing else reads that storage in
/// reverse, the call gets a variant that does not (Stmt::unrestored), else
/// the argument is read like any other.
void unrestoredCalls(
    const std::vector<std::pair<Stmt *, std::size_t>> &handed_back) {
  std::vector<const Var *> read_back;
  for (const auto &[call, i] : handed_back)
    if (rootVar(*call->args[i])->read_in_reverse)
      read_back.push_back(rootVar(*call->args[i]));
  for (const auto &[call, i] : handed_back) {
    const Expr &a = *call->args[i];
    const Var &p = *call->callee->params[i];
    if (std::find(read_back.begin(), read_back.end(), rootVar(a)) ==
            read_back.end() &&
        p.sourceParam() < 64)
      call->unrestored |= std::uint64_t(1) << p.sourceParam();
    else
      markReads(a, *call);
  }
}

/// Storage that calls read in reverse only to give it back, by call and
/// argument: decided once every other reader is known (unrestoredCalls).
using HandedBack = std::vector<std::pair<Stmt *, std::size_t>>;

/// What the reverse of an MPI call reads: the buffers' addresses (their
/// indices) and their counts again; the runtime records everything else.
void markMpiReads(const Stmt &s) {
  for (size_t i = 0; i < s.args.size(); ++i) {
    const Expr &a = *s.args[i];
    if (a.kind == ExprKind::Index && a.type.isReal())
      forEachIndex(a, [&](const Expr &index) { markReads(index, s); });
    else if (s.mpi->args[i] == MpiArg::Count)
      markReads(a, s);
  }
}

/// What the reverse of a call reads: the arguments its callee's reverse
/// reads (all of them for a custom derivative, or unoptimized).
void markCallReads(const Function &fn, Stmt &s, bool optimized,
                   HandedBack &handed_back) {
  bool custom = !s.custom.empty();
  s.unrestored = 0;
  for (size_t i = 0; i < s.args.size(); ++i) {
    const Expr &a = *s.args[i];
    bool read = custom || !optimized ||
                (i < s.callee->param_read_in_reverse.size() &&
                 s.callee->param_read_in_reverse[i]);
    // Storage the callee reads in reverse only to give it back: decided
    // once every other reader is known (unrestoredCalls); the reverse
    // call takes its address again.
    if (read && !custom && optimized &&
        i < s.callee->param_restored_only.size() &&
        s.callee->param_restored_only[i] && ownedStorage(fn, a)) {
      forEachIndex(a, [&](const Expr &index) { markReads(index, s); });
      handed_back.push_back({&s, i});
      continue;
    }
    // The reverse passes the element itself (by reference, or a value
    // the callee may not read): the container must hold it there.
    if (a.kind == ExprKind::Index)
      markReads(a, s);
    // Dummy adjoints of inactive containers are sized from the argument.
    const Var *base = a.kind == ExprKind::VarRef  ? a.var
                      : a.kind == ExprKind::Index ? rootVar(a)
                                                  : nullptr;
    if (read || (a.type.isContainer() && !(base && base->active)))
      markReads(a, s);
  }
}

/// What the reverse of statement `s` itself reads (not its blocks').
void markStmtReads(const Function &fn, Stmt &s, bool optimized,
                   HandedBack &handed_back) {
  switch (s.kind) {
  case StmtKind::Assign: {
    const Var *target = rootVar(*s.lhs);
    if (!target->active)
      break;
    forEachIndex(*s.lhs, [&](const Expr &index) { markReads(index, s); });
    markNeeded(*s.rhs, s);
    break;
  }
  case StmtKind::Construct:
    if (!s.var->active)
      break;
    for (const ExprPtr &a : s.args)
      markNeeded(*a, s);
    break;
  case StmtKind::Call:
    if (s.mpi)
      markMpiReads(s);
    // A call kept for its effects (`printf`, frontend/lower/
    // LowerEffect.cpp) has no rule: its reverse reads nothing.
    else if (!s.keptForEffects())
      markCallReads(fn, s, optimized, handed_back);
    break;
  case StmtKind::Resize:
    // The reverse propagates into the appended or filled-in value (the
    // new size is recorded, never evaluated again).
    if (s.var->active && (s.resize == ResizeKind::Append ||
                          (s.resize == ResizeKind::To && s.args.size() > 1)))
      markNeeded(*s.args.back(), s);
    break;
  case StmtKind::Swap:
    // Its reverse swaps again, which restores both only if both hold the
    // values the forward swap left: each is read there.
    markReads(*s.lhs, s);
    markReads(*s.rhs, s);
    break;
  case StmtKind::If:
    s.record_decision = !reevaluable(*s.cond);
    if (!s.record_decision)
      markReads(*s.cond, s);
    break;
  case StmtKind::Loop: {
    LoopInfo &li = *s.loop;
    if (li.form == LoopInfo::Form::Counted) {
      markReads(*li.start, s);
      markReads(*li.bound, s);
    }
    break;
  }
  case StmtKind::Block:
    break;
  }
}

/// A function writing through a pointer parameter restores what it
/// overwrites there in its reverse: a callee's callers cannot save storage
/// of unknown extent, and their reverse sweeps read it as it was; the
/// requested function's pullback leaves the caller's memory as it found
/// it. A callee variant for callers that never read it back does not
/// (Var::unrestored).
void markPointerParamsRestored(Function &fn) {
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    forEachWrite(s, [&](Var *v, bool) {
      if (v->role == VarRole::Param && v->type.kind == TypeKind::Pointer &&
          !v->unrestored)
        v->read_in_reverse = v->restored_at_entry = true;
    });
  });
}

} // namespace

bool restoreReadStorage(Function &fn) {
  bool changed = false;
  forEachStmt(fn.body, [&](Stmt &call, int) {
    if (call.kind != StmtKind::Call || !call.unrestored)
      return;
    for (std::size_t i = 0; i < call.args.size(); ++i) {
      const int p = call.callee->params[i]->sourceParam();
      const std::uint64_t bit = p < 64 ? std::uint64_t(1) << p : 0;
      if (!(call.unrestored & bit) || !rootVar(*call.args[i])->read_in_reverse)
        continue;
      call.unrestored &= ~bit;
      markReads(*call.args[i], call);
      changed = true;
    }
  });
  return changed;
}

/// An element write `a[i] = ...` to an inactive container is still
/// restored in reverse when something reads `a` there, and the restore reads
/// `i`. Marking `i` can make more such restores necessary (`a[k[j]]`), hence
/// the fixed point.
bool markRestoredIndices(Function &fn) {
  bool any = false;
  for (bool changed = true; changed; any |= changed) {
    changed = false;
    forEachStmt(fn.body, [&](const Stmt &s, int) {
      if (s.kind != StmtKind::Assign || s.lhs->kind != ExprKind::Index)
        return;
      const Var *target = rootVar(*s.lhs);
      if (target->active || !needsRecord(fn, s, target))
        return;
      bool marked = true;
      forEachIndex(*s.lhs, [&](const Expr &index) {
        forEachRead(index, [&](Var *v) {
          marked &= std::find(v->readers.begin(), v->readers.end(), &s) !=
                    v->readers.end();
        });
      });
      if (!marked) {
        forEachIndex(*s.lhs, [&](const Expr &index) { markReads(index, s); });
        changed = true;
      }
    });
  }
  return any;
}

Records analyzeToBeRecorded(Function &fn, const Activity &activity,
                            bool optimized) {
  TANGENT_ASSERT(activity.fn == &fn,
                 "records from another function's activity");
  // Computed afresh: the driver runs this pass again when the summaries of
  // (recursive) callees grow.
  for (auto &v : fn.vars) {
    v->read_in_reverse = v->read_everywhere = v->restored_at_entry = false;
    v->readers.clear();
  }
  std::vector<const Stmt *> loops;
  fn.positions.clear();
  numberStatements(fn.body, fn, loops);
  HandedBack handed_back;
  forEachStmt(fn.body, [&](Stmt &s, int) {
    markStmtReads(fn, s, optimized, handed_back);
  });
  unrestoredCalls(handed_back);
  markPointerParamsRestored(fn);
  if (optimized && fn.passes.on(Pass::Rematerialize))
    findRematerialized(fn);
  else
    for (auto &v : fn.vars)
      v->rematerialized = nullptr;
  markRestoredIndices(fn);
  if (!optimized)
    for (auto &v : fn.vars)
      v->read_in_reverse = v->read_everywhere = true;
  summarizeParameters(fn);
  Records out;
  out.fn = &fn;
  for (const auto &v : fn.vars)
    TANGENT_ASSERT(!v->read_in_reverse || v->read_everywhere ||
                       v->restored_at_entry || !v->readers.empty(),
                   "a variable read in reverse by no statement");
  return out;
}

void Records::addReader(Var *v, const Stmt *reader) {
  TANGENT_ASSERT(fn && reader, "a reader added to records of no function");
  v->read_in_reverse = true;
  v->readers.push_back(reader);
}

namespace {

/// Marks in `fn.param_written` the parameters its statements write (its
/// calls answering from their callees' summaries: callWrites); whether it
/// marked one that was not marked.
bool markWrittenParameters(Function &fn) {
  bool added = false;
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    forEachWrite(s, [&](Var *v, bool) {
      if (v->role == VarRole::Param && !fn.param_written[v->param_index])
        added = fn.param_written[v->param_index] = true;
    });
  });
  return added;
}

} // namespace

void summarizeWrites(const std::vector<Function *> &fns) {
  // The least fixed point: every parameter unwritten, then what each
  // function writes given its callees' summaries so far, until nothing
  // more is written.
  for (Function *fn : fns)
    fn->param_written.assign(fn->params.size(), false);
  for (bool changed = true; changed;) {
    changed = false;
    for (Function *fn : fns)
      changed |= markWrittenParameters(*fn);
  }
}

void summarizeParameters(Function &fn) {
  fn.param_read_in_reverse.assign(fn.params.size(), false);
  fn.param_written.assign(fn.params.size(), false);
  markWrittenParameters(fn);
  fn.param_restored_only.assign(fn.params.size(), false);
  for (Var *p : fn.params) {
    fn.param_read_in_reverse[p->param_index] =
        p->read_in_reverse &&
        !(fn.param_written[p->param_index] && !p->by_reference &&
          p->type.kind != TypeKind::Pointer);
    fn.param_restored_only[p->param_index] =
        p->restored_at_entry && !p->read_everywhere && p->readers.empty();
  }
}

} // namespace tangent
