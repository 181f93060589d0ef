//===- IterationIndices.cpp - the elements each parallel iteration owns ---===//
//
// For analysis/ParallelLoops.cpp: which indices of a parallel loop's body
// name elements that belong to one iteration each, and how far a callee
// reaches through a pointer parameter.
//
//  - An iteration's own indices: the loop's induction variable, the index
//    of the loop over a thread's share in a region of per-thread results
//    (OmpLoop::share_index), and integer scalars the body only sets to one
//    of them (`int thread = omp_get_thread_num();` once lowered).
//  - Strided indices: integer scalars the body only sets to c times an own
//    index (`Index_t i3 = 8 * i;`, c a constant): the block [c i, c i + c)
//    is the iteration's, whatever it does inside it (`f[i3 + 5]`).
//  - A callee's extent through a pointer parameter: 1 + the largest
//    constant index it uses there (`*p`, `p[1]`), when it uses no other: an
//    address given to it (`g(&err[2 * i])`) reaches that many elements; and
//    the parameters it never uses (a member function's other fields).
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "ir/IRWalk.h"
#include "ir/Support.h"
#include <functional>
#include <map>

namespace tangent {

namespace {

/// `e` seen through integral conversions, as constInt (IRWalk.h) sees
/// constants.
const Expr &withoutCasts(const Expr &e) {
  const Expr *x = &e;
  while (x->kind == ExprKind::Cast && x->type.isIntegral())
    x = x->ops[0].get();
  return *x;
}

} // namespace

IterationIndices iterationIndices(const LoopInfo &li) {
  IterationIndices out;
  out.own[li.induction] = li.induction;
  if (li.omp && li.omp->share_index)
    out.own[li.omp->share_index] = li.omp->share_index;
  // A scalar is a copy (or a stride) when every write of it in the body
  // sets it to the same multiple of the same own index.
  std::map<const Var *, IterationIndices::Block> kind; // c == 0: other
  forEachStmt(li.body, [&](const Stmt &s, int) {
    IterationIndices::Block b;
    if (s.kind == StmtKind::Assign && s.lhs->kind == ExprKind::VarRef &&
        s.lhs->type.isIntegral())
      b = out.blockOf(*s.rhs);
    forEachWrite(s, [&](Var *v, bool) {
      if (out.own.count(v))
        return;
      const bool mine = s.kind == StmtKind::Assign &&
                        s.lhs->kind == ExprKind::VarRef && s.lhs->var == v;
      const IterationIndices::Block here = mine ? b : IterationIndices::Block{};
      auto [it, fresh] = kind.emplace(v, here);
      if (!fresh && !(it->second == here))
        it->second = {};
    });
  });
  for (const auto &[v, b] : kind) {
    if (b.size == 1)
      out.own[v] = b.root;
    else if (b.size > 1)
      out.stride[v] = b;
  }
  return out;
}

IterationIndices::Block IterationIndices::blockOf(const Expr &base) const {
  const Expr &x = withoutCasts(base);
  if (x.kind == ExprKind::VarRef) {
    if (auto it = own.find(x.var); it != own.end())
      return {1, it->second};
    auto it = stride.find(x.var);
    return it == stride.end() ? Block{} : it->second;
  }
  long long c = 0;
  if (x.kind == ExprKind::Binary && x.op == Op::Mul)
    for (int side = 0; side < 2; ++side) {
      const Expr &y = withoutCasts(*x.ops[side]);
      if (auto it = y.kind == ExprKind::VarRef ? own.find(y.var) : own.end();
          it != own.end() && constInt(*x.ops[1 - side], c) && c > 0)
        return {c, it->second};
    }
  return {};
}

const Expr &offsetBase(const Expr &index, long long &k) {
  k = 0;
  const Expr &x = withoutCasts(index);
  long long c = 0;
  if (x.kind == ExprKind::Binary && x.op == Op::Add && constInt(*x.ops[1], c)) {
    k = c;
    return *x.ops[0];
  }
  return index;
}

namespace {

/// Calls `fn` on every expression of `f`'s body and loop headers.
void eachExpr(const Function &f, const std::function<void(const Expr &)> &fn) {
  forEachStmt(f.body, [&](const Stmt &s, int) {
    forEachExpr(s, fn);
    if (s.kind == StmtKind::Loop)
      for (const ExprPtr *h : {&s.loop->cond, &s.loop->start, &s.loop->bound})
        if (*h)
          fn(**h);
  });
}

} // namespace

long long pointerExtent(const Function &fn, const Var *p) {
  long long extent = 0;
  bool other = false;
  std::function<void(const Expr &)> visit = [&](const Expr &e) {
    if (e.kind == ExprKind::Index && e.ops[0]->kind == ExprKind::VarRef &&
        e.ops[0]->var == p) {
      long long k = 0;
      if (constInt(*e.ops[1], k) && k >= 0)
        extent = std::max(extent, k + 1);
      else
        other = true;
      visit(*e.ops[1]);
      return;
    }
    if (e.kind == ExprKind::VarRef && e.var == p)
      other = true; // given on, compared, walked
    for (const ExprPtr &op : e.ops)
      visit(*op);
  };
  eachExpr(fn, visit);
  return other ? 0 : extent;
}

bool parameterUsed(const Function &fn, const Var *p) {
  bool used = false;
  std::function<void(const Expr &)> visit = [&](const Expr &e) {
    used |= e.var == p;
    for (const ExprPtr &op : e.ops)
      visit(*op);
  };
  eachExpr(fn, visit);
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    used |= s.var == p || s.result == p; // constructed, resized, set
  });
  return used;
}

} // namespace tangent
