//===- LowerExpr.cpp - lowering expressions -------------------------------===//
//
// Expressions lower to pure IR expressions; their side effects (assignments,
// calls of user functions) become statements appended to `pre`, in
// evaluation order. Constants fold to literals first. One visitor method
// per kind of expression; assignments are in LowerAssign.cpp, calls in
// LowerCall.cpp.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/lower/FunctionLowerer.h"
#include <cmath>
#include <cstdio>

using namespace clang;

namespace tangent {

std::optional<Op> irOperator(BinaryOperatorKind op) {
  if (BinaryOperator::isCompoundAssignmentOp(op))
    op = BinaryOperator::getOpForCompoundAssignment(op);
  switch (op) {
  case BO_Add:
    return Op::Add;
  case BO_Sub:
    return Op::Sub;
  case BO_Mul:
    return Op::Mul;
  case BO_Div:
    return Op::Div;
  case BO_Rem:
    return Op::Rem;
  case BO_Shl:
    return Op::Shl;
  case BO_Shr:
    return Op::Shr;
  case BO_LT:
    return Op::Lt;
  case BO_LE:
    return Op::Le;
  case BO_GT:
    return Op::Gt;
  case BO_GE:
    return Op::Ge;
  case BO_EQ:
    return Op::Eq;
  case BO_NE:
    return Op::Ne;
  case BO_And:
    return Op::BitAnd;
  case BO_Xor:
    return Op::BitXor;
  case BO_Or:
    return Op::BitOr;
  case BO_LAnd:
    return Op::And;
  case BO_LOr:
    return Op::Or;
  default:
    return std::nullopt;
  }
}

std::optional<Op> irOperator(UnaryOperatorKind op) {
  switch (op) {
  case UO_Minus:
    return Op::Neg;
  case UO_Plus:
    return Op::Plus;
  case UO_LNot:
    return Op::Not;
  case UO_Not:
    return Op::BitNot;
  default:
    return std::nullopt;
  }
}

namespace {

class ExprLowerer : public ConstStmtVisitor<ExprLowerer, ExprPtr, Block &> {
public:
  explicit ExprLowerer(FunctionLowerer &f) : F(f) {}

  ExprPtr VisitImplicitCastExpr(const ImplicitCastExpr *e, Block &pre) {
    ExprPtr x = F.expr(e->getSubExpr(), pre);
    switch (e->getCastKind()) {
    case CK_IntegralToFloating:
    case CK_FloatingCast:
    case CK_FloatingToIntegral:
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean: {
      Type t = F.typeOf(e->getType(), e->getBeginLoc());
      if (t.spelling == x->type.spelling)
        return x;
      return makeCast(t, std::move(x));
    }
    default:
      return x; // lvalue-to-rvalue, no-op conversions
    }
  }

  ExprPtr VisitExplicitCastExpr(const ExplicitCastExpr *e, Block &pre) {
    ExprPtr x = F.expr(e->getSubExprAsWritten(), pre);
    if (e->getType()->isVoidType()) // `(void)x;`: only its effects matter
      return makeIntLiteral(0, intType());
    return makeCast(F.typeOf(e->getType(), e->getBeginLoc()), std::move(x));
  }

  ExprPtr VisitIntegerLiteral(const IntegerLiteral *e, Block &) {
    APValue v(
        llvm::APSInt(e->getValue(), !e->getType()->isSignedIntegerType()));
    return F.literal(v, e->getType());
  }
  ExprPtr VisitFloatingLiteral(const FloatingLiteral *e, Block &) {
    return F.literal(APValue(e->getValue()), e->getType());
  }
  ExprPtr VisitCXXBoolLiteralExpr(const CXXBoolLiteralExpr *e, Block &) {
    return makeLiteral(e->getValue() ? "true" : "false", boolType());
  }
  ExprPtr VisitImplicitValueInitExpr(const ImplicitValueInitExpr *e, Block &) {
    return makeIntLiteral(0, F.typeOf(e->getType(), e->getBeginLoc()));
  }

