//===- Requests.cpp - finding tangent::grad<f> requests -------------------===//
//
// Every request instantiates `tangent::gradient<F, O>` (grad.hpp), so the
// specializations of that class template are the requests, with F and the
// options as template arguments. Requests inside function templates appear
// once their instantiation exists.
//
//===----------------------------------------------------------------------===//
#include "frontend/Requests.h"
#include "ir/Support.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include <map>
#include <type_traits>

using namespace clang;

namespace tangent {

namespace {

/// The runtime class a request's marker instantiates, and the function
/// templates users write for it.
/// Also the names of a kind: in messages, in the batch report, and the
/// specialization its block defines.
struct Marker {
  RequestKind kind;
  const char *class_template;
  std::vector<const char *> functions;
  const char *name;
  const char *label;
  const char *binding;
};
const std::vector<Marker> &markers() {
  static const std::vector<Marker> all = {{RequestKind::Gradient,
                                           "gradient",
                                           {"grad", "grad_with_checkpointing"},
                                           "gradient",
                                           "grad",
                                           naming::adjointBinding()},
                                          {RequestKind::Jvp,
                                           "directional",
                                           {"jvp", "jacobian"},
                                           "forward-mode derivative",
                                           "jvp",
                                           naming::tangentLinearBinding()},
                                          {RequestKind::Hvp,
                                           "hessian_vector",
                                           {"hvp", "hessian"},
                                           "Hessian-vector product",
                                           "hvp",
                                           naming::secondOrderBinding()},
                                          {RequestKind::Vjp,
                                           "cotangent",
                                           {"vjp", "jacobian"},
                                           "vector-Jacobian product",
                                           "vjp",
                                           naming::seededBinding()}};
  return all;
}

const Marker &markerOf(RequestKind kind) {
  for (const Marker &m : markers())
    if (m.kind == kind)
      return m;
  TANGENT_UNREACHABLE("a request kind without a marker");
}

const ClassTemplateDecl *markerTemplate(ASTContext &ctx, const char *name) {
  for (const NamedDecl *d :
       ctx.getTranslationUnitDecl()->lookup(&ctx.Idents.get("tangent"))) {
    const auto *ns = dyn_cast<NamespaceDecl>(d);
    if (!ns)
      continue;
    for (const NamedDecl *g : ns->lookup(&ctx.Idents.get(name)))
      if (const auto *ctd = dyn_cast<ClassTemplateDecl>(g))
        return ctd;
  }
  return nullptr;
}

/// Where the user first wrote a request of a kind for each function: the
/// points of instantiation of tangent::grad<f, ...> (or the kind's other
/// marker functions).
std::map<const FunctionDecl *, SourceLocation>
firstUses(ASTContext &ctx, const SourceManager &sm, const Marker &marker) {
  std::map<const FunctionDecl *, SourceLocation> uses;
  for (const NamedDecl *d :
       ctx.getTranslationUnitDecl()->lookup(&ctx.Idents.get("tangent"))) {
    const auto *ns = dyn_cast<NamespaceDecl>(d);
    if (!ns)
      continue;
    for (const char *name : marker.functions)
      for (const NamedDecl *g : ns->lookup(&ctx.Idents.get(name))) {
        const auto *ftd = dyn_cast<FunctionTemplateDecl>(g);
        if (!ftd)
          continue;
        for (const FunctionDecl *spec : ftd->specializations()) {
          const TemplateArgumentList *args =
              spec->getTemplateSpecializationArgs();
          if (!args || args->size() < 1 ||
              (*args)[0].getKind() != TemplateArgument::Declaration)
            continue;
          const auto *fd = dyn_cast<FunctionDecl>((*args)[0].getAsDecl());
          SourceLocation at = spec->getPointOfInstantiation();
          if (!fd || at.isInvalid())
            continue;
          fd = fd->getCanonicalDecl();
          auto it = uses.find(fd);
          if (it == uses.end() || sm.isBeforeInTranslationUnit(at, it->second))
            uses[fd] = at;
        }
      }
  }
  return uses;
}

} // namespace

/// Class-type template arguments are TemplateParamObjectDecls (or, in some
/// contexts, structural values). The fields are matched by name with
/// forEachOption (ir/Options.h), so the runtime's field order does not
/// matter here.
bool readOptions(const TemplateArgument &arg, Options &out) {
  const APValue *value = nullptr;
  QualType type;
  if (arg.getKind() == TemplateArgument::StructuralValue) {
    value = &arg.getAsStructuralValue();
    type = arg.getStructuralValueType();
  } else if (arg.getKind() == TemplateArgument::Declaration) {
    if (const auto *obj = dyn_cast<TemplateParamObjectDecl>(arg.getAsDecl())) {
      value = &obj->getValue();
      type = obj->getType();
    }
  }
  const RecordDecl *record = type.isNull() ? nullptr : type->getAsRecordDecl();
  if (!value || !value->isStruct() || !record)
    return false;
  out = Options{};
  unsigned read = 0, fields = 0;
  for (const FieldDecl *field : record->fields()) {
    ++fields;
    unsigned index = field->getFieldIndex();
    if (index >= value->getStructNumFields() ||
        !value->getStructField(index).isInt())
      return false;
    const llvm::APSInt &v = value->getStructField(index).getInt();
    forEachOption(out, [&](const char *name, auto &target) {
      if (field->getName() != name)
        return;
      using T = std::decay_t<decltype(target)>;
      if constexpr (std::is_same_v<T, bool>)
        target = v.getBoolValue();
      else if constexpr (std::is_unsigned_v<T>)
        target = T(v.getZExtValue());
      else
        target = T(v.getExtValue());
      ++read;
    });
  }
  // Every field known on both sides: the plugin and the runtime headers
  // agree on what an options object holds.
  unsigned known = 0;
  forEachOption(out, [&](const char *, auto &) { ++known; });
  return read == fields && read == known;
}

const char *requestKindName(RequestKind kind) { return markerOf(kind).name; }

const char *requestKindLabel(RequestKind kind) { return markerOf(kind).label; }

const char *bindingTemplate(RequestKind kind) { return markerOf(kind).binding; }

bool existingBinding(ASTContext &ctx, const FunctionDecl *fd,
                     const Options &opts, std::uint64_t &source_hash,
                     RequestKind kind, SourceLocation *block) {
  for (const NamedDecl *d :
       ctx.getTranslationUnitDecl()->lookup(&ctx.Idents.get("tangent"))) {
    const auto *ns = dyn_cast<NamespaceDecl>(d);
    if (!ns)
      continue;
    for (const NamedDecl *a :
         ns->lookup(&ctx.Idents.get(bindingTemplate(kind)))) {
      const auto *ctd = dyn_cast<ClassTemplateDecl>(a);
      if (!ctd)
        continue;
      for (const ClassTemplateSpecializationDecl *spec :
           ctd->specializations()) {
        if (!spec->isExplicitSpecialization())
          continue;
        const TemplateArgumentList &args = spec->getTemplateArgs();
        Options o;
        if (args.size() < 2 ||
            args[0].getKind() != TemplateArgument::Declaration ||
            !readOptions(args[1], o))
          continue;
        const auto *g = dyn_cast<FunctionDecl>(args[0].getAsDecl());
        if (!g || g->getCanonicalDecl() != fd->getCanonicalDecl() || o != opts)
          continue;
        source_hash = 0;
        if (block)
          *block = spec->getLocation();
        for (const Decl *member : spec->decls())
          if (const auto *vd = dyn_cast<VarDecl>(member);
              vd && vd->getName() == "source_hash" && vd->getInit())
            if (auto v = vd->getInit()->getIntegerConstantExpr(ctx))
              source_hash = v->getZExtValue();
        return true;
      }
    }
  }
  return false;
}

bool declaresGradient(ASTContext &ctx) {
  return markerTemplate(ctx, "gradient");
}

namespace {

void collectRequests(ASTContext &ctx, const Marker &marker,
                     std::vector<Request> &out) {
  const ClassTemplateDecl *ctd = markerTemplate(ctx, marker.class_template);
  if (!ctd)
    return;
  const SourceManager &sm = ctx.getSourceManager();
  auto uses = firstUses(ctx, sm, marker);
  // jacobian<f> of a void f takes its rows from f's gradient.
  Marker rows = marker;
  rows.functions = {"jacobian"};
  const auto jacobians = marker.kind == RequestKind::Gradient
                             ? firstUses(ctx, sm, rows)
                             : decltype(uses){};
  for (const ClassTemplateSpecializationDecl *spec : ctd->specializations()) {
    const TemplateArgumentList &args = spec->getTemplateArgs();
    if (args.size() < 2 || args[0].getKind() != TemplateArgument::Declaration)
      continue;
    const auto *fd = dyn_cast<FunctionDecl>(args[0].getAsDecl());
    if (!fd)
      continue;
    Request r;
    r.kind = marker.kind;
    r.function = fd;
    r.where = spec->getPointOfInstantiation();
    if (auto it = uses.find(fd->getCanonicalDecl()); it != uses.end())
      r.where = it->second;
    r.options_read = readOptions(args[1], r.options);
    r.jacobian = jacobians.count(fd->getCanonicalDecl()) != 0;
    out.push_back(r);
  }
}

} // namespace

std::vector<Request> findRequests(ASTContext &ctx) {
  std::vector<Request> out;
  for (const Marker &marker : markers())
    collectRequests(ctx, marker, out);
  return out;
}

} // namespace tangent
