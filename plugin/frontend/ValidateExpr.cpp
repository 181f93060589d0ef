//===- ValidateExpr.cpp - refusals of expressions ------------------------===//
//
// The expression half of the allow-list (Validator.h): each kind of
// expression tangent can lower has a rule here; any other is refused.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/CustomRules.h"
#include "frontend/Types.h"
#include "frontend/Validator.h"
#include "ir/Naming.h"
#include "rules/Rules.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/StmtVisitor.h"

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

/// The left operand of an assignment expression, or null.
const clang::Expr *assignedOperand(const clang::Expr *e) {
  e = e->IgnoreParens();
  if (const auto *b = dyn_cast<BinaryOperator>(e); b && b->isAssignmentOp())
    return b->getLHS();
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
      op && op->isAssignmentOp())
    return op->getArg(0);
  return nullptr;
}

} // namespace

/// The expressions the validator knows, one method per kind, named as in
/// the lowering's ExprLowerer (frontend/lower/LowerExpr.cpp); any other kind
/// is refused (VisitExpr). Validator::expr() handles, before dispatching
/// here, what both do first: constants, parentheses and `std::get`.
class ExprValidator
    : public ConstStmtVisitor<ExprValidator, void, Validator::Use> {
public:
  using Use = Validator::Use;
  explicit ExprValidator(Validator &v) : V(v) {}

  void VisitCastExpr(const CastExpr *e, Use use) { V.cast(e, use); }
  void VisitIntegerLiteral(const IntegerLiteral *, Use) {}
  void VisitFloatingLiteral(const FloatingLiteral *, Use) {}
  void VisitCXXBoolLiteralExpr(const CXXBoolLiteralExpr *, Use) {}
  void VisitDeclRefExpr(const DeclRefExpr *e, Use use) { V.declRef(e, use); }
  void VisitUnaryOperator(const UnaryOperator *u, Use use) { V.unary(u, use); }
  void VisitBinaryOperator(const BinaryOperator *b, Use) { V.binary(b); }
  void VisitConditionalOperator(const ConditionalOperator *c, Use use) {
    V.conditional(c, use);
  }
  void VisitArraySubscriptExpr(const ArraySubscriptExpr *e, Use) {
    V.subscript(e);
  }
  void VisitMemberExpr(const MemberExpr *me, Use use) { V.member(me, use); }
  void VisitCXXThisExpr(const CXXThisExpr *e, Use) {
    V.refuse(e->getBeginLoc(), "'this' is supported in member access and "
                               "member calls only");
  }
  void VisitCXXOperatorCallExpr(const CXXOperatorCallExpr *op, Use) {
    V.operatorCall(op);
  }
  void VisitCXXMemberCallExpr(const CXXMemberCallExpr *mc, Use) {
    V.memberCall(mc);
  }
  void VisitCallExpr(const CallExpr *c, Use use) {
    if (use == Use::Target && !accessorValue(c->getDirectCallee()))
      return V.refuse(c->getBeginLoc(),
                      "assigning to the result of a call is not supported");
    V.call(c);
  }
  void VisitCXXThrowExpr(const CXXThrowExpr *e, Use) {
    V.refuse(e->getBeginLoc(), "'throw' is not supported; check the "
                               "arguments before the call, or return a value "
                               "that says what went wrong");
  }
  void VisitLambdaExpr(const LambdaExpr *le, Use) { V.lambda(le); }
  void VisitCXXDeleteExpr(const CXXDeleteExpr *d, Use) { V.deleteExpr(d); }
  void VisitCXXConstructExpr(const CXXConstructExpr *ctor, Use use) {
    Type t;
    if (ctor->getNumArgs() == 1 && lowerType(V.ctx_, ctor->getType(), t) &&
        (!t.isContainer() || V.namesContainer(ctor)))
      return V.expr(ctor->getArg(0), use);
    V.refuse(ctor->getBeginLoc(), constructionRefusal(ctor->getType()));
  }
  void VisitImplicitValueInitExpr(const ImplicitValueInitExpr *e, Use use) {
    Type t;
    if (use == Use::Value && lowerType(V.ctx_, e->getType(), t) &&
        (t.isReal() || t.isIntegral()))
      return;
    VisitExpr(e, use);
  }
  void VisitExpr(const clang::Expr *e, Use) {
    if (isa<CXXNewExpr>(e))
      return V.refuse(e->getBeginLoc(),
                      "new of a single value or object is not supported "
                      "(only `new double[n]` into a pointer local, deleted "
                      "with `delete[]`); use a local variable or a "
                      "std::vector");
    if (isa<CXXRewrittenBinaryOperator>(e))
      return V.refuse(e->getBeginLoc(),
                      "a comparison of objects that C++20 rewrites (`!=`, "
                      "`<=>`) is not supported; compare their numbers");
    V.refuse(e->getBeginLoc(), std::string("expression '") +
                                   e->getStmtClassName() +
                                   "' is not supported");
  }

private:
  Validator &V;
};

