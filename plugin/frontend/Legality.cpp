//===- Legality.cpp - requests, kinds and found refusals, reported --------===//
//
// The request-level half of the legality layer (Legality.h); the source is
// checked by the validator (Validate.cpp and its siblings) and the analyzed
// IR by generationRefusals() (LegalityIR.cpp).
//
//===----------------------------------------------------------------------===//
#include "frontend/Legality.h"
#include "frontend/Validate.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace tangent {

void Legality::refuse(SourceLocation at, const std::string &why) {
  diags_.error(at, "tangent: " + why);
}

void Legality::refuse(const Loc &at, const std::string &why) {
  refuse(SourceLocation::getFromRawEncoding(at.raw), why);
}

bool Legality::request(const Request &r) {
  if (!r.options_read) {
    refuse(r.where, "cannot read the options of this request");
    return false;
  }
  const Options &o = r.options;
  if (o.budget < 1) {
    refuse(r.where, "options.budget must be at least 1 (got " +
                        std::to_string(o.budget) + ")");
    return false;
  }
  if (o.min_length < 0) {
    refuse(r.where, "options.min_length must not be negative (got " +
                        std::to_string(o.min_length) + ")");
    return false;
  }
  if (o.threads < 1) {
    refuse(r.where, "options.threads must be at least 1 (got " +
                        std::to_string(o.threads) + ")");
    return false;
  }
  if (o.memory_budget < 0) {
    refuse(r.where, "options.memory_budget must not be negative (got " +
                        std::to_string(o.memory_budget) +
                        " bytes; 0 means no budget)");
    return false;
  }
  const FunctionDecl *fd = r.function;
  const SourceManager &sm = ctx_.getSourceManager();
  const std::string name = fd->getNameAsString();
  // Generated code names f's specialization and its parameter types: a
  // lambda's closure type has no name it could write.
  auto lambdaType = [](QualType t) {
    t = t.getNonReferenceType();
    const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
    return rd && rd->isLambda();
  };
  bool lambda = false;
  if (const TemplateArgumentList *args = fd->getTemplateSpecializationArgs())
    for (const TemplateArgument &a : args->asArray())
      lambda |=
          a.getKind() == TemplateArgument::Type && lambdaType(a.getAsType());
  for (const ParmVarDecl *p : fd->parameters())
    lambda |= lambdaType(p->getType());
  if (lambda) {
    refuse(r.where, "'" + name +
                        "' is requested for a lambda's type, which generated "
                        "code cannot name; give it a named function object "
                        "(struct Square { double operator()(double t) const "
                        "{ ... } };) or call the lambda from a function you "
                        "request");
    return false;
  }
  const FunctionDecl *def = nullptr;
  if (!fd->hasBody(def) || !def) {
    if (fd->isTemplateInstantiation())
      return true; // instantiated on demand by the pipeline
    // A declaration after the request is the definition being parsed.
    const FunctionDecl *later = fd->getMostRecentDecl();
    if (r.where.isValid() && later &&
        sm.isBeforeInTranslationUnit(r.where, later->getLocation())) {
      refuse(r.where,
             "'" + name + "' must be defined before its first tangent request");
      diags_.note(later->getLocation(),
                  "tangent: '" + name + "' is defined here");
      return false;
    }
    refuse(r.where, "'" + name +
                        "' has no body: tangent::grad needs the definition of "
                        "the function it differentiates");
    return false;
  }
  // A request written in another file (a header's template, instantiated
  // for f at the end of the translation unit) finds f defined by then.
  if (r.where.isValid() &&
      sm.getFileID(sm.getExpansionLoc(r.where)) ==
          sm.getFileID(sm.getExpansionLoc(def->getBeginLoc())) &&
      sm.isBeforeInTranslationUnit(r.where, def->getBeginLoc())) {
    refuse(r.where, "'" + name +
                        "' must be defined before its first tangent::grad "
                        "request");
    diags_.note(def->getLocation(), "tangent: '" + name + "' is defined here");
    return false;
  }
  return true;
}

bool Legality::binding(const Request &r, SourceLocation block,
                       const std::string &function, std::uint64_t existing,
                       std::uint64_t current) {
  if (existing == current)
    return true;
  refuse(block.isValid() ? block : r.where,
         "the generated adjoint of '" + function +
             "' in this translation unit is stale (the function or "
             "its callees changed); run tangent-rewrite again");
  return false;
}

bool Legality::source(const FunctionDecl *fd, const Instantiate &instantiate) {
  return validate(fd, ctx_, diags_, instantiate);
}

