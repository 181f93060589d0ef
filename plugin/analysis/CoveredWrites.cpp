//===- CoveredWrites.cpp - overwrites whose old value is already saved ----===//
//
// A function writing through a pointer parameter gives the caller's memory
// back, in its reverse, as it was at entry (ToBeRecorded.cpp): its first
// overwrite of an element records the caller's value there. A later
// overwrite of the same element needs no record of its own when nothing
// the reverse runs in between reads the element (needsRecord's readers):
// the first one's restore puts the caller's value back. The common shape
// is a product into `out` (`Qtimesx` of GMM):
//
//   for (int i = 0; i < d; i++) out[i] = q[i] * x[i];      // covers out[0, d)
//   for (int i = 0; i < d; i++)
//     for (int j = i + 1; j < d; j++) out[j] += l[..] * x[i]; // covered
//
// This pass proves that shape: a loop at the top of the function body,
// counted from 0 below a bound of unchanged parameters, whose body
// overwrites `out[k]` unconditionally, covers every later write
// `out[j]` where j counts upward from a non-negative start below the same
// bound.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "ir/IRWalk.h"
#include "ir/Support.h"

namespace tangent {

namespace {

/// The index variable of `lhs` when it is `v[k]` (one index, a variable).
const Var *indexOf(const Expr &lhs, const Var *v) {
  if (lhs.kind != ExprKind::Index || lhs.ops[0]->kind != ExprKind::VarRef ||
      lhs.ops[0]->var != v)
    return nullptr;
  const Expr &k = stripIntCasts(*lhs.ops[1]);
  return k.kind == ExprKind::VarRef ? k.var : nullptr;
}

/// A bound made of literals and parameters the function never writes.
bool unchangedBound(const Expr &e) {
  bool ok = e.type.isIntegral();
  forEachRead(e,
              [&](Var *u) { ok &= u->role == VarRole::Param && u->invariant; });
  return ok;
}

/// Counted upward by one, below `bound` (`k < bound`).
bool countsUpBelow(const LoopInfo &li) {
  return li.form == LoopInfo::Form::Counted && li.induction &&
         li.compare == Op::Lt && li.increment == 1 && li.start && li.bound &&
         unchangedBound(*li.bound);
}

/// Whether `e` is provably non-negative where `loops` enclose it: integer
/// literals >= 0, inductions of those loops counting up from such a start,
/// and sums and products of such.
bool nonNegative(const Expr &e, const std::vector<const Stmt *> &loops) {
  const Expr &x = stripIntCasts(e);
  switch (x.kind) {
  case ExprKind::Literal:
    return x.is_int_const && x.int_const >= 0;
  case ExprKind::VarRef:
    for (const Stmt *l : loops) {
      const LoopInfo &li = *l->loop;
      if (li.form == LoopInfo::Form::Counted && li.induction == x.var)
        return li.increment > 0 && li.start && nonNegative(*li.start, loops);
    }
    return false;
  case ExprKind::Binary:
    return (x.op == Op::Add || x.op == Op::Mul) &&
           nonNegative(*x.ops[0], loops) && nonNegative(*x.ops[1], loops);
  default:
    return false;
  }
}

/// The bound of a top-level loop of `fn` that overwrites v[0, bound)
/// before the statement numbered `at`, or null.
const Expr *coveringBound(const Function &fn, const Var *v, int at) {
  const Expr *found = nullptr;
  for (std::size_t i = 0; i + 1 < fn.body.size(); ++i) {
    const Stmt &c = *fn.body[i];
    // c's statements are numbered below its next sibling's (preorder).
    if (fn.positions.at(fn.body[i + 1].get()).index > at)
      break;
    if (c.kind != StmtKind::Loop || !countsUpBelow(*c.loop))
      continue;
    const Expr &start = stripIntCasts(*c.loop->start);
    if (!(start.is_int_const && start.int_const == 0))
      continue;
    for (const StmtPtr &b : c.loop->body)
      if (b->kind == StmtKind::Assign &&
          indexOf(*b->lhs, v) == c.loop->induction)
        found = c.loop->bound.get();
  }
  return found;
}

/// `v` itself (the pointer) is never assigned: every write is to an element.
bool neverReseated(const Function &fn, const Var *v) {
  bool reseated = false;
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    forEachWrite(s, [&](Var *w, bool whole) { reseated |= w == v && whole; });
  });
  return !reseated;
}

} // namespace

bool coveredOverwrite(const Function &fn, const Stmt &s, const Var *v) {
  if (!fn.passes.on(Pass::CoveredWrites))
    return false;
  if (s.kind != StmtKind::Assign || v->role != VarRole::Param ||
      v->type.kind != TypeKind::Pointer)
    return false;
  const Var *j = indexOf(*s.lhs, v);
  auto at = fn.positions.find(&s);
  if (!j || at == fn.positions.end())
    return false;
  const std::vector<const Stmt *> &loops = at->second.loops;
  const LoopInfo *counting = nullptr;
  for (const Stmt *l : loops)
    if (l->loop->form == LoopInfo::Form::Counted && l->loop->induction == j)
      counting = l->loop.get();
  if (!counting || !countsUpBelow(*counting) ||
      !nonNegative(*counting->start, loops))
    return false;
  const Expr *bound = coveringBound(fn, v, at->second.index);
  return bound && sameExpr(*bound, *counting->bound) && neverReseated(fn, v);
}

} // namespace tangent
