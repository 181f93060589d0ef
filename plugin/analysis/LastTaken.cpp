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
//  - has a then-block of copies `a = b` (a, b scalars), whose reverse moves
//    d_a to d_b and does nothing else;
//  - no statement of the loop but the branch's condition reads an `a` it
//    copies into (no other contribution reaches d_a inside the loop), and
//    none writes one but the branch.
// A loop this pass marks and that is not taped in full (checkpointed, run
// in parallel) records its decisions as before.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include <set>

namespace tangent {

namespace {

/// A then-block of copies between scalars: its active targets.
bool copiesOnly(const Block &then, std::set<const Var *> &targets) {
  if (then.empty())
    return false;
  for (const StmtPtr &s : then) {
    if (s->kind != StmtKind::Assign || s->lhs->kind != ExprKind::VarRef ||
        s->rhs->kind != ExprKind::VarRef)
      return false;
    const Var *a = s->lhs->var, *b = s->rhs->var;
    if (a == b || !(a->type.isReal() || a->type.isIntegral()) ||
        a->type.kind != b->type.kind)
      return false;
    targets.insert(a);
  }
  return true;
}

/// Whether every read and write of `targets` in `li` (its body, step and
/// header) is the branch `s`'s: its condition's reads, its copies' writes.
bool onlyTheBranch(const LoopInfo &li, const Stmt &s,
                   const std::set<const Var *> &targets) {
  std::set<const Stmt *> copies;
  for (const StmtPtr &c : s.then_block)
    copies.insert(c.get());
  bool alone = true;
  auto reads = [&](const Expr &e) {
    forEachRead(e, [&](Var *v) { alone &= !targets.count(v); });
  };
  for (const Expr *h : {li.cond.get(), li.start.get(), li.bound.get()})
    if (h)
      reads(*h);
  for (const Block *b : {&li.body, &li.step})
    forEachStmt(*b, [&](const Stmt &x, int) {
      if (copies.count(&x)) {
        reads(*x.rhs);
        return;
      }
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
          copiesOnly(s.then_block, targets) && onlyTheBranch(li, s, targets))
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
