//===- Validate.cpp - refuse what cannot be differentiated ----------------===//
//
// Runs before lowering, over the requested function and its callees, so a
// user sees every refusal at once, at its location, before any code is
// generated. Lowering refuses anything else it cannot represent.
//
//===----------------------------------------------------------------------===//
#include "frontend/Validate.h"
#include "frontend/lower/Lower.h"
#include "rules/Rules.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <set>

using namespace clang;

namespace tangent {

bool hasCustomDerivative(ASTContext &ctx, llvm::StringRef name) {
  auto lookupNs = [&](const DeclContext *dc,
                      llvm::StringRef n) -> const NamespaceDecl * {
    for (const NamedDecl *d : dc->lookup(&ctx.Idents.get(n)))
      if (const auto *ns = dyn_cast<NamespaceDecl>(d))
        return ns;
    return nullptr;
  };
  const NamespaceDecl *t = lookupNs(ctx.getTranslationUnitDecl(), "tangent");
  const NamespaceDecl *custom = t ? lookupNs(t, "custom") : nullptr;
  if (!custom)
    return false;
  std::string fn = naming::customPullback(name.str());
  return !custom->lookup(&ctx.Idents.get(fn)).empty();
}

bool isMathFunction(const FunctionDecl *callee) {
  if (!callee->getIdentifier())
    return false;
  const DeclContext *dc = callee->getDeclContext()->getRedeclContext();
  bool std_or_global = callee->isInStdNamespace() || dc->isTranslationUnit() ||
                       callee->isExternC();
  return std_or_global && findRule(callee->getName()) != nullptr;
}

namespace {

class Validator : public RecursiveASTVisitor<Validator> {
public:
  Validator(ASTContext &ctx, Diagnoser &diags,
            const std::function<void(const FunctionDecl *)> &instantiate)
      : ctx_(ctx), diags_(diags), instantiate_(instantiate) {}

  void check(const FunctionDecl *fd) {
    const FunctionDecl *def = nullptr;
    if (!fd->hasBody(def) || !def || !seen_.insert(def).second)
      return;
    TraverseStmt(def->getBody());
  }
  bool ok() const { return ok_; }

  bool VisitGotoStmt(GotoStmt *s) { return refuse(s->getBeginLoc(), "'goto'"); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *s) {
    return refuse(s->getBeginLoc(), "'goto'");
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *e) {
    return refuse(e->getBeginLoc(), "'throw'");
  }
  bool VisitCXXTryStmt(CXXTryStmt *s) {
    return refuse(s->getBeginLoc(), "'try'");
  }
  bool VisitAsmStmt(AsmStmt *s) {
    return refuse(s->getAsmLoc(), "inline assembly");
  }
  bool VisitLambdaExpr(LambdaExpr *e) {
    refuse(e->getBeginLoc(), "a lambda");
    return false; // do not look inside
  }
  bool VisitUnaryOperator(UnaryOperator *u) {
    if (u->isIncrementDecrementOp() &&
        u->getSubExpr()->getType()->isPointerType())
      return refuse(u->getBeginLoc(), "pointer arithmetic");
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *b) {
    if ((b->isAdditiveOp() || b->getOpcode() == BO_AddAssign ||
         b->getOpcode() == BO_SubAssign) &&
        (b->getLHS()->getType()->isPointerType() ||
         b->getRHS()->getType()->isPointerType()))
      return refuse(b->getOperatorLoc(), "pointer arithmetic");
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    if (isa<CXXOperatorCallExpr>(call) || isa<CXXMemberCallExpr>(call))
      return visitMember(call);
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee) {
      if (isa<CXXPseudoDestructorExpr>(call->getCallee()->IgnoreImplicit()))
        return true;
      return refuse(call->getBeginLoc(), "call through a function pointer");
    }
    return visitCallee(call, callee);
  }

private:
  ASTContext &ctx_;
  Diagnoser &diags_;
  const std::function<void(const FunctionDecl *)> &instantiate_;
  std::set<const FunctionDecl *> seen_;
  bool ok_ = true;

  bool refuse(SourceLocation loc, const std::string &what) {
    diags_.error(loc, "tangent: " + what + " is not supported");
    ok_ = false;
    return true;
  }

  bool visitMember(CallExpr *call) {
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) {
      const CXXMethodDecl *md = mc->getMethodDecl();
      if (md && md->isVirtual() && !md->hasAttr<FinalAttr>() &&
          !md->getParent()->hasAttr<FinalAttr>())
        diags_.error(call->getBeginLoc(),
                     "tangent: virtual call to '" + md->getNameAsString() +
                         "' is not supported"),
            ok_ = false;
    }
    return true;
  }

  bool visitCallee(CallExpr *call, const FunctionDecl *callee) {
    if (isMathFunction(callee) ||
        (callee->getIdentifier() &&
         hasCustomDerivative(ctx_, callee->getName())))
      return true;
    if (!callee->hasBody() && callee->isTemplateInstantiation() &&
        instantiate_)
      instantiate_(callee);
    Type t;
    bool floating = lowerType(ctx_, call->getType(), t) && t.isDifferentiable();
    for (const clang::Expr *a : call->arguments())
      floating |= lowerType(ctx_, a->getType(), t) && t.isDifferentiable();
    if (floating && callee->isInStdNamespace()) {
      diags_.error(call->getBeginLoc(),
                   "tangent: standard library function 'std::" +
                       callee->getNameAsString() +
                       "' has no derivative rule; write the loop yourself or "
                       "define tangent::custom::" +
                       naming::customPullback(callee->getNameAsString()));
      ok_ = false;
      return true;
    }
    const FunctionDecl *def = nullptr;
    if (callee->hasBody(def) && def) {
      if (!callee->isInStdNamespace())
        check(def);
      return true;
    }
    if (floating) {
      diags_.error(call->getBeginLoc(),
                   "tangent: function '" + callee->getNameAsString() +
                       "' has no body and no custom derivative (define "
                       "tangent::custom::" +
                       naming::customPullback(callee->getNameAsString()) +
                       ")");
      ok_ = false;
    }
    return true;
  }
};

} // namespace

bool validate(const FunctionDecl *fd, ASTContext &ctx, Diagnoser &diags,
              const std::function<void(const FunctionDecl *)> &instantiate) {
  Validator v(ctx, diags, instantiate);
  v.check(fd);
  return v.ok();
}

} // namespace tangent
