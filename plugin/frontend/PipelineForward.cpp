//===- PipelineForward.cpp - forward mode and second order ----------------===//
//
// jvp, jacobian by columns (ForwardPipeline): the tangent-linear function
// of the lowered f (forward/TangentLinear.h), printed
// (codegen/Forward.cpp). hvp, hessian (SecondOrderPipeline): that function
// analyzed and differentiated by the adjoint generator. Tangent-linear
// functions of callees are shared by the requests, like callees.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "codegen/Generate.h"
#include "frontend/Pipeline.h"

namespace tangent {

std::uint64_t ForwardPipeline::dataParams(const Function &top,
                                          DataKinds kinds) const {
  // Parameters that wrt leaves out carry no tangent (data): pointers
  // (their extent is unknown, so there is nothing to give them); also
  // const parameters, which f cannot write (no zero tangents for a model's
  // tables); every one in the vector forward mode (writing varied values
  // into one refuses the variant, and the request keeps the scalar
  // forward mode).
  std::uint64_t data = 0;
  for (const Var *p : top.params)
    if (p->sourceParam() < 64 &&
        !selectsParam(request_.options, p->sourceParam()) &&
        (kinds == DataKinds::Every || p->type.kind == TypeKind::Pointer ||
         (kinds == DataKinds::Unwritten && p->is_const)))
      data |= std::uint64_t(1) << p->sourceParam();
  return data;
}

Function *ForwardPipeline::linearize(Function &top, TangentForm form,
                                     std::vector<Function *> &used) {
  // The callees top calls, to put back if the const parameters cannot be
  // data (a copy of one into storage the function varies needs a zero
  // tangent the scalar forward mode does not make): then only pointers are.
  std::vector<std::pair<Stmt *, Function *>> calls;
  forEachStmt(top.body, [&](Stmt &s, int) {
    if (s.kind == StmtKind::Call)
      calls.push_back({&s, s.callee});
  });
  Function *tl = nullptr;
  Refusals found;
  for (DataKinds kinds : {DataKinds::Unwritten, DataKinds::Pointers}) {
    const std::uint64_t data = dataParams(top, kinds);
    if (kinds == DataKinds::Pointers) {
      if (data == dataParams(top, DataKinds::Unwritten))
        break; // the same request again
      for (auto &[call, callee] : calls)
        call->callee = callee;
    }
    specialiseForDataForward(top, work_.lowering, data,
                             /*whole_values=*/kinds == DataKinds::Unwritten);
    if (!nestedGradients(calleesFirst({&top})))
      return nullptr;
    tl = work_.linearizer.fresh(top, form, data);
    found = std::move(work_.linearizer.refusals);
    work_.linearizer.refusals.clear();
    if (found.empty())
      break;
  }
  if (!legality_.report(found) || !clean())
    return nullptr;
  work_.dump(r_.function_name + " tangent-linear", *tl);
  used = reachableCallees(*tl);
  return tl;
}

void RequestPipeline::printCallees(const std::vector<Function *> &used) {
  for (Function *c : used) {
    if (work_.jvp_parts.count(c))
      continue;
    SharedPart &shared = work_.jvp_parts[c];
    shared.part.function = c;
    shared.part.stem = c->generated_name;
    if (!legality_.report(generationRefusals(*c, Generation::TangentLinear))) {
      shared.refused = true;
      continue;
    }
    shared.part.code = generateTangentLinear(*c);
  }
}

namespace {

ForwardBinding bindingOf(const Function &top, const TangentLinearizer &lin,
                         const Function *tl) {
  ForwardBinding binding;
  binding.source = &top;
  binding.tangent_of = lin.signature(tl).tangent_of;
  return binding;
}

} // namespace

bool ForwardPipeline::lanesVariant(Function &top, GeneratedPart &main,
                                   std::vector<Function *> &used) {
  const std::uint64_t data = dataParams(top, DataKinds::Every);
  // The callees given only data get their data variants: no zero lanes
  // passed for a model's tables, no work on them.
  specialiseForDataForward(top, work_.lowering, data, /*whole_values=*/true);
  Function *tl = work_.linearizer.freshLanes(top, data);
  const bool refused = !work_.linearizer.refusals.empty();
  work_.linearizer.refusals.clear();
  if (refused)
    return false;
  used = reachableCallees(*tl);
  printCallees(used); // the scalar twins of these were accepted
  if (!usable(used, work_.jvp_parts) ||
      !generationRefusals(*tl, Generation::TangentLinear).empty())
    return false;
  main.function = tl;
  main.stem = tl->generated_name;
  main.code = generateTangentLinear(*tl);
  return true;
}

bool ForwardPipeline::differentiate(Function &top) {
  std::vector<Function *> used;
  Function *tl = linearize(top, TangentForm::Output, used);
  if (!tl)
    return false;
  printCallees(used);
  if (!usable(used, work_.jvp_parts) ||
      !legality_.report(generationRefusals(*tl, Generation::TangentLinear)))
    return false;
  GeneratedPart main;
  main.function = tl;
  main.stem = tl->generated_name;
  main.code = generateTangentLinear(*tl);
  if (!clean())
    return false;
  std::vector<const GeneratedPart *> parts;
  for (const Function *callee : used)
    parts.push_back(&work_.jvp_parts.at(callee).part);
  // The vector forward mode (Jacobians in lanes), where f's signature
  // allows it.
  const ForwardBinding binding = bindingOf(top, work_.linearizer, tl);
  LanesVariant lanes;
  GeneratedPart lanes_main;
  std::vector<Function *> lanes_used;
  if (lanesBindable(binding, request_.options) &&
      lanesVariant(top, lanes_main, lanes_used)) {
    for (const Function *callee : lanes_used)
      lanes.callees.push_back(&work_.jvp_parts.at(callee).part);
    lanes.top = &lanes_main;
    lanes.tangent_of =
        work_.linearizer.signature(lanes_main.function).tangent_of;
  }
  if (!clean())
    return false;
  r_.block = tangentLinearBlock(parts, main, binding, request_.options,
                                r_.source_hash, lanes);
  work_.blocks += r_.block;
  r_.ok = true;
  return true;
}

bool SecondOrderPipeline::differentiate(Function &top) {
  std::vector<Function *> used;
  Function *tl = linearize(top, TangentForm::Return, used);
  if (!tl)
    return false;
  // Second order differentiates the tangent-linear code again; a custom
  // derivative's pullback in it cannot be.
  std::vector<std::pair<Loc, std::string>> customs;
  for (const Function *f : used)
    for (const auto &c : work_.linearizer.signature(f).custom_calls)
      customs.push_back(c);
  for (const auto &c : work_.linearizer.signature(tl).custom_calls)
    customs.push_back(c);
  if (!legality_.secondOrder(customs) || !clean())
    return false;
  differentiateLinear(used);
  // Only f's own parameters are differentiated: the directions are
  // constants of the Hessian-vector product.
  Options inner = request_.options;
  if (top.params.size() < 64)
    inner.wrt &= (std::uint64_t(1) << top.params.size()) - 1;
  tl->is_top = true;
  const std::string request_name =
      requestName(r_.function_name, request_.options, "hvp");
  const Analyzed tl_analyzed = analyze(*tl, inner, request_name);
  if (!usable(used, work_.jvp_parts) || !usable(used, work_.hvp_parts) ||
      !legality_.report(generationRefusals(*tl, Generation::Adjoint)) ||
      !clean())
    return false;
  GeneratedPart main;
  main.function = tl;
  main.stem = tl->generated_name;
  main.code = generateAdjoint(*tl, tl_analyzed, inner, tl->generated_name);
  reportLoops(*tl, tl_analyzed.loops, request_name, /*in_report=*/true);
  // The same adjoint with the directions' adjoints too: seeded on f's
  // tangent, a direction's adjoint is f's gradient (d t_f / d t_x = grad f),
  // which hvp<f>().gradient_and_hvp returns from the one sweep. Only when
  // every selected parameter's direction has an adjoint (a pointer's is a
  // constant of the product, data).
  const ForwardBinding binding = bindingOf(top, work_.linearizer, tl);
  Options with_gradient = inner;
  bool complete = true;
  for (size_t k = 0; k < binding.tangent_of.size(); ++k) {
    if (adjointParamType(*tl->params[k]).empty() ||
        !selectsParam(inner, top.params[k]->sourceParam()))
      continue;
    const int at = binding.tangent_of[k];
    complete &= at >= 0 && at < 64 &&
                !adjointParamType(*tl->params[size_t(at)]).empty();
    if (complete)
      with_gradient.wrt |= std::uint64_t(1) << at;
  }
  GeneratedPart gradient;
  if (complete) {
    const Analyzed gradient_analyzed =
        analyze(*tl, with_gradient, request_name + " with the gradient");
    gradient.function = tl;
    gradient.stem = main.stem + naming::withGradient();
    gradient.code =
        generateAdjoint(*tl, gradient_analyzed, with_gradient, gradient.stem);
  }
  std::vector<const GeneratedPart *> parts;
  for (const Function *callee : used)
    parts.push_back(&work_.jvp_parts.at(callee).part);
  for (const Function *callee : used)
    parts.push_back(&work_.hvp_parts.at(callee).part);
  r_.block = secondOrderBlock(parts, main, complete ? &gradient : nullptr,
                              binding, request_.options, r_.source_hash);
  work_.blocks += r_.block;
  r_.ok = true;
  return true;
}

} // namespace tangent
