//===- AstShapesEffects.cpp - library calls kept for their effects --------===//
//
// Some library functions matter only for what they do, not for a value a
// derivative could flow through: they end the program (`exit`, `abort`, a
// failed `assert`, whose macro calls `__assert_fail`) or print
// (`printf`, `fprintf(stderr, ...)`, `puts`). A differentiated function
// keeps such a call as a statement of its forward sweep, given literals,
// numbers (their values, read) and the standard streams; its reverse does
// nothing for it (docs/capabilities.md: a checkpointed loop that recomputes
// a segment prints again). The validator and the lowering both see them
// through this file.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace tangent {

bool isEffectCall(const CallExpr *c, ASTContext &ctx) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd || !fd->getIdentifier() || !isLibraryFunction(fd, ctx) ||
      isa<CXXMemberCallExpr, CXXOperatorCallExpr>(c))
    return false;
  static const llvm::StringRef names[] = {
      "exit",    "_Exit", "quick_exit", "abort",   "__assert_fail", "printf",
      "fprintf", "puts",  "fputs",      "putchar", "fflush",        "perror"};
  return std::find(std::begin(names), std::end(names), fd->getName()) !=
         std::end(names);
}

EffectArgument effectArgument(const clang::Expr *a, ASTContext &ctx,
                              std::string &spelling) {
  spelling.clear();
  if (textLiteral(a, spelling))
    return EffectArgument::Text;
  const clang::Expr *bare = a->IgnoreParenImpCasts();
  if (const auto *u = dyn_cast<UnaryOperator>(bare);
      u && u->getOpcode() == UO_Extension)
    bare = u->getSubExpr()->IgnoreParenImpCasts();
  // __func__, __PRETTY_FUNCTION__ (assert's message): the name it holds.
  if (const auto *p = dyn_cast<PredefinedExpr>(bare)) {
    if (const StringLiteral *s = p->getFunctionName()) {
      llvm::raw_string_ostream os(spelling);
      s->outputString(os);
      return EffectArgument::Text;
    }
    return EffectArgument::Invalid;
  }
  // stdout, stderr: the C library's streams.
  if (const auto *d = dyn_cast<DeclRefExpr>(bare)) {
    const auto *v = dyn_cast<VarDecl>(d->getDecl());
    if (v && v->hasGlobalStorage() && v->getType()->isPointerType() &&
        (v->getName() == "stdout" || v->getName() == "stderr") &&
        ctx.getSourceManager().isInSystemHeader(v->getLocation())) {
      spelling = v->getName().str();
      return EffectArgument::Stream;
    }
  }
  Type t;
  if (lowerType(ctx, a->getType(), t) && (t.isReal() || t.isIntegral()))
    return EffectArgument::Number;
  return EffectArgument::Invalid;
}

} // namespace tangent
