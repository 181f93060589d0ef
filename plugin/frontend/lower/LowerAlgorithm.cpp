//===- LowerAlgorithm.cpp - std::fill, copy, accumulate, inner_product ----===//
//
// A standard algorithm over a whole container (named, a row `m[j]` or a
// vector member `s.v`; validated: its iterators are a.begin() and a.end(),
// and b.begin() for the second sequence) is lowered to the loop it stands
// for, over an index from 0 to a's size; loop analysis then sees an
// ordinary counted loop:
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
// Over part of a container or a pointer's storage (RangeBound: `p, p + n`,
// `x + k, x + m`, `a.begin() + 1, a.end()`) the loop runs over an int
// index from 0 to the count, last - first, and reads a[first + i]; memcpy
// and memset are a copy and a fill of n elements (n * sizeof(T) bytes).
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

ExprPtr FunctionLowerer::rangeStart(const RangeBound &b, SourceLocation loc,
                                    Block &pre) {
  if (b.container) {
    ExprPtr c = expr(b.container, pre);
    if (c->kind != ExprKind::VarRef || !c->type.isContainer())
      unexpected(loc, "an algorithm over an unnamed container");
    ExprPtr offset = b.end ? makeCast(intType(), sizeOf(c->var))
                           : makeIntLiteral(0, intType());
    for (const AddressArgument::Offset &o : b.offsets)
      offset = makeBinary(o.minus ? Op::Sub : Op::Add, std::move(offset),
                          expr(o.by, pre), intType());
    ExprPtr x = makeIndex(std::move(c), std::move(offset));
    x->address = true;
    return x;
  }
  ExprPtr x = address(b.at, loc, pre);
  if (x->kind == ExprKind::VarRef) { // a named pointer: its element 0
    x = makeIndex(std::move(x), makeIntLiteral(0, intType()));
    x->address = true;
  }
  return x;
}

void FunctionLowerer::rangeCopy(Var *v, const clang::Expr *first,
                                const clang::Expr *last, SourceLocation loc,
                                Block &out) {
  RangeBound from, to;
  if (!rangeBound(first, from) || !rangeBound(last, to))
    unexpected(loc, "a range that is not one");
  ExprPtr start = rangeStart(from, loc, out);
  ExprPtr end = rangeStart(to, loc, out);
  ExprPtr offset = start->ops[1]->clone();
  ExprPtr count = offset->is_int_const && offset->int_const == 0
                      ? end->ops[1]->clone()
                      : makeBinary(Op::Sub, end->ops[1]->clone(),
                                   std::move(offset), intType());
  Var *n = temp(intType(), naming::valueTemp());
  out.push_back(assign(makeVarRef(n), std::move(count), loc));
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Construct;
  st->loc = makeLoc(ctx, loc);
  st->var = v;
  st->construct = ConstructKind::Size;
  st->args.push_back(makeVarRef(n));
  out.push_back(std::move(st));
  // for (int i = 0; i < n; i = i + 1) v[i] = start[i];
  StmtPtr loop = indexLoop("range copy", naming::loweredIndex(), intType(),
                           makeVarRef(n), loc);
  LoopInfo &li = *loop->loop;
  Var *i = li.init.front()->lhs->var;
  ExprPtr element = viewElement(std::move(start), makeVarRef(i));
  element->address = false;
  const Type et = makeIndex(makeVarRef(v), makeVarRef(i))->type;
  li.body.push_back(assign(makeIndex(makeVarRef(v), makeVarRef(i)),
                           as(et, std::move(element)), loc));
  out.push_back(std::move(loop));
}

FunctionLowerer::AlgorithmRange
FunctionLowerer::algorithmRange(const RangeAlgorithm &ra, SourceLocation loc,
                                Block &pre) {
  AlgorithmRange r;
  if (ra.whole) {
    auto container = [&](const clang::Expr *e) {
      ExprPtr x = expr(e, pre);
      if (!x->type.isContainer())
        unexpected(e->getBeginLoc(), "an algorithm over an unnamed container");
      return x;
    };
    r.a = container(ra.range);
    r.b = ra.second ? container(ra.second) : nullptr;
    r.count = r.a->kind == ExprKind::VarRef ? sizeOf(r.a->var)
              : r.a->type.kind == TypeKind::Vector
                  ? makeSize(r.a->clone())
                  : makeIntLiteral(r.a->type.extent, intType("std::size_t"));
    return r;
  }
  RangeBound first, last, second;
  if (!rangeBound(ra.first, first) ||
      (ra.second_first && !rangeBound(ra.second_first, second)))
    unexpected(loc, "a range that is not one");
  r.start = rangeStart(first, loc, pre);
  if (ra.bytes) {
    const QualType elem = ra.first->getType()->getPointeeType();
    bool whole_array = false;
    const clang::Expr *n = elementCount(ra.bytes, elem, whole_array);
    if (!n)
      unexpected(loc, "a byte count that is not n * sizeof(T)");
    r.count = whole_array
                  ? makeIntLiteral(typeOf(n->getType(), loc).extent, intType())
                  : makeCast(intType(), expr(n, pre));
  } else {
    if (!rangeBound(ra.last, last))
      unexpected(loc, "a range that is not one");
    ExprPtr end = rangeStart(last, loc, pre);
    ExprPtr from = r.start->ops[1]->clone();
    r.count = from->is_int_const && from->int_const == 0
                  ? end->ops[1]->clone()
                  : makeBinary(Op::Sub, end->ops[1]->clone(), std::move(from),
                               intType());
  }
  if (ra.second_first)
    r.second_start = rangeStart(second, loc, pre);
  return r;
}

