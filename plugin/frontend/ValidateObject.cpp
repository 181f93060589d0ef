//===- ValidateObject.cpp - refusals of class-type values -----------------===//
//
// The class-type half of the allow-list (Validator.h). A value of a class
// the IR can split into fields (frontend/Types.h) is accepted where the
// lowering (frontend/lower/LowerObject.cpp) has a rule for it: a named
// object, a member of one, `*this`, braces, an implicit or user constructor,
// a call returning an object; member functions and operators of the user's
// are callees like any other.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/CustomRules.h"
#include "frontend/Types.h"
#include "frontend/Validator.h"
#include "clang/AST/Attr.h"

using namespace clang;

namespace tangent {

std::string Validator::classProblem(QualType qt) const {
  QualType bare = qt.getNonReferenceType();
  if (!isSplit(bare)) {
    if (const auto *r = bare->getAsCXXRecordDecl(); r && r->isUnion())
      return "unions are not supported: the active member is not known "
             "statically; use a struct, or a custom derivative";
    return "";
  }
  std::vector<Leaf> leaves;
  std::string problem;
  if (!typeLeaves(ctx_, bare, leaves, &problem))
    return problem;
  return "";
}

bool Validator::isObject(QualType qt) const {
  return isSplit(qt) && classProblem(qt).empty();
}

void Validator::object(const clang::Expr *e, Use use) {
  SourceLocation loc = e->getBeginLoc();
  if (namesRefused(bareObject(e)))
    return; // its declaration was refused
  if (std::string problem = classProblem(e->getType()); !problem.empty())
    return refuseClass(loc, problem);
  const clang::Expr *x = bareObject(e);
  if (const auto *ice = dyn_cast<ImplicitCastExpr>(x);
      ice && (ice->getCastKind() == CK_DerivedToBase ||
              ice->getCastKind() == CK_UncheckedDerivedToBase))
    return object(ice->getSubExpr(), use);
  // A C array of objects given as a pointer: its first element, or all of
  // them (AstShapesObjectArrays.cpp).
  if (const clang::Expr *array = objectArray(x); array && array != x)
    return object(array, use);
  // `&obj` given to a pointer to an object, `*p` of one.
  if (const auto *u = dyn_cast<UnaryOperator>(x);
      u && (u->getOpcode() == UO_AddrOf || u->getOpcode() == UO_Deref) &&
      !isa<CXXThisExpr>(u->getSubExpr()->IgnoreParenImpCasts()))
    return object(u->getSubExpr(), use);
  // A std::pair or tuple built from its values (or zeros).
  if (llvm::SmallVector<const clang::Expr *, 2> parts; tupleParts(x, parts)) {
    if (use == Use::Target)
      return refuse(loc, "writing to a temporary object is not supported; "
                         "name it first (Vec v = make(x); v.scale(x);)");
    for (const clang::Expr *p : parts)
      expr(p);
    return;
  }
  if (const auto *dre = dyn_cast<DeclRefExpr>(x)) {
    if (const auto *bd = dyn_cast<BindingDecl>(dre->getDecl()))
      return object(bd->getBinding(), use); // a structured binding
    const auto *vd = dyn_cast<VarDecl>(dre->getDecl());
    if (vd && (scope_->vars.count(vd) || scope_->refused.count(vd) ||
               (scope_->aliases.count(vd) && isSplit(vd->getType()))))
      return;
    return refuse(loc, "the object '" + dre->getDecl()->getNameAsString() +
                           "' is not supported here (only parameters and "
                           "local variables)");
  }
  if (const auto *me = dyn_cast<MemberExpr>(x))
    return member(me, use);
  // An element of a container of objects.
  if (ElementOf el = elementOf(x); el.container) {
    if (elementContainer(bareObject(el.container)))
      return refuse(loc, "an element of an element is not supported");
    object(el.container, use);
    if (el.index)
      expr(el.index);
    return;
  }
  if (const auto *le = dyn_cast<LambdaExpr>(x))
    return use == Use::Target ? refuse(loc, "writing to a temporary object "
                                            "is not supported")
                              : lambda(le);
  if (const auto *u = dyn_cast<UnaryOperator>(x);
      u && u->getOpcode() == UO_Deref &&
      isa<CXXThisExpr>(u->getSubExpr()->IgnoreParenImpCasts()))
    return;
  // A temporary made by a call of yours, braces or a constructor call
  // (`make(x)`, `Vec{a, b}`, `Vec(a, b)`) that a member function writes
  // (`make(x).scale(2)`): a temporary in the generated code too, the writes
  // lost with it, as in C++. A copy made in place (`Vec(v)`) stays refused:
  // it could be lowered as v itself.
  if (use == Use::Target && x->isPRValue() &&
      (isa<CXXTemporaryObjectExpr, InitListExpr>(x) ||
       (isa<CallExpr>(x) && isUserCall(cast<CallExpr>(x), ctx_))))
    return object(x, Use::Value);
  if (use == Use::Target)
    return refuse(loc, "writing to a temporary object is not supported; "
                       "name it first (Vec v = make(x); v.scale(x);)");
  if (const auto *d = dyn_cast<CXXDefaultInitExpr>(x))
    return defaultMemberInit(d->getField(), loc);
  if (isa<ImplicitValueInitExpr>(x))
    return;
  // A container of objects, constructed or listed.
  if (splitElement(x->getType()) &&
      isa<InitListExpr, CXXConstructExpr, CXXStdInitializerListExpr>(x))
    return elements(x);
  if (const auto *list = dyn_cast<InitListExpr>(x)) {
    forEachMemberInit(list, [&](QualType type, const clang::Expr *value,
                                const FieldDecl *field) {
      if (!value)
        return;
      if (field && field->getInClassInitializer() == value)
        return defaultMemberInit(field, loc);
      if (isSplit(type))
        return object(value, Use::Value);
      if (type->isPointerType())
        return pointerFieldValue(type, value);
      Type t;
      lowerType(ctx_, type, t);
      initializer(t, value, value->getBeginLoc());
    });
    return;
  }
  if (const auto *ce = dyn_cast<CXXConstructExpr>(x))
    return construction(ce);
  if (const auto *c = dyn_cast<CallExpr>(x))
    return call(c);
  if (const auto *s = dyn_cast<ArraySubscriptExpr>(x);
      s && !objectPointee(s->getBase()->getType()).isNull())
    return refuse(loc, "indexing a pointer to objects is not supported "
                       "here (a pointer local to an object is that one "
                       "object, by reference); index the array itself (a C "
                       "array of objects, a std::vector of them, a pointer "
                       "parameter or a pointer from new[])");
  refuse(loc, std::string("this expression of class type ('") +
                  x->getStmtClassName() + "') is not supported");
}

void Validator::elements(const clang::Expr *x) {
  SourceLocation loc = x->getBeginLoc();
  if (const auto *ce = dyn_cast<CXXConstructExpr>(x)) {
    llvm::SmallVector<const clang::Expr *, 3> args = writtenArguments(ce);
    if (args.size() == 1 &&
        isa<CXXStdInitializerListExpr>(args[0]->IgnoreImplicit()))
      return elements(args[0]->IgnoreImplicit());
    if (args.size() == 1 && isSplit(args[0]->getType()))
      return object(args[0]);
    if (args.size() > 2 ||
        (!args.empty() && !args[0]->getType()->isIntegralOrEnumerationType()))
      return refuse(loc, "this constructor of a container of objects is not "
                         "supported (a size, a size and a value, a copy, or "
                         "a list)");
    if (!args.empty())
      expr(args[0]);
    if (args.size() == 2)
      object(args[1]);
    return;
  }
  const InitListExpr *list = elementList(x);
  if (!list)
    return refuse(loc, "this initializer of a container of objects is not "
                       "supported");
  for (const clang::Expr *item : list->inits())
    object(item);
}

void Validator::lambda(const LambdaExpr *le) {
  SourceLocation loc = le->getBeginLoc();
  if (le->isMutable())
    return refuse(loc, "a mutable lambda is not supported: its copies of the "
                       "captured values change between calls; capture by "
                       "reference instead");
  auto init = le->capture_init_begin();
  for (const LambdaCapture &c : le->captures()) {
    const clang::Expr *value = *init++;
    if (!c.capturesVariable())
      return refuse(c.getLocation().isValid() ? c.getLocation() : loc,
                    "a lambda that captures 'this' is not supported; copy the "
                    "fields it uses into locals before it and capture those "
                    "(`const double k0 = k; [k0](double v) { ... }`)");
    const auto *var = dyn_cast<VarDecl>(c.getCapturedVar());
    if (var && var->isInitCapture())
      return refuse(c.getLocation().isValid() ? c.getLocation() : loc,
                    "an init-capture is not supported; declare the variable "
                    "before the lambda and capture it");
    if (!var || !(scope_->vars.count(var) || scope_->refused.count(var)) ||
        scope_->aliases.count(var))
      return refuse(c.getLocation().isValid() ? c.getLocation() : loc,
                    "this capture is not supported (only the parameters and "
                    "local variables of the function)");
    if (c.getCaptureKind() == LCK_ByCopy && value) {
      if (isSplit(var->getType()))
        object(value, Use::Value);
    }
  }
  if (std::string p = classProblem(le->getType()); !p.empty())
    return refuseClass(loc, p);
}

void Validator::defaultMemberInit(const FieldDecl *f, SourceLocation loc) {
  // A default member initializer is lowered in the function that builds
  // the object, where `this` is another object: it may not read members.
  const clang::Expr *init = f->getInClassInitializer();
  if (!init)
    return;
  std::function<bool(const clang::Stmt *)> readsThis =
      [&](const clang::Stmt *s) {
        if (!s)
          return false;
        if (isa<CXXThisExpr>(s))
          return true;
        for (const clang::Stmt *child : s->children())
          if (readsThis(child))
            return true;
        return false;
      };
  if (readsThis(init))
    return refuse(loc, "the default member initializer of '" +
                           f->getNameAsString() +
                           "' reads other members, which is not supported");
  if (isSplit(f->getType()))
    return object(init, Use::Value);
  Type t;
  lowerType(ctx_, f->getType(), t);
  initializer(t, init, loc);
}

void Validator::construction(const CXXConstructExpr *ce) {
  SourceLocation loc = ce->getBeginLoc();
  const CXXConstructorDecl *ctor = ce->getConstructor();
  if (!ctor->isUserProvided()) {
    if (ctor->isCopyOrMoveConstructor())
      return object(ce->getArg(0), Use::Value);
    if (ctor->isDefaultConstructor()) {
      // The lowering sets each field as the implicit constructor does:
      // default member initializers, zeros, and the same for nested
      // objects; a nested constructor of the user's it would not run.
      std::function<void(const CXXRecordDecl *)> walk =
          [&](const CXXRecordDecl *c) {
            if (c->hasUserProvidedDefaultConstructor() &&
                !isNumberTuple(ctx_.getRecordType(c)))
              return refuse(loc, "the implicit default constructor of '" +
                                     ctor->getParent()->getNameAsString() +
                                     "' runs the constructor of '" +
                                     c->getNameAsString() +
                                     "', which is not supported; initialize "
                                     "the object with braces or a "
                                     "constructor of your own");
            for (const CXXBaseSpecifier &b : c->bases())
              walk(splitClass(b.getType()));
            for (const FieldDecl *f : c->fields()) {
              if (f->hasInClassInitializer())
                defaultMemberInit(f, loc);
              else if (const CXXRecordDecl *nested = splitClass(f->getType());
                       nested && !isNumberTuple(f->getType())) // pair(): zeros
                walk(nested);
            }
          };
      return walk(ctor->getParent());
    }
    return refuse(loc, "this constructor is not supported");
  }
  if (findCustomRule(ctx_, ctor))
    return refuse(loc, "custom derivatives of constructors are not "
                       "supported");
  llvm::SmallVector<const clang::Expr *, 4> args(ce->arguments());
  arguments(ctor, args);
  // One that only sets views runs in place (LowerObject.cpp): its
  // arguments are all there is to check, each pointer an address.
  if (!viewConstructor(ctor))
    return function(ctor);
  for (unsigned i = 0; i < args.size() && i < ctor->getNumParams(); ++i)
    if (AddressArgument at;
        ctor->getParamDecl(i)->getType()->isPointerType() &&
        !addressOf(ctor->getParamDecl(i)->getType(), args[i], at, true))
      refuse(args[i]->getBeginLoc(),
             "a constructor that sets pointer fields takes addresses into "
             "named arrays, vectors or pointers (`x + k`, `&v[k]`, "
             "`v.data()`)");
}

void Validator::member(const MemberExpr *me, Use use) {
  SourceLocation loc = me->getBeginLoc();
  if (staticConstant(me))
    return; // a constant, folded
  const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
  if (!field)
    return refuse(loc, "the member '" + me->getMemberDecl()->getNameAsString() +
                           "' is not supported (only fields and member "
                           "function calls)");
  const clang::Expr *base = me->getBase();
  if (namesRefused(bareObject(base)))
    return; // its declaration was refused
  if (me->isArrow()) {
    if (!isa<CXXThisExpr>(base->IgnoreParenImpCasts())) {
      if (objectPointee(base->getType()).isNull())
        return refuse(loc, "'->' is supported on 'this' and on pointers to "
                           "objects of your classes");
      return object(base, use); // the object it points at
    }
    if (std::string p = classProblem(base->getType()->getPointeeType());
        !p.empty())
      return refuseClass(loc, p);
    return;
  }
  if (!splitClass(base->getType()))
    return refuse(loc, "the member '" + field->getNameAsString() + "' of a '" +
                           base->getType().getAsString() +
                           "' is not supported");
  object(base, use);
}

void Validator::objectPointerLocal(const VarDecl *vd, QualType pointee) {
  if (std::string p = classProblem(pointee); !p.empty())
    return refuseDecl(vd, p);
  if (!vd->getInit() ||
      isa<CXXNullPtrLiteralExpr>(vd->getInit()->IgnoreParenImpCasts()))
    return refuseDecl(vd, "a pointer to an object is supported initialized "
                          "to an object (`Body *b = &body;`), and is not "
                          "reassigned");
  const Use use = pointee.isConstQualified() ? Use::Value : Use::Target;
  if (ObjectArrayArgument arg;
      objectView(vd) && // a view into an array
      tangent::objectArrayArgument(vd->getInit(), arg)) {
    object(arg.base, use);
    if (arg.offset)
      expr(arg.offset);
  } else {
    object(vd->getInit(), use);
  }
  scope_->vars.insert(vd);
}

bool Validator::pointerMember(const clang::Expr *e) {
  const auto *me = dyn_cast<MemberExpr>(bareObject(e->IgnoreParenImpCasts()));
  Type t;
  if (!me || !lowerType(ctx_, me->getType().getUnqualifiedType(), t) ||
      t.kind != TypeKind::Pointer)
    return false;
  member(me, Use::Value);
  return true;
}

bool Validator::containerMember(const clang::Expr *e) {
  const auto *me = dyn_cast<MemberExpr>(bareObject(e->IgnoreParenImpCasts()));
  Type t;
  if (!me || !lowerType(ctx_, me->getType(), t) || !t.isContainer())
    return false;
  member(me, Use::Value);
  return true;
}

void Validator::arguments(const FunctionDecl *fd,
                          llvm::ArrayRef<const clang::Expr *> args,
                          const clang::Expr *call) {
  for (unsigned i = 0; i < args.size(); ++i) {
    const ParmVarDecl *p =
        i < fd->getNumParams() ? fd->getParamDecl(i) : nullptr;
    Use use = isOutputParam(p) ? Use::Target : Use::Value;
    if (bool holds_real; p && passThrough(p->getType(), holds_real)) {
      passThroughArgument(fd, p, args[i]);
      continue;
    }
    if (p && objectArrayParam(p)) {
      objectArrayArgument(fd, p, args[i]); // ValidateObjectArrays.cpp
      continue;
    }
    if (p && (isSplit(p->getType()) || !objectPointee(p->getType()).isNull())) {
      const QualType pointee = objectPointee(p->getType());
      object(args[i], !pointee.isNull() && !pointee.isConstQualified()
                          ? Use::Target
                          : use);
      continue;
    }
    if (pointerArgument(p, args[i])) // ValidateMultiArray.cpp
      continue;
    Type pt;
    // A std::span: a named vector, array, C array or span converted.
    if (p && lowerType(ctx_, p->getType(), pt) && pt.span) {
      const clang::Expr *a = spanSource(args[i]);
      if (namesRefused(a))
        continue;
      if (!namesContainer(a, /*or_pointer=*/true) && !containerMember(a))
        return refuse(args[i]->getBeginLoc(),
                      "give the std::span parameter of '" +
                          fd->getNameAsString() +
                          "' a named vector, array or span (or the whole of "
                          "a field), not a span made here");
      expr(a, writesThroughPointer(p) ? Use::Target : Use::Value);
      continue;
    }
    // A container made here for a parameter only read: a temporary.
    if (containerTemporary(p, args[i], ctx_)) {
      containerInitializer(args[i], args[i]->getBeginLoc());
      continue;
    }
    if (namesRefused(args[i]))
      continue; // its declaration was refused
    // A container: named, a field, or a row of a vector of vectors.
    if (p && lowerType(ctx_, p->getType(), pt) && pt.isContainer() &&
        !namesContainer(args[i])) {
      // A field given to a parameter by value arrives as its copy
      // construction (`h(s.w)`): the field, read (containerMember checked
      // it), and nothing else to check.
      const clang::Expr *copied = copiedFrom(args[i]);
      if (containerMember(copied)) {
        if (copied != bareObject(args[i]))
          continue;
      } else if (!namesRow(args[i])) {
        return refuse(args[i]->getBeginLoc(), "pass a named container to '" +
                                                  fd->getNameAsString() + "'");
      }
    }
    // A row written by the callee is copied in and back out (LowerCall.cpp):
    // no other argument may reach the variable that holds it.
    if (use == Use::Target && namesRow(args[i])) {
      const clang::Expr *rows = rowOf(ctx_, args[i]);
      const VarDecl *m = rows ? rootVariable(rows) : nullptr;
      if (!m)
        return refuse(args[i]->getBeginLoc(),
                      "a row passed by reference is supported as `m[i]` (or "
                      "m.at(i), m.back(), m.front()) of a named vector of "
                      "vectors");
      // Elsewhere in the call (another argument, the object called on) or
      // captured by reference by the lambda called.
      const auto *md = dyn_cast<CXXMethodDecl>(fd);
      bool captured = false;
      if (md && md->getParent()->isLambda())
        for (const LambdaCapture &cap : md->getParent()->captures())
          captured |= cap.capturesVariable() && cap.getCapturedVar() == m &&
                      cap.getCaptureKind() == LCK_ByRef;
      if (!call || captured || mentions(call, m) > mentions(args[i], m))
        return refuse(args[i]->getBeginLoc(),
                      "the call reaches '" + m->getNameAsString() +
                          "' also otherwise than through this row, which it "
                          "receives by reference; pass a copy of the row");
    }
    expr(args[i], use);
  }
}

void Validator::memberFunctionCall(const CallExpr *c, const CXXMethodDecl *md,
                                   const clang::Expr *on) {
  SourceLocation loc = c->getBeginLoc();
  if (md->isVirtual())
    return refuse(loc, "the virtual call to '" + md->getNameAsString() +
                           "' is not supported: its target is known only at "
                           "run time; call a non-virtual function, or make "
                           "it a template over the type");
  if (findCustomRule(ctx_, md))
    return refuse(loc, "custom derivatives of member functions are not "
                       "supported");
  if (!isa<CXXThisExpr>(on->IgnoreParenImpCasts()))
    object(on, md->isConst() ? Use::Value : Use::Target);
  if (namesRefused(bareObject(on)))
    return; // its declaration was refused
  llvm::SmallVector<const clang::Expr *, 4> args;
  calleeArguments(c, args);
  userFunction(c, md, args);
}

void Validator::userFunction(const CallExpr *c, const FunctionDecl *fd,
                             llvm::ArrayRef<const clang::Expr *> args) {
  SourceLocation loc = c->getBeginLoc();
  if (isLibraryFunction(fd, ctx_))
    return refuse(loc, "'" + fd->getNameAsString() +
                           "' of the standard library is not supported");
  if (!fd->hasBody() && fd->isTemplateInstantiation() && instantiate_)
    instantiate_(fd);
  const FunctionDecl *def = nullptr;
  if (!fd->hasBody(def) || !def)
    return refuse(loc, "function '" + fd->getNameAsString() +
                           "' has no body; tangent differentiates member "
                           "functions and operators through their bodies");
  arguments(fd, args, c);
  function(def);
}

bool Validator::accessorCall(const CallExpr *c, Use use) {
  SourceLocation loc = c->getBeginLoc();
  const auto refused = [&](SourceLocation at, const std::string &why) {
    refuse(at, why);
    return false;
  };
  if (const clang::Expr *value = accessorValue(c->getDirectCallee())) {
    if (accessors_.insert(c->getDirectCallee()).second && !substitutable(value))
      return refused(value->getBeginLoc(),
                     "a function returning a reference is supported when it "
                     "returns a parameter, a field or an element of one "
                     "(`return v[i];`, `return data[i * n + j];`)");
    // Its number references stand for what they are bound to: a variable
    // or an element of a named container, not of a row.
    const FunctionDecl *fd = c->getDirectCallee();
    llvm::SmallVector<const clang::Expr *, 4> args;
    calleeArguments(c, args);
    for (unsigned i = 0; i < args.size(); ++i) {
      const ParmVarDecl *p =
          i < fd->getNumParams() ? fd->getParamDecl(i) : nullptr;
      const clang::Expr *a = args[i]->IgnoreParenImpCasts();
      const clang::Expr *base = nullptr;
      if (const auto *op = dyn_cast<CXXOperatorCallExpr>(a);
          op && op->getOperator() == OO_Subscript)
        base = op->getArg(0);
      if (p && isOutputParam(p) && !isSplit(p->getType()) && base &&
          namesRow(base))
        return refused(a->getBeginLoc(),
                       "an element of a row passed to an accessor's "
                       "reference parameter is not supported; pass the "
                       "vector of vectors and the indices");
    }
  } else if (use == Use::Target) {
    return refused(loc, "assigning to the result of a call is not supported "
                        "(a function returning a reference is, when its "
                        "body is `return <element or field>;`)");
  }
  return true;
}

void Validator::tieAssignment(llvm::ArrayRef<const clang::Expr *> tied,
                              const clang::Expr *rhs, bool compound,
                              SourceLocation loc) {
  llvm::SmallVector<QualType, 4> elements;
  if (compound || !tupleElements(rhs->getType(), elements) ||
      elements.size() != tied.size())
    return refuse(loc, "std::tie is supported on the left of '=' with a "
                       "std::pair or std::tuple of numbers on the right");
  object(rhs);
  for (const clang::Expr *target : tied) {
    if (!target)
      continue; // std::ignore
    if (!target->getType()->isRealFloatingType() &&
        !target->getType()->isIntegralOrEnumerationType())
      return refuse(target->getBeginLoc(),
                    "std::tie of '" + target->getType().getAsString() +
                        "' is not supported; tie variables of number type");
    expr(target, Use::Target);
  }
}

void Validator::memberInitializers(const CXXConstructorDecl *ctor) {
  for (const CXXCtorInitializer *init : ctor->inits()) {
    SourceLocation loc = init->getSourceLocation().isValid()
                             ? init->getSourceLocation()
                             : ctor->getLocation();
    if (init->isBaseInitializer() || init->isDelegatingInitializer()) {
      object(init->getInit());
    } else if (const FieldDecl *f = init->getMember()) {
      if (isSplit(f->getType())) {
        object(init->getInit());
        continue;
      }
      if (isa<CXXDefaultInitExpr>(init->getInit())) {
        defaultMemberInit(f, loc); // `double *m_tmp = nullptr;`
        continue;
      }
      Type t;
      lowerType(ctx_, f->getType(), t);
      initializer(t, init->getInit(), loc);
    } else {
      refuse(loc, "this constructor initializer (of an anonymous member) "
                  "is not supported; initialize the anonymous struct or "
                  "union as a whole, or name it");
    }
  }
}

} // namespace tangent
