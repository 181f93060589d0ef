//===- Validate.cpp - refuse what cannot be differentiated ----------------===//
//
// Runs before lowering, over the requested function and its callees, so a
// user sees every refusal at once, at its location, before any code is
// generated. It is an allow-list (Validator.h): this file checks functions,
// statements, declarations and initializers; ValidateExpr.cpp expressions
// and calls. A refused construct is not looked into further, so one mistake
// gives one error.
//
//===----------------------------------------------------------------------===//
#include "frontend/Validate.h"
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "frontend/Validator.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace tangent {

bool validate(const FunctionDecl *fd, ASTContext &ctx, Diagnoser &diags,
              const std::function<void(const FunctionDecl *)> &instantiate) {
  Validator v(ctx, diags, instantiate);
  v.function(fd);
  v.requestedParameters(fd);
  v.checkGlobals(fd); // ValidateGlobal.cpp
  // Arrays of pointer fields, in the order the program runs: once the
  // constructs are known to be supported.
  return v.ok() && ownedFieldsInOrder(fd, ctx, diags);
}

void Validator::refuse(SourceLocation loc, const std::string &what) {
  diags_.error(loc.isValid() ? loc : current_, "tangent: " + what);
  ok_ = false;
}

void Validator::refuseClass(SourceLocation loc, const std::string &problem) {
  if (class_problems_.insert(problem).second)
    return refuse(loc, problem);
  ok_ = false; // reported where the class was first met
}

void Validator::refuseDecl(const VarDecl *vd, const std::string &what) {
  refuse(vd->getLocation(), what);
  scope_->refused.insert(vd);
}

std::string Validator::typeProblem(QualType qt, const char *what) const {
  Type t;
  if (lowerType(ctx_, qt, t))
    return "";
  if (isSplit(qt) || qt.getNonReferenceType()->isUnionType())
    return classProblem(qt);
  if (QualType pointee = objectPointee(qt); !pointee.isNull())
    return classProblem(pointee); // the object by reference
  QualType bare = qt.getNonReferenceType();
  if (bare->isFunctionPointerType() || bare->isFunctionReferenceType())
    return "function pointers are not supported";
  // A container of fixed-size arrays: `std::vector<std::array<double, 3>>`,
  // `std::array<Vec3, 3>`, `double m[3][3]`.
  QualType elem;
  if (const auto *spec = stdTemplate(bare.getCanonicalType(), "vector"))
    elem = spec->getTemplateArgs()[0].getAsType();
  else if (const auto *spec = stdTemplate(bare.getCanonicalType(), "array"))
    elem = spec->getTemplateArgs()[0].getAsType();
  else if (const auto *arr = ctx_.getAsConstantArrayType(bare))
    elem = arr->getElementType();
  if (!elem.isNull() && (stdTemplate(elem.getCanonicalType(), "array") ||
                         elem->isConstantArrayType()))
    return std::string(what) + " type '" + qt.getAsString() +
           "' is not supported (a container of arrays); make the element a "
           "struct (struct Vec3 { double x, y, z; }: a container of it is "
           "one container per field) or use one flat std::vector<double> "
           "indexed i * 3 + k";
  if (const auto *spec = stdTemplate(bare, "vector");
      spec && spec->getTemplateArgs()[0].getAsType()->isPointerType())
    return "a std::vector of pointers is not supported (each element would "
           "view storage known only at run time); keep offsets into the "
           "array (`std::vector<int>`), or a pointer local per view";
  if (const auto *rd = bare->getAsCXXRecordDecl();
      rd && rd->isInStdNamespace() && rd->getIdentifier() &&
      (rd->getName().ends_with("_engine") ||
       rd->getName().ends_with("_distribution") ||
       rd->getName() == "random_device"))
    return "random number engines and distributions ('" + qt.getAsString() +
           "') are not supported in a differentiated function: their state "
           "is hidden from the adjoint; draw the numbers before the call and "
           "pass them in (a const std::vector<double> & parameter)";
  if (const auto *rd = bare->getAsCXXRecordDecl();
      rd && rd->isInStdNamespace() && rd->getName() == "function")
    return "std::function is not supported: the function it holds is known "
           "only at run time; take the callable as a template parameter "
           "(template <class F> double f(F g, ...))";
  return std::string(what) + " type '" + qt.getAsString() +
         "' is not supported";
}

