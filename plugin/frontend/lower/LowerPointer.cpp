//===- LowerPointer.cpp - pointers that walk ------------------------------===//
//
// A pointer local is a view: the address it is initialized to
// (LowerDecl.cpp). One that changes (`++p`, `p += d`, `p = x + k`, also a
// pointer parameter stepped in its function: AstShapes.h, pointerChanges)
// is element `offset` of the storage it views, with `offset` an integer
// local of its own: a step changes the offset, `*p` and `p[i]` are
// elements of the storage at it, and two pointers into one storage are
// compared or subtracted through their offsets. A view reassigned from one
// array to another (`xp = x2; ... xp = &s[i];`) is instead a storage
// number and an offset (viewOfChoice): each expression statement reading it
// is lowered once per storage, under a branch on the number (validated:
// such a view is read in expression statements only, never stepped).
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"
#include <functional>

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
                                  SourceLocation loc, Block &out, bool set) {
  if (!(start->kind == ExprKind::Index && start->address) &&
      !(start->kind == ExprKind::VarRef &&
        start->type.kind == TypeKind::Pointer))
    unexpected(loc, "a pointer to a variable that is stepped");
  auto [storage, at] = storageAndOffset(std::move(start));
  const std::string stem = naming::viewOffset(vd->getNameAsString());
  Var *offset = fn_->addVar(stem, intType(), VarRole::Local);
  offset->name = fn_->names.fresh(stem);
  if (set)
    out.push_back(assign(makeVarRef(offset), std::move(at), loc));
  ExprPtr view = makeIndex(frozenElement(std::move(storage), loc, out),
                           makeVarRef(offset));
  view->address = true;
  aliases[vd] = std::move(view);
  offsets[vd] = offset;
}

void FunctionLowerer::viewOfChoice(const VarDecl *vd, ExprPtr start,
                                   llvm::ArrayRef<const VarDecl *> storages,
                                   SourceLocation loc, Block &out) {
  Choice c;
  for (const VarDecl *s : storages) {
    auto v = vars.find(s);
    if (v == vars.end())
      unexpected(loc, "a view reassigned to storage that is not a variable");
    c.storages.push_back(makeVarRef(v->second));
  }
  const std::string name = vd->getNameAsString();
  c.in = fn_->addVar(naming::viewStorage(name), intType(), VarRole::Local);
  c.in->name = fn_->names.fresh(naming::viewStorage(name));
  c.offset = fn_->addVar(naming::viewOffset(name), intType(), VarRole::Local);
  c.offset->name = fn_->names.fresh(naming::viewOffset(name));
  choices[vd] = std::move(c);
  pointTo(choices[vd], std::move(start), loc, out);
}

void FunctionLowerer::pointTo(const Choice &c, ExprPtr address,
                              SourceLocation loc, Block &out) {
  auto [storage, at] = storageAndOffset(std::move(address));
  for (size_t k = 0; k < c.storages.size(); ++k)
    if (sameExpr(*storage, *c.storages[k])) {
      out.push_back(assign(makeVarRef(c.in),
                           makeIntLiteral(static_cast<long long>(k), intType()),
                           loc));
      out.push_back(assign(makeVarRef(c.offset), std::move(at), loc));
      return;
    }
  unexpected(loc, "a view reassigned to storage it was not found to point to");
}

bool FunctionLowerer::statementPerStorage(const clang::Expr *e, Block &out) {
  if (choices.empty())
    return false;
  // The view it reads (not only reassigns), if any.
  const VarDecl *read = nullptr;
  std::function<void(const clang::Stmt *)> find = [&](const clang::Stmt *s) {
    if (!s || read)
      return;
    if (const auto *x = dyn_cast<clang::Expr>(s))
      if (PointerStep step;
          pointerStep(x, step) && step.to && choices.count(step.pointer))
        return find(step.to);
    if (const auto *dre = dyn_cast<DeclRefExpr>(s))
      if (const auto *vd = dyn_cast<VarDecl>(dre->getDecl());
          vd && choices.count(vd) && !aliases.count(vd))
        read = vd;
    for (const clang::Stmt *child : s->children())
      find(child);
  };
  find(e);
  if (!read)
    return false;
  const Choice &c = choices.at(read);
  SourceLocation loc = e->getBeginLoc();
  // if (p_in == 0) {...} else if (p_in == 1) {...} else {...}
  std::vector<Block> versions(c.storages.size());
  for (size_t k = 0; k < c.storages.size(); ++k) {
    ExprPtr view = makeIndex(c.storages[k]->clone(), makeVarRef(c.offset));
    view->address = true;
    aliases[read] = std::move(view);
    VisitExpr(e, versions[k]);
    aliases.erase(read);
  }
  Block chain = std::move(versions.back());
  for (size_t k = c.storages.size() - 1; k-- > 0;) {
    ExprPtr is = makeBinary(
        Op::Eq, makeVarRef(c.in),
        makeIntLiteral(static_cast<long long>(k), intType()), boolType());
    StmtPtr branch = makeIf(std::move(is), std::move(versions[k]), loc);
    branch->else_block = std::move(chain);
    chain.clear();
    chain.push_back(std::move(branch));
  }
  for (StmtPtr &s : chain)
    out.push_back(std::move(s));
  return true;
}

ExprPtr FunctionLowerer::stepPointer(const PointerStep &step,
                                     SourceLocation loc, Block &pre) {
  if (auto c = choices.find(step.pointer); c != choices.end()) {
    AddressArgument at; // validated: `p = &s[i]`, an address
    if (!step.to ||
        !addressOf(step.pointer->getType(), step.to, at, /*whole=*/true))
      unexpected(loc, "a step of a pointer into several arrays");
    pointTo(c->second, address(at, loc, pre), loc, pre);
    return makeIntLiteral(0, intType()); // a statement's value, dropped
  }
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
