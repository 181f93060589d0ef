//===- CheckpointAttr.cpp - [[tangent::checkpoint]] on statements ---------===//
//
// Clang 19 rejects plugin statement attributes it cannot attach unless
// diagAppertainsToStmt returns false, and it drops their arguments. So the
// attribute records the statement's location (and reads `( N )` from the
// source itself) and returns false; the lowering looks loops up by location.
// For TANGENT_CHECKPOINT(N) the budget is the macro's argument, which a
// preprocessor callback records for each expansion (even inside another
// macro, where the source at the macro's name shows only a parameter).
//
//===----------------------------------------------------------------------===//
#include "clang/CheckpointAttr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroArgs.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace tangent {

std::map<unsigned, int> &checkpointMarks() {
  static thread_local std::map<unsigned, int> marks;
  return marks;
}

std::set<unsigned> &fixedPointMarks() {
  static thread_local std::set<unsigned> marks;
  return marks;
}

namespace {

/// A TANGENT_CHECKPOINT(...) expansion: its budget (0: none, -1: malformed)
/// and the location to blame when it is malformed.
struct MacroBudget {
  int budget = 0;
  SourceLocation bad;
};

/// The expansions of this compilation, by the raw location of the macro's
/// name.
std::map<unsigned, MacroBudget> &macroBudgets() {
  static thread_local std::map<unsigned, MacroBudget> budgets;
  return budgets;
}

/// The budget written as a macro argument: none, or one integer literal.
MacroBudget budgetOf(const MacroArgs *args, const Preprocessor &pp,
                     SourceLocation name) {
  MacroBudget b;
  b.bad = name;
  if (!args || args->getNumMacroArguments() == 0)
    return b;
  const Token *tok = args->getUnexpArgument(0);
  if (tok->is(tok::eof))
    return b; // TANGENT_CHECKPOINT()
  b.bad = tok->getLocation();
  if (!tok->is(tok::numeric_constant) || !tok[1].is(tok::eof)) {
    b.budget = -1;
    return b;
  }
  std::string text = pp.getSpelling(*tok);
  char *end = nullptr;
  long value = std::strtol(text.c_str(), &end, 10);
  b.budget = *end != '\0' || value <= 0 || value > 1000000 ? -1 : int(value);
  return b;
}

class MacroWatcher : public PPCallbacks {
public:
  explicit MacroWatcher(const Preprocessor &pp) : pp_(pp) {}
  void MacroExpands(const Token &name, const MacroDefinition &, SourceRange,
                    const MacroArgs *args) override {
    const IdentifierInfo *id = name.getIdentifierInfo();
    if (id && id->getName() == "TANGENT_CHECKPOINT")
      macroBudgets()[name.getLocation().getRawEncoding()] =
          budgetOf(args, pp_, name.getLocation());
  }

private:
  const Preprocessor &pp_;
};

/// Reads the budget: `( N )` after the attribute name, or the argument of
/// TANGENT_CHECKPOINT(N) (tangent/annotations.hpp), where `()` is no
/// budget. 0 if absent, -1 if malformed (`bad` says where).
int readBudget(Sema &sema, const ParsedAttr &attr, SourceLocation &bad) {
  const SourceManager &sm = sema.getSourceManager();
  const LangOptions &lo = sema.getLangOpts();
  // An attribute spelled by TANGENT_CHECKPOINT(...): the budget follows the
  // macro's name where it is used. Any other spelling (also inside a user's
  // macro): the budget follows the attribute's name where it is spelled.
  for (SourceLocation l = attr.getLoc(); l.isMacroID();
       l = sm.getImmediateMacroCallerLoc(l)) {
    if (Lexer::getImmediateMacroName(l, sm, lo) != "TANGENT_CHECKPOINT")
      continue;
    SourceLocation name = sm.getImmediateExpansionRange(l).getBegin();
    auto it = macroBudgets().find(name.getRawEncoding());
    if (it == macroBudgets().end())
      return 0; // not seen expanding (no watcher): no budget
    bad = it->second.bad;
    return it->second.budget;
  }
  SourceLocation loc = sm.getSpellingLoc(attr.getLoc());
  auto next = [&](SourceLocation at, Token &tok) {
    std::optional<Token> t = Lexer::findNextToken(at, sm, lo);
    if (!t)
      return false;
    tok = *t;
    return true;
  };
  Token tok;
  if (!next(loc, tok))
    return 0;
  // The attribute's location may be the scope (`tangent`) or the name.
  while (tok.isOneOf(tok::coloncolon, tok::raw_identifier, tok::identifier)) {
    if (!next(tok.getLocation(), tok))
      return 0;
  }
  if (!tok.is(tok::l_paren))
    return 0;
  Token num;
  bad = tok.getLocation();
  if (!next(tok.getLocation(), num) || !num.is(tok::numeric_constant))
    return -1;
  bad = num.getLocation();
  std::string text = Lexer::getSpelling(num, sm, lo);
  Token close;
  if (!next(num.getLocation(), close) || !close.is(tok::r_paren))
    return -1;
  char *end = nullptr;
  long value = std::strtol(text.c_str(), &end, 10);
  if (*end != '\0' || value <= 0 || value > 1000000)
    return -1;
  return int(value);
}

struct CheckpointAttrInfo : public ParsedAttrInfo {
  CheckpointAttrInfo() {
    OptArgs = 1;
    IsStmt = 1;
    static constexpr Spelling spellings[] = {
        {ParsedAttr::AS_CXX11, "tangent::checkpoint"}};
    Spellings = spellings;
  }

