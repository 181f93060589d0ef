//===- LowerAlgorithm.cpp - std::fill, copy, accumulate, inner_product ----===//
//
// A standard algorithm over a whole named container (validated: its
// iterators are a.begin() and a.end(), and b.begin() for the second
// sequence) is lowered to the loop it stands for, over an index from 0 to
// a's size; loop analysis then sees an ordinary counted loop:
//
//   std::fill(a.begin(), a.end(), x)        t = x;   a[i] = t
//   std::copy(a.begin(), a.end(), b.begin())         b[i] = a[i]
//   std::accumulate(a.begin(), a.end(), s0) s = s0;  s = s + a[i]
//   std::inner_product(a.., b.begin(), s0)  s = s0;  s = s + a[i] * b[i]
//   *std::max_element(a.begin(), a.end())    k = 0;   if (a[k] < a[i]) k = i
//                                            (value: a[k]; min_element alike)
//
// in the order the library evaluates them (a fill's value once, before the
// loop; the sums left to right from the initial value).
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"
#include "ir/Naming.h"

using namespace clang;

namespace tangent {

namespace {

/// `e` converted to `t` unless it has that type already.
ExprPtr as(const Type &t, ExprPtr e) {
  if (e->type.spelling == t.spelling)
    return e;
  return makeCast(t, std::move(e));
}

} // namespace

ExprPtr FunctionLowerer::algorithm(const CallExpr *c, const RangeAlgorithm &ra,
                                   Block &pre, Var *into) {
  SourceLocation loc = c->getBeginLoc();
  if (!ra.whole)
    unexpected(loc, std::string("std::") + ra.name + " over a partial range");
  auto container = [&](const clang::Expr *e) {
    ExprPtr x = expr(e, pre);
    if (x->kind != ExprKind::VarRef || !x->type.isContainer())
      unexpected(e->getBeginLoc(), "an algorithm over an unnamed container");
    return x->var;
  };
  Var *a = container(ra.range);
  Var *b = ra.second ? container(ra.second) : nullptr;
  ExprPtr value = ra.value ? expr(ra.value, pre) : nullptr;

  // The loop: for (std::size_t i = 0; i < size(a); i = i + 1) body(i).
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Loop;
  st->loc = makeLoc(ctx, loc);
  st->loop = std::make_unique<LoopInfo>();
  LoopInfo &li = *st->loop;
  li.kind_name = std::string("std::") + ra.name;
  li.form = LoopInfo::Form::Structured;
  Type it = intType("std::size_t");
  Var *i = fn_->addVar("i", it, VarRole::Induction);
  i->name = fn_->names.fresh(naming::loweredIndex());
  li.init.push_back(assign(makeVarRef(i), makeIntLiteral(0, it), loc));
  li.cond = makeBinary(Op::Lt, makeVarRef(i), sizeOf(a), boolType());
  li.step.push_back(assign(
      makeVarRef(i),
      makeBinary(Op::Add, makeVarRef(i), makeIntLiteral(1, it), it), loc));
  auto element = [&](Var *v) {
    return makeIndex(makeVarRef(v), makeVarRef(i));
  };

  ExprPtr out;
  switch (ra.kind) {
  case RangeAlgorithm::Kind::Fill: {
    const Type et = element(a)->type;
    Var *t = temp(et, naming::valueTemp());
    pre.push_back(assign(makeVarRef(t), as(et, std::move(value)), loc));
    li.body.push_back(assign(element(a), makeVarRef(t), loc));
    break; // a statement: no value
  }
  case RangeAlgorithm::Kind::Copy: {
    const Type et = element(b)->type;
    li.body.push_back(assign(element(b), as(et, element(a)), loc));
    // The returned iterator is not a value tangent represents (validated:
    // the call is a statement); the loop is its effect.
    out = makeIntLiteral(0, it);
    break;
  }
  case RangeAlgorithm::Kind::MaxElement:
  case RangeAlgorithm::Kind::MinElement: {
    // The first largest (smallest) element, as the library finds it:
    // k = 0; for each i: if (a[k] < a[i]) k = i  (min: a[i] < a[k]).
    Var *k = temp(it, naming::valueTemp());
    pre.push_back(assign(makeVarRef(k), makeIntLiteral(0, it), loc));
    bool max = ra.kind == RangeAlgorithm::Kind::MaxElement;
    ExprPtr best = makeIndex(makeVarRef(a), makeVarRef(k));
    ExprPtr cond =
        max ? makeBinary(Op::Lt, std::move(best), element(a), boolType())
            : makeBinary(Op::Lt, element(a), std::move(best), boolType());
    StmtPtr better = makeIf(std::move(cond), {}, loc);
    better->then_block.push_back(assign(makeVarRef(k), makeVarRef(i), loc));
    li.body.push_back(std::move(better));
    out = makeIndex(makeVarRef(a), makeVarRef(k));
    break;
  }
  case RangeAlgorithm::Kind::Accumulate:
  case RangeAlgorithm::Kind::InnerProduct: {
    const Type st_type = typeOf(c->getType(), loc);
    Var *s = into ? into : temp(st_type, naming::valueTemp());
    pre.push_back(assign(makeVarRef(s), as(st_type, std::move(value)), loc));
    ExprPtr term = as(st_type, element(a));
    if (b)
      term = makeBinary(Op::Mul, std::move(term), as(st_type, element(b)),
                        st_type);
    li.body.push_back(assign(
        makeVarRef(s),
        makeBinary(Op::Add, makeVarRef(s), std::move(term), st_type), loc));
    out = makeVarRef(s);
    break;
  }
  }
  pre.push_back(std::move(st));
  return out;
}

} // namespace tangent
