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
  explicit ExprLowerer(FunctionLowerer &f) : lowerer_(f) {}

  ExprPtr VisitImplicitCastExpr(const ImplicitCastExpr *e, Block &pre) {
    if (e->getCastKind() == CK_NullToPointer) // given to a pointer parameter
      return makeNullPointer(lowerer_.typeOf(e->getType(), e->getBeginLoc()));
    ExprPtr x = lowerer_.expr(e->getSubExpr(), pre);
    switch (e->getCastKind()) {
    case CK_IntegralToFloating:
    case CK_FloatingCast:
    case CK_FloatingToIntegral:
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean: {
      Type t = lowerer_.typeOf(e->getType(), e->getBeginLoc());
      if (t.spelling == x->type.spelling)
        return x;
      return makeCast(t, std::move(x));
    }
    default:
      return x; // lvalue-to-rvalue, no-op conversions
    }
  }

  ExprPtr VisitExplicitCastExpr(const ExplicitCastExpr *e, Block &pre) {
    ExprPtr x = lowerer_.expr(e->getSubExprAsWritten(), pre);
    if (e->getType()->isVoidType()) // `(void)x;`: only its effects matter
      return makeIntLiteral(0, intType());
    return makeCast(lowerer_.typeOf(e->getType(), e->getBeginLoc()),
                    std::move(x));
  }

  ExprPtr VisitIntegerLiteral(const IntegerLiteral *e, Block &) {
    APValue v(
        llvm::APSInt(e->getValue(), !e->getType()->isSignedIntegerType()));
    return lowerer_.literal(v, e->getType());
  }
  ExprPtr VisitFloatingLiteral(const FloatingLiteral *e, Block &) {
    return lowerer_.literal(APValue(e->getValue()), e->getType());
  }
  ExprPtr VisitCXXBoolLiteralExpr(const CXXBoolLiteralExpr *e, Block &) {
    return makeLiteral(e->getValue() ? "true" : "false", boolType());
  }
  ExprPtr VisitImplicitValueInitExpr(const ImplicitValueInitExpr *e, Block &) {
    return makeIntLiteral(0, lowerer_.typeOf(e->getType(), e->getBeginLoc()));
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
        return lowerer_.objects.at(dd).leaf(at - dd->bindings().begin());
      }
      return lowerer_.expr(bd->getBinding(), pre);
    }
    if (const auto *vd = dyn_cast<VarDecl>(d)) {
      auto alias = lowerer_.aliases.find(vd);
      if (alias != lowerer_.aliases.end())
        return alias->second->clone();
      if (!lowerer_.vars.count(vd))    // a global (validated)
        return lowerer_.global(e, vd); // LowerShared.cpp
      return makeVarRef(lowerer_.varFor(vd, loc));
    }
    if (const auto *ec = dyn_cast<EnumConstantDecl>(d))
      return lowerer_.literal(APValue(ec->getInitVal()), e->getType());
    lowerer_.unexpected(loc, "a reference to '" + d->getNameAsString() + "'");
  }

  ExprPtr VisitUnaryOperator(const UnaryOperator *u, Block &pre) {
    switch (u->getOpcode()) {
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec:
      return lowerer_.incDec(u, pre);
    case UO_Minus:
    case UO_LNot:
    case UO_Not: {
      ExprPtr x = lowerer_.expr(u->getSubExpr(), pre);
      ExprPtr r = makeUnary(*irOperator(u->getOpcode()), std::move(x));
      r->type = lowerer_.typeOf(u->getType(), u->getBeginLoc());
      return r;
    }
    case UO_Plus:
      return lowerer_.expr(u->getSubExpr(), pre);
    case UO_Deref: { // `*p`: the element p[0] of a named pointer
      if (const CallExpr *c = dereferencedExtreme(u)) {
        RangeAlgorithm ra;
        rangeAlgorithm(c, ra);
        return lowerer_.algorithm(c, ra, pre, nullptr);
      }
      const clang::Expr *sub = u->getSubExpr();
      AddressArgument at; // `*(p + k)`
      ExprPtr p = addressOf(sub->getType(), sub, at, /*whole=*/false)
                      ? lowerer_.address(at, u->getBeginLoc(), pre)
                      : lowerer_.expr(sub->IgnoreParenImpCasts(), pre);
      if (p->address) // a view: the element it points at
        return FunctionLowerer::viewElement(std::move(p),
                                            makeIntLiteral(0, intType()));
      if (p->kind != ExprKind::VarRef || p->type.kind != TypeKind::Pointer)
        lowerer_.unexpected(u->getBeginLoc(), "pointer arithmetic");
      return makeIndex(std::move(p), makeIntLiteral(0, intType()));
    }
    default:
      lowerer_.unexpected(u->getBeginLoc(), "a unary operator");
    }
  }

  ExprPtr VisitBinaryOperator(const BinaryOperator *b, Block &pre) {
    if (PointerStep step; pointerStep(b, step))
      return lowerer_.stepPointer(step, b->getBeginLoc(), pre);
    if (pointerOffsets(b))
      return lowerer_.comparePointers(b, pre);
    if (b->isAssignmentOp()) {
      std::optional<Op> op = b->isCompoundAssignmentOp()
                                 ? irOperator(b->getOpcode())
                                 : std::nullopt;
      return lowerer_.assignment(b->getLHS(), b->getRHS(), op, b->getBeginLoc(),
                                 pre);
    }
    if (b->isLogicalOp())
      return shortCircuit(b, pre);
    // `(a, b)`: a as a statement (sequenced before b), then b's value.
    if (b->getOpcode() == BO_Comma) {
      lowerer_.stmt(b->getLHS(), pre);
      return lowerer_.expr(b->getRHS(), pre);
    }
    if (b->isPtrMemOp() || b->getLHS()->getType()->isPointerType() ||
        b->getRHS()->getType()->isPointerType())
      lowerer_.unexpected(b->getOperatorLoc(),
                          "the operator '" + b->getOpcodeStr().str() + "'");
    std::optional<Op> op = irOperator(b->getOpcode());
    if (!op)
      lowerer_.unexpected(b->getOperatorLoc(),
                          "the operator '" + b->getOpcodeStr().str() + "'");
    ExprPtr l = lowerer_.expr(b->getLHS(), pre);
    ExprPtr r = lowerer_.expr(b->getRHS(), pre);
    return makeBinary(*op, std::move(l), std::move(r),
                      lowerer_.typeOf(b->getType(), b->getBeginLoc()));
  }

  ExprPtr VisitConditionalOperator(const ConditionalOperator *c, Block &pre) {
    ExprPtr cond = lowerer_.expr(c->getCond(), pre);
    if (c->getType()->isVoidType()) {
      // `c ? note() : log(x);`: no value, only the effects of one branch,
      // each lowered as a statement (a void call is one), under an if.
      StmtPtr st = lowerer_.makeIf(std::move(cond), {}, c->getBeginLoc());
      lowerer_.stmt(c->getTrueExpr(), st->then_block);
      lowerer_.stmt(c->getFalseExpr(), st->else_block);
      pre.push_back(std::move(st));
      return makeIntLiteral(0, intType()); // dropped, as `(void)x`'s
    }
    Block then_pre, else_pre;
    ExprPtr a = lowerer_.expr(c->getTrueExpr(), then_pre);
    ExprPtr b = lowerer_.expr(c->getFalseExpr(), else_pre);
    Type t = lowerer_.typeOf(c->getType(), c->getBeginLoc());
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
    Var *v = lowerer_.temp(t, naming::valueTemp());
    if (a->type.spelling != t.spelling)
      a = makeCast(t, std::move(a));
    if (b->type.spelling != t.spelling)
      b = makeCast(t, std::move(b));
    then_pre.push_back(
        lowerer_.assign(makeVarRef(v), std::move(a), c->getBeginLoc()));
    else_pre.push_back(
        lowerer_.assign(makeVarRef(v), std::move(b), c->getBeginLoc()));
    StmtPtr st =
        lowerer_.makeIf(std::move(cond), std::move(then_pre), c->getBeginLoc());
    st->else_block = std::move(else_pre);
    pre.push_back(std::move(st));
    return makeVarRef(v);
  }

  ExprPtr VisitArraySubscriptExpr(const ArraySubscriptExpr *e, Block &pre) {
    if (MultiArrayAccess ma; multiArrayAccess(lowerer_.ctx, e, ma))
      return multiElement(ma, pre);
    return lowerer_.element(e->getBase(), e->getIdx(), pre);
  }

  /// `m[i][j]` of `double m[3][4]` (stored flat): `m[i * 4 + j]`, row-major
  /// for any number of dimensions. A row `m[i]` is its first element
  /// `m[i * 4]`, whose address a pointer argument takes (address()).
  ExprPtr multiElement(const MultiArrayAccess &ma, Block &pre) {
    auto combine = [](Op op, ExprPtr a, ExprPtr b) {
      if (a->is_int_const && b->is_int_const)
        return makeIntLiteral(op == Op::Mul ? a->int_const * b->int_const
                                            : a->int_const + b->int_const,
                              intType());
      return makeBinary(op, std::move(a), std::move(b), intType());
    };
    ExprPtr flat;
    for (size_t k = 0; k < ma.dims.size(); ++k) {
      if (flat)
        flat = combine(Op::Mul, std::move(flat),
                       makeIntLiteral(ma.dims[k], intType()));
      if (k < ma.indices.size())
        flat = flat ? combine(Op::Add, std::move(flat),
                              lowerer_.expr(ma.indices[k], pre))
                    : lowerer_.expr(ma.indices[k], pre);
    }
    ExprPtr base = lowerer_.expr(ma.ref, pre);
    if (base->address) // a parameter sharing storage with another (Lower.h)
      return FunctionLowerer::viewElement(std::move(base), std::move(flat));
    if (base->kind != ExprKind::VarRef || base->type.dims.empty())
      lowerer_.unexpected(ma.ref->getBeginLoc(), "a multi-dimensional array");
    return makeIndex(std::move(base), std::move(flat));
  }

  ExprPtr VisitMemberExpr(const MemberExpr *me, Block &pre) {
    if (const APValue *value = staticConstant(me))
      return lowerer_.literal(*value, me->getType());
    Object leaves = lowerer_.member(me, pre);
    if (leaves.size() != 1)
      lowerer_.unexpected(me->getBeginLoc(), "a member that is an object");
    return leaves.leaf(0);
  }

  ExprPtr VisitCXXOperatorCallExpr(const CXXOperatorCallExpr *op, Block &pre) {
    if (Options opts;
        isUserOperator(op, lowerer_.ctx) || tangent::nestedGradient(op, opts))
      return lowerer_.call(op, pre, nullptr);
    if (const CallExpr *c = dereferencedExtreme(op)) {
      RangeAlgorithm ra;
      rangeAlgorithm(c, ra);
      return lowerer_.algorithm(c, ra, pre, nullptr);
    }
    switch (op->getOperator()) {
    case OO_Subscript:
      return lowerer_.element(op->getArg(0), op->getArg(1), pre);
    case OO_Equal:
      return lowerer_.assignment(op->getArg(0), op->getArg(1), std::nullopt,
                                 op->getBeginLoc(), pre);
    case OO_PlusEqual:
    case OO_MinusEqual:
    case OO_StarEqual:
    case OO_SlashEqual:
      return lowerer_.assignment(
          op->getArg(0), op->getArg(1),
          irOperator(BinaryOperator::getOverloadedOpcode(op->getOperator())),
          op->getBeginLoc(), pre);
    default:
      lowerer_.unexpected(op->getBeginLoc(), "an overloaded operator");
    }
  }

  ExprPtr VisitCXXMemberCallExpr(const CXXMemberCallExpr *mc, Block &pre) {
    if (RangeAlgorithm ra; rangeAlgorithm(mc, ra)) // `a.fill(x)`
      return lowerer_.algorithm(mc, ra, pre, nullptr);
    if (splitClass(QualType(mc->getRecordDecl()->getTypeForDecl(), 0)))
      return lowerer_.call(mc, pre, nullptr); // a member function of the user's
    // The size of a container of objects: that of its first leaf.
    if (const clang::Expr *obj = mc->getImplicitObjectArgument();
        obj && splitElement(obj->getType()) &&
        mc->getMethodDecl()->getName() == "size") {
      Object o = lowerer_.object(obj, pre);
      return lowerer_.sizeOf(o.vars.at(0));
    }
    if (ContainerMember cm; containerCall(mc, cm))
      return lowerer_.containerValue(mc, cm, pre); // back(), front(), empty()
    // Containers (validated): size(), at(i), operator[](i).
    const clang::Expr *obj = mc->getImplicitObjectArgument();
    llvm::StringRef n = mc->getMethodDecl()->getName();
    Type ot;
    bool container = obj && lowerType(lowerer_.ctx, obj->getType(), ot) &&
                     (ot.isContainer() || ot.span);
    if (!container ||
        !((n == "size" && mc->getNumArgs() == 0) ||
          ((n == "at" || n == "operator[]") && mc->getNumArgs() == 1)))
      lowerer_.unexpected(mc->getBeginLoc(),
                          "the member function '" + n.str() + "'");
    if (n == "size") {
      auto s = std::make_unique<tangent::Expr>();
      s->kind = ExprKind::Size;
      s->type = lowerer_.typeOf(mc->getType(), mc->getBeginLoc());
      s->ops.push_back(lowerer_.expr(obj->IgnoreParenImpCasts(), pre));
      return s;
    }
    return lowerer_.element(obj, mc->getArg(0), pre);
  }

  ExprPtr VisitCallExpr(const CallExpr *call, Block &pre) {
    return lowerer_.call(call, pre, nullptr);
  }

  ExprPtr VisitCXXConstructExpr(const CXXConstructExpr *ctor, Block &pre) {
    if (ctor->getNumArgs() != 1)
      lowerer_.unexpected(ctor->getBeginLoc(), "a constructor call");
    return lowerer_.expr(ctor->getArg(0), pre);
  }

  /// `delete[] p` of an array the function owns (validated): the array is
  /// a std::vector, freed where it goes out of scope.
  ExprPtr VisitCXXDeleteExpr(const CXXDeleteExpr *, Block &) {
    return makeIntLiteral(0, intType());
  }

  ExprPtr VisitExpr(const clang::Expr *e, Block &) {
    lowerer_.unexpected(e->getBeginLoc(), std::string("the expression '") +
                                              e->getStmtClassName() + "'");
  }

