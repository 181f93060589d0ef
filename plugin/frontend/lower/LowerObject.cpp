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
//    output parameters;
//  - a container of objects (`std::vector<Particle>`) is one container per
//    field of the elements, and an element `ps[i]` is those containers at
//    index i (an Object with an index).
// Copies, initialization and assignment are leaf by leaf, so everything
// after lowering (analysis, generation, checkpointing) sees only numbers
// and containers.
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"

using namespace clang;

namespace tangent {

ExprPtr Object::leaf(size_t k) const {
  if (!index)
    return makeVarRef(vars[k]);
  return makeIndex(makeVarRef(vars[k]), index->clone());
}

std::vector<ExprPtr> Object::leaves() const {
  std::vector<ExprPtr> out;
  for (size_t k = 0; k < vars.size(); ++k)
    out.push_back(leaf(k));
  return out;
}

Object Object::slice(size_t from, size_t count) const {
  Object o;
  o.vars.assign(vars.begin() + from, vars.begin() + from + count);
  if (index)
    o.index = index->clone();
  return o;
}

Object Object::copy() const { return slice(0, vars.size()); }

std::vector<Leaf> FunctionLowerer::leavesOf(QualType qt, SourceLocation loc) {
  std::vector<Leaf> leaves;
  if (!typeLeaves(ctx, qt, leaves))
    unexpected(loc, "the class type '" + qt.getAsString() + "'");
  return leaves;
}

Object FunctionLowerer::objectVars(const std::string &stem, QualType qt,
                                   VarRole role, SourceLocation loc) {
  Object out;
  for (const Leaf &leaf : leavesOf(qt, loc)) {
    std::string path;
    for (const FieldStep &step : leaf.path)
      path += step.element ? "[]" : "." + step.name;
    Var *v = fn_->addVar(stem + path, leaf.type, role);
    v->name = fn_->names.fresh(stem + "_" + leaf.suffix);
    if (leaf.type.kind == TypeKind::Pointer && role != VarRole::Param)
      view_leaves.insert(v); // LowerViews.cpp
    out.vars.push_back(v);
  }
  return out;
}

Object FunctionLowerer::calledObject(const clang::Expr *obj, Block &pre) {
  if (isa<CXXThisExpr>(obj->IgnoreParenImpCasts()))
    return self.copy();
  return object(obj, pre);
}

Object FunctionLowerer::objectElement(const clang::Expr *container,
                                      const clang::Expr *index, Block &pre) {
  Object base = object(container, pre);
  const auto *named = dyn_cast<DeclRefExpr>(container->IgnoreParenImpCasts());
  if (base.index &&
      !objectView(named ? dyn_cast<VarDecl>(named->getDecl()) : nullptr))
    unexpected(container->getBeginLoc(), "an element of an element");
  ExprPtr at = expr(index, pre);
  // A view from element k: `p[i]` is element k + i.
  base.index = base.index ? makeBinary(Op::Add, std::move(base.index),
                                       std::move(at), intType())
                          : std::move(at);
  return base;
}

Object FunctionLowerer::pointedObject(const clang::Expr *e, Block &pre) {
  const clang::Expr *array = objectArray(e);
  if (!array)
    return object(e, pre);
  Object o = object(array, pre); // `a->x`, `*a`: its first element
  if (!o.index)                  // (a view's: where it starts)
    o.index = makeIntLiteral(0, intType());
  return o;
}

Object FunctionLowerer::object(const clang::Expr *e, Block &pre) {
  const clang::Expr *x = bareObject(e);
  if (const auto *ice = dyn_cast<ImplicitCastExpr>(x);
      ice && (ice->getCastKind() == CK_DerivedToBase ||
              ice->getCastKind() == CK_UncheckedDerivedToBase)) {
    // A base-class part: the leaves of the bases before it come first.
    Object whole = object(ice->getSubExpr(), pre);
    const CXXRecordDecl *cls = splitClass(ice->getSubExpr()->getType());
    size_t from = 0;
    for (const CXXBaseSpecifier *step : ice->path()) {
      const CXXRecordDecl *target = splitClass(step->getType());
      for (const CXXBaseSpecifier &b : cls->bases()) {
        if (splitClass(b.getType()) == target)
          break;
        from += leavesOf(b.getType(), x->getBeginLoc()).size();
      }
      cls = target;
    }
    size_t count = leavesOf(ice->getType(), x->getBeginLoc()).size();
    return whole.slice(from, count);
  }
  // `&obj` given to a pointer to an object, `*p` of one: the object.
  if (const auto *u = dyn_cast<UnaryOperator>(x);
      u && (u->getOpcode() == UO_AddrOf || u->getOpcode() == UO_Deref) &&
      !isa<CXXThisExpr>(u->getSubExpr()->IgnoreParenImpCasts()))
    return u->getOpcode() == UO_Deref ? pointedObject(u->getSubExpr(), pre)
                                      : object(u->getSubExpr(), pre);
  if (const auto *dre = dyn_cast<DeclRefExpr>(x)) {
    if (const auto *bd = dyn_cast<BindingDecl>(dre->getDecl()))
      return object(bd->getBinding(), pre); // a structured binding
    const auto *vd = dyn_cast<VarDecl>(dre->getDecl());
    auto it = vd ? objects.find(vd) : objects.end();
    if (it == objects.end())
      unexpected(x->getBeginLoc(), "an object that is not a variable");
    return it->second.copy();
  }
  if (const auto *me = dyn_cast<MemberExpr>(x))
    return member(me, pre);
  if (const auto *le = dyn_cast<LambdaExpr>(x))
    return closure(le, pre);
  // An element of a container of objects.
  if (ElementOf el = elementOf(x); el.container) {
    if (el.index)
      return objectElement(el.container, el.index, pre);
    Object base = object(el.container, pre); // front() or back()
    base.index = endIndex(base.vars.at(0), el.back);
    return base;
  }
  // A copy of a closure is the closure (closure(): never written).
  if (const auto *ce = dyn_cast<CXXConstructExpr>(x);
      ce && ce->getNumArgs() == 1 && splitClass(ce->getType()) &&
      ce->getType()->getAsCXXRecordDecl()->isLambda())
    return object(ce->getArg(0), pre);
  if (const auto *u = dyn_cast<UnaryOperator>(x);
      u && u->getOpcode() == UO_Deref &&
      isa<CXXThisExpr>(u->getSubExpr()->IgnoreParenImpCasts()))
    return self.copy();
  Object temps = objectVars(naming::valueTemp(), x->getType(), VarRole::Temp,
                            x->getBeginLoc());
  buildObject(temps, x, x->getBeginLoc(), pre, true);
  return temps;
}

Object FunctionLowerer::closure(const LambdaExpr *le, Block &pre) {
  // A capture by reference is the captured variable itself; a capture by
  // copy a new variable, never written afterwards (mutable lambdas were
  // refused), so that copies of the closure may share all its variables.
  std::vector<Leaf> layout = leavesOf(le->getType(), le->getBeginLoc());
  Object out;
  auto init = le->capture_init_begin();
  for (const LambdaCapture &c : le->captures()) {
    const auto *var = cast<VarDecl>(c.getCapturedVar());
    const clang::Expr *value = *init++;
    std::vector<Var *> own;
    const CXXRecordDecl *cls = var->getType()->getAsCXXRecordDecl();
    if (c.getCaptureKind() == LCK_ByRef || (cls && cls->isLambda())) {
      if (isSplit(var->getType())) {
        const Object &o = objects.at(var);
        if (o.index)
          unexpected(le->getBeginLoc(), "a capture of an element");
        own = o.vars;
      } else {
        own.push_back(varFor(var, le->getBeginLoc()));
      }
    } else if (isSplit(var->getType())) {
      Object copy = objectVars(var->getNameAsString(), var->getType(),
                               VarRole::Local, le->getBeginLoc());
      buildObject(copy, value, le->getBeginLoc(), pre, true);
      own = copy.vars;
    } else {
      Var *v = fn_->addVar(var->getNameAsString(),
                           typeOf(var->getType(), le->getBeginLoc()),
                           VarRole::Local);
      v->name = fn_->names.fresh(var->getNameAsString() + "_copy");
      initialize(v, value, le->getBeginLoc(), pre);
      own.push_back(v);
    }
    out.vars.insert(out.vars.end(), own.begin(), own.end());
  }
  if (out.vars.size() != layout.size())
    unexpected(le->getBeginLoc(), "a lambda whose captures are not its fields");
  return out;
}

Object FunctionLowerer::member(const MemberExpr *me, Block &pre) {
  const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
  if (!field)
    unexpected(me->getBeginLoc(), "a member that is not a field");
  const clang::Expr *base = me->getBase();
  Object whole;
  QualType type;
  if (me->isArrow() && !isa<CXXThisExpr>(base->IgnoreParenImpCasts())) {
    whole = pointedObject(base, pre); // a pointer to an object: the object
    type = base->getType()->getPointeeType();
  } else if (me->isArrow()) {
    whole = self.copy();
    type = base->getType()->getPointeeType();
  } else {
    whole = object(base, pre);
    type = base->getType();
  }
  std::vector<Leaf> layout = leavesOf(type, me->getBeginLoc());
  Object out;
  for (size_t i = 0; i < layout.size(); ++i)
    if (!layout[i].fields.empty() && layout[i].fields.front() == field)
      out.vars.push_back(whole.vars[i]);
  if (whole.index)
    out.index = std::move(whole.index);
  return out;
}

void FunctionLowerer::copyObject(const Object &dest, const Object &src,
                                 SourceLocation loc, Block &out) {
  for (size_t i = 0; i < dest.size(); ++i)
    if (dest.index || src.index || dest.vars[i] != src.vars[i])
      out.push_back(assign(dest.leaf(i), src.leaf(i), loc));
}

void FunctionLowerer::buildElements(const Object &dest, const clang::Expr *x,
                                    SourceLocation loc, Block &out) {
  // One Construct statement per leaf container, from the element values.
  auto construct = [&](ConstructKind kind,
                       const std::function<void(size_t, Stmt &)> &args) {
    for (size_t k = 0; k < dest.size(); ++k) {
      StmtPtr st = defaultConstruct(dest.vars[k], loc);
      st->construct = kind;
      args(k, *st);
      out.push_back(std::move(st));
    }
  };
  if (const auto *ce = dyn_cast<CXXConstructExpr>(x)) {
    llvm::SmallVector<const clang::Expr *, 3> args = writtenArguments(ce);
    if (args.empty())
      return construct(ConstructKind::Size, [](size_t, Stmt &) {});
    if (args.size() == 1 &&
        isa<CXXStdInitializerListExpr>(args[0]->IgnoreImplicit()))
      return buildElements(dest, args[0]->IgnoreImplicit(), loc, out);
    if (args.size() == 1 && isSplit(args[0]->getType()))
      return copyObject(dest, object(args[0], out), loc, out);
    ExprPtr n = expr(args[0], out);
    if (args.size() == 1)
      return construct(ConstructKind::Size, [&](size_t, Stmt &st) {
        st.args.push_back(n->clone());
      });
    Object value = object(args[1], out);
    return construct(ConstructKind::Fill, [&](size_t k, Stmt &st) {
      st.args.push_back(n->clone());
      st.args.push_back(value.leaf(k));
    });
  }
  const InitListExpr *list = elementList(x);
  if (!list)
    unexpected(loc, "an initializer of a container of objects");
  std::vector<Object> elements;
  for (const clang::Expr *item : list->inits())
    elements.push_back(object(item, out));
  construct(ConstructKind::Elements, [&](size_t k, Stmt &st) {
    for (const Object &e : elements)
      st.args.push_back(e.leaf(k));
  });
}

void FunctionLowerer::zeroLeaf(const Object &dest, size_t k, SourceLocation loc,
                               Block &out) {
  Var *v = dest.vars[k];
  out.push_back(
      v->type.isContainer() && !dest.index
          ? defaultConstruct(v, loc)
          : assign(dest.leaf(k), makeLiteral("0", dest.leaf(k)->type), loc));
}

void FunctionLowerer::memberPart(const Object &dest, size_t &at, QualType type,
                                 const clang::Expr *value, SourceLocation loc,
                                 Block &out, bool fresh) {
  if (isSplit(type)) {
    size_t n = leavesOf(type, loc).size();
    Object sub = dest.slice(at, n);
    at += n;
    if (value)
      return buildObject(sub, value, loc, out, fresh);
    for (size_t k = at - n; k < at; ++k)
      zeroLeaf(dest, k, loc, out);
    return;
  }
  size_t k = at++;
  if (!value || isa<ImplicitValueInitExpr>(value->IgnoreImplicit()))
    return zeroLeaf(dest, k, loc, out);
  if (!dest.index)
    return initialize(dest.vars[k], value, loc, out);
  ExprPtr target = dest.leaf(k);
  ExprPtr v = expr(value, out);
  if (v->type.spelling != target->type.spelling)
    v = makeCast(target->type, std::move(v));
  out.push_back(assign(std::move(target), std::move(v), loc));
}

void FunctionLowerer::defaultMembers(const Object &dest,
                                     const CXXRecordDecl *rd,
                                     SourceLocation loc, Block &out,
                                     bool fresh) {
  size_t at = 0;
  std::function<void(const CXXRecordDecl *)> walk =
      [&](const CXXRecordDecl *c) {
        for (const CXXBaseSpecifier &b : c->bases())
          walk(splitClass(b.getType()));
        for (const FieldDecl *f : c->fields()) {
          const clang::Expr *value =
              f->hasInClassInitializer() ? f->getInClassInitializer() : nullptr;
          if (!value && splitClass(f->getType()) &&
              !isNumberTuple(f->getType())) // a pair: zeros, as pair() does
            walk(splitClass(f->getType()));
          else
            memberPart(dest, at, f->getType(), value, loc, out, fresh);
        }
      };
  walk(rd);
}

void FunctionLowerer::tupleObject(const Object &dest,
                                  llvm::ArrayRef<const clang::Expr *> parts,
                                  SourceLocation loc, Block &out, bool fresh) {
  if (parts.empty()) {
    for (size_t k = 0; k < dest.size(); ++k)
      zeroLeaf(dest, k, loc, out);
    return;
  }
  std::vector<ExprPtr> values;
  for (size_t k = 0; k < parts.size(); ++k) {
    ExprPtr v = expr(parts[k], out);
    Type t = dest.leaf(k)->type;
    if (v->type.spelling != t.spelling)
      v = makeCast(t, std::move(v));
    if (!fresh) {
      Var *tmp = temp(t, naming::valueTemp());
      out.push_back(assign(makeVarRef(tmp), std::move(v), loc));
      v = makeVarRef(tmp);
    }
    values.push_back(std::move(v));
  }
  for (size_t k = 0; k < values.size(); ++k)
    out.push_back(assign(dest.leaf(k), std::move(values[k]), loc));
}

void FunctionLowerer::constructedObject(const Object &dest,
                                        const CXXConstructExpr *ce,
                                        SourceLocation loc, Block &out,
                                        bool fresh) {
  const CXXConstructorDecl *ctor = ce->getConstructor();
  if (ctor->isCopyOrMoveConstructor() && !ctor->isUserProvided())
    return copyObject(dest, object(ce->getArg(0), out), loc, out);
  if (ctor->isDefaultConstructor() && !ctor->isUserProvided())
    return defaultMembers(dest, ctor->getParent(), loc, out, fresh);
  if (viewConstructor(ctor)) {
    if (fresh)
      return viewsInPlace(dest, ce, loc, out);
    Object target =
        objectVars(naming::valueTemp(), ce->getType(), VarRole::Temp, loc);
    viewsInPlace(target, ce, loc, out);
    return copyObject(dest, target, loc, out);
  }
  // A constructor of the user's: a callee writing the object.
  llvm::SmallVector<const clang::Expr *, 4> args(ce->arguments());
  Object target = fresh ? dest.copy()
                        : objectVars(naming::valueTemp(), ce->getType(),
                                     VarRole::Temp, loc);
  emitCall(userCall(ctor, &target, args, ce->getBeginLoc(), out), out);
  if (!fresh)
    copyObject(dest, target, loc, out);
}

void FunctionLowerer::viewsInPlace(const Object &dest,
                                   const CXXConstructExpr *ce,
                                   SourceLocation loc, Block &out) {
  // Its parameters stand for the arguments: a pointer for the address it is
  // given, an integer for the variable given or a temporary holding the
  // value.
  const CXXConstructorDecl *ctor = ce->getConstructor();
  for (unsigned i = 0; i < ctor->getNumParams(); ++i) {
    const ParmVarDecl *p = ctor->getParamDecl(i);
    const clang::Expr *arg = ce->getArg(i);
    if (AddressArgument at; p->getType()->isPointerType()) {
      if (!addressOf(p->getType(), arg, at, /*whole=*/true))
        unexpected(arg->getBeginLoc(), "an argument of a view constructor");
      aliases[p] = address(at, loc, out);
      continue;
    }
    // (A variable as it is: nothing the constructor does writes one.)
    ExprPtr value = expr(arg, out);
    const Type t = typeOf(p->getType(), loc);
    if (value->kind == ExprKind::VarRef && value->type.spelling == t.spelling) {
      vars[p] = value->var;
      continue;
    }
    Var *v = temp(t, naming::constructorArgument(p->getNameAsString()));
    if (value->type.spelling != t.spelling)
      value = makeCast(t, std::move(value));
    out.push_back(assign(makeVarRef(v), std::move(value), loc));
    vars[p] = v;
  }
  // Then each field, in order, from its initializer.
  size_t at = 0;
  for (const FieldDecl *f : ctor->getParent()->fields()) {
    const clang::Expr *value = nullptr;
    for (const CXXCtorInitializer *init : ctor->inits())
      if (init->getMember() == f)
        value = init->getInit();
    memberPart(dest, at, f->getType(), value, loc, out, /*fresh=*/true);
  }
  for (const ParmVarDecl *p : ctor->parameters()) {
    aliases.erase(p);
    vars.erase(p);
  }
}

namespace {

/// A named object, a member of one, `*this` (or a base of one of them).
bool namedObject(const clang::Expr *x) {
  const auto *ice = dyn_cast<ImplicitCastExpr>(x);
  const auto *u = dyn_cast<UnaryOperator>(x);
  return isa<DeclRefExpr, MemberExpr, LambdaExpr>(x) ||
         (ice && (ice->getCastKind() == CK_DerivedToBase ||
                  ice->getCastKind() == CK_UncheckedDerivedToBase)) ||
         (u && u->getOpcode() == UO_Deref &&
          isa<CXXThisExpr>(u->getSubExpr()->IgnoreParenImpCasts()));
}

} // namespace

void FunctionLowerer::buildObject(const Object &dest, const clang::Expr *init,
                                  SourceLocation loc, Block &out, bool fresh) {
  const clang::Expr *x = bareObject(init);
  if (const auto *d = dyn_cast<CXXDefaultInitExpr>(x))
    return buildObject(dest, d->getExpr(), loc, out, fresh);
  // A std::pair or tuple from its values: all evaluated before any is
  // written (`p = std::make_pair(p.second, p.first)`).
  if (llvm::SmallVector<const clang::Expr *, 2> parts; tupleParts(x, parts))
    return tupleObject(dest, parts, loc, out, fresh);
  if (isa<ImplicitValueInitExpr>(x)) {
    for (size_t k = 0; k < dest.size(); ++k)
      zeroLeaf(dest, k, loc, out);
    return;
  }
  // A container of objects: built container by container.
  if (splitElement(x->getType()) &&
      (isa<InitListExpr, CXXConstructExpr, CXXStdInitializerListExpr>(x)))
    return buildElements(dest, x, loc, out);
  if (const auto *list = dyn_cast<InitListExpr>(x)) {
    // One member's part of `dest` from its initializer (null: zero).
    size_t at = 0;
    forEachMemberInit(
        list, [&](QualType type, const clang::Expr *value, const FieldDecl *) {
          memberPart(dest, at, type, value, loc, out, fresh);
        });
    return;
  }
  if (const auto *ce = dyn_cast<CXXConstructExpr>(x))
    return constructedObject(dest, ce, loc, out, fresh);
  if (elementContainer(x)) // an element: copied
    return copyObject(dest, object(x, out), loc, out);
  if (const auto *c = dyn_cast<CallExpr>(x)) {
    if (fresh)
      return objectCall(c, dest, out);
    Object temps =
        objectVars(naming::valueTemp(), c->getType(), VarRole::Temp, loc);
    objectCall(c, temps, out);
    return copyObject(dest, temps, loc, out);
  }
  // A named object, a member of one, `*this`: copied leaf by leaf (any
  // other shape would come back here through object()'s temporaries).
  if (!namedObject(x))
    unexpected(x->getBeginLoc(), std::string("the object expression '") +
                                     x->getStmtClassName() + "'");
  copyObject(dest, object(x, out), loc, out);
}

} // namespace tangent
