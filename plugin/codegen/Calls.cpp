//===- Calls.cpp - sweeps of calls ----------------------------------------===//
//
// A call to a user function runs the callee's split forward (which records
// on the same tape) in the forward sweep and its split reverse in the
// reverse sweep, so no callee is ever executed twice; a custom derivative
// is called in the reverse sweep as the user wrote it.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/Support.h"

namespace tangent {

namespace {

std::string zeroLiteral(const std::string &type) {
  return type == "float" ? "0.0f" : type == "long double" ? "0.0L" : "0.0";
}

/// Whether call `s` has a reverse: its result or an argument it writes is
/// active.
bool callIsActive(const Stmt &s) {
  bool active = s.result && s.result->active;
  for (size_t i = 0; i < s.args.size(); ++i)
    if (s.arg_is_output[i])
      active |= rootVar(*s.args[i])->active;
  return active;
}

/// `a, b, ...`: the arguments as the call passes them.
std::string argumentList(const Stmt &s) {
  std::string args;
  for (size_t i = 0; i < s.args.size(); ++i)
    args += (i ? ", " : "") + printExpr(*s.args[i]);
  return args;
}

/// Appends `item` to the comma-separated `list`.
void appendArgument(std::string &list, const std::string &item) {
  list += (list.empty() ? "" : ", ") + item;
}

} // namespace

Code SweepGenerator::saveCallOutputs(const Stmt &s, bool active,
                                     bool result_saved, Code &fwd) {
  const bool custom = !s.custom.empty();
  // Record what the call overwrites; the reverse restores it in the
  // opposite order (the tape is a stack).
  std::vector<Code> restores;
  if (result_saved) {
    restores.emplace_back();
    saveWhole(s.result, fwd, restores.back());
  }
  for (size_t i = 0; i < s.args.size(); ++i) {
    if (!callWrites(s, i)) // what the callee only reads keeps its value
      continue;
    const Expr &a = *s.args[i];
    TANGENT_ASSERT(a.kind == ExprKind::VarRef || a.kind == ExprKind::Index,
                   "an output argument that is not a variable or an element");
    Var *v = rootVar(a);
    // Storage written through a pointer passed on (a named pointer, an
    // address, a row of an index table) is restored by the callee's reverse
    // (ToBeRecorded.cpp): its extent is unknown here. An element of a
    // pointer given to a reference (`bump(q[1])`) is saved here like any
    // element.
    const bool callee_restores =
        !custom && (a.type.kind == TypeKind::Pointer || a.address);
    // A custom rule is called with the values from before the call, so
    // what the call writes is always restored (before the rule runs); an
    // address gives its whole variable back, the call deciding the extent
    // written (pointers of unknown extent: refused, LegalityIR.cpp).
    const bool rule_reads = custom && active;
    if (custom && a.address && (rule_reads || needsSave(s, v))) {
      restores.emplace_back();
      saveWhole(v, fwd, restores.back());
    } else if (!callee_restores && (rule_reads || needsSave(s, v))) {
      restores.emplace_back();
      save(a, fwd, restores.back());
    }
  }
  Code restore;
  for (auto it = restores.rbegin(); it != restores.rend(); ++it)
    restore.append(*it);
  return restore;
}

std::string SweepGenerator::argumentAdjoint(const Expr &a, Code &rev) {
  const Var *base = rootVar(a);
  std::string adj;
  if (isNullPointer(a)) {
    adj = "nullptr"; // no storage, no adjoint storage
  } else if (a.address && base && base->active) {
    // The same address in the adjoint's storage.
    adj = a.kind == ExprKind::VarRef
              ? printAddress(adjointOf(a), a.type, "")
              : printAddress(adjointOf(*a.ops[0]), a.ops[0]->type,
                             printOperand(*a.ops[1]));
  } else if (a.address && a.kind == ExprKind::VarRef) {
    // A variable without a derivative: a zero of its own.
    TANGENT_ASSERT(a.type.isReal(), "the address of a non-scalar variable");
    adj = fresh(naming::zeroAdjoint());
    rev.statement(declareZero(adjointType(a.type, lanes_), adj));
    adj = printAddress(adj, a.type, "");
  } else if (a.address) {
    // Into a parameter's array without a derivative (data): the
    // callee's reverse accumulates into zeros shaped like it.
    TANGENT_ASSERT(dataAddress(a),
                   "an address into storage without a derivative given "
                   "to a differentiated parameter reached generation");
    adj = fresh(naming::zeroAdjoint());
    const Type zero_type = adjointType(base->type, lanes_);
    rev.statement(zero_type.kind == TypeKind::Vector
                      ? zero_type.spelling + " " + adj + "(" + base->name +
                            ".size());"
                      : declareZero(zero_type, adj));
    adj = printAddress(adj, base->type, printOperand(*a.ops[1]));
  } else if (base && base->active) {
    adj = adjointOf(a);
  } else {
    adj = fresh(naming::zeroAdjoint());
    const Type zero_type = adjointType(a.type, lanes_);
    if (a.type.isNested()) {
      rev.statement(zero_type.spelling + " " + adj + ";");
      rev.statement(rt::zeroLike(adj, printExpr(a)));
    } else if (a.type.kind == TypeKind::Vector)
      rev.statement(zero_type.spelling + " " + adj + "(" + printExpr(a) +
                    ".size());");
    else {
      TANGENT_ASSERT(a.type.kind != TypeKind::Pointer,
                     "a pointer without a derivative given to a "
                     "differentiated parameter reached generation");
      rev.statement(declareZero(zero_type, adj));
    }
  }
  return adj;
}

void SweepGenerator::forwardCall(const Stmt &s, bool active,
                                 const std::string &args, Code &fwd) {
  const bool custom = !s.custom.empty();
  const std::string generated =
      std::string(naming::generatedNamespace()) + "::";
  std::string callee =
      custom ? s.custom
      : active && record_
          ? generated + naming::forward(s.callee->generated_name)
      : s.callee->flattened
          ? generated + naming::primal(s.callee->generated_name)
          : s.callee->name;
  std::string call_text = callee + "(" + args + ")";
  // A callee's split forward records on the tape (whatever it records, its
  // reverse reads back in the opposite order): a record, for the loops
  // that give each thread a tape of its own (LoopOpenMP.cpp), unless it
  // records nothing (Function::tapeless, known once it is generated).
  const bool callee_records =
      !custom && active && record_ && !(s.callee && s.callee->tapeless);
  std::string call_statement =
      (s.result ? s.result->name + " = " : std::string()) + call_text + ";";
  if (callee_records)
    fwd.recordVia(std::move(call_statement));
  else
    fwd.statement(std::move(call_statement));
}

std::vector<std::string> SweepGenerator::callAdjoints(const Stmt &s,
                                                      Code &rev) {
  const bool custom = !s.custom.empty();
  std::vector<std::string> adjoints;
  for (size_t i = 0; i < s.args.size(); ++i) {
    const Expr &a = *s.args[i];
    std::string ptype;
    if (custom) {
      if (!a.type.isDifferentiable())
        continue;
    } else {
      ptype = adjointParamType(*s.callee->params[i]);
      if (ptype.empty())
        continue;
    }
    std::string adj = argumentAdjoint(a, rev);
    if (custom && a.type.isReal() && !a.address)
      adj = "&" + adj;
    adjoints.push_back(adj);
  }
  return adjoints;
}

std::string SweepGenerator::callResultSeed(const Stmt &s, bool result_is_arg,
                                           Code &rev) {
  const bool custom = !s.custom.empty();
  Type rt = s.result ? s.result->type : custom ? Type{} : s.callee->result;
  if (s.result && s.result->active) {
    if (!result_is_arg)
      return s.result->adjoint;
    // The callee accumulates into the argument's adjoint, which is also
    // the result's: take the result's adjoint out first.
    std::string d_res = fresh(naming::adjointTemp());
    const Type d_type = adjointType(rt, lanes_);
    rev.declare((rt.isReal() ? "const " : "") + d_type.spelling, d_res,
                makeName(s.result->adjoint, d_type));
    if (s.result->type.isReal())
      rev.reset(makeName(s.result->adjoint, d_type), s.result->type);
    else
      rev.statement(zeroAdjoint(s.result, s.result->name + ".size()"));
    return d_res;
  }
  if (rt.kind != TypeKind::Void)
    return rt.isReal() ? zeroLiteral(rt.spelling)
                       : adjointType(rt, lanes_).spelling + "{}";
  return std::string();
}

void SweepGenerator::reverseCallStatement(const Stmt &s,
                                          const std::string &statement,
                                          const std::string &d_res,
                                          bool result_is_arg, Code &rev) {
  // A callee whose reverse reads no tape and writes none of the caller's
  // storage (Function::tapeless) adds seeds x partials: nothing when its
  // seeds, the adjoints of its result and of its scalar outputs, are zero
  // (k-means: the centroids that are not the nearest).
  std::vector<std::string> seeds;
  bool seeded = s.custom.empty() && s.callee->tapeless && !result_is_arg;
  if (s.result && s.result->active && s.result->type.isReal())
    seeds.push_back(d_res);
  else if (s.result && s.result->active)
    seeded = false;
  for (size_t i = 0; i < s.args.size() && seeded; ++i) {
    if (i >= s.arg_is_output.size() || !s.arg_is_output[i])
      continue;
    const Expr &a = *s.args[i];
    if (a.kind == ExprKind::VarRef && a.type.isReal() && a.var->active)
      seeds.push_back(adjointOf(a));
    else
      seeded = false;
  }
  if (seeded && !seeds.empty()) {
    std::string zero;
    for (const std::string &seed : seeds)
      zero += (zero.empty() ? "" : " || ") + seed + " != 0";
    rev.openIf(zero);
    rev.statement(statement);
    rev.close();
  } else {
    rev.statement(statement);
  }
}

bool SweepGenerator::reverseCall(const Stmt &s, const std::string &args,
                                 const Code &restore,
                                 const std::string &old_size,
                                 bool resized_result, Code &rev) {
  const bool custom = !s.custom.empty();
  std::vector<std::string> adjoints = callAdjoints(s, rev);
  bool result_is_arg = false;
  if (s.result)
    for (const ExprPtr &a : s.args)
      result_is_arg |= readsVar(*a, s.result);
  const std::string d_res = callResultSeed(s, result_is_arg, rev);
  std::string list = args;
  for (const std::string &adj : adjoints)
    appendArgument(list, adj);
  if (!d_res.empty())
    appendArgument(list, d_res);
  std::string rev_callee =
      custom ? s.custom_pullback
             : std::string(naming::generatedNamespace()) + "::" +
                   (lanes_ ? naming::reverseLanes(s.callee->generated_name) +
                                 "<" + naming::lanesWidth() + ">"
                           : naming::reverse(s.callee->generated_name));
  rev.comment(s.loc.str() + ": reverse of the call");
  if (custom) // the rule sees the arguments' values before the call
    rev.append(restore);
  reverseCallStatement(s, rev_callee + "(" + list + ");", d_res, result_is_arg,
                       rev);
  if (s.result && s.result->active && !result_is_arg) {
    if (s.result->type.isReal())
      rev.reset(
          makeName(s.result->adjoint, adjointType(s.result->type, lanes_)),
          s.result->type);
    else if (!old_size.empty()) {
      rev.restore("const std::size_t " + old_size + " = " +
                  rt::pop("std::size_t") + ";");
      rev.statement(zeroAdjoint(s.result, old_size));
    } else if (!resized_result)
      rev.statement(zeroAdjoint(s.result, s.result->name + ".size()"));
  }
  return result_is_arg;
}

SweepGenerator::Sweeps SweepGenerator::call(const Stmt &s) {
  if (s.mpi)
    return communication(s); // Communication.cpp
  Sweeps out;
  const bool custom = !s.custom.empty();
  const bool active = callIsActive(s);
  const bool result_saved = s.result && keepsOldValue(s, s.result);
  Code restore = saveCallOutputs(s, active, result_saved, out.fwd);
  const std::string args = argumentList(s);
  out.fwd.comment(s.loc.str() + ": call " +
                  (custom ? s.custom : s.callee->name));
  // An active vector result: its adjoint returns to the size of the value
  // the call replaced (restored, or else recorded here; the reverse may not
  // hold the vector itself when nothing reads it there).
  std::string old_size;
  const bool resized_result = record_ && s.result && s.result->active &&
                              s.result->type.kind == TypeKind::Vector &&
                              !isFirstWrite(fn_, s, s.result);
  if (resized_result && !result_saved) {
    old_size = fresh(naming::oldSize());
    out.fwd.record(rt::push(s.result->name + ".size()"));
  }
  forwardCall(s, active, args, out.fwd);
  // The callee's reverse runs first (its records are on top of the tape),
  // seeing the values the call left; then the overwritten values return.
  Code rev;
  const bool result_is_arg =
      active && reverseCall(s, args, restore, old_size, resized_result, rev);
  if (!(custom && active))
    rev.append(restore);
  if (active && resized_result && result_saved && !result_is_arg)
    rev.statement(
        zeroAdjoint(s.result, s.result->name + ".size()")); // restored
  out.rev = std::move(rev);
  return out;
}

} // namespace tangent
