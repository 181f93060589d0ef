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
#include "ir/Verify.h"

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

/// What an adjoint is assembled from (generate()): the adjoints' names,
/// the statement sweeps, the declarations and the signatures.
struct AdjointParts {
  bool lanes = false;
  /// Per parameter: the caller's adjoint it is given ("" for none), and
  /// whether a local adjoint is added to it at the end.
  std::vector<std::string> param_adjoint;
  std::vector<bool> param_local;
  std::string d_result;
  SweepGenerator::Sweeps body;
  /// Hoisted locals; adjoints; vector adjoints sized like their values;
  /// local parameter adjoints added to the caller's; MPI buffers' adjoints.
  Code locals, adjoints, sizing, finish, registry;
  /// Vector adjoints a split reverse sizes from the tape.
  std::vector<const Var *> sized_by_tape;
  std::string primal_list, adjoint_list, header_comment, templ;
  bool has_result = false;
};

/// Names every adjoint (Var::adjoint): parameters never written accumulate
/// straight into the caller's adjoint; written ones get a local adjoint
/// added at the end.
void nameAdjoints(Function &fn, const Options &opts, AdjointParts &parts) {
  NameScope &names = fn.names;
  parts.param_adjoint.assign(fn.params.size(), "");
  parts.param_local.assign(fn.params.size(), false);
  for (Var *p : fn.params) {
    bool external = !adjointParamType(*p).empty() &&
                    (!fn.is_top || selectsParam(opts, p->sourceParam()));
    if (external)
      parts.param_adjoint[p->param_index] =
          names.fresh(naming::adjointStem(p->name));
    if (!p->active)
      continue;
    // Writing through a pointer writes its pointee, not the parameter.
    bool written = fn.param_written[p->param_index] &&
                   p->type.kind != TypeKind::Pointer &&
                   p->type.kind != TypeKind::CArray;
    if (external && (!written || p->by_reference)) {
      p->adjoint = parts.param_adjoint[p->param_index];
    } else {
      p->adjoint = names.fresh(naming::localAdjoint(p->name));
      parts.param_local[p->param_index] = external;
    }
  }
  parts.d_result = names.fresh(naming::resultAdjoint());
  for (auto &v : fn.vars) {
    if (v->role == VarRole::Param || !v->active)
      continue;
    v->adjoint = v.get() == fn.result_var
                     ? parts.d_result
                     : names.fresh(naming::adjointStem(v->name));
  }
}

/// Whether a split reverse has `v`'s final value because the forward kept
/// it for the reverse (otherwise a container's final size is recorded).
bool kept(const Function &fn, const Var &v) {
  return v.read_in_reverse && !v.rematerialized &&
         (isHoisted(v) || (v.role == VarRole::Param && !v.by_reference &&
                           v.type.kind != TypeKind::Pointer &&
                           fn.param_written[v.param_index]));
}

/// Declarations of hoisted locals and of adjoints, and their sizes.
void declare(const Function &fn, AdjointParts &parts) {
  for (auto &v : fn.vars)
    if (isHoisted(*v))
      parts.locals.statement(declareZero(v->type, v->name));
  for (auto &v : fn.vars) {
    if (!v->active || v->adjoint.empty() || v.get() == fn.result_var)
      continue;
    bool param_direct = v->role == VarRole::Param &&
                        v->adjoint == parts.param_adjoint[v->param_index];
    if (param_direct || v->role == VarRole::Induction)
      continue;
    parts.adjoints.statement(
        declareZero(adjointType(v->type, parts.lanes), v->adjoint));
    if (v->type.kind != TypeKind::Vector)
      continue;
    bool value_known =
        fn.is_top || kept(fn, *v) ||
        (v->role == VarRole::Param && !fn.param_written[v->param_index]);
    if (value_known && v->type.isNested())
      parts.sizing.statement(rt::zeroLike(v->adjoint, v->name));
    else if (value_known)
      parts.sizing.statement(rt::zeroSized(v->adjoint, v->name + ".size()"));
    else
      parts.sized_by_tape.push_back(v.get());
  }
  for (Var *p : fn.params)
    if (parts.param_local[p->param_index])
      parts.finish.statement(
          rt::addTo(parts.param_adjoint[p->param_index], p->adjoint));
}

