//===- TypesNames.cpp - locations, types, functions as the IR spells them ===//
#include "frontend/Types.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace tangent {

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

std::string typeSpelling(ASTContext &ctx, QualType qt) {
  PrintingPolicy policy(ctx.getLangOpts());
  policy.SuppressDefaultTemplateArgs = true;
  policy.SuppressScope = false;
  policy.FullyQualifiedName = true;
  policy.Bool = true;
  return TypeName::getFullyQualifiedName(qt, ctx, policy,
                                         /*WithGlobalNsPrefix=*/false);
}

std::string withoutTemplateArguments(const std::string &name) {
  if (name.empty() || name.back() != '>')
    return name;
  int depth = 0;
  for (size_t i = name.size(); i-- > 0;) {
    depth += name[i] == '>' ? 1 : name[i] == '<' ? -1 : 0;
    if (depth == 0)
      return name.substr(0, i);
  }
  return name;
}

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
  // Generated code names f inside namespace tangent, where a name of
  // tangent's own (`tangent::stats`, `tangent::layer`, `tangent::detail`)
  // would hide a global one: such names get the global prefix.
  std::string first = name.substr(0, name.find_first_of(":<("));
  for (const NamedDecl *d :
       ctx.getTranslationUnitDecl()->lookup(&ctx.Idents.get("tangent")))
    if (const auto *ns = dyn_cast<NamespaceDecl>(d);
        ns && !first.empty() && !ns->lookup(&ctx.Idents.get(first)).empty())
      return "::" + name;
  return name;
}

std::string addressOf(const FunctionDecl *fd, ASTContext &ctx) {
  const std::string name = qualifiedName(fd, ctx);
  int overloads = 0;
  for (const NamedDecl *d :
       fd->getDeclContext()->getRedeclContext()->lookup(fd->getDeclName()))
    overloads +=
        isa<FunctionDecl, FunctionTemplateDecl>(d->getUnderlyingDecl());
  if (overloads <= 1)
    return "&" + name;
  QualType pointer;
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd); md && !md->isStatic())
    pointer = ctx.getMemberPointerType(
        fd->getType(), ctx.getRecordType(md->getParent()).getTypePtr());
  else
    pointer = ctx.getPointerType(fd->getType());
  return "static_cast<" + typeSpelling(ctx, pointer) + ">(&" + name + ")";
}

} // namespace tangent
