//===- PipelineSupport.cpp - stems, source hashes, loop reports -----------===//
//
// What the pipelines (Pipeline.h) need besides their steps: stems for
// generated names, the hash of a request's sources (a block whose hash
// differs is stale), the callees a function reaches, and the report of
// each loop's strategy.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/CustomRules.h"
#include "frontend/Pipeline.h"
#include "ir/IRWalk.h"
#include "ir/Printer.h"
#include "ir/Support.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <cctype>

using namespace clang;

namespace tangent {

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

namespace {

/// Bumped whenever generated code changes shape, so stale blocks are found.
constexpr const char *kGeneratorVersion = "tangent-0.2";

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
    // A nested gradient's function is differentiated (twice) too.
    if (Options opts; const FunctionDecl *g = nestedGradient(call, opts))
      add(g);
    // Only user functions, member functions included: library code and
    // tangent's runtime (the generator version stands for it), and whether
    // Sema has instantiated their bodies yet, must not change the hash.
    const FunctionDecl *callee = call->getDirectCallee();
    if (!callee || callee->isInStdNamespace() || inRuntime(callee) ||
        ctx_.getSourceManager().isInSystemHeader(callee->getLocation()))
      return true;
    // A function with a custom derivative stands for its rules, whose text
    // is what the generated code depends on (its body, possibly defined
    // after the request, is not differentiated).
    if (CustomRule rule = findCustomRule(ctx_, callee)) {
      for (const NamedDecl *d : rule.decls)
        if (seen_rules_.insert(d).second)
          addText(d->getSourceRange());
      return true;
    }
    add(callee);
    return true;
  }

private:
  ASTContext &ctx_;
  std::uint64_t h_ = 0;
  /// Whether `fd` is declared in namespace tangent (the runtime).
  static bool inRuntime(const FunctionDecl *fd) {
    for (const DeclContext *dc = fd->getDeclContext(); dc; dc = dc->getParent())
      if (const auto *ns = dyn_cast<NamespaceDecl>(dc);
          ns && ns->getParent()->isTranslationUnit())
        return ns->getIdentifier() && ns->getName() == "tangent";
    return false;
  }
  std::set<const FunctionDecl *> seen_;
  std::set<const NamedDecl *> seen_rules_;
  void addText(SourceRange r) {
    const SourceManager &sm = ctx_.getSourceManager();
    CharSourceRange range =
        CharSourceRange::getTokenRange(sm.getExpansionRange(r).getAsRange());
    h_ = hashText(h_, Lexer::getSourceText(range, sm, ctx_.getLangOpts()));
  }
  void add(const FunctionDecl *fd) {
    const FunctionDecl *def = nullptr;
    if (!fd->hasBody(def) || !def || !seen_.insert(def).second)
      return;
    addText(def->getSourceRange());
    TraverseStmt(def->getBody());
  }
};

void reachable(const Function &fn, std::vector<Function *> &out,
               std::set<const Function *> &seen) {
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    if (s.kind != StmtKind::Call || !s.callee || !seen.insert(s.callee).second)
      return;
    reachable(*s.callee, out, seen);
    out.push_back(s.callee);
  });
}

/// How a loop's strategy is named: in the batch report, and in its remark.
struct StrategyNames {
  const char *label, *remark;
};

StrategyNames namesOf(LoopStrategy s) {
  switch (s) {
  case LoopStrategy::Segments:
    return {"segments", "checkpointed (sqrt(n) segments)"};
  case LoopStrategy::Online:
    return {"online", "checkpointed (online)"};
  case LoopStrategy::FullTape:
    return {"full_tape", "fully taped"};
  case LoopStrategy::Budgeted:
    return {"memory_budget", "reversed within the memory budget"};
  case LoopStrategy::ParallelSegments:
    return {"parallel_segments",
            "checkpointed (sqrt(n) segments, replayed on a helper thread)"};
  case LoopStrategy::BudgetWhile:
    return {"memory_budget_while", "reversed within the memory budget"};
  case LoopStrategy::FixedPoint:
    return {"fixed_point", "differentiated as a fixed point"};
  case LoopStrategy::Recompute:
    return {"recompute", "recorded per iteration and recomputed"};
  }
  TANGENT_UNREACHABLE("unknown loop strategy");
}

} // namespace

void specialiseForData(Function &fn, Lowering &lowering) {
  forEachStmt(fn.body, [&](Stmt &call, int) {
    if (call.kind != StmtKind::Call || !call.callee || !call.custom.empty())
      return;
    // A parameter is data when every leaf it has with a derivative is given
    // storage without one: an object's other leaves (an active field, one
    // the callee writes, an active pointer among them) keep it varied.
    std::uint64_t data = 0, varied = 0;
    for (size_t i = 0; i < call.args.size(); ++i) {
      const Expr &a = *call.args[i];
      const Var &p = *call.callee->params[i];
      // (An address into a parameter's container without a derivative,
      // `points.data()`, is data too; given to an output, the callee's
      // reverse gets zeros of its shape: codegen/Calls.cpp.)
      if (adjointParamType(p).empty() || p.sourceParam() >= 64 ||
          isNullPointer(a))
        continue;
      const std::uint64_t bit = std::uint64_t(1) << p.sourceParam();
      const Var *storage = rootVar(a);
      const bool pointer = a.type.kind == TypeKind::Pointer || a.address;
      if (!call.arg_is_output[i] && pointer && !(storage && storage->active))
        data |= bit;
      else if (call.arg_is_output[i] || pointer ||
               (storage ? storage->active : a.kind != ExprKind::Literal))
        varied |= bit;
    }
    data &= ~varied;
    if (!data)
      return;
    // A call of `fn`, which is this pass's to change.
    if (Function *variant = lowering.lowerData(call.callee, data))
      call.callee = variant;
  });
}