  bool diagAppertainsToStmt(Sema &sema, const ParsedAttr &attr,
                            const Stmt *st) const override {
    SourceLocation bad;
    int budget = readBudget(sema, attr, bad);
    if (budget < 0) {
      unsigned id = sema.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error,
          "tangent: [[tangent::checkpoint(N)]] and TANGENT_CHECKPOINT(N) take "
          "one positive integer literal (the snapshot budget)");
      sema.Diag(bad, id);
      return false;
    }
    if (!isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt, CompoundStmt>(st)) {
      unsigned id = sema.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Warning,
          "tangent: [[tangent::checkpoint]] applies to a loop or a block; "
          "ignored here");
      sema.Diag(attr.getLoc(), id);
      return false;
    }
    checkpointMarks()[st->getBeginLoc().getRawEncoding()] = budget;
    return false; // recorded; nothing for Clang to attach
  }

  AttrHandling handleDeclAttribute(Sema &, Decl *,
                                   const ParsedAttr &) const override {
    return NotHandled;
  }
};

/// [[tangent::fixed_point]]: a loop iterating x = g(x, p) to convergence
/// (analysis/Checkpointing.cpp checks its shape). No arguments.
struct FixedPointAttrInfo : public ParsedAttrInfo {
  FixedPointAttrInfo() {
    OptArgs = 1; // so that `(...)` reaches us and is refused with a message
    IsStmt = 1;
    static constexpr Spelling spellings[] = {
        {ParsedAttr::AS_CXX11, "tangent::fixed_point"}};
    Spellings = spellings;
  }

  bool diagAppertainsToStmt(Sema &sema, const ParsedAttr &attr,
                            const Stmt *st) const override {
    SourceLocation bad;
    if (readBudget(sema, attr, bad) != 0) {
      unsigned id = sema.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error,
          "tangent: [[tangent::fixed_point]] takes no arguments");
      sema.Diag(bad.isValid() ? bad : attr.getLoc(), id);
      return false;
    }
    if (!isa<ForStmt, WhileStmt, DoStmt>(st)) {
      unsigned id = sema.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error,
          "tangent: [[tangent::fixed_point]] applies to a while, do or for "
          "loop that iterates x = g(x, p) until a convergence test");
      sema.Diag(attr.getLoc(), id);
      return false;
    }
    fixedPointMarks().insert(st->getBeginLoc().getRawEncoding());
    return false; // recorded; nothing for Clang to attach
  }

  AttrHandling handleDeclAttribute(Sema &, Decl *,
                                   const ParsedAttr &) const override {
    return NotHandled;
  }
};

} // namespace

void startCheckpointMarks(Preprocessor &pp) {
  checkpointMarks().clear();
  fixedPointMarks().clear();
  macroBudgets().clear();
  pp.addPPCallbacks(std::make_unique<MacroWatcher>(pp));
}

} // namespace tangent

static ParsedAttrInfoRegistry::Add<tangent::CheckpointAttrInfo>
    checkpoint_attr("tangent-checkpoint", "[[tangent::checkpoint]]");
static ParsedAttrInfoRegistry::Add<tangent::FixedPointAttrInfo>
    fixed_point_attr("tangent-fixed-point", "[[tangent::fixed_point]]");
