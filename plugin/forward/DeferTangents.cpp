//===- DeferTangents.cpp - tangents of a call computed where selected -----===//
//
// A tangent-linear function computes every call's tangent with its value.
// When the value is only compared and then, in the branch that follows,
// selected (`dist = g(...); if (dist < best) { best = dist; }`, a minimum
// over candidates), the tangent of every candidate but the selected ones is
// thrown away. This pass computes the value alone where the call was (the
// primal function, a constant of the derivative) and calls the
// tangent-linear function again at the top of the branch:
//
//   candidate = g(p, c);
//   if (candidate < best) {
//     dist = g_jvp(p, c, t_c, t_dist);
//     t_best = t_dist;
//     best = dist;
//   }
//
// Done for a selection: the branch compares the value and its then-block
// copies it. Legal when g writes nothing but its result (no output or non-const
// pointer parameter, itself or in its callees; no library call whose
// result could change between calls), the call's value and tangent are read
// nowhere but in the branch's condition and its then-block, and the
// tangent is written by nothing else. g and g_jvp compute the value with
// the same operations, so the branch takes the same decision and the
// derivative is bitwise the one of the undeferred call. The
// Hessian-vector product (the adjoint of this function) then reverses the
// tangent-linear call only where it was selected.
//
//===----------------------------------------------------------------------===//
#include "forward/TangentLinear.h"
#include "ir/IRWalk.h"
#include "ir/Naming.h"
#include <set>

namespace tangent {

namespace {

/// Whether a call of `g` writes nothing but its result.
bool writesOnlyResult(const Function &g, std::set<const Function *> &seen) {
  if (!seen.insert(&g).second)
    return true; // recursion: the others decide
  if (g.flattened || !g.result.isReal())
    return false;
  for (const Var *p : g.params) {
    const bool storage =
        p->type.kind == TypeKind::Pointer || p->type.isContainer();
    if ((p->by_reference || storage) && !p->is_const &&
        !(p->type.kind == TypeKind::Pointer && p->type.pointee_const))
      return false;
  }
  bool pure = true;
  forEachStmt(g.body, [&](const Stmt &s, int) {
    if (s.kind == StmtKind::Call && (!s.callee || s.mpi || !s.custom.empty() ||
                                     !writesOnlyResult(*s.callee, seen)))
      pure = false;
    forEachWrite(s, [&](Var *v, bool) {
      if (v->role == VarRole::Param &&
          (v->by_reference || v->type.kind == TypeKind::Pointer ||
           v->type.isContainer()))
        pure = false;
    });
    forEachOwnExpr(s, [&](const Expr &e) { pure = pure && !callsLibrary(e); });
  });
  return pure;
}

/// Whether `v` is read in `body` anywhere but in `branch`'s then-block and
/// by `call` (which writes it); with `condition`, also not by `branch`'s
/// condition.
bool readElsewhere(const Block &body, const Var *v, const Stmt &call,
                   const Stmt &branch, bool condition) {
  std::set<const Stmt *> allowed{&call};
  if (condition)
    allowed.insert(&branch);
  forEachStmt(branch.then_block,
              [&](const Stmt &s, int) { allowed.insert(&s); });
  bool found = false;
  forEachStmt(body, [&](const Stmt &s, int) {
    if (!allowed.count(&s))
      forEachOwnExpr(s, [&](const Expr &e) { found |= readsVar(e, v); });
  });
  return found;
}

bool writtenElsewhere(const Block &body, const Var *v, const Stmt *call) {
  bool found = false;
  forEachStmt(body, [&](const Stmt &s, int) {
    if (&s != call)
      forEachWrite(s, [&](Var *w, bool) { found |= w == v; });
  });
  return found;
}

class Deferrer {
public:
  Deferrer(Function &fn, const TangentLinearizer &lin) : fn_(fn), lin_(lin) {}
  std::vector<DeferredCall> deferred;

