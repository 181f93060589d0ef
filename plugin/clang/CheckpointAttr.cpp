//===- CheckpointAttr.cpp - [[tangent::checkpoint]] on statements ---------===//
//
// Clang 19 rejects plugin statement attributes it cannot attach unless
// diagAppertainsToStmt returns false, and it drops their arguments. So the
// attribute records the statement's location (and reads `( N )` from the
// source itself) and returns false; the lowering looks loops up by location.
//
//===----------------------------------------------------------------------===//
#include "clang/CheckpointAttr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace tangent {

std::map<unsigned, int> &checkpointMarks() {
  static thread_local std::map<unsigned, int> marks;
  return marks;
}

namespace {

/// Reads the budget: `( N )` after the attribute name, or after the macro
/// name for TANGENT_CHECKPOINT(N) (tangent/annotations.hpp), where `()` is
/// no budget. 0 if absent, -1 if malformed (`bad` says where).
int readBudget(Sema &sema, const ParsedAttr &attr, SourceLocation &bad) {
  const SourceManager &sm = sema.getSourceManager();
  const LangOptions &lo = sema.getLangOpts();
  // An attribute spelled by TANGENT_CHECKPOINT(...): the budget follows the
  // macro's name where it is used. Any other spelling (also inside a user's
  // macro): the budget follows the attribute's name where it is spelled.
  bool from_macro = false;
  SourceLocation loc = sm.getSpellingLoc(attr.getLoc());
  for (SourceLocation l = attr.getLoc(); l.isMacroID();
       l = sm.getImmediateMacroCallerLoc(l)) {
    if (Lexer::getImmediateMacroName(l, sm, lo) == "TANGENT_CHECKPOINT") {
      from_macro = true;
      loc = sm.getSpellingLoc(sm.getImmediateExpansionRange(l).getBegin());
      break;
    }
  }
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
  while (!from_macro &&
         tok.isOneOf(tok::coloncolon, tok::raw_identifier, tok::identifier)) {
    if (!next(tok.getLocation(), tok))
      return 0;
  }
  if (!tok.is(tok::l_paren))
    return 0;
  Token num;
  bad = tok.getLocation();
  if (!next(tok.getLocation(), num))
    return -1;
  if (from_macro && num.is(tok::r_paren))
    return 0; // TANGENT_CHECKPOINT()
  if (!num.is(tok::numeric_constant))
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

} // namespace

} // namespace tangent

static ParsedAttrInfoRegistry::Add<tangent::CheckpointAttrInfo>
    checkpoint_attr("tangent-checkpoint", "[[tangent::checkpoint]]");
