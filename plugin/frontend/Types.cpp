//===- Types.cpp - Clang types and names as the IR sees them --------------===//
#include "frontend/Types.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace tangent {

std::string qualifiedName(const FunctionDecl *fd, ASTContext &ctx) {
  std::string name;
  llvm::raw_string_ostream os(name);
  PrintingPolicy policy(ctx.getLangOpts());
  policy.SuppressUnwrittenScope = true;
  policy.AnonymousTagLocations = false;
  fd->getNameForDiagnostic(os, policy, /*Qualified=*/true);
  os.flush();
  const std::string anon = "(anonymous namespace)::";
  for (size_t p; (p = name.find(anon)) != std::string::npos;)
    name.erase(p, anon.size());
  return name;
}

Loc makeLoc(ASTContext &ctx, SourceLocation loc) {
  Loc out;
  if (loc.isInvalid())
    return out;
  const SourceManager &sm = ctx.getSourceManager();
  PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(loc));
  if (p.isValid()) {
    llvm::StringRef file = p.getFilename();
    out.file = file.substr(file.find_last_of('/') + 1).str();
    out.line = p.getLine();
    out.column = p.getColumn();
  }
  out.raw = loc.getRawEncoding();
  return out;
}

namespace {

std::string typeSpelling(ASTContext &ctx, QualType qt) {
  PrintingPolicy policy(ctx.getLangOpts());
  policy.SuppressDefaultTemplateArgs = true;
  policy.SuppressScope = false;
  policy.FullyQualifiedName = true;
  policy.Bool = true;
  return TypeName::getFullyQualifiedName(qt, ctx, policy,
                                         /*WithGlobalNsPrefix=*/false);
}

const ClassTemplateSpecializationDecl *stdTemplate(QualType qt,
                                                   llvm::StringRef name) {
  const auto *rd = qt->getAsCXXRecordDecl();
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec || !spec->isInStdNamespace() || spec->getName() != name)
    return nullptr;
  return spec;
}

} // namespace

bool lowerType(ASTContext &ctx, QualType qt, Type &out) {
  qt = qt.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  out = Type{};
  if (qt->isVoidType()) {
    out.kind = TypeKind::Void;
    out.spelling = "void";
    return true;
  }
  if (qt->isBooleanType()) {
    out.kind = TypeKind::Bool;
    out.spelling = "bool";
    return true;
  }
  if (qt->isRealFloatingType()) {
    out.kind = TypeKind::Real;
    out.spelling = typeSpelling(ctx, qt);
    return true;
  }
  if (qt->isIntegralOrEnumerationType()) {
    out.kind = TypeKind::Int;
    out.spelling = typeSpelling(ctx, qt);
    return true;
  }
  auto element = [&](QualType elem) {
    Type e;
    if (!lowerType(ctx, elem, e) || !(e.isReal() || e.isIntegral()))
      return false;
    out.elem_spelling = e.spelling;
    out.elem_real = e.isReal();
    return true;
  };
  if (const auto *spec = stdTemplate(qt, "vector")) {
    out.kind = TypeKind::Vector;
    if (!element(spec->getTemplateArgs()[0].getAsType()))
      return false;
    out.spelling = "std::vector<" + out.elem_spelling + ">";
    return true;
  }
  if (const auto *spec = stdTemplate(qt, "array")) {
    out.kind = TypeKind::Array;
    if (!element(spec->getTemplateArgs()[0].getAsType()))
      return false;
    out.extent = spec->getTemplateArgs()[1].getAsIntegral().getExtValue();
    out.spelling = "std::array<" + out.elem_spelling + ", " +
                   std::to_string(out.extent) + ">";
    return true;
  }
  if (const auto *arr = ctx.getAsConstantArrayType(qt)) {
    out.kind = TypeKind::CArray;
    if (!element(arr->getElementType()))
      return false;
    out.extent = arr->getSize().getZExtValue();
    out.spelling = out.elem_spelling; // declarator adds [N]
    return true;
  }
  if (qt->isPointerType()) {
    QualType pointee = qt->getPointeeType();
    out.kind = TypeKind::Pointer;
    out.pointee_const = pointee.isConstQualified();
    if (!element(pointee.getUnqualifiedType()))
      return false;
    out.spelling =
        (out.pointee_const ? "const " : "") + out.elem_spelling + "*";
    return true;
  }
  return false;
}

} // namespace tangent
