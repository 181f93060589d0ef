//===- PipelineNested.cpp - tangent-linear callees of adjoints ------------===//
//
// The tangent-linear functions an adjoint calls: those of a second-order
// request (SecondOrderPipeline), and those the calls of nested gradients
// reach (lower/LowerNested.cpp) in any request. Each is printed once (its
// forward, which callers call) and differentiated once (its adjoint) per
// translation unit, like a callee.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "codegen/Generate.h"
#include "frontend/Pipeline.h"
#include "ir/IRWalk.h"

namespace tangent {

bool RequestPipeline::differentiateLinear(const std::vector<Function *> &used) {
  printCallees(used);
  std::vector<Function *> fresh;
  for (Function *c : used)
    if (!work_.hvp_parts.count(c)) {
      fresh.push_back(c);
      SharedPart &shared = work_.hvp_parts[c];
      shared.part.function = c;
      shared.part.stem = c->generated_name + naming::adjointOfTangent();
    }
  const std::vector<Analyzed> analyzed = analyzeCallees(fresh);
  generateCallees(fresh, analyzed, work_.hvp_parts, /*remarks=*/false);
  return usable(used, work_.jvp_parts) && usable(used, work_.hvp_parts);
}

bool RequestPipeline::nestedGradients(const std::vector<Function *> &fns) {
  // Each component's call: g's tangent-linear function in which every
  // direction is a constant (the caller passes 1 and zeros), so that its
  // adjoint gives no direction an adjoint. Callees first: g's own nested
  // gradients are resolved before g is linearized.
  for (Function *fn : calleesFirst(fns))
    forEachStmt(fn->body, [&](Stmt &s, int) {
      if (s.kind != StmtKind::Call || s.along < 0 ||
          work_.linearizer.made(s.callee))
        return;
      std::uint64_t directions = 0;
      for (size_t i = 0; i < s.callee->params.size() && i < 64; ++i)
        if (s.callee->params[i]->type.isDifferentiable())
          directions |= std::uint64_t(1) << i;
      s.callee =
          work_.linearizer.of(*s.callee, TangentForm::Output, directions);
    });
  Refusals found = std::move(work_.linearizer.refusals);
  work_.linearizer.refusals.clear();
  if (!legality_.report(found))
    return false;
  std::vector<Function *> linear;
  for (Function *c : calleesFirst(fns))
    if (work_.linearizer.made(c))
      linear.push_back(c);
  return linear.empty() || differentiateLinear(linear);
}

} // namespace tangent
