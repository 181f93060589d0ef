//===- CustomRules.cpp - user-provided derivatives ------------------------===//
#include "frontend/CustomRules.h"
#include "ir/Naming.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
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

/// The scope paths (below tangent::custom) of every declaration of `id` in
/// namespace `ns` or below, `path` being ns's own.
void collect(const NamespaceDecl *ns, std::vector<std::string> &path,
             IdentifierInfo *id, std::vector<std::vector<std::string>> &out) {
  if (!ns->lookup(id).empty())
    out.push_back(path);
  std::set<const NamespaceDecl *> seen;
  for (const NamespaceDecl *part : ns->redecls())
    for (const Decl *d : part->decls())
      if (const auto *inner = dyn_cast<NamespaceDecl>(d))
        if (inner->getIdentifier() &&
            seen.insert(inner->getFirstDecl()).second) {
          path.push_back(inner->getNameAsString());
          collect(inner->getFirstDecl(), path, id, out);
          path.pop_back();
        }
}

/// Whether the program declares a function `name` in the scope `path`
/// (namespaces or classes from the global one; the global namespace and std
/// for an empty path): the function a rule under tangent::custom::<path> is
/// for.
bool declaresFunction(ASTContext &ctx, const std::vector<std::string> &path,
                      const std::string &name) {
  IdentifierInfo *id = &ctx.Idents.get(name);
  auto hasFunction = [&](const DeclContext *dc) {
    for (const NamedDecl *d : dc->lookup(id))
      if (isa<FunctionDecl, FunctionTemplateDecl, UsingShadowDecl>(d))
        return true;
    return false;
  };
  const DeclContext *dc = ctx.getTranslationUnitDecl();
  if (path.empty()) {
    const NamespaceDecl *std_ns = lookupNamespace(ctx, dc, "std");
    return hasFunction(dc) || (std_ns && hasFunction(std_ns));
  }
  for (const std::string &scope : path) {
    const DeclContext *next = nullptr;
    for (const NamedDecl *d : dc->lookup(&ctx.Idents.get(scope)))
      if (const auto *inner = dyn_cast<DeclContext>(d)) {
        next = inner;
        break;
      }
    if (!next)
      return false;
    dc = next;
  }
  return hasFunction(dc);
}

} // namespace

std::string customRuleName(const FunctionDecl *callee, bool pushforward) {
  std::string name = naming::customNamespace();
  for (const std::string &s : mirroredScopes(callee))
    name += "::" + s;
  const std::string fn = callee->getNameAsString();
  return name + "::" +
         (pushforward ? naming::customPushforward(fn)
                      : naming::customPullback(fn));
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
  const std::string name = callee->getNameAsString();
  for (bool pushforward : {false, true}) {
    const std::string fn = pushforward ? naming::customPushforward(name)
                                       : naming::customPullback(name);
    bool found = false;
    for (const NamedDecl *d : scope->lookup(&ctx.Idents.get(fn))) {
      rule.decls.push_back(d);
      found = true;
    }
    if (found)
      (pushforward ? rule.pushforward : rule.pullback) =
          customRuleName(callee, pushforward);
  }
  return rule;
}

std::vector<std::string> strayCustomRules(ASTContext &ctx,
                                          const FunctionDecl *callee) {
  std::vector<std::string> out;
  const NamespaceDecl *custom = customNamespace(ctx);
  if (!custom || !callee->getIdentifier())
    return out;
  std::string name = callee->getNameAsString();
  IdentifierInfo *id = &ctx.Idents.get(naming::customPullback(name));
  std::vector<std::vector<std::string>> paths;
  std::vector<std::string> path;
  collect(custom->getFirstDecl(), path, id, paths);
  std::string own = customRuleName(callee);
  for (const std::vector<std::string> &p : paths) {
    std::string rule = naming::customNamespace();
    for (const std::string &scope : p)
      rule += "::" + scope;
    rule += "::" + naming::customPullback(name);
    // A rule that has a function of its own is not meant for this one.
    if (rule != own && !declaresFunction(ctx, p, name))
      out.push_back(rule);
  }
  return out;
}

} // namespace tangent
