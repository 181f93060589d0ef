//===- LowerObject.cpp - lowering class-type values -----------------------===//
//
// The IR has no class types. A value of a class the validator accepted
// (frontend/Types.h: splitClass, classLeaves) is its leaves, one variable
// per field (scalar replacement of aggregates):
//  - a parameter, `*this` or a class-type result is one parameter per leaf
//    (the function's Signature says how they group);
//  - a local is one local per leaf;
//  - a named object, a member of one and `*this` lower to their own leaf
//    variables; a computed value (braces, a constructor, a call returning
//    an object) to temporaries that statements write first. A constructor
//    with a body and a function returning an object are callees that write
//    output parameters.
// Copies, initialization and assignment are leaf by leaf, so everything
// after lowering (analysis, generation, checkpointing) sees only numbers
// and containers.
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"

using namespace clang;

namespace tangent {

namespace {

std::vector<Var *> slice(const std::vector<Var *> &v, size_t from,
                         size_t count) {
  return std::vector<Var *>(v.begin() + from, v.begin() + from + count);
}

} // namespace

std::vector<Leaf> FunctionLowerer::leavesOf(QualType qt, SourceLocation loc) {
  std::vector<Leaf> leaves;
  const CXXRecordDecl *rd = splitClass(qt);
  if (!rd || !classLeaves(ctx, rd, leaves))
    unexpected(loc, "the class type '" + qt.getAsString() + "'");
  return leaves;
}

std::vector<Var *> FunctionLowerer::objectVars(const std::string &stem,
                                               QualType qt, VarRole role,
                                               SourceLocation loc) {
  std::vector<Var *> out;
  for (const Leaf &leaf : leavesOf(qt, loc)) {
    std::string path;
    for (const FieldStep &step : leaf.path)
      path += "." + step.name;
    Var *v = F->addVar(stem + path, leaf.type, role);
    v->name = F->names.fresh(stem + "_" + leaf.suffix);
    out.push_back(v);
  }
  return out;
}

std::vector<Var *> FunctionLowerer::calledObject(const clang::Expr *obj,
                                                 Block &pre) {
  if (isa<CXXThisExpr>(obj->IgnoreParenImpCasts()))
    return self;
  return object(obj, pre);
}

std::vector<Var *> FunctionLowerer::object(const clang::Expr *e, Block &pre) {
  const clang::Expr *x = bareObject(e);
  if (const auto *ice = dyn_cast<ImplicitCastExpr>(x);
      ice && (ice->getCastKind() == CK_DerivedToBase ||
              ice->getCastKind() == CK_UncheckedDerivedToBase)) {
    // A base-class part: the leaves of the bases before it come first.
    std::vector<Var *> leaves = object(ice->getSubExpr(), pre);
    const CXXRecordDecl *cls = splitClass(ice->getSubExpr()->getType());
    size_t from = 0;
    for (const CXXBaseSpecifier *step : ice->path()) {
      const CXXRecordDecl *target = splitClass(step->getType());
      for (const CXXBaseSpecifier &b : cls->bases()) {
        const CXXRecordDecl *base = splitClass(b.getType());
        if (base == target)
          break;
        from += leavesOf(b.getType(), x->getBeginLoc()).size();
      }
      cls = target;
    }
    size_t count = leavesOf(ice->getType(), x->getBeginLoc()).size();
    return slice(leaves, from, count);
  }
  if (const auto *dre = dyn_cast<DeclRefExpr>(x)) {
    const auto *vd = dyn_cast<VarDecl>(dre->getDecl());
    auto it = vd ? objects.find(vd) : objects.end();
    if (it == objects.end())
      unexpected(x->getBeginLoc(), "an object that is not a variable");
    return it->second;
  }
  if (const auto *me = dyn_cast<MemberExpr>(x))
    return member(me, pre);
  if (const auto *le = dyn_cast<LambdaExpr>(x))
    return closure(le, pre);
  // A copy of a closure is the closure (closure(): never written).
  if (const auto *ce = dyn_cast<CXXConstructExpr>(x);
      ce && ce->getNumArgs() == 1 &&
      ce->getType()->getAsCXXRecordDecl()->isLambda())
    return object(ce->getArg(0), pre);
  if (const auto *u = dyn_cast<UnaryOperator>(x);
      u && u->getOpcode() == UO_Deref &&
      isa<CXXThisExpr>(u->getSubExpr()->IgnoreParenImpCasts()))
    return self;
  std::vector<Var *> temps = objectVars(naming::valueTemp(), x->getType(),
                                        VarRole::Temp, x->getBeginLoc());
  buildObject(temps, x, x->getBeginLoc(), pre, true);
  return temps;
}

std::vector<Var *> FunctionLowerer::closure(const LambdaExpr *le, Block &pre) {
  // A capture by reference is the captured variable itself; a capture by
  // copy a new variable, never written afterwards (mutable lambdas were
  // refused), so that copies of the closure may share all its variables.
  std::vector<Leaf> layout = leavesOf(le->getType(), le->getBeginLoc());
  std::vector<Var *> out;
  auto init = le->capture_init_begin();
  for (const LambdaCapture &c : le->captures()) {
    const auto *var = cast<VarDecl>(c.getCapturedVar());
    const clang::Expr *value = *init++;
    std::vector<Var *> own;
    const CXXRecordDecl *cls = var->getType()->getAsCXXRecordDecl();
    if (c.getCaptureKind() == LCK_ByRef || (cls && cls->isLambda())) {
      own = splitClass(var->getType())
                ? objects.at(var)
                : std::vector<Var *>{varFor(var, le->getBeginLoc())};
    } else if (splitClass(var->getType())) {
      own = objectVars(var->getNameAsString(), var->getType(), VarRole::Local,
                       le->getBeginLoc());
      buildObject(own, value, le->getBeginLoc(), pre, true);
    } else {
      Var *v =
          F->addVar(var->getNameAsString(),
                    typeOf(var->getType(), le->getBeginLoc()), VarRole::Local);
      v->name = F->names.fresh(var->getNameAsString() + "_copy");
      initialize(v, value, le->getBeginLoc(), pre);
      own.push_back(v);
    }
    out.insert(out.end(), own.begin(), own.end());
  }
  if (out.size() != layout.size())
    unexpected(le->getBeginLoc(), "a lambda whose captures are not its fields");
  return out;
}

std::vector<Var *> FunctionLowerer::member(const MemberExpr *me, Block &pre) {
  const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
  if (!field)
    unexpected(me->getBeginLoc(), "a member that is not a field");
  const clang::Expr *base = me->getBase();
  std::vector<Var *> leaves;
  QualType type;
  if (me->isArrow()) {
    if (!isa<CXXThisExpr>(base->IgnoreParenImpCasts()))
      unexpected(me->getBeginLoc(), "'->' on a pointer other than 'this'");
    leaves = self;
    type = base->getType()->getPointeeType();
  } else {
    leaves = object(base, pre);
    type = base->getType();
  }
  std::vector<Leaf> layout = leavesOf(type, me->getBeginLoc());
  std::vector<Var *> out;
  for (size_t i = 0; i < layout.size(); ++i)
    if (layout[i].fields.front() == field)
      out.push_back(leaves[i]);
  return out;
}

void FunctionLowerer::buildObject(const std::vector<Var *> &dest,
                                  const clang::Expr *init, SourceLocation loc,
                                  Block &out, bool fresh) {
  auto zero = [&](Var *v) {
    out.push_back(v->type.isContainer()
                      ? defaultConstruct(v, loc)
                      : assign(makeVarRef(v), makeLiteral("0", v->type), loc));
  };
  // One member's part of `dest` from its initializer (null: zero).
  size_t at = 0;
  auto part = [&](QualType type, const clang::Expr *value) {
    if (splitClass(type)) {
      size_t n = leavesOf(type, loc).size();
      std::vector<Var *> sub = slice(dest, at, n);
      at += n;
      if (value)
        return buildObject(sub, value, loc, out, fresh);
      for (Var *v : sub)
        zero(v);
      return;
    }
    Var *v = dest[at++];
    if (value && !isa<ImplicitValueInitExpr>(value->IgnoreImplicit()))
      initialize(v, value, loc, out);
    else
      zero(v);
  };
  // The fields of a class as its implicit default constructor sets them.
  auto defaults = [&](const CXXRecordDecl *rd) {
    std::function<void(const CXXRecordDecl *)> walk =
        [&](const CXXRecordDecl *c) {
          for (const CXXBaseSpecifier &b : c->bases())
            walk(splitClass(b.getType()));
          for (const FieldDecl *f : c->fields()) {
            const clang::Expr *value = f->hasInClassInitializer()
                                           ? f->getInClassInitializer()
                                           : nullptr;
            if (!value && splitClass(f->getType()))
              walk(splitClass(f->getType()));
            else
              part(f->getType(), value);
          }
        };
    walk(rd);
  };

  const clang::Expr *x = bareObject(init);
  if (const auto *d = dyn_cast<CXXDefaultInitExpr>(x))
    return buildObject(dest, d->getExpr(), loc, out, fresh);
  if (isa<ImplicitValueInitExpr>(x)) {
    for (Var *v : dest)
      zero(v);
    return;
  }
  if (const auto *list = dyn_cast<InitListExpr>(x)) {
    forEachMemberInit(list, [&](QualType type, const clang::Expr *value,
                                const FieldDecl *) { part(type, value); });
    return;
  }
  if (const auto *ce = dyn_cast<CXXConstructExpr>(x)) {
    const CXXConstructorDecl *ctor = ce->getConstructor();
    if (ctor->isCopyOrMoveConstructor() && !ctor->isUserProvided()) {
      std::vector<Var *> src = object(ce->getArg(0), out);
      for (size_t i = 0; i < dest.size(); ++i)
        out.push_back(assign(makeVarRef(dest[i]), makeVarRef(src[i]), loc));
      return;
    }
    if (ctor->isDefaultConstructor() && !ctor->isUserProvided())
      return defaults(ctor->getParent());
    // A constructor of the user's: a callee writing the object.
    llvm::SmallVector<const clang::Expr *, 4> args(ce->arguments());
    std::vector<Var *> target =
        fresh ? dest
              : objectVars(naming::valueTemp(), ce->getType(), VarRole::Temp,
                           loc);
    out.push_back(userCall(ctor, &target, args, ce->getBeginLoc(), out));
    for (size_t i = 0; target != dest && i < dest.size(); ++i)
      out.push_back(assign(makeVarRef(dest[i]), makeVarRef(target[i]), loc));
    return;
  }
  if (const auto *c = dyn_cast<CallExpr>(x)) {
    if (fresh)
      return objectCall(c, dest, out);
    std::vector<Var *> temps =
        objectVars(naming::valueTemp(), c->getType(), VarRole::Temp, loc);
    objectCall(c, temps, out);
    for (size_t i = 0; i < dest.size(); ++i)
      out.push_back(assign(makeVarRef(dest[i]), makeVarRef(temps[i]), loc));
    return;
  }
  // A named object, a member of one, `*this`: copied leaf by leaf.
  std::vector<Var *> src = object(x, out);
  for (size_t i = 0; i < dest.size(); ++i)
    if (src[i] != dest[i])
      out.push_back(assign(makeVarRef(dest[i]), makeVarRef(src[i]), loc));
}

} // namespace tangent
