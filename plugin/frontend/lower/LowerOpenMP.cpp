//===- LowerOpenMP.cpp - lowering `#pragma omp parallel for` --------------===//
//
// The loop under the directive is lowered like any loop (LowerLoop.cpp); the
// directive's clauses become the loop's OmpLoop (ir/IR.h). The validator
// (frontend/ValidateOpenMP.cpp) accepted only the clauses read here.
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"
#include "ir/Support.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"

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
  // A region of worksharing loops and the ifs around them (validated): each
  // `omp for` a parallel loop of its own, in order. A `nowait` lets a thread
  // start the next loop early, which the program's loops must allow (no
  // dependence between them); running them one after the other is one of
  // the orders OpenMP permits.
  stmt(d->getInnermostCapturedStmt()->getCapturedStmt(), out);
}

void FunctionLowerer::VisitOMPForDirective(const OMPForDirective *d,
                                           Block &out) {
  parallelLoop(d, out);
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
