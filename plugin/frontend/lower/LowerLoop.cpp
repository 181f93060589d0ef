//===- LowerLoop.cpp - lowering for, while, do and range-for --------------===//
//
// Every loop is lowered from the same pieces (init, condition with its side
// effects, step, body) into one of two forms (IR.h, LoopInfo):
//  - Structured: `init; while (cond) { body; step; }` (or do-while), when
//    the condition is pure and nothing jumps out of the body;
//  - General: `init; do { B } while (!exit)`, where B evaluates the
//    condition itself and `break` / `return` set the exit flag.
// Loop analysis (analysis/LoopAnalysis.cpp) later recognizes counted loops
// among the structured ones.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/lower/FunctionLowerer.h"

using namespace clang;

namespace tangent {

void FunctionLowerer::VisitForStmt(const ForStmt *s, Block &out) {
  loop(s, out);
}
void FunctionLowerer::VisitWhileStmt(const WhileStmt *s, Block &out) {
  loop(s, out);
}
void FunctionLowerer::VisitDoStmt(const DoStmt *s, Block &out) { loop(s, out); }
void FunctionLowerer::VisitCXXForRangeStmt(const CXXForRangeStmt *s,
                                           Block &out) {
  loop(s, out);
}

ExprPtr FunctionLowerer::sizeOf(Var *container) {
  if (container->type.kind != TypeKind::Vector && !container->type.span)
    return makeIntLiteral(container->type.extent, intType("std::size_t"));
  return makeSize(makeVarRef(container));
}

void FunctionLowerer::loopMarks(SourceLocation loc, LoopInfo &li) {
  auto mark = lowering_.checkpoint_marks.find(loc.getRawEncoding());
  if (mark != lowering_.checkpoint_marks.end()) {
    li.annotated = true;
    li.annotated_budget = mark->second;
  } else if (block_budget >= 0) {
    li.annotated = true;
    li.annotated_budget = block_budget;
  }
  li.fixed_point = lowering_.fixed_point_marks.count(loc.getRawEncoding()) != 0;
}

void FunctionLowerer::forPieces(const ForStmt *f, LoopInfo &li, LoopPieces &p) {
  li.kind_name = "for";
  stmt(f->getInit(), li.init);
  // A variable declared in the init is a candidate induction variable;
  // loop analysis confirms it or makes it an ordinary local again.
  if (const auto *ds = dyn_cast_or_null<DeclStmt>(f->getInit()))
    if (ds->isSingleDecl())
      if (const auto *vd = dyn_cast<VarDecl>(ds->getSingleDecl()))
        if (auto it = vars.find(vd);
            it != vars.end() && it->second->type.kind == TypeKind::Int)
          it->second->role = VarRole::Induction;
  stmt(f->getConditionVariableDeclStmt(), p.cond_pre); // `for (; T t = e;)`
  if (f->getCond())
    p.cond = expr(f->getCond(), p.cond_pre);
  if (f->getInc())
    stmt(f->getInc(), p.step);
  p.body = f->getBody();
}

void FunctionLowerer::rangeForPieces(const CXXForRangeStmt *r, LoopInfo &li,
                                     LoopPieces &p) {
  SourceLocation loc = r->getBeginLoc();
  li.kind_name = "range-for";
  stmt(r->getInit(), li.init);
  Block none;
  // A container of objects: its leaf containers, the first one counted.
  Object range;
  if (splitElement(r->getRangeInit()->getType()))
    range = object(r->getRangeInit(), none);
  ExprPtr rx = range.size()
                   ? makeVarRef(range.vars[0])
                   : expr(r->getRangeInit()->IgnoreParenImpCasts(), none);
  // A named container, or a row of a vector of vectors (its index
  // evaluated once, as the range is).
  const bool row =
      rx->kind == ExprKind::Index && rx->type.kind == TypeKind::Vector;
  if ((rx->kind != ExprKind::VarRef && !row) ||
      !(rx->type.isContainer() || rx->type.span) || !none.empty() ||
      range.index)
    unexpected(r->getRangeInit()->getBeginLoc(), "a range-for range");
  if (row)
    rx = frozenElement(std::move(rx), loc, li.init);
  Var *container = row ? nullptr : rx->var;
  Type it = intType("std::size_t");
  Var *index = fn_->addVar("i", it, VarRole::Induction);
  index->name = fn_->names.fresh(naming::loweredIndex());
  li.init.push_back(assign(makeVarRef(index), makeIntLiteral(0, it), loc));
  ExprPtr bound = row ? makeSize(rx->clone()) : sizeOf(container);
  p.cond = makeBinary(Op::Lt, makeVarRef(index), std::move(bound), boolType());
  p.step.push_back(assign(
      makeVarRef(index),
      makeBinary(Op::Add, makeVarRef(index), makeIntLiteral(1, it), it), loc));
  rangeVariable(r->getLoopVariable(), range, row ? rx.get() : nullptr,
                container, index, loc, p.prologue);
  p.body = r->getBody();
}

void FunctionLowerer::rangeVariable(const VarDecl *lv, const Object &range,
                                    const tangent::Expr *row, Var *container,
                                    Var *index, SourceLocation loc,
                                    Block &prologue) {
  if (range.size()) {
    Object element = range.copy();
    element.index = makeVarRef(index);
    if (lv->getType()->isReferenceType()) {
      objects[lv] = std::move(element);
    } else {
      Object copy = objectVars(lv->getNameAsString(), lv->getType(),
                               VarRole::Local, lv->getLocation());
      copyObject(copy, element, loc, prologue);
      objects[lv] = std::move(copy);
    }
  } else if (lv->getType()->isReferenceType()) {
    aliases[lv] = makeIndex(row ? row->clone() : makeVarRef(container),
                            makeVarRef(index));
  } else {
    Type vt = typeOf(lv->getType(), lv->getLocation());
    Var *v = fn_->addVar(lv->getNameAsString(), vt, VarRole::Local);
    v->name = fn_->names.claim(lv->getNameAsString());
    vars[lv] = v;
    ExprPtr elem = makeIndex(row ? row->clone() : makeVarRef(container),
                             makeVarRef(index));
    if (elem->type.spelling != vt.spelling)
      elem = makeCast(vt, std::move(elem));
    prologue.push_back(assign(makeVarRef(v), std::move(elem), loc));
  }
}

void FunctionLowerer::loopPieces(const clang::Stmt *s, LoopInfo &li,
                                 LoopPieces &p) {
  if (const auto *f = dyn_cast<ForStmt>(s)) {
    forPieces(f, li, p);
  } else if (const auto *w = dyn_cast<WhileStmt>(s)) {
    li.kind_name = "while";
    stmt(w->getConditionVariableDeclStmt(), p.cond_pre); // `while (T t = e)`
    p.cond = expr(w->getCond(), p.cond_pre);
    p.body = w->getBody();
  } else if (const auto *d = dyn_cast<DoStmt>(s)) {
    li.kind_name = "do";
    li.do_while = true;
    p.cond = expr(d->getCond(), p.cond_pre);
    p.body = d->getBody();
  } else {
    // for (T x : container): an index from 0 to the container's size.
    rangeForPieces(cast<CXXForRangeStmt>(s), li, p);
  }
}

void FunctionLowerer::generalLoop(LoopInfo &li, LoopPieces &p, Block inner,
                                  Var *exit_flag, SourceLocation loc) {
  li.init.push_back(setFlag(exit_flag, false, loc));
  auto exitUnless = [&](ExprPtr c, Block &into) {
    if (!c || (c->kind == ExprKind::Literal && c->text == "true"))
      return;
    StmtPtr test = makeIf(makeUnary(Op::Not, std::move(c)), {}, loc);
    test->then_block.push_back(setFlag(exit_flag, true, loc));
    into.push_back(std::move(test));
  };
  auto unlessExited = [&](Block b) {
    return makeIf(makeUnary(Op::Not, makeVarRef(exit_flag)), std::move(b), loc);
  };
  Block b;
  if (!li.do_while) {
    for (StmtPtr &s : p.cond_pre)
      b.push_back(std::move(s));
    exitUnless(std::move(p.cond), b);
    if (!p.step.empty())
      inner.push_back(unlessExited(std::move(p.step)));
    b.push_back(unlessExited(std::move(inner)));
  } else {
    b = std::move(inner);
    Block tail = std::move(p.cond_pre);
    exitUnless(std::move(p.cond), tail);
    b.push_back(unlessExited(std::move(tail)));
  }
  li.do_while = false;
  li.body = std::move(b);
}

void FunctionLowerer::loop(const clang::Stmt *s, Block &out) {
  SourceLocation loc = s->getBeginLoc();
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Loop;
  st->loc = makeLoc(ctx, loc);
  st->loop = std::make_unique<LoopInfo>();
  LoopInfo &li = *st->loop;
  loopMarks(loc, li);
  LoopPieces p;
  loopPieces(s, li, p);

  // The body, with its jumps turned into flags.
  JumpScan j = scanJumps(p.body);
  bool general = j.breaks || j.returns || !p.cond_pre.empty();
  LoopContext lc;
  if (general) {
    li.form = LoopInfo::Form::General;
    lc.exit_flag = flag(naming::breakFlag());
    li.exit_flag = lc.exit_flag;
  }
  if (j.continues)
    lc.skip_flag = flag(naming::continueFlag());
  loops.push_back(lc);
  Block inner;
  if (lc.skip_flag)
    inner.push_back(setFlag(lc.skip_flag, false, loc));
  for (StmtPtr &pro : p.prologue)
    inner.push_back(std::move(pro));
  stmt(p.body, inner);
  loops.pop_back();

  if (!general) {
    li.form = LoopInfo::Form::Structured;
    li.cond = std::move(p.cond);
    li.body = std::move(inner);
    li.step = std::move(p.step);
  } else {
    // General: repeat B until the exit flag is set, where B evaluates the
    // condition too (before the body, or after it for `do`).
    generalLoop(li, p, std::move(inner), lc.exit_flag, loc);
  }
  out.push_back(std::move(st));
}

} // namespace tangent