void Validator::expr(const clang::Expr *e, Use use) {
  if (!e || mentionsRefused(e))
    return; // a refused declaration was reported once, there
  if (use == Use::Value && foldsToConstant(e, ctx_))
    return; // lowered as a literal
  SourceLocation loc = e->getBeginLoc();
  if (use == Use::Target) {
    const clang::Expr *assigned = assignedOperand(e);
    if (assigned && conditionalTarget(assigned))
      return refuse(loc, "writing again through an assignment to a "
                         "conditional expression is not supported");
  }
  if (const clang::Expr *inner = transparentOperand(e))
    return expr(inner, use);
  if (PassThroughRead read; use == Use::Value && passThroughRead(e, ctx_, read))
    return passThroughOperands(read, loc);
  if (const ParmVarDecl *p = passThroughParam(objectRoot(e));
      p && scope_->passed.count(p) && !isa<DeclRefExpr>(e->IgnoreImplicit()))
    return refusePassed(p, loc); // `cfg.begin()->second`, `s[0]`
  // `std::get<I>(t)` of a std::pair or tuple: its element.
  if (const auto *c = dyn_cast<CallExpr>(e)) {
    unsigned index = 0;
    if (const clang::Expr *pair = tupleGet(c, index))
      return object(pair, use);
  }
  // A call of a function of the user's returning a reference: an accessor
  // (substituted), or not a target.
  if (const auto *c = dyn_cast<CallExpr>(e);
      c && c->getDirectCallee() &&
      !isLibraryFunction(c->getDirectCallee(), ctx_) && !accessorCall(c, use))
    return; // refused
  ExprValidator(*this).Visit(e, use);
}

void Validator::declRef(const DeclRefExpr *e, Use use) {
  SourceLocation loc = e->getBeginLoc();
  const ValueDecl *d = e->getDecl();
  if (const auto *vd = dyn_cast<VarDecl>(d)) {
    if (scope_->aliases.count(vd) || scope_->vars.count(vd) ||
        scope_->refused.count(vd))
      return; // a refused declaration was reported once, there
    if (scope_->passed.count(vd))
      return refusePassed(vd, loc);
    if (vd->hasLocalStorage() || isa<ParmVarDecl>(vd))
      return refuse(loc, "variable '" + vd->getNameAsString() +
                             "' is not supported here");
    return global(e, vd, use); // ValidateGlobal.cpp
  }
  if (isa<EnumConstantDecl>(d))
    return;
  // A structured binding names a field of its hidden object (varDecl
  // accepted only those).
  if (const auto *bd = dyn_cast<BindingDecl>(d)) {
    if (const auto *dd = dyn_cast_or_null<VarDecl>(bd->getDecomposedDecl());
        dd && (scope_->refused.count(dd) || isNumberTuple(dd->getType())))
      return; // refused at its declaration; or a field of a pair
    return expr(bd->getBinding(), use);
  }
  if (isa<FunctionDecl>(d))
    return refuse(loc, "function pointers are not supported");
  refuse(loc, "reference to '" + d->getNameAsString() + "' is not supported");
}