bool Validator::mentionsRefused(const clang::Stmt *s) const {
  if (scope_->refused.empty() || !s)
    return false;
  if (const auto *d = dyn_cast<DeclRefExpr>(s))
    if (const auto *vd = dyn_cast<VarDecl>(d->getDecl()))
      return scope_->refused.count(vd) != 0;
  for (const clang::Stmt *child : s->children())
    if (mentionsRefused(child))
      return true;
  return false;
}

bool Validator::namesRefused(const clang::Expr *e) const {
  // Through elements and fields: `m[1][2]` of a refused `m` too.
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (const auto *a = dyn_cast<ArraySubscriptExpr>(e))
      e = a->getBase();
    else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
             op && op->getOperator() == OO_Subscript)
      e = op->getArg(0);
    else if (const auto *m = dyn_cast<MemberExpr>(e); m && !m->isArrow())
      e = m->getBase();
    else
      break;
  }
  const VarDecl *vd = namedVar(e);
  return vd && scope_->refused.count(vd);
}

void Validator::warn(SourceLocation loc, const std::string &what) {
  diags_.warning(loc.isValid() ? loc : current_, "tangent: " + what);
}

void Validator::function(const FunctionDecl *fd) {
  const FunctionDecl *def = nullptr;
  if (!fd->hasBody(def) || !def || !seen_.insert(def).second)
    return;
  Scope scope;
  Scope *outer_scope = scope_;
  unsigned outer_loops = loops_;
  SourceLocation outer_current = current_;
  scope_ = &scope;
  loops_ = 0;
  current_ = def->getLocation();
  signature(def);
  // A constant table of the namespace (or a class) it reads: a local copy.
  for (const VarDecl *table : globalTables(def->getBody(), ctx_))
    varDecl(table);
  if (const auto *body = dyn_cast<CompoundStmt>(def->getBody()))
    VisitCompoundStmt(body);
  else if (isa<CXXTryStmt>(def->getBody()))
    refuse(def->getBody()->getBeginLoc(),
           "'try' is not supported; catch in the caller of the gradient");
  else
    refuse(def->getLocation(), "this function body is not supported");
  scope_ = outer_scope;
  loops_ = outer_loops;
  current_ = outer_current;
}

void Validator::signature(const FunctionDecl *def) {
  Type t;
  if (isSplit(def->getReturnType())) {
    if (std::string p = classProblem(def->getReturnType()); !p.empty())
      refuseClass(def->getLocation(), p);
  } else if ((!lowerType(ctx_, def->getReturnType(), t) ||
              !(t.isReal() || t.kind == TypeKind::Vector ||
                t.kind == TypeKind::Array || t.kind == TypeKind::Void ||
                t.isIntegral())) &&
             !(def->getReturnType()->isPointerType() && accessorValue(def))) {
    refuse(def->getLocation(),
           "return type '" + def->getReturnType().getAsString() + "' of '" +
               def->getNameAsString() + "' is not supported");
  }
  if (const auto *md = dyn_cast<CXXMethodDecl>(def); md && !md->isStatic()) {
    if (md->isVirtual())
      refuse(def->getLocation(), "the virtual function '" +
                                     md->getNameAsString() +
                                     "' is not supported: differentiate a "
                                     "non-virtual function");
    else if (std::string p = classProblem(ctx_.getRecordType(md->getParent()));
             !p.empty())
      refuseClass(def->getLocation(), p);
  }
  // In a lambda's body, the captured variables are its own.
  if (const auto *md = dyn_cast<CXXMethodDecl>(def);
      md && md->getParent()->isLambda())
    for (const LambdaCapture &c : md->getParent()->captures())
      if (c.capturesVariable())
        if (const auto *var = dyn_cast<VarDecl>(c.getCapturedVar()))
          scope_->vars.insert(var);
  for (const ParmVarDecl *p : def->parameters()) {
    std::string problem = lowerMultiPointer(ctx_, p->getType(), t)
                              ? "" // `const double b[][8]`: rows
                          : objectArrayParam(p)
                              ? objectArrayProblem(p) // `const Atom *a`
                              : typeProblem(p->getType(), "parameter");
    if (bool holds_real;
        !problem.empty() && passThrough(p->getType(), holds_real))
      passThroughParameter(p);
    else if (!problem.empty())
      refuseDecl(p, problem);
    else
      scope_->vars.insert(p);
  }
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(def))
    memberInitializers(ctor);
}

