//===- ValidateOpenMP.cpp - which OpenMP directives tangent accepts -------===//
//
// With -fopenmp, a differentiated function may contain `#pragma omp
// parallel for` loops with a static or dynamic schedule, collapse,
// `reduction(+: ...)` and `reduction(max: ...)`, and the data-sharing
// clauses that change nothing tangent relies on (shared, default(shared),
// private, firstprivate). Everything else OpenMP is refused here, at the
// directive or the clause: tasks, critical sections, atomics and the other
// constructs whose order of execution the reverse sweep cannot replay. A
// `#pragma omp parallel` region holds `omp for` loops and the ifs around
// them, or is a region of per-thread results (AstShapesThreads.cpp). Without
// -fopenmp the pragmas are not in the AST: the loops are ordinary loops.
// Whether the iterations are independent is decided on the IR
// (analysis/ParallelLoops.cpp), which refuses the rest at the loop.
//
//===----------------------------------------------------------------------===//
#include "frontend/Validator.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/Frontend/OpenMP/OMP.h"
#include <functional>
#include <set>

using namespace clang;

namespace tangent {

namespace {

std::string directiveName(const OMPExecutableDirective *d) {
  return "'#pragma omp " +
         llvm::omp::getOpenMPDirectiveName(d->getDirectiveKind()).str() + "'";
}

/// Why directive `d` (not a `parallel for`) is refused.
std::string whyRefused(const OMPExecutableDirective *d) {
  const std::string name = directiveName(d);
  const std::string only =
      "tangent differentiates '#pragma omp parallel for' loops (static or "
      "dynamic schedule, collapse, reduction(+) and reduction(max))";
  switch (d->getDirectiveKind()) {
  case llvm::omp::OMPD_task:
  case llvm::omp::OMPD_taskloop:
  case llvm::omp::OMPD_taskwait:
  case llvm::omp::OMPD_taskgroup:
  case llvm::omp::OMPD_taskyield:
    return name +
           " is not supported: tasks run in an order the reverse "
           "sweep cannot replay; " +
           only;
  case llvm::omp::OMPD_critical:
    return name + " is not supported: the order in which threads enter a "
                  "critical section changes from run to run, so its reverse "
                  "cannot be replayed; use a reduction clause";
  case llvm::omp::OMPD_atomic:
    return name + " is not supported: atomic updates (and captures) "
                  "happen in an order the reverse sweep cannot replay; use "
                  "a reduction clause";
  default:
    return name + " is not supported: " + only;
  }
}

bool constantPositive(const clang::Expr *e, ASTContext &ctx) {
  if (!e)
    return false;
  auto v = e->getIntegerConstantExpr(ctx);
  return v && v->isStrictlyPositive();
}

} // namespace

void Validator::VisitOMPExecutableDirective(const OMPExecutableDirective *d) {
  if (const auto *region = dyn_cast<OMPParallelDirective>(d);
      region && parallel_loops_ == 0) {
    ompClauses(region, false);
    const clang::Stmt *body =
        region->getInnermostCapturedStmt()->getCapturedStmt();
    if (const OMPForDirective *loop = threadSharesLoop(body))
      return threadShares(cast<CompoundStmt>(body), loop);
    parallelRegion(body);
    return;
  }
  // `#pragma omp simd`: the iterations may run in vector lanes, and
  // running them in order is one valid execution of the loop, the one the
  // generated code makes (without the pragma; lowered as the loop itself).
  if (const auto *simd = dyn_cast<OMPSimdDirective>(d))
    return stmt(simd->getInnermostCapturedStmt()->getCapturedStmt());
  const auto *pf = dyn_cast<OMPParallelForDirective>(d);
  if (!pf)
    return refuse(d->getBeginLoc(), whyRefused(d));
  parallelLoop(pf, false);
}

bool Validator::parallelRegion(const clang::Stmt *s) {
  // What every thread of the region runs: ifs (and blocks) around
  // worksharing loops, each a parallel loop of its own (LowerOpenMP.cpp).
  // The first other statement is refused, and the rest of the region left
  // (its loops would name what that statement declares).
  if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
    for (const clang::Stmt *child : cs->body())
      if (!parallelRegion(child))
        return false;
    return true;
  }
  if (const auto *is = dyn_cast<IfStmt>(s);
      is && !is->getInit() && !is->getConditionVariable()) {
    expr(is->getCond());
    return parallelRegion(is->getThen()) &&
           (!is->getElse() || parallelRegion(is->getElse()));
  }
  if (const auto *loop = dyn_cast<OMPForDirective>(s)) {
    parallelLoop(loop, true);
    return true;
  }
  if (isa<NullStmt>(s))
    return true;
  refuse(s->getBeginLoc(),
         "in a '#pragma omp parallel' region, tangent differentiates "
         "'#pragma omp for' loops and the ifs around them, or a region "
         "that stores per-thread results (declarations of each thread's "
         "values, one '#pragma omp for' loop, then the stores: `sums[tid] "
         "= sum;`); this statement would run on every thread: compute it "
         "before the region, or use a '#pragma omp parallel for' loop with "
         "a reduction");
  return false;
}