/// Whether `e` is a row of a multi-dimensional array decaying to a pointer.
static bool decayedRow(ASTContext &ctx, const clang::Expr *e) {
  const auto *c = dyn_cast<ImplicitCastExpr>(e->IgnoreParens());
  MultiArrayAccess ma;
  return c && c->getCastKind() == CK_ArrayToPointerDecay &&
         multiArrayAccess(ctx, c->getSubExpr(), ma);
}

void Validator::cast(const CastExpr *e, Use use) {
  SourceLocation loc = e->getBeginLoc();
  Type t;
  if (const auto *ice = dyn_cast<ImplicitCastExpr>(e)) {
    switch (ice->getCastKind()) {
    case CK_IntegralToFloating:
    case CK_FloatingCast:
    case CK_FloatingToIntegral:
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean:
      if (!lowerType(ctx_, ice->getType(), t))
        return refuse(loc, "conversion to '" + ice->getType().getAsString() +
                               "' is not supported");
      return expr(ice->getSubExpr());
    case CK_NullToPointer: // `f(x, nullptr)`, `p != nullptr`
      return;
    case CK_PointerToBoolean: // `if (p)`
      nullTest(ice->getSubExpr(), loc);
      return expr(ice->getSubExpr(), use);
    case CK_ArrayToPointerDecay:
      if (MultiArrayAccess ma; multiArrayAccess(ctx_, ice->getSubExpr(), ma))
        return refuse(loc, multiArrayRowProblem);
      if (Type mt; lowerMultiArray(ctx_, ice->getSubExpr()->getType(), mt))
        return refuse(loc, multiArrayWholeProblem);
      return refuse(loc, "pointer arithmetic is not supported (an array "
                         "decays to a pointer here)");
    default:
      return expr(ice->getSubExpr(), use);
    }
  }
  const auto *ce = cast<ExplicitCastExpr>(e);
  if (isa<CXXReinterpretCastExpr>(ce))
    return refuse(loc, "reinterpret_cast is not supported: it reinterprets "
                       "the bits of a value, which have no derivative");
  if (ce->getType()->isVoidType())
    return expr(ce->getSubExprAsWritten()); // `(void)x;`
  if (!lowerType(ctx_, ce->getType(), t) || !(t.isReal() || t.isIntegral()))
    return refuse(loc, "cast to '" + ce->getType().getAsString() +
                           "' is not supported");
  expr(ce->getSubExprAsWritten());
}

void Validator::unary(const UnaryOperator *u, Use use) {
  SourceLocation loc = u->getBeginLoc();
  switch (u->getOpcode()) {
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec:
    if (PointerStep step; pointerStep(u, step))
      return stepPointer(step, loc); // ValidatePointer.cpp
    if (u->getSubExpr()->getType()->isPointerType())
      return refuse(loc, "pointer arithmetic is not supported");
    return expr(u->getSubExpr(), Use::Target);
  case UO_Minus:
  case UO_Plus:
  case UO_LNot:
  case UO_Not:
    return expr(u->getSubExpr());
  case UO_Deref: {
    if (extremeElement(u) || namesRefused(u->getSubExpr()))
      return;
    const clang::Expr *sub = u->getSubExpr();
    if (AddressArgument at; addressOf(sub->getType(), sub, at, false))
      return address(at, use); // `*(p + k)`
    if (PointerStep step; pointerStep(sub, step))
      return stepPointer(step, loc); // `*p++`
    if (pointerMember(sub))
      return; // `*s.p`
    if (Type rows; decayedRow(ctx_, sub) ||
                   lowerMultiPointer(ctx_, sub->getType(), rows)) // `*b`
      return refuse(loc, multiArrayRowProblem);
    const VarDecl *p = namedVar(u->getSubExpr());
    if (!p || !scope_->vars.count(p) || !p->getType()->isPointerType())
      return refuse(loc, "pointer arithmetic is not supported");
    return;
  }
  case UO_AddrOf:
    return refuse(loc, "taking an address is supported only as the argument "
                       "of a floating-point pointer parameter (`f(&e)`, "
                       "`f(&v[k])`) or to initialize a view (`const double "
                       "*p = &v[k];`)");
  default:
    return refuse(loc, "the unary operator '" +
                           UnaryOperator::getOpcodeStr(u->getOpcode()).str() +
                           "' is not supported");
  }
}

