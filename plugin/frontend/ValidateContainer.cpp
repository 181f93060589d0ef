//===- ValidateContainer.cpp - refusals of container operations ----------===//
//
// The container half of the allow-list (Validator.h): member calls of
// containers (memberCall), std::vector's size-changing members (push_back,
// pop_back, resize, assign...) and ends (back, front, empty), swaps, the
// standard algorithms over whole containers, what names a container
// (namedVar, namesContainer, namesRow), and the parameters passed through
// (std::string, std::map...: passThroughOperands, refusePassed).
// The lowering is frontend/lower/LowerVector.cpp and LowerAlgorithm.cpp.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "frontend/Validator.h"
#include "clang/AST/Attr.h"

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
  if (cm.kind == K::Assign) {
    if (elem)
      return refuse(loc, what + " of a vector of objects is not supported; "
                                "write clear() then resize(n, value), or "
                                "`v = w;`");
    if (cm.iterators) {
      if (!cm.source || !namesContainer(cm.source) ||
          cm.source->getType().getCanonicalType().getUnqualifiedType() !=
              v->getType().getCanonicalType().getUnqualifiedType())
        return refuse(loc, what + " of a range is supported over a whole "
                                  "named vector of the same type "
                                  "(`v.assign(w.begin(), w.end())`, which is "
                                  "`v = w;`); for part of one, write the loop "
                                  "(v.resize(n) and the copies)");
      return expr(cm.source);
    }
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
  if (cm.kind == K::Capacity)
    return refuse(loc, "capacity() is not supported: the vectors of the "
                       "generated code need not have your vector's capacity "
                       "(reserve() is not kept), and a branch on it could "
                       "differentiate another path; test the size instead");
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
  if (!ra.whole)
    return partialAlgorithm(ra);
  for (const clang::Expr *e : {ra.range, ra.second}) {
    if (!e)
      continue;
    if (namesRefused(e))
      return; // its declaration was refused
    // A named container, a row of one (`m[j]`, a reference to a row) or an
    // object's container member.
    if (!namesContainer(e) && !namesRow(e) && !containerMember(e))
      return refuse(e->getBeginLoc(),
                    what + " is supported over named vectors and arrays, "
                           "their rows and objects' vector members; copy "
                           "this one into a named vector first");
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

void Validator::rangeCopy(const clang::Expr *first, const clang::Expr *last) {
  const std::string what = "a container constructed from a range";
  RangeBound from, to;
  const VarDecl *in = nullptr, *in_last = nullptr;
  if (!rangeEnd(first, what, Use::Value, from, in) ||
      !rangeEnd(last, what, Use::Value, to, in_last))
    return;
  if (!in || in != in_last || !from.container != !to.container)
    refuse(last->getBeginLoc(),
           what + ": the two ends of the range must point into the same "
                  "array, vector or pointer");
}

bool Validator::rangeEnd(const clang::Expr *e, const std::string &what, Use use,
                         RangeBound &out, const VarDecl *&storage) {
  storage = nullptr;
  if (!rangeBound(e, out)) {
    refuse(e->getBeginLoc(),
           what + " is supported over a range of a named array, vector or "
                  "pointer: (p, p + n), (x + k, x + m), (&v[k], &v[k] + n), "
                  "(a.begin() + k, a.end())");
    return false;
  }
  if (out.container) {
    if (namesRefused(out.container))
      return false;
    if (!namesContainer(out.container)) {
      refuse(out.container->getBeginLoc(),
             what + " is supported over part of a named vector or array, "
                    "and over the whole of a row or a vector member (both "
                    "ends of one: W[j].begin(), W[j].end()); copy this one "
                    "into a named vector first");
      return false;
    }
    storage = namedVar(out.container);
    for (const AddressArgument::Offset &o : out.offsets)
      expr(o.by);
    if (use == Use::Target)
      expr(out.container, Use::Target);
    return ok_;
  }
  if (const VarDecl *named = namedVar(out.at.array ? out.at.array : e);
      named && scope_->refused.count(named))
    return false;
  address(out.at, use);
  storage = storageOf(out.at);
  return ok_;
}

void Validator::partialAlgorithm(const RangeAlgorithm &ra) {
  const std::string what = std::string("std::") + ra.name;
  // Fill writes the range, copy the second sequence.
  const Use range_use =
      ra.kind == RangeAlgorithm::Kind::Fill ? Use::Target : Use::Value;
  RangeBound first, last, second;
  const VarDecl *in = nullptr, *to = nullptr, *other = nullptr;
  const bool before = ok_;
  ok_ = true;
  bool fine = rangeEnd(ra.first, what, range_use, first, in);
  if (fine && ra.bytes) {
    // memcpy / memset: n * sizeof(T) bytes of floating-point T.
    QualType elem = ra.first->getType()->isPointerType()
                        ? ra.first->getType()->getPointeeType()
                        : QualType();
    bool whole_array = false;
    if (elem.isNull() || !elem->isRealFloatingType() ||
        !elementCount(ra.bytes, elem, whole_array)) {
      refuse(ra.bytes->getBeginLoc(),
             what + " is supported on floating-point arrays with a size of "
                    "`n * sizeof(double)` bytes (the element type's size)");
      fine = false;
    } else if (!whole_array) {
      expr(elementCount(ra.bytes, elem, whole_array));
    }
    if (fine && ra.kind == RangeAlgorithm::Kind::Fill) {
      clang::Expr::EvalResult v;
      if (!ra.value->EvaluateAsInt(v, ctx_) || v.Val.getInt() != 0) {
        refuse(ra.value->getBeginLoc(),
               what + " is supported with the value 0 (all bits zero is "
                      "0.0); for another value, use std::fill");
        fine = false;
      }
    }
  } else if (fine) {
    fine = rangeEnd(ra.last, what, Use::Value, last, to);
    if (fine && (!in || in != to || !first.container != !last.container)) {
      refuse(ra.last->getBeginLoc(),
             what + ": the two ends of the range must point into the same "
                    "array, vector or pointer");
      fine = false;
    }
  }
  if (fine && ra.second_first)
    fine = rangeEnd(ra.second_first, what,
                    ra.kind == RangeAlgorithm::Kind::Copy ? Use::Target
                                                          : Use::Value,
                    second, other);
  // std::copy and memcpy between overlapping ranges are undefined unless
  // the destination comes first, which the loop (ascending) does right;
  // memmove of overlapping ranges copies backwards when it must.
  if (fine && ra.bytes && ra.kind == RangeAlgorithm::Kind::Copy &&
      std::string(ra.name) == "memmove" && other && other == in)
    refuse(ra.second_first->getBeginLoc(),
           what + " within one array is not supported (it copies backwards "
                  "when the ranges overlap); use std::copy when the "
                  "destination comes first, or write the loop");
  if (fine && ra.value && !ra.bytes) {
    if ((ra.kind == RangeAlgorithm::Kind::Accumulate ||
         ra.kind == RangeAlgorithm::Kind::InnerProduct) &&
        !ra.value->getType()->isRealFloatingType())
      refuse(ra.value->getBeginLoc(),
             what + " sums in the type of its initial value, here '" +
                 ra.value->getType().getAsString() +
                 "', which drops the fractions; write a floating-point "
                 "initial value such as 0.0");
    else
      expr(ra.value);
  }
  ok_ = before && ok_;
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
  if (or_pointer && scope_->owned.count(vd))
    return true; // a std::unique_ptr<double[]> too
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

void Validator::comparator(const CallExpr *c, const clang::Expr *comp) {
  expr(c->getArg(0));
  expr(c->getArg(1));
  if (standardComparisonOp(comp))
    return;
  const CXXMethodDecl *op = comparatorOperator(comp, c->getArg(0)->getType());
  if (!op)
    return refuse(comp->getBeginLoc(),
                  "this comparator is not supported; use a lambda, a "
                  "function object of yours or std::less / std::greater");
  object(comp);
  function(op);
}

void Validator::passThroughParameter(const ParmVarDecl *p) {
  QualType t = p->getType();
  if (t->isReferenceType() && !t.getNonReferenceType().isConstQualified())
    return refuseDecl(p, "parameter '" + p->getNameAsString() + "' of type '" +
                             t.getAsString() +
                             "' is passed through unchanged, never written: "
                             "take it by const reference or by value");
  scope_->passed.insert(p);
}

void Validator::passThroughArgument(const FunctionDecl *fd,
                                    const ParmVarDecl *p,
                                    const clang::Expr *arg) {
  if (const MemberExpr *field = passThroughField(arg))
    return passThroughObject(field);
  const ParmVarDecl *given = passThroughParam(arg);
  std::string text;
  if (given ? !scope_->passed.count(given) : !textLiteral(arg, text))
    refuse(arg->getBeginLoc(),
           "give the parameter '" + p->getNameAsString() + "' of '" +
               fd->getNameAsString() +
               "' a parameter of the same type of this function, a field "
               "of that type of an object, or a literal (it is passed "
               "through; a value made here is not supported)");
}

void Validator::passThroughObject(const MemberExpr *field) {
  const clang::Expr *base = field->getBase()->IgnoreParenImpCasts();
  if (!isa<CXXThisExpr>(base)) // a member function's own object is valid
    expr(base, Use::Value);
}

void Validator::passThroughOperands(const PassThroughRead &read,
                                    SourceLocation loc) {
  for (const clang::Expr *op : read.operands) {
    std::string text;
    if (const ParmVarDecl *p = passThroughParam(op)) {
      if (!scope_->passed.count(p) && !scope_->refused.count(p))
        refuse(op->getBeginLoc(), "'" + p->getNameAsString() +
                                      "' is not a parameter of this function");
      continue;
    }
    if (textLiteral(op, text))
      continue;
    if (const MemberExpr *field = passThroughField(op)) {
      passThroughObject(field);
      continue;
    }
    Type t;
    if (!lowerType(ctx_, op->getType(), t) || !t.isIntegral()) {
      refuse(op->getBeginLoc().isValid() ? op->getBeginLoc() : loc,
             "a call reading '" + read.callee->getNameAsString() +
                 "' of a parameter passed through takes only such "
                 "parameters, literals and integers here (its value gets "
                 "no derivative)");
      continue;
    }
    expr(op, Use::Value);
  }
}

void Validator::refusePassed(const VarDecl *vd, SourceLocation loc) {
  refuse(loc, "'" + vd->getNameAsString() + "' (" +
                  vd->getType().getAsString() +
                  ") is passed through without a derivative: read it by "
                  "calls that return a number or bool (`m.at(key)`, "
                  "`s.size()`, `s == \"text\"`) or give it to a function "
                  "that takes it");
}

void Validator::memberCall(const CXXMemberCallExpr *mc) {
  SourceLocation loc = mc->getBeginLoc();
  if (const clang::Expr *a = nullptr, *b = nullptr; swapOperands(mc, a, b))
    return swapCall(a, b, loc);
  const CXXMethodDecl *md = mc->getMethodDecl();
  if (!md)
    return refuse(loc, "this member call is not supported");
  if (RangeAlgorithm ra; rangeAlgorithm(mc, ra)) // `a.fill(x)`
    return algorithmCall(mc, ra);
  if (ContainerMember cm; containerCall(mc, cm))
    return containerValue(mc, cm);
  if (splitClass(QualType(md->getParent()->getTypeForDecl(), 0)))
    return memberFunctionCall(mc, md, mc->getImplicitObjectArgument());
  // A container of objects: its size.
  if (const clang::Expr *obj = mc->getImplicitObjectArgument();
      obj && splitElement(obj->getType()) && md->getName() == "size" &&
      mc->getNumArgs() == 0)
    return object(obj);
  if (md->isVirtual() && !md->hasAttr<FinalAttr>() &&
      !md->getParent()->hasAttr<FinalAttr>())
    return refuse(loc, "virtual call to '" + md->getNameAsString() +
                           "' is not supported");
  const clang::Expr *obj = mc->getImplicitObjectArgument();
  if (obj && namesRefused(obj))
    return; // its declaration was refused
  Type ot;
  if (obj && lowerType(ctx_, obj->getType(), ot) &&
      (ot.isContainer() || ot.span)) {
    llvm::StringRef n = md->getName();
    if (n == "size" && mc->getNumArgs() == 0) {
      if (!namesContainer(obj, /*or_pointer=*/ot.span) &&
          !containerMember(obj) && !namesRow(obj))
        return refuse(loc, "size() of this expression is not supported; ask "
                           "a named array or vector");
      return;
    }
    if ((n == "at" || n == "operator[]") && mc->getNumArgs() == 1)
      return element(obj, mc->getArg(0), loc);
  }
  refuse(loc,
         "member function '" + md->getNameAsString() + "' is not supported");
}

/// An overloaded operator: a container's `[]` and assignments, or a user's
/// operator (a call of a function of yours).
void Validator::operatorCall(const CXXOperatorCallExpr *e) {
  SourceLocation loc = e->getBeginLoc();
  if (e->getNumArgs() > 0 && namesRefused(e->getArg(0)))
    return; // its declaration was refused
  if (extremeElement(e))
    return;
  if (Options opts; const FunctionDecl *g = nestedGradient(e, opts))
    return nestedGradientCall(e, g, opts);
  if (isUserOperator(e, ctx_)) {
    const FunctionDecl *fd = e->getDirectCallee();
    if (const auto *md = dyn_cast<CXXMethodDecl>(fd))
      return memberFunctionCall(e, md, e->getArg(0));
    llvm::SmallVector<const clang::Expr *, 2> args(e->arguments());
    return userFunction(e, fd, args);
  }
  // `std::max_element(...) - a.begin()`: say what is supported instead.
  for (const clang::Expr *a : e->arguments())
    if (const auto *c = dyn_cast<CallExpr>(a->IgnoreImplicit()))
      if (RangeAlgorithm ra;
          !isa<CXXOperatorCallExpr>(c) && rangeAlgorithm(c, ra))
        return algorithmCall(c, ra);
  switch (OverloadedOperatorKind k = e->getOperator()) {
  case OO_Subscript:
    return element(e->getArg(0), e->getArg(1), loc);
  case OO_Equal:
  case OO_PlusEqual:
  case OO_MinusEqual:
  case OO_StarEqual:
  case OO_SlashEqual:
    return assignment(e->getArg(0), e->getArg(1), k != OO_Equal, loc);
  default:
    return refuse(loc, std::string("overloaded operator '") +
                           getOperatorSpelling(k) + "' is not supported");
  }
}

} // namespace tangent
