//===- AstShapesNested.cpp - gradients called inside a gradient ----------===//
//
// Nested differentiation: a function tangent differentiates may itself call
// a gradient, `tangent::grad<g, O>()(args...)` (a particle's acceleration
// as the gradient of a potential, a saddle point's inner maximisation).
// The call is the call operator of `tangent::gradient<&g, O>`; g and its
// options are that class's template arguments. The validator
// (ValidateNested.cpp) and the lowering (lower/LowerNested.cpp) both see
// such calls through this file.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Requests.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace tangent {

const FunctionDecl *nestedGradient(const CallExpr *c, Options &opts) {
  const auto *op = dyn_cast<CXXOperatorCallExpr>(c);
  if (!op || op->getOperator() != OO_Call)
    return nullptr;
  const auto *md = dyn_cast_or_null<CXXMethodDecl>(op->getDirectCallee());
  if (!md)
    return nullptr;
  const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(md->getParent());
  if (!spec || !spec->getIdentifier() || spec->getName() != "gradient")
    return nullptr;
  const auto *ns = dyn_cast<NamespaceDecl>(spec->getDeclContext());
  if (!ns || !ns->getIdentifier() || ns->getName() != "tangent" ||
      !ns->getParent()->isTranslationUnit())
    return nullptr;
  const TemplateArgumentList &args = spec->getTemplateArgs();
  if (args.size() < 2 || args[0].getKind() != TemplateArgument::Declaration)
    return nullptr;
  const auto *g = dyn_cast<FunctionDecl>(args[0].getAsDecl());
  if (!g || !readOptions(args[1], opts))
    return nullptr;
  return g;
}

} // namespace tangent