void Validator::discarded(const clang::Expr *e) {
  // `a, b` whose value is dropped is `a; b;` (for loop increments).
  if (const BinaryOperator *comma = commaOperator(e)) {
    discarded(comma->getLHS());
    return discarded(comma->getRHS());
  }
  // push_back, resize...: statements of their own.
  const clang::Expr *bare = e->IgnoreParenImpCasts();
  if (const auto *ewc = dyn_cast<ExprWithCleanups>(bare))
    bare = ewc->getSubExpr()->IgnoreParenImpCasts();
  if (OwnedArray oa; const VarDecl *p = allocationAssignment(bare, oa))
    return allocate(p, oa, bare->getBeginLoc()); // ValidatePointer.cpp
  if (OwnedArray oa; const MemberExpr *me = fieldAllocation(bare, oa))
    return ownedFieldChange(me, &oa); // ValidatePointer.cpp
  if (const auto *c = dyn_cast<CallExpr>(bare)) {
    if (ContainerMember cm; containerCall(c, cm) && cm.resizes())
      return containerStatement(c, cm);
    if (isMpiCall(c))
      return mpiCall(c); // ValidateMPI.cpp
    if (isEffectCall(c, ctx_))
      return effectCall(c); // ValidateEffect.cpp
    if (const MemberExpr *me = releasedField(c))
      return ownedFieldChange(me, nullptr); // ValidatePointer.cpp
    if (const clang::Expr *p = freedPointer(c))
      return freeOwned(p, c->getBeginLoc()); // ValidatePointer.cpp
  }
  // A call returning an object, its value dropped.
  if (isSplit(e->getType()) && !assignedOperand(e))
    return object(e);
  expr(e);
}

void Validator::binary(const BinaryOperator *b) {
  SourceLocation loc = b->getOperatorLoc();
  if (OwnedArray oa; allocationAssignment(b, oa) || fieldAllocation(b, oa))
    return refuse(b->getBeginLoc(), "allocating an array is supported as a "
                                    "statement of its own (`p = "
                                    "Allocate<double>(n);`)");
  if (PointerStep step; pointerStep(b, step))
    return stepPointer(step, b->getBeginLoc()); // ValidatePointer.cpp
  if (pointerOffsets(b))
    return comparePointers(b);
  if (b->isAssignmentOp())
    return assignment(b->getLHS(), b->getRHS(), b->isCompoundAssignmentOp(),
                      b->getBeginLoc());
  // `(a, b)`: a as a statement, then the value of b.
  if (b->getOpcode() == BO_Comma) {
    discarded(b->getLHS());
    return expr(b->getRHS());
  }
  if (b->isPtrMemOp())
    return refuse(loc, "member pointers are not supported");
  if (decayedRow(ctx_, b->getLHS()) || decayedRow(ctx_, b->getRHS()))
    return refuse(loc, multiArrayRowProblem);
  if (b->getLHS()->getType()->isPointerType() ||
      b->getRHS()->getType()->isPointerType())
    return refuse(loc, "pointer arithmetic is not supported");
  Type t;
  if (!lowerType(ctx_, b->getType(), t))
    return refuse(loc, "operands of type '" + b->getType().getAsString() +
                           "' are not supported");
  expr(b->getLHS());
  expr(b->getRHS());
}

