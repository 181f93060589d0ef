//===- Forward.cpp - tangent-linear functions as C++ ----------------------===//
//
// A tangent-linear function (forward/TangentLinear.h) is ordinary IR with
// no tape: it prints through the untaped path of the sweep generator, the
// same code the forward sweeps of checkpointed loops use.
//
//===----------------------------------------------------------------------===//
#include "codegen/SweepGenerator.h"

namespace tangent {

GeneratedFunction generateTangentLinear(Function &fn) {
  GeneratedFunction out;
  SweepGenerator gen(fn);
  Code body = gen.untaped(fn.body);
  std::string params;
  for (const Var *p : fn.params)
    params += (params.empty() ? "" : ", ") + paramType(*p) + " " + p->name;
  const std::string &r = fn.result.spelling;
  // The vector forward mode's: a template over the number of lanes.
  const std::string head =
      fn.lanes ? "template <int " + std::string(naming::lanesWidth()) + "> "
               : std::string();
  std::string sig =
      head + "inline " + r + " " + fn.generated_name + "(" + params + ")";
  Code c;
  c.comment("tangent: forward mode (tangent-linear) of " + fn.base_name + " (" +
            fn.loc.str() + ")");
  c.openFunction(sig);
  for (auto &v : fn.vars)
    if (v->role != VarRole::Param && v->role != VarRole::Induction &&
        !v->resolved)
      c.statement(declareZero(v->type, v->name));
  c.append(body);
  c.statement(fn.result.kind == TypeKind::Void
                  ? "return;"
                  : "return " + fn.result_var->name + ";");
  c.close();
  out.code = c.code();
  out.text = c.str();
  out.declarations = {cpp::statement(sig + ";")};
  out.entry = fn.generated_name;
  return out;
}

} // namespace tangent
