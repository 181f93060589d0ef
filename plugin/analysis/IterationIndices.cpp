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
//  - A callee's extent through a pointer parameter: 1 + the largest index
//    it uses there (`*p`, `p[1]`, `p[k]` in `for (k = 0; k < 8; ++k)`:
//    constants, indices of loops with constant bounds, their sums), when
//    it uses no other: an address given to it (`g(&err[2 * i])`) reaches
//    that many elements; and the parameters it never uses (a member
//    function's other fields).
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "ir/IRWalk.h"
#include "ir/Support.h"
#include <functional>
#include <map>
#include <set>
#include <tuple>

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
  out.ranges = constantRanges(li.body);
  // A scalar is a copy (or a place in a block) when every write of it in
  // the body sets it to a place in the same block; the widest of its
  // places. Until nothing changes: a copy of a copy (`at = i3;`).
  for (bool changed = true; changed;) {
    changed = false;
    std::map<const Var *, IterationIndices::Place> kind; // size 0: other
    forEachStmt(li.body, [&](const Stmt &s, int) {
      IterationIndices::Place p;
      if (s.kind == StmtKind::Assign && s.lhs->kind == ExprKind::VarRef &&
          s.lhs->type.isIntegral())
        p = out.placeOf(*s.rhs);
      forEachWrite(s, [&](Var *v, bool) {
        if (v == li.induction || (li.omp && v == li.omp->share_index))
          return;
        const bool mine = s.kind == StmtKind::Assign &&
                          s.lhs->kind == ExprKind::VarRef && s.lhs->var == v;
        const IterationIndices::Place here =
            mine ? p : IterationIndices::Place{};
        auto [it, fresh] = kind.emplace(v, here);
        if (fresh)
          return;
        IterationIndices::Place &k = it->second;
        if (!(k.block == here.block) || here.block.size == 0)
          k = {};
        else
          k = {k.block, std::min(k.lo, here.lo), std::max(k.hi, here.hi)};
      });
    });
    for (const auto &[v, p] : kind) {
      const bool copy = p.block.size == 1 && p.lo == 0 && p.hi == 0;
      const bool placed = p.block.size > 1 && p.lo >= 0 &&
                          p.hi < p.block.size && !out.ranges.count(v);
      if (copy && !out.own.count(v)) {
        out.own[v] = p.block.root;
        changed = true;
      } else if (placed &&
                 (!out.stride.count(v) || !(out.stride[v].block == p.block) ||
                  out.stride[v].lo != p.lo || out.stride[v].hi != p.hi)) {
        out.stride[v] = p;
        changed = true;
      }
    }
  }
  return out;
}

