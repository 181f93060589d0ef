//===- LoopAccesses.cpp - what a loop body reads and writes ---------------===//
//
// Each variable a statement uses, at which index and whether it writes it
// (an address given to a callee: the elements the callee reaches from it,
// IterationIndices.cpp; a call's arguments: written when the callee writes
// that parameter, IRWalk's callWrites). ParallelLoops.cpp decides from
// these which iteration each element belongs to.
//
//===----------------------------------------------------------------------===//
#include "analysis/LoopAccesses.h"
#include "analysis/Analysis.h"
#include "ir/IRWalk.h"

namespace tangent {

namespace {

/// Records the variables `e` reads (`write`: `e` is a target).
void expr(const Expr &e, Uses &u, bool write) {
  if (e.kind == ExprKind::VarRef) {
    u.add(e.var, nullptr, write);
    return;
  }
  if (e.kind == ExprKind::Index) {
    // v[i] or m[i][j]: an access of v (or m) at its first index.
    const Expr *base = &e;
    while (base->ops[0]->kind == ExprKind::Index)
      base = base->ops[0].get();
    if (base->ops[0]->kind == ExprKind::VarRef)
      u.add(base->ops[0]->var, base->ops[1].get(), write, 1, &e);
    else
      expr(*base->ops[0], u, write);
    for (const Expr *x = &e; x->kind == ExprKind::Index; x = x->ops[0].get())
      expr(*x->ops[1], u, false);
    return;
  }
  if (e.kind == ExprKind::Size && e.ops[0]->kind == ExprKind::VarRef)
    return; // a size: the body writes no container whole (else refused)
  if (e.var)
    u.add(e.var, nullptr, write);
  for (const ExprPtr &op : e.ops)
    expr(*op, u, false);
}

} // namespace

/// The accesses of statement `s` itself (not of its nested blocks).
void collectOne(const Stmt &s, Uses &u) {
  u.current = &s;
  switch (s.kind) {
  case StmtKind::Assign:
    expr(*s.rhs, u, false);
    expr(*s.lhs, u, true);
    break;
  case StmtKind::Call:
    for (size_t i = 0; i < s.args.size(); ++i) {
      const Expr &a = *s.args[i];
      if (a.kind == ExprKind::VarRef && s.callee &&
          s.callee->params.size() == s.args.size() &&
          !parameterUsed(*s.callee, s.callee->params[i]))
        continue; // a field a member function never touches
      if (a.address) {
        // An address reaches the storage from its element on: so many
        // elements when the callee uses a constant extent of it
        // (IterationIndices.cpp), else all of the variable.
        const long long extent =
            s.callee && s.callee->params.size() == s.args.size() &&
                    a.kind == ExprKind::Index &&
                    a.ops[0]->kind == ExprKind::VarRef
                ? pointerExtent(*s.callee, s.callee->params[i])
                : 0;
        u.add(rootVar(a), extent ? a.ops[1].get() : nullptr, callWrites(s, i),
              extent);
        forEachIndex(a, [&](const Expr &index) { expr(index, u, false); });
        continue;
      }
      expr(a, u, callWrites(s, i));
    }
    if (s.result)
      u.add(s.result, nullptr, true);
    break;
  case StmtKind::Construct:
  case StmtKind::Resize:
    for (const ExprPtr &a : s.args)
      expr(*a, u, false);
    u.add(s.var, nullptr, true);
    break;
  case StmtKind::Swap:
    u.add(s.lhs->var, nullptr, true);
    u.add(s.rhs->var, nullptr, true);
    break;
  case StmtKind::If:
    expr(*s.cond, u, false);
    break;
  case StmtKind::Loop:
    for (const ExprPtr *e : {&s.loop->cond, &s.loop->start, &s.loop->bound})
      if (*e)
        expr(**e, u, false);
    break;
  case StmtKind::Block:
    break;
  }
}

/// Every access in `block`, recursively, in program order.
void collect(const Block &block, Uses &u) {
  forEachStmt(block, [&](const Stmt &s, int) { collectOne(s, u); });
}

/// Every access of statement `s` and of the blocks nested in it.
Uses accessesOf(const Stmt &s) {
  Uses u;
  collectOne(s, u);
  if (s.kind == StmtKind::If) {
    collect(s.then_block, u);
    collect(s.else_block, u);
  } else if (s.kind == StmtKind::Loop) {
    collect(s.loop->init, u);
    collect(s.loop->body, u);
    collect(s.loop->step, u);
  } else if (s.kind == StmtKind::Block) {
    collect(s.block, u);
  }
  return u;
}

namespace {

/// Whether `e` reads an element, an inactive call's result or an entry.
bool readsTable(const Expr &e, const std::set<const Var *> &entries) {
  if (e.kind == ExprKind::Index || e.kind == ExprKind::InactiveCall ||
      (e.kind == ExprKind::VarRef && entries.count(e.var)))
    return true;
  for (const ExprPtr &op : e.ops)
    if (readsTable(*op, entries))
      return true;
  return false;
}

} // namespace

std::set<const Var *> tableEntries(const Block &body) {
  std::set<const Var *> entries;
  for (bool changed = true; changed;) {
    changed = false;
    forEachStmt(body, [&](const Stmt &s, int) {
      Var *v = nullptr;
      if (s.kind == StmtKind::Assign && s.lhs->kind == ExprKind::VarRef &&
          readsTable(*s.rhs, entries))
        v = s.lhs->var;
      else if (s.kind == StmtKind::Call)
        v = s.result;
      if (v && v->type.isIntegral() && entries.insert(v).second)
        changed = true;
    });
  }
  return entries;
}

bool atAssignedElements(const std::vector<Access> &list,
                        const std::set<const Var *> &entries) {
  bool tabled = false;
  for (const Access &a : list) {
    bool assigned = false;
    for (const Access &w : list)
      assigned |= a.element && w.write && w.element && w.stmt == a.stmt &&
                  w.stmt->kind == StmtKind::Assign &&
                  w.element == w.stmt->lhs.get() &&
                  sameExpr(*w.element, *a.element);
    if (!assigned)
      return false;
    forEachIndex(*a.element, [&](const Expr &index) {
      tabled |= readsTable(index, entries);
    });
  }
  return tabled;
}

} // namespace tangent
