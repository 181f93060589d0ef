//===- AstShapesPassThrough.cpp - reads of pass-through parameters --------===//
//
// Parameters of the standard types tangent passes through without looking
// into them (Types.h, passThrough: which types), and the part of
// AstShapes.h about the calls that read them (`cfg.at("w")`,
// `name.size()`, `mode == "fast"`, `std::stod(name)`), as the validator
// and the lowering both see them.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace tangent {

namespace {

/// Whether a value of type `qt` may hold floating-point numbers: a
/// standard template holds those of its type arguments (allocators and
/// comparators included); a class of the user's, conservatively, does.
bool holdsReal(QualType qt) {
  qt = qt.getCanonicalType();
  if (qt->isRealFloatingType())
    return true;
  if (qt->isPointerType() || qt->isReferenceType())
    return holdsReal(qt->getPointeeType());
  if (const auto *arr = qt->getAsArrayTypeUnsafe())
    return holdsReal(arr->getElementType());
  const CXXRecordDecl *rd = qt->getAsCXXRecordDecl();
  if (!rd)
    return false; // an integer, an enumeration
  const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd);
  if (!rd->isInStdNamespace())
    return true;
  if (!spec)
    return false;
  for (const TemplateArgument &arg : spec->getTemplateArgs().asArray())
    if (arg.getKind() == TemplateArgument::Type && holdsReal(arg.getAsType()))
      return true;
  return false;
}

} // namespace

bool passThroughType(ASTContext &ctx, QualType qt, Type &out) {
  out = Type{};
  if (!passThrough(qt, out.elem_real))
    return false;
  out.kind = TypeKind::Opaque;
  out.spelling =
      typeSpelling(ctx, qt.getNonReferenceType().getUnqualifiedType());
  return true;
}

bool passThrough(QualType qt, bool &holds_real) {
  qt = qt.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      qt->getAsCXXRecordDecl());
  static const llvm::StringRef names[] = {
      "basic_string",  "basic_string_view",  "map", "multimap",
      "unordered_map", "unordered_multimap", "set", "multiset",
      "unordered_set", "unordered_multiset"};
  if (!spec || !spec->isInStdNamespace())
    return false;
  // A vector of them (`std::vector<std::string>`) passes through too.
  if (spec->getName() == "vector") {
    const TemplateArgumentList &args = spec->getTemplateArgs();
    return args.size() > 0 && args[0].getKind() == TemplateArgument::Type &&
           passThrough(args[0].getAsType(), holds_real);
  }
  if (std::find(std::begin(names), std::end(names), spec->getName()) ==
      std::end(names))
    return false;
  holds_real = holdsReal(qt);
  return true;
}

namespace {

/// `e` without the conversions C++ adds to pass it (a string literal
/// becomes a `const std::string &` through a temporary).
const clang::Expr *passedAs(const clang::Expr *e) {
  for (;;) {
    e = e->IgnoreImplicit()->IgnoreParens();
    const auto *ce = dyn_cast<CXXConstructExpr>(e);
    if (!ce || isa<CXXTemporaryObjectExpr>(ce) || ce->getNumArgs() == 0 ||
        ce->isListInitialization())
      return e;
    for (unsigned i = 1; i < ce->getNumArgs(); ++i)
      if (!isa<CXXDefaultArgExpr>(ce->getArg(i)))
        return e; // an allocator given, say
    e = ce->getArg(0);
  }
}

bool isComparison(OverloadedOperatorKind op) {
  switch (op) {
  case OO_EqualEqual:
  case OO_ExclaimEqual:
  case OO_Less:
  case OO_LessEqual:
  case OO_Greater:
  case OO_GreaterEqual:
    return true;
  default:
    return false;
  }
}

} // namespace

const ParmVarDecl *passThroughParam(const clang::Expr *e) {
  const auto *d = dyn_cast<DeclRefExpr>(passedAs(e));
  const auto *p = d ? dyn_cast<ParmVarDecl>(d->getDecl()) : nullptr;
  bool holds_real = false;
  return p && passThrough(p->getType(), holds_real) ? p : nullptr;
}

const clang::MemberExpr *passThroughField(const clang::Expr *e) {
  const auto *m = dyn_cast<MemberExpr>(passedAs(e));
  bool holds_real = false;
  if (!m || !isa<FieldDecl>(m->getMemberDecl()) ||
      !passThrough(m->getType(), holds_real))
    return nullptr;
  const clang::Expr *base = m->getBase()->IgnoreParenImpCasts();
  while (const auto *inner = dyn_cast<MemberExpr>(base))
    base = inner->getBase()->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(base))
    return m;
  const auto *d = dyn_cast<DeclRefExpr>(base);
  return d && isa<VarDecl>(d->getDecl()) ? m : nullptr;
}