private:
  FunctionLowerer &lowerer_;

  /// `a && b` / `a || b`; a right operand with effects is evaluated only
  /// when needed.
  ExprPtr shortCircuit(const BinaryOperator *b, Block &pre) {
    ExprPtr lhs = lowerer_.expr(b->getLHS(), pre);
    Block rhs_pre;
    ExprPtr rhs = lowerer_.expr(b->getRHS(), rhs_pre);
    Op op = *irOperator(b->getOpcode());
    if (rhs_pre.empty())
      return makeBinary(op, std::move(lhs), std::move(rhs), boolType());
    Var *t = lowerer_.temp(boolType(), naming::valueTemp());
    pre.push_back(
        lowerer_.assign(makeVarRef(t), std::move(lhs), b->getBeginLoc()));
    ExprPtr test =
        op == Op::And ? makeVarRef(t) : makeUnary(Op::Not, makeVarRef(t));
    rhs_pre.push_back(
        lowerer_.assign(makeVarRef(t), std::move(rhs), b->getBeginLoc()));
    pre.push_back(
        lowerer_.makeIf(std::move(test), std::move(rhs_pre), b->getBeginLoc()));
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
  if (PassThroughRead read; passThroughRead(e, ctx, read))
    return passThroughCall(read, pre);
  return ExprLowerer(*this).Visit(e, pre);
}

