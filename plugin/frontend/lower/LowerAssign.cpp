//===- LowerAssign.cpp - lowering assignments and ++/-- -------------------===//
//
// `a op= b` becomes `a = a op b` (after evaluating b: C++17 sequences the
// right operand first). The target is a variable or an element; a
// conditional target (`(c ? a : b) = v`) becomes an if/else that assigns the
// chosen variable, so the write lands where C++ puts it.
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"
#include "ir/IRWalk.h"
#include <set>

using namespace clang;

namespace tangent {

namespace {

/// The conditional operator `e` designates, parentheses aside, or null.
const ConditionalOperator *conditionalTarget(const clang::Expr *e) {
  e = e->IgnoreParens();
  if (const auto *ice = dyn_cast<ImplicitCastExpr>(e);
      ice && ice->getCastKind() == CK_NoOp)
    e = ice->getSubExpr()->IgnoreParens();
  return dyn_cast<ConditionalOperator>(e);
}

/// Whether a statement of `block` writes a variable that `e` reads.
bool writesWhatIsRead(const Block &block, const tangent::Expr &e) {
  std::set<const Var *> read;
  forEachRead(e, [&](Var *v) { read.insert(v); });
  bool found = false;
  forEachStmt(block, [&](const tangent::Stmt &s, int) {
    forEachWrite(s, [&](Var *w, bool) { found |= read.count(w) > 0; });
  });
  return found;
}

} // namespace

ExprPtr FunctionLowerer::target(const clang::Expr *e, Block &pre) {
  const clang::Expr *b = e->IgnoreParens();
  if (const auto *ice = dyn_cast<ImplicitCastExpr>(b))
    b = ice->getSubExpr()->IgnoreParens();
  ExprPtr x = expr(b, pre);
  bool named = (x->kind == ExprKind::VarRef && x->var->role != VarRole::Temp) ||
               x->kind == ExprKind::Index;
  // A temporary is never a target: writing it would not write what the
  // program writes (the silent error conditional targets used to have).
  if (!named)
    unexpected(e->getBeginLoc(), "an assignment to a computed value");
  return x;
}

ExprPtr FunctionLowerer::assignment(const clang::Expr *lhs,
                                    const clang::Expr *rhs,
                                    std::optional<Op> op, SourceLocation loc,
                                    Block &pre) {
  // `std::tie(a, b) = t;`: t's elements into temporaries first, so that
  // `std::tie(a, b) = std::make_pair(b, a)` swaps.
  if (llvm::SmallVector<const clang::Expr *, 4> tied; tiedTargets(lhs, tied)) {
    Object values =
        objectVars(naming::valueTemp(), rhs->getType(), VarRole::Temp, loc);
    buildObject(values, rhs, loc, pre, true);
    for (size_t k = 0; k < tied.size(); ++k) {
      if (!tied[k])
        continue; // std::ignore
      ExprPtr t = target(tied[k], pre);
      ExprPtr v = values.leaf(k);
      if (v->type.spelling != t->type.spelling)
        v = makeCast(t->type, std::move(v));
      pre.push_back(assign(std::move(t), std::move(v), loc));
    }
    return makeIntLiteral(0, intType());
  }
  // Whole objects, leaf by leaf (through temporaries when computed).
  if (isSplit(lhs->getType())) {
    if (op)
      unexpected(loc, "a compound assignment to an object");
    Object dest = object(lhs, pre);
    buildObject(dest, rhs, loc, pre, false);
    return makeIntLiteral(0, intType());
  }
  // A pointer field of the function's own object set (validated): the
  // view's definition (LowerViews.cpp).
  if (const auto *me = dyn_cast<MemberExpr>(lhs->IgnoreParenImpCasts());
      me && lhs->getType()->isPointerType() && !op) {
    ExprPtr t = target(lhs, pre);
    if (t->kind != ExprKind::VarRef || !view_leaves.count(t->var))
      unexpected(loc, "an assignment to a pointer that is not a field");
    initialize(t->var, rhs, loc, pre);
    return t;
  }
  // Whole containers: `v = w`, `v = g(x)`, `v = {...}`.
  Type lt;
  if (lowerType(ctx, lhs->getType(), lt) && lt.isContainer()) {
    ExprPtr t = target(lhs, pre);
    if (t->kind == ExprKind::Index && !op) { // a row: `m[i] = r`
      ExprPtr src = row(t->type, rhs, loc, pre);
      pre.push_back(assign(t->clone(), std::move(src), loc));
      return t;
    }
    if (t->kind != ExprKind::VarRef || op)
      unexpected(loc, "an assignment to a container");
    const clang::Expr *r = rhs->IgnoreImplicit();
    if (isa<DeclRefExpr, MemberExpr>(r)) {
      ExprPtr src = expr(r, pre);
      pre.push_back(assign(t->clone(), std::move(src), loc));
      return t;
    }
    initialize(t->var, rhs, loc, pre);
    return t;
  }
  ExprPtr value = expr(rhs, pre);
  // C++17 evaluates the right operand before the left one's side effects:
  // in `a[i++] = a[i] * 2` the value reads a[0]. What the value reads and
  // the target's lowering writes (an index stepped, a pointer walked) is
  // read into a temporary first.
  auto freeze = [&] {
    Var *v = temp(value->type, naming::valueTemp());
    pre.push_back(assign(makeVarRef(v), std::move(value), loc));
    value = makeVarRef(v);
  };
  // `t = t op value` (or `t = value`) converted to t's type.
  auto write = [&](ExprPtr t, Block &out) {
    ExprPtr v = value->clone();
    if (op)
      v = makeBinary(*op, t->clone(), std::move(v), t->type);
    if (v->type.spelling != t->type.spelling)
      v = makeCast(t->type, std::move(v));
    out.push_back(assign(t->clone(), std::move(v), loc));
    return t;
  };
  const ConditionalOperator *c = conditionalTarget(lhs);
  if (!c) {
    Block target_pre;
    ExprPtr t = target(lhs, target_pre);
    if (writesWhatIsRead(target_pre, *value))
      freeze();
    for (StmtPtr &st : target_pre)
      pre.push_back(std::move(st));
    return write(std::move(t), pre);
  }
  if (lhs->HasSideEffects(ctx) && value->kind != ExprKind::Literal)
    freeze();
  // A conditional target: each branch assigns its own variable; the value
  // of the whole expression is the variable written, copied.
  Var *result = temp(typeOf(lhs->getType(), loc), naming::valueTemp());
  std::function<void(const clang::Expr *, Block &)> branch =
      [&](const clang::Expr *side, Block &out) {
        if (const ConditionalOperator *inner = conditionalTarget(side)) {
          ExprPtr cond = expr(inner->getCond(), out);
          Block then_block, else_block;
          branch(inner->getTrueExpr(), then_block);
          branch(inner->getFalseExpr(), else_block);
          StmtPtr st = makeIf(std::move(cond), std::move(then_block), loc);
          st->else_block = std::move(else_block);
          out.push_back(std::move(st));
          return;
        }
        ExprPtr t = write(target(side, out), out);
        out.push_back(assign(makeVarRef(result), std::move(t), loc));
      };
  branch(lhs, pre);
  return makeVarRef(result);
}

ExprPtr FunctionLowerer::incDec(const UnaryOperator *u, Block &pre,
                                bool discarded) {
  SourceLocation loc = u->getBeginLoc();
  if (PointerStep step; pointerStep(u, step))
    return stepPointer(step, loc, pre); // LowerPointer.cpp
  ExprPtr t = target(u->getSubExpr(), pre);
  ExprPtr old;
  const bool postfix = u->isPostfix() && !discarded;
  if (postfix) {
    Var *saved = temp(t->type, naming::valueTemp());
    pre.push_back(assign(makeVarRef(saved), t->clone(), loc));
    old = makeVarRef(saved);
  }
  ExprPtr next = makeBinary(u->isIncrementOp() ? Op::Add : Op::Sub, t->clone(),
                            makeIntLiteral(1, t->type), t->type);
  if (t->type.spelling != "int" && t->type.isIntegral())
    next = makeCast(t->type, std::move(next));
  pre.push_back(assign(t->clone(), std::move(next), loc));
  return postfix ? std::move(old) : std::move(t);
}

} // namespace tangent