  ExprPtr VisitDeclRefExpr(const DeclRefExpr *e, Block &pre) {
    SourceLocation loc = e->getBeginLoc();
    const ValueDecl *d = e->getDecl();
    if (const auto *bd = dyn_cast<BindingDecl>(d)) {
      // A std::pair's or tuple's binding is its element by position; a class's
      // names the field of its hidden object.
      const auto *dd = dyn_cast<DecompositionDecl>(bd->getDecomposedDecl());
      if (dd && isNumberTuple(dd->getType())) {
        auto at = std::find(dd->bindings().begin(), dd->bindings().end(), bd);
        return F.objects.at(dd).leaf(at - dd->bindings().begin());
      }
      return F.expr(bd->getBinding(), pre);
    }
    if (const auto *vd = dyn_cast<VarDecl>(d)) {
      auto alias = F.aliases.find(vd);
      if (alias != F.aliases.end())
        return alias->second->clone();
      if (!F.vars.count(vd)) {
        // A global or static constant (validated): fold it.
        clang::Expr::EvalResult result;
        if (!e->EvaluateAsRValue(result, F.ctx))
          F.unexpected(loc, "the global '" + vd->getNameAsString() + "'");
        return F.literal(result.Val, e->getType());
      }
      return makeVarRef(F.varFor(vd, loc));
    }
    if (const auto *ec = dyn_cast<EnumConstantDecl>(d))
      return F.literal(APValue(ec->getInitVal()), e->getType());
    F.unexpected(loc, "a reference to '" + d->getNameAsString() + "'");
  }

  ExprPtr VisitUnaryOperator(const UnaryOperator *u, Block &pre) {
    switch (u->getOpcode()) {
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec:
      return F.incDec(u, pre);
    case UO_Minus:
    case UO_LNot:
    case UO_Not: {
      ExprPtr x = F.expr(u->getSubExpr(), pre);
      ExprPtr r = makeUnary(*irOperator(u->getOpcode()), std::move(x));
      r->type = F.typeOf(u->getType(), u->getBeginLoc());
      return r;
    }
    case UO_Plus:
      return F.expr(u->getSubExpr(), pre);
    case UO_Deref: { // `*p`: the element p[0] of a named pointer
      if (const CallExpr *c = dereferencedExtreme(u)) {
        RangeAlgorithm ra;
        rangeAlgorithm(c, ra);
        return F.algorithm(c, ra, pre, nullptr);
      }
      ExprPtr p = F.expr(u->getSubExpr()->IgnoreParenImpCasts(), pre);
      if (p->kind != ExprKind::VarRef || p->type.kind != TypeKind::Pointer)
        F.unexpected(u->getBeginLoc(), "pointer arithmetic");
      return makeIndex(std::move(p), makeIntLiteral(0, intType()));
    }
    default:
      F.unexpected(u->getBeginLoc(), "a unary operator");
    }
  }

  ExprPtr VisitBinaryOperator(const BinaryOperator *b, Block &pre) {
    if (b->isAssignmentOp()) {
      std::optional<Op> op = b->isCompoundAssignmentOp()
                                 ? irOperator(b->getOpcode())
                                 : std::nullopt;
      return F.assignment(b->getLHS(), b->getRHS(), op, b->getBeginLoc(), pre);
    }
    if (b->isLogicalOp())
      return shortCircuit(b, pre);
    if (b->getOpcode() == BO_Comma || b->isPtrMemOp() ||
        b->getLHS()->getType()->isPointerType() ||
        b->getRHS()->getType()->isPointerType())
      F.unexpected(b->getOperatorLoc(),
                   "the operator '" + b->getOpcodeStr().str() + "'");
    std::optional<Op> op = irOperator(b->getOpcode());
    if (!op)
      F.unexpected(b->getOperatorLoc(),
                   "the operator '" + b->getOpcodeStr().str() + "'");
    ExprPtr l = F.expr(b->getLHS(), pre);
    ExprPtr r = F.expr(b->getRHS(), pre);
    return makeBinary(*op, std::move(l), std::move(r),
                      F.typeOf(b->getType(), b->getBeginLoc()));
  }

  ExprPtr VisitConditionalOperator(const ConditionalOperator *c, Block &pre) {
    ExprPtr cond = F.expr(c->getCond(), pre);
    Block then_pre, else_pre;
    ExprPtr a = F.expr(c->getTrueExpr(), then_pre);
    ExprPtr b = F.expr(c->getFalseExpr(), else_pre);
    Type t = F.typeOf(c->getType(), c->getBeginLoc());
    if (!t.isReal() && then_pre.empty() && else_pre.empty()) {
      auto e = std::make_unique<tangent::Expr>();
      e->kind = ExprKind::Cond;
      e->type = t;
      e->ops.push_back(std::move(cond));
      e->ops.push_back(std::move(a));
      e->ops.push_back(std::move(b));
      return e;
    }
    // A floating '?:' becomes an if/else so each branch differentiates
    // alone; its value is a temporary (never a target: LowerAssign.cpp
    // lowers conditional targets by branch).
    Var *v = F.temp(t, naming::valueTemp());
    if (a->type.spelling != t.spelling)
      a = makeCast(t, std::move(a));
    if (b->type.spelling != t.spelling)
      b = makeCast(t, std::move(b));
    then_pre.push_back(F.assign(makeVarRef(v), std::move(a), c->getBeginLoc()));
    else_pre.push_back(F.assign(makeVarRef(v), std::move(b), c->getBeginLoc()));
    StmtPtr st =
        F.makeIf(std::move(cond), std::move(then_pre), c->getBeginLoc());
    st->else_block = std::move(else_pre);
    pre.push_back(std::move(st));
    return makeVarRef(v);
  }

