//===- ExprAdjoint.cpp - adjoints of expressions --------------------------===//
//
// Statement generators call these to differentiate an expression: the values
// its derivative reads are recorded on the tape (or recomputed when cheap and
// unchanged), and propagate() applies the rows of the rule table (Rules.def)
// from the result down to every active variable.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/Support.h"
#include "rules/Rules.h"
#include <algorithm>
#include <map>

namespace tangent {

namespace {

/// Post-order position of every node, to record inner values first.
void postOrder(const Expr &e, std::map<const Expr *, int> &order) {
  for (const ExprPtr &op : e.ops)
    postOrder(*op, order);
  order[&e] = int(order.size());
}

/// `e` read in the reverse sweep: a copy in which each value the sweep
/// recorded (`subst`) is the name it was popped into.
ExprPtr withRecorded(const Expr &e, const Substitutions &subst) {
  return e.cloneWith([&](const Expr &x) -> ExprPtr {
    auto it = subst.find(&x);
    return it == subst.end() ? nullptr : makeName(it->second, x.type);
  });
}

/// Whether `e` is an operand that costs nothing to repeat: a name or a
/// number.
bool leaf(const Expr &e) {
  return e.kind == ExprKind::Name || e.kind == ExprKind::VarRef ||
         e.kind == ExprKind::Literal;
}

} // namespace

ExprPtr SweepGenerator::adjointExpr(const Expr &lvalue,
                                    const Substitutions &subst) {
  TANGENT_ASSERT(lvalue.kind == ExprKind::VarRef ||
                     lvalue.kind == ExprKind::Index,
                 "the adjoint of an expression that is not a variable or an "
                 "element");
  const Var *v = rootVar(lvalue);
  TANGENT_ASSERT(v && !v->adjoint.empty(),
                 "an active variable without an adjoint");
  if (lvalue.kind == ExprKind::VarRef)
    return makeName(lvalue.var->adjoint, adjointType(lvalue.type, lanes_));
  // `d_v[i]`, and for a row of a vector of vectors `d_m[i][j]`.
  ExprPtr element = makeIndex(adjointExpr(*lvalue.ops[0], subst),
                              withRecorded(*lvalue.ops[1], subst));
  element->type = adjointType(lvalue.type, lanes_);
  return element;
}

SweepGenerator::Accumulator *SweepGenerator::accumulatorOf(const Expr &target) {
  for (Accumulator &acc : accumulators_)
    if (sameExpr(*acc.element, target))
      return &acc;
  return nullptr;
}

std::vector<const Expr *> SweepGenerator::neededValues(const Expr &e) {
  std::vector<const Expr *> needed;
  collectNeededValues(e, needed);
  std::map<const Expr *, int> order;
  postOrder(e, order);
  std::sort(needed.begin(), needed.end(),
            [&](const Expr *a, const Expr *b) { return order[a] < order[b]; });
  needed.erase(std::unique(needed.begin(), needed.end()), needed.end());
  return needed;
}

void SweepGenerator::recordNeeded(const Expr &e, Code &fwd, Code &rev_pops,
                                  Substitutions &subst) {
  recordValues(neededValues(e), fwd, rev_pops, subst);
}

void SweepGenerator::recordValues(const std::vector<const Expr *> &needed,
                                  Code &fwd, Code &rev_pops,
                                  Substitutions &subst) {
  Substitutions fwd_subst;
  std::vector<std::string> pops;
  for (const Expr *n : needed) {
    if (recomputedInReverse(*n) || subst.count(n))
      continue;
    std::string type = n->type.scalarSpelling();
    std::string f = fresh(naming::valueTemp());
    std::string r = fresh(naming::valueTemp());
    fwd.statement("const " + type + " " + f + " = " + printExpr(*n, fwd_subst) +
                  ";");
    std::string back = record_ ? recordScalar(fwd, f, type) : rt::pop(type);
    pops.push_back("const " + type + " " + r + " = " + back + ";");
    fwd_subst[n] = f;
    subst[n] = r;
  }
  for (auto it = pops.rbegin(); it != pops.rend(); ++it)
    rev_pops.restore(*it);
  // The forward statement prints with the forward names.
  for (auto &kv : fwd_subst)
    forward_subst_[kv.first] = kv.second;
}

void SweepGenerator::propagate(const Expr &e, ExprPtr adj, Code &out,
                               const Substitutions &subst) {
  if (!e.active)
    return;
  switch (e.kind) {
  case ExprKind::VarRef:
  case ExprKind::Index: {
    ExprPtr target = adjointExpr(e, subst);
    if (contributions_) {
      contributions_->push_back({&e, std::move(target), std::move(adj)});
      return;
    }
    std::shared_ptr<const Expr> update = std::move(target);
    if (Accumulator *acc = accumulatorOf(*update)) {
      // The first contribution since the adjoint was last read
      // (OverwrittenAdjoints.cpp) is assigned, never summed in a local.
      TANGENT_ASSERT(!e.assigns_adjoint,
                     "an assigned adjoint summed in a local");
      if (!acc->used)
        acc->local = fresh(naming::elementSum());
      acc->used = true;
      update = makeName(acc->local, update->type);
    }
    out.update(std::move(update), std::move(adj), e.assigns_adjoint);
    return;
  }
  case ExprKind::Cast:
    propagate(*e.ops[0], std::move(adj), out, subst);
    return;
  case ExprKind::Unary:
  case ExprKind::Binary:
  case ExprKind::Math: {
    // Every differentiable operation through the rule table (Rules.def).
    const Rule *rule = ruleFor(e);
    TANGENT_ASSERT(rule, "an active operation without a derivative rule");
    int uses = 0;
    for (unsigned i = 0; i < e.ops.size(); ++i)
      uses += e.ops[i]->active && !rule->rowIsZero(i);
    // A seed that several rows read is evaluated once, into a local.
    if (uses > 1 && !leaf(*adj) && !contributions_) {
      std::string t = fresh(naming::adjointTemp());
      ExprPtr name = makeName(t, adj->type);
      out.declare("const " + adjointScalar(e.type.scalarSpelling(), lanes_), t,
                  std::move(adj));
      adj = std::move(name);
    }
    RowOperands operands;
    operands.seed = adj.get();
    operands.real = e.type;
    std::vector<ExprPtr> args;
    for (const ExprPtr &op : e.ops)
      args.push_back(withRecorded(*op, subst));
    for (const ExprPtr &a : args)
      operands.args.push_back(a.get());
    ExprPtr result;
    if (auto self = subst.find(&e); self != subst.end())
      result = makeName(self->second, e.type);
    operands.result = result.get();
    for (unsigned i = 0; i < e.ops.size(); ++i)
      if (e.ops[i]->active && !rule->rowIsZero(i))
        propagate(*e.ops[i], rowExpr(*rule, i, operands), out, subst);
    return;
  }
  case ExprKind::Literal:
  case ExprKind::Cond:
  case ExprKind::Size:
  case ExprKind::InactiveCall:
  case ExprKind::Name:
    return;
  }
}

} // namespace tangent