void specialiseUnrestored(Function &fn, Lowering &lowering) {
  forEachStmt(fn.body, [&](Stmt &call, int) {
    if (call.kind != StmtKind::Call || !call.callee ||
        (!call.unrestored && !call.unzeroed))
      return;
    // A call of `fn`, which is this pass's to change.
    if (Function *variant = lowering.lowerUnrestored(
            call.callee, call.unrestored, call.unzeroed))
      call.callee = variant;
  });
}

namespace {

/// One function's calls (specialiseForDataForward); true if one changed.
bool dataCallsForward(Function &fn, Lowering &lowering, std::uint64_t data,
                      bool whole_values) {
  auto isData = [&](const Var *v) {
    return v && v->role == VarRole::Param &&
           (v->data || (fn.is_top && v->sourceParam() < 64 &&
                        ((data >> v->sourceParam()) & 1u)));
  };
  bool changed = false;
  forEachStmt(fn.body, [&](Stmt &call, int) {
    if (call.kind != StmtKind::Call || !call.callee || !call.custom.empty())
      return;
    // `whole`: callee parameters given a data parameter as it is; `other`:
    // those given anything else (an object's leaves must all be data).
    std::uint64_t variant = 0, whole = 0, other = 0;
    for (size_t i = 0; i < call.args.size(); ++i) {
      const Expr &a = *call.args[i];
      const Var &p = *call.callee->params[i];
      if (adjointParamType(p).empty() || p.sourceParam() >= 64 ||
          isNullPointer(a))
        continue;
      const std::uint64_t bit = std::uint64_t(1) << p.sourceParam();
      if (a.type.kind == TypeKind::Pointer || a.address) {
        // The storage of a data pointer, or of a data container (the
        // address of its elements, `v.data()`).
        const Var *root = rootVar(a);
        if (root &&
            (root->type.kind == TypeKind::Pointer ||
             root->type.isContainer()) &&
            isData(root))
          variant |= bit;
        continue;
      }
      if (whole_values && a.kind == ExprKind::VarRef && isData(a.var) &&
          !(p.by_reference && !p.is_const))
        whole |= bit;
      else
        other |= bit;
    }
    variant |= whole & ~other;
    if (!variant)
      return;
    if (Function *v = lowering.lowerData(call.callee, variant);
        v && v != call.callee) {
      call.callee = v;
      changed = true;
    }
  });
  return changed;
}

} // namespace

void specialiseForDataForward(Function &top, Lowering &lowering,
                              std::uint64_t data, bool whole_values) {
  if (!data)
    return;
  dataCallsForward(top, lowering, data, whole_values);
  for (bool changed = true; changed;) {
    changed = false;
    for (Function *callee : reachableCallees(top))
      if (!callee->variant.empty())
        changed |= dataCallsForward(*callee, lowering, 0, whole_values);
  }
}

std::vector<Function *> calleesFirst(const std::vector<Function *> &functions) {
  std::vector<Function *> out;
  std::set<const Function *> seen;
  for (Function *f : functions)
    if (seen.insert(f).second) {
      reachable(*f, out, seen);
      out.push_back(f);
    }
  return out;
}

std::vector<Function *> reachableCallees(const Function &fn) {
  std::vector<Function *> out;
  std::set<const Function *> seen;
  reachable(fn, out, seen);
  return out;
}

std::uint64_t sourceHash(ASTContext &ctx, const FunctionDecl *fd,
                         const Options &opts) {
  return SourceHasher(ctx).hash(fd, opts);
}

void SharedWork::dump(const std::string &title, const Function &fn) const {
  if (in.dump_ir)
    in.dump_ir(title, printFunction(fn));
}

void RequestPipeline::reportLoops(const Function &fn, const LoopForms &loops,
                                  const std::string &label, bool in_report) {
  TANGENT_ASSERT(loops.fn == &fn, "the loops of another function");
  for (const Stmt *st : loops.loops) {
    const LoopInfo &li = *st->loop;
    const StrategyNames names = namesOf(li.strategy);
    if (in_report)
      r_.loops.push_back(
          {st->loc.file, st->loc.line, li.kind_name, names.label, li.reason});
    legality_.sink().remark(SourceLocation::getFromRawEncoding(st->loc.raw),
                            "tangent: " + li.kind_name + " loop in '" +
                                fn.name + "' " + names.remark + ": " +
                                li.reason + " [" + label + "]");
  }
}

} // namespace tangent