  ExprPtr VisitArraySubscriptExpr(const ArraySubscriptExpr *e, Block &pre) {
    return F.element(e->getBase(), e->getIdx(), pre);
  }

  ExprPtr VisitMemberExpr(const MemberExpr *me, Block &pre) {
    if (const APValue *value = staticConstant(me))
      return F.literal(*value, me->getType());
    Object leaves = F.member(me, pre);
    if (leaves.size() != 1)
      F.unexpected(me->getBeginLoc(), "a member that is an object");
    return leaves.leaf(0);
  }

  ExprPtr VisitCXXOperatorCallExpr(const CXXOperatorCallExpr *op, Block &pre) {
    if (isUserOperator(op, F.ctx))
      return F.call(op, pre, nullptr);
    if (const CallExpr *c = dereferencedExtreme(op)) {
      RangeAlgorithm ra;
      rangeAlgorithm(c, ra);
      return F.algorithm(c, ra, pre, nullptr);
    }
    switch (op->getOperator()) {
    case OO_Subscript:
      return F.element(op->getArg(0), op->getArg(1), pre);
    case OO_Equal:
      return F.assignment(op->getArg(0), op->getArg(1), std::nullopt,
                          op->getBeginLoc(), pre);
    case OO_PlusEqual:
    case OO_MinusEqual:
    case OO_StarEqual:
    case OO_SlashEqual:
      return F.assignment(
          op->getArg(0), op->getArg(1),
          irOperator(BinaryOperator::getOverloadedOpcode(op->getOperator())),
          op->getBeginLoc(), pre);
    default:
      F.unexpected(op->getBeginLoc(), "an overloaded operator");
    }
  }

  ExprPtr VisitCXXMemberCallExpr(const CXXMemberCallExpr *mc, Block &pre) {
    if (splitClass(QualType(mc->getRecordDecl()->getTypeForDecl(), 0)))
      return F.call(mc, pre, nullptr); // a member function of the user's
    // The size of a container of objects: that of its first leaf.
    if (const clang::Expr *obj = mc->getImplicitObjectArgument();
        obj && splitElement(obj->getType()) &&
        mc->getMethodDecl()->getName() == "size") {
      Object o = F.object(obj, pre);
      return F.sizeOf(o.vars.at(0));
    }
    if (ContainerMember cm; containerCall(mc, cm))
      return F.containerValue(mc, cm, pre); // back(), front(), empty()
    // Containers (validated): size(), at(i), operator[](i).
    const clang::Expr *obj = mc->getImplicitObjectArgument();
    llvm::StringRef n = mc->getMethodDecl()->getName();
    Type ot;
    bool container =
        obj && lowerType(F.ctx, obj->getType(), ot) && ot.isContainer();
    if (!container ||
        !((n == "size" && mc->getNumArgs() == 0) ||
          ((n == "at" || n == "operator[]") && mc->getNumArgs() == 1)))
      F.unexpected(mc->getBeginLoc(), "the member function '" + n.str() + "'");
    if (n == "size") {
      auto s = std::make_unique<tangent::Expr>();
      s->kind = ExprKind::Size;
      s->type = F.typeOf(mc->getType(), mc->getBeginLoc());
      s->ops.push_back(F.expr(obj->IgnoreParenImpCasts(), pre));
      return s;
    }
    return F.element(obj, mc->getArg(0), pre);
  }

  ExprPtr VisitCallExpr(const CallExpr *call, Block &pre) {
    return F.call(call, pre, nullptr);
  }

  ExprPtr VisitCXXConstructExpr(const CXXConstructExpr *ctor, Block &pre) {
    if (ctor->getNumArgs() != 1)
      F.unexpected(ctor->getBeginLoc(), "a constructor call");
    return F.expr(ctor->getArg(0), pre);
  }