bool Legality::requestKind(const Request &r, const std::string &function,
                           const Function &top) {
  const unsigned before = diags_.errorCount();
  const std::string kind = requestKindName(r.kind);
  // An object with a pointer field to floating point given to the
  // requested function (or returned by it): its gradient would be a copy
  // pointing at the same arrays. A pointer to integers (an index table) is
  // data the object carries, without a derivative.
  for (const SourceParam &sp : top.signature)
    for (int j = 0; sp.object && j < sp.leaves; ++j)
      if (const Type &t = top.params[size_t(sp.first + j)]->type;
          t.kind == TypeKind::Pointer && t.elem_real) {
        refuse(r.where, "the parameter '" + sp.name + "' of '" + function +
                            "' is an object with a pointer field ('" +
                            sp.paths[size_t(j)].back().name +
                            "'): differentiate a function that takes the "
                            "arrays (pointers or vectors) and builds the "
                            "object itself");
        break;
      }
  // A C array parameter (`const double (&v)[3]`): the requests' gradients
  // and tangents are typed after the parameters (tangent/grad.hpp), and
  // an array is no value type to return or pass as a direction.
  for (const Var *p : top.params)
    if (p->type.kind == TypeKind::CArray && p->type.elem_real)
      refuse(r.where,
             "the parameter '" + p->source_name + "' of '" + function +
                 "' is a C array (" + p->type.elem_spelling + "[" +
                 std::to_string(p->type.extent) +
                 "]), which a request cannot take: declare it as "
                 "std::array<" +
                 p->type.elem_spelling + ", " + std::to_string(p->type.extent) +
                 "> (or a pointer and a size), or request the derivative "
                 "of a function that passes a C array to '" +
                 function + "'");
  // A parameter pointing at rows (`const double b[][8]`): its number of
  // rows is unknown, so no gradient can be sized after it.
  for (const Var *p : top.params)
    if (p->type.kind == TypeKind::Pointer && !p->type.dims.empty()) {
      const std::string elem =
          (p->type.pointee_const ? "const " : "") + p->type.elem_spelling;
      std::string rows;
      long long row = 1;
      for (size_t k = 1; k < p->type.dims.size(); ++k) {
        rows += "[" + std::to_string(p->type.dims[k]) + "]";
        row *= p->type.dims[k];
      }
      refuse(r.where,
             "the parameter '" + p->source_name + "' of '" + function +
                 "' points at rows (" + elem + " (*)" + rows +
                 "), which a request cannot size: take the elements flat "
                 "(std::span<" +
                 elem + ">, indexed i * " + std::to_string(row) +
                 " + j), or request the derivative of a function that "
                 "gives its local array to '" +
                 function + "'");
    }
  // A parameter passed through that holds floating-point values: its
  // values get no derivative, which a request selecting it would hide.
  for (const Var *p : top.params)
    if (p->type.kind == TypeKind::Opaque && p->type.elem_real &&
        selectsParam(r.options, p->sourceParam())) {
      refuse(r.where,
             "the parameter '" + p->source_name + "' of '" + function + "' (" +
                 p->type.spelling +
                 ") holds floating-point values but gets no derivative "
                 "(tangent passes it through): leave it out with "
                 "options{.wrt = tangent::wrt_params(...)} listing the "
                 "others, or give the values as a std::vector");
    }
  switch (r.kind) {
  case RequestKind::Gradient:
    break;
  case RequestKind::Jvp:
  case RequestKind::Hvp: {
    const bool second = r.kind == RequestKind::Hvp;
    // A raw pointer's tangent is a pointer the caller gives (a sized
    // argument in the high-level forms: tangent/forward.hpp). A void
    // function's results are what it writes through its non-const
    // pointer parameters that wrt selects.
    bool outputs = false;
    for (const Var *p : top.params)
      outputs |= p->type.kind == TypeKind::Pointer && p->type.elem_real &&
                 !p->type.pointee_const &&
                 selectsParam(r.options, p->sourceParam());
    const bool void_outputs =
        !second && top.result.kind == TypeKind::Void && outputs;
    if (second ? !top.result.isReal()
               : !top.result.isDifferentiable() && !void_outputs)
      refuse(r.where, "the " + kind + " of '" + function +
                          "' needs a function returning " +
                          (second ? "float or double"
                                  : "a floating-point value, std::vector or "
                                    "std::array, or a void function writing "
                                    "its results through a selected "
                                    "`double *` parameter"));
    break;
  }
  case RequestKind::Vjp:
    if (top.flattened || !top.result.isContainer() || !top.result.elem_real)
      refuse(r.where, "the vector-Jacobian product (vjp, jacobian) of '" +
                          function +
                          "' needs a function returning a std::vector or "
                          "std::array of floating point, without class-type "
                          "parameters (for a function returning a number, "
                          "tangent::grad is its vector-Jacobian product)");
    break;
  }
  return diags_.errorCount() == before;
}

bool Legality::secondOrder(
    const std::vector<std::pair<Loc, std::string>> &customs) {
  for (const auto &[at, name] : customs)
    refuse(at, "second order (hvp, hessian) cannot use the custom derivative "
               "of '" +
                   name +
                   "': its rules (pullback, pushforward) cannot be "
                   "differentiated again; "
                   "differentiate the function itself");
  return customs.empty();
}

bool Legality::report(const Refusals &found) {
  return report(found, [](const Function *) { return true; });
}

bool Legality::report(const Refusals &found,
                      const std::function<bool(const Function *)> &reached) {
  bool ok = true;
  for (const Refusal &r : found)
    if (reached(r.in)) {
      refuse(r.at, r.why);
      ok = false;
    }
  return ok;
}

void Legality::internalError(const Request &r, const std::string &function,
                             const std::string &what) {
  diags_.error(r.where, "tangent: internal error while differentiating '" +
                            function + "': " + what +
                            "; please report this bug");
}

} // namespace tangent
