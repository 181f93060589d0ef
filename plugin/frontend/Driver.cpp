//===- Driver.cpp - the pipeline, in one function -------------------------===//
//
// The whole algorithm reads top to bottom in runPipeline():
//   requests  (Requests.cpp)       already found by the front-end
//   validate  (Validate.cpp)       refuse unsupported C++, with locations
//   lower     (Lower.cpp)          Clang AST -> IR, callees on demand
//   analyze   (LoopAnalysis.cpp, Activity.cpp, ToBeRecorded.cpp)
//   generate  (Generate*.cpp)      forward and reverse sweeps
//   emit      (this file)          one self-contained block per request
//
//===----------------------------------------------------------------------===//
#include "frontend/Driver.h"
#include "analysis/Analysis.h"
#include "codegen/Generate.h"
#include "frontend/lower/Lower.h"
#include "frontend/Validate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

using namespace clang;

namespace tangent {

const char *generatedBegin() {
  return "// ---- tangent: generated adjoints (do not edit) ----";
}
const char *generatedEnd() {
  return "// ---- tangent: end of generated adjoints ----";
}

namespace {

/// Bumped whenever generated code changes shape, so stale blocks are found.
constexpr const char *kGeneratorVersion = "tangent-0.1";

std::uint64_t fnv1a(std::uint64_t h, llvm::StringRef text) {
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)v);
  return buf;
}

std::string optionsLiteral(const Options &o) {
  return "tangent::options{" + std::string(o.checkpoint ? "true" : "false") +
         ", " + std::to_string(o.min_length) + ", " +
         std::to_string(o.budget) + ", " + (o.optimized ? "true" : "false") +
         ", " + std::to_string(o.wrt) + "ull}";
}

bool defaultOptions(const Options &o) {
  Options d;
  return o.checkpoint == d.checkpoint && o.min_length == d.min_length &&
         o.budget == d.budget && o.optimized == d.optimized && o.wrt == d.wrt;
}

std::string sanitize(const std::string &name) {
  std::string out;
  for (char c : name)
    out += (std::isalnum((unsigned char)c) || c == '_') ? c : '_';
  while (out.find("__") != std::string::npos)
    out.replace(out.find("__"), 2, "_");
  if (!out.empty() && out.back() == '_')
    out.pop_back();
  return out;
}

/// Hash of the source text of `fd` and of every user function it calls,
/// plus the options: a block whose hash differs is stale.
class SourceHasher : public RecursiveASTVisitor<SourceHasher> {
public:
  explicit SourceHasher(ASTContext &ctx) : ctx_(ctx) {}
  std::uint64_t hash(const FunctionDecl *fd, const Options &opts) {
    h_ = fnv1a(0xcbf29ce484222325ull, kGeneratorVersion);
    h_ = fnv1a(h_, optionsLiteral(opts));
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
    h_ = fnv1a(h_, Lexer::getSourceText(range, sm, ctx_.getLangOpts()));
    TraverseStmt(def->getBody());
  }
};

/// The C++ type of a parameter as declared in f's signature.
std::string declaredParamType(const Var &p) {
  std::string base = p.type.spelling;
  if (p.by_reference)
    return (p.is_const ? "const " : "") + base + "&";
  return base;
}

/// The explicit specialization that binds a request to its adjoint.
std::string specialization(const Function &fn, const Options &opts,
                           const std::string &entry, std::uint64_t hash) {
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
         optionsLiteral(opts) + "> {\n" +
         "  static constexpr unsigned long long source_hash = 0x" + hex(hash) +
         "ull;\n  static " + r + " pullback(" + params + adjoint_params +
         ", double seed) {\n    return generated::" + entry + "(" + args +
         adjoint_args + ", static_cast<" + r + ">(seed));\n  }\n};\n";
}

