//===- ValidateObjectArrays.cpp - arrays of objects given by pointer ------===//
//
// A pointer parameter to objects that its function indexes (`const Atom
// *a; a[i].x`: AstShapes.h, objectArrayParam) is one pointer per field of
// the elements. Its callers give it storage the lowering splits the same
// way (a C array or a vector of the objects, such a pointer, an element's
// or an object's address); the requested function cannot have one, since
// nothing tells the gradient how many objects its caller's pointer reaches.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "frontend/Validator.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace tangent {

std::string Validator::objectArrayProblem(const ParmVarDecl *p) const {
  std::vector<Leaf> leaves;
  std::string problem;
  if (!typeLeaves(ctx_, p->getType(), leaves, &problem))
    return problem;
  return "";
}

void Validator::requestedParameters(const FunctionDecl *fd) {
  for (const ParmVarDecl *p : fd->parameters())
    if (objectArrayParam(p))
      refuse(p->getLocation(),
             "the function you differentiate indexes its pointer to objects "
             "'" +
                 p->getNameAsString() +
                 "', whose length the gradient cannot know; take a "
                 "std::vector<" +
                 objectPointee(p->getType())
                     .getUnqualifiedType()
                     .getAsString(ctx_.getPrintingPolicy()) +
                 "> (or call this function from one that does)");
}

void Validator::objectArrayArgument(const FunctionDecl *fd,
                                    const ParmVarDecl *p,
                                    const clang::Expr *a) {
  ObjectArrayArgument arg;
  if (!tangent::objectArrayArgument(a, arg))
    return refuse(a->getBeginLoc(),
                  "give the parameter '" + p->getNameAsString() + "' of '" +
                      fd->getNameAsString() +
                      "' (a pointer to objects it indexes) a C array of the "
                      "objects, a std::vector's data(), the address of an "
                      "element (&v[k]) or of one object, or such a pointer "
                      "parameter");
  const bool writes = !objectPointee(p->getType()).isConstQualified();
  object(arg.base, writes ? Use::Target : Use::Value);
  if (arg.offset)
    expr(arg.offset);
}

void Validator::ownedObjectsLocal(const VarDecl *vd, const CXXNewExpr *ne) {
  const QualType elem = ne->getAllocatedType().getUnqualifiedType();
  const std::string type = elem.getAsString(ctx_.getPrintingPolicy());
  if (std::string p = classProblem(
          ctx_.getIncompleteArrayType(elem, ArraySizeModifier::Normal, 0));
      !p.empty())
    return refuseDecl(vd, p);
  // The generated vectors start as zeros: what a trivial default
  // constructor leaves is unspecified, so zeros are one of its values.
  const CXXRecordDecl *rd = splitClass(elem);
  if (!rd->hasTrivialDefaultConstructor())
    return refuseDecl(vd, "objects made with new of a class with a default "
                          "constructor or default member initializers ('" +
                              type +
                              "') are not supported; use a "
                              "std::vector<" +
                              type + "> (sized with n)");
  if (pointerChanges(vd))
    return refuseDecl(vd, "a pointer to objects made with new is supported "
                          "when it is never reassigned or stepped (index "
                          "it: b[i])");
  expr(*ne->getArraySize());
  scope_->vars.insert(vd);
  scope_->owned.insert(vd);
}

} // namespace tangent
