//===- BindingForward.cpp - the blocks of forward-mode requests -----------===//
//
// jvp and jacobian (tangent_linear, with the vector forward mode's
// jvp_lanes), hvp and hessian (second_order): the generated functions of
// the callees and of f, then the specialization that binds the request.
//
//===----------------------------------------------------------------------===//
#include "codegen/Binding.h"
#include "codegen/BindingParts.h"
#include "codegen/RuntimeApi.h"
#include "ir/Printer.h"

namespace tangent {

namespace {

using namespace binding;

/// Prototypes of every part (forward blocks: callees may call each other in
/// any order), then each part's guarded text.
CppBody partsOf(const std::vector<const GeneratedPart *> &parts) {
  CppBody declarations, out;
  for (const GeneratedPart *part : parts)
    cpp::append(declarations, part->code.declarations);
  out.push_back(cpp::namespaceScope(naming::generatedNamespace(),
                                    std::move(declarations), false));
  for (const GeneratedPart *part : parts)
    guarded(out, part->stem, part->code);
  return out;
}

/// The parameters of a forward-mode specialization: f's, then one
/// direction per parameter that is selected and has a tangent (an object's
/// direction is an object of its type); `args` gets f's arguments (an
/// object's leaves) then every tangent argument of the generated function
/// (zero for the parameters not selected, a copy for in-out ones).
void directionParams(const ForwardBinding &b, const Options &opts,
                     LeafArguments &leaves, std::vector<std::string> &params,
                     std::vector<std::string> &args, CppBody &locals) {
  std::vector<SourceParam> signature = signatureOf(*b.source);
  BindingNames &names = leaves.names;
  std::vector<std::string> primal; // per leaf (IR parameter)
  for (const SourceParam &sp : signature) {
    params.push_back(declaredType(sp) + " " + sp.name);
    for (int j = 0; j < sp.leaves; ++j)
      primal.push_back(sp.object ? leaves.arg(sp, j, objectOf(sp, sp.name),
                                              names.leafLocal(sp.name, j),
                                              sp.by_reference && !sp.is_const)
                                 : sp.name);
  }
  args = primal;
  for (size_t k = 0; k < signature.size(); ++k) {
    const SourceParam &sp = signature[k];
    std::string name = names.direction(k);
    bool any = false;
    for (int j = 0; j < sp.leaves; ++j)
      any |= b.tangent_of[sp.first + j] >= 0;
    if (!any)
      continue;
    const bool selected = selectsParam(opts, int(k));
    // The direction of an object f writes (by reference or pointer): its
    // leaves are f's tangents, which f's jvp writes too, so each is copied
    // (not the object, whose copy may share what its destructor frees).
    const bool written = sp.object && selected &&
                         (sp.by_reference || sp.object_pointer) && !sp.is_const;
    if (sp.object && selected)
      params.push_back("const " + sp.spelling + "& " + name);
    for (int j = 0; j < sp.leaves; ++j) {
      const int at = b.tangent_of[sp.first + j];
      if (at < 0)
        continue;
      const Var &t = *b.source->params[sp.first + j];
      std::string leaf = sp.object ? names.leafLocal(name, j) : name;
      if (!selected) { // zero, shaped like the argument
        locals.push_back(cpp::statement(
            t.type.spelling + " " + leaf +
            (t.type.isReal()
                 ? "{};"
                 : " = " + rt::zerosLike(primal[size_t(sp.first + j)]) + ";")));
      } else if (sp.object) {
        const std::string at = leaves.arg(sp, j, name, leaf, false);
        if (written && at != leaf)
          leaves.before.push_back(
              cpp::statement(t.type.spelling + " " + leaf + " = " + at + ";"));
        else
          leaf = at;
      } else if (t.type.kind == TypeKind::Pointer) {
        // A pointer's tangent: storage of the same extent, written where
        // f writes through the pointer.
        params.push_back(sp.spelling + " " + name);
      } else if (t.by_reference && !t.is_const) {
        params.push_back("const " + sp.spelling + "& " + names.incoming(name));
        locals.push_back(cpp::statement(sp.spelling + " " + name + " = " +
                                        names.incoming(name) + ";"));
      } else {
        params.push_back(
            (t.type.isReal() ? sp.spelling : "const " + sp.spelling + "&") +
            " " + name);
      }
      args.push_back(leaf);
    }
  }
}

/// The specialization of a forward-mode block: f's leaves gathered, the
/// directions' locals, then `call`, whose value it returns.
CppStmt forwardSpecialization(const char *bound, const ForwardBinding &b,
                              const Options &opts, std::uint64_t hash,
                              const char *method,
                              const std::vector<std::string> &params,
                              const LeafArguments &leaves,
                              const CppBody &locals, const std::string &call,
                              const CppBody &members = {}) {
  CppBody before = distinctPointers(*b.source, signatureOf(*b.source));
  cpp::append(before, leaves.before);
  cpp::append(before, locals);
  const std::string &r = b.source->result.spelling;
  return specializationOf(
      bound, b.source->address, opts, hash, r, method, params,
      callBody(before, leaves.after, r, call, leaves.names.value()), members);
}

/// `template <int W> static R jvp_lanes(args..., tangents..., t_result)`:
/// the vector forward mode's entry (lanesBindable signatures only).
CppStmt lanesMember(const ForwardBinding &b, const LanesVariant &lanes) {
  const GeneratedPart &top = *lanes.top;
  const std::vector<SourceParam> signature = signatureOf(*b.source);
  std::vector<std::string> params, args, directions, direction_params;
  CppBody before = distinctPointers(*b.source, signature);
  BindingNames names(*b.source);
  LeafArguments leaves(*b.source, names);
  for (size_t k = 0; k < signature.size(); ++k) {
    const SourceParam &sp = signature[k];
    params.push_back(declaredType(sp) + " " + sp.name);
    if (sp.object) { // data: its leaves, no tangent (lanesBindable)
      for (int j = 0; j < sp.leaves; ++j)
        args.push_back(leaves.arg(sp, j, objectOf(sp, sp.name),
                                  names.leafLocal(sp.name, j),
                                  sp.by_reference && !sp.is_const));
      continue;
    }
    args.push_back(sp.name);
    if (lanes.tangent_of[sp.first] < 0)
      continue;
    const Var &p = *b.source->params[sp.first];
    const std::string name = names.direction(k);
    const std::string laned =
        naming::lanedSpelling(sp.spelling, p.type.scalarSpelling());
    direction_params.push_back(p.type.isReal() ||
                                       p.type.kind == TypeKind::Pointer
                                   ? laned + " " + name
                                   : "const " + laned + "& " + name);
    directions.push_back(name);
  }
  params.insert(params.end(), direction_params.begin(), direction_params.end());
  args.insert(args.end(), directions.begin(), directions.end());
  const Type &result = b.source->result;
  if (result.kind != TypeKind::Void) {
    params.push_back(
        naming::lanedSpelling(result.spelling, result.scalarSpelling()) + "& " +
        names.tangentResult());
    args.push_back(names.tangentResult());
  }
  const std::string width = names.lanesWidth();
  const std::string call = std::string(naming::generatedFromBinding()) +
                           "::" + top.code.entry + "<" + width + ">(" +
                           join(args) + ")";
  cpp::append(before, leaves.before);
  return cpp::function(
      "template <int " + width + "> static " + result.spelling + " " +
          naming::jvpLanesEntry() + "(" + join(params) + ")",
      callBody(before, leaves.after, result.spelling, call, names.value()));
}

} // namespace

bool lanesBindable(const ForwardBinding &binding, const Options &opts) {
  const Function &f = *binding.source;
  const std::vector<SourceParam> signature = signatureOf(f);
  if (!(f.result.kind == TypeKind::Void || f.result.isDifferentiable()))
    return false;
  for (size_t k = 0; k < signature.size(); ++k) {
    const SourceParam &sp = signature[k];
    if (!selectsParam(opts, int(k)))
      continue; // data in the lanes variant
    if (sp.object || sp.leaves != 1)
      return false;
    if (binding.tangent_of[sp.first] < 0)
      continue;
    const Var &p = *f.params[sp.first];
    if ((p.by_reference && !p.is_const) || p.type.isNested() || p.type.span ||
        p.type.scalarSpelling() != "double")
      return false;
  }
  return f.result.kind == TypeKind::Void ||
         (!f.result.isNested() && f.result.scalarSpelling() == "double");
}

std::string
tangentLinearBlock(const std::vector<const GeneratedPart *> &callees,
                   const GeneratedPart &top, const ForwardBinding &binding,
                   const Options &opts, std::uint64_t hash,
                   const LanesVariant &lanes) {
  std::vector<const GeneratedPart *> parts = callees;
  parts.push_back(&top);
  CppBody members;
  if (lanes.top) {
    for (const GeneratedPart *c : lanes.callees)
      parts.push_back(c);
    parts.push_back(lanes.top);
    members.push_back(lanesMember(binding, lanes));
  }
  std::vector<std::string> params, args;
  CppBody locals;
  BindingNames names(*binding.source);
  LeafArguments leaves(*binding.source, names);
  directionParams(binding, opts, leaves, params, args, locals);
  const std::string &r = binding.source->result.spelling;
  if (binding.source->result.kind != TypeKind::Void) {
    params.push_back(r + "& " + names.tangentResult());
    args.push_back(names.tangentResult());
  }
  std::string call = std::string(naming::generatedFromBinding()) +
                     "::" + top.code.entry + "(" + join(args) + ")";
  CppBody block = accessTags(signatureOf(*binding.source));
  cpp::append(block, partsOf(parts));
  block.push_back(forwardSpecialization(naming::tangentLinearBinding(), binding,
                                        opts, hash, rt::jvpEntry(), params,
                                        leaves, locals, call, members));
  return printCpp(block);
}

std::string secondOrderBlock(const std::vector<const GeneratedPart *> &callees,
                             const GeneratedPart &top,
                             const GeneratedPart *with_gradient,
                             const ForwardBinding &binding, const Options &opts,
                             std::uint64_t hash) {
  std::vector<const GeneratedPart *> parts = callees;
  parts.push_back(&top);
  if (with_gradient)
    parts.push_back(with_gradient);
  std::vector<std::string> params, args;
  CppBody locals;
  BindingNames names(*binding.source);
  LeafArguments leaves(*binding.source, names);
  directionParams(binding, opts, leaves, params, args, locals);
  std::vector<SourceParam> signature = signatureOf(*binding.source);
  std::vector<std::string> gradient_params, gradient_args;
  for (size_t k = 0; k < signature.size(); ++k) {
    const Var &p = *top.function->params[k];
    if (adjointParamType(p).empty() || !selectsParam(opts, int(k)))
      continue;
    const AdjointArgument d = adjointArgument(p, names.adjoint(k));
    params.push_back(d.param);
    args.push_back(d.arg);
    if (!with_gradient)
      continue;
    // The adjoint of its direction (every one has one: the pipeline made
    // with_gradient only then).
    const Var &t = *top.function->params[size_t(binding.tangent_of[k])];
    const AdjointArgument g = adjointArgument(t, names.gradientOf(k));
    gradient_params.push_back(g.param);
    gradient_args.push_back(g.arg);
  }
  const std::string &r = binding.source->result.spelling;
  const std::string seed = "double " + names.seed();
  const std::string seed_arg = "static_cast<" + r + ">(" + names.seed() + ")";
  // pullback_with_gradient: the same, then the gradients.
  std::vector<std::string> both = params, both_args = args;
  both.insert(both.end(), gradient_params.begin(), gradient_params.end());
  both_args.insert(both_args.end(), gradient_args.begin(), gradient_args.end());
  params.push_back(seed);
  args.push_back(seed_arg);
  both.push_back(seed);
  both_args.push_back(seed_arg);
  auto call = [](const GeneratedPart &part,
                 const std::vector<std::string> &arguments) {
    return std::string(naming::generatedFromBinding()) +
           "::" + part.code.entry + "(" + join(arguments) + ")";
  };
  CppBody members = {cpp::statement(std::string("static constexpr bool ") +
                                    rt::gradientFromProduct() + " = " +
                                    (with_gradient ? "true" : "false") + ";")};
  if (with_gradient) {
    CppBody before = distinctPointers(*binding.source, signature);
    cpp::append(before, leaves.before);
    cpp::append(before, locals);
    members.push_back(cpp::function(
        "static " + r + " " + naming::pullbackWithGradientEntry() + "(" +
            join(both) + ")",
        callBody(before, leaves.after, r, call(*with_gradient, both_args),
                 names.value())));
  }
  CppBody block = partsOf(parts);
  block.push_back(forwardSpecialization(
      naming::secondOrderBinding(), binding, opts, hash, rt::pullbackEntry(),
      params, leaves, locals, call(top, args), members));
  return printCpp(block);
}

} // namespace tangent
