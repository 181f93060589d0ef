//===- LastTaken.cpp - selections that record one index per loop ----------===//
//
// A counted loop that keeps the best of its candidates,
//
//   for (int j = 1; j < k; j++) {
//     dist = sqdist(d, p, c + j * d);
//     if (dist < best) best = dist;       // k-means: the nearest centroid
//   }
//
// records its branch's decision in every iteration, and the reverse pops it
// and, where the branch was taken, moves d_best to d_dist. Only the last
// iteration that took the branch moves anything: that move zeroes d_best,
// and nothing else in the loop reads best, so the reverse of each earlier
// taken branch moves a zero. This pass marks such a branch
// (Stmt::last_taken): its loop records, once, the index of the last
// iteration that took it, and the reverse takes the branch in that
// iteration only (codegen/LoopFullTape.cpp), which gives the same
// adjoints but for the sign of a zero sum. The branch:
//  - is an `if` without `else` at the top level of the body of a counted
//    loop stepping by one over an `int`, whose decision is recorded;
//  - has a then-block of copies `a = b` (a, b scalars), of integer or
//    boolean constants (`found = true`), and calls whose
//    result and outputs are scalars (the tangent-linear distance a
//    Hessian-vector product calls there: forward/DeferTangents.cpp), each
//    reading only what the block wrote before it: with the adjoints of
//    what it writes zero, its reverse adds zeros (a call's, to a callee
//    whose forward sweep records nothing, is skipped: the generator checks
//    that, codegen/Statements.cpp);
//  - no statement of the loop outside the branch reads what the then-block
//    writes, but the branch's condition (no other contribution reaches
//    those adjoints inside the loop), and none writes it.
// A loop this pass marks and that is not taped in full (checkpointed, run
// in parallel) records its decisions as before.
//
// When, besides, every other iteration's reverse adds nothing to any
// adjoint, the reverse runs that one iteration and no loop at all
// (LoopInfo::reverse_one_iteration): k-means' reverse then runs one
// distance's reverse per point instead of walking the k - 1 candidates.
// The loop:
//  - has that one branch, and otherwise at its top level only copies and
//    calls writing scalar locals (no element, no memory a pointer argument
//    reaches, no nested branch or loop);
//  - writes each such local before anything in the body reads it, and
//    nothing outside the loop mentions it: its adjoint is zero where an
//    iteration's reverse starts, so the reverse of an iteration that did
//    not take the branch last moves zeros (a local carried from one
//    iteration to the next is also written before the loop, by a program
//    that reads no indeterminate value; the first test guards the IR);
//  - and records nothing per iteration, which the generator checks once
//    the body is generated (codegen/LoopFullTape.cpp): every value the
//    chosen iteration's reverse reads is then computed again from its
//    index and from what the loop does not write.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include <set>