void Validator::threadShares(const CompoundStmt *body,
                             const OMPForDirective *loop) {
  // Each thread's private values, its share of the loop, the stores of its
  // results: one iteration per thread of a parallel loop over the team
  // (LowerOpenMP.cpp), its share of the loop as OpenMP's static schedule
  // would give it.
  for (const OMPClause *c : loop->clauses())
    if (isa<OMPReductionClause, OMPCollapseClause>(c))
      refuse(c->getBeginLoc(),
             "clause '" +
                 llvm::omp::getOpenMPClauseName(c->getClauseKind()).str() +
                 "' is not supported on the loop of a region that stores "
                 "per-thread results");
  const clang::Stmt *s = loop->getInnermostCapturedStmt()->getCapturedStmt();
  const auto *fs = dyn_cast<ForStmt>(s);
  const auto *cond =
      fs ? dyn_cast_or_null<BinaryOperator>(fs->getCond()) : nullptr;
  const auto *init = fs ? dyn_cast_or_null<DeclStmt>(fs->getInit()) : nullptr;
  const auto *index = init && init->isSingleDecl()
                          ? dyn_cast<VarDecl>(init->getSingleDecl())
                          : nullptr;
  const auto *inc =
      fs ? dyn_cast_or_null<UnaryOperator>(fs->getInc()) : nullptr;
  const auto *lhs =
      cond ? dyn_cast<DeclRefExpr>(cond->getLHS()->IgnoreParenImpCasts())
           : nullptr;
  if (!index || !cond || cond->getOpcode() != BO_LT || !lhs ||
      lhs->getDecl() != index || !inc || !inc->isIncrementOp())
    return refuse(s->getBeginLoc(),
                  "the loop of a region that stores per-thread results is "
                  "supported as `for (T i = a; i < b; ++i)`: each thread's "
                  "share is a range of it");
  // Its bounds are computed once, before the region (LowerOpenMP.cpp).
  std::set<const Decl *> declared;
  for (const clang::Stmt *child : body->body())
    if (const auto *ds = dyn_cast<DeclStmt>(child))
      declared.insert(ds->decl_begin(), ds->decl_end());
  std::function<const DeclRefExpr *(const clang::Stmt *)> regional =
      [&](const clang::Stmt *x) -> const DeclRefExpr * {
    if (const auto *d = dyn_cast_or_null<DeclRefExpr>(x);
        d && declared.count(d->getDecl()))
      return d;
    if (x)
      for (const clang::Stmt *child : x->children())
        if (const DeclRefExpr *d = regional(child))
          return d;
    return nullptr;
  };
  for (const clang::Expr *e :
       {static_cast<const clang::Expr *>(index->getInit()),
        static_cast<const clang::Expr *>(cond->getRHS())})
    if (const DeclRefExpr *d = regional(e))
      return refuse(d->getBeginLoc(),
                    "the bounds of the loop of a region that stores "
                    "per-thread results are read before the region: '" +
                        d->getDecl()->getNameAsString() +
                        "' is declared in it; declare it before the region");
  ++parallel_loops_;
  for (const clang::Stmt *child : body->body()) {
    if (child != loop) {
      stmt(child);
      continue;
    }
    ompClauses(loop, true);
    stmt(s);
  }
  threadCalls(body);
  --parallel_loops_;
}

void Validator::threadCalls(const clang::Stmt *s) {
  // The region's thread queries answer for the thread whose share runs;
  // a function called there that asks itself would ask the thread that
  // runs the generated code.
  if (!s)
    return;
  if (const auto *c = dyn_cast<CallExpr>(s);
      c && threadQuery(c) == ThreadQuery::None)
    if (const FunctionDecl *q = askedThreadQuery(c->getDirectCallee()))
      return refuse(c->getBeginLoc(),
                    "'" + c->getDirectCallee()->getNameAsString() +
                        "' calls '" + q->getNameAsString() +
                        "', which is not supported in a region that stores "
                        "per-thread results (only the region itself, or a "
                        "function that only returns it, asks for the "
                        "thread); store the thread's results in the region "
                        "itself (`sums[omp_get_thread_num()] = sum;`)");
  for (const clang::Stmt *child : s->children())
    threadCalls(child);
}