IterationIndices::Place IterationIndices::placeOf(const Expr &index) const {
  const Expr &x = withoutCasts(index);
  if (x.kind == ExprKind::VarRef) {
    if (auto it = own.find(x.var); it != own.end())
      return {{1, it->second}, 0, 0};
    auto it = stride.find(x.var);
    return it == stride.end() ? Place{} : it->second;
  }
  if (x.kind != ExprKind::Binary)
    return {};
  long long c = 0;
  if (x.op == Op::Mul)
    for (int side = 0; side < 2; ++side) {
      const Expr &y = withoutCasts(*x.ops[side]);
      if (auto it = y.kind == ExprKind::VarRef ? own.find(y.var) : own.end();
          it != own.end() && constInt(*x.ops[1 - side], c) && c > 0)
        return {{c, it->second}, 0, 0};
    }
  // A place plus (or minus) constants or indices of ranges.
  long long lo = 0, hi = 0;
  if (x.op == Op::Add || x.op == Op::Sub)
    for (int side = 0; side < (x.op == Op::Add ? 2 : 1); ++side) {
      Place p = placeOf(*x.ops[side]);
      if (p.block.size == 0 || !rangeOf(*x.ops[1 - side], ranges, lo, hi))
        continue;
      if (x.op == Op::Add)
        return {p.block, p.lo + lo, p.hi + hi};
      return {p.block, p.lo - hi, p.hi - lo};
    }
  return {};
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

IndexRanges constantRanges(const Block &body) {
  IndexRanges ranges;
  std::map<const Var *, std::set<const Stmt *>> inside; // its loops
  forEachStmt(body, [&](const Stmt &s, int) {
    if (s.kind != StmtKind::Loop || s.loop->init.size() != 1 ||
        s.loop->step.size() != 1 || !s.loop->cond)
      return;
    const LoopInfo &li = *s.loop;
    const Stmt &init = *li.init[0], &step = *li.step[0];
    const Expr &cond = withoutCasts(*li.cond);
    if (init.kind != StmtKind::Assign || init.lhs->kind != ExprKind::VarRef ||
        !init.lhs->type.isIntegral())
      return;
    Var *i = init.lhs->var;
    auto isI = [&](const Expr &e) {
      const Expr &x = withoutCasts(e);
      return x.kind == ExprKind::VarRef && x.var == i;
    };
    long long lo = 0, hi = 0, by = 0;
    // i = lo; i < hi (or <=); i = i + by, by > 0.
    const bool up = cond.kind == ExprKind::Binary &&
                    (cond.op == Op::Lt || cond.op == Op::Le) &&
                    isI(*cond.ops[0]) && constInt(*cond.ops[1], hi) &&
                    constInt(*init.rhs, lo) && step.kind == StmtKind::Assign &&
                    step.lhs->kind == ExprKind::VarRef && step.lhs->var == i;
    if (!up)
      return;
    const Expr &next = withoutCasts(*step.rhs);
    if (next.kind != ExprKind::Binary || next.op != Op::Add ||
        !isI(*next.ops[0]) || !constInt(*next.ops[1], by) || by <= 0)
      return;
    bool written = false;
    forEachStmt(li.body, [&](const Stmt &b, int) {
      forEachWrite(b, [&](Var *v, bool) { written |= v == i; });
    });
    if (written)
      return;
    if (cond.op == Op::Lt)
      --hi;
    // A second loop over the same index widens its range.
    auto [it, fresh] = ranges.emplace(i, std::make_pair(lo, hi));
    if (!fresh)
      it->second = {std::min(it->second.first, lo),
                    std::max(it->second.second, hi)};
    for (const Block *b : {&li.init, &li.body, &li.step})
      forEachStmt(*b, [&](const Stmt &x, int) { inside[i].insert(&x); });
    inside[i].insert(&s);
  });
  // An index used outside its loops (after one: its bound) has no range.
  forEachStmt(body, [&](const Stmt &s, int) {
    forEachOwnExpr(s, [&](const Expr &e) {
      forEachRead(e, [&](Var *v) {
        if (ranges.count(v) && !inside[v].count(&s))
          ranges.erase(v);
      });
    });
    forEachWrite(s, [&](Var *v, bool) {
      if (ranges.count(v) && !inside[v].count(&s))
        ranges.erase(v);
    });
  });
  return ranges;
}

bool rangeOf(const Expr &e, const IndexRanges &ranges, long long &lo,
             long long &hi) {
  const Expr &x = withoutCasts(e);
  if (constInt(x, lo)) {
    hi = lo;
    return true;
  }
  if (x.kind == ExprKind::VarRef) {
    auto it = ranges.find(x.var);
    if (it == ranges.end())
      return false;
    std::tie(lo, hi) = it->second;
    return true;
  }
  long long alo = 0, ahi = 0, blo = 0, bhi = 0;
  // a % c, a >= 0: [0, c - 1], or a's own range when narrower.
  if (x.kind == ExprKind::Binary && x.op == Op::Rem &&
      rangeOf(*x.ops[0], ranges, alo, ahi) && alo >= 0 &&
      constInt(*x.ops[1], blo) && blo > 0) {
    lo = ahi < blo ? alo : 0;
    hi = std::min(ahi, blo - 1);
    return true;
  }
  if (x.kind != ExprKind::Binary || (x.op != Op::Add && x.op != Op::Sub) ||
      !rangeOf(*x.ops[0], ranges, alo, ahi) ||
      !rangeOf(*x.ops[1], ranges, blo, bhi))
    return false;
  lo = x.op == Op::Add ? alo + blo : alo - bhi;
  hi = x.op == Op::Add ? ahi + bhi : ahi - blo;
  return true;
}

long long pointerExtent(const Function &fn, const Var *p) {
  long long extent = 0;
  bool other = false;
  const IndexRanges ranges = constantRanges(fn.body);
  std::function<void(const Expr &)> visit = [&](const Expr &e) {
    if (e.kind == ExprKind::Index && e.ops[0]->kind == ExprKind::VarRef &&
        e.ops[0]->var == p) {
      long long lo = 0, hi = 0;
      if (rangeOf(*e.ops[1], ranges, lo, hi) && lo >= 0)
        extent = std::max(extent, hi + 1);
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
