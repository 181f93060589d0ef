//===- Driver.cpp - the pipeline, in one function -------------------------===//
//
// The whole algorithm reads top to bottom in runPipeline():
//   validate  (Validate.cpp)       refuse unsupported C++, with locations
//   lower     (Lower.cpp)          Clang AST -> IR, callees on demand
//   analyze   (LoopAnalysis.cpp, Activity.cpp, ToBeRecorded.cpp)
//   generate  (Generate*.cpp)      forward and reverse sweeps
//   emit      (this file)          one block of C++ for the translation unit
//
//===----------------------------------------------------------------------===//
#include "Driver.h"
#include "Analysis.h"
#include "Generate.h"
#include "Lower.h"
#include "Validate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace clang;

namespace tangent {

namespace {

std::string optionsLiteral(const Options &o) {
  return "tangent::options{" + std::string(o.checkpoint ? "true" : "false") +
         ", " + std::to_string(o.min_length) + ", " +
         std::to_string(o.budget) + ", " + (o.optimized ? "true" : "false") +
         ", " + std::to_string(o.wrt) + "ull}";
}

std::string sanitize(const std::string &name) {
  std::string out;
  for (char c : name)
    out += (std::isalnum((unsigned char)c) || c == '_') ? c : '_';
  return out;
}

/// The C++ type of a parameter as declared in f's signature.
std::string declaredParamType(const Var &p) {
  const Type &t = p.type;
  std::string base = t.spelling;
  if (p.by_reference)
    return (p.is_const ? "const " : "") + base + "&";
  return base;
}

/// The explicit specialization that binds a request to its adjoint.
std::string specialization(const Function &fn, const Options &opts,
                           const std::string &entry) {
  std::string params, args, adjoint_params, adjoint_args;
  for (const Var *p : fn.params) {
    params += (params.empty() ? "" : ", ") + declaredParamType(*p) + " " +
              p->name;
    args += (args.empty() ? "" : ", ") + p->name;
    std::string at = adjointParamType(*p);
    bool selected = p->param_index < 64 && ((opts.wrt >> p->param_index) & 1u);
    if (at.empty() || !selected)
      continue;
    std::string name = "d_" + std::to_string(p->param_index);
    if (p->type.isReal()) {
      adjoint_params += ", " + p->type.spelling + "* " + name;
      adjoint_args += ", *" + name;
    } else {
      adjoint_params += ", " + at + " " + name;
      adjoint_args += ", " + name;
    }
  }
  std::string r = fn.result.spelling;
  return "template <> struct adjoint<&" + fn.name + ", " +
         optionsLiteral(opts) + "> {\n  static " + r + " pullback(" + params +
         adjoint_params + ", double seed) {\n    return generated::" + entry +
         "(" + args + adjoint_args + ", static_cast<" + r +
         ">(seed));\n  }\n};\n";
}

/// After an error, binds the request to a stub so that the only errors the
/// user sees are tangent's own, not the runtime's "needs the plugin".
std::string failedSpecialization(const FunctionDecl *fd, const Options &opts,
                                 ASTContext &ctx) {
  std::string name;
  llvm::raw_string_ostream os(name);
  PrintingPolicy policy(ctx.getLangOpts());
  policy.SuppressUnwrittenScope = true;
  fd->getNameForDiagnostic(os, policy, /*Qualified=*/true);
  os.flush();
  const std::string anon = "(anonymous namespace)::";
  for (size_t p; (p = name.find(anon)) != std::string::npos;)
    name.erase(p, anon.size());
  return "template <> struct adjoint<&" + name + ", " + optionsLiteral(opts) +
         "> {\n  template <class... A> static auto pullback(A &&...) {\n"
         "    return " +
         fd->getReturnType().getCanonicalType().getAsString(policy) +
         "();\n  }\n};\n";
}

} // namespace

DriverOutput runPipeline(DriverInput &in) {
  DriverOutput out;
  ASTContext &ctx = *in.ctx;
  Diagnoser &diags = *in.diags;
  if (in.requests.empty())
    return out;

  Lowering lowering(ctx, diags);
  lowering.instantiate = in.instantiate;
  lowering.checkpoint_marks = in.checkpoint_marks;
  std::set<Function *> callees_done;
  NameScope callee_stems, top_stems;
  std::string callee_text, callee_decls, top_text, bindings, stubs;
  unsigned errors_before = diags.errorCount();

  // Steps 1-4 for one request; false when it failed (errors reported).
  auto process = [&](const Request &request) {
    const FunctionDecl *fd = request.function;
    if (request.refused)
      return false;
    unsigned errors_at_start = diags.errorCount();
    if (!fd->hasBody() && fd->isTemplateInstantiation() && in.instantiate)
      in.instantiate(fd);
    // 1. validate
    if (!validate(fd, ctx, diags, in.instantiate))
      return false;
    // 2. lower: the requested function gets its own IR (its analyses depend
    //    on the request's options); callees are shared.
    Function *top = lowering.lowerTop(fd);
    if (!top)
      return false;
    top->is_top = true;
    auto report = [&](const GeneratedFunction &g) {
      for (auto &e : g.errors)
        diags.error(SourceLocation::getFromRawEncoding(e.first.raw), e.second);
    };
    // 3. analyze and 4. generate the callees not generated yet.
    for (Function *callee : lowering.ordered()) {
      if (!callees_done.insert(callee).second)
        continue;
      classifyLoops(*callee);
      analyzeActivity(*callee, ~std::uint64_t{0}, true);
      analyzeToBeRecorded(*callee, true);
      GeneratedFunction g = generateAdjoint(
          *callee, Options{}, callee_stems.fresh(sanitize(callee->base_name)));
      report(g);
      callee_text += g.text + "\n";
      callee_decls += g.declarations;
    }
    classifyLoops(*top);
    analyzeActivity(*top, request.options.wrt, request.options.optimized);
    analyzeToBeRecorded(*top, request.options.optimized);
    GeneratedFunction g = generateAdjoint(
        *top, request.options, top_stems.fresh(sanitize(top->base_name)));
    report(g);
    if (diags.errorCount() != errors_at_start)
      return false;
    top_text += g.text + "\n";
    bindings += specialization(*top, request.options, g.entry);
    return true;
  };
  for (const Request &request : in.requests)
    if (!process(request))
      stubs += failedSpecialization(request.function, request.options, ctx);
  out.ok = diags.errorCount() == errors_before;
  // After an error the failed requests are bound to stubs, so the build
  // fails on tangent's errors only, without follow-up errors.
  bindings += stubs;
  if (bindings.empty())
    return out;

  // 5. emit
  std::string code;
  code += "// ---- tangent: generated adjoints (do not edit) ----\n";
  code += "#pragma GCC diagnostic push\n";
  code += "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n";
  code += "#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n";
  code += "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n";
  code += "#include <tangent/tangent.hpp>\n";
  code += "namespace tangent::generated {\n";
  if (!callee_decls.empty())
    code += callee_decls + "\n";
  code += callee_text + top_text + "} // namespace tangent::generated\n";
  code += "namespace tangent {\n" + bindings + "} // namespace tangent\n";
  code += "#pragma GCC diagnostic pop\n";
  code += "// ---- tangent: end of generated adjoints ----\n";
  out.code = std::move(code);
  return out;
}

} // namespace tangent
