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
//  - has a then-block of copies `a = b` (a, b scalars) and calls whose
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
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include <set>

namespace tangent {

namespace {

bool scalar(const Var *v) {
  return v && (v->type.isReal() || v->type.isIntegral());
}

/// A then-block of copies between scalars and calls of user functions
/// whose result and outputs are scalars, each reading a target only after
/// the block wrote it: its targets (what it writes).
bool selectionBlock(const Block &then, std::set<const Var *> &targets) {
  if (then.empty())
    return false;
  for (const StmtPtr &s : then) {
    if (s->kind == StmtKind::Assign && s->lhs->kind == ExprKind::VarRef &&
        s->rhs->kind == ExprKind::VarRef && s->lhs->var != s->rhs->var &&
        scalar(s->lhs->var) &&
        s->lhs->var->type.kind == s->rhs->var->type.kind) {
      targets.insert(s->lhs->var);
      continue;
    }
    if (s->kind != StmtKind::Call || !s->callee || !s->custom.empty() ||
        s->mpi || (s->result && !scalar(s->result)))
      return false;
    if (s->result)
      targets.insert(s->result);
    for (std::size_t i = 0; i < s->args.size(); ++i)
      if (i < s->arg_is_output.size() && s->arg_is_output[i]) {
        const Expr &a = *s->args[i];
        if (a.kind != ExprKind::VarRef || a.address || !scalar(a.var))
          return false;
        targets.insert(a.var);
      }
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

void markIn(const Block &block) {
  forEachStmt(block, [&](const Stmt &ls, int) {
    if (ls.kind != StmtKind::Loop)
      return;
    const LoopInfo &li = *ls.loop;
    if (li.form != LoopInfo::Form::Counted || !li.induction ||
        (li.increment != 1 && li.increment != -1) ||
        li.induction->type.spelling != "int" || li.omp || li.fixed_point)
      return;
    for (const StmtPtr &sp : li.body) {
      const Stmt &s = *sp;
      std::set<const Var *> targets;
      if (s.kind == StmtKind::If && s.record_decision && s.else_block.empty() &&
          selectionBlock(s.then_block, targets) &&
          onlyTheBranch(li, s, targets))
        const_cast<Stmt &>(s).last_taken = true;
    }
  });
}

} // namespace

void findLastTaken(Function &fn) {
  forEachStmt(fn.body, [](const Stmt &s, int) {
    const_cast<Stmt &>(s).last_taken = false;
  });
  markIn(fn.body);
}

} // namespace tangent
