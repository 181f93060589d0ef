//===- RunningExtrema.cpp - running extrema as selections -----------------===//
//
// A running extremum,
//
//   top = std::max(top, x[i]);          // also std::min, any statement
//
// is std::max's own comparison with a copy behind it: std::max(a, b) is
// `a < b ? b : a`, std::min(a, b) is `b < a ? b : a`. Written as the
// selection it is,
//
//   candidate = x[i];
//   if (top < candidate) top = candidate;
//
// the same values are computed, the reverse sweep needs the branch's
// decision instead of the old value of `top` (a bool, not a double), and
// the selection analyses apply: in a counted loop, last-taken
// (LastTaken.cpp) records the index of the last iteration that took the
// branch, once, and reverses that iteration alone when nothing else in the
// loop moves an adjoint (a loop that only keeps a maximum: log-sum-exp's
// shift). The adjoints are those of the rule table's rows for max and min
// (rules/Rules.def), whose ties go to the same operand as the comparison:
// the derivative goes to `candidate` exactly where the value does; what
// differs is that an operand not selected gets nothing added instead of
// `d * 0` (the same sum, but for the sign of a zero and for an infinite or
// NaN adjoint, which no longer reaches the operand not chosen).
//
// Rewritten: an assignment `v = max(v, e)` or `v = min(v, e)` (std::max,
// std::min: not fmax / fmin, whose NaN rules differ) to a floating-point
// scalar variable `v`, of one type throughout, whose second operand `e`
// does not read `v`; not inside an OpenMP loop, where the same update is a
// reduction's (ParallelLoops.cpp). `e` is evaluated once, into a new
// temporary, unless it is a variable. Runs first, on the lowered IR, so that
// every analysis after it sees the branch.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "ir/Naming.h"
#include "rules/Rules.h"

namespace tangent {

namespace {

/// The extremum of `rhs` when it is `max(v, e)` or `min(v, e)` of
/// std::max / std::min with first operand `v` and a second not reading it.
Rule::Extremum runningExtremum(const Expr &rhs, const Var *v) {
  if (rhs.kind != ExprKind::Math || !rhs.rule || rhs.ops.size() != 2 ||
      (rhs.rule->name != "max" && rhs.rule->name != "min"))
    return Rule::Extremum::None;
  const Expr &kept = *rhs.ops[0], &candidate = *rhs.ops[1];
  if (kept.kind != ExprKind::VarRef || kept.var != v || readsVar(candidate, v))
    return Rule::Extremum::None;
  const std::string &t = v->type.spelling;
  if (rhs.type.spelling != t || kept.type.spelling != t ||
      candidate.type.spelling != t)
    return Rule::Extremum::None;
  return rhs.rule->extremum;
}

/// The selection replacing `s` (`v = max(v, e)`), appended to `out`.
void select(Function &fn, Stmt &s, Rule::Extremum which, Block &out) {
  Var *v = s.lhs->var;
  ExprPtr candidate = std::move(s.rhs->ops[1]);
  if (candidate->kind != ExprKind::VarRef) {
    Var *t = fn.addVar(naming::candidate(), v->type, VarRole::Temp);
    t->name = fn.names.fresh(naming::candidate());
    out.push_back(makeAssign(makeVarRef(t), std::move(candidate), s.loc));
    candidate = makeVarRef(t);
  }
  // max: `v < e` takes e; min: `e < v` takes e (std::max, std::min).
  ExprPtr cond =
      which == Rule::Extremum::Max
          ? makeBinary(Op::Lt, makeVarRef(v), candidate->clone(), boolType())
          : makeBinary(Op::Lt, candidate->clone(), makeVarRef(v), boolType());
  auto branch = std::make_unique<Stmt>();
  branch->kind = StmtKind::If;
  branch->loc = s.loc;
  branch->cond = std::move(cond);
  branch->then_block.push_back(
      makeAssign(makeVarRef(v), std::move(candidate), s.loc));
  out.push_back(std::move(branch));
}

void rewrite(Function &fn, Block &block) {
  Block out;
  for (StmtPtr &sp : block) {
    Stmt &s = *sp;
    if (s.kind == StmtKind::Loop && s.loop->omp) {
      out.push_back(std::move(sp)); // a reduction's update stays one
      continue;
    }
    switch (s.kind) {
    case StmtKind::If:
      rewrite(fn, s.then_block);
      rewrite(fn, s.else_block);
      break;
    case StmtKind::Loop:
      rewrite(fn, s.loop->init);
      rewrite(fn, s.loop->body);
      rewrite(fn, s.loop->step);
      break;
    case StmtKind::Block:
      rewrite(fn, s.block);
      break;
    default:
      break;
    }
    Rule::Extremum which = Rule::Extremum::None;
    if (s.kind == StmtKind::Assign && s.lhs->kind == ExprKind::VarRef &&
        s.lhs->var->type.kind == TypeKind::Real)
      which = runningExtremum(*s.rhs, s.lhs->var);
    if (which == Rule::Extremum::None)
      out.push_back(std::move(sp));
    else
      select(fn, s, which, out);
  }
  block = std::move(out);
}

} // namespace

void rewriteRunningExtrema(Function &fn) { rewrite(fn, fn.body); }

} // namespace tangent
