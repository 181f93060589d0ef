//===- VectorReverse.cpp - several cotangents per reverse sweep -----------===//
//
// The vector reverse mode: the adjoint of f and of its callees generated
// again with adjoints of lanes (generateAdjointLanes; the scalar's
// statements, each lane doing what the scalar reverse does for its
// cotangent), bound as `template <int W> static void pullback_lanes(args...,
// adjoints...)` next to `pullback`. tangent::jacobian takes a void f's rows
// W at a time through it (runtime/include/tangent/jacobian.hpp).
//
// What it is generated for is decided here: a void f (its seeds are the
// adjoints of what it writes through pointers) whose selected parameters
// are doubles, pointers to double and vectors of double, over code whose
// adjoints are all double scalars and flat containers, without custom
// pullbacks, MPI, OpenMP, or loops reversed by anything but the full tape
// or recomputation, under default memory options. Anything else keeps the
// scalar rows (one pullback per output), which are always there.
//
//===----------------------------------------------------------------------===//
#include "codegen/Binding.h"
#include "codegen/BindingParts.h"
#include "ir/IRWalk.h"
#include "ir/Support.h"

namespace tangent {

namespace {

std::string refusalIn(const Function &fn) {
  for (const auto &v : fn.vars) {
    if (!v->active)
      continue;
    if (v->type.isNested() || v->type.scalarSpelling() != "double")
      return "the adjoint of " + v->name + " in " + fn.name +
             " is not a double or a flat container of double";
  }
  std::string why;
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    if (!why.empty())
      return;
    if (s.kind == StmtKind::Call && !s.custom.empty() && !s.keptForEffects())
      why = "a custom pullback (" + s.custom + ") takes scalar adjoints";
    else if (s.kind == StmtKind::Call && s.mpi)
      why = "an MPI call in " + fn.name;
    else if (s.kind == StmtKind::Loop && s.loop->omp)
      why = "an OpenMP loop in " + fn.name;
    else if (s.kind == StmtKind::Loop &&
             s.loop->strategy != LoopStrategy::FullTape &&
             s.loop->strategy != LoopStrategy::Recompute)
      why = "a checkpointed loop in " + fn.name;
  });
  return why;
}

} // namespace

std::string vectorReverseRefusal(const std::vector<const Function *> &fns,
                                 const Options &opts) {
  if (opts.memory_budget > 0 || opts.threads > 1 || opts.checkpoint)
    return "memory options";
  TANGENT_ASSERT(!fns.empty() && fns.front()->is_top,
                 "the vector reverse mode without its requested function");
  const Function &top = *fns.front();
  if (top.result.kind != TypeKind::Void)
    return "f returns a value";
  for (const SourceParam &sp : binding::signatureOf(top)) {
    if (sp.object || sp.leaves != 1)
      return "parameter " + sp.name + " is an object";
    const Var &p = *top.params[sp.first];
    if (adjointParamType(p).empty() || !selectsParam(opts, p.sourceParam()))
      continue;
    const Type &t = p.type;
    const bool flat = t.isReal() || (t.kind == TypeKind::Pointer && !t.span) ||
                      (t.kind == TypeKind::Vector && !t.isNested());
    if (!flat || t.scalarSpelling() != "double")
      return "parameter " + sp.name +
             " is not a double, a pointer to double "
             "or a vector of double";
  }
  for (const Function *fn : fns)
    if (std::string why = refusalIn(*fn); !why.empty())
      return why;
  return "";
}

namespace binding {

CppStmt pullbackLanesMember(const Function &fn, const Options &opts,
                            const std::string &entry) {
  const std::vector<SourceParam> signature = signatureOf(fn);
  BindingNames names(fn);
  std::vector<std::string> params, args, adjoint_params, adjoint_args;
  for (size_t k = 0; k < signature.size(); ++k) {
    const SourceParam &sp = signature[k];
    params.push_back(declaredType(sp) + " " + sp.name);
    args.push_back(sp.name);
    const Var &p = *fn.params[sp.first];
    if (adjointParamType(p).empty() || !selectsParam(opts, int(k)))
      continue;
    const AdjointArgument d =
        adjointArgument(p, names.adjoint(k), /*lanes=*/true);
    adjoint_params.push_back(d.param);
    adjoint_args.push_back(d.arg);
  }
  params.insert(params.end(), adjoint_params.begin(), adjoint_params.end());
  args.insert(args.end(), adjoint_args.begin(), adjoint_args.end());
  CppBody body = distinctPointers(fn, signature);
  const std::string width = names.lanesWidth();
  body.push_back(cpp::statement(std::string(naming::generatedFromBinding()) +
                                "::" + entry + "<" + width + ">(" + join(args) +
                                ");"));
  return cpp::function("template <int " + width + "> static void " +
                           naming::pullbackLanesEntry() + "(" + join(params) +
                           ")",
                       std::move(body));
}

} // namespace binding

} // namespace tangent