  void block(Block &b) {
    for (size_t i = 0; i < b.size(); ++i) {
      Stmt &s = *b[i];
      if (i + 1 < b.size() && b[i + 1]->kind == StmtKind::If &&
          deferrable(s, *b[i + 1]))
        defer(b, i);
      nested(*b[i]);
    }
  }

private:
  Function &fn_;
  const TangentLinearizer &lin_;

  void nested(Stmt &s) {
    block(s.then_block);
    block(s.else_block);
    block(s.block);
    if (s.loop)
      block(s.loop->body);
  }

  /// A selection: the branch compares the value (`value < best`) and its
  /// then-block copies it (`best = value`). A test that guards its use
  /// (`if (s != 0) t = sqrt(s)`) is usually taken: deferring would compute
  /// the value twice.
  static bool selects(const Stmt &branch, const Var *value) {
    const Expr &c = *branch.cond;
    const bool compares =
        c.kind == ExprKind::Binary &&
        (c.op == Op::Lt || c.op == Op::Le || c.op == Op::Gt ||
         c.op == Op::Ge) &&
        ((c.ops[0]->kind == ExprKind::VarRef && c.ops[0]->var == value) ||
         (c.ops[1]->kind == ExprKind::VarRef && c.ops[1]->var == value));
    bool copies = false;
    for (const StmtPtr &s : branch.then_block)
      copies |= s->kind == StmtKind::Assign &&
                s->rhs->kind == ExprKind::VarRef && s->rhs->var == value;
    return compares && copies;
  }

  bool deferrable(const Stmt &call, const Stmt &branch) const {
    if (call.kind != StmtKind::Call || !call.callee || !call.custom.empty() ||
        call.mpi || !call.result || !call.result->type.isReal() ||
        !selects(branch, call.result))
      return false;
    const TangentSignature &sig = lin_.signature(call.callee);
    const Function &g = *lin_.source(call.callee);
    if (sig.result_tangent < 0 || call.args.empty() ||
        call.args.size() <= g.params.size())
      return false;
    const Expr &last = *call.args.back();
    if (last.kind != ExprKind::VarRef || last.var->role == VarRole::Param)
      return false;
    // (No argument but the tangent's is an output: g's parameters are
    // values and pointers or references to const.)
    std::set<const Function *> seen;
    if (!writesOnlyResult(g, seen))
      return false;
    const Var *value = call.result, *tangent = last.var;
    return !readElsewhere(fn_.body, tangent, call, branch, false) &&
           !writtenElsewhere(fn_.body, tangent, &call) &&
           !readElsewhere(fn_.body, value, call, branch, true);
  }

  /// b[i], the call, moves to the top of b[i + 1]'s then-block; its value
  /// alone takes its place.
  void defer(Block &b, size_t i) {
    Stmt &call = *b[i];
    Stmt &branch = *b[i + 1];
    const Function &g = *lin_.source(call.callee);
    Var *value =
        fn_.addVar(naming::candidate(), call.result->type, VarRole::Temp);
    value->name = fn_.names.fresh(naming::candidate());
    auto primal = std::make_unique<Expr>();
    primal->kind = ExprKind::InactiveCall;
    primal->type = g.result;
    primal->text = g.name;
    for (size_t k = 0; k < g.params.size(); ++k)
      primal->ops.push_back(call.args[k]->clone());
    substituteVar(*branch.cond, call.result, value);
    StmtPtr moved = std::move(b[i]);
    b[i] = makeAssign(makeVarRef(value), std::move(primal), moved->loc);
    deferred.push_back(
        {&branch, value, moved->result, moved->args.back()->var});
    branch.then_block.insert(branch.then_block.begin(), std::move(moved));
  }
};

} // namespace

std::vector<DeferredCall> deferSelectedTangents(Function &fn,
                                                const TangentLinearizer &lin) {
  Deferrer d(fn, lin);
  d.block(fn.body);
  return std::move(d.deferred);
}

} // namespace tangent