std::string constructionRefusal(QualType type) {
  bool holds_real = false;
  return "constructing a '" + type.getAsString() + "' here is not supported" +
         (passThrough(type, holds_real)
              ? "; it is data tangent passes through: make it before the "
                "call and pass it in (or the object holding it)"
              : "");
}

bool textLiteral(const clang::Expr *e, std::string &spelling) {
  e = passedAs(e);
  llvm::raw_string_ostream os(spelling);
  if (const auto *s = dyn_cast<StringLiteral>(e)) {
    if (!s->isOrdinary())
      return false;
    s->outputString(os);
    return true;
  }
  if (const auto *c = dyn_cast<CharacterLiteral>(e)) {
    if (c->getKind() != CharacterLiteralKind::Ascii)
      return false;
    CharacterLiteral::print(c->getValue(), c->getKind(), os);
    return true;
  }
  return false;
}

bool passThroughRead(const clang::Expr *e, ASTContext &ctx,
                     PassThroughRead &out) {
  out = PassThroughRead{};
  // The value read (`cfg.at("w")` is a `const double &`).
  for (;;) {
    e = e->IgnoreParens();
    const auto *ice = dyn_cast<ImplicitCastExpr>(e);
    if (!ice || !(ice->getCastKind() == CK_LValueToRValue ||
                  ice->getCastKind() == CK_NoOp))
      break;
    e = ice->getSubExpr();
  }
  // `name != "plain"` in C++20: `!(name == "plain")` as written.
  if (const auto *rw =
          dyn_cast<CXXRewrittenBinaryOperator>(e->IgnoreParens())) {
    const CXXRewrittenBinaryOperator::DecomposedForm d =
        rw->getDecomposedForm();
    const clang::Expr *inner = rw->getSemanticForm()->IgnoreImplicit();
    if (const auto *u = dyn_cast<UnaryOperator>(inner))
      inner = u->getSubExpr()->IgnoreImplicit();
    const auto *c = dyn_cast<CallExpr>(inner);
    if (!c || !c->getDirectCallee() ||
        !BinaryOperator::isComparisonOp(d.Opcode))
      return false;
    out.form = PassThroughRead::Form::Infix;
    out.callee = c->getDirectCallee();
    out.op = BinaryOperator::getOpcodeStr(d.Opcode).str();
    out.type = rw->getType();
    out.operands = {passedAs(d.LHS), passedAs(d.RHS)};
    return passesThrough(d.LHS) || passesThrough(d.RHS);
  }
  const auto *c = dyn_cast<CallExpr>(e->IgnoreParens());
  if (!c || !c->getDirectCallee())
    return false;
  Type rt;
  if (!lowerType(ctx, c->getType(), rt) || !(rt.isReal() || rt.isIntegral()))
    return false;
  out.callee = c->getDirectCallee();
  out.type = c->getType();
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c)) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    if (!md || !md->isConst() ||
        !passesThrough(mc->getImplicitObjectArgument()))
      return false;
    out.form = PassThroughRead::Form::Member;
    out.operands.push_back(passedAs(mc->getImplicitObjectArgument()));
  } else if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(c)) {
    if (!isComparison(oc->getOperator()) || oc->getNumArgs() != 2)
      return false;
    out.form = PassThroughRead::Form::Infix;
    out.op = getOperatorSpelling(oc->getOperator());
  } else {
    for (const ParmVarDecl *p : out.callee->parameters())
      if (isOutputParam(p))
        return false;
  }
  for (const clang::Expr *a : c->arguments())
    out.operands.push_back(passedAs(a));
  // A function also given a number that may carry a derivative is a
  // call of the user's (or refused): not a read.
  bool reads = false;
  for (const clang::Expr *a : out.operands) {
    std::string text;
    Type t;
    reads |= passesThrough(a);
    if (out.form == PassThroughRead::Form::Free && !passesThrough(a) &&
        !textLiteral(a, text) &&
        !(lowerType(ctx, a->getType(), t) && t.isIntegral()))
      return false;
  }
  return reads;
}

const clang::Expr *objectRoot(const clang::Expr *e) {
  for (;;) {
    e = e->IgnoreImplicit()->IgnoreParens();
    if (const auto *m = dyn_cast<MemberExpr>(e))
      e = m->getBase();
    else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e))
      e = mc->getImplicitObjectArgument();
    else if (const auto *oc = dyn_cast<CXXOperatorCallExpr>(e);
             oc && oc->getNumArgs() > 0)
      e = oc->getArg(0);
    else if (const auto *a = dyn_cast<ArraySubscriptExpr>(e))
      e = a->getBase();
    else if (const auto *u = dyn_cast<UnaryOperator>(e);
             u && u->getOpcode() == UO_Deref)
      e = u->getSubExpr();
    else
      return e;
  }
}

} // namespace tangent
