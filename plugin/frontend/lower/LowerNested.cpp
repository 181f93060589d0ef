//===- LowerNested.cpp - gradients called inside a gradient ---------------===//
//
// `r = tangent::grad<g, O>()(args...)` inside a differentiated function
// (AstShapes.h: nestedGradient) is lowered to one call per floating-point
// value v that O selects (a scalar parameter, or a field of an object
// parameter): the call of g's tangent-linear function along v, whose tangent
// is r's component for v (a directional derivative along a unit vector is a
// component of the gradient). The lowering emits calls of g with the
// directions appended (1 along v, 0 elsewhere, a zero container for a
// container) and Stmt::along set; the pipeline points each at g's
// tangent-linear function in which every direction is a constant
// (PipelineNested.cpp). Differentiating those calls again is g's second
// derivative (the Hessian's columns along the selected values, by
// symmetry its rows), as second order does: the reverse sweep calls the
// adjoints of the tangent-linear functions, forward mode their tangents.
//
// Selected parameters are scalars or objects of scalar fields, and g
// writes none of its arguments (ValidateNested.cpp).
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/lower/FunctionLowerer.h"
#include "ir/Support.h"

using namespace clang;

namespace tangent {

void FunctionLowerer::nestedGradient(const CallExpr *c, const FunctionDecl *g,
                                     const Options &opts,
                                     std::vector<ExprPtr> results, Block &pre) {
  SourceLocation loc = c->getBeginLoc();
  llvm::SmallVector<const clang::Expr *, 4> args(c->arg_begin() + 1,
                                                 c->arg_end());
  // g's arguments, lowered once (the call of g itself is not emitted).
  std::unique_ptr<tangent::Stmt> of = userCall(g, nullptr, args, loc, pre);
  const Function &callee = *of->callee;
  // The directions every call shares: zeros, a zero container for each
  // container parameter.
  std::vector<ExprPtr> zeros;
  for (size_t i = 0; i < callee.params.size(); ++i) {
    const Var &p = *callee.params[i];
    if (!p.type.isDifferentiable()) {
      zeros.push_back(nullptr);
    } else if (p.type.isReal()) {
      zeros.push_back(makeLiteral("0", p.type));
    } else {
      Var *z = temp(p.type, naming::valueTemp());
      StmtPtr sized = defaultConstruct(z, loc);
      sized->args.push_back(makeSize(of->args[i]->clone()));
      pre.push_back(std::move(sized));
      zeros.push_back(makeVarRef(z));
    }
  }
  size_t k = 0;
  for (size_t i = 0; i < callee.params.size(); ++i) {
    const Var &p = *callee.params[i];
    // The gradient holds the selected floating-point values, and an object's
    // other fields; an integer parameter gets none.
    const bool in_object = callee.signature[p.sourceParam()].object;
    if (!selectsParam(opts, p.sourceParam()) ||
        (!p.type.isReal() && (p.type.isDifferentiable() || !in_object)))
      continue;
    TANGENT_ASSERT(k < results.size(), "a nested gradient's result leaves");
    ExprPtr into = std::move(results[k++]);
    if (!p.type.isReal()) { // an integer field: the gradient's copy
      pre.push_back(assign(std::move(into), of->args[i]->clone(), loc));
      continue;
    }
    auto st = std::make_unique<tangent::Stmt>();
    st->kind = StmtKind::Call;
    st->loc = of->loc;
    st->callee = of->callee;
    st->along = int(i);
    for (size_t a = 0; a < of->args.size(); ++a) {
      st->args.push_back(of->args[a]->clone());
      st->arg_is_output.push_back(of->arg_is_output[a]);
    }
    for (size_t d = 0; d < zeros.size(); ++d) {
      if (!zeros[d])
        continue;
      st->args.push_back(d == i ? makeLiteral("1", p.type) : zeros[d]->clone());
      st->arg_is_output.push_back(false);
    }
    st->args.push_back(std::move(into));
    st->arg_is_output.push_back(true);
    pre.push_back(std::move(st));
  }
  TANGENT_ASSERT(k == results.size(), "a nested gradient's result leaves");
  for (StmtPtr &back : written_back)
    pre.push_back(std::move(back));
  written_back.clear();
}

} // namespace tangent
