//===- ValidatePointer.cpp - views, addresses and pointers that walk ------===//
//
// A pointer local is a view: another name for the storage it is
// initialized to point at (`const double *p = x + k;`). It may walk that
// storage (`++p`, `p += d`, `p = x + j`; a pointer parameter too), and two
// pointers into one storage compare and subtract (`p < end`, `p - x`);
// the lowering keeps an offset per walking pointer (LowerPointer.cpp).
// What a pointer views never changes: reassigning it to other storage is
// refused, as is walking a pointer to a variable or to a row. A pointer
// field of an object the function builds is a view too, set once, where
// the object is built (LowerViews.cpp).
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "frontend/Validator.h"

using namespace clang;

namespace tangent {

const VarDecl *Validator::storageOf(const AddressArgument &at) const {
  const VarDecl *vd = namedStorage(at); // null: a variable, a row, a field
  if (!vd)
    return nullptr;
  auto view = scope_->storage.find(vd);
  return view != scope_->storage.end() ? view->second : vd;
}

bool Validator::pointerLocal(const VarDecl *vd) {
  // `new Body[n]`: arrays of numbers from new are owned storage, and an
  // array of objects given to a local (ValidateObjectArrays.cpp).
  if (const CXXNewExpr *ne = ownedObjects(vd)) {
    ownedObjectsLocal(vd, ne);
    return true;
  }
  if (const auto *ne = dyn_cast_or_null<CXXNewExpr>(
          vd->getInit() ? vd->getInit()->IgnoreParenImpCasts() : nullptr);
      ne && ne->getAllocatedType()->isRecordType()) {
    const std::string type = ne->getAllocatedType().getAsString();
    refuseDecl(vd, "objects made with new ('" + type +
                       "') are not supported; use a std::vector<" + type +
                       "> (sized with n), or a local " + type +
                       " for one object");
    return true;
  }
  if (OwnedArray oa; ownedArray(vd, oa)) {
    ownedLocal(vd, oa);
    return true;
  }
  if (QualType pointee = objectPointee(vd->getType()); !pointee.isNull()) {
    objectPointerLocal(vd, pointee);
    return true;
  }
  // A view of numbers: of floating point, or of integers (an index list,
  // `const int *corners = &conn[8 * e];`).
  if (vd->getType()->isPointerType() &&
      (vd->getType()->getPointeeType()->isRealFloatingType() ||
       vd->getType()->getPointeeType()->isIntegerType())) {
    localPointer(vd);
    return true;
  }
  return false;
}

void Validator::localPointer(const VarDecl *vd) {
  AddressArgument at;
  const clang::Expr *init = vd->getInit();
  // Declared first, set later (`double *p; ... p = &x[k];`): a view of the
  // one storage its assignments point into (checked at each of them).
  if (llvm::SmallVector<const VarDecl *, 4> storages;
      !init && pointerStorages(vd, storages) && storages.size() == 1 &&
      scope_->vars.count(storages[0])) {
    scope_->vars.insert(vd);
    auto view = scope_->storage.find(storages[0]);
    scope_->storage[vd] =
        view != scope_->storage.end() ? view->second : storages[0];
    return;
  }
  if (init && addressOf(vd->getType(), init, at, /*whole=*/true)) {
    address(at, vd->getType()->getPointeeType().isConstQualified()
                    ? Use::Value
                    : Use::Target);
    scope_->vars.insert(vd);
    scope_->storage[vd] = storageOf(at);
    return;
  }
  // What the initializer is may have a refusal of its own (a cast,
  // `new`); a choice of addresses or none gets the view's.
  const clang::Expr *bare = init ? init->IgnoreParenImpCasts() : nullptr;
  if (bare && !isa<ConditionalOperator, CXXNullPtrLiteralExpr>(bare)) {
    const bool before = ok_;
    ok_ = true;
    expr(init);
    const bool said = !ok_;
    ok_ = before && ok_;
    if (said) {
      scope_->refused.insert(vd);
      return;
    }
  }
  return refuseDecl(vd, "a pointer local is supported as a view "
                        "initialized to an address: `const double *p = "
                        "x + k;`, `&v[k]`, `v.data()`");
}

void Validator::ownedLocal(const VarDecl *vd, const OwnedArray &oa) {
  if (oa.count)
    expr(oa.count);
  scope_->vars.insert(vd);
  scope_->storage[vd] = vd; // an array of its own
  scope_->owned.insert(vd);
}

void Validator::deleteExpr(const CXXDeleteExpr *d) {
  if (const MemberExpr *me = releasedField(d))
    return ownedFieldChange(me, nullptr);
  const VarDecl *p = deletedPointer(d);
  if (!p || !ownedStorage(p))
    return refuse(d->getBeginLoc(),
                  "delete is supported for an array this function allocated "
                  "into a pointer local (`double *p = new double[n]; ... "
                  "delete[] p;`)");
}

void Validator::freeOwned(const clang::Expr *pointer, SourceLocation loc) {
  if (!ownedStorage(namedVar(pointer)))
    return refuse(loc, "freeing is supported for an array this function "
                       "allocated into a pointer local (`double *p = "
                       "static_cast<double *>(malloc(n * sizeof(double))); "
                       "... free(p);`)");
}

void Validator::allocate(const VarDecl *p, const OwnedArray &oa,
                         SourceLocation loc) {
  if (scope_->refused.count(p))
    return;
  OwnedArray owner;
  if (!scope_->owned.count(p) || !ownedArray(p, owner) || !owner.later)
    return refuse(loc, "allocating into '" + p->getNameAsString() +
                           "' is supported for a pointer local declared "
                           "without an initializer, whose every assignment "
                           "is an allocation (`double *p; ... p = "
                           "Allocate<double>(n);`)");
  if (oa.count)
    expr(oa.count);
}

void Validator::ownedFieldChange(const MemberExpr *me, const OwnedArray *oa) {
  // A vector of the generated code: the object is written (ValidateOwned.cpp
  // checks the array is allocated where it is used).
  member(me, Use::Target);
  if (oa && oa->count)
    expr(oa->count);
}

void Validator::nullTest(const clang::Expr *pointer, SourceLocation loc) {
  if (const auto *me = dyn_cast<MemberExpr>(pointer->IgnoreParenImpCasts());
      me && isa<FieldDecl>(me->getMemberDecl()) &&
      tangent::ownedField(cast<FieldDecl>(me->getMemberDecl())))
    return refuse(loc, "'" + me->getMemberDecl()->getNameAsString() +
                           "' owns the arrays its class allocates into it, "
                           "which are vectors of the generated code, never "
                           "null: testing it against null is not supported; "
                           "keep a flag of your own");
  // An array the function owns is a std::vector of the generated code,
  // never null: a function of yours that frees it may set the pointer to
  // null, which the test would then see and the generated code would not.
  const VarDecl *p = namedVar(pointer);
  if (p && scope_->owned.count(p) && releasedByWrapper(p))
    refuse(loc, "'" + p->getNameAsString() +
                    "' owns its array and is freed by a function of yours "
                    "that may set it to null: testing it against null is "
                    "not supported; keep a flag of your own");
}

bool Validator::ownedStorage(const VarDecl *p) {
  if (!p || scope_->refused.count(p))
    return p != nullptr; // said at its declaration
  // The owner, or a view of its array (`double *const start = p;`).
  auto view = scope_->storage.find(p);
  const VarDecl *owner = scope_->owned.count(p) ? p
                         : view != scope_->storage.end() && view->second &&
                                 scope_->owned.count(view->second)
                             ? view->second
                             : nullptr;
  return owner && !owner->getType()->isRecordType();
}

void Validator::address(const AddressArgument &at, Use use) {
  if (MultiArrayAccess ma; at.lvalue && multiArrayAccess(ctx_, at.lvalue, ma) &&
                           !ma.element() &&
                           (!ma.var || scope_->vars.count(ma.var))) {
    // A row of a multi-dimensional local array given to a pointer
    // parameter (`dot(m[i], v, 3)`): the address of its first element.
    for (const clang::Expr *index : ma.indices)
      expr(index);
    return;
  }
  if (at.lvalue) {
    const clang::Expr *lv = at.lvalue;
    const auto *op = dyn_cast<CXXOperatorCallExpr>(lv);
    const bool element = isa<ArraySubscriptExpr>(lv) ||
                         (op && op->getOperator() == OO_Subscript);
    const VarDecl *v = namedVar(lv);
    // A floating-point field of an object (`&s.x`, `&ps[i].x`): its leaf.
    const bool field = isa<MemberExpr>(lv->IgnoreParenImpCasts()) &&
                       lv->getType()->isRealFloatingType();
    // An integer variable (`std::frexp(x, &e)`): data the call may write.
    const bool number = v && (v->getType()->isRealFloatingType() ||
                              v->getType()->isIntegerType());
    if (!element && !field && !number)
      return refuse(lv->getBeginLoc(),
                    "taking an address is supported for a floating-point "
                    "or integer variable (`&e`), field (`&s.x`) or an "
                    "element of a named array, vector or pointer (`&x[k]`) "
                    "passed to a pointer parameter");
    return expr(lv, use);
  }
  // A call of an accessor returning a pointer (`m.corners(e)`): what it
  // returns (validated with its body).
  if (const auto *call = dyn_cast<CallExpr>(at.array->IgnoreParenImpCasts());
      call && accessorValue(call->getDirectCallee()))
    return expr(call, use);
  // A field's vector or array (`model.weights.data()`): the field.
  const auto *field =
      dyn_cast<MemberExpr>(bareObject(at.array->IgnoreParenImpCasts()));
  if (Type t;
      field && lowerType(ctx_, field->getType().getUnqualifiedType(), t) &&
      ((t.isContainer() && !t.isNested()) || t.kind == TypeKind::Pointer))
    member(field, use);
  else if (!namesContainer(at.array, /*or_pointer=*/true))
    return refuse(at.array->getBeginLoc(),
                  "an address into an array is supported for a named array, "
                  "vector or pointer (`x + k`, `v.data() + k`) passed to a "
                  "pointer parameter");
  for (const AddressArgument::Offset &o : at.offsets)
    expr(o.by);
}

void Validator::stepPointer(const PointerStep &step, SourceLocation loc) {
  const VarDecl *p = step.pointer;
  if (scope_->refused.count(p))
    return;
  const std::string name = "'" + p->getNameAsString() + "'";
  auto view = scope_->storage.find(p);
  const bool parameter = isa<ParmVarDecl>(p) && scope_->vars.count(p);
  if (scope_->owned.count(p) && step.to)
    return refuse(loc, name + " owns the array it points at: it walks that "
                              "array (`++p`, `p += k`), and is not "
                              "reassigned; use another pointer");
  if (!parameter && view == scope_->storage.end())
    return refuse(loc, "pointer arithmetic is supported on a pointer "
                       "parameter or a view into an array (`const double "
                       "*p = x + k; ++p;`)");
  const VarDecl *storage = parameter ? p : view->second;
  llvm::SmallVector<const VarDecl *, 4> storages;
  if (!parameter && pointerStorages(p, storages) && storages.size() > 1)
    return choiceOfStorage(step, storages, loc);
  if (!storage)
    return refuse(loc, name + " points at a variable or a row: only a view "
                              "into a named array, vector or pointer walks; "
                              "index the storage instead");
  if (step.by)
    return expr(step.by);
  if (!step.to)
    return;
  AddressArgument at;
  if (!addressOf(p->getType(), step.to, at, /*whole=*/true))
    return refuse(step.to->getBeginLoc(),
                  "a pointer is reassigned to an address into the storage "
                  "it views: `p = x + k`, `p = &x[k]`, `p = q`");
  const VarDecl *to = storageOf(at);
  if (to != storage)
    return refuse(step.to->getBeginLoc(),
                  (parameter
                       ? "the pointer parameter " + name +
                             " is reassigned only to addresses into "
                             "its own storage (`" +
                             p->getNameAsString() + " += k`)"
                       : name + " views '" + storage->getNameAsString() +
                             "': it is reassigned only to addresses "
                             "into '" +
                             storage->getNameAsString() + "' (`p = x + k`)") +
                      "; use another pointer for other storage");
  address(at, p->getType()->getPointeeType().isConstQualified() ? Use::Value
                                                                : Use::Target);
}

void Validator::choiceOfStorage(const PointerStep &step,
                                llvm::ArrayRef<const VarDecl *> storages,
                                SourceLocation loc) {
  const VarDecl *p = step.pointer;
  std::string names;
  for (size_t k = 0; k < storages.size(); ++k)
    names += std::string(k == 0                     ? ""
                         : k + 1 == storages.size() ? " or "
                                                    : ", ") +
             "'" + storages[k]->getNameAsString() + "'";
  const std::string what = "'" + p->getNameAsString() + "' points into " +
                           names + " (it is reassigned from one to another)";
  if (!step.to)
    return refuse(loc, what + ": such a pointer is reassigned, not stepped; "
                              "step an index instead");
  if (const clang::Expr *use = useOutsideStatements(p))
    return refuse(use->getBeginLoc(),
                  what + ": such a pointer is read or passed on in "
                         "statements of its own (`f(p);`, `y[i] = p[i];`), "
                         "not in a condition, an initializer or a return");
  AddressArgument at;
  addressOf(p->getType(), step.to, at, /*whole=*/true);
  address(at, p->getType()->getPointeeType().isConstQualified() ? Use::Value
                                                                : Use::Target);
}

void Validator::comparePointers(const BinaryOperator *b) {
  SourceLocation loc = b->getOperatorLoc();
  const VarDecl *storage[2] = {nullptr, nullptr};
  const clang::Expr *sides[2] = {b->getLHS(), b->getRHS()};
  int null = -1; // `p != nullptr`: the side that is nullptr
  for (int i = 0; i < 2; ++i)
    if (sides[i]->isNullPointerConstant(ctx_,
                                        clang::Expr::NPC_NeverValueDependent))
      null = i;
  if (const auto *me = null >= 0 ? dyn_cast<MemberExpr>(
                                       sides[1 - null]->IgnoreParenImpCasts())
                                 : nullptr;
      me && isa<FieldDecl>(me->getMemberDecl()) &&
      ownedField(cast<FieldDecl>(me->getMemberDecl())))
    return nullTest(sides[1 - null], loc);
  for (int i = 0; i < 2; ++i) {
    const clang::Expr *e = sides[i];
    if (i == null)
      continue;
    AddressArgument at;
    if (!addressOf(e->getType(), e, at, /*whole=*/true))
      return refuse(loc, "comparing or subtracting pointers is supported for "
                         "two pointers into one array (`p < x + n`, `p - "
                         "x`)");
    if (const VarDecl *named = namedVar(e);
        named && scope_->refused.count(named))
      return;
    llvm::SmallVector<const VarDecl *, 4> storages;
    if (const VarDecl *named = namedVar(e);
        named && scope_->storage.count(named) &&
        pointerStorages(named, storages) && storages.size() > 1)
      return refuse(loc, "'" + named->getNameAsString() +
                             "' points into several arrays (it is "
                             "reassigned from one to another): compare "
                             "indices instead");
    address(at, Use::Value);
    storage[i] = storageOf(at);
  }
  if (null >= 0)
    return nullTest(sides[1 - null], loc);
  if (!storage[0] || storage[0] != storage[1])
    return refuse(loc, "comparing or subtracting pointers is supported for "
                       "two pointers into one array (`p < x + n`, `p - x`)");
}

void Validator::pointerFieldValue(QualType type, const clang::Expr *value) {
  // A view: an address (LowerViews.cpp), or nullptr until it is set.
  if (value->isNullPointerConstant(ctx_,
                                   clang::Expr::NPC_NeverValueDependent) ||
      isa<ImplicitValueInitExpr>(value->IgnoreImplicit()))
    return;
  AddressArgument at;
  if (!addressOf(type, value, at, /*whole=*/true))
    return refuse(value->getBeginLoc(),
                  "a pointer field is set to an address into a named array, "
                  "vector or pointer (`x + k`, `&v[k]`, `v.data()`)");
  address(at,
          type->getPointeeType().isConstQualified() ? Use::Value : Use::Target);
}

void Validator::pointerFieldAssignment(const clang::Expr *lhs,
                                       const clang::Expr *rhs, bool compound,
                                       SourceLocation loc) {
  // `s.hidden = h + j;` of an object of this function's own: where the
  // view points (LowerViews.cpp checks it is set once, before it is read).
  const auto *me = dyn_cast<MemberExpr>(lhs->IgnoreParenImpCasts());
  if (const auto *f = me ? dyn_cast<FieldDecl>(me->getMemberDecl()) : nullptr;
      f && ownedField(f))
    return refuse(loc, "'" + f->getNameAsString() +
                           "' owns the arrays its class allocates into it: "
                           "assigning it anything but an allocation is not "
                           "supported (`" +
                           f->getNameAsString() + " = Allocate<" +
                           f->getType()->getPointeeType().getAsString() +
                           ">(n);`)");
  const VarDecl *owner = me ? rootVariable(me) : nullptr;
  if (const VarDecl *named = owner ? owner : namedVar(lhs);
      named && scope_->refused.count(named))
    return; // its declaration was refused
  if (const auto *op =
          dyn_cast<CXXOperatorCallExpr>(lhs->IgnoreParenImpCasts());
      op && op->getNumArgs() > 0 && namesRefused(op->getArg(0)))
    return; // an element of a refused container
  AddressArgument at;
  if (!me || compound || !owner || isa<ParmVarDecl>(owner) ||
      owner->getType()->isReferenceType() ||
      !objectPointee(owner->getType()).isNull() ||
      !addressOf(lhs->getType(), rhs, at, /*whole=*/true))
    return refuse(loc, "assigning to a pointer is not supported (a pointer "
                       "field of an object of this function is set once, to "
                       "an address: `s.p = x + k;`)");
  member(me, Use::Value);
  address(at, lhs->getType()->getPointeeType().isConstQualified()
                  ? Use::Value
                  : Use::Target);
}

} // namespace tangent
