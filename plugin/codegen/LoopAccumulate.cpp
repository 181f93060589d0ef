//===- LoopAccumulate.cpp - loop-invariant adjoint elements in locals -----===//
//
// The reverse of `for (j = ...) out[j] = out[j] + L[k] * x[i];` updates
// `d_x[i]` in every iteration at an index the loop does not change. In
// memory, each update is a load and a store that the compiler cannot keep
// in a register: other adjoints updated in the loop (`d_L[k]`) may be the
// same storage, since const pointer parameters may overlap. The updates go
// to a local instead, added to the element once after the loop:
//
//   double sum{};
//   for (int j = d; j-- > i + 1;) { ...; sum += L[k] * d_3; }
//   d_x[i] += sum;
//
// That is right whatever overlaps: the loop's reverse only adds to
// `d_x`'s elements (x is not written in the loop, so nothing reads or
// zeroes its adjoint there), and an update that reaches the same storage
// through another adjoint is added in memory, the local's sum after it.
// The sum is rounded in another order than the updates one by one. Only
// the loops of callees that are not marked for checkpointing get locals:
// every variant of a request (fully taped, checkpointed, under a memory
// budget) tapes those loops with the same code, so they keep agreeing
// bitwise; a loop of the requested function may be checkpointed in one
// variant and taped in another.
//
//===----------------------------------------------------------------------===//
#include "codegen/SweepGenerator.h"

#include "ir/IRWalk.h"
#include <set>

namespace tangent {

namespace {

/// An index expression of variables and constants only.
bool plainIndex(const Expr &e) {
  switch (e.kind) {
  case ExprKind::VarRef:
  case ExprKind::Literal:
    return true;
  case ExprKind::Unary:
  case ExprKind::Binary:
  case ExprKind::Cast:
    for (const ExprPtr &op : e.ops)
      if (!plainIndex(*op))
        return false;
    return true;
  case ExprKind::Index:
  case ExprKind::Math:
  case ExprKind::Cond:
  case ExprKind::Size:
  case ExprKind::InactiveCall:
  case ExprKind::Name:
    return false;
  }
  return false;
}

void forEachElement(const Expr &e,
                    const std::function<void(const Expr &)> &fn) {
  if (e.kind == ExprKind::Index)
    fn(e);
  for (const ExprPtr &op : e.ops)
    forEachElement(*op, fn);
}

} // namespace

std::vector<SweepGenerator::Accumulator>
SweepGenerator::loopAccumulators(const LoopInfo &li) {
  std::vector<Accumulator> out;
  // Only in loops that every variant of a request tapes (a callee's loops
  // not marked for checkpointing): a loop that one variant checkpoints
  // would sum in another order there, and checkpointed gradients are
  // bitwise those of the full tape.
  if (li.form != LoopInfo::Form::Counted || lanes_ || fn_.is_top ||
      li.annotated || li.fixed_point || li.omp)
    return out;
  // What the loop writes, and which variables its calls are given.
  std::set<const Var *> written{li.induction}, passed;
  bool other = false;
  for (const Block *b : {&li.body, &li.step})
    forEachStmt(*b, [&](const Stmt &s, int) {
      forEachWrite(s, [&](Var *v, bool) { written.insert(v); });
      if (s.kind == StmtKind::Call) {
        other |= !s.callee || s.mpi || !s.custom.empty();
        for (const ExprPtr &a : s.args)
          forEachRead(*a, [&](Var *v) { passed.insert(v); });
      }
      if (s.loop) // an inner loop's induction variable
        written.insert(s.loop->induction);
    });
  if (other)
    return out;
  forEachStmt(li.body, [&](const Stmt &s, int) {
    forEachExpr(s, [&](const Expr &e) {
      forEachElement(e, [&](const Expr &x) {
        const Expr &base = *x.ops[0];
        const Var *v = base.kind == ExprKind::VarRef ? base.var : nullptr;
        if (!v || !v->active || v->adjoint.empty() || !x.type.isReal() ||
            v->type.isNested() || written.count(v) || passed.count(v) ||
            !plainIndex(*x.ops[1]))
          return;
        bool invariant = true;
        forEachRead(*x.ops[1],
                    [&](Var *r) { invariant &= written.count(r) == 0; });
        if (!invariant)
          return;
        std::shared_ptr<const Expr> element = adjointExpr(x);
        for (const Accumulator &acc : out)
          if (sameExpr(*acc.element, *element))
            return;
        // Named where first used (propagate).
        out.push_back(
            {element, "", adjointScalar(x.type.scalarSpelling(), lanes_)});
      });
    });
  });
  return out;
}

} // namespace tangent
