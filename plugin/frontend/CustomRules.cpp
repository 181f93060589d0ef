//===- CustomRules.cpp - user-provided derivatives ------------------------===//
#include "frontend/CustomRules.h"
#include "ir/Naming.h"
#include "clang/AST/DeclCXX.h"
#include <set>

using namespace clang;

namespace tangent {

namespace {

const NamespaceDecl *lookupNamespace(ASTContext &ctx, const DeclContext *dc,
                                     llvm::StringRef name) {
  for (const NamedDecl *d : dc->lookup(&ctx.Idents.get(name)))
    if (const auto *ns = dyn_cast<NamespaceDecl>(d))
      return ns;
  return nullptr;
}

/// The names of the scopes around `fd` that its custom rule mirrors,
/// outermost first: named namespaces and classes; none for `std` (and for
/// the global namespace).
std::vector<std::string> mirroredScopes(const FunctionDecl *fd) {
  std::vector<std::string> scopes;
  for (const DeclContext *dc = fd->getDeclContext(); dc; dc = dc->getParent()) {
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc)) {
      if (ns->isAnonymousNamespace() || ns->isInline())
        continue;
      if (ns->isStdNamespace())
        return {};
      scopes.insert(scopes.begin(), ns->getNameAsString());
    } else if (const auto *rd = dyn_cast<RecordDecl>(dc)) {
      if (rd->getIdentifier())
        scopes.insert(scopes.begin(), rd->getNameAsString());
    }
  }
  return scopes;
}

/// tangent::custom, or null when the translation unit has none.
const NamespaceDecl *customNamespace(ASTContext &ctx) {
  const NamespaceDecl *t =
      lookupNamespace(ctx, ctx.getTranslationUnitDecl(), "tangent");
  return t ? lookupNamespace(ctx, t, "custom") : nullptr;
}

/// Every `<prefix>::...::<id>` declared in namespace `ns` or below.
void collect(const NamespaceDecl *ns, const std::string &prefix,
             IdentifierInfo *id, std::vector<std::string> &out) {
  if (!ns->lookup(id).empty())
    out.push_back(prefix + "::" + id->getName().str());
  std::set<const NamespaceDecl *> seen;
  for (const NamespaceDecl *part : ns->redecls())
    for (const Decl *d : part->decls())
      if (const auto *inner = dyn_cast<NamespaceDecl>(d))
        if (inner->getIdentifier() &&
            seen.insert(inner->getFirstDecl()).second)
          collect(inner->getFirstDecl(),
                  prefix + "::" + inner->getNameAsString(), id, out);
}

} // namespace

std::string customRuleName(const FunctionDecl *callee) {
  std::string name = naming::customNamespace();
  for (const std::string &s : mirroredScopes(callee))
    name += "::" + s;
  return name + "::" + naming::customPullback(callee->getNameAsString());
}

CustomRule findCustomRule(ASTContext &ctx, const FunctionDecl *callee) {
  CustomRule rule;
  if (!callee->getIdentifier())
    return rule;
  const NamespaceDecl *scope = customNamespace(ctx);
  for (const std::string &s : mirroredScopes(callee)) {
    if (!scope)
      return rule;
    scope = lookupNamespace(ctx, scope, s);
  }
  if (!scope)
    return rule;
  std::string fn = naming::customPullback(callee->getNameAsString());
  for (const NamedDecl *d : scope->lookup(&ctx.Idents.get(fn)))
    rule.decls.push_back(d);
  rule.pullback = customRuleName(callee);
  return rule;
}

std::vector<std::string> strayCustomRules(ASTContext &ctx,
                                          const FunctionDecl *callee) {
  std::vector<std::string> out;
  const NamespaceDecl *custom = customNamespace(ctx);
  if (!custom || !callee->getIdentifier())
    return out;
  IdentifierInfo *id =
      &ctx.Idents.get(naming::customPullback(callee->getNameAsString()));
  std::vector<std::string> all;
  // Every namespace reopening contributes to lookups of the first one.
  collect(custom->getFirstDecl(), "tangent::custom", id, all);
  std::string own = customRuleName(callee);
  for (const std::string &name : all)
    if (name != own)
      out.push_back(name);
  return out;
}

} // namespace tangent
