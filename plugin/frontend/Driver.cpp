//===- Driver.cpp - every request of a translation unit, in order ---------===//
//
// runPipeline() serves the requests one after the other:
//   check     every request as written first (Legality::request)
//   serve     each through the pipeline of its kind (Pipeline.h: prepare,
//             validate, lower, then analyze, check, generate and bind as
//             the kind needs), over the work requests share
//   stub      a failed request is bound to a stub, so that the compile
//             reports tangent's own errors only
//   region    all blocks and stubs as one generated region
// The layers a request passes through: frontend/ (legality, lowering),
// analysis/, forward/, codegen/ (docs/how-it-works.md).
//
//===----------------------------------------------------------------------===//
#include "frontend/Driver.h"
#include "frontend/Pipeline.h"
#include "frontend/Types.h"

using namespace clang;

namespace tangent {

DriverOutput runPipeline(DriverInput &in) {
  DriverOutput out;
  if (in.requests.empty())
    return out;
  ASTContext &ctx = *in.ctx;
  Legality legality(ctx, *in.diags);
  // Each problem is reported once, however many requests reach it.
  in.diags->hold();
  std::vector<std::string> names; // as the notes name them: `grad<f>`
  for (const Request &request : in.requests)
    names.push_back(requestName(qualifiedName(request.function, ctx),
                                request.options,
                                requestKindLabel(request.kind)));
  std::vector<bool> servable;
  for (size_t k = 0; k < in.requests.size(); ++k) {
    in.diags->setRequest(names[k]);
    servable.push_back(legality.request(in.requests[k]));
  }
  // `ok` tells whether serving the requests reported an error (a request
  // refused as written has its stub, and its error, already).
  const unsigned errors_before = legality.errorCount();

  SharedWork work(in, legality);
  std::string stubs;
  PrintingPolicy policy(ctx.getLangOpts());
  for (size_t k = 0; k < in.requests.size(); ++k) {
    const Request &request = in.requests[k];
    RequestResult r;
    r.kind = request.kind;
    r.function = request.function;
    r.options = request.options;
    r.function_name = qualifiedName(request.function, ctx);
    bool bound = false;
    in.diags->setRequest(names[k]);
    try {
      bound = servable[k] && pipelineFor(work, request, r)->run();
    } catch (const std::exception &e) {
      // A broken invariant of tangent itself (InternalError, or a lookup
      // that failed): this request stops here, with a clear message,
      // instead of crashing or generating wrong code.
      legality.internalError(request, r.function_name, e.what());
      r.ok = false;
      r.block.clear();
    }
    if (!bound)
      stubs += stubBlock(
          addressOf(request.function, ctx), request.options,
          request.function->getReturnType().getCanonicalType().getAsString(
              policy),
          bindingTemplate(request.kind));
    out.results.push_back(std::move(r));
  }
  in.diags->setRequest("");
  in.diags->flush();
  out.ok = legality.errorCount() == errors_before;
  out.code = generatedRegion(work.blocks, stubs);
  return out;
}

} // namespace tangent