void Validator::VisitCompoundStmt(const CompoundStmt *s) {
  for (const clang::Stmt *child : s->body())
    stmt(child);
}

void Validator::stmt(const clang::Stmt *s) {
  if (!s)
    return;
  SourceLocation outer = current_;
  if (s->getBeginLoc().isValid())
    current_ = s->getBeginLoc();
  evaluationOrderOf(s); // ValidateOrder.cpp
  Visit(s);
  current_ = outer;
}

void Validator::VisitAttributedStmt(const AttributedStmt *s) {
  stmt(s->getSubStmt());
}

void Validator::VisitLabelStmt(const LabelStmt *s) {
  stmt(s->getSubStmt()); // harmless without a goto (refused)
}

void Validator::VisitForStmt(const ForStmt *f) {
  stmt(f->getInit());
  if (const VarDecl *cv = f->getConditionVariable())
    conditionVariable(cv);
  if (f->getCond())
    expr(f->getCond());
  if (f->getInc())
    discarded(f->getInc());
  loopBody(f->getBody());
}

void Validator::VisitWhileStmt(const WhileStmt *w) {
  if (const VarDecl *cv = w->getConditionVariable())
    conditionVariable(cv);
  expr(w->getCond());
  loopBody(w->getBody());
}

void Validator::VisitDoStmt(const DoStmt *d) {
  loopBody(d->getBody());
  expr(d->getCond());
}

// Breaks of switches are checked by VisitSwitchStmt(); these leave loops.
void Validator::VisitBreakStmt(const BreakStmt *s) {
  if (loops_ == 0)
    refuse(s->getBeginLoc(), "'break' outside a loop is not supported");
}

void Validator::VisitContinueStmt(const ContinueStmt *s) {
  if (loops_ == 0)
    refuse(s->getBeginLoc(), "'continue' outside a loop is not supported");
}

void Validator::VisitGotoStmt(const GotoStmt *s) {
  refuse(s->getBeginLoc(), "'goto' is not supported; write the loop or the "
                           "if/else it stands for");
}

void Validator::VisitIndirectGotoStmt(const IndirectGotoStmt *s) {
  refuse(s->getBeginLoc(), "'goto' is not supported; write the loop or the "
                           "if/else it stands for");
}

void Validator::VisitCXXTryStmt(const CXXTryStmt *s) {
  refuse(s->getBeginLoc(),
         "'try' is not supported; catch in the caller of the gradient");
}

void Validator::VisitAsmStmt(const AsmStmt *s) {
  refuse(s->getAsmLoc(), "inline assembly is not supported; write the "
                         "computation in C++");
}

void Validator::VisitExpr(const clang::Expr *e) { discarded(e); }

void Validator::VisitStmt(const clang::Stmt *s) {
  if (isa<SwitchCase>(s))
    return refuse(s->getBeginLoc(),
                  "a case label inside another statement of a case (an if, a "
                  "loop) is not supported; put the labels in the switch's "
                  "block (labels in a case's own block work)");
  refuse(s->getBeginLoc(), std::string("statement '") + s->getStmtClassName() +
                               "' is not supported");
}

