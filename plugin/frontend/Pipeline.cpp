//===- Pipeline.cpp - the steps every request runs, and gradients ---------===//
//
// RequestPipeline's shared steps (prepare, validate, lower) and the
// gradient pipeline (grad and vjp); forward mode and second order are in
// PipelineForward.cpp. Pipeline.h lists the steps in order.
//
//===----------------------------------------------------------------------===//
#include "frontend/Pipeline.h"
#include "analysis/Analysis.h"
#include "codegen/Generate.h"
#include "forward/VectorSeed.h"
#include "frontend/Types.h"
#include "ir/Support.h"
#include "clang/Basic/SourceManager.h"
#include <map>
#include <set>

using namespace clang;

namespace tangent {

SharedWork::SharedWork(DriverInput &input, Legality &legal)
    : in(input), ctx(*input.ctx), legality(legal), lowering(*input.ctx),
      linearizer([this](const Function &fn) {
        return stems.fresh(sanitize(fn.name));
      }) {
  lowering.instantiate = in.instantiate;
  lowering.checkpoint_marks = in.checkpoint_marks;
  lowering.fixed_point_marks = in.fixed_point_marks;
  lowering.passes = in.passes;
}

RequestPipeline::RequestPipeline(SharedWork &work, const Request &request,
                                 RequestResult &r)
    : work_(work), request_(request), r_(r), legality_(work.legality) {}

bool RequestPipeline::run() {
  errors_at_start_ = legality_.errorCount();
  if (std::optional<bool> bound = prepare())
    return *bound;
  Function *top = lower();
  return top && differentiate(*top);
}

std::optional<bool> RequestPipeline::prepare() {
  ASTContext &ctx = work_.ctx;
  const SourceManager &sm = ctx.getSourceManager();
  const FunctionDecl *fd = request_.function;
  if (!fd->hasBody() && fd->isTemplateInstantiation() && work_.in.instantiate)
    work_.in.instantiate(fd);
  const FunctionDecl *def = nullptr;
  if (fd->hasBody(def) && def)
    r_.home_file = sm.getFilename(sm.getExpansionLoc(def->getLocation())).str();
  r_.source_hash = sourceHash(ctx, fd, request_.options);
  // Already bound by code that tangent-rewrite wrote?
  std::uint64_t existing = 0;
  SourceLocation block;
  if (!existingBinding(ctx, fd, request_.options, existing, request_.kind,
                       &block))
    return std::nullopt;
  // The existing specialization binds it (no stub), if it is up to date.
  if (legality_.binding(request_, block, r_.function_name, existing,
                        r_.source_hash))
    r_.ok = r_.already_bound = true;
  return true;
}

Function *RequestPipeline::lower() {
  // Every refusal of the source, at its location, before anything else.
  if (!legality_.source(request_.function, work_.in.instantiate))
    return nullptr;
  // The requested function gets an IR of its own (its analyses depend on
  // the request's options); callees are shared.
  Function *top = work_.lowering.lowerTop(request_.function);
  TANGENT_ASSERT(top, "the lowering refused a validated function");
  top->is_top = true;
  // `optimized = false`: f's own code without the optional passes.
  if (!request_.options.optimized)
    top->passes = top->passes.requiredOnly();
  // What the lowering found it cannot differentiate (arguments sharing
  // storage in ways no callee can be specialised for), in the functions
  // this request reaches.
  std::set<const Function *> reached{top};
  for (const Function *c : reachableCallees(*top))
    reached.insert(c);
  if (!legality_.report(work_.lowering.refusals, [&](const Function *in) {
        return reached.count(in) != 0;
      }))
    return nullptr;
  work_.dump(r_.function_name + " after lowering", *top);
  if (!legality_.requestKind(request_, r_.function_name, *top))
    return nullptr;
  return top;
}

Analyzed RequestPipeline::analyze(Function &fn, const Options &opts,
                                  const std::string &title) {
  return analyzeFunction(fn, opts, [&](const char *pass) {
    work_.dump(title + " after the " + pass + " analysis", fn);
  });
}

void RequestPipeline::generateCallees(
    const std::vector<Function *> &fresh, const std::vector<Analyzed> &analyzed,
    std::map<const Function *, SharedPart> &into, bool remarks) {
  TANGENT_ASSERT(analyzed.size() == fresh.size(), "callees not analyzed");
  for (size_t k = 0; k < fresh.size(); ++k) {
    Function *callee = fresh[k];
    SharedPart &shared = into.at(callee);
    if (remarks) {
      work_.dump("callee " + callee->name + " after every analysis", *callee);
      reportLoops(*callee, analyzed[k].loops,
                  "callee: the same for every request", /*in_report=*/false);
    }
    if (!legality_.report(generationRefusals(*callee, Generation::Adjoint)))
      shared.refused = true;
  }
  // Generated callees first, so that a caller's call sees what its callee's
  // adjoint turned out to be (Function::tapeless).
  std::map<const Function *, size_t> index;
  for (size_t k = 0; k < fresh.size(); ++k)
    index[fresh[k]] = k;
  std::vector<size_t> order;
  for (const Function *f : calleesFirst(fresh))
    if (auto it = index.find(f); it != index.end())
      order.push_back(it->second);
  for (size_t k : order) {
    SharedPart &shared = into.at(fresh[k]);
    if (!shared.refused)
      shared.part.code =
          generateAdjoint(*fresh[k], analyzed[k], Options{}, shared.part.stem);
  }
}

bool RequestPipeline::usable(
    const std::vector<Function *> &used,
    const std::map<const Function *, SharedPart> &parts) {
  for (const Function *f : used)
    if (parts.at(f).refused)
      return false;
  return true;
}

bool GradientPipeline::differentiate(Function &top) {
  // A vector-Jacobian product is the gradient of cotangent . f(x).
  const bool seeded = request_.kind == RequestKind::Vjp;
  Options options = request_.options;
  if (seeded) {
    if (top.signature.size() < 64)
      options.wrt &= (std::uint64_t(1) << top.signature.size()) - 1;
    seedResult(top);
  }
  // The callees lowered for this request: analyzed, with the variants for
  // data their calls and f's need (specialiseForData; analyzed in turn,
  // until none is new), named (all first: callees call each other),
  // checked and generated.
  std::vector<Function *> fresh;
  std::vector<Analyzed> analyzed;
  bool linear_ok = true;
  auto analyzeNew = [&] {
    std::vector<Function *> now;
    for (Function *callee : work_.lowering.ordered())
      if (!work_.callees.count(callee) &&
          std::find(fresh.begin(), fresh.end(), callee) == fresh.end())
        now.push_back(callee);
    // The tangent-linear functions of nested gradients first: the callers'
    // analyses read what they write (resolving top again finds nothing).
    std::vector<Function *> with_top = now;
    with_top.push_back(&top);
    linear_ok &= nestedGradients(with_top);
    for (Analyzed &a : analyzeCallees(now))
      analyzed.push_back(std::move(a));
    fresh.insert(fresh.end(), now.begin(), now.end());
    return !now.empty();
  };
  analyzeNew();
  const std::string request_name =
      requestName(r_.function_name, request_.options, seeded ? "vjp" : "grad");
  const Analyzed top_analyzed = analyze(top, options, request_name);
  specialiseForData(top, work_.lowering);
  specialiseUnrestored(top, work_.lowering);
  for (size_t done = 0;;) {
    for (; done < fresh.size(); ++done) {
      specialiseForData(*fresh[done], work_.lowering);
      specialiseUnrestored(*fresh[done], work_.lowering);
    }
    if (!analyzeNew())
      break;
  }
  for (Function *callee : fresh) {
    SharedPart &shared = work_.callees[callee];
    shared.part.function = shared.callee = callee;
    shared.part.stem = callee->generated_name = work_.stems.fresh(
        sanitize(callee->name) +
        (callee->variant.empty() ? "" : "_" + callee->variant));
  }
  generateCallees(fresh, analyzed, work_.callees, /*remarks=*/true);
  std::vector<Function *> used, linear;
  for (Function *c : reachableCallees(top))
    (work_.linearizer.made(c) ? linear : used).push_back(c);
  if (!linear_ok ||
      !legality_.report(
          generationRefusals(top, Generation::Adjoint, &request_.options)) ||
      !usable(used, work_.callees) || !clean())
    return false;
  GeneratedPart main;
  main.function = &top;
  main.stem = sanitize(top.name);
  if (request_.options != Options{})
    main.stem += request_.options.checkpoint ? naming::checkpointedRequest()
                                             : naming::optionsRequest();
  if (seeded)
    main.stem += naming::seededRequest();
  main.stem = work_.stems.fresh(main.stem);
  main.code = generateAdjoint(top, top_analyzed, options, main.stem);
  reportLoops(top, top_analyzed.loops, request_name, /*in_report=*/true);
  GeneratedPart lanes_main;
  const ReverseLanes lanes = linear.empty()
                                 ? reverseLanes(top, used, options, lanes_main)
                                 : ReverseLanes{};

  // Bind: callees first (the tangent-linear functions of nested gradients,
  // printed and differentiated, before the callees that call them), then
  // the request's adjoint and specialization.
  std::vector<const GeneratedPart *> parts;
  for (const Function *callee : linear)
    parts.push_back(&work_.jvp_parts.at(callee).part);
  for (const Function *callee : linear)
    parts.push_back(&work_.hvp_parts.at(callee).part);
  for (const Function *callee : used)
    parts.push_back(&work_.callees.at(callee).part);
  r_.block =
      requestBlock(parts, main, options, r_.source_hash,
                   bindingTemplate(request_.kind), &request_.options, lanes);
  work_.blocks += r_.block;
  r_.ok = true;
  return true;
}

ReverseLanes GradientPipeline::reverseLanes(Function &top,
                                            const std::vector<Function *> &used,
                                            const Options &options,
                                            GeneratedPart &out) {
  // For jacobian<f>'s rows (a void f: no seed, no vector-Jacobian product).
  if (!request_.jacobian || request_.kind != RequestKind::Gradient)
    return {};
  std::vector<const Function *> fns{&top};
  fns.insert(fns.end(), used.begin(), used.end());
  if (std::string why = vectorReverseRefusal(fns, options); !why.empty()) {
    work_.dump(r_.function_name + ": no vector reverse mode: " + why, top);
    return {};
  }
  ReverseLanes lanes;
  for (const Function *callee : used) {
    SharedPart &shared = work_.callees.at(callee);
    if (!shared.lanes.function) {
      shared.lanes.function = callee;
      shared.lanes.stem = shared.part.stem;
      shared.lanes.code = generateAdjointLanes(*shared.callee, Options{});
    }
    lanes.callees.push_back(&shared.lanes);
  }
  out.function = &top;
  out.stem = top.generated_name; // the scalar adjoint's
  out.code = generateAdjointLanes(top, options);
  lanes.top = &out;
  return lanes;
}

std::unique_ptr<RequestPipeline>
pipelineFor(SharedWork &work, const Request &request, RequestResult &r) {
  switch (request.kind) {
  case RequestKind::Gradient:
  case RequestKind::Vjp:
    return std::make_unique<GradientPipeline>(work, request, r);
  case RequestKind::Jvp:
    return std::make_unique<ForwardPipeline>(work, request, r);
  case RequestKind::Hvp:
    return std::make_unique<SecondOrderPipeline>(work, request, r);
  }
  TANGENT_UNREACHABLE("unknown request kind");
}

} // namespace tangent
