//===- ValidateNested.cpp - gradients called inside a gradient ------------===//
//
// `tangent::grad<g, O>()(args...)` inside a differentiated function
// (AstShapes.h: nestedGradient) is a call of g whose value is g's gradient
// with respect to the parameters O selects. Its derivative is g's second
// derivative, which the lowering takes from g's tangent-linear function
// (lower/LowerNested.cpp), one direction per selected floating-point value:
// so those are scalars or objects of scalar fields, and g writes none of
// its arguments.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "frontend/Validator.h"

using namespace clang;

namespace tangent {

void Validator::nestedGradientCall(const CallExpr *c, const FunctionDecl *g,
                                   const Options &opts) {
  SourceLocation loc = c->getBeginLoc();
  const std::string name = g->getNameAsString();
  auto no = [&](const std::string &why) {
    refuse(loc, "a gradient called inside a differentiated function "
                "(nested differentiation) " +
                    why);
  };
  if (const auto *md = dyn_cast<CXXMethodDecl>(g); md && !md->isStatic())
    return no("of a member function ('" + name +
              "') is not supported yet; request a free function that "
              "calls it");
  for (unsigned i = 0; i < g->getNumParams(); ++i) {
    const ParmVarDecl *p = g->getParamDecl(i);
    const QualType t = p->getType();
    const std::string param =
        "'" + p->getNameAsString() + "' of '" + name + "'";
    if (t->isPointerType() ||
        (t->isReferenceType() && !t.getNonReferenceType().isConstQualified()))
      return no("of a function with a pointer or non-const reference "
                "parameter (" +
                param + ") is not supported yet");
    if (!selectsParam(opts, int(i)))
      continue;
    const QualType v = t.getNonReferenceType().getUnqualifiedType();
    if (v->isRealFloatingType() || v->isIntegralOrEnumerationType())
      continue;
    std::vector<Leaf> leaves;
    bool scalars = splitClass(v) && typeLeaves(ctx_, v, leaves);
    for (const Leaf &l : leaves)
      scalars &= l.type.isReal() || !l.type.isDifferentiable();
    if (!scalars)
      return no("is supported with respect to floating-point parameters and "
                "objects of floating-point fields; " +
                param + " is a '" + v.getAsString() +
                "' (leave it out with options{.wrt = ...})");
  }
  llvm::SmallVector<const clang::Expr *, 4> args(c->arg_begin() + 1,
                                                 c->arg_end());
  arguments(g, args, c);
  if (!g->hasBody() && g->isTemplateInstantiation() && instantiate_)
    instantiate_(g);
  if (const FunctionDecl *def = nullptr; g->hasBody(def) && def)
    function(def);
}

} // namespace tangent
