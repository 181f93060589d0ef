//===- LowerVector.cpp - std::vector operations by their meaning ----------===//
//
// The member calls of AstShapes.h's ContainerMember: push_back,
// emplace_back and insert at the end become Resize Append statements,
// pop_back a Resize Pop, resize / clear a Resize To (reserve has no effect
// on values), assign(n, x) a Resize To 0 then To n, assign(first, last) of
// a whole vector an assignment; back() and front() are elements, empty() a
// size test (capacity() is refused). A
// vector of objects is one vector per leaf: each gets the operation.
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"

namespace tangent {

using namespace clang;

namespace {

Type sizeType() { return intType("std::size_t"); }

/// The type of an element of vector `v`.
Type elementType(Var *v) {
  return makeIndex(makeVarRef(v), makeIntLiteral(0, sizeType()))->type;
}

/// `x` as an element of vector `v` (a cast where its type differs).
ExprPtr valueOf(Var *v, ExprPtr x) {
  Type t = elementType(v);
  return x->type.spelling == t.spelling ? std::move(x)
                                        : makeCast(t, std::move(x));
}

} // namespace

ExprPtr FunctionLowerer::endIndex(Var *container, bool back) {
  if (!back)
    return makeIntLiteral(0, sizeType());
  return makeBinary(Op::Sub, sizeOf(container), makeIntLiteral(1, sizeType()),
                    sizeType());
}

FunctionLowerer::ChangedVectors
FunctionLowerer::changedVectors(const ContainerMember &cm, SourceLocation loc,
                                Block &out) {
  ChangedVectors cv;
  cv.objects = splitElement(cm.container->getType()) != nullptr;
  if (cv.objects) {
    Object o = object(cm.container, out);
    if (o.index)
      unexpected(loc, "a vector operation on an element");
    cv.vars = o.vars;
  } else {
    ExprPtr v = expr(cm.container->IgnoreParenImpCasts(), out);
    if (v->kind != ExprKind::VarRef || v->type.kind != TypeKind::Vector)
      unexpected(loc, "a vector operation on an unnamed vector");
    cv.vars.push_back(v->var);
  }
  // A vector of vectors: its rows (`m.push_back(r)`, `m.emplace_back(n, x)`,
  // `m.resize(n, r)`) are named vectors, rows of others or temporaries.
  cv.rows = !cv.objects && cv.vars[0]->type.isNested()
                ? cv.vars[0]->type.row.get()
                : nullptr;
  return cv;
}

void FunctionLowerer::resizeVector(Var *v, ResizeKind kind,
                                   std::vector<ExprPtr> args,
                                   SourceLocation loc, Block &out) {
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Resize;
  st->loc = makeLoc(ctx, loc);
  st->var = v;
  st->resize = kind;
  st->args = std::move(args);
  out.push_back(std::move(st));
}

void FunctionLowerer::vectorPushBack(const ContainerMember &cm,
                                     const ChangedVectors &cv,
                                     SourceLocation loc, Block &out) {
  const std::vector<Var *> &vectors = cv.vars;
  if (cv.rows) {
    std::vector<ExprPtr> args;
    if (cm.args.size() == 1) {
      args.push_back(row(*cv.rows, cm.args[0], loc, out));
    } else { // emplace_back() or emplace_back(n, x): a new row
      Var *t = temp(*cv.rows, "row");
      StmtPtr st = construction(t, loc);
      st->construct =
          cm.args.empty() ? ConstructKind::Size : ConstructKind::Fill;
      for (const clang::Expr *a : cm.args)
        st->args.push_back(expr(a, out));
      out.push_back(std::move(st));
      args.push_back(makeVarRef(t));
    }
    return resizeVector(vectors[0], ResizeKind::Append, std::move(args), loc,
                        out);
  }
  if (!cv.objects) {
    std::vector<ExprPtr> args;
    args.push_back(valueOf(vectors[0], expr(cm.args[0], out)));
    return resizeVector(vectors[0], ResizeKind::Append, std::move(args), loc,
                        out);
  }
  // The element's leaves (its index frozen: `ps.push_back(ps.back())`
  // reads the element it was called with), one push_back per leaf.
  Object value = object(cm.args[0], out);
  value.index = frozenIndex(std::move(value.index), loc, out);
  if (value.size() != vectors.size())
    unexpected(loc, "a push_back of an object of another layout");
  for (size_t k = 0; k < vectors.size(); ++k) {
    std::vector<ExprPtr> args;
    args.push_back(valueOf(vectors[k], value.leaf(k)));
    resizeVector(vectors[k], ResizeKind::Append, std::move(args), loc, out);
  }
}

void FunctionLowerer::vectorResize(const ContainerMember &cm,
                                   const ChangedVectors &cv, SourceLocation loc,
                                   Block &out) {
  const std::vector<Var *> &vectors = cv.vars;
  // The new size once, in a temporary shared by the leaves.
  ExprPtr n = expr(cm.args[0], out);
  if (vectors.size() > 1) {
    Var *t = temp(sizeType(), naming::valueTemp());
    out.push_back(
        assign(makeVarRef(t), makeCast(sizeType(), std::move(n)), loc));
    n = makeVarRef(t);
  }
  const bool filled = cm.args.size() > 1;
  Object fill;         // objects: the fill value's leaves
  ExprPtr scalar_fill; // numbers: the fill value
  if (filled && cv.objects) {
    fill = object(cm.args[1], out);
    fill.index = frozenIndex(std::move(fill.index), loc, out);
  } else if (filled) {
    scalar_fill =
        cv.rows ? row(*cv.rows, cm.args[1], loc, out) : expr(cm.args[1], out);
  }
  for (size_t k = 0; k < vectors.size(); ++k) {
    std::vector<ExprPtr> args;
    args.push_back(n->clone());
    if (filled)
      args.push_back(valueOf(vectors[k],
                             cv.objects ? fill.leaf(k) : scalar_fill->clone()));
    resizeVector(vectors[k], ResizeKind::To, std::move(args), loc, out);
  }
}

void FunctionLowerer::vectorAssign(const ContainerMember &cm,
                                   const ChangedVectors &cv, SourceLocation loc,
                                   Block &out) {
  if (cm.iterators) { // `v.assign(w.begin(), w.end())` is `v = w;`
    assignment(cm.container, cm.source, std::nullopt, loc, out);
    return;
  }
  Var *v = cv.vars[0];
  // assign(n, value): both read before the vector is emptied (the value
  // may be one of its elements), then resize(n, value).
  Var *n = temp(sizeType(), naming::valueTemp());
  out.push_back(
      assign(makeVarRef(n), makeCast(sizeType(), expr(cm.args[0], out)), loc));
  Var *x = temp(elementType(v), naming::valueTemp());
  out.push_back(assign(makeVarRef(x), valueOf(v, expr(cm.args[1], out)), loc));
  std::vector<ExprPtr> none;
  none.push_back(makeIntLiteral(0, sizeType()));
  resizeVector(v, ResizeKind::To, std::move(none), loc, out);
  std::vector<ExprPtr> args;
  args.push_back(makeVarRef(n));
  args.push_back(makeVarRef(x));
  resizeVector(v, ResizeKind::To, std::move(args), loc, out);
}

void FunctionLowerer::containerStatement(const CallExpr *c,
                                         const ContainerMember &cm,
                                         Block &out) {
  using K = ContainerMember::Kind;
  SourceLocation loc = c->getBeginLoc();
  if (cm.kind == K::Reserve) { // capacity only
    expr(cm.args[0], out);
    return;
  }
  const ChangedVectors cv = changedVectors(cm, loc, out);
  switch (cm.kind) {
  case K::PushBack:
    return vectorPushBack(cm, cv, loc, out);
  case K::PopBack:
    for (Var *v : cv.vars)
      resizeVector(v, ResizeKind::Pop, {}, loc, out);
    return;
  case K::Clear:
    for (Var *v : cv.vars) {
      std::vector<ExprPtr> args;
      args.push_back(makeIntLiteral(0, sizeType()));
      resizeVector(v, ResizeKind::To, std::move(args), loc, out);
    }
    return;
  case K::Resize:
    return vectorResize(cm, cv, loc, out);
  case K::Assign:
    return vectorAssign(cm, cv, loc, out);
  default:
    unexpected(loc, std::string("the vector operation '") + cm.name + "'");
  }
}

ExprPtr FunctionLowerer::containerValue(const CallExpr *c,
                                        const ContainerMember &cm, Block &pre) {
  using K = ContainerMember::Kind;
  if (cm.kind == K::Empty && splitElement(cm.container->getType())) {
    Object o = object(cm.container, pre); // a vector of objects: a leaf's
    return makeBinary(Op::Eq, sizeOf(o.vars.at(0)),
                      makeIntLiteral(0, sizeType()), boolType());
  }
  ExprPtr v = expr(cm.container->IgnoreParenImpCasts(), pre);
  if (v->kind != ExprKind::VarRef || !v->type.isContainer())
    unexpected(c->getBeginLoc(), "an end of an unnamed container");
  Var *var = v->var;
  switch (cm.kind) {
  case K::Back:
  case K::Front:
    return makeIndex(std::move(v), endIndex(var, cm.kind == K::Back));
  case K::Empty:
    return makeBinary(Op::Eq, sizeOf(var), makeIntLiteral(0, sizeType()),
                      boolType());

  default:
    unexpected(c->getBeginLoc(), std::string("the vector operation '") +
                                     cm.name + "' inside an expression");
  }
}

} // namespace tangent
