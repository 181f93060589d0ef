//===- IRWalk.cpp - traversals of the IR shared by the analyses -----------===//
#include "ir/IRWalk.h"
#include <cstdlib>
#include <string_view>

namespace tangent {

namespace {

/// forEachStmt over a const or a mutable block (`fn` is given what the
/// block holds with the same constness).
template <class B, class F> void walkStmts(B &block, const F &fn, int depth) {
  for (const StmtPtr &s : block) {
    fn(*s, depth);
    switch (s->kind) {
    case StmtKind::If:
      walkStmts<B>(s->then_block, fn, depth);
      walkStmts<B>(s->else_block, fn, depth);
      break;
    case StmtKind::Loop:
      walkStmts<B>(s->loop->init, fn, depth);
      walkStmts<B>(s->loop->body, fn, depth + 1);
      walkStmts<B>(s->loop->step, fn, depth + 1);
      break;
    case StmtKind::Block:
      walkStmts<B>(s->block, fn, depth);
      break;
    case StmtKind::Assign:
    case StmtKind::Construct:
    case StmtKind::Call:
    case StmtKind::Swap:
    case StmtKind::Resize:
      break;
    }
  }
}

template <class S, class F> void walkExprs(S &s, const F &fn) {
  for (const ExprPtr *e : {&s.lhs, &s.rhs, &s.cond})
    if (*e)
      fn(**e);
  for (const ExprPtr &a : s.args)
    fn(*a);
}

} // namespace

void forEachStmt(const Block &block,
                 const std::function<void(const Stmt &, int)> &fn, int depth) {
  walkStmts<const Block>(block, fn, depth);
}

void forEachStmt(Block &block, const std::function<void(Stmt &, int)> &fn,
                 int depth) {
  walkStmts<Block>(block, fn, depth);
}

void forEachNested(const Stmt &s, const std::function<void(const Stmt &)> &fn) {
  fn(s);
  for (const Block *b : {&s.then_block, &s.else_block, &s.block})
    forEachStmt(*b, [&](const Stmt &t, int) { fn(t); });
  if (s.loop)
    for (const Block *b : {&s.loop->init, &s.loop->body, &s.loop->step})
      forEachStmt(*b, [&](const Stmt &t, int) { fn(t); });
}

Var *rootVar(const Expr &e) {
  if (e.kind == ExprKind::VarRef)
    return e.var;
  if (e.kind == ExprKind::Index)
    return rootVar(*e.ops[0]);
  return nullptr;
}

void forEachIndex(const Expr &e, const std::function<void(const Expr &)> &fn) {
  for (const Expr *x = &e; x->kind == ExprKind::Index; x = x->ops[0].get())
    fn(*x->ops[1]);
}

bool callWrites(const Stmt &s, size_t i) {
  if (!s.arg_is_output[i])
    return false;
  // The callee's summary, once known: a container (or what a pointer points
  // at) it never writes, nor any function it calls (ToBeRecorded.cpp:
  // summarizeWrites), is only read. A scalar bound to a non-const reference
  // stays written: cheap to save, and generated code may hold it const
  // otherwise (an induction variable a lambda captures by reference).
  const Function *c = s.callee;
  const Type &t = s.args[i]->type;
  return !c || !s.custom.empty() ||
         (!t.isContainer() && t.kind != TypeKind::Pointer) ||
         c->param_written.size() != s.args.size() || c->param_written[i];
}

void forEachWrite(const Stmt &s, const std::function<void(Var *, bool)> &fn) {
  switch (s.kind) {
  case StmtKind::Assign:
    if (s.lhs->kind == ExprKind::VarRef)
      fn(s.lhs->var, true);
    else if (s.lhs->kind == ExprKind::Index)
      fn(rootVar(*s.lhs), false);
    break;
  case StmtKind::Construct:
    fn(s.var, true);
    break;
  case StmtKind::Swap:
    fn(s.lhs->var, true);
    fn(s.rhs->var, true);
    break;
  case StmtKind::Resize:
    fn(s.var, true); // its size changes
    break;
  case StmtKind::Call:
    if (s.result)
      fn(s.result, true);
    for (size_t i = 0; i < s.args.size(); ++i)
      if (callWrites(s, i)) {
        const Expr &a = *s.args[i];
        if (a.kind == ExprKind::VarRef)
          fn(a.var, true);
        else if (a.kind == ExprKind::Index)
          fn(rootVar(a), false);
      }
    break;
  case StmtKind::If:
  case StmtKind::Loop:
  case StmtKind::Block:
    break;
  }
}

void forEachExpr(const Stmt &s, const std::function<void(const Expr &)> &fn) {
  walkExprs(s, fn);
}

void forEachExpr(Stmt &s, const std::function<void(Expr &)> &fn) {
  walkExprs(s, fn);
}

void forEachOwnExpr(const Stmt &s,
                    const std::function<void(const Expr &)> &fn) {
  forEachExpr(s, fn);
  if (s.loop)
    for (const ExprPtr *e : {&s.loop->cond, &s.loop->start, &s.loop->bound})
      if (*e)
        fn(**e);
}

void forEachOwnExpr(Stmt &s, const std::function<void(Expr &)> &fn) {
  forEachExpr(s, fn);
  if (s.loop)
    for (ExprPtr *e : {&s.loop->cond, &s.loop->start, &s.loop->bound})
      if (*e)
        fn(**e);
}

void forEachRead(const Expr &e, const std::function<void(Var *)> &fn) {
  if (e.var)
    fn(e.var);
  for (const ExprPtr &op : e.ops)
    forEachRead(*op, fn);
}

void collectAccessed(const Block &block, std::set<Var *> &out) {
  forEachStmt(block, [&](const Stmt &s, int) {
    forEachOwnExpr(s, [&](const Expr &e) {
      forEachRead(e, [&](Var *v) { out.insert(v); });
    });
    if (s.var)
      out.insert(s.var);
    if (s.result)
      out.insert(s.result);
  });
}

void collectAccessed(const Block &block, std::set<const Var *> &out) {
  std::set<Var *> accessed;
  collectAccessed(block, accessed);
  out.insert(accessed.begin(), accessed.end());
}

bool readsVar(const Expr &e, const Var *v) {
  bool found = false;
  forEachRead(e, [&](Var *x) { found |= x == v; });
  return found;
}

bool onlyElement(const Expr &e, const Var *v, const Var *i) {
  if (e.kind == ExprKind::Index && e.ops[0]->var == v)
    return e.ops[1]->kind == ExprKind::VarRef && e.ops[1]->var == i;
  if (e.kind == ExprKind::VarRef)
    return e.var != v;
  for (const ExprPtr &op : e.ops)
    if (!onlyElement(*op, v, i))
      return false;
  return true;
}

bool constInt(const Expr &e, long long &value) {
  const Expr *x = &e;
  while (x->kind == ExprKind::Cast && x->type.isIntegral())
    x = x->ops[0].get();
  if (!x->is_int_const)
    return false;
  value = x->int_const;
  return true;
}

bool isZero(const Expr &e) {
  const Expr *x = &e;
  while (x->kind == ExprKind::Cast) // a conversion keeps a zero zero
    x = x->ops[0].get();
  if (x->is_int_const)
    return x->int_const == 0;
  if (x->kind != ExprKind::Literal || !x->type.isReal() || x->text.empty() ||
      x->text[0] == '-')
    return false;
  const char *begin = x->text.c_str();
  char *end = nullptr;
  const double value = std::strtod(begin, &end);
  return end != begin &&
         std::string_view(end).find_first_not_of("fFlL") ==
             std::string_view::npos &&
         value == 0.0;
}

const Expr &stripIntCasts(const Expr &e) {
  const Expr *x = &e;
  while (x->kind == ExprKind::Cast && x->type.isIntegral() &&
         x->ops[0]->type.isIntegral())
    x = x->ops[0].get();
  return *x;
}

bool stmtMentions(const Stmt &s, const Var *v) {
  bool found = s.var == v || s.result == v;
  forEachOwnExpr(s, [&](const Expr &e) { found |= readsVar(e, v); });
  return found;
}

bool callsLibrary(const Expr &e) {
  if (e.kind == ExprKind::InactiveCall && e.form == CallForm::Free)
    return true;
  for (const ExprPtr &op : e.ops)
    if (callsLibrary(*op))
      return true;
  return false;
}

void substituteVar(Expr &e, const Var *from, Var *to) {
  if (e.kind == ExprKind::VarRef && e.var == from)
    e.var = to;
  for (ExprPtr &op : e.ops)
    substituteVar(*op, from, to);
}

} // namespace tangent