namespace {

/// Element `k` of a range: of the whole container `whole`, else from the
/// address `from`.
ExprPtr rangeElement(const ExprPtr &whole, const ExprPtr &from, ExprPtr k) {
  if (whole)
    return makeIndex(whole->clone(), std::move(k));
  ExprPtr e = FunctionLowerer::viewElement(from->clone(), std::move(k));
  e->address = false;
  return e;
}

} // namespace

ExprPtr FunctionLowerer::algorithmBody(const CallExpr *c,
                                       const RangeAlgorithm &ra,
                                       const AlgorithmRange &r, Var *i,
                                       ExprPtr value, LoopInfo &li, Block &pre,
                                       Var *into) {
  SourceLocation loc = c->getBeginLoc();
  const Type it = i->type;
  // Element i of the range (the first sequence) or of the second.
  auto first = [&] { return rangeElement(r.a, r.start, makeVarRef(i)); };
  auto second = [&] {
    return rangeElement(r.b, r.second_start, makeVarRef(i));
  };
  const bool paired = r.b || r.second_start;
  switch (ra.kind) {
  case RangeAlgorithm::Kind::Fill: {
    const Type et = first()->type;
    Var *t = temp(et, naming::valueTemp());
    pre.push_back(assign(makeVarRef(t), as(et, std::move(value)), loc));
    li.body.push_back(assign(first(), makeVarRef(t), loc));
    return nullptr; // a statement: no value
  }
  case RangeAlgorithm::Kind::Copy: {
    const Type et = second()->type;
    li.body.push_back(assign(second(), as(et, first()), loc));
    // The returned iterator is not a value tangent represents (validated:
    // the call is a statement); the loop is its effect.
    return makeIntLiteral(0, it);
  }
  case RangeAlgorithm::Kind::MaxElement:
  case RangeAlgorithm::Kind::MinElement: {
    // The first largest (smallest) element, as the library finds it:
    // k = 0; for each i: if (a[k] < a[i]) k = i  (min: a[i] < a[k]).
    Var *k = temp(it, naming::valueTemp());
    pre.push_back(assign(makeVarRef(k), makeIntLiteral(0, it), loc));
    bool max = ra.kind == RangeAlgorithm::Kind::MaxElement;
    ExprPtr best = rangeElement(r.a, r.start, makeVarRef(k));
    ExprPtr cond =
        max ? makeBinary(Op::Lt, std::move(best), first(), boolType())
            : makeBinary(Op::Lt, first(), std::move(best), boolType());
    StmtPtr better = makeIf(std::move(cond), {}, loc);
    better->then_block.push_back(assign(makeVarRef(k), makeVarRef(i), loc));
    li.body.push_back(std::move(better));
    return rangeElement(r.a, r.start, makeVarRef(k));
  }
  case RangeAlgorithm::Kind::Accumulate:
  case RangeAlgorithm::Kind::InnerProduct: {
    const Type st_type = typeOf(c->getType(), loc);
    Var *s = into ? into : temp(st_type, naming::valueTemp());
    pre.push_back(assign(makeVarRef(s), as(st_type, std::move(value)), loc));
    ExprPtr term = as(st_type, first());
    if (paired)
      term =
          makeBinary(Op::Mul, std::move(term), as(st_type, second()), st_type);
    li.body.push_back(assign(
        makeVarRef(s),
        makeBinary(Op::Add, makeVarRef(s), std::move(term), st_type), loc));
    return makeVarRef(s);
  }
  }
  return nullptr;
}

ExprPtr FunctionLowerer::algorithm(const CallExpr *c, const RangeAlgorithm &ra,
                                   Block &pre, Var *into) {
  SourceLocation loc = c->getBeginLoc();
  // The range: a whole container (a, its size) or its first element's
  // address (start) and a count.
  AlgorithmRange r = algorithmRange(ra, loc, pre);
  ExprPtr value = ra.value ? expr(ra.value, pre) : nullptr;
  if (ra.bytes && ra.kind == RangeAlgorithm::Kind::Fill)
    value = makeIntLiteral(0, intType()); // memset(p, 0, ...): zeros

  // The loop: for (i = 0; i < count; i = i + 1) body(i).
  StmtPtr st = indexLoop(std::string("std::") + ra.name, naming::loweredIndex(),
                         ra.whole ? intType("std::size_t") : intType(),
                         std::move(r.count), loc);
  LoopInfo &li = *st->loop;
  Var *i = li.init.front()->lhs->var;
  ExprPtr out = algorithmBody(c, ra, r, i, std::move(value), li, pre, into);
  pre.push_back(std::move(st));
  return out;
}

StmtPtr FunctionLowerer::indexLoop(const std::string &kind,
                                   const std::string &stem, const Type &it,
                                   ExprPtr count, SourceLocation loc) {
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Loop;
  st->loc = makeLoc(ctx, loc);
  st->loop = std::make_unique<LoopInfo>();
  LoopInfo &li = *st->loop;
  li.kind_name = kind;
  li.form = LoopInfo::Form::Structured;
  Var *i = fn_->addVar(stem, it, VarRole::Induction);
  i->name = fn_->names.fresh(stem);
  li.init.push_back(assign(makeVarRef(i), makeIntLiteral(0, it), loc));
  li.cond = makeBinary(Op::Lt, makeVarRef(i), std::move(count), boolType());
  li.step.push_back(assign(
      makeVarRef(i),
      makeBinary(Op::Add, makeVarRef(i), makeIntLiteral(1, it), it), loc));
  return st;
}

} // namespace tangent
