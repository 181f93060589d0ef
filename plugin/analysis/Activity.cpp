//===- Activity.cpp - which variables carry derivatives -------------------===//
//
// A variable is varied when it depends on an independent input, useful when
// the result depends on it, and active when both hold and its type can carry
// a derivative. The analysis is flow-insensitive (a fixpoint over all
// statements), which is conservative and cheap.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "ir/Support.h"

namespace tangent {

namespace {

/// The variables an expression's value flows from (not its indices).
void valueSources(const Expr &e, const std::function<void(Var *)> &fn) {
  switch (e.kind) {
  case ExprKind::VarRef:
    fn(e.var);
    return;
  case ExprKind::Index:
    fn(rootVar(e));
    return;
  case ExprKind::Size:
  case ExprKind::Literal:
  case ExprKind::InactiveCall:
  case ExprKind::Name:
    return;
  case ExprKind::Cond:
    valueSources(*e.ops[1], fn);
    valueSources(*e.ops[2], fn);
    return;
  case ExprKind::Unary:
  case ExprKind::Binary:
  case ExprKind::Math:
  case ExprKind::Cast:
    for (const ExprPtr &op : e.ops)
      valueSources(*op, fn);
  }
}

bool flowsFrom(const Expr &e, bool Var::*flag) {
  bool any = false;
  valueSources(e,
               [&](Var *v) { any |= v->*flag && v->type.isDifferentiable(); });
  return any;
}

void markExprs(Expr &e) {
  bool active = false;
  valueSources(e, [&](Var *v) { active |= v->active; });
  e.active = active && (e.type.isReal() || e.type.isDifferentiable());
  for (const ExprPtr &op : e.ops)
    markExprs(*op);
}

} // namespace

namespace {

/// An address into a local vector without a derivative, given to a
/// differentiated pointer parameter of a call that carries derivatives
/// (`b.data()` of a `std::vector<Atom>` whose `z` is constant, for a
/// `const Atom *`): the callee's reverse accumulates into storage of the
/// vector's extent, which only the vector's own adjoint has where the
/// reverse call runs, so the vector gets one (to a fixed point: that may
/// make other calls carry derivatives).
void activeStorageOfAddresses(Function &fn) {
  for (bool changed = true; changed;) {
    changed = false;
    forEachStmt(fn.body, [&](Stmt &s, int) {
      if (s.kind != StmtKind::Call || !s.callee || s.mpi)
        return;
      bool active = s.result && s.result->active;
      for (size_t i = 0; i < s.args.size(); ++i)
        if (const Var *v = rootVar(*s.args[i]); v && s.arg_is_output[i])
          active |= v->active;
      if (!active)
        return;
      for (size_t i = 0; i < s.args.size() && i < s.callee->params.size();
           ++i) {
        const Expr &a = *s.args[i];
        const Var &p = *s.callee->params[i];
        Var *root =
            a.address && a.kind == ExprKind::Index ? rootVar(a) : nullptr;
        if (root && !root->active && root->role != VarRole::Param &&
            root->type.kind == TypeKind::Vector && !root->type.isNested() &&
            root->type.isDifferentiable() && p.type.isDifferentiable() &&
            !p.data) {
          root->active = true;
          changed = true;
        }
      }
    });
  }
}

} // namespace

Activity analyzeActivity(Function &fn, const LoopForms &loops,
                         std::uint64_t wrt, bool optimized) {
  TANGENT_ASSERT(loops.fn == &fn, "activity from another function's loops");
  for (Var *p : fn.params) {
    bool selected = !fn.is_top ||
                    (p->sourceParam() < 64 && ((wrt >> p->sourceParam()) & 1u));
    p->varied = selected && !p->data && p->type.isDifferentiable();
  }
  if (fn.result_var)
    fn.result_var->useful = true;
  // Output parameters are results too: pointers to non-const storage
  // (written through; also of the requested function, whose pullback takes
  // the adjoint of the values it leaves there, docs/api.md) and the
  // non-const references of callees.
  for (Var *p : fn.params)
    if (!p->is_const &&
        (p->type.kind == TypeKind::Pointer || (p->by_reference && !fn.is_top)))
      p->useful = true;

  bool changed = true;
  while (changed) {
    changed = false;
    auto set = [&](Var *v, bool Var::*flag) {
      if (v && !(v->*flag) && v->type.isDifferentiable()) {
        v->*flag = true;
        changed = true;
      }
    };
    forEachStmt(fn.body, [&](const Stmt &s, int) {
      switch (s.kind) {
      case StmtKind::Assign: {
        Var *target = rootVar(*s.lhs);
        if (flowsFrom(*s.rhs, &Var::varied))
          set(target, &Var::varied);
        if (target->useful)
          valueSources(*s.rhs, [&](Var *v) { set(v, &Var::useful); });
        break;
      }
      case StmtKind::Construct: {
        bool varied = false;
        for (const ExprPtr &a : s.args)
          varied |= flowsFrom(*a, &Var::varied);
        if (varied)
          set(s.var, &Var::varied);
        if (s.var->useful)
          for (const ExprPtr &a : s.args)
            valueSources(*a, [&](Var *v) { set(v, &Var::useful); });
        break;
      }
      case StmtKind::Resize:
        // The value (or row) appended or filled in flows into the vector.
        for (const ExprPtr &a : s.args)
          if (a->type.isDifferentiable() && flowsFrom(*a, &Var::varied))
            set(s.var, &Var::varied);
        if (s.var->useful)
          for (const ExprPtr &a : s.args)
            valueSources(*a, [&](Var *v) { set(v, &Var::useful); });
        break;
      case StmtKind::Swap:
        // The two exchange their values: each may hold the other's.
        for (bool Var::*flag : {&Var::varied, &Var::useful})
          if (s.lhs->var->*flag || s.rhs->var->*flag) {
            set(s.lhs->var, flag);
            set(s.rhs->var, flag);
          }
        break;
      case StmtKind::Call: {
        if (s.mpi) {
          // What a buffer receives comes from another rank's buffers,
          // whose activity this rank cannot see: every floating buffer
          // is active, so that both ends reverse their communication.
          for (const ExprPtr &a : s.args)
            if (a->type.isReal()) {
              set(rootVar(*a), &Var::varied);
              set(rootVar(*a), &Var::useful);
            }
          break;
        }
        bool varied = false, useful = s.result && s.result->useful;
        for (size_t i = 0; i < s.args.size(); ++i) {
          varied |= flowsFrom(*s.args[i], &Var::varied);
          if (s.arg_is_output[i])
            valueSources(*s.args[i], [&](Var *v) { useful |= v->useful; });
        }
        if (varied) {
          set(s.result, &Var::varied);
          for (size_t i = 0; i < s.args.size(); ++i)
            if (s.arg_is_output[i])
              valueSources(*s.args[i], [&](Var *v) { set(v, &Var::varied); });
        }
        if (useful)
          for (const ExprPtr &a : s.args)
            valueSources(*a, [&](Var *v) { set(v, &Var::useful); });
        break;
      }
      case StmtKind::If:
      case StmtKind::Loop:
      case StmtKind::Block:
        break;
      }
    });
  }
  for (auto &v : fn.vars) {
    v->active = v->type.isDifferentiable() &&
                (optimized ? (v->varied && v->useful) : true);
    // Parameters not selected by wrt never get an adjoint of their own.
    if (fn.is_top && v->role == VarRole::Param && !v->varied)
      v->active = false;
  }
  activeStorageOfAddresses(fn);
  forEachStmt(fn.body, [&](Stmt &s, int) { forEachExpr(s, markExprs); });
  Activity out;
  out.fn = &fn;
  for (const auto &v : fn.vars)
    if (v->active) {
      TANGENT_ASSERT(v->type.isDifferentiable(),
                     "an active variable that cannot carry a derivative");
      out.active.push_back(v.get());
    }
  return out;
}

} // namespace tangent
