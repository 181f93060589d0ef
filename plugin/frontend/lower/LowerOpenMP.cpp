//===- LowerOpenMP.cpp - lowering `#pragma omp parallel for` --------------===//
//
// The loop under the directive is lowered like any loop (LowerLoop.cpp); the
// directive's clauses become the loop's OmpLoop (ir/IR.h). The validator
// (frontend/ValidateOpenMP.cpp) accepted only the clauses read here. A
// region of per-thread results becomes a parallel loop over the team's
// threads (threadShares).
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"
#include "ir/IRWalk.h"
#include "ir/Support.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"
#include <set>

using namespace clang;

namespace tangent {

namespace {

long long constantOf(const clang::Expr *e, ASTContext &ctx) {
  if (!e)
    return 0;
  auto v = e->getIntegerConstantExpr(ctx);
  return v ? v->getExtValue() : 0;
}

/// The variables a private or firstprivate clause lists.
llvm::ArrayRef<const clang::Expr *> varlistOf(const OMPClause *c) {
  if (const auto *pc = dyn_cast<OMPPrivateClause>(c))
    return {pc->varlist_begin(), pc->varlist_end()};
  const auto *fc = cast<OMPFirstprivateClause>(c);
  return {fc->varlist_begin(), fc->varlist_end()};
}

} // namespace

void FunctionLowerer::VisitOMPParallelDirective(const OMPParallelDirective *d,
                                                Block &out) {
  if (const OMPForDirective *loop =
          threadSharesLoop(d->getInnermostCapturedStmt()->getCapturedStmt()))
    return threadShares(d, loop, out);
  // A region of worksharing loops and the ifs around them (validated): each
  // `omp for` a parallel loop of its own, in order. A `nowait` lets a thread
  // start the next loop early, which the program's loops must allow (no
  // dependence between them); running them one after the other is one of
  // the orders OpenMP permits.
  stmt(d->getInnermostCapturedStmt()->getCapturedStmt(), out);
}

void FunctionLowerer::threadShares(const OMPParallelDirective *d,
                                   const OMPForDirective *loop, Block &out) {
  // for (int thread = 0; thread < threads; thread = thread + 1): a parallel
  // loop, each iteration the region as one thread runs it, its queries
  // answered for that thread, its `omp for` over that thread's share.
  SourceLocation loc = d->getBeginLoc();
  Var *team = temp(intType(), naming::threads());
  auto size = std::make_unique<tangent::Expr>();
  size->kind = ExprKind::InactiveCall;
  size->text = "omp_get_max_threads";
  size->type = intType();
  out.push_back(assign(makeVarRef(team), std::move(size), loc));
  StmtPtr st =
      indexLoop("thread", naming::thread(), intType(), makeVarRef(team), loc);
  LoopInfo &li = *st->loop;
  Var *thread = li.init.front()->lhs->var;
  thread_ = thread;
  team_ = team;
  Var *share = nullptr;
  const auto *body =
      cast<CompoundStmt>(d->getInnermostCapturedStmt()->getCapturedStmt());
  for (const clang::Stmt *s : body->body()) {
    if (s != loop) {
      stmt(s, li.body);
      continue;
    }
    stmt(loop->getInnermostCapturedStmt()->getCapturedStmt(), li.body);
    TANGENT_ASSERT(!li.body.empty() && li.body.back()->kind == StmtKind::Loop,
                   "an omp for did not lower to a loop");
    share = threadShare(*li.body.back()->loop, loop->getBeginLoc(), out);
    if (!share)
      continue;
    // Its bounds are evaluated before the region: nothing the region
    // computes on the way (a call's result) may go into them.
    StmtPtr inner = std::move(li.body.back());
    li.body.pop_back();
    std::set<const Var *> region;
    forEachStmt(li.body, [&](const Stmt &x, int) {
      forEachWrite(x, [&](Var *v, bool) { region.insert(v); });
    });
    bool reads = false;
    for (const Expr *e :
         {inner->loop->init.front()->rhs.get(), inner->loop->cond.get()})
      forEachRead(*e, [&](Var *v) { reads |= region.count(v) > 0; });
    li.body.push_back(std::move(inner));
    if (reads)
      addRefusal(lowering_.refusals,
                 {Refusal::Source::Lowering, makeLoc(ctx, loop->getBeginLoc()),
                  "the bounds of the loop of a region that stores per-thread "
                  "results are computed by a call; compute them before the "
                  "region",
                  fn_});
  }
  thread_ = team_ = nullptr;
  auto omp = std::make_unique<OmpLoop>();
  omp->loc = makeLoc(ctx, loc);
  omp->schedule = OmpLoop::Schedule::Static;
  omp->chunk = 1;
  omp->share_index = share;
  for (const OMPClause *c : d->clauses())
    if (isa<OMPPrivateClause, OMPFirstprivateClause>(c))
      for (const clang::Expr *v : varlistOf(c))
        if (const auto *dr = dyn_cast<DeclRefExpr>(v->IgnoreParenImpCasts()))
          if (auto it = vars.find(dyn_cast<VarDecl>(dr->getDecl()));
              it != vars.end())
            omp->declared_private.push_back(it->second);
  li.omp = std::move(omp);
  out.push_back(std::move(st));
}

Var *FunctionLowerer::threadShare(LoopInfo &li, SourceLocation loc,
                                  Block &before) {
  // `for (i = a; i < b; ...)` (validated: a and b computed before the
  // region) from a + t n / T to a + (t + 1) n / T, with n = b - a (0 if b <
  // a) computed once before the region: the thread's range of the
  // iterations, every iteration in exactly one, its bounds evaluated again
  // in the reverse sweep.
  Stmt *init = li.init.size() == 1 ? li.init.front().get() : nullptr;
  if (!init || init->kind != StmtKind::Assign || !li.cond ||
      li.cond->kind != ExprKind::Binary || li.cond->op != Op::Lt) {
    // `i < m.count()`: a condition that calls is evaluated in the body.
    addRefusal(lowering_.refusals,
               {Refusal::Source::Lowering, makeLoc(ctx, loc),
                "the bounds of the loop of a region that stores per-thread "
                "results are computed by a call; compute them before the "
                "region",
                fn_});
    return nullptr;
  }
  const Type it = init->lhs->type;
  ExprPtr start = std::move(init->rhs);
  ExprPtr bound = std::move(li.cond->ops[1]);
  Var *n = temp(it, naming::valueTemp());
  auto count = std::make_unique<tangent::Expr>();
  count->kind = ExprKind::Cond;
  count->type = it;
  count->ops.push_back(
      makeBinary(Op::Lt, start->clone(), bound->clone(), boolType()));
  count->ops.push_back(
      makeBinary(Op::Sub, std::move(bound), start->clone(), it));
  count->ops.push_back(makeIntLiteral(0, it));
  before.push_back(assign(makeVarRef(n), std::move(count), loc));
  auto edge = [&](long long plus) {
    ExprPtr t = makeCast(it, makeVarRef(thread_));
    if (plus)
      t = makeBinary(Op::Add, std::move(t), makeIntLiteral(plus, it), it);
    ExprPtr part = makeBinary(
        Op::Div, makeBinary(Op::Mul, std::move(t), makeVarRef(n), it),
        makeCast(it, makeVarRef(team_)), it);
    return makeBinary(Op::Add, start->clone(), std::move(part), it);
  };
  init->rhs = edge(0);
  li.cond->ops[1] = edge(1);
  return init->lhs->var;
}

void FunctionLowerer::VisitOMPForDirective(const OMPForDirective *d,
                                           Block &out) {
  parallelLoop(d, out);
}

void FunctionLowerer::VisitOMPSimdDirective(const OMPSimdDirective *d,
                                            Block &out) {
  stmt(d->getInnermostCapturedStmt()->getCapturedStmt(), out); // in order
}

void FunctionLowerer::VisitOMPParallelForDirective(
    const OMPParallelForDirective *d, Block &out) {
  parallelLoop(d, out);
}

void FunctionLowerer::parallelLoop(const OMPLoopDirective *d, Block &out) {
  const clang::Stmt *loop = d->getInnermostCapturedStmt()->getCapturedStmt();
  stmt(loop, out);
  TANGENT_ASSERT(!out.empty() && out.back()->kind == StmtKind::Loop,
                 "a parallel for did not lower to a loop");
  auto omp = std::make_unique<OmpLoop>();
  omp->loc = makeLoc(ctx, d->getBeginLoc());
  for (const OMPClause *c : d->clauses()) {
    if (const auto *sc = dyn_cast<OMPScheduleClause>(c)) {
      omp->schedule = sc->getScheduleKind() == OMPC_SCHEDULE_dynamic
                          ? OmpLoop::Schedule::Dynamic
                          : OmpLoop::Schedule::Static;
      omp->chunk = constantOf(sc->getChunkSize(), ctx);
    } else if (const auto *cc = dyn_cast<OMPCollapseClause>(c)) {
      omp->collapse = static_cast<int>(constantOf(cc->getNumForLoops(), ctx));
    } else if (isa<OMPPrivateClause, OMPFirstprivateClause>(c)) {
      // firstprivate: private where the body writes it (before it reads it,
      // checked by the analysis), shared where it only reads it.
      for (const clang::Expr *v : varlistOf(c))
        if (const auto *dr = dyn_cast<DeclRefExpr>(v->IgnoreParenImpCasts()))
          if (auto it = vars.find(dyn_cast<VarDecl>(dr->getDecl()));
              it != vars.end())
            omp->declared_private.push_back(it->second);
    } else if (const auto *rc = dyn_cast<OMPReductionClause>(c)) {
      const DeclarationName op = rc->getNameInfo().getName();
      const OmpLoop::Reduction::Kind kind =
          op.getCXXOverloadedOperator() == OO_Plus
              ? OmpLoop::Reduction::Kind::Sum
              : OmpLoop::Reduction::Kind::Max;
      for (const clang::Expr *v : rc->varlists()) {
        const auto *dr = cast<DeclRefExpr>(v->IgnoreParenImpCasts());
        auto it = vars.find(cast<VarDecl>(dr->getDecl()));
        TANGENT_ASSERT(it != vars.end(),
                       "a reduction over an unknown variable");
        omp->reductions.push_back({kind, it->second});
      }
    }
  }
  out.back()->loop->omp = std::move(omp);
}

} // namespace tangent
