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

} // namespace

std::string SweepGenerator::adjointOf(const Expr &lvalue,
                                      const Substitutions &subst) {
  TANGENT_ASSERT(lvalue.kind == ExprKind::VarRef ||
                     lvalue.kind == ExprKind::Index,
                 "the adjoint of an expression that is not a variable or an "
                 "element");
  const Var *v = rootVar(lvalue);
  TANGENT_ASSERT(v && !v->adjoint.empty(),
                 "an active variable without an adjoint");
  if (lvalue.kind == ExprKind::VarRef)
    return lvalue.var->adjoint;
  // `d_v[i]`, and for a row of a vector of vectors `d_m[i][j]`.
  return adjointOf(*lvalue.ops[0], subst) + "[" +
         printExpr(*lvalue.ops[1], subst) + "]";
}

std::string SweepGenerator::value(const Expr &e, const Substitutions &subst) {
  return printOperand(e, subst);
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
    rev_pops.statement(*it);
  // The forward statement prints with the forward names.
  for (auto &kv : fwd_subst)
    forward_subst_[kv.first] = kv.second;
}

void SweepGenerator::propagate(const Expr &e, const std::string &adj_in,
                               Code &out, const Substitutions &subst) {
  if (!e.active)
    return;
  std::string adj = adj_in;
  auto bindIfShared = [&](int uses) {
    bool simple = true;
    for (char c : adj)
      simple &= std::isalnum((unsigned char)c) || c == '_';
    if (uses > 1 && !simple && !contributions_) {
      std::string t = fresh(naming::adjointTemp());
      out.statement("const " + adjointScalar(e.type.scalarSpelling(), lanes_) +
                    " " + t + " = " + adj + ";");
      adj = t;
    }
  };
  switch (e.kind) {
  case ExprKind::VarRef:
  case ExprKind::Index:
    if (contributions_) {
      contributions_->push_back({&e, adjointOf(e, subst), adj});
    } else {
      std::string target = adjointOf(e, subst);
      if (auto acc = accumulators_.find(target); acc != accumulators_.end()) {
        if (!acc->second.used)
          acc->second.local = fresh(naming::elementSum());
        acc->second.used = true;
        target = acc->second.local;
      }
      // The first contribution since the adjoint was last read
      // (OverwrittenAdjoints.cpp) is assigned.
      TANGENT_ASSERT(!e.assigns_adjoint || target == adjointOf(e, subst),
                     "an assigned adjoint summed in a local");
      out.statement(target + (e.assigns_adjoint ? " = " : " += ") + adj + ";");
    }
    return;
  case ExprKind::Cast:
    propagate(*e.ops[0], adj, out, subst);
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
    bindIfShared(uses);
    std::vector<std::string> args;
    for (const ExprPtr &op : e.ops)
      args.push_back(value(*op, subst));
    auto self = subst.find(&e);
    std::string result = self != subst.end() ? self->second : "";
    for (unsigned i = 0; i < e.ops.size(); ++i)
      if (e.ops[i]->active && !rule->rowIsZero(i))
        propagate(*e.ops[i], applyRow(*rule, i, adj, args, result), out, subst);
    return;
  }
  case ExprKind::Literal:
  case ExprKind::Cond:
  case ExprKind::Size:
  case ExprKind::InactiveCall:
    return;
  }
}

} // namespace tangent