namespace tangent {

namespace {

bool scalar(const Var *v) {
  return v && (v->type.isReal() || v->type.isIntegral());
}

/// Whether call `s` writes only scalar variables (its result, outputs
/// bound to scalar variables): no element, no memory through a pointer.
bool writesScalarsOnly(const Stmt &s) {
  if (s.kind != StmtKind::Call || !s.callee || !s.custom.empty() || s.mpi ||
      (s.result && !scalar(s.result)))
    return false;
  for (std::size_t i = 0; i < s.args.size(); ++i)
    if (i < s.arg_is_output.size() && s.arg_is_output[i] &&
        (s.args[i]->kind != ExprKind::VarRef || s.args[i]->address ||
         !scalar(s.args[i]->var)))
      return false;
  return true;
}

/// A then-block of copies between scalars and calls of user functions
/// whose result and outputs are scalars, each reading a target only after
/// the block wrote it: its targets (what it writes).
bool selectionBlock(const Block &then, std::set<const Var *> &targets) {
  if (then.empty())
    return false;
  for (const StmtPtr &s : then) {
    if (s->kind == StmtKind::Assign && s->lhs->kind == ExprKind::VarRef &&
        scalar(s->lhs->var) &&
        ((s->rhs->kind == ExprKind::VarRef && s->lhs->var != s->rhs->var &&
          s->lhs->var->type.kind == s->rhs->var->type.kind) ||
         (s->rhs->kind == ExprKind::Literal && !s->lhs->var->type.isReal()))) {
      targets.insert(s->lhs->var);
      continue;
    }
    if (!writesScalarsOnly(*s))
      return false;
    forEachWrite(*s, [&](Var *w, bool) { targets.insert(w); });
  }
  // Each statement reads what an earlier one wrote, never a value from
  // before the block (`prev = best; best = v;` moves the adjoint of prev).
  std::set<const Var *> written;
  for (const StmtPtr &s : then) {
    bool fresh = true;
    auto reads = [&](const Expr &e) {
      forEachRead(
          e, [&](Var *v) { fresh &= !targets.count(v) || written.count(v); });
    };
    if (s->kind == StmtKind::Assign)
      reads(*s->rhs);
    for (std::size_t i = 0; i < s->args.size(); ++i)
      if (i >= s->arg_is_output.size() || !s->arg_is_output[i])
        reads(*s->args[i]);
    if (!fresh)
      return false;
    forEachWrite(*s, [&](Var *w, bool) { written.insert(w); });
  }
  return true;
}

/// Whether every read and write of `targets` in `li` (its body, step and
/// header) is the branch `s`'s: its condition's reads, its then-block.
bool onlyTheBranch(const LoopInfo &li, const Stmt &s,
                   const std::set<const Var *> &targets) {
  std::set<const Stmt *> inside;
  for (const StmtPtr &c : s.then_block)
    inside.insert(c.get());
  bool alone = true;
  auto reads = [&](const Expr &e) {
    forEachRead(e, [&](Var *v) { alone &= !targets.count(v); });
  };
  for (const Expr *h : {li.cond.get(), li.start.get(), li.bound.get()})
    if (h)
      reads(*h);
  for (const Block *b : {&li.body, &li.step})
    forEachStmt(*b, [&](const Stmt &x, int) {
      if (inside.count(&x))
        return; // selectionBlock's to check
      if (&x != &s)
        forEachOwnExpr(x, reads);
      forEachWrite(x, [&](Var *w, bool) { alone &= !targets.count(w); });
      alone &= !targets.count(x.var) && !targets.count(x.result);
    });
  return alone;
}

/// Whether the reverse of loop `ls`, whose branch `branch` is marked
/// last_taken, needs the iteration that took it last alone (the file's
/// comment): the body's other statements write scalar locals only, each
/// before anything in the body reads it, mentioned nowhere outside the
/// loop. (The branch's then-block writes scalars only: selectionBlock.)
bool oneIterationMatters(const Function &fn, const Stmt &ls,
                         const Stmt &branch) {
  const LoopInfo &li = *ls.loop;
  // What the body has read so far, and the locals written so far.
  std::set<const Var *> read, locals;
  auto reads = [&](const Expr &e) {
    forEachRead(e, [&](Var *v) {
      if (!locals.count(v))
        read.insert(v);
    });
  };
  for (const StmtPtr &sp : li.body) {
    const Stmt &s = *sp;
    if (&s == &branch) {
      forEachNested(s, [&](const Stmt &x) { forEachOwnExpr(x, reads); });
      continue;
    }
    const bool copy = s.kind == StmtKind::Assign &&
                      s.lhs->kind == ExprKind::VarRef && scalar(s.lhs->var);
    if (!copy && !writesScalarsOnly(s))
      return false;
    if (copy)
      reads(*s.rhs);
    else
      forEachOwnExpr(s, reads); // an output argument may be read first
    bool fresh = true;
    forEachWrite(s, [&](Var *w, bool) {
      fresh &= (w->role == VarRole::Local || w->role == VarRole::Temp) &&
               !read.count(w);
      locals.insert(w);
    });
    if (!fresh)
      return false;
  }
  // Nothing outside the loop mentions the locals; the step writes the
  // induction alone.
  std::set<const Stmt *> inside;
  forEachNested(ls, [&](const Stmt &x) { inside.insert(&x); });
  bool alone = true;
  for (const StmtPtr &st : li.step)
    forEachWrite(*st, [&](Var *w, bool) { alone &= w == li.induction; });
  forEachStmt(fn.body, [&](const Stmt &x, int) {
    if (inside.count(&x) && &x != &ls)
      return;
    forEachOwnExpr(x, [&](const Expr &e) {
      forEachRead(e, [&](Var *v) { alone &= !locals.count(v); });
    });
    alone &= !locals.count(x.var) && !locals.count(x.result);
  });
  return alone;
}

void markIn(Function &fn) {
  forEachStmt(fn.body, [&](Stmt &ls, int) {
    if (ls.kind != StmtKind::Loop)
      return;
    LoopInfo &li = *ls.loop;
    if (li.form != LoopInfo::Form::Counted || !li.induction ||
        (li.increment != 1 && li.increment != -1) ||
        !li.induction->type.isIntegral() || li.omp || li.fixed_point)
      return;
    const Stmt *marked = nullptr;
    int count = 0;
    for (const StmtPtr &sp : li.body) {
      Stmt &s = *sp;
      std::set<const Var *> targets;
      if (s.kind == StmtKind::If && s.record_decision && s.else_block.empty() &&
          selectionBlock(s.then_block, targets) &&
          onlyTheBranch(li, s, targets)) {
        s.last_taken = true;
        marked = &s;
        ++count;
      }
    }
    li.reverse_one_iteration =
        count == 1 && oneIterationMatters(fn, ls, *marked);
  });
}

} // namespace

void clearLastTaken(Function &fn) {
  forEachStmt(fn.body, [](Stmt &s, int) {
    s.last_taken = false;
    if (s.loop)
      s.loop->reverse_one_iteration = false;
  });
}

void findLastTaken(Function &fn) { markIn(fn); }

} // namespace tangent