void Validator::assignment(const clang::Expr *lhs, const clang::Expr *rhs,
                           bool compound, SourceLocation loc) {
  Type t;
  // `std::tie(a, b) = t;`: each number from its element of a pair or tuple.
  if (llvm::SmallVector<const clang::Expr *, 4> tied; tiedTargets(lhs, tied))
    return tieAssignment(tied, rhs, compound, loc);
  if (isSplit(lhs->getType())) {
    // Whole objects, field by field.
    if (compound)
      return refuse(loc, "this compound assignment to an object is not "
                         "supported");
    object(rhs);
    return object(lhs, Use::Target);
  }
  if (lowerType(ctx_, lhs->getType(), t) && t.isContainer()) {
    // Whole containers: `v = w`, `v = g(x)`, `v = {...}`.
    if (compound)
      return refuse(loc, "compound assignment to a container is not "
                         "supported");
    if (!namesContainer(lhs) && !containerMember(lhs) && !namesRow(lhs))
      return refuse(loc, "assigning to this container is not supported; "
                         "assign to a named array or vector, or a row of "
                         "one");
    return containerInitializer(rhs, loc);
  }
  if (lhs->getType()->isPointerType())
    return pointerFieldAssignment(lhs, rhs, compound, loc);
  expr(rhs);
  // `(c ? a : b) = v` assigns a or b (LowerAssign.cpp branches on c).
  std::function<void(const clang::Expr *)> target = [&](const clang::Expr *e) {
    if (const ConditionalOperator *c = conditionalTarget(e)) {
      expr(c->getCond());
      target(c->getTrueExpr());
      target(c->getFalseExpr());
      return;
    }
    expr(e, Use::Target);
  };
  target(lhs);
}

void Validator::conditional(const ConditionalOperator *c, Use use) {
  if (use == Use::Target)
    return refuse(c->getBeginLoc(),
                  "a conditional expression as the operand of ++/-- or as an "
                  "output argument is not supported; assign to it, or branch");
  Type t;
  if (!lowerType(ctx_, c->getType(), t) || t.isContainer())
    return refuse(c->getBeginLoc(), "a '?:' of type '" +
                                        c->getType().getAsString() +
                                        "' is not supported");
  expr(c->getCond());
  expr(c->getTrueExpr(), use);
  expr(c->getFalseExpr(), use);
}

void Validator::call(const CallExpr *c) {
  SourceLocation loc = c->getBeginLoc();
  if (const clang::Expr *a = nullptr, *b = nullptr; swapOperands(c, a, b))
    return swapCall(a, b, loc);
  if (RangeAlgorithm ra; rangeAlgorithm(c, ra) || byteAlgorithm(c, ra))
    return algorithmCall(c, ra);
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(c))
    return operatorCall(op);
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c))
    return memberCall(mc);
  if (c->getType()->isVoidType() && isEffectCall(c, ctx_))
    return effectCall(c); // `exit(1)`, assert's `__assert_fail`
  if (freedPointer(c))
    return refuse(loc, "freeing an array is supported as a statement of its "
                       "own (`free(p);`)");
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd && namesRefused(c->getCallee()))
    return; // a function pointer whose declaration was refused
  if (!fd)
    return refuse(loc, "call through a function pointer is not supported");
  // `std::get<I>(t)` of a refused tuple: said at its declaration.
  if (fd->isInStdNamespace() && c->getNumArgs() == 1 &&
      namesRefused(c->getArg(0)))
    return;
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd)) {
    if (md->isVirtual())
      return refuse(loc, "virtual call to '" + md->getNameAsString() +
                             "' is not supported");
    if (!md->isStatic())
      return refuse(loc, "member function '" + md->getNameAsString() +
                             "' is not supported");
  }
  callee(c, fd);
}