void Validator::parallelLoop(const OMPLoopDirective *pf, bool in_region) {
  if (parallel_loops_ > 0)
    return refuse(pf->getBeginLoc(),
                  "a '#pragma omp parallel for' inside another one is not "
                  "supported (nested parallel loops)");
  ompClauses(pf, in_region);
  const clang::Stmt *loop = pf->getInnermostCapturedStmt()->getCapturedStmt();
  while (const auto *as = dyn_cast<AttributedStmt>(loop))
    loop = as->getSubStmt();
  if (!isa<ForStmt>(loop))
    return refuse(loop->getBeginLoc(),
                  "a '#pragma omp parallel for' over a range-for is not "
                  "supported: write the loop with an index");
  ++parallel_loops_;
  stmt(loop);
  --parallel_loops_;
}

void Validator::ompClauses(const OMPExecutableDirective *pf, bool nowait_ok) {
  for (const OMPClause *c : pf->clauses()) {
    if (isa<OMPNowaitClause>(c) && nowait_ok)
      continue; // the loops run one after the other: a stricter order
    const std::string clause =
        "clause '" + llvm::omp::getOpenMPClauseName(c->getClauseKind()).str() +
        "'";
    if (const auto *sc = dyn_cast<OMPScheduleClause>(c)) {
      if (sc->getScheduleKind() != OMPC_SCHEDULE_static &&
          sc->getScheduleKind() != OMPC_SCHEDULE_dynamic)
        refuse(c->getBeginLoc(), "only schedule(static) and "
                                 "schedule(dynamic) are supported");
      else if (sc->getFirstScheduleModifier() !=
                   OMPC_SCHEDULE_MODIFIER_unknown ||
               sc->getSecondScheduleModifier() !=
                   OMPC_SCHEDULE_MODIFIER_unknown)
        refuse(c->getBeginLoc(), "schedule modifiers are not supported");
      else if (sc->getChunkSize() &&
               !constantPositive(sc->getChunkSize(), ctx_))
        refuse(c->getBeginLoc(), "the chunk size of a schedule must be a "
                                 "positive constant");
    } else if (const auto *cc = dyn_cast<OMPCollapseClause>(c)) {
      if (!constantPositive(cc->getNumForLoops(), ctx_))
        refuse(c->getBeginLoc(), "collapse needs a positive constant");
    } else if (const auto *rc = dyn_cast<OMPReductionClause>(c)) {
      const DeclarationName op = rc->getNameInfo().getName();
      const bool plus = op.getCXXOverloadedOperator() == OO_Plus;
      const bool max = op.isIdentifier() && op.getAsString() == "max";
      if (rc->getModifier() != OMPC_REDUCTION_unknown)
        refuse(c->getBeginLoc(), "reduction modifiers are not supported");
      else if (!plus && !max)
        refuse(c->getBeginLoc(),
               "reduction '" + op.getAsString() +
                   "' is not supported: only reduction(+: ...) and "
                   "reduction(max: ...) are differentiated");
      for (const clang::Expr *v : rc->varlists()) {
        const auto *dr = dyn_cast<DeclRefExpr>(v->IgnoreParenImpCasts());
        const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
        if (!vd || !(vd->getType()->isArithmeticType()) ||
            vd->getType()->isReferenceType())
          refuse(v->getExprLoc(), "a reduction over something other than a "
                                  "local scalar variable is not supported");
      }
    } else if (isa<OMPSharedClause, OMPPrivateClause, OMPFirstprivateClause>(
                   c)) {
      // Nothing to do: sharing is what the analysis finds anyway. A
      // firstprivate variable the body only reads is as good as shared;
      // one it writes must be written before it is read in each iteration
      // (as a private one), else the iterations are not independent
      // (analysis/ParallelLoops.cpp).
    } else if (const auto *dc = dyn_cast<OMPDefaultClause>(c)) {
      if (dc->getDefaultKind() != llvm::omp::OMP_DEFAULT_shared &&
          dc->getDefaultKind() != llvm::omp::OMP_DEFAULT_none)
        refuse(c->getBeginLoc(), "only default(shared) and default(none) "
                                 "are supported");
    } else {
      refuse(c->getBeginLoc(),
             clause + " is not supported on a differentiated parallel loop" +
                 (isa<OMPNumThreadsClause>(c)
                      ? " (set the team size with OMP_NUM_THREADS or "
                        "omp_set_num_threads)"
                      : ""));
    }
  }
}

} // namespace tangent