/// After an error, binds the request to a stub so that the build fails on
/// tangent's errors only, not on the runtime's "needs the plugin".
std::string stubSpecialization(const FunctionDecl *fd, const Options &opts,
                               ASTContext &ctx) {
  PrintingPolicy policy(ctx.getLangOpts());
  return "namespace tangent {\ntemplate <> struct adjoint<&" +
         qualifiedName(fd, ctx) + ", " + optionsLiteral(opts) +
         "> {\n  template <class... A> static auto pullback(A &&...) {\n"
         "    return " +
         fd->getReturnType().getCanonicalType().getAsString(policy) +
         "();\n  }\n};\n}\n";
}

/// Wraps generated functions in an include guard named after their content,
/// so the same code in several blocks (headers, several requests) is
/// compiled once.
std::string guarded(const std::string &stem, const std::string &text) {
  std::string macro = "TANGENT_GENERATED_" + stem + "_" +
                      hex(fnv1a(0xcbf29ce484222325ull, text));
  for (char &c : macro)
    c = char(std::toupper((unsigned char)c));
  return "#ifndef " + macro + "\n#define " + macro +
         "\nnamespace tangent::generated {\n" + text +
         "} // namespace tangent::generated\n#endif\n";
}

/// Callees reachable from `fn`, callees first.
void reachable(const Function &fn, std::vector<Function *> &out,
               std::set<const Function *> &seen) {
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    if (s.kind != StmtKind::Call || !s.callee || !seen.insert(s.callee).second)
      return;
    reachable(*s.callee, out, seen);
    out.push_back(s.callee);
  });
}

void collectLoops(const Function &fn, std::vector<LoopDecision> &out) {
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    if (s.kind != StmtKind::Loop)
      return;
    const LoopInfo &li = *s.loop;
    LoopDecision d;
    d.file = s.loc.file;
    d.line = s.loc.line;
    d.kind = li.kind_name;
    d.strategy = li.strategy == LoopStrategy::Segments ? "segments"
                 : li.strategy == LoopStrategy::Online ? "online"
                                                       : "full_tape";
    d.reason = li.reason;
    out.push_back(d);
  });
}

struct GeneratedCallee {
  std::string text, declarations, stem;
};

} // namespace

