//===- ValidateMultiArray.cpp - 2-D arrays given to callees ---------------===//
//
// Arguments of pointer parameters: an address (ValidatePointer.cpp), or,
// for a parameter pointing at rows (`const double b[][8]`, which is
// `const double (*b)[8]`), a whole local multi-dimensional array
// (`g(m)`), a row of a 3-D one (`g(t[i])`) or such a parameter of the
// caller passed on: tangent stores them flat (TypesMultiArray.cpp), so the
// callee gets a pointer to the first element, and its adjoint the
// caller's adjoint array likewise.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "frontend/Validator.h"

using namespace clang;

namespace tangent {

bool Validator::pointerArgument(const ParmVarDecl *p, const clang::Expr *arg) {
  const Use use = writesThroughPointer(p) ? Use::Target : Use::Value;
  Type rows;
  if (!p || !lowerMultiPointer(ctx_, p->getType(), rows)) {
    AddressArgument at;
    if (!addressArgument(p, arg, at))
      return false;
    address(at, use);
    return true;
  }
  AddressArgument at;
  const bool given = rowsArgument(ctx_, arg, at);
  if (given && namesRefused(at.lvalue ? at.lvalue : at.array))
    return true;            // its declaration was refused
  if (given && at.lvalue) { // a row of a 3-D array
    address(at, use);
    return true;
  }
  const VarDecl *vd = given ? namedVar(at.array) : nullptr;
  if (!vd || !scope_->vars.count(vd))
    refuse(arg->getBeginLoc(),
           "give the parameter '" + p->getNameAsString() + "' of type '" +
               p->getType().getAsString() +
               "' a whole local array (`f(m)` of `double m[3][8]`), a row "
               "of a 3-D one (`f(t[i])`) or such a parameter of this "
               "function as it is; copy other rows into a local array "
               "first (tangent stores multi-dimensional arrays flat)");
  return true;
}

bool Validator::rowsToCustomRule(const CallExpr *c, const FunctionDecl *fd) {
  for (const ParmVarDecl *p : fd->parameters())
    if (Type rows; lowerMultiPointer(ctx_, p->getType(), rows)) {
      refuse(c->getBeginLoc(),
             "the custom derivative of '" + fd->getNameAsString() +
                 "' cannot take its parameter '" + p->getNameAsString() +
                 "' of type '" + p->getType().getAsString() +
                 "' (tangent stores multi-dimensional arrays flat): take "
                 "a `const double *` to the first element, indexed i * n "
                 "+ j, in the function and its rule");
      return true;
    }
  return false;
}

} // namespace tangent
