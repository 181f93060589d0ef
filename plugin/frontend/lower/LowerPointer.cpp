//===- LowerPointer.cpp - pointers that walk ------------------------------===//
//
// A pointer local is a view: the address it is initialized to
// (LowerDecl.cpp). One that changes (`++p`, `p += d`, `p = x + k`, also a
// pointer parameter stepped in its function: AstShapes.h, pointerChanges)
// is element `offset` of the storage it views, with `offset` an integer
// local of its own: a step changes the offset, `*p` and `p[i]` are
// elements of the storage at it, and two pointers into one storage are
// compared or subtracted through their offsets. The storage never changes
// (validated): reassigning `p` to other storage is refused.
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"

using namespace clang;

namespace tangent {

namespace {

/// The storage an address points into and its offset there: `x[k]` as an
/// address is (x, k); a named pointer as it is (`x`), (x, 0).
std::pair<ExprPtr, ExprPtr> storageAndOffset(ExprPtr a) {
  if (a->kind == ExprKind::Index && a->address)
    return {std::move(a->ops[0]), std::move(a->ops[1])};
  return {std::move(a), makeIntLiteral(0, intType())};
}

} // namespace

void FunctionLowerer::walkingView(const VarDecl *vd, ExprPtr start,
                                  SourceLocation loc, Block &out) {
  if (!(start->kind == ExprKind::Index && start->address) &&
      !(start->kind == ExprKind::VarRef &&
        start->type.kind == TypeKind::Pointer))
    unexpected(loc, "a pointer to a variable that is stepped");
  auto [storage, at] = storageAndOffset(std::move(start));
  const std::string stem = naming::viewOffset(vd->getNameAsString());
  Var *offset = fn_->addVar(stem, intType(), VarRole::Local);
  offset->name = fn_->names.fresh(stem);
  out.push_back(assign(makeVarRef(offset), std::move(at), loc));
  ExprPtr view = makeIndex(frozenElement(std::move(storage), loc, out),
                           makeVarRef(offset));
  view->address = true;
  aliases[vd] = std::move(view);
  offsets[vd] = offset;
}

ExprPtr FunctionLowerer::stepPointer(const PointerStep &step,
                                     SourceLocation loc, Block &pre) {
  auto it = offsets.find(step.pointer);
  if (it == offsets.end())
    unexpected(loc, "a step of a pointer that is not a view");
  Var *offset = it->second;
  const ExprPtr &view = aliases.at(step.pointer);
  if (step.to) {
    AddressArgument at;
    if (!addressOf(step.pointer->getType(), step.to, at, /*whole=*/true))
      unexpected(loc, "this assignment to a pointer");
    auto [storage, to] = storageAndOffset(address(at, loc, pre));
    if (!sameExpr(*storage, *view->ops[0]))
      unexpected(loc, "a pointer reassigned to other storage");
    pre.push_back(assign(makeVarRef(offset), std::move(to), loc));
    return view->clone();
  }
  ExprPtr before;
  if (step.postfix) {
    Var *saved = temp(intType(), naming::valueTemp());
    pre.push_back(assign(makeVarRef(saved), makeVarRef(offset), loc));
    before = makeVarRef(saved);
  }
  ExprPtr by = step.by ? expr(step.by, pre) : makeIntLiteral(1, intType());
  pre.push_back(assign(makeVarRef(offset),
                       makeBinary(step.minus ? Op::Sub : Op::Add,
                                  makeVarRef(offset), std::move(by), intType()),
                       loc));
  ExprPtr value = view->clone();
  if (before)
    value->ops[1] = std::move(before);
  return value;
}

ExprPtr FunctionLowerer::comparePointers(const BinaryOperator *b, Block &pre) {
  SourceLocation loc = b->getOperatorLoc();
  // `p != nullptr`: the address itself against nullptr.
  for (const clang::Expr *e : {b->getLHS(), b->getRHS()})
    if (e->isNullPointerConstant(ctx, clang::Expr::NPC_NeverValueDependent)) {
      const clang::Expr *other = e == b->getLHS() ? b->getRHS() : b->getLHS();
      AddressArgument at;
      if (!addressOf(other->getType(), other, at, /*whole=*/true))
        unexpected(loc, "this pointer compared with nullptr");
      ExprPtr a = address(at, loc, pre);
      return makeBinary(*irOperator(b->getOpcode()), std::move(a),
                        makeNullPointer(typeOf(other->getType(), loc)),
                        boolType());
    }
  auto side = [&](const clang::Expr *e) {
    AddressArgument at;
    if (!addressOf(e->getType(), e, at, /*whole=*/true))
      unexpected(e->getBeginLoc(), "this pointer operand");
    return storageAndOffset(address(at, loc, pre));
  };
  auto [left, l] = side(b->getLHS());
  auto [right, r] = side(b->getRHS());
  if (!sameExpr(*left, *right))
    unexpected(loc, "pointers into different storage compared");
  return makeBinary(*irOperator(b->getOpcode()), std::move(l), std::move(r),
                    typeOf(b->getType(), loc));
}

} // namespace tangent