void Validator::VisitIfStmt(const IfStmt *s) {
  stmt(s->getInit());
  if (const VarDecl *cv = s->getConditionVariable())
    conditionVariable(cv);
  if (s->isConsteval())
    return refuse(s->getBeginLoc(), "'if consteval' is not supported; keep "
                                    "the run-time branch");
  if (s->isConstexpr()) {
    // Only the instantiated branch is compiled, and lowered.
    if (auto value = s->getCond()->getIntegerConstantExpr(ctx_)) {
      stmt(value->getBoolValue() ? s->getThen() : s->getElse());
      return;
    }
  }
  expr(s->getCond());
  stmt(s->getThen());
  stmt(s->getElse());
}

void Validator::loopBody(const clang::Stmt *body) {
  ++loops_;
  stmt(body);
  --loops_;
}

void Validator::VisitCXXForRangeStmt(const CXXForRangeStmt *s) {
  stmt(s->getInit());
  const clang::Expr *range = s->getRangeInit()->IgnoreParenImpCasts();
  const VarDecl *var = s->getLoopVariable();
  if (splitElement(range->getType())) {
    // Over a container of objects: each element, by reference or copied.
    bool to_const = var->getType().getNonReferenceType().isConstQualified();
    object(range, var->getType()->isReferenceType() && !to_const ? Use::Target
                                                                 : Use::Value);
    (var->getType()->isReferenceType() ? scope_->aliases : scope_->vars)
        .insert(var);
    return loopBody(s->getBody());
  }
  Type rt;
  const bool span = lowerType(ctx_, range->getType(), rt) && rt.span;
  if (namesRefused(range)) { // its declaration was refused
    scope_->refused.insert(var);
    return loopBody(s->getBody());
  }
  if (!namesContainer(range, /*or_pointer=*/span) && !containerMember(range) &&
      !namesRow(range))
    return refuse(range->getBeginLoc(),
                  "range-for over this expression is not supported; iterate "
                  "over a named array or vector (or a field of an object)");
  const VarDecl *lv = s->getLoopVariable();
  Type t;
  if (lv->getType()->isReferenceType())
    scope_->aliases.insert(lv);
  else if (!lowerType(ctx_, lv->getType(), t) || t.isContainer())
    return refuse(lv->getLocation(), "range-for variable of type '" +
                                         lv->getType().getAsString() +
                                         "' is not supported");
  else
    scope_->vars.insert(lv);
  loopBody(s->getBody());
}

void Validator::VisitSwitchStmt(const SwitchStmt *s) {
  stmt(s->getInit());
  if (const VarDecl *cv = s->getConditionVariable())
    conditionVariable(cv);
  expr(s->getCond());
  const clang::Stmt *body = s->getBody();
  // The shape the lowering turns into an if/else chain (LowerSwitch.cpp):
  // groups of case labels, each followed by statements and at most one
  // final `break`.
  // Labels inside a block of a case are the switch's (switchItems).
  bool started = false, group_ended = false;
  llvm::SmallVector<SwitchItem, 16> items;
  switchItems(body, items);
  for (const SwitchItem &item : items) {
    if (!item.labels.empty())
      group_ended = false;
    for (const SwitchCase *sc : item.labels) {
      started = true;
      if (const auto *cs = dyn_cast<CaseStmt>(sc); cs && cs->getRHS())
        return refuse(cs->getBeginLoc(), "case ranges are not supported; "
                                         "list the labels (case 1: case 2:)");
    }
    // Before the first label: declarations the cases see, and statements
    // never executed.
    if (!started) {
      if (isa<DeclStmt>(item.stmt))
        stmt(item.stmt);
      else
        warn(item.at->getBeginLoc(),
             "this statement before the first case label is never executed");
      continue;
    }
    const clang::Stmt *cur = item.stmt;
    if (!cur)
      continue; // labels of a block's statements
    if (group_ended)
      return refuse(cur->getBeginLoc(),
                    "an unreachable statement in a switch is not supported "
                    "(it follows a break or return); remove it");
    llvm::SmallVector<const clang::Stmt *, 8> runs;
    bool ends = caseStatements(cur, runs);
    for (const clang::Stmt *r : runs) {
      if (scanJumps(r).breaks)
        return refuse(r->getBeginLoc(),
                      "'break' inside a switch case is only supported as the "
                      "case's last statement");
      stmt(r);
    }
    if (ends || isa<ReturnStmt>(cur))
      group_ended = true;
  }
}

