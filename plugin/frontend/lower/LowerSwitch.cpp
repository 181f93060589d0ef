//===- LowerSwitch.cpp - lowering switch ----------------------------------===//
//
// A switch becomes an if / else-if chain over its groups of case labels
// (the default group last); declarations before the first label come
// before the chain, other statements there are never executed. A group that
// does not end in `break` (or `return`) falls through into the next one, whose
// statements are then lowered again as part of it.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/lower/FunctionLowerer.h"

using namespace clang;

namespace tangent {

void FunctionLowerer::VisitSwitchStmt(const SwitchStmt *s, Block &out) {
  SourceLocation loc = s->getBeginLoc();
  stmt(s->getInit(), out);
  stmt(s->getConditionVariableDeclStmt(), out); // `switch (int k = e)`
  ExprPtr cond = expr(s->getCond(), out);
  Var *value = temp(cond->type, naming::valueTemp());
  out.push_back(assign(makeVarRef(value), std::move(cond), loc));
  const clang::Stmt *body = s->getBody();
  struct Group {
    std::vector<ExprPtr> labels;
    bool is_default = false;
    std::vector<const clang::Stmt *> stmts;
    bool falls_through = true;
    SourceLocation loc;
  };
  std::vector<Group> groups;
  llvm::SmallVector<SwitchItem, 16> items;
  switchItems(body, items); // labels in blocks of cases are the switch's
  for (const SwitchItem &item : items) {
    if (!item.labels.empty() &&
        (groups.empty() || !groups.back().stmts.empty() ||
         !groups.back().falls_through)) {
      groups.emplace_back();
      groups.back().loc = item.at->getBeginLoc();
    }
    for (const SwitchCase *sc : item.labels) {
      if (const auto *cs = dyn_cast<CaseStmt>(sc)) {
        Block none;
        groups.back().labels.push_back(expr(cs->getLHS(), none));
      } else {
        groups.back().is_default = true;
      }
    }
    const clang::Stmt *cur = item.stmt;
    if (groups.empty()) {
      // Before the first label: a declaration the cases see, declared
      // before the chain; other statements are never executed.
      if (isa<DeclStmt>(cur))
        stmt(cur, out);
      continue;
    }
    if (!cur)
      continue;
    Group &g = groups.back();
    llvm::SmallVector<const clang::Stmt *, 8> runs;
    if (caseStatements(cur, runs))
      g.falls_through = false;
    g.stmts.insert(g.stmts.end(), runs.begin(), runs.end());
    if (isa<ReturnStmt>(cur))
      g.falls_through = false;
  }
  // The statements a group executes: its own, then those of the groups it
  // falls into.
  auto executed = [&](size_t first) {
    std::vector<const clang::Stmt *> all;
    for (size_t i = first; i < groups.size(); ++i) {
      all.insert(all.end(), groups[i].stmts.begin(), groups[i].stmts.end());
      if (!groups[i].falls_through)
        break;
    }
    return all;
  };
  StmtPtr chain;
  Block *tail = nullptr;
  size_t fallback = groups.size();
  for (size_t gi = 0; gi < groups.size(); ++gi) {
    Group &g = groups[gi];
    if (g.is_default) {
      fallback = gi;
      continue;
    }
    ExprPtr test;
    for (ExprPtr &label : g.labels) {
      ExprPtr eq =
          makeBinary(Op::Eq, makeVarRef(value), std::move(label), boolType());
      test =
          test ? makeBinary(Op::Or, std::move(test), std::move(eq), boolType())
               : std::move(eq);
    }
    StmtPtr st = makeIf(std::move(test), {}, g.loc);
    sequence(executed(gi), st->then_block);
    Block *next = &st->else_block;
    if (!chain)
      chain = std::move(st);
    else
      tail->push_back(std::move(st));
    tail = next;
  }
  if (fallback < groups.size()) {
    if (!chain) {
      sequence(executed(fallback), out);
      return;
    }
    sequence(executed(fallback), *tail);
  }
  if (chain)
    out.push_back(std::move(chain));
}

} // namespace tangent
