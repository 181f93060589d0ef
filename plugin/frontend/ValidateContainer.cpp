//===- ValidateContainer.cpp - refusals of container operations ----------===//
//
// The container half of the allow-list (Validator.h): std::vector's
// size-changing members (push_back, pop_back, resize...) and ends (back,
// front, empty), swaps, the standard algorithms over whole containers, and
// what names a container (namedVar, namesContainer, namesRow).
// The lowering is frontend/lower/LowerVector.cpp and LowerAlgorithm.cpp.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "frontend/Validator.h"

using namespace clang;

namespace tangent {

void Validator::containerStatement(const CallExpr *c,
                                   const ContainerMember &cm) {
  using K = ContainerMember::Kind;
  SourceLocation loc = c->getBeginLoc();
  const clang::Expr *v = cm.container;
  if (namesRefused(v))
    return; // its declaration was refused
  const std::string what = std::string("'") + cm.name + "'";
  if (cm.kind == K::PushBack && !cm.at_end)
    return refuse(loc, "insert is supported at the end of a vector only "
                       "(v.insert(v.end(), x)); elsewhere, write the loop "
                       "that moves the elements");
  if (Type vt; lowerType(ctx_, v->getType(), vt) && vt.isNested())
    return rowsStatement(c, cm);
  const CXXRecordDecl *elem = splitElement(v->getType());
  if (elem) {
    object(v, Use::Target);
  } else if (!namesContainer(v) && !containerMember(v)) {
    return refuse(loc, what + " is supported on a named vector (a variable, "
                              "a parameter or a field of an object)");
  }
  if (cm.kind == K::PushBack) {
    if (cm.args.size() != 1)
      return refuse(loc, what + " with " + std::to_string(cm.args.size()) +
                             " arguments is not supported; write " +
                             (elem ? "push_back(T{...})" : "push_back(x)"));
    const clang::Expr *x = cm.args[0];
    if (elem) {
      if (splitClass(x->getType()) != elem)
        return refuse(x->getBeginLoc(),
                      what + " of a vector of objects takes an object of its "
                             "element type; write push_back(T{...})");
      return object(x);
    }
    Type t;
    if (!lowerType(ctx_, x->getType(), t) || !(t.isReal() || t.isIntegral()))
      return refuse(x->getBeginLoc(), what + " of a '" +
                                          x->getType().getAsString() +
                                          "' is not supported");
    return expr(x);
  }
  if (cm.kind == K::Resize && elem && cm.args.size() == 1 &&
      !elem->hasTrivialDefaultConstructor())
    return refuse(loc, "resize(n) of a vector of '" + elem->getNameAsString() +
                           "' would build new elements with its constructor "
                           "or default member initializers, which tangent "
                           "does not lower here; write resize(n, value) or "
                           "push_back");
  for (size_t i = 0; i < cm.args.size(); ++i) {
    if (i == 1 && elem)
      object(cm.args[i]);
    else
      expr(cm.args[i]);
  }
}

void Validator::rowsStatement(const CallExpr *c, const ContainerMember &cm) {
  using K = ContainerMember::Kind;
  SourceLocation loc = c->getBeginLoc();
  const std::string what = std::string("'") + cm.name + "'";
  if (!namesContainer(cm.container) && !containerMember(cm.container))
    return refuse(loc, what + " is supported on a named vector of vectors (a "
                              "variable, a parameter or a field of an "
                              "object)");
  // A new row: a vector (named, a row of another, built, returned), or
  // emplace_back's constructor arguments `()` / `(n, x)`.
  if (cm.kind == K::PushBack && cm.args.size() == 1)
    return containerInitializer(cm.args[0], loc);
  if (cm.kind == K::PushBack && cm.args.size() != 0 && cm.args.size() != 2)
    return refuse(loc, what + " of a vector of vectors takes a row, or the "
                              "size and value of a new row");
  for (size_t i = 0; i < cm.args.size(); ++i) {
    Type t;
    if (lowerType(ctx_, cm.args[i]->getType(), t) && t.isContainer())
      containerInitializer(cm.args[i], loc); // the row of resize(n, row)
    else
      expr(cm.args[i]);
  }
}

void Validator::containerValue(const CallExpr *c, const ContainerMember &cm) {
  using K = ContainerMember::Kind;
  SourceLocation loc = c->getBeginLoc();
  if (cm.resizes())
    return refuse(loc, std::string("'") + cm.name +
                           "' is supported as a statement of its own, not "
                           "inside an expression");
  const clang::Expr *v = cm.container;
  if (namesRefused(v))
    return; // its declaration was refused
  if (splitElement(v->getType()) && cm.kind == K::Empty)
    return object(v);
  if (!namesContainer(v) && !containerMember(v))
    return refuse(loc, std::string(cm.name) + "() of this expression is not "
                                              "supported; ask a named array "
                                              "or vector");
}

void Validator::swapCall(const clang::Expr *a, const clang::Expr *b,
                         SourceLocation loc) {
  if (namesRefused(a) || namesRefused(b))
    return; // a declaration was refused
  // Two named variables (swapped as wholes), or scalars of which some are
  // elements (swapped through a temporary).
  for (const clang::Expr *e : {a, b}) {
    const VarDecl *vd = namedVar(e);
    Type t;
    if (!lowerType(ctx_, e->getType(), t) || t.kind == TypeKind::Pointer)
      return refuse(loc, "swapping a '" + e->getType().getAsString() +
                             "' is not supported");
    if (vd && scope_->vars.count(vd))
      continue;
    if (t.isContainer())
      return refuse(e->getBeginLoc(),
                    "swap is supported between named vectors or arrays "
                    "(declared in the function or its parameters)");
    expr(e, Use::Target);
  }
}

bool Validator::extremeElement(const clang::Expr *e) {
  const CallExpr *c = dereferencedExtreme(e);
  if (!c)
    return false;
  RangeAlgorithm ra;
  rangeAlgorithm(c, ra);
  algorithmCall(c, ra, true);
  return true;
}

void Validator::algorithmCall(const CallExpr *c, const RangeAlgorithm &ra,
                              bool dereferenced) {
  const std::string what = std::string("std::") + ra.name;
  const bool extreme = ra.kind == RangeAlgorithm::Kind::MaxElement ||
                       ra.kind == RangeAlgorithm::Kind::MinElement;
  if (extreme && !dereferenced)
    return refuse(c->getBeginLoc(),
                  what + " is supported as the value *" + what +
                      "(a.begin(), a.end()); iterators are not values "
                      "tangent represents (for the position, write the loop)");
  const bool paired = ra.kind == RangeAlgorithm::Kind::Copy ||
                      ra.kind == RangeAlgorithm::Kind::InnerProduct;
  if (!ra.whole)
    return refuse(
        c->getBeginLoc(),
        what + " is supported over a whole named vector or array: " + what +
            "(a.begin(), a.end()" + (paired ? ", b.begin()" : "") +
            (ra.value ? ", ...)" : ")") + "; for part of one, write the loop");
  for (const clang::Expr *e : {ra.range, ra.second}) {
    if (!e)
      continue;
    if (namesRefused(e))
      return; // its declaration was refused
    if (!namesContainer(e))
      return refuse(e->getBeginLoc(),
                    what + " is supported over named vectors and arrays");
  }
  if (!ra.value)
    return;
  if ((ra.kind == RangeAlgorithm::Kind::Accumulate ||
       ra.kind == RangeAlgorithm::Kind::InnerProduct) &&
      !ra.value->getType()->isRealFloatingType())
    return refuse(ra.value->getBeginLoc(),
                  what + " sums in the type of its initial value, here '" +
                      ra.value->getType().getAsString() +
                      "', which drops the fractions; write a floating-point "
                      "initial value such as 0.0");
  expr(ra.value);
}

const VarDecl *Validator::namedVar(const clang::Expr *e) const {
  // A container passed by value arrives as its copy (or move) construction.
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (const clang::Expr *inner = transparentOperand(e))
      e = inner;
    else if (const auto *c = dyn_cast<CXXConstructExpr>(e);
             c && c->getNumArgs() == 1 &&
             c->getConstructor()->isCopyOrMoveConstructor())
      e = c->getArg(0);
    else
      break;
  }
  const auto *dre = dyn_cast<DeclRefExpr>(e);
  return dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
}

bool Validator::namesContainer(const clang::Expr *e, bool or_pointer) const {
  const VarDecl *vd = namedVar(e);
  if (!vd || !scope_->vars.count(vd))
    return false;
  Type t;
  return lowerType(ctx_, vd->getType(), t) &&
         (t.isContainer() || (or_pointer && t.kind == TypeKind::Pointer));
}

bool Validator::namesRow(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  Type t;
  if (!lowerType(ctx_, e->getType(), t) || t.kind != TypeKind::Vector)
    return false;
  // A range-for reference to a row: `for (const auto &row : m)`.
  if (const VarDecl *vd = namedVar(e))
    return scope_->aliases.count(vd) > 0;
  // `m[i]` or `m.at(i)` of a named vector of vectors.
  const clang::Expr *index = nullptr;
  const clang::Expr *base = rowOf(ctx_, e, &index);
  if (!base || !(namesContainer(base) || containerMember(base)))
    return false;
  if (index)
    expr(index);
  return true;
}

} // namespace tangent