/// The signatures' parameter lists: the primal parameters, then (reverse
/// and pullback) the adjoints of the differentiable ones and of the result.
void signatures(const Function &fn, AdjointParts &parts) {
  std::vector<std::string> params, adjoint_params;
  for (Var *p : fn.params) {
    params.push_back(paramDecl(*p, paramType(*p)));
    if (!parts.param_adjoint[p->param_index].empty())
      adjoint_params.push_back(adjointParamType(*p, parts.lanes) + " " +
                               parts.param_adjoint[p->param_index]);
  }
  parts.has_result = fn.result.kind != TypeKind::Void;
  if (parts.has_result)
    adjoint_params.push_back(adjointType(fn.result, parts.lanes).spelling +
                             " " + parts.d_result);
  parts.primal_list = join(params);
  std::vector<std::string> all = params;
  all.insert(all.end(), adjoint_params.begin(), adjoint_params.end());
  parts.adjoint_list = join(all);
  parts.header_comment =
      "tangent: adjoint of " + fn.name + " (" + fn.loc.str() + ")" +
      (fn.variant_note.empty() ? std::string() : " " + fn.variant_note);
  // The vector reverse mode's functions are templates over their width.
  parts.templ =
      parts.lanes ? "template <int " + std::string(naming::lanesWidth()) + "> "
                  : "";
}

/// The requested function's joint adjoint, `<stem>_pullback`: forward
/// sweep, then reverse sweep, sharing locals.
void joint(Function &fn, const Options &opts, const std::string &stem,
           const AdjointParts &parts, Code &c, GeneratedFunction &out) {
  const Type &result_type = fn.result;
  out.entry =
      parts.lanes ? naming::pullbackLanes(stem) : naming::pullback(stem);
  std::string sig = parts.templ + "inline " + result_type.spelling + " " +
                    out.entry + "(" + parts.adjoint_list + ")";
  c.comment(parts.header_comment);
  c.openFunction(sig);
  c.statement(rt::bindTape());
  if (opts.memory_budget > 0 || opts.threads > 1) // owns loop reversals
    c.statement(rt::budgetCall(opts.memory_budget));
  c.append(parts.locals);
  c.comment("forward sweep");
  c.append(parts.body.fwd);
  std::string value = fn.names.fresh(naming::keptResult());
  if (parts.has_result)
    c.statement("const " + result_type.spelling + " " + value + " = " +
                fn.result_var->name + ";");
  c.comment("reverse sweep");
  c.append(parts.adjoints);
  c.append(parts.sizing);
  c.append(parts.registry);
  c.append(parts.body.rev);
  c.append(parts.finish);
  if (parts.has_result && !fn.result_var->active)
    c.statement("(void)" + parts.d_result + ";");
  // A void function's results are what it wrote through pointers.
  c.statement(parts.has_result ? "return " + value + ";" : "return;");
  c.close();
  out.declarations = {cpp::statement(sig + ";")};
}

