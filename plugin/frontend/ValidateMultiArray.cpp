//===- ValidateMultiArray.cpp - indexing, and 2-D arrays given to callees -===//
//
// Indexing (`x[i]`): of a named array, vector or pointer, of a container
// field, of an element of a multi-dimensional local array (`m[i][j]`), of
// a row of an index table (`regions[r][i]`, `int **`).
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

// A row `m[i]` of a multi-dimensional C array anywhere but a pointer
// argument or a view: a reference to it, pointer arithmetic on it or the
// whole array would need the array's shape, which tangent flattens.
const char *const multiArrayRowProblem =
    "a row of a multi-dimensional array (`m[i]`) is supported only as the "
    "argument of a `double *` or `const double *` parameter (`dot(m[i], v, "
    "3)`) or as a pointer local's initializer (`const double *r = m[i];`); "
    "write an address inside a row as `&m[i][k]`, and index its elements "
    "(`m[i][j]`) anywhere else";

// A whole multi-dimensional array, or one that is not a local variable.
const char *const multiArrayWholeProblem =
    "a multi-dimensional array is supported as a local variable, indexed "
    "(`m[i][j]`), given whole to a parameter pointing at rows (`const "
    "double m[][3]`) or by rows to pointer parameters (`f(m[i])`); copy "
    "it into a local array, or use one flat std::vector<double> indexed "
    "i * n + j";

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

void Validator::subscript(const ArraySubscriptExpr *e) {
  const clang::Expr *base = e->getBase()->IgnoreParenImpCasts();
  if (namesRefused(base))
    return; // its declaration was refused
  if (MultiArrayAccess ma; multiArrayAccess(ctx_, e, ma) &&
                           (!ma.var || scope_->vars.count(ma.var))) {
    // `m[i][j]` of a multi-dimensional local array: one element of its flat
    // storage. A row alone is an address: only a pointer argument takes it
    // (address()); anywhere else it would need the array's shape.
    if (!ma.element())
      return refuse(e->getBeginLoc(), multiArrayRowProblem);
    for (const clang::Expr *index : ma.indices)
      expr(index);
    return;
  }
  // `table[r][i]` of an index table (`int **`): an integer of its row.
  if (const auto *row = dyn_cast<ArraySubscriptExpr>(base);
      row && row->getType()->isPointerType() &&
      row->getType()->getPointeeType()->isIntegralOrEnumerationType()) {
    subscript(row);
    return expr(e->getIdx());
  }
  const clang::Expr *root = base;
  while (const auto *s = dyn_cast<ArraySubscriptExpr>(root))
    root = s->getBase()->IgnoreParenImpCasts();
  if (Type mt; lowerMultiArray(ctx_, root->getType(), mt))
    return refuse(e->getBeginLoc(), multiArrayWholeProblem);
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(base);
      op && op->getOperator() == OO_Subscript && namesRefused(op->getArg(0)))
    return; // an element of a refused container
  if (globalContainer(base))
    return; // ValidateGlobal.cpp
  if (!namesContainer(base, /*or_pointer=*/true) && !containerMember(base) &&
      !pointerMember(base))
    return refuse(e->getBeginLoc(),
                  isa<DeclRefExpr>(base)
                      ? "indexing this expression is not supported; index a "
                        "named array, vector or pointer parameter"
                      : "pointer arithmetic is not supported");
  expr(e->getIdx());
}

void Validator::element(const clang::Expr *base, const clang::Expr *index,
                        SourceLocation loc) {
  if (globalContainer(base))
    return; // ValidateGlobal.cpp
  if (!namesContainer(base, /*or_pointer=*/true) && !containerMember(base) &&
      !pointerMember(base) && !namesRow(base))
    return refuse(loc, "indexing this expression is not supported; index a "
                       "named array, vector or pointer parameter");
  expr(index);
}

} // namespace tangent