void Validator::VisitReturnStmt(const ReturnStmt *s) {
  const clang::Expr *value = s->getRetValue();
  if (!value)
    return;
  if (isSplit(value->getType()))
    return object(value);
  // An accessor returning a pointer to integers (AstShapes.h:
  // accessorValue): an address, substituted where it is called.
  if (AddressArgument at; value->getType()->isPointerType() &&
                          addressOf(value->getType(), value, at, false))
    return address(at, Use::Value);
  Type t;
  if (!lowerType(ctx_, value->getType(), t))
    return refuse(s->getBeginLoc(), "returning a value of type '" +
                                        value->getType().getAsString() +
                                        "' is not supported");
  if (t.kind == TypeKind::Void)
    return refuse(s->getBeginLoc(), "'return' with a value in a function "
                                    "returning void is not supported; call "
                                    "it, then return");
  initializer(t, value, s->getBeginLoc());
}

void Validator::VisitDeclStmt(const DeclStmt *s) {
  for (const Decl *d : s->decls()) {
    if (const auto *vd = dyn_cast<VarDecl>(d))
      varDecl(vd);
    else if (!isa<TypedefNameDecl, UsingDecl, UsingDirectiveDecl,
                  StaticAssertDecl>(d))
      refuse(d->getLocation(), "this declaration is not supported inside a "
                               "differentiated function");
  }
}

void Validator::conditionVariable(const VarDecl *cv) {
  // `if (double t = f(x))`: a number declared, then tested.
  Type t;
  if (!lowerType(ctx_, cv->getType(), t) || !(t.isReal() || t.isIntegral()))
    return refuseDecl(cv, "a declaration of a '" + cv->getType().getAsString() +
                              "' in a condition is not supported (numbers "
                              "only); declare it before");
  varDecl(cv);
}

void Validator::varDecl(const VarDecl *vd) {
  SourceLocation loc = vd->getLocation();
  // A static constant (a table of coefficients) is the same every call.
  if (vd->isStaticLocal() &&
      !(vd->getType().isConstQualified() && vd->getInit() &&
        vd->getInit()->isConstantInitializer(ctx_, false)))
    return refuseDecl(vd, "static local variables are not supported: their "
                          "value is hidden state; make it a plain local, or "
                          "keep the state (a call counter, a cache) outside "
                          "the function and pass it in");
  // `auto [a, b] = s;`: an object whose fields have names of their own.
  if (const auto *dd = dyn_cast<DecompositionDecl>(vd)) {
    for (const BindingDecl *b : dd->bindings())
      if (!isNumberTuple(vd->getType()) &&
          (!isSplit(vd->getType().getNonReferenceType()) ||
           !isa_and_nonnull<MemberExpr>(b->getBinding())))
        return refuseDecl(vd, "structured bindings are supported for "
                              "classes of yours, std::pair and std::tuple, "
                              "not for '" +
                                  vd->getType()
                                      .getNonReferenceType()
                                      .getUnqualifiedType()
                                      .getAsString() +
                                  "' (arrays); name the elements one by "
                                  "one");
  }
  if (vd->getType()->isReferenceType())
    return localReference(vd);
  if (pointerLocal(vd)) // ValidatePointer.cpp
    return;
  if (Type mt; lowerMultiArray(ctx_, vd->getType(), mt)) {
    // `double m[3][3]`: one flat array of the elements (Types.h).
    if (const clang::Expr *init = vd->getInit())
      containerInitializer(init, loc);
    scope_->vars.insert(vd);
    return;
  }
  std::string problem = typeProblem(vd->getType(), "local variable");
  if (!problem.empty())
    return refuseDecl(vd, problem);
  if (Type st; lowerType(ctx_, vd->getType(), st) && st.span)
    return refuseDecl(vd, "a std::span local is not supported; give the "
                          "array to the function that takes a span, or "
                          "index it in place");
  if (isSplit(vd->getType())) {
    if (const clang::Expr *init = vd->getInit())
      object(init);
    scope_->vars.insert(vd);
    return;
  }
  Type t = {};
  lowerType(ctx_, vd->getType(), t);
  if (const clang::Expr *init = vd->getInit())
    initializer(t, init, loc);
  scope_->vars.insert(vd);
}