/// What a callee's forward keeps for its reverse: the sizes of vector
/// adjoints sized from the tape, the final values of what the reverse
/// reads (`save`), and their loads in the opposite order (`load`).
void keepForReverse(const Function &fn, const AdjointParts &parts, Code &save,
                    Code &load) {
  std::vector<std::string> loads;
  for (const Var *v : parts.sized_by_tape) {
    if (v->type.isNested()) { // the sizes of its rows too
      save.recordVia(rt::pushShape(v->name));
      loads.push_back(rt::popShape(v->adjoint));
      continue;
    }
    save.record(rt::push(v->name + ".size()"));
    loads.push_back(rt::zeroSized(v->adjoint, rt::pop("std::size_t")));
  }
  for (auto &v : fn.vars) {
    if (!kept(fn, *v))
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
    load.restore(*it);
  verifySweepsOrThrow(save.code(), load.code(), fn.name);
}

/// A callee's split pair: `<stem>_forward` records, then keeps the final
/// values its reverse reads; `<stem>_reverse` pops them and runs the
/// reverse sweep; and, for a function on flattened arguments, its primal
/// on them (`<stem>_primal`). The vector reverse mode's variant is the
/// reverse alone: callers run the scalar forward, which records the same
/// tape.
void splitPair(Function &fn, const std::string &stem, const AdjointParts &parts,
               SweepGenerator &gen, Code &c, GeneratedFunction &out) {
  const std::string tape = naming::tape();
  const Type &result_type = fn.result;
  const std::string result_return =
      parts.has_result ? "return " + fn.result_var->name + ";" : "return;";
  std::string fsig = "inline " + result_type.spelling + " " +
                     naming::forward(stem) + "(" + parts.primal_list + ")";
  std::string rsig =
      parts.templ + "inline void " +
      (parts.lanes ? naming::reverseLanes(stem) : naming::reverse(stem)) + "(" +
      parts.adjoint_list + ")";
  Code save, load;
  keepForReverse(fn, parts, save, load);
  if (!parts.lanes) {
    c.comment(parts.header_comment + ", forward sweep");
    c.openFunction(fsig);
    // The tape, when the sweep records (a sweep that records nothing
    // does not touch the thread's tape, nor its reverse, below).
    const bool records = !save.empty() || parts.body.fwd.records();
    if (records)
      c.statement(rt::bindTape());
    c.append(parts.locals);
    c.append(parts.body.fwd);
    c.append(save);
    // `(void)tape;` (against warnings) unless the sweep calls the tape's
    // own members; runtime helpers that take it as an argument do not
    // count.
    if (records && save.empty() && !parts.body.fwd.recordsThroughMembers())
      c.statement("(void)" + tape + ";");
    // Its reverse writes none of the caller's storage either: no record
    // to restore, and no integer it steps back (a written `int &`).
    bool steps_back = false;
    for (const Var *p : fn.params)
      steps_back |= fn.param_written[p->param_index] && !p->type.isReal() &&
                    (p->by_reference || p->type.kind == TypeKind::Pointer);
    fn.tapeless = save.empty() && !parts.body.fwd.records() && !steps_back;
    c.statement(result_return);
    c.close();
    c.blank();
    out.declarations.push_back(cpp::statement(fsig + ";"));
  }
  c.comment(parts.header_comment +
            (parts.lanes ? ", reverse sweep in lanes" : ", reverse sweep"));
  c.openFunction(rsig);
  const bool pops = parts.lanes || !fn.tapeless || !parts.registry.empty();
  if (pops)
    c.statement(rt::bindTape());
  c.append(parts.locals);
  c.append(parts.adjoints);
  c.append(load);
  c.append(parts.sizing);
  c.append(parts.registry);
  c.append(parts.body.rev);
  c.append(parts.finish);
  if (pops)
    c.statement("(void)" + tape + ";");
  if (parts.has_result && !(fn.result_var && fn.result_var->active))
    c.statement("(void)" + parts.d_result + ";");
  c.close();
  out.declarations.push_back(cpp::statement(rsig + ";"));
  if (fn.flattened && !parts.lanes) {
    // Callers cannot call the C++ function with the leaves of its
    // objects (or the flat storage of a 2-D array, `double b[][8]`): its
    // primal on them, for untaped calls.
    std::string psig = "inline " + result_type.spelling + " " +
                       naming::primal(stem) + "(" + parts.primal_list + ")";
    bool objects = false;
    for (const SourceParam &sp : fn.signature)
      objects |= sp.object;
    c.blank();
    c.comment("tangent: " + fn.name +
              (!fn.variant_note.empty() ? " " + fn.variant_note
               : objects                ? " on the fields of its objects"
                                        : " on its arrays stored flat"));
    c.openFunction(psig);
    c.append(parts.locals);
    c.append(gen.untaped(fn.body));
    c.statement(result_return);
    c.close();
    out.declarations.push_back(cpp::statement(psig + ";"));
  }
  out.entry = stem;
}

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
  fn.names.reserve(naming::tape());

  AdjointParts parts;
  parts.lanes = lanes;
  nameAdjoints(fn, opts, parts);
  SweepGenerator gen(fn, lanes);
  parts.body = gen.block(fn.body);
  verifySweepsOrThrow(parts.body.fwd.code(), parts.body.rev.code(), fn.name);
  parts.registry = gen.adjointRegistry();
  declare(fn, parts);
  signatures(fn, parts);

  Code c;
  if (fn.is_top)
    joint(fn, opts, stem, parts, c, out);
  else
    splitPair(fn, stem, parts, gen, c, out);
  out.code = c.code();
  out.text = c.str();
  return out;
}

} // namespace

} // namespace tangent
