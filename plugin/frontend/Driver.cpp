//===- Driver.cpp - the pipeline, in one function -------------------------===//
//
// The whole algorithm reads top to bottom in runPipeline():
//   requests  (frontend/Requests.cpp)   already found by the front-end
//   validate  (frontend/Validate.cpp)   refuse unsupported C++, located
//   lower     (frontend/lower/)         Clang AST -> IR, callees on demand
//   analyze   (analysis/Analyze.cpp)    loops, activity, to-be-recorded,
//                                       checkpointing strategies
//   generate  (codegen/Function.cpp)    forward and reverse sweeps
//   forward   (forward/, processForward) jvp and jacobian: the tangent-linear
//                                       function, printed
//                                       (codegen/Forward.cpp); hvp and hessian:
//                                       its adjoint; vjp: the gradient of
//                                       cotangent . f (VectorSeed)
//   bind      (codegen/Binding.cpp)     one self-contained block per request
//
//===----------------------------------------------------------------------===//
#include "frontend/Driver.h"
#include "analysis/Analysis.h"
#include "codegen/Binding.h"
#include "codegen/Generate.h"
#include "forward/TangentLinear.h"
#include "forward/VectorSeed.h"
#include "frontend/Validate.h"
#include "frontend/lower/Lower.h"
#include "ir/Printer.h"
#include "ir/Support.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <cctype>
#include <map>
#include <set>

using namespace clang;

namespace tangent {

namespace {

/// Bumped whenever generated code changes shape, so stale blocks are found.
constexpr const char *kGeneratorVersion = "tangent-0.2";

/// A C++ identifier stem from a qualified name (`ns::f<int>` -> `ns_f_int`).
std::string sanitize(std::string name) {
  // Operators by name: `operator*` -> `operator_times`.
  static const std::pair<const char *, const char *> words[] = {
      {"+=", "plus_assign"}, {"-=", "minus_assign"},  {"*=", "times_assign"},
      {"/=", "over_assign"}, {"==", "equal"},         {"!=", "not_equal"},
      {"<=", "less_equal"},  {">=", "greater_equal"}, {"()", "call"},
      {"[]", "index"},       {"+", "plus"},           {"-", "minus"},
      {"*", "times"},        {"/", "over"},           {"=", "assign"},
      {"<", "less"},         {">", "greater"}};
  if (size_t at = name.find("operator"); at != std::string::npos)
    for (const auto &[symbol, word] : words)
      if (name.compare(at + 8, std::string(symbol).size(), symbol) == 0) {
        name = name.substr(0, at + 8) + "_" + word +
               name.substr(at + 8 + std::string(symbol).size());
        break;
      }
  std::string out;
  for (char c : name)
    out += (std::isalnum((unsigned char)c) || c == '_') ? c : '_';
  while (out.find("__") != std::string::npos)
    out.replace(out.find("__"), 2, "_");
  if (!out.empty() && out.back() == '_')
    out.pop_back();
  if (!out.empty() && out.front() == '_') // `::stats` (Types.h)
    out.erase(0, 1);
  return out;
}

/// Hash of the source text of `fd` and of every user function it calls,
/// plus the options: a block whose hash differs is stale.
class SourceHasher : public RecursiveASTVisitor<SourceHasher> {
public:
  explicit SourceHasher(ASTContext &ctx) : ctx_(ctx) {}
  std::uint64_t hash(const FunctionDecl *fd, const Options &opts) {
    h_ = hashText(kHashSeed, kGeneratorVersion);
    h_ = hashText(h_, optionsLiteral(opts));
    add(fd);
    return h_;
  }
  bool VisitCallExpr(CallExpr *call) {
    // Only user functions: library code (and whether Sema has instantiated
    // its bodies yet) must not change the hash.
    const FunctionDecl *callee = call->getDirectCallee();
    if (callee && !isa<CXXMethodDecl>(callee) && !callee->isInStdNamespace() &&
        !ctx_.getSourceManager().isInSystemHeader(callee->getLocation()))
      add(callee);
    return true;
  }

private:
  ASTContext &ctx_;
  std::uint64_t h_ = 0;
  std::set<const FunctionDecl *> seen_;
  void add(const FunctionDecl *fd) {
    const FunctionDecl *def = nullptr;
    if (!fd->hasBody(def) || !def || !seen_.insert(def).second)
      return;
    const SourceManager &sm = ctx_.getSourceManager();
    CharSourceRange range = CharSourceRange::getTokenRange(
        sm.getExpansionRange(def->getSourceRange()).getAsRange());
    h_ = hashText(h_, Lexer::getSourceText(range, sm, ctx_.getLangOpts()));
    TraverseStmt(def->getBody());
  }
};

/// Callees reachable from `fn`, callees first.
void reachable(const Function &fn, std::vector<const Function *> &out,
               std::set<const Function *> &seen) {
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    if (s.kind != StmtKind::Call || !s.callee || !seen.insert(s.callee).second)
      return;
    reachable(*s.callee, out, seen);
    out.push_back(s.callee);
  });
}

