//===- ValidateMPI.cpp - which MPI calls tangent differentiates -----------===//
//
// A differentiated function may call the MPI functions of ir/Mpi.h, as
// statements, on double data: buffers `&x` (a double variable), `&v[k]`,
// `v.data()` or `v.data() + k` (a std::vector<double> or std::array of
// double), MPI_DOUBLE, MPI_SUM (and MPI_MAX for MPI_Allreduce),
// MPI_COMM_WORLD, MPI_STATUS_IGNORE, ranks and tags that are not wildcards.
// Everything else MPI is refused at the call or the argument, with the
// reason: one-sided communication, other datatypes, wildcard receives, the
// other functions. The generated code calls the runtime's adjoinable MPI
// layer, so the translation unit must include <tangent/mpi.hpp>.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "frontend/Validator.h"
#include "ir/Mpi.h"

using namespace clang;

namespace tangent {

namespace {

/// `v[k]` through the container's operator[]: `v` and `k`.
bool subscriptOf(const clang::Expr *x, const clang::Expr *&base,
                 const clang::Expr *&index) {
  const auto *op = dyn_cast<CXXOperatorCallExpr>(x);
  if (!op || op->getOperator() != OO_Subscript || op->getNumArgs() != 2)
    return false;
  base = op->getArg(0)->IgnoreParenImpCasts();
  index = op->getArg(1);
  return true;
}

bool startsWith(const std::string &s, const char *prefix) {
  return s.rfind(prefix, 0) == 0;
}

/// Why MPI function `name` (not in the table) is refused.
std::string whyRefused(const std::string &name) {
  if (startsWith(name, "MPI_Put") || startsWith(name, "MPI_Get") ||
      startsWith(name, "MPI_Accumulate") || startsWith(name, "MPI_Win_") ||
      startsWith(name, "MPI_Rput") || startsWith(name, "MPI_Rget") ||
      startsWith(name, "MPI_Fetch_and_op") ||
      startsWith(name, "MPI_Compare_and_swap"))
    return "'" + name +
           "' is not supported: one-sided communication has no matching "
           "call on the other rank, so its reverse cannot be generated";
  return "'" + name + "' is not supported: tangent differentiates " +
         supportedMpiFunctions();
}

} // namespace

bool Validator::isMpiCall(const CallExpr *c) const {
  const FunctionDecl *fd = c->getDirectCallee();
  return fd && !fd->hasBody() &&
         fd->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
         fd->getIdentifier() && fd->getName().starts_with("MPI_");
}

void Validator::mpiCall(const CallExpr *c) {
  const FunctionDecl *fd = c->getDirectCallee();
  const std::string name = fd->getNameAsString();
  SourceLocation loc = c->getBeginLoc();
  const MpiFunction *f = findMpiFunction(name);
  if (!f)
    return refuse(loc, whyRefused(name));
  if (c->getNumArgs() != f->args.size())
    return refuse(loc, "unexpected number of arguments to '" + name + "'");
  if (*f->runtime && !hasTangentMpi())
    return refuse(loc, "'" + name +
                           "' in a differentiated function needs the "
                           "adjoinable MPI layer: #include <tangent/mpi.hpp>");
  for (unsigned i = 0; i < c->getNumArgs(); ++i) {
    const clang::Expr *a = c->getArg(i);
    const std::string text = spelledAs(a, ctx_);
    SourceLocation at = a->getExprLoc();
    switch (f->args[i]) {
    case MpiArg::SendBuffer:
    case MpiArg::RecvBuffer:
    case MpiArg::InOutBuffer:
      if (text == "MPI_IN_PLACE") {
        refuse(at, "MPI_IN_PLACE is not supported: use separate send and "
                   "receive buffers");
        break;
      }
      mpiBuffer(a, f->args[i] != MpiArg::SendBuffer);
      break;
    case MpiArg::Datatype:
      if (text != "MPI_DOUBLE")
        refuse(at, "'" + name + "' on '" + text +
                       "' data: only MPI_DOUBLE data is differentiated");
      break;
    case MpiArg::Source:
    case MpiArg::RecvTag:
      if (text == "MPI_ANY_SOURCE" || text == "MPI_ANY_TAG") {
        refuse(at, "a wildcard receive (" + text +
                       ") is not supported: which message it matches can "
                       "change from run to run, so the reverse sweep cannot "
                       "replay it; name the source rank and the tag");
        break;
      }
      expr(a);
      break;
    case MpiArg::Count:
    case MpiArg::Rank:
    case MpiArg::Tag:
      if (!a->getType()->isIntegerType())
        refuse(at, "an integer is expected here");
      else
        expr(a);
      break;
    case MpiArg::Op:
      if (text != "MPI_SUM" && !(f->max_allowed && text == "MPI_MAX"))
        refuse(at, "'" + name + "' with '" + text + "': only MPI_SUM" +
                       (f->max_allowed ? " and MPI_MAX are" : " is") +
                       " differentiated");
      break;
    case MpiArg::Comm:
      if (text != "MPI_COMM_WORLD" && text != "MPI_COMM_SELF")
        refuse(at, "the communicator '" + text +
                       "' is not supported: use MPI_COMM_WORLD");
      break;
    case MpiArg::Status:
    case MpiArg::Statuses:
      if (text != (f->args[i] == MpiArg::Status ? "MPI_STATUS_IGNORE"
                                                : "MPI_STATUSES_IGNORE"))
        refuse(at, "pass " +
                       std::string(f->args[i] == MpiArg::Status
                                       ? "MPI_STATUS_IGNORE"
                                       : "MPI_STATUSES_IGNORE") +
                       ": status objects are not supported in differentiated "
                       "functions");
      break;
    case MpiArg::Request: {
      // `&r`, `&r[k]` or `r` (an array), of this function's MPI_Request
      // variables.
      const clang::Expr *x = a->IgnoreParenImpCasts();
      if (const auto *u = dyn_cast<UnaryOperator>(x);
          u && u->getOpcode() == UO_AddrOf)
        x = u->getSubExpr()->IgnoreParenImpCasts();
      const clang::Expr *index = nullptr;
      if (const auto *sub = dyn_cast<ArraySubscriptExpr>(x)) {
        index = sub->getIdx();
        x = sub->getBase()->IgnoreParenImpCasts();
      }
      const auto *dr = dyn_cast<DeclRefExpr>(x);
      const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
      Type t;
      if (!vd || !scope_->vars.count(vd) ||
          !lowerType(ctx_, vd->getType(), t) ||
          t.scalarSpelling() != "MPI_Request" || t.spelling.empty())
        refuse(at, "pass a request variable of this function: `&r`, "
                   "`&r[k]` or an array `r` of MPI_Request");
      else if (index)
        expr(index);
      break;
    }
    case MpiArg::IntOut: {
      const auto *u = dyn_cast<UnaryOperator>(a->IgnoreParenImpCasts());
      const auto *dr =
          u && u->getOpcode() == UO_AddrOf
              ? dyn_cast<DeclRefExpr>(u->getSubExpr()->IgnoreParenImpCasts())
              : nullptr;
      const auto *vd = dr ? dyn_cast<VarDecl>(dr->getDecl()) : nullptr;
      if (!vd || !vd->getType()->isIntegerType() || !scope_->vars.count(vd))
        refuse(at, "pass the address of a local int variable (`&n`)");
      break;
    }
    }
  }
}

bool Validator::hasTangentMpi() const {
  auto *tu = ctx_.getTranslationUnitDecl();
  for (const NamedDecl *d : tu->lookup(&ctx_.Idents.get("tangent")))
    if (const auto *ns = dyn_cast<NamespaceDecl>(d))
      for (const NamedDecl *m : ns->lookup(&ctx_.Idents.get("mpi")))
        if (isa<NamespaceDecl>(m))
          return true;
  return false;
}

void Validator::mpiBuffer(const clang::Expr *a, bool written) {
  SourceLocation at = a->getExprLoc();
  const clang::Expr *e = a->IgnoreParenImpCasts();
  auto isDoubleContainer = [&](const clang::Expr *v) {
    Type t;
    return namesContainer(v) && lowerType(ctx_, v->getType(), t) &&
           (t.kind == TypeKind::Vector || t.kind == TypeKind::Array) &&
           !t.isNested() && t.elem_spelling == "double";
  };
  // `&x` or `&v[k]`.
  if (const auto *u = dyn_cast<UnaryOperator>(e);
      u && u->getOpcode() == UO_AddrOf) {
    const clang::Expr *x = u->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *dr = dyn_cast<DeclRefExpr>(x)) {
      const auto *vd = dyn_cast<VarDecl>(dr->getDecl());
      if (vd && scope_->vars.count(vd) &&
          vd->getType().getNonReferenceType()->isSpecificBuiltinType(
              BuiltinType::Double) &&
          (!written || !vd->getType().getNonReferenceType().isConstQualified()))
        return expr(x, written ? Use::Target : Use::Value);
    } else if (const clang::Expr *base = nullptr, *index = nullptr;
               subscriptOf(x, base, index) && isDoubleContainer(base)) {
      return expr(x, written ? Use::Target : Use::Value);
    }
  }
  // `v.data()` or `v.data() + k`.
  const clang::Expr *base = dataObject(e);
  if (const auto *b = dyn_cast<BinaryOperator>(e);
      !base && b && b->getOpcode() == BO_Add) {
    base = dataObject(b->getLHS());
    if (base)
      expr(b->getRHS());
  }
  if (base && isDoubleContainer(base))
    return expr(base->IgnoreParenImpCasts(),
                written ? Use::Target : Use::Value);
  refuse(at, "an MPI buffer must be `&x` (a double variable), `&v[k]`, "
             "`v.data()` or `v.data() + k` (a std::vector<double> or "
             "std::array of double of this function)");
}

} // namespace tangent