void Validator::initializer(const Type &type, const clang::Expr *init,
                            SourceLocation loc) {
  if (type.isContainer())
    return containerInitializer(init, loc);
  const clang::Expr *e = init->IgnoreImplicit();
  if (isa<ImplicitValueInitExpr>(e))
    return; // `T x{}`: zero
  if (const auto *list = dyn_cast<InitListExpr>(e)) {
    if (list->getNumInits() == 0)
      return;
    if (list->getNumInits() > 1)
      return refuse(loc, "this initializer is not supported");
    return expr(list->getInit(0));
  }
  expr(init);
}

void Validator::containerInitializer(const clang::Expr *init,
                                     SourceLocation loc) {
  const clang::Expr *e = withoutBraceCast(init);
  if (isa<InitListExpr, CXXStdInitializerListExpr>(e)) {
    const InitListExpr *list = elementList(e);
    if (!list)
      return refuse(loc, "this initializer is not supported");
    for (const clang::Expr *item : list->inits()) {
      Type it;
      if (isa<ImplicitValueInitExpr>(item->IgnoreImplicit()))
        continue;
      if ((lowerType(ctx_, item->getType(), it) && it.isContainer()) ||
          lowerMultiArray(ctx_, item->getType(), it))
        containerInitializer(item, loc); // a row (of a vector of vectors, a
                                         // multi-dimensional C array)
      else
        expr(item);
    }
    return;
  }
  if (const auto *ctor = dyn_cast<CXXConstructExpr>(e)) {
    llvm::SmallVector<const clang::Expr *, 3> args = writtenArguments(ctor);
    if (args.size() > 2)
      return refuse(loc, "this constructor is not supported");
    if (rangeConstructor(ctor))
      return rangeCopy(args[0], args[1]);
    if (args.size() == 1) {
      if (isa<CXXStdInitializerListExpr>(args[0]->IgnoreImplicit()))
        return containerInitializer(args[0], loc);
      Type at;
      if (lowerType(ctx_, args[0]->getType(), at) && at.isContainer()) {
        const clang::Expr *src = args[0]->IgnoreImplicit();
        if (const auto *c = dyn_cast<CallExpr>(src);
            c && !isa<CXXOperatorCallExpr, CXXMemberCallExpr>(c))
          return call(c);
        if (!namesContainer(src) && !containerMember(src) && !namesRow(src))
          return refuse(loc, "copying from this expression is not "
                             "supported; copy a named container");
        return;
      }
    }
    for (const clang::Expr *a : args) {
      Type at;
      if (lowerType(ctx_, a->getType(), at) && at.isContainer())
        containerInitializer(a, loc); // the row of `m(n, row)`
      else
        expr(a);
    }
    return;
  }
  if (const auto *c = dyn_cast<CallExpr>(e);
      c && !isa<CXXOperatorCallExpr, CXXMemberCallExpr>(c))
    return call(c);
  // A container your operator (a lambda) or member function returns.
  if (const auto *c = dyn_cast<CallExpr>(e); c && isUserCall(c, ctx_))
    return expr(c);
  if (namesContainer(e) || containerMember(e) || namesRow(e))
    return;
  refuse(loc, "this initializer is not supported");
}

} // namespace tangent