const char *strategyName(LoopStrategy s) {
  switch (s) {
  case LoopStrategy::Segments:
    return "segments";
  case LoopStrategy::Online:
    return "online";
  case LoopStrategy::FullTape:
    return "full_tape";
  case LoopStrategy::Budgeted:
    return "memory_budget";
  case LoopStrategy::ParallelSegments:
    return "parallel_segments";
  case LoopStrategy::BudgetWhile:
    return "memory_budget_while";
  case LoopStrategy::FixedPoint:
    return "fixed_point";
  case LoopStrategy::Recompute:
    return "recompute";
  }
  llvm_unreachable("unknown loop strategy");
}

/// Every loop's strategy and reason (for the JSON report).
void collectLoops(const Function &fn, std::vector<LoopDecision> &out) {
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    if (s.kind != StmtKind::Loop)
      return;
    const LoopInfo &li = *s.loop;
    out.push_back({s.loc.file, s.loc.line, li.kind_name,
                   strategyName(li.strategy), li.reason});
  });
}

/// Every loop's strategy and reason, as a remark at the loop, naming the
/// request it belongs to.
void remarkLoops(Diagnoser &diags, const Function &fn,
                 const std::string &request) {
  forEachStmt(fn.body, [&](const Stmt &st, int) {
    if (st.kind != StmtKind::Loop)
      return;
    const LoopInfo &li = *st.loop;
    std::string what = li.strategy == LoopStrategy::Segments
                           ? "checkpointed (sqrt(n) segments)"
                       : li.strategy == LoopStrategy::Online
                           ? "checkpointed (online)"
                       : li.strategy == LoopStrategy::Budgeted ||
                               li.strategy == LoopStrategy::BudgetWhile
                           ? "reversed within the memory budget"
                       : li.strategy == LoopStrategy::ParallelSegments
                           ? "checkpointed (sqrt(n) segments, replayed on a "
                             "helper thread)"
                       : li.strategy == LoopStrategy::FixedPoint
                           ? "differentiated as a fixed point"
                       : li.strategy == LoopStrategy::Recompute
                           ? "recorded per iteration and recomputed"
                           : "fully taped";
    diags.remark(SourceLocation::getFromRawEncoding(st.loc.raw),
                 "tangent: " + li.kind_name + " loop in '" + fn.name + "' " +
                     what + ": " + li.reason + " [" + request + "]");
  });
}

/// Reports the refusals the generator found late (at their locations).
void reportErrors(Diagnoser &diags, const GeneratedFunction &g) {
  for (const auto &e : g.errors)
    diags.error(SourceLocation::getFromRawEncoding(e.first.raw), e.second);
}

} // namespace

