//===- LowerDecl.cpp - lowering local variables and initializers ----------===//
//
// Locals are hoisted into Function::vars; a declaration becomes an
// assignment (scalars) or a construction (containers: by size, size and
// fill value, copy, or elements).
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"

using namespace clang;

namespace tangent {

void FunctionLowerer::declaration(const VarDecl *vd, Block &out) {
  SourceLocation loc = vd->getLocation();
  // A static local is lowered as a local only when it is a constant.
  if (vd->isStaticLocal() &&
      !(vd->getType().isConstQualified() && vd->getInit() &&
        vd->getInit()->isConstantInitializer(ctx, false)))
    unexpected(loc, "a static local variable");
  // A reference (and a closure, which never changes after it is built:
  // copies share its variables) names what it is bound to.
  const CXXRecordDecl *cls = vd->getType()->getAsCXXRecordDecl();
  if (vd->getType()->isReferenceType() || (cls && cls->isLambda()))
    return bindReference(vd, vd->getInit(), loc, out);
  // `Atom *b = new Atom[n];`: one vector per field of the objects.
  if (const CXXNewExpr *ne = ownedObjects(vd)) {
    const QualType array =
        ctx.getIncompleteArrayType(ne->getAllocatedType().getUnqualifiedType(),
                                   ArraySizeModifier::Normal, 0);
    Object leaves =
        objectVars(vd->getNameAsString(), array, VarRole::Local, loc);
    ExprPtr n = expr(*ne->getArraySize(), out);
    if (n->kind != ExprKind::VarRef && n->kind != ExprKind::Literal) {
      Var *count = temp(n->type, naming::valueTemp()); // evaluated once
      out.push_back(assign(makeVarRef(count), std::move(n), loc));
      n = makeVarRef(count);
    }
    for (Var *v : leaves.vars) {
      StmtPtr sized = defaultConstruct(v, loc);
      sized->args.push_back(n->clone());
      out.push_back(std::move(sized));
    }
    objects[vd] = std::move(leaves);
    return;
  }
  // A pointer to an object (validated: never reassigned): the object.
  if (!objectPointee(vd->getType()).isNull() && vd->getInit()) {
    // Or a view of an array of them from an element (objectView).
    ObjectArrayArgument arg;
    const bool view = objectView(vd);
    Object o = view && objectArrayArgument(vd->getInit(), arg)
                   ? arrayFrom(arg, out)
                   : pointedObject(vd->getInit(), out);
    if (view && !o.index)
      o.index = makeIntLiteral(0, intType());
    o.index = frozenIndex(std::move(o.index), loc, out);
    objects[vd] = std::move(o);
    return;
  }
  // A local owning an array: the array, a std::vector of its own, and the
  // local a view of it.
  if (OwnedArray oa; ownedArray(vd, oa))
    return ownedLocal(vd, oa, out);
  // A pointer local is a view (validated): the address it is initialized
  // to, with its offset as it is now.
  if (AddressArgument at; vd->getType()->isPointerType() && vd->getInit() &&
                          addressOf(vd->getType(), vd->getInit(), at, true)) {
    ExprPtr a = address(at, loc, out);
    if (llvm::SmallVector<const VarDecl *, 4> storages;
        pointerStorages(vd, storages) && storages.size() > 1)
      return viewOfChoice(vd, std::move(a), storages, loc, out);
    if (pointerChanges(vd))
      return walkingView(vd, std::move(a), loc, out); // LowerPointer.cpp
    if (a->kind == ExprKind::Index && a->ops[1]->kind != ExprKind::Literal &&
        !(a->ops[1]->kind == ExprKind::VarRef &&
          a->ops[1]->var->role == VarRole::Temp)) {
      // Its offset as it is now: `p_at`.
      const std::string stem = naming::viewOffset(vd->getNameAsString());
      Var *at = fn_->addVar(stem, a->ops[1]->type, VarRole::Temp);
      at->name = fn_->names.fresh(stem);
      out.push_back(assign(makeVarRef(at), std::move(a->ops[1]), loc));
      a->ops[1] = makeVarRef(at);
    }
    aliases[vd] = std::move(a);
    return;
  }
  // A view declared first and set later (`double *p; ... p = &x[k];`,
  // validated): a view of the one storage it is set into, from its start.
  if (llvm::SmallVector<const VarDecl *, 4> storages;
      vd->getType()->isPointerType() && !vd->getInit() &&
      pointerStorages(vd, storages) && storages.size() == 1)
    return walkingView(vd, storageStart(storages[0], loc), loc, out, false);
  if (isSplit(vd->getType())) {
    // An object: one local per leaf.
    Object leaves =
        objectVars(vd->getNameAsString(), vd->getType(), VarRole::Local, loc);
    if (vd->getInit())
      buildObject(leaves, vd->getInit(), loc, out, true);
    else
      for (Var *v : leaves.vars)
        out.push_back(
            v->type.isContainer()
                ? defaultConstruct(v, loc)
                : assign(makeVarRef(v), makeLiteral("0", v->type), loc));
    objects[vd] = std::move(leaves);
    return;
  }
  Type t;
  if (!lowerMultiArray(ctx, vd->getType(), t)) // `double m[3][3]`: flat
    t = typeOf(vd->getType(), loc);
  Var *v = fn_->addVar(vd->getNameAsString(), t, VarRole::Local);
  v->name = fn_->names.claim(vd->getNameAsString());
  vars[vd] = v;
  if (const clang::Expr *init = vd->getInit()) {
    initialize(v, init, loc, out);
  } else if (const auto *vla = ctx.getAsVariableArrayType(vd->getType())) {
    StmtPtr sized = defaultConstruct(v, loc); // `double a[n]`: n zeros
    sized->args.push_back(expr(vla->getSizeExpr(), out));
    out.push_back(std::move(sized));
  } else if (t.isContainer()) {
    out.push_back(defaultConstruct(v, loc));
  }
}

void FunctionLowerer::ownedLocal(const VarDecl *vd, const OwnedArray &oa,
                                 Block &out) {
  SourceLocation loc = vd->getLocation();
  const Type et = typeOf(oa.element, loc);
  Type vt;
  vt.kind = TypeKind::Vector;
  vt.elem_spelling = et.spelling;
  vt.elem_real = et.isReal();
  vt.spelling = "std::vector<" + et.spelling + ">";
  const std::string stem = naming::ownedArray(vd->getNameAsString());
  Var *array = fn_->addVar(stem, vt, VarRole::Local);
  array->name = fn_->names.fresh(stem);
  StmtPtr sized = defaultConstruct(array, loc);
  // Empty until its first allocation, when it is allocated later.
  sized->args.push_back(oa.count   ? expr(oa.count, out)
                        : oa.later ? makeIntLiteral(0, intType())
                                   : makeIntLiteral(1, intType()));
  out.push_back(std::move(sized));
  ExprPtr first = makeIndex(makeVarRef(array), makeIntLiteral(0, intType()));
  first->address = true;
  if (!oa.later && pointerChanges(vd))
    return walkingView(vd, std::move(first), loc, out); // LowerPointer.cpp
  aliases[vd] = std::move(first);
}

ExprPtr FunctionLowerer::storageStart(const VarDecl *s, SourceLocation loc) {
  if (auto a = aliases.find(s); a != aliases.end() && a->second->address)
    return a->second->clone(); // an owned array, a view
  auto v = vars.find(s);
  if (v == vars.end())
    unexpected(loc, "a view of storage that is not a variable");
  if (v->second->type.kind == TypeKind::Pointer)
    return makeVarRef(v->second);
  ExprPtr first =
      makeIndex(makeVarRef(v->second), makeIntLiteral(0, intType()));
  first->address = true;
  return first;
}

void FunctionLowerer::allocate(const VarDecl *p, const OwnedArray &oa,
                               SourceLocation loc, Block &out) {
  // The array the pointer owns, sized anew (validated: an owner allocated
  // by assignments, whose alias is the address of its first element).
  auto it = aliases.find(p);
  if (it == aliases.end() || it->second->kind != ExprKind::Index ||
      it->second->ops[0]->kind != ExprKind::VarRef)
    unexpected(loc, "an allocation into a pointer that owns no array");
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Resize;
  st->loc = makeLoc(ctx, loc);
  st->var = it->second->ops[0]->var;
  st->resize = ResizeKind::To;
  st->args.push_back(oa.count ? expr(oa.count, out)
                              : makeIntLiteral(1, intType()));
  out.push_back(std::move(st));
}

void FunctionLowerer::sizeOwnedField(const MemberExpr *me, ExprPtr size,
                                     SourceLocation loc, Block &out) {
  // The field's vector (Types.cpp): sized by an allocation, emptied (size
  // 0) by its release.
  Object leaf = member(me, out);
  if (leaf.index || leaf.vars.size() != 1 || !leaf.vars[0] ||
      leaf.vars[0]->type.kind != TypeKind::Vector)
    unexpected(loc, "an owned field that is not a vector of its object");
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Resize;
  st->loc = makeLoc(ctx, loc);
  st->var = leaf.vars[0];
  st->resize = ResizeKind::To;
  st->args.push_back(std::move(size));
  out.push_back(std::move(st));
}

void FunctionLowerer::bindReference(const VarDecl *vd, const clang::Expr *init,
                                    SourceLocation loc, Block &out) {
  // An object: the leaves of the object it binds to (writes through it
  // write them), an element with its index as it is now.
  if (isSplit(vd->getType())) {
    Object o = object(init, out);
    o.index = frozenIndex(std::move(o.index), loc, out);
    objects[vd] = std::move(o);
    return;
  }
  // A field (of an element: an alias of that element).
  const clang::Expr *bare = bareObject(init);
  if (const auto *me = dyn_cast<MemberExpr>(bare)) {
    Object leaf = member(me, out);
    if (leaf.index)
      aliases[vd] = makeIndex(makeVarRef(leaf.vars.at(0)),
                              frozenIndex(std::move(leaf.index), loc, out));
    else
      vars[vd] = leaf.vars.at(0);
    return;
  }
  // Writable: another name for the variable or element (validated); a row
  // of a vector of vectors, also through a const reference (the row may
  // change after the binding: a copy would not see it).
  auto rowAlias = [&](const clang::Expr *e) {
    const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    const auto *named = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
    auto it = named ? aliases.find(named) : aliases.end();
    return it != aliases.end() && it->second->type.isContainer();
  };
  // An element, also through a const reference (`const double &c = v[0];`:
  // later writes to v[0] show through it).
  auto element = [&](const clang::Expr *e) {
    const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
    const auto *mc = dyn_cast<CXXMemberCallExpr>(e);
    return e->getType()->isRealFloatingType() &&
           (isa<ArraySubscriptExpr>(e) ||
            (op && op->getOperator() == OO_Subscript) ||
            (mc && mc->getMethodDecl()->getName() == "at"));
  };
  if (!vd->getType().getNonReferenceType().isConstQualified() ||
      rowOf(ctx, bare) || rowAlias(bare) || element(bare)) {
    ExprPtr x = target(bare, out);
    if (x->kind == ExprKind::VarRef) {
      vars[vd] = x->var;
      return;
    }
    if (x->kind != ExprKind::Index)
      unexpected(loc, "a reference to this element");
    aliases[vd] = frozenElement(std::move(x), loc, out);
    return;
  }
  // A const reference to a variable: the variable itself; to another
  // name of an element (a reference or a parameter that shares storage,
  // LowerShared.cpp): that element, which later writes may change.
  if (const auto *dre = dyn_cast<DeclRefExpr>(init->IgnoreParenImpCasts()))
    if (const auto *pv = dyn_cast<VarDecl>(dre->getDecl())) {
      if (vars.count(pv)) {
        vars[vd] = vars[pv];
        return;
      }
      if (auto it = aliases.find(pv); it != aliases.end()) {
        aliases[vd] = it->second->clone();
        return;
      }
    }
  // A const reference to anything else (an element of a constant
  // parameter, a computed value): a copy.
  Var *v = fn_->addVar(vd->getNameAsString(), typeOf(vd->getType(), loc),
                       VarRole::Local);
  v->name = fn_->names.claim(vd->getNameAsString());
  vars[vd] = v;
  initialize(v, init, loc, out);
}

ExprPtr FunctionLowerer::frozenIndex(ExprPtr index, SourceLocation loc,
                                     Block &out) {
  if (!index ||
      (index->kind == ExprKind::VarRef && index->var->role == VarRole::Temp))
    return index;
  Var *t = temp(index->type, "at");
  out.push_back(assign(makeVarRef(t), std::move(index), loc));
  return makeVarRef(t);
}

ExprPtr FunctionLowerer::frozenElement(ExprPtr x, SourceLocation loc,
                                       Block &out) {
  if (x->kind != ExprKind::Index)
    return x;
  x->ops[0] = frozenElement(std::move(x->ops[0]), loc, out); // outer first
  x->ops[1] = frozenIndex(std::move(x->ops[1]), loc, out);
  return x;
}

StmtPtr FunctionLowerer::defaultConstruct(Var *v, SourceLocation loc) {
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Construct;
  st->loc = makeLoc(ctx, loc);
  st->var = v;
  st->construct = ConstructKind::Size;
  return st;
}

ExprPtr FunctionLowerer::row(const Type &row_type, const clang::Expr *init,
                             SourceLocation loc, Block &out) {
  // A named row as it is, also a row of a vector of vectors (`m[j]`, a
  // range-for reference to one); a row built in place goes to a temporary.
  const clang::Expr *e = init->IgnoreImplicit();
  if (const auto *ce = dyn_cast<CXXConstructExpr>(e);
      ce && ce->getNumArgs() == 1 &&
      ce->getConstructor()->isCopyOrMoveConstructor())
    e = ce->getArg(0)->IgnoreImplicit();
  if (isa<DeclRefExpr, MemberExpr>(e) || rowOf(ctx, e)) {
    ExprPtr x = expr(e, out);
    if (x->kind == ExprKind::VarRef ||
        (x->kind == ExprKind::Index && x->type.isContainer()))
      return x;
  }
  Var *t = temp(row_type, "row");
  initialize(t, init, loc, out);
  return makeVarRef(t);
}

void FunctionLowerer::flatElements(const Type &type, const InitListExpr *list,
                                   tangent::Stmt &st, SourceLocation loc,
                                   Block &out) {
  // Nested lists in row-major order; what a list leaves out is zero.
  bool any = false;
  Type scalar;
  scalar.kind = type.elem_real ? TypeKind::Real : TypeKind::Int;
  scalar.spelling = type.elem_spelling;
  std::function<void(const clang::Expr *, size_t)> walk =
      [&](const clang::Expr *written, size_t level) {
        long long size = 1; // elements this item covers
        for (size_t k = level; k < type.dims.size(); ++k)
          size *= type.dims[k];
        const clang::Expr *item = written ? written->IgnoreImplicit() : nullptr;
        const auto *sub = dyn_cast_or_null<InitListExpr>(item);
        if (level < type.dims.size() && sub) {
          for (long long k = 0; k < type.dims[level]; ++k)
            walk(k < (long long)sub->getNumInits() ? sub->getInit(k) : nullptr,
                 level + 1);
          return;
        }
        if (!item || isa<ImplicitValueInitExpr>(item)) {
          for (long long k = 0; k < size; ++k)
            st.args.push_back(makeLiteral("0", scalar));
          return;
        }
        if (level != type.dims.size())
          unexpected(loc, "a multi-dimensional array initializer");
        any = true; // with its conversion to the element type
        st.args.push_back(expr(written, out));
      };
  walk(list, 0);
  st.construct = any ? ConstructKind::Elements : ConstructKind::Size;
  if (!any)
    st.args.clear();
}

void FunctionLowerer::initializePointer(Var *v, const clang::Expr *init,
                                        SourceLocation loc, Block &out) {
  AddressArgument at;
  ExprPtr a =
      addressOf(init->getType(), init, at, /*whole=*/true)
          ? address(at, loc, out)
      : init->isNullPointerConstant(ctx, clang::Expr::NPC_NeverValueDependent)
          ? makeNullPointer(v->type)
          : expr(init, out);
  out.push_back(assign(makeVarRef(v), std::move(a), loc));
}

StmtPtr FunctionLowerer::construction(Var *v, SourceLocation loc) {
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Construct;
  st->loc = makeLoc(ctx, loc);
  st->var = v;
  return st;
}

StmtPtr FunctionLowerer::copyConstruction(Var *v, ExprPtr from,
                                          SourceLocation loc) {
  StmtPtr st = construction(v, loc);
  st->construct = ConstructKind::Copy;
  st->args.push_back(std::move(from));
  return st;
}

void FunctionLowerer::listElements(Var *v, const InitListExpr *list,
                                   tangent::Stmt &st, SourceLocation loc,
                                   Block &out) {
  // Value-initialized elements (`std::array<double, 3> a{}`): zeros.
  bool zeros = false;
  for (const clang::Expr *item : list->inits())
    zeros |= isa<ImplicitValueInitExpr>(item->IgnoreImplicit());
  if (zeros && list->getNumInits() <= 1) {
    st.construct = ConstructKind::Size;
    return;
  }
  st.construct = ConstructKind::Elements;
  for (const clang::Expr *item : list->inits()) {
    if (v->type.isNested())
      st.args.push_back(row(*v->type.row, item, loc, out));
    else if (isa<ImplicitValueInitExpr>(item->IgnoreImplicit()))
      st.args.push_back(makeLiteral("0", typeOf(item->getType(), loc)));
    else
      st.args.push_back(expr(item, out));
  }
}

void FunctionLowerer::constructedContainer(Var *v, const CXXConstructExpr *ctor,
                                           SourceLocation loc, Block &out) {
  StmtPtr st = construction(v, loc);
  llvm::SmallVector<const clang::Expr *, 3> args = writtenArguments(ctor);
  if (rangeConstructor(ctor))
    return rangeCopy(v, args[0], args[1], loc, out);
  if (args.size() == 1) {
    if (isa<CXXStdInitializerListExpr>(args[0]->IgnoreImplicit()))
      return initialize(v, args[0], loc, out);
    Type at;
    if (lowerType(ctx, args[0]->getType(), at) && at.isContainer()) {
      const clang::Expr *src = args[0]->IgnoreImplicit();
      if (const auto *c = dyn_cast<CallExpr>(src);
          c && !isa<CXXOperatorCallExpr, CXXMemberCallExpr>(c)) {
        call(c, out, v);
        return;
      }
      st->construct = ConstructKind::Copy;
    } else {
      st->construct = ConstructKind::Size;
    }
  } else if (args.size() == 2) {
    st->construct = ConstructKind::Fill;
  } else if (args.empty()) {
    st->construct = ConstructKind::Size;
  } else {
    unexpected(loc, "a container constructor of " +
                        std::to_string(args.size()) + " arguments");
  }
  for (const clang::Expr *a : args)
    st->args.push_back(st->construct == ConstructKind::Fill &&
                               v->type.isNested() && a == args[1]
                           ? row(*v->type.row, a, loc, out)
                           : expr(a, out));
  if (st->construct == ConstructKind::Copy &&
      st->args[0]->kind != ExprKind::VarRef &&
      !(st->args[0]->kind == ExprKind::Index &&
        st->args[0]->type.isContainer())) // `auto r = m[i];`
    unexpected(loc, "a copy from an unnamed container");
  out.push_back(std::move(st));
}

void FunctionLowerer::initializeContainer(Var *v, const clang::Expr *e,
                                          SourceLocation loc, Block &out) {
  e = withoutBraceCast(e); // `Vec{a, b}` is `{a, b}`
  // The array of a pointer field that owns its arrays (Types.cpp), null
  // until its first allocation (`double *m_tmp = nullptr;`): empty.
  if (e->isNullPointerConstant(ctx, clang::Expr::NPC_NeverValueDependent)) {
    out.push_back(defaultConstruct(v, loc));
    return;
  }
  if (isa<InitListExpr, CXXStdInitializerListExpr>(e)) {
    StmtPtr st = construction(v, loc);
    const InitListExpr *list = elementList(e);
    if (!list)
      unexpected(loc, "a container initializer");
    if (!v->type.dims.empty())
      flatElements(v->type, list, *st, loc, out);
    else
      listElements(v, list, *st, loc, out);
    out.push_back(std::move(st));
    return;
  }
  if (const auto *ctor = dyn_cast<CXXConstructExpr>(e))
    return constructedContainer(v, ctor, loc, out);
  if (const auto *c = dyn_cast<CallExpr>(e); c && isUserCall(c, ctx)) {
    call(c, out, v);
    return;
  }
  if (isa<DeclRefExpr, MemberExpr>(e) || rowOf(ctx, e)) {
    StmtPtr st = construction(v, loc);
    st->construct = ConstructKind::Copy;
    st->args.push_back(expr(e, out));
    out.push_back(std::move(st));
    return;
  }
  unexpected(loc, "a container initializer");
}

void FunctionLowerer::initialize(Var *v, const clang::Expr *init,
                                 SourceLocation loc, Block &out) {
  // A pointer field of an object being built: the address it views
  // (validated), or nullptr until it is set (LowerViews.cpp).
  if (v->type.kind == TypeKind::Pointer)
    return initializePointer(v, init, loc, out);
  // IgnoreImplicit also sees through cleanups and temporaries.
  const clang::Expr *e = init->IgnoreImplicit();
  if (v->type.isContainer())
    return initializeContainer(v, e, loc, out);
  // Scalars: a user call writes straight into the variable.
  if (const auto *c = dyn_cast<CallExpr>(init->IgnoreParenImpCasts());
      c && !isa<CXXOperatorCallExpr, CXXMemberCallExpr>(c) &&
      !c->getType()->isRecordType()) {
    Type ct;
    if (lowerType(ctx, c->getType(), ct) && ct.spelling == v->type.spelling) {
      ExprPtr value = call(c, out, v);
      if (!(value->kind == ExprKind::VarRef && value->var == v))
        out.push_back(assign(makeVarRef(v), std::move(value), loc));
      return;
    }
  }
  if (isa<ImplicitValueInitExpr>(e)) {
    out.push_back(assign(makeVarRef(v), makeLiteral("0", v->type), loc));
    return;
  }
  if (const auto *list = dyn_cast<InitListExpr>(e)) {
    if (list->getNumInits() == 0 ||
        isa<ImplicitValueInitExpr>(list->getInit(0)->IgnoreImplicit())) {
      out.push_back(assign(makeVarRef(v), makeLiteral("0", v->type), loc));
      return;
    }
    init = list->getInit(0);
  }
  ExprPtr value = expr(init, out);
  if (value->type.spelling != v->type.spelling)
    value = makeCast(v->type, std::move(value));
  out.push_back(assign(makeVarRef(v), std::move(value), loc));
}

} // namespace tangent