ExprPtr FunctionLowerer::passThroughCall(const PassThroughRead &read,
                                         Block &pre) {
  auto e = std::make_unique<tangent::Expr>();
  e->kind = ExprKind::InactiveCall;
  switch (read.form) {
  case PassThroughRead::Form::Free:
    e->form = CallForm::Free;
    e->text = qualifiedName(read.callee, ctx);
    break;
  case PassThroughRead::Form::Member:
    e->form = CallForm::Member;
    e->text = read.callee->getNameAsString();
    break;
  case PassThroughRead::Form::Infix:
    e->form = CallForm::Infix;
    e->text = read.op;
    break;
  }
  e->type = typeOf(read.type, read.callee->getLocation());
  for (const clang::Expr *op : read.operands)
    e->ops.push_back(passedOperand(op, pre));
  return e;
}

ExprPtr FunctionLowerer::passedOperand(const clang::Expr *op, Block &pre) {
  std::string text;
  if (const ParmVarDecl *p = passThroughParam(op))
    return makeVarRef(vars.at(p));
  if (textLiteral(op, text)) {
    Type t;
    t.kind = TypeKind::Opaque;
    t.spelling = "const char *";
    return makeLiteral(text, t);
  }
  return expr(op, pre); // a number, or a field passed through (its leaf)
}

