//===- AstShapesThreads.cpp - OpenMP regions of per-thread results --------===//
//
// The classic hand-written reduction of OpenMP code: a parallel region whose
// threads each compute a private partial result over their share of an
// `omp for` loop and store it in a slot of their own, combined after the
// region (`sums[omp_get_thread_num()] = sum;`, a hydro code's per-thread
// time-step minima). The validator (ValidateOpenMP.cpp) and the lowering
// (LowerOpenMP.cpp, threadShares) both read the region's shape and its
// thread queries through this file.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "clang/AST/Decl.h"
#include "clang/AST/StmtOpenMP.h"
#include <set>

using namespace clang;

namespace tangent {

namespace {

/// `omp_get_thread_num` and `omp_get_num_threads` of the OpenMP runtime.
ThreadQuery runtimeQuery(const FunctionDecl *fd) {
  if (!fd || !fd->getIdentifier() || fd->hasBody())
    return ThreadQuery::None;
  if (fd->getName() == "omp_get_thread_num")
    return ThreadQuery::ThreadNum;
  if (fd->getName() == "omp_get_num_threads")
    return ThreadQuery::NumThreads;
  return ThreadQuery::None;
}

bool containsDirective(const clang::Stmt *s) {
  if (!s)
    return false;
  if (isa<OMPExecutableDirective>(s))
    return true;
  for (const clang::Stmt *child : s->children())
    if (containsDirective(child))
      return true;
  return false;
}

} // namespace

ThreadQuery threadQuery(const CallExpr *c) {
  const FunctionDecl *fd = c ? c->getDirectCallee() : nullptr;
  if (!fd || c->getNumArgs() != 0)
    return ThreadQuery::None;
  if (ThreadQuery q = runtimeQuery(fd); q != ThreadQuery::None)
    return q;
  // A function of yours that only returns one (`int thread_num() { return
  // omp_get_thread_num(); }`).
  const FunctionDecl *def = fd->getDefinition();
  const auto *body =
      def ? dyn_cast_or_null<CompoundStmt>(def->getBody()) : nullptr;
  if (!body || body->size() != 1 || def->getNumParams() != 0)
    return ThreadQuery::None;
  const auto *ret = dyn_cast<ReturnStmt>(body->body_front());
  const auto *call =
      ret && ret->getRetValue()
          ? dyn_cast<CallExpr>(ret->getRetValue()->IgnoreParenImpCasts())
          : nullptr;
  return call && call->getDirectCallee() != fd ? threadQuery(call)
                                               : ThreadQuery::None;
}

const FunctionDecl *askedThreadQuery(const FunctionDecl *fd) {
  std::set<const FunctionDecl *> seen;
  std::function<const FunctionDecl *(const clang::Stmt *)> scan =
      [&](const clang::Stmt *s) -> const FunctionDecl * {
    if (!s)
      return nullptr;
    if (const auto *c = dyn_cast<CallExpr>(s)) {
      const FunctionDecl *callee = c->getDirectCallee();
      if (runtimeQuery(callee) != ThreadQuery::None)
        return callee;
      if (const FunctionDecl *def = callee ? callee->getDefinition() : nullptr;
          def && seen.insert(def).second)
        if (const FunctionDecl *q = scan(def->getBody()))
          return q;
    }
    for (const clang::Stmt *child : s->children())
      if (const FunctionDecl *q = scan(child))
        return q;
    return nullptr;
  };
  const FunctionDecl *def = fd ? fd->getDefinition() : nullptr;
  return def && seen.insert(def).second ? scan(def->getBody()) : nullptr;
}

const OMPForDirective *threadSharesLoop(const clang::Stmt *region) {
  const auto *body = dyn_cast<CompoundStmt>(region);
  if (!body)
    return nullptr;
  const OMPForDirective *loop = nullptr;
  for (const clang::Stmt *s : body->body()) {
    if (const auto *f = dyn_cast<OMPForDirective>(s)) {
      if (loop)
        return nullptr; // two loops: a region of loops (parallelRegion)
      loop = f;
      continue;
    }
    // Before the loop, the thread's private values; after it, the stores
    // of its results.
    if (!(loop ? isa<clang::Expr, DeclStmt, NullStmt>(s)
               : isa<DeclStmt, NullStmt>(s)) ||
        containsDirective(s))
      return nullptr;
  }
  const auto *rest = loop ? body->body_back() : nullptr;
  return loop && rest != loop ? loop : nullptr;
}

} // namespace tangent
