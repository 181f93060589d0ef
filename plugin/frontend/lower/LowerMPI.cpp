//===- LowerMPI.cpp - lowering MPI calls
//------------------------------------===//
//
// An MPI call (ir/Mpi.h) becomes a Call statement with `mpi` set and no
// callee: a buffer argument becomes the element it starts at (`x` for `&x`,
// `v[k]` for `&v[k]` and `v.data() + k`, `v[0]` for `v.data()`), marked as
// an output when the call writes it; counts, ranks and tags are ordinary
// integer expressions; datatypes, operations, communicators and statuses
// are literals spelled as the user wrote them (the validator accepted only
// MPI's own names, frontend/ValidateMPI.cpp).
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"
#include "ir/Mpi.h"
#include "ir/Support.h"

using namespace clang;

namespace tangent {

bool FunctionLowerer::mpiStatement(const CallExpr *c, Block &out) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd || fd->hasBody() || !fd->getIdentifier())
    return false;
  const MpiFunction *f = findMpiFunction(fd->getNameAsString());
  if (!f)
    return false;
  SourceLocation loc = c->getBeginLoc();
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Call;
  st->loc = makeLoc(ctx, loc);
  st->mpi = f;
  const Type size_type = intType("std::size_t");
  for (unsigned i = 0; i < c->getNumArgs(); ++i) {
    const clang::Expr *a = c->getArg(i);
    const MpiArg role = f->args[i];
    bool output = false;
    ExprPtr e;
    switch (role) {
    case MpiArg::SendBuffer:
    case MpiArg::RecvBuffer:
    case MpiArg::InOutBuffer: {
      output = role != MpiArg::SendBuffer;
      const clang::Expr *x = a->IgnoreParenImpCasts();
      if (const auto *u = dyn_cast<UnaryOperator>(x);
          u && u->getOpcode() == UO_AddrOf) {
        e = expr(u->getSubExpr(), out);
      } else if (const clang::Expr *v = dataObject(x)) {
        e = makeIndex(expr(v, out), makeIntLiteral(0, size_type));
      } else if (const auto *b = dyn_cast<BinaryOperator>(x)) {
        TANGENT_ASSERT(dataObject(b->getLHS()),
                       "an MPI buffer of another shape");
        e = makeIndex(expr(dataObject(b->getLHS()), out),
                      expr(b->getRHS(), out));
      }
      TANGENT_ASSERT(
          e && (e->kind == ExprKind::VarRef || e->kind == ExprKind::Index),
          "an MPI buffer of another shape");
      break;
    }
    case MpiArg::Count:
    case MpiArg::Source:
    case MpiArg::Rank:
    case MpiArg::Tag:
    case MpiArg::RecvTag:
      e = expr(a, out);
      break;
    case MpiArg::IntOut: {
      const auto *u = cast<UnaryOperator>(a->IgnoreParenImpCasts());
      e = expr(u->getSubExpr(), out);
      output = true;
      break;
    }
    case MpiArg::Request: { // `&r`, `&r[k]`: r or r[k]; an array `r`: r
      const clang::Expr *x = a->IgnoreParenImpCasts();
      if (const auto *u = dyn_cast<UnaryOperator>(x);
          u && u->getOpcode() == UO_AddrOf)
        x = u->getSubExpr();
      e = expr(x, out);
      output = true;
      break;
    }
    case MpiArg::Statuses:
    case MpiArg::Datatype:
    case MpiArg::Op:
    case MpiArg::Comm:
    case MpiArg::Status:
      e = makeLiteral(spelledAs(a, ctx), Type{});
      break;
    }
    st->args.push_back(std::move(e));
    st->arg_is_output.push_back(output);
  }
  out.push_back(std::move(st));
  return true;
}

} // namespace tangent
