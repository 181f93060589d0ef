//===- ReuseValues.cpp - rule rows that read a value already computed -----===//
//
// A tangent row often calls the function whose value the code computes
// anyway: the tangent of `c = cos(t)` is `t_t * -sin(t)`, and the code
// computes `s = sin(t)` two statements later (a rotation). The row reads
// `s` instead, the statement that computes it moved up to before the row:
//
//   s = std::sin(t);               // moved up
//   t_c = t_t * -s;                // was -std::sin(t)
//   c = std::cos(t);
//   t_s = t_t * c;                 // was std::cos(t)
//
// A value `v = f(x...)` (a function of the rule table on variables and
// literals, into a scalar local) replaces the same call in the statements
// of its block after it, up to a write of v or of an argument; and it moves
// up, past statements that neither access v nor write an argument, to the
// first statement of its block that makes the call. Each statement still
// computes the same values with the same operations (a call's value is
// the variable's), so the jvp's results are bitwise those of the calls.
// The Hessian-vector product, this function's adjoint, then sends the
// row's adjoint through v (and v's own rule) instead of through the call:
// the same derivative, rounded in another order, and the same code in
// every variant of the request.
//
//===----------------------------------------------------------------------===//
#include "forward/TangentLinear.h"
#include "ir/IRWalk.h"

namespace tangent {

namespace {

/// `v = f(args)` with f a function of the rule table, its arguments
/// variables or literals, v a floating-point scalar local.
bool reusable(const Stmt &s) {
  if (s.kind != StmtKind::Assign || s.lhs->kind != ExprKind::VarRef ||
      s.rhs->kind != ExprKind::Math || !s.lhs->type.isReal() ||
      s.lhs->var->role == VarRole::Param)
    return false;
  for (const ExprPtr &op : s.rhs->ops)
    if ((op->kind != ExprKind::VarRef && op->kind != ExprKind::Literal) ||
        (op->kind == ExprKind::VarRef && op->var == s.lhs->var))
      return false;
  return true;
}

/// Whether `e` contains the call `m`.
bool contains(const Expr &e, const Expr &m) {
  if (sameExpr(e, m))
    return true;
  for (const ExprPtr &op : e.ops)
    if (contains(*op, m))
      return true;
  return false;
}

/// Whether `s` (with its nested statements) contains the call `m`.
bool stmtContains(const Stmt &s, const Expr &m) {
  bool found = false;
  forEachNested(s, [&](const Stmt &t) {
    forEachOwnExpr(t, [&](const Expr &e) { found |= contains(e, m); });
  });
  return found;
}

/// Replaces every `m` in `e` by `v`.
void replace(ExprPtr &e, const Expr &m, Var *v) {
  if (sameExpr(*e, m)) {
    e = makeVarRef(v);
    return;
  }
  for (ExprPtr &op : e->ops)
    replace(op, m, v);
}

void replaceIn(Stmt &s, const Expr &m, Var *v) {
  for (ExprPtr *e : {&s.lhs, &s.rhs, &s.cond})
    if (*e)
      replace(*e, m, v);
  for (ExprPtr &a : s.args)
    replace(a, m, v);
  for (Block *b : {&s.then_block, &s.else_block, &s.block})
    for (StmtPtr &t : *b)
      replaceIn(*t, m, v);
  if (s.loop) {
    for (ExprPtr *e : {&s.loop->cond, &s.loop->start, &s.loop->bound})
      if (*e)
        replace(*e, m, v);
    for (Block *b : {&s.loop->init, &s.loop->body, &s.loop->step})
      for (StmtPtr &t : *b)
        replaceIn(*t, m, v);
  }
}

/// Whether `s` (with its nested statements) writes def's variable or an
/// argument of its call, or, with `or_reads`, reads its variable.
bool changes(const Stmt &s, const Stmt &def, bool or_reads) {
  const Var *v = def.lhs->var;
  bool found = false;
  forEachNested(s, [&](const Stmt &t) {
    auto argument = [&](const Var *w) {
      for (const ExprPtr &op : def.rhs->ops)
        if (op->kind == ExprKind::VarRef && op->var == w)
          return true;
      return false;
    };
    forEachWrite(t, [&](Var *w, bool) { found |= w == v || argument(w); });
    if (t.loop)
      found |= argument(t.loop->induction);
    if (or_reads)
      forEachOwnExpr(t, [&](const Expr &e) { found |= readsVar(e, v); });
  });
  return found;
}

void reuseIn(Block &b) {
  for (size_t i = 0; i < b.size(); ++i) {
    if (!reusable(*b[i]))
      continue;
    // Up: to the first statement that makes the call, past statements that
    // leave the value and its arguments alone.
    size_t to = i;
    for (size_t k = i; k-- > 0;) {
      if (changes(*b[k], *b[i], /*or_reads=*/true))
        break;
      if (stmtContains(*b[k], *b[i]->rhs))
        to = k;
    }
    if (to < i) {
      StmtPtr def = std::move(b[i]);
      b.erase(b.begin() + std::ptrdiff_t(i));
      b.insert(b.begin() + std::ptrdiff_t(to), std::move(def));
    }
    // Down: the calls after it read the value, up to a write of it or of
    // an argument.
    const Stmt &def = *b[to];
    for (size_t k = to + 1; k < b.size(); ++k) {
      if (changes(*b[k], def, /*or_reads=*/false))
        break;
      replaceIn(*b[k], *def.rhs, def.lhs->var);
    }
  }
  for (StmtPtr &s : b) {
    for (Block *nested : {&s->then_block, &s->else_block, &s->block})
      reuseIn(*nested);
    if (s->loop)
      reuseIn(s->loop->body);
  }
}

} // namespace

void reuseComputedValues(Function &fn) { reuseIn(fn.body); }

} // namespace tangent