DriverOutput runPipeline(DriverInput &in) {
  DriverOutput out;
  ASTContext &ctx = *in.ctx;
  Diagnoser &diags = *in.diags;
  const SourceManager &sm = ctx.getSourceManager();
  if (in.requests.empty())
    return out;

  Lowering lowering(ctx);
  lowering.instantiate = in.instantiate;
  lowering.checkpoint_marks = in.checkpoint_marks;
  lowering.fixed_point_marks = in.fixed_point_marks;
  // Callees are shared by every request of the translation unit: analyzed
  // and generated once, in the order they were lowered.
  std::map<const Function *, GeneratedPart> callees;
  NameScope stems;
  // Forward mode: tangent-linear functions (shared by the requests, like
  // callees), printed once (jvp) and differentiated once (hvp).
  TangentLinearizer linearizer(
      [&](const Function &fn) { return stems.fresh(sanitize(fn.name)); });
  std::map<const Function *, GeneratedPart> jvp_parts, hvp_parts;
  std::string blocks, stubs;
  unsigned errors_before = diags.errorCount();

  // Forward mode (jvp, jacobian) and second order (hvp, hessian): the
  // tangent-linear function of the lowered f (forward/TangentLinear.h),
  // printed; for second order, its adjoint.
  auto processForward = [&](const Request &request, RequestResult &r,
                            Function *top, unsigned errors_at_start) -> bool {
    const bool second = request.kind == RequestKind::Hvp;
    for (const Var *p : top->params)
      if (p->type.kind == TypeKind::Pointer || p->type.kind == TypeKind::CArray)
        if (p->type.elem_real)
          diags.error(request.where,
                      "tangent: the " +
                          std::string(requestKindName(request.kind)) + " of '" +
                          r.function_name +
                          "' cannot take a tangent for its "
                          "raw pointer parameter '" +
                          p->source_name +
                          "' (its size is unknown); pass a std::vector or "
                          "std::array instead");
    if (second ? !top->result.isReal() : !top->result.isDifferentiable())
      diags.error(request.where,
                  std::string("tangent: the ") + requestKindName(request.kind) +
                      " of '" + r.function_name +
                      "' needs a function returning " +
                      (second ? "float or double"
                              : "a floating-point value, std::vector or "
                                "std::array"));
    if (diags.errorCount() != errors_at_start)
      return false;
    Function *tl = linearizer.fresh(*top, second ? TangentForm::Return
                                                 : TangentForm::Output);
    for (const auto &e : linearizer.errors)
      diags.error(SourceLocation::getFromRawEncoding(e.first.raw), e.second);
    linearizer.errors.clear();
    if (diags.errorCount() != errors_at_start)
      return false;
    if (in.dump_ir)
      in.dump_ir(r.function_name + " tangent-linear", printFunction(*tl));
    std::vector<const Function *> used;
    std::set<const Function *> seen;
    reachable(*tl, used, seen);
    // Second order differentiates the tangent-linear code again; a custom
    // derivative's pullback in it cannot be.
    if (second)
      for (const Function *f : [&] {
             std::vector<const Function *> all = used;
             all.push_back(tl);
             return all;
           }())
        for (const auto &[at, name] : linearizer.signature(f).custom_calls)
          diags.error(SourceLocation::getFromRawEncoding(at.raw),
                      "tangent: second order (hvp, hessian) cannot use the "
                      "custom derivative of '" +
                          name +
                          "': its pullback cannot be differentiated again; "
                          "differentiate the function itself");
    if (diags.errorCount() != errors_at_start)
      return false;
    std::vector<Function *> unanalyzed;
    for (const Function *callee : used) {
      Function *c = const_cast<Function *>(callee);
      if (!jvp_parts.count(c)) {
        GeneratedPart &part = jvp_parts[c];
        part.function = c;
        part.stem = c->generated_name;
        part.code = generateTangentLinear(*c);
        reportErrors(diags, part.code);
      }
      if (second && !hvp_parts.count(c))
        unanalyzed.push_back(c);
    }
    analyzeCallees(unanalyzed);
    for (Function *c : unanalyzed) {
      GeneratedPart &part = hvp_parts[c];
      part.function = c;
      part.stem = c->generated_name + "_adjoint";
      part.code = generateAdjoint(*c, Options{}, c->generated_name);
      reportErrors(diags, part.code);
    }
    ForwardBinding binding;
    binding.source = top;
    binding.tangent_of = linearizer.signature(tl).tangent_of;
    GeneratedPart main;
    main.function = tl;
    main.stem = tl->generated_name;
    std::vector<const GeneratedPart *> parts;
    for (const Function *callee : used)
      parts.push_back(&jvp_parts.at(callee));
    if (!second) {
      main.code = generateTangentLinear(*tl);
      reportErrors(diags, main.code);
      if (diags.errorCount() != errors_at_start)
        return false;
      r.block = tangentLinearBlock(parts, main, binding, request.options,
                                   r.source_hash);
    } else {
      // Only f's own parameters are differentiated: the directions are
      // constants of the Hessian-vector product.
      Options inner = request.options;
      if (top->params.size() < 64)
        inner.wrt &= (std::uint64_t(1) << top->params.size()) - 1;
      tl->is_top = true;
      std::string request_name =
          requestName(r.function_name, request.options, "hvp");
      analyzeFunction(*tl, inner, [&](const char *pass) {
        if (in.dump_ir)
          in.dump_ir(request_name + " after the " + pass + " analysis",
                     printFunction(*tl));
      });
      main.code = generateAdjoint(*tl, inner, tl->generated_name);
      reportErrors(diags, main.code);
      if (diags.errorCount() != errors_at_start)
        return false;
      collectLoops(*tl, r.loops);
      remarkLoops(diags, *tl, request_name);
      for (const Function *callee : used)
        parts.push_back(&hvp_parts.at(callee));
      r.block = secondOrderBlock(parts, main, binding, request.options,
                                 r.source_hash);
    }
    blocks += r.block;
    r.ok = true;
    return true;
  };

  // One request, start to end. Returns false when it failed and must be
  // bound to a stub (its errors were reported).
  auto process = [&](const Request &request, RequestResult &r) -> bool {
    const FunctionDecl *fd = request.function;
    if (request.refused)
      return false;
    unsigned errors_at_start = diags.errorCount();
    if (!fd->hasBody() && fd->isTemplateInstantiation() && in.instantiate)
      in.instantiate(fd);
    const FunctionDecl *def = nullptr;
    if (fd->hasBody(def) && def)
      r.home_file =
          sm.getFilename(sm.getExpansionLoc(def->getLocation())).str();
    r.source_hash = SourceHasher(ctx).hash(fd, request.options);

    // 0. Already bound by code that tangent-rewrite wrote?
    std::uint64_t existing = 0;
    if (existingBinding(ctx, fd, request.options, existing, request.kind)) {
      if (existing != r.source_hash)
        diags.error(request.where,
                    "tangent: the generated adjoint of '" + r.function_name +
                        "' in this translation unit is stale (the function "
                        "or its callees changed); run tangent-rewrite again");
      else
        r.ok = r.already_bound = true;
      return true; // the existing specialization binds it
    }
    // 1. Validate: every refusal, at its location, before anything else.
    if (!validate(fd, ctx, diags, in.instantiate))
      return false;
    // 2. Lower: the requested function gets an IR of its own (its analyses
    //    depend on the request's options); callees are shared.
    Function *top = lowering.lowerTop(fd); // never null: it cannot refuse
    top->is_top = true;
    // What the lowering found it cannot differentiate (arguments sharing
    // storage in ways no callee can be specialised for).
    {
      std::vector<const Function *> reached;
      std::set<const Function *> seen{top};
      reachable(*top, reached, seen);
      bool refused = false;
      for (const Lowering::Refusal &r : lowering.refusals)
        if (seen.count(r.in)) {
          diags.error(SourceLocation::getFromRawEncoding(r.at.raw), r.why);
          refused = true;
        }
      if (refused)
        return false;
    }
    if (in.dump_ir)
      in.dump_ir(r.function_name + " after lowering", printFunction(*top));
    if (request.kind == RequestKind::Jvp || request.kind == RequestKind::Hvp)
      return processForward(request, r, top, errors_at_start);
    // A vector-Jacobian product is the gradient of cotangent . f(x).
    Options options = request.options;
    if (request.kind == RequestKind::Vjp) {
      if (top->flattened || !top->result.isContainer() ||
          !top->result.elem_real) {
        diags.error(
            request.where,
            "tangent: the vector-Jacobian product (vjp, jacobian) of '" +
                r.function_name +
                "' needs a function returning a std::vector or "
                "std::array of floating point, without class-type "
                "parameters");
        return false;
      }
      if (top->signature.size() < 64)
        options.wrt &= (std::uint64_t(1) << top->signature.size()) - 1;
      seedResult(*top);
    }

    // 3. Analyze and 4. generate the callees lowered for this request.
    std::vector<Function *> fresh;
    for (Function *callee : lowering.ordered())
      if (!callees.count(callee))
        fresh.push_back(callee);
    analyzeCallees(fresh);
    // Every name first: callees call each other (mutual recursion).
    for (Function *callee : fresh) {
      GeneratedPart &part = callees[callee];
      part.function = callee;
      part.stem = callee->generated_name =
          stems.fresh(sanitize(callee->name) +
                      (callee->variant.empty() ? "" : "_" + callee->variant));
    }
    for (Function *callee : fresh) {
      if (in.dump_ir)
        in.dump_ir("callee " + callee->name + " after every analysis",
                   printFunction(*callee));
      remarkLoops(diags, *callee, "callee: the same for every request");
      GeneratedPart &part = callees[callee];
      part.code = generateAdjoint(*callee, Options{}, part.stem);
      reportErrors(diags, part.code);
    }
    const bool seeded = request.kind == RequestKind::Vjp;
    std::string request_name =
        requestName(r.function_name, request.options, seeded ? "vjp" : "grad");
    analyzeFunction(*top, options, [&](const char *pass) {
      if (in.dump_ir)
        in.dump_ir(request_name + " after the " + pass + " analysis",
                   printFunction(*top));
    });
    GeneratedPart main;
    main.function = top;
    main.stem = sanitize(top->name);
    if (request.options != Options{})
      main.stem += request.options.checkpoint ? "_checkpointed" : "_options";
    if (seeded)
      main.stem += "_vjp";
    main.stem = stems.fresh(main.stem);
    main.code = generateAdjoint(*top, options, main.stem);
    reportErrors(diags, main.code);
    if (diags.errorCount() != errors_at_start)
      return false;
    collectLoops(*top, r.loops);
    remarkLoops(diags, *top, request_name);

    // 5. Bind: callees first, then the request's adjoint and specialization.
    std::vector<const Function *> used;
    std::set<const Function *> seen;
    reachable(*top, used, seen);
    std::vector<const GeneratedPart *> parts;
    for (const Function *callee : used)
      parts.push_back(&callees.at(callee));
    r.block = requestBlock(parts, main, options, r.source_hash,
                           bindingTemplate(request.kind), &request.options);
    blocks += r.block;
    r.ok = true;
    return true;
  };

  PrintingPolicy policy(ctx.getLangOpts());
  for (const Request &request : in.requests) {
    RequestResult r;
    r.kind = request.kind;
    r.function = request.function;
    r.options = request.options;
    r.function_name = qualifiedName(request.function, ctx);
    bool bound = false;
    try {
      bound = process(request, r);
    } catch (const std::exception &e) {
      // A broken invariant of tangent itself (InternalError, or a lookup
      // that failed): this request stops here, with a clear message,
      // instead of crashing or generating wrong code.
      diags.error(request.where,
                  "tangent: internal error while differentiating '" +
                      r.function_name + "': " + e.what() +
                      "; please report this bug");
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
  out.ok = diags.errorCount() == errors_before;
  out.code = generatedRegion(blocks, stubs);
  return out;
}

} // namespace tangent