  ExprPtr VisitExpr(const clang::Expr *e, Block &) {
    F.unexpected(e->getBeginLoc(),
                 std::string("the expression '") + e->getStmtClassName() + "'");
  }

private:
  FunctionLowerer &F;

  /// `a && b` / `a || b`; a right operand with effects is evaluated only
  /// when needed.
  ExprPtr shortCircuit(const BinaryOperator *b, Block &pre) {
    ExprPtr lhs = F.expr(b->getLHS(), pre);
    Block rhs_pre;
    ExprPtr rhs = F.expr(b->getRHS(), rhs_pre);
    Op op = *irOperator(b->getOpcode());
    if (rhs_pre.empty())
      return makeBinary(op, std::move(lhs), std::move(rhs), boolType());
    Var *t = F.temp(boolType(), naming::valueTemp());
    pre.push_back(F.assign(makeVarRef(t), std::move(lhs), b->getBeginLoc()));
    ExprPtr test =
        op == Op::And ? makeVarRef(t) : makeUnary(Op::Not, makeVarRef(t));
    rhs_pre.push_back(
        F.assign(makeVarRef(t), std::move(rhs), b->getBeginLoc()));
    pre.push_back(
        F.makeIf(std::move(test), std::move(rhs_pre), b->getBeginLoc()));
    return makeVarRef(t);
  }
};

} // namespace

ExprPtr FunctionLowerer::expr(const clang::Expr *e, Block &pre) {
  // Constants fold to literals (constexpr variables, template arguments).
  APValue value;
  if (foldsToConstant(e, ctx, &value))
    return literal(value, e->getType());
  if (const clang::Expr *inner = transparentOperand(e))
    return expr(inner, pre);
  return ExprLowerer(*this).Visit(e, pre);
}

ExprPtr FunctionLowerer::element(const clang::Expr *base,
                                 const clang::Expr *index, Block &pre) {
  ExprPtr bx = expr(base->IgnoreParenImpCasts(), pre);
  bool row = bx->kind == ExprKind::Index && bx->type.kind == TypeKind::Vector;
  if (!row && (bx->kind != ExprKind::VarRef ||
               !(bx->type.isContainer() || bx->type.kind == TypeKind::Pointer)))
    unexpected(base->getBeginLoc(), "an index into an unnamed container");
  ExprPtr ix = expr(index, pre);
  return makeIndex(std::move(bx), std::move(ix));
}

ExprPtr FunctionLowerer::literal(const APValue &value, QualType qt) {
  Type t = typeOf(qt, fd->getLocation());
  if (value.isFloat()) {
    const llvm::APFloat &f = value.getFloat();
    bool is_float = &f.getSemantics() == &llvm::APFloat::IEEEsingle();
    double d = is_float ? double(f.convertToFloat()) : f.convertToDouble();
    if (!std::isfinite(d))
      return makeLiteral(
          d != d ? "std::numeric_limits<" + t.spelling + ">::quiet_NaN()"
                 : std::string(d < 0 ? "-" : "") + "std::numeric_limits<" +
                       t.spelling + ">::infinity()",
          t);
    char buf[64];
    std::snprintf(buf, sizeof buf, is_float ? "%.9g" : "%.17g", d);
    std::string text = buf;
    if (text.find_first_of(".e") == std::string::npos)
      text += ".0";
    if (is_float)
      text += "f";
    else if (t.spelling == "long double")
      text += "L";
    return makeLiteral(text, t);
  }
  if (!value.isInt())
    unexpected(fd->getLocation(), "a constant that is not a number");
  const llvm::APSInt &i = value.getInt();
  if (t.kind == TypeKind::Bool)
    return makeLiteral(i.getBoolValue() ? "true" : "false", t);
  std::string digits = i.isSigned() ? std::to_string(i.getExtValue())
                                    : std::to_string(i.getZExtValue());
  // Integer literals keep their exact type: a suffix where C++ has one.
  static const std::map<std::string, std::string> suffixes = {
      {"int", ""},         {"unsigned int", "u"},
      {"long", "l"},       {"unsigned long", "ul"},
      {"long long", "ll"}, {"unsigned long long", "ull"}};
  auto suffix = suffixes.find(t.spelling);
  ExprPtr lit =
      suffix != suffixes.end() && !i.isNegative()
          ? makeLiteral(digits + suffix->second, t)
          : makeLiteral("static_cast<" + t.spelling + ">(" + digits + ")", t);
  if (i.getSignificantBits() <= 64) {
    lit->is_int_const = true;
    lit->int_const =
        i.isSigned() ? i.getExtValue() : (long long)i.getZExtValue();
  }
  return lit;
}

} // namespace tangent
