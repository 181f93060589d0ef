//===- CalleeOutputs.cpp - callee parameters that a call fills ------------===//
//
// A call `rhs(u, du)` whose callee only writes `du`, element by element, at
// indices that depend on nothing but constants and the sizes of its
// parameters, never reading it: every call with arguments of the same sizes
// writes the same elements and reads none of the old ones. A loop whose
// first access to a variable is such a call, and which writes it nowhere
// else, needs no old value of it at the start of an iteration: the call
// writes the same elements in every iteration before anything reads them,
// and the elements it does not write keep the value they had before the
// loop. Snapshots and recomputed iterations then leave it out
// (Checkpointing.cpp), as they leave out a vector a counted loop overwrites.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include <map>
#include <set>

namespace tangent {

namespace {

/// Whether anything in `block` (statements, expressions, loop headers)
/// reads or writes `v`.
bool mentions(const Block &block, const Var *v) {
  std::set<const Var *> accessed;
  collectAccessed(block, accessed);
  return accessed.count(v) > 0;
}

class FillCheck {
public:
  FillCheck(const Function &fn, const Var *v) : fn_(fn), v_(v) {
    forEachStmt(fn.body, [&](const Stmt &s, int) {
      forEachWrite(s, [&](Var *w, bool) { ++writes_[w]; });
    });
  }

  bool run() { return walk(fn_.body, true) && element_writes_ > 0; }

private:
  const Function &fn_;
  const Var *v_;
  std::map<const Var *, int> writes_;
  /// Integer variables whose values are fixed by constants and sizes.
  std::set<const Var *> shape_;
  int element_writes_ = 0;

  bool shapeExpr(const Expr &e) const {
    long long value = 0;
    switch (e.kind) {
    case ExprKind::Literal:
      return constInt(e, value);
    case ExprKind::VarRef:
      return shape_.count(e.var) > 0;
    case ExprKind::Size:
      return e.ops[0]->kind == ExprKind::VarRef &&
             e.ops[0]->var->role == VarRole::Param;
    case ExprKind::Cast:
      return e.type.isIntegral() && shapeExpr(*e.ops[0]);
    case ExprKind::Binary:
      return (e.op == Op::Add || e.op == Op::Sub || e.op == Op::Mul) &&
             e.type.isIntegral() && shapeExpr(*e.ops[0]) &&
             shapeExpr(*e.ops[1]);
    case ExprKind::Index:
    case ExprKind::Unary:
    case ExprKind::Math:
    case ExprKind::Cond:
    case ExprKind::InactiveCall:
    case ExprKind::Name:
      return false;
    }
  }

  bool walk(const Block &block, bool top) {
    for (const StmtPtr &sp : block) {
      const Stmt &s = *sp;
      if (s.kind == StmtKind::Assign && s.lhs->kind == ExprKind::Index &&
          s.lhs->ops[0]->kind == ExprKind::VarRef && s.lhs->ops[0]->var == v_) {
        if (!shapeExpr(*s.lhs->ops[1]) || readsVar(*s.rhs, v_))
          return false;
        ++element_writes_;
        continue;
      }
      if (s.kind == StmtKind::Loop) {
        const LoopInfo &li = *s.loop;
        if (!mentions(li.body, v_) && !mentions(li.init, v_) &&
            !mentions(li.step, v_))
          continue;
        if (li.form != LoopInfo::Form::Counted || !li.induction ||
            !shapeExpr(*li.start) || !shapeExpr(*li.bound) ||
            mentions(li.init, v_) || mentions(li.step, v_))
          return false;
        shape_.insert(li.induction);
        if (!walk(li.body, false))
          return false;
        continue;
      }
      // Anything else must leave v alone: no read, no whole write, no call
      // that receives it, no write under a condition.
      bool touches = false;
      forEachExpr(s, [&](const Expr &e) { touches |= readsVar(e, v_); });
      forEachWrite(s, [&](Var *w, bool) { touches |= w == v_; });
      touches |= s.var == v_ || s.result == v_;
      if (s.kind == StmtKind::If)
        touches |= mentions(s.then_block, v_) || mentions(s.else_block, v_);
      if (s.kind == StmtKind::Block)
        touches |= mentions(s.block, v_);
      if (touches)
        return false;
      // `n = u.size()` at the top level, n written nowhere else.
      if (top && s.kind == StmtKind::Assign &&
          s.lhs->kind == ExprKind::VarRef && s.lhs->var->type.isIntegral() &&
          s.lhs->var->role == VarRole::Local && writes_.at(s.lhs->var) == 1 &&
          shapeExpr(*s.rhs))
        shape_.insert(s.lhs->var);
    }
    return true;
  }
};

} // namespace

bool fillsParameter(const Function &callee, int p) {
  if (p < 0 || p >= static_cast<int>(callee.params.size()))
    return false;
  const Var *v = callee.params[p];
  if (!v->by_reference || v->is_const || v->type.isNested() ||
      (v->type.kind != TypeKind::Vector && v->type.kind != TypeKind::Array))
    return false;
  return FillCheck(callee, v).run();
}

bool fillsArgument(const Stmt &call, std::size_t k) {
  if (call.kind != StmtKind::Call || !call.callee || !call.custom.empty() ||
      k >= call.args.size() || call.args.size() != call.callee->params.size() ||
      !call.arg_is_output[k] || call.args[k]->kind != ExprKind::VarRef)
    return false;
  const Var *x = call.args[k]->var;
  // Passed once: no other argument reads it.
  for (std::size_t j = 0; j < call.args.size(); ++j)
    if (j != k && readsVar(*call.args[j], x))
      return false;
  return fillsParameter(*call.callee, static_cast<int>(k));
}

std::vector<const Var *> filledInLoop(const Stmt &call, const LoopInfo &li) {
  std::vector<const Var *> out;
  if (call.kind != StmtKind::Call)
    return out;
  // Writes of each variable in the loop, and whether its size may change.
  std::map<const Var *, int> writes;
  std::set<const Var *> resized;
  for (const Block *b : {&li.body, &li.step})
    forEachStmt(*b, [&](const Stmt &s, int) {
      forEachWrite(s, [&](Var *w, bool whole) {
        ++writes[w];
        if (!whole)
          return;
        bool filled = false;
        for (std::size_t k = 0; k < s.args.size(); ++k)
          filled |= s.args[k]->kind == ExprKind::VarRef &&
                    s.args[k]->var == w && fillsArgument(s, k);
        if (!filled)
          resized.insert(w);
      });
    });
  for (const ExprPtr &a : call.args)
    if (a->kind == ExprKind::VarRef && a->var->type.isContainer() &&
        resized.count(a->var))
      return out; // the callee's indices could change between iterations
  for (std::size_t k = 0; k < call.args.size(); ++k)
    if (fillsArgument(call, k) && writes[call.args[k]->var] == 1)
      out.push_back(call.args[k]->var);
  return out;
}

} // namespace tangent