DriverOutput runPipeline(DriverInput &in) {
  DriverOutput out;
  ASTContext &ctx = *in.ctx;
  Diagnoser &diags = *in.diags;
  const SourceManager &sm = ctx.getSourceManager();
  if (in.requests.empty())
    return out;

  Lowering lowering(ctx, diags);
  lowering.instantiate = in.instantiate;
  lowering.checkpoint_marks = in.checkpoint_marks;
  std::map<const Function *, GeneratedCallee> callees;
  NameScope stems;
  std::string stubs;
  unsigned errors_before = diags.errorCount();

  // Every loop's strategy and reason, as a remark at the loop.
  auto remarkLoops = [&](const Function &fn) {
    forEachStmt(fn.body, [&](const Stmt &st, int) {
      if (st.kind != StmtKind::Loop)
        return;
      const LoopInfo &li = *st.loop;
      std::string what =
          li.strategy == LoopStrategy::Segments ? "checkpointed (sqrt(n) segments)"
          : li.strategy == LoopStrategy::Online ? "checkpointed (online)"
                                                : "fully taped";
      diags.remark(SourceLocation::getFromRawEncoding(st.loc.raw),
                   "tangent: " + li.kind_name + " loop in '" + fn.name +
                       "' " + what + ": " + li.reason);
    });
  };

  for (const Request &request : in.requests) {
    RequestResult r;
    r.function = request.function;
    r.options = request.options;
    r.function_name = qualifiedName(request.function, ctx);
    const FunctionDecl *fd = request.function;
    auto fail = [&]() {
      stubs += stubSpecialization(fd, request.options, ctx);
      out.results.push_back(std::move(r));
    };
    if (request.refused) {
      fail();
      continue;
    }
    unsigned errors_at_start = diags.errorCount();
    if (!fd->hasBody() && fd->isTemplateInstantiation() && in.instantiate)
      in.instantiate(fd);
    const FunctionDecl *def = nullptr;
    if (fd->hasBody(def) && def)
      r.home_file = sm.getFilename(sm.getExpansionLoc(def->getLocation())).str();
    r.source_hash = SourceHasher(ctx).hash(fd, request.options);

    // 0. already bound by code that tangent-rewrite wrote?
    std::uint64_t existing = 0;
    if (existingBinding(ctx, fd, request.options, existing)) {
      if (existing != r.source_hash) {
        diags.error(request.where,
                    "tangent: the generated adjoint of '" + r.function_name +
                        "' in this translation unit is stale (the function "
                        "or its callees changed); run tangent-rewrite again");
        out.results.push_back(std::move(r));
        continue;
      }
      r.ok = r.already_bound = true;
      out.results.push_back(std::move(r));
      continue;
    }
    // 1. validate
    if (!validate(fd, ctx, diags, in.instantiate)) {
      fail();
      continue;
    }
    // 2. lower: the requested function gets its own IR (its analyses depend
    //    on the request's options); callees are shared by all requests.
    Function *top = lowering.lowerTop(fd);
    if (!top) {
      fail();
      continue;
    }
    top->is_top = true;
    auto report = [&](const GeneratedFunction &g) {
      for (auto &e : g.errors)
        diags.error(SourceLocation::getFromRawEncoding(e.first.raw), e.second);
    };
    // 3. analyze and 4. generate each callee once.
    for (Function *callee : lowering.ordered()) {
      if (callees.count(callee))
        continue;
      classifyLoops(*callee);
      analyzeActivity(*callee, ~std::uint64_t{0}, true);
      analyzeToBeRecorded(*callee, true);
      chooseLoopStrategies(*callee, Options{});
      remarkLoops(*callee);
      std::string stem = stems.fresh(sanitize(callee->name));
      GeneratedFunction g = generateAdjoint(*callee, Options{}, stem);
      report(g);
      callees[callee] = {g.text, g.declarations, stem};
    }
    classifyLoops(*top);
    analyzeActivity(*top, request.options.wrt, request.options.optimized);
    analyzeToBeRecorded(*top, request.options.optimized);
    chooseLoopStrategies(*top, request.options);
    std::string stem = sanitize(top->name);
    if (!defaultOptions(request.options))
      stem += request.options.checkpoint ? "_checkpointed" : "_options";
    stem = stems.fresh(stem);
    GeneratedFunction g = generateAdjoint(*top, request.options, stem);
    report(g);
    if (diags.errorCount() != errors_at_start) {
      fail();
      continue;
    }
    collectLoops(*top, r.loops);
    remarkLoops(*top);

    // 5. emit: callees first; prototypes only when some call goes forward
    //    (recursion).
    std::vector<Function *> used;
    std::set<const Function *> seen;
    reachable(*top, used, seen);
    std::string block, decls;
    bool forward_call = false;
    std::set<const Function *> emitted;
    for (Function *callee : used) {
      forEachStmt(callee->body, [&](const Stmt &s, int) {
        if (s.kind == StmtKind::Call && s.callee && s.callee != callee &&
            !emitted.count(s.callee))
          forward_call = true;
        if (s.kind == StmtKind::Call && s.callee == callee)
          forward_call = true;
      });
      emitted.insert(callee);
      decls += callees[callee].declarations;
    }
    if (forward_call)
      block += "namespace tangent::generated {\n" + decls + "}\n";
    for (Function *callee : used)
      block += guarded(callees[callee].stem, callees[callee].text);
    block += guarded(stem, g.text);
    block += "namespace tangent {\n" +
             specialization(*top, request.options, g.entry, r.source_hash) +
             "} // namespace tangent\n";
    r.block = std::move(block);
    r.ok = true;
    out.results.push_back(std::move(r));
  }
  out.ok = diags.errorCount() == errors_before;

  std::string blocks;
  for (const RequestResult &r : out.results)
    blocks += r.block;
  if (blocks.empty() && stubs.empty())
    return out;
  out.code = std::string(generatedBegin()) + "\n";
  out.code += "#pragma GCC diagnostic push\n"
              "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
              "#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n"
              "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n"
              "#include <tangent/tangent.hpp>\n";
  out.code += blocks + stubs;
  out.code += "#pragma GCC diagnostic pop\n";
  out.code += std::string(generatedEnd()) + "\n";
  return out;
}

} // namespace tangent