ExprPtr FunctionLowerer::viewElement(ExprPtr base, ExprPtr offset) {
  // A view of one variable or field (`const double *q = &y;`): `*q` is it.
  if (base->address && base->kind == ExprKind::VarRef &&
      !base->type.isContainer() && base->type.kind != TypeKind::Pointer &&
      offset->is_int_const && offset->int_const == 0) {
    base->address = false;
    return base;
  }
  if (!base->address || base->kind != ExprKind::Index)
    return makeIndex(std::move(base), std::move(offset));
  base->address = false;
  ExprPtr &at = base->ops[1];
  if (at->is_int_const && at->int_const == 0) {
    at = std::move(offset);
  } else if (!(offset->is_int_const && offset->int_const == 0)) {
    Type t = at->type;
    at = makeBinary(Op::Add, std::move(at), std::move(offset), t);
  }
  return base;
}

ExprPtr FunctionLowerer::address(const AddressArgument &at, SourceLocation loc,
                                 Block &pre) {
  ExprPtr x;
  if (at.lvalue) {
    x = target(at.lvalue, pre);
  } else {
    x = target(at.array, pre);
    if (x->address && at.offsets.empty())
      return x; // a view as it is
    if ((x->kind == ExprKind::VarRef || x->kind == ExprKind::Index) &&
        x->type.kind == TypeKind::Pointer && at.offsets.empty())
      return x; // a named pointer, or a row of an index table, as it is
    // An element of the array, or of the view's storage.
    ExprPtr offset;
    for (const AddressArgument::Offset &o : at.offsets) {
      ExprPtr by = expr(o.by, pre);
      if (!offset)
        offset = o.minus ? makeUnary(Op::Neg, std::move(by)) : std::move(by);
      else
        offset = makeBinary(o.minus ? Op::Sub : Op::Add, std::move(offset),
                            std::move(by), intType());
    }
    if (!offset)
      offset = makeIntLiteral(0, intType());
    x = viewElement(std::move(x), std::move(offset));
  }
  if (x->kind != ExprKind::VarRef && x->kind != ExprKind::Index)
    unexpected(loc, "an address of a computed value");
  x->address = true;
  return x;
}

ExprPtr FunctionLowerer::element(const clang::Expr *base,
                                 const clang::Expr *index, Block &pre) {
  ExprPtr bx = expr(base->IgnoreParenImpCasts(), pre);
  if (bx->address)
    return viewElement(std::move(bx), expr(index, pre));
  // A row of a vector of vectors, or of an index table (`int **`).
  bool row =
      bx->kind == ExprKind::Index &&
      (bx->type.kind == TypeKind::Vector || bx->type.kind == TypeKind::Pointer);
  if (!row && (bx->kind != ExprKind::VarRef ||
               !(bx->type.isContainer() || bx->type.kind == TypeKind::Pointer)))
    unexpected(base->getBeginLoc(), "an index into an unnamed container");
  ExprPtr ix = expr(index, pre);
  return makeIndex(std::move(bx), std::move(ix));
}

ExprPtr FunctionLowerer::literal(const APValue &value, QualType qt) {
  // A constant of an unnamed enum has no type to spell: its integer's.
  if (const auto *et = qt->getAs<EnumType>())
    if (const EnumDecl *ed = et->getDecl();
        !ed->getIdentifier() && !ed->getTypedefNameForAnonDecl())
      qt = ed->getIntegerType();
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