void Validator::callee(const CallExpr *c, const FunctionDecl *fd) {
  SourceLocation loc = c->getBeginLoc();
  if (isMpiCall(c))
    return refuse(loc, "the result of '" + fd->getNameAsString() +
                           "' is used: call MPI functions as statements "
                           "(tangent does not differentiate their error "
                           "codes)");
  std::string name = fd->getNameAsString();
  llvm::SmallVector<const clang::Expr *, 4> args(c->arguments());
  auto arguments = [&]() { this->arguments(fd, args, c); };
  // A call without differentiable arguments is a constant.
  if (isInactiveCall(c, ctx_))
    return arguments();
  Type rt;
  bool objects = isObject(c->getType());
  for (const ParmVarDecl *p : fd->parameters())
    objects |= isSplit(p->getType());
  if (!lowerType(ctx_, c->getType(), rt) && !isObject(c->getType()))
    return refuse(loc, "a call returning '" + c->getType().getAsString() +
                           "' is not supported");
  if (objects && findCustomRule(ctx_, fd))
    return refuse(loc, "custom derivatives of functions taking or returning "
                       "objects are not supported");
  if (CustomRule rule = findCustomRule(ctx_, fd)) {
    if (rowsToCustomRule(c, fd)) // ValidateMultiArray.cpp
      return;
    if (!rt.isReal() && rt.kind != TypeKind::Void)
      return refuse(loc, "custom derivatives are supported for functions "
                         "returning float, double or void ('" +
                             name + "' returns '" + c->getType().getAsString() +
                             "')");
    return arguments();
  }
  if (bool is_max = false; const clang::Expr *comp = comparedExtreme(c, is_max))
    return comparator(c, comp);
  if (const Rule *rule = mathRule(fd))
    return mathCall(c, *rule); // ValidateMath.cpp
  std::vector<std::string> strays = strayCustomRules(ctx_, fd);
  std::string qualified = qualifiedName(fd, ctx_);
  std::string mirrored = customRuleName(fd);
  auto strayNote = [&]() {
    std::string list;
    for (const std::string &s : strays)
      list += (list.empty() ? "" : ", ") + s;
    return list;
  };
  if (isConstantCall(c, ctx_))
    return arguments(); // a call of constants is a constant
  if (isLibraryFunction(fd, ctx_)) {
    // A custom derivative can only stand in for a function returning a
    // floating-point value (docs/custom-derivatives.md).
    bool real = fd->getReturnType()->isRealFloatingType();
    // std::accumulate(b, e, 0.0, op): the loop it stands for calls op.
    if (givenOperation(c, ctx_))
      return refuse(loc, "standard library function '" +
                             withoutTemplateArguments(qualified) +
                             "' is given an operation, which tangent does "
                             "not differentiate through the library; write "
                             "the loop it stands for, calling the "
                             "operation in it (for (std::size_t i = 0; i < "
                             "v.size(); ++i) s = op(s, v[i]);)");
    return refuse(loc, "standard library function '" +
                           withoutTemplateArguments(qualified) +
                           "' has no derivative rule; write the loop yourself" +
                           (real ? " or define " + mirrored : std::string()));
  }
  if (!fd->hasBody() && fd->isTemplateInstantiation() && instantiate_)
    instantiate_(fd);
  const FunctionDecl *def = nullptr;
  if (!fd->hasBody(def) || !def) {
    if (!strays.empty())
      return refuse(loc, "function '" + qualified + "' has no body, and " +
                             strayNote() + " is for another function named '" +
                             name +
                             "': custom derivatives match the "
                             "function's namespace, so define " +
                             mirrored);
    return refuse(loc, "function '" + name +
                           "' has no body and no custom "
                           "derivative (define " +
                           mirrored + ")");
  }
  if (!strays.empty())
    warn(loc, strayNote() + " is not used for '" + qualified +
                  "': custom derivatives match the function's namespace "
                  "(define " +
                  mirrored +
                  " to use one); its body is "
                  "differentiated");
  arguments();
  function(def);
}

} // namespace tangent
