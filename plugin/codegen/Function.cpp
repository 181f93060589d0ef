//===- Function.cpp - whole generated functions ---------------------------===//
//
// Assembles the statement sweeps (SweepGenerator.h) into functions:
//  - the requested function: one joint function `<f>_pullback` (forward
//    sweep, then reverse sweep, sharing locals);
//  - a callee: `<f>_forward` (records on the tape, then the final values of
//    the locals its reverse reads) and `<f>_reverse` (pops them, then runs
//    the reverse sweep). Callers run the first in their forward sweep and
//    the second in their reverse sweep, so no callee is ever re-executed.
//
//===----------------------------------------------------------------------===//
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/Support.h"

namespace tangent {

namespace {

std::string paramDecl(const Var &p, const std::string &declared_type) {
  return declared_type + " " + p.name;
}

} // namespace

/// The C++ parameter type as declared (const&, by value, pointer).
std::string paramType(const Var &p) {
  const Type &t = p.type;
  if (t.kind == TypeKind::CArray) // `const double (&w)[3]`: a pointer
    return (p.is_const ? "const " : "") + t.elem_spelling + "*";
  std::string base = t.spelling;
  if (p.by_reference)
    return (p.is_const ? "const " : "") + base + "&";
  return base;
}

namespace {

std::string join(const std::vector<std::string> &items) {
  std::string out;
  for (const std::string &item : items)
    out += (out.empty() ? "" : ", ") + item;
  return out;
}

/// `t` with its real scalar made lanes (the vector reverse mode's adjoints).
Type lanedType(Type t) {
  const std::string scalar = t.scalarSpelling();
  t.spelling = naming::lanedSpelling(t.spelling, scalar);
  if (!t.elem_spelling.empty())
    t.elem_spelling = naming::lanedSpelling(t.elem_spelling, scalar);
  return t;
}

bool isHoisted(const Var &v) {
  return v.role != VarRole::Param && v.role != VarRole::Induction &&
         !v.resolved;
}

} // namespace

std::string adjointParamType(const Var &p, bool lanes) {
  if (!p.type.isDifferentiable() || p.data)
    return "";
  const Type t = lanes ? lanedType(p.type) : p.type;
  if (t.kind == TypeKind::Real)
    return t.spelling + "&";
  if (t.kind == TypeKind::Pointer && t.span)
    return "std::span<" + t.elem_spelling + ">";
  if (t.kind == TypeKind::Pointer)
    return t.elem_spelling + "*";
  // A C array parameter is a pointer to the caller's first element (a
  // shared root, `double (&v)[3]`): its adjoint, the caller's adjoint
  // array, likewise.
  if (t.kind == TypeKind::CArray)
    return t.elem_spelling + "*";
  return t.spelling + "&";
}

Type adjointType(const Type &t, bool lanes) { return lanes ? lanedType(t) : t; }

std::string adjointScalar(const std::string &scalar, bool lanes) {
  return lanes ? naming::lanesType(scalar) : scalar;
}

namespace {
GeneratedFunction generate(Function &fn, const Options &opts,
                           const std::string &stem, bool lanes);
} // namespace

GeneratedFunction generateAdjoint(Function &fn, const Analyzed &analyzed,
                                  const Options &opts,
                                  const std::string &stem) {
  TANGENT_ASSERT(analyzed.plans.fn == &fn,
                 "generating a function its analyses did not run on");
  return generate(fn, opts, stem, /*lanes=*/false);
}

GeneratedFunction generateAdjointLanes(Function &fn, const Options &opts) {
  TANGENT_ASSERT(!fn.generated_name.empty(),
                 "the vector reverse mode of an adjoint not generated");
  return generate(fn, opts, fn.generated_name, /*lanes=*/true);
}

namespace {

/// The adjoint of `fn` (`lanes`: its vector reverse mode's variant: the
/// requested function's pullback, or a callee's reverse alone).
GeneratedFunction generate(Function &fn, const Options &opts,
                           const std::string &stem, bool lanes) {
  GeneratedFunction out;
  fn.generated_name = stem;
  if (fn.names_before_adjoint)
    fn.names = *fn.names_before_adjoint;
  else
    fn.names_before_adjoint = fn.names;
  NameScope &names = fn.names;
  const std::string tape = naming::tape();
  names.reserve(tape);

  // Adjoint names. Parameters never written accumulate straight into the
  // caller's adjoint; written ones get a local adjoint added at the end.
  std::vector<std::string> param_adjoint(fn.params.size());
  std::vector<bool> param_local(fn.params.size(), false);
  for (Var *p : fn.params) {
    bool external = !adjointParamType(*p).empty() &&
                    (!fn.is_top || selectsParam(opts, p->sourceParam()));
    if (external)
      param_adjoint[p->param_index] = names.fresh(naming::adjointStem(p->name));
    if (!p->active)
      continue;
    // Writing through a pointer writes its pointee, not the parameter.
    bool written = fn.param_written[p->param_index] &&
                   p->type.kind != TypeKind::Pointer &&
                   p->type.kind != TypeKind::CArray;
    if (external && (!written || p->by_reference)) {
      p->adjoint = param_adjoint[p->param_index];
    } else {
      p->adjoint = names.fresh(naming::localAdjoint(p->name));
      param_local[p->param_index] = external;
    }
  }
  std::string d_result = names.fresh(naming::resultAdjoint());
  for (auto &v : fn.vars) {
    if (v->role == VarRole::Param || !v->active)
      continue;
    v->adjoint = v.get() == fn.result_var
                     ? d_result
                     : names.fresh(naming::adjointStem(v->name));
  }

  SweepGenerator gen(fn, lanes);
  SweepGenerator::Sweeps body = gen.block(fn.body);
  const Code registry = gen.adjointRegistry();

  // Declarations of hoisted locals and of adjoints.
  Code locals, adjoints, sizing, finish;
  for (auto &v : fn.vars) {
    if (isHoisted(*v))
      locals.statement(declareZero(v->type, v->name));
  }
  // In a split reverse, a container's final value is there only if it was
  // kept for the reverse; otherwise its final size is recorded.
  auto kept = [&](const Var &v) {
    return v.read_in_reverse && !v.rematerialized &&
           (isHoisted(v) || (v.role == VarRole::Param && !v.by_reference &&
                             v.type.kind != TypeKind::Pointer &&
                             fn.param_written[v.param_index]));
  };
  std::vector<const Var *> sized_by_tape;
  for (auto &v : fn.vars) {
    if (!v->active || v->adjoint.empty() || v.get() == fn.result_var)
      continue;
    bool param_direct = v->role == VarRole::Param &&
                        v->adjoint == param_adjoint[v->param_index];
    if (param_direct || v->role == VarRole::Induction)
      continue;
    adjoints.statement(declareZero(adjointType(v->type, lanes), v->adjoint));
    if (v->type.kind != TypeKind::Vector)
      continue;
    bool value_known =
        fn.is_top || kept(*v) ||
        (v->role == VarRole::Param && !fn.param_written[v->param_index]);
    if (value_known && v->type.isNested())
      sizing.statement(rt::zeroLike(v->adjoint, v->name));
    else if (value_known)
      sizing.statement(rt::zeroSized(v->adjoint, v->name + ".size()"));
    else
      sized_by_tape.push_back(v.get());
  }
  for (Var *p : fn.params)
    if (param_local[p->param_index])
      finish.statement(rt::addTo(param_adjoint[p->param_index], p->adjoint));

  // Signatures: the primal parameters, then (reverse and pullback) the
  // adjoints of the differentiable ones and of the result.
  std::vector<std::string> params, adjoint_params;
  for (Var *p : fn.params) {
    params.push_back(paramDecl(*p, paramType(*p)));
    if (!param_adjoint[p->param_index].empty())
      adjoint_params.push_back(adjointParamType(*p, lanes) + " " +
                               param_adjoint[p->param_index]);
  }
  const Type &result_type = fn.result;
  bool has_result = result_type.kind != TypeKind::Void;
  if (has_result)
    adjoint_params.push_back(adjointType(result_type, lanes).spelling + " " +
                             d_result);
  std::string primal_list = join(params);
  std::vector<std::string> all = params;
  all.insert(all.end(), adjoint_params.begin(), adjoint_params.end());
  std::string adjoint_list = join(all);
  std::string header_comment =
      "tangent: adjoint of " + fn.name + " (" + fn.loc.str() + ")" +
      (fn.variant_note.empty() ? std::string() : " " + fn.variant_note);

  // The vector reverse mode's functions are templates over their width.
  const std::string templ =
      lanes ? "template <int " + std::string(naming::lanesWidth()) + "> " : "";
  Code c;
  if (fn.is_top) {
    out.entry = lanes ? naming::pullbackLanes(stem) : naming::pullback(stem);
    std::string sig = templ + "inline " + result_type.spelling + " " +
                      out.entry + "(" + adjoint_list + ")";
    c.comment(header_comment);
    c.openFunction(sig);
    c.statement(rt::bindTape());
    if (opts.memory_budget > 0 || opts.threads > 1) // owns loop reversals
      c.statement(rt::budgetCall(opts.memory_budget));
    c.append(locals);
    c.comment("forward sweep");
    c.append(body.fwd);
    std::string value = names.fresh(naming::keptResult());
    if (has_result)
      c.statement("const " + result_type.spelling + " " + value + " = " +
                  fn.result_var->name + ";");
    c.comment("reverse sweep");
    c.append(adjoints);
    c.append(sizing);
    c.append(registry);
    c.append(body.rev);
    c.append(finish);
    if (has_result && !fn.result_var->active)
      c.statement("(void)" + d_result + ";");
    // A void function's results are what it wrote through pointers.
    c.statement(has_result ? "return " + value + ";" : "return;");
    c.close();
    out.declarations = {cpp::statement(sig + ";")};
  } else {
    // Forward: record, then keep the final values its reverse reads.
    std::string fsig = "inline " + result_type.spelling + " " +
                       naming::forward(stem) + "(" + primal_list + ")";
    std::string rsig =
        templ + "inline void " +
        (lanes ? naming::reverseLanes(stem) : naming::reverse(stem)) + "(" +
        adjoint_list + ")";
    Code save, load;
    std::vector<std::string> loads;
    for (const Var *v : sized_by_tape) {
      if (v->type.isNested()) { // the sizes of its rows too
        save.recordVia(rt::pushShape(v->name));
        loads.push_back(rt::popShape(v->adjoint));
        continue;
      }
      save.record(rt::push(v->name + ".size()"));
      loads.push_back(rt::zeroSized(v->adjoint, rt::pop("std::size_t")));
    }
    for (auto &v : fn.vars) {
      if (!kept(*v))
        continue;
      if (v->type.kind == TypeKind::Vector) {
        save.record(rt::pushVector(v->name));
        loads.push_back(rt::popVector(v->name));
      } else if (v->type.kind == TypeKind::CArray) {
        std::string n = std::to_string(v->type.extent);
        save.record(rt::pushArray(v->name, n));
        loads.push_back(rt::popArray(v->name, n));
      } else {
        save.record(rt::push(v->name));
        loads.push_back(v->name + " = " + rt::pop(v->type.spelling) + ";");
      }
    }
    for (auto it = loads.rbegin(); it != loads.rend(); ++it)
      load.statement(*it);
    // The vector reverse mode's variant is the reverse alone: callers run
    // the scalar forward, which records the same tape.
    if (!lanes) {
      c.comment(header_comment + ", forward sweep");
      c.openFunction(fsig);
      // The tape, when the sweep records (a sweep that records nothing
      // does not touch the thread's tape, nor its reverse, below).
      const bool records = !save.empty() || body.fwd.records();
      if (records)
        c.statement(rt::bindTape());
      c.append(locals);
      c.append(body.fwd);
      c.append(save);
      // `(void)tape;` (against warnings) unless the sweep calls the tape's
      // own members; runtime helpers that take it as an argument do not
      // count.
      if (records && save.empty() && !body.fwd.recordsThroughMembers())
        c.statement("(void)" + tape + ";");
      // Its reverse writes none of the caller's storage either: no record
      // to restore, and no integer it steps back (a written `int &`).
      bool steps_back = false;
      for (const Var *p : fn.params)
        steps_back |= fn.param_written[p->param_index] && !p->type.isReal() &&
                      (p->by_reference || p->type.kind == TypeKind::Pointer);
      fn.tapeless = save.empty() && !body.fwd.records() && !steps_back;
      c.statement(has_result ? "return " + fn.result_var->name + ";"
                             : "return;");
      c.close();
      c.blank();
      out.declarations.push_back(cpp::statement(fsig + ";"));
    }
    c.comment(header_comment +
              (lanes ? ", reverse sweep in lanes" : ", reverse sweep"));
    c.openFunction(rsig);
    const bool pops = lanes || !fn.tapeless || !registry.empty();
    if (pops)
      c.statement(rt::bindTape());
    c.append(locals);
    c.append(adjoints);
    c.append(load);
    c.append(sizing);
    c.append(registry);
    c.append(body.rev);
    c.append(finish);
    if (pops)
      c.statement("(void)" + tape + ";");
    if (has_result && !(fn.result_var && fn.result_var->active))
      c.statement("(void)" + d_result + ";");
    c.close();
    out.declarations.push_back(cpp::statement(rsig + ";"));
    if (fn.flattened && !lanes) {
      // Callers cannot call the C++ function with the leaves of its
      // objects (or the flat storage of a 2-D array, `double b[][8]`): its
      // primal on them, for untaped calls.
      std::string psig = "inline " + result_type.spelling + " " +
                         naming::primal(stem) + "(" + primal_list + ")";
      bool objects = false;
      for (const SourceParam &sp : fn.signature)
        objects |= sp.object;
      c.blank();
      c.comment("tangent: " + fn.name +
                (!fn.variant_note.empty() ? " " + fn.variant_note
                 : objects                ? " on the fields of its objects"
                                          : " on its arrays stored flat"));
      c.openFunction(psig);
      c.append(locals);
      c.append(gen.untaped(fn.body));
      c.statement(has_result ? "return " + fn.result_var->name + ";"
                             : "return;");
      c.close();
      out.declarations.push_back(cpp::statement(psig + ";"));
    }
    out.entry = stem;
  }
  out.code = c.code();
  out.text = c.str();
  return out;
}

} // namespace

} // namespace tangent
