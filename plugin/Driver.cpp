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
  std::string callee_text, callee_decls, top_text, bindings;
  unsigned errors_before = diags.errorCount();

  for (const Request &request : in.requests) {
    const FunctionDecl *fd = request.function;
    if (!fd->hasBody() && fd->isTemplateInstantiation() && in.instantiate)
      in.instantiate(fd);
    // 1. validate
    if (!validate(fd, ctx, diags, in.instantiate))
      continue;
    // 2. lower: the requested function gets its own IR (its analyses depend
    //    on the request's options); callees are shared.
    Function *top = lowering.lowerTop(fd);
    if (!top)
      continue;
    top->is_top = true;
    // 3. analyze and 4. generate the callees not generated yet.
    bool failed = false;
    for (Function *callee : lowering.ordered()) {
      if (callees_done.count(callee))
        continue;
      callees_done.insert(callee);
      classifyLoops(*callee);
      analyzeActivity(*callee, ~std::uint64_t{0}, true);
      analyzeToBeRecorded(*callee, true);
      GeneratedFunction g = generateAdjoint(
          *callee, Options{}, callee_stems.fresh(sanitize(callee->base_name)));
      for (auto &e : g.errors)
        diags.error(SourceLocation::getFromRawEncoding(e.first.raw), e.second),
            failed = true;
      callee_text += g.text + "\n";
      callee_decls += g.declarations;
    }
    classifyLoops(*top);
    analyzeActivity(*top, request.options.wrt, request.options.optimized);
    analyzeToBeRecorded(*top, request.options.optimized);
    GeneratedFunction g = generateAdjoint(
        *top, request.options, top_stems.fresh(sanitize(top->base_name)));
    for (auto &e : g.errors)
      diags.error(SourceLocation::getFromRawEncoding(e.first.raw), e.second),
          failed = true;
    if (failed)
      continue;
    top_text += g.text + "\n";
    bindings += specialization(*top, request.options, g.entry);
  }
  out.ok = diags.errorCount() == errors_before;
  if (!out.ok || bindings.empty())
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
