//===- LowerStmt.cpp - lowering blocks, declarations and jumps ------------===//
//
// `break`, `continue` and `return` become flags: the statements after one
// are guarded by the flags (FunctionLowerer::sequence), so every IR
// statement has one entry and one exit.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/lower/FunctionLowerer.h"

using namespace clang;

namespace tangent {

void FunctionLowerer::VisitCompoundStmt(const CompoundStmt *s, Block &out) {
  llvm::SmallVector<const clang::Stmt *, 16> stmts(s->body_begin(),
                                                   s->body_end());
  // [[tangent::checkpoint]] on a block marks every loop inside it.
  auto mark =
      lowering_.checkpoint_marks.find(s->getBeginLoc().getRawEncoding());
  int outer = block_budget;
  if (mark != lowering_.checkpoint_marks.end())
    block_budget = mark->second;
  sequence(stmts, out);
  block_budget = outer;
}

void FunctionLowerer::VisitAttributedStmt(const AttributedStmt *s, Block &out) {
  // [[tangent::checkpoint]] was recorded by location (clang/CheckpointAttr).
  stmt(s->getSubStmt(), out);
}

void FunctionLowerer::VisitLabelStmt(const LabelStmt *s, Block &out) {
  stmt(s->getSubStmt(), out); // no goto reaches it (validated)
}

void FunctionLowerer::VisitDeclStmt(const DeclStmt *s, Block &out) {
  for (const Decl *d : s->decls())
    if (const auto *vd = dyn_cast<VarDecl>(d))
      declaration(vd, out);
  // Typedefs, using-declarations and static_asserts lower to nothing.
}

void FunctionLowerer::VisitIfStmt(const IfStmt *s, Block &out) {
  stmt(s->getInit(), out);
  if (s->isConstexpr())
    if (auto value = s->getCond()->getIntegerConstantExpr(ctx)) {
      // Only the instantiated branch matters.
      stmt(value->getBoolValue() ? s->getThen() : s->getElse(), out);
      return;
    }
  stmt(s->getConditionVariableDeclStmt(), out); // `if (T t = e)`
  ExprPtr cond = expr(s->getCond(), out);
  StmtPtr st = makeIf(std::move(cond), {}, s->getBeginLoc());
  stmt(s->getThen(), st->then_block);
  stmt(s->getElse(), st->else_block);
  out.push_back(std::move(st));
}

void FunctionLowerer::VisitBreakStmt(const BreakStmt *s, Block &out) {
  if (loops.empty() || !loops.back().exit_flag)
    unexpected(s->getBeginLoc(), "a 'break' without a loop to leave");
  out.push_back(setFlag(loops.back().exit_flag, true, s->getBeginLoc()));
}

void FunctionLowerer::VisitContinueStmt(const ContinueStmt *s, Block &out) {
  if (loops.empty() || !loops.back().skip_flag)
    unexpected(s->getBeginLoc(), "a 'continue' without a loop");
  out.push_back(setFlag(loops.back().skip_flag, true, s->getBeginLoc()));
}

void FunctionLowerer::VisitReturnStmt(const ReturnStmt *r, Block &out) {
  SourceLocation loc = r->getBeginLoc();
  if (const clang::Expr *value = r->getRetValue();
      value && result_leaves.size()) {
    buildObject(result_leaves, value, loc, out, true);
  } else if (value) {
    if (!fn_->result_var)
      unexpected(loc, "a return value in a function returning void");
    initialize(fn_->result_var, value, loc, out);
  }
  if (returned)
    out.push_back(setFlag(returned, true, loc));
  // Every loop around the return ends.
  for (LoopContext &lc : loops) {
    if (!lc.exit_flag)
      unexpected(loc, "a 'return' in a loop without an exit flag");
    out.push_back(setFlag(lc.exit_flag, true, loc));
  }
}

void FunctionLowerer::VisitExpr(const clang::Expr *e, Block &out) {
  // Reading a view reassigned between storages: once per storage.
  if (statementPerStorage(e, out)) // LowerPointer.cpp
    return;
  // `a, b;` is `a; b;`.
  if (const BinaryOperator *comma = commaOperator(e)) {
    stmt(comma->getLHS(), out);
    return stmt(comma->getRHS(), out);
  }
  const clang::Expr *bare = e->IgnoreParenImpCasts();
  if (const auto *ewc = dyn_cast<ExprWithCleanups>(bare))
    bare = ewc->getSubExpr()->IgnoreParenImpCasts();
  if (OwnedArray oa; const VarDecl *p = allocationAssignment(bare, oa))
    return allocate(p, oa, bare->getBeginLoc(), out); // LowerDecl.cpp
  if (OwnedArray oa; const MemberExpr *me = fieldAllocation(bare, oa))
    return sizeOwnedField(
        me, oa.count ? expr(oa.count, out) : makeIntLiteral(1, intType()),
        bare->getBeginLoc(), out);                // LowerDecl.cpp
  if (const MemberExpr *me = releasedField(bare)) // free, Release, delete[]
    return sizeOwnedField(me, makeIntLiteral(0, intType()), bare->getBeginLoc(),
                          out);
  // std::swap(a, b) and a.swap(b) of two variables (validated).
  if (const auto *c = dyn_cast<CallExpr>(bare)) {
    if (mpiStatement(c, out) || effectStatement(c, out))
      return;
    // `free(p)` of an array the function owns (validated): the array is a
    // std::vector, freed where it goes out of scope, as for `delete[] p`.
    if (freedPointer(c))
      return;
    const clang::Expr *a = nullptr, *b = nullptr;
    if (swapOperands(c, a, b)) {
      SourceLocation loc = c->getBeginLoc();
      ExprPtr x = expr(a, out), y = expr(b, out);
      if (x->kind == ExprKind::VarRef && y->kind == ExprKind::VarRef) {
        StmtPtr s = assign(std::move(x), std::move(y), loc);
        s->kind = StmtKind::Swap; // whole variables: its own inverse
        out.push_back(std::move(s));
        return;
      }
      // An element (validated: scalar): t = x; x = y; y = t.
      if (x->type.isContainer() || y->type.isContainer())
        unexpected(loc, "a swap of a container with an element");
      Var *t = temp(x->type, naming::valueTemp());
      out.push_back(assign(makeVarRef(t), x->clone(), loc));
      out.push_back(assign(x->clone(), y->clone(), loc));
      out.push_back(assign(std::move(y), makeVarRef(t), loc));
      return;
    }
  }
  // push_back, resize...: statements of their own (validated).
  if (const auto *c = dyn_cast<CallExpr>(bare)) {
    if (ContainerMember cm; containerCall(c, cm) && cm.resizes())
      return containerStatement(c, cm, out);
  }
  // A statement-level call may return void.
  if (const auto *c = dyn_cast<CallExpr>(bare);
      c && !isa<CXXOperatorCallExpr, CXXMemberCallExpr>(c) &&
      c->getCallReturnType(ctx)->isVoidType()) {
    call(c, out, nullptr);
    return;
  }
  // A call returning an object, its value dropped.
  if (isSplit(e->getType()) && !isa<BinaryOperator>(bare) &&
      !(isa<CXXOperatorCallExpr>(bare) &&
        cast<CXXOperatorCallExpr>(bare)->isAssignmentOp() &&
        !isUserOperator(cast<CXXOperatorCallExpr>(bare), ctx))) {
    object(e, out);
    return;
  }
  expr(e, out); // its effects land in `out`; the value is dropped
}

void FunctionLowerer::VisitStmt(const clang::Stmt *s, Block &) {
  unexpected(s->getBeginLoc(),
             std::string("the statement '") + s->getStmtClassName() + "'");
}

} // namespace tangent
