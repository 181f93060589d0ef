//===- Generate.cpp - forward and reverse sweeps of statements ------------===//
//
// Each statement produces forward-sweep code (the primal computation plus
// the tape records the reverse needs) and reverse-sweep code (restores,
// then adjoint propagation). Blocks are reversed statement by statement.
//
//===----------------------------------------------------------------------===//
#include "codegen/Generate.h"
#include "analysis/Analysis.h"
#include "rules/Rules.h"
#include <algorithm>
#include <set>

namespace tangent {

namespace {

std::string tapeOf() { return naming::tape(); }

/// Post-order position of every node, to record inner values first.
void postOrder(const Expr &e, std::map<const Expr *, int> &order) {
  for (const ExprPtr &op : e.ops)
    postOrder(*op, order);
  order[&e] = int(order.size());
}

std::string zeroLiteral(const std::string &type) {
  return type == "float" ? "0.0f" : type == "long double" ? "0.0L" : "0.0";
}

} // namespace

std::string adjointParamType(const Var &p) {
  const Type &t = p.type;
  if (!t.isDifferentiable())
    return "";
  if (t.isReal())
    return t.spelling + "&";
  if (t.kind == TypeKind::Pointer)
    return t.elem_spelling + "*";
  if (t.kind == TypeKind::CArray)
    return "";
  return t.spelling + "&";
}

bool SweepGenerator::needsSave(const Stmt &s, const Var *v) const {
  return needsRecord(fn_, s, v);
}

std::string SweepGenerator::adjointOf(const Expr &lvalue,
                                      const Substitutions &subst) {
  if (lvalue.kind == ExprKind::VarRef)
    return lvalue.var->adjoint;
  return lvalue.ops[0]->var->adjoint + "[" + printExpr(*lvalue.ops[1], subst) +
         "]";
}

void SweepGenerator::save(const Expr &target, Code &fwd, Code &rev) {
  if (!record_)
    return;
  if (target.kind == ExprKind::VarRef && target.type.isContainer())
    return saveWhole(target.var, fwd, rev);
  std::string text = printExpr(target);
  fwd.line(tapeOf() + std::string(".push(") + text + ");");
  rev.line(text + " = " + tapeOf() + ".pop<" + target.type.scalarSpelling() +
           ">();");
}

void SweepGenerator::saveWhole(Var *v, Code &fwd, Code &rev) {
  if (!record_)
    return;
  const std::string &n = v->name;
  switch (v->type.kind) {
  case TypeKind::Vector:
    fwd.line(tapeOf() + std::string(".push_vector(") + n + ");");
    rev.line(tapeOf() + std::string(".pop_vector(") + n + ");");
    return;
  case TypeKind::CArray:
    fwd.line(tapeOf() + std::string(".push_array(") + n + ", " +
             std::to_string(v->type.extent) + ");");
    rev.line(tapeOf() + std::string(".pop_array(") + n + ", " +
             std::to_string(v->type.extent) + ");");
    return;
  default:
    fwd.line(tapeOf() + std::string(".push(") + n + ");");
    rev.line(n + " = " + tapeOf() + ".pop<" + v->type.spelling + ">();");
    return;
  }
}

std::string SweepGenerator::zeroAdjoint(const Var *v,
                                        const std::string &size_expr) {
  if (v->type.kind == TypeKind::Vector)
    return "tangent::detail::zero(" + v->adjoint + ", " + size_expr + ");";
  return "tangent::detail::zero(" + v->adjoint + ");";
}

std::string SweepGenerator::value(const Expr &e, const Substitutions &subst) {
  return printOperand(e, subst);
}

void SweepGenerator::recordNeeded(const Expr &e, Code &fwd, Code &rev_pops,
                                  Substitutions &subst) {
  std::vector<const Expr *> needed;
  collectNeededValues(e, needed);
  std::map<const Expr *, int> order;
  postOrder(e, order);
  std::sort(needed.begin(), needed.end(),
            [&](const Expr *a, const Expr *b) { return order[a] < order[b]; });
  needed.erase(std::unique(needed.begin(), needed.end()), needed.end());
  Substitutions fwd_subst;
  std::vector<std::string> pops;
  for (const Expr *n : needed) {
    if (recomputedInReverse(*n) || subst.count(n))
      continue;
    std::string type = n->type.scalarSpelling();
    std::string f = fresh(naming::valueTemp());
    std::string r = fresh(naming::valueTemp());
    fwd.line("const " + type + " " + f + " = " + printExpr(*n, fwd_subst) +
             ";");
    if (record_)
      fwd.line(tapeOf() + std::string(".push(") + f + ");");
    pops.push_back("const " + type + " " + r + " = " + tapeOf() + ".pop<" +
                   type + ">();");
    fwd_subst[n] = f;
    subst[n] = r;
  }
  for (auto it = pops.rbegin(); it != pops.rend(); ++it)
    rev_pops.line(*it);
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
      out.line("const " + e.type.scalarSpelling() + " " + t + " = " + adj +
               ";");
      adj = t;
    }
  };
  switch (e.kind) {
  case ExprKind::VarRef:
  case ExprKind::Index:
    if (contributions_)
      contributions_->push_back({adjointOf(e, subst), adj});
    else
      out.line(adjointOf(e, subst) + " += " + adj + ";");
    return;
  case ExprKind::Cast:
    propagate(*e.ops[0], adj, out, subst);
    return;
  case ExprKind::Unary:
    if (e.text == "-")
      propagate(*e.ops[0], "-" + parenthesize(adj), out, subst);
    else
      propagate(*e.ops[0], adj, out, subst);
    return;
  case ExprKind::Binary: {
    const Expr &l = *e.ops[0], &r = *e.ops[1];
    bindIfShared(int(l.active) + int(r.active));
    std::string a = parenthesize(adj);
    if (e.text == "+") {
      propagate(l, adj, out, subst);
      propagate(r, adj, out, subst);
    } else if (e.text == "-") {
      propagate(l, adj, out, subst);
      propagate(r, "-" + a, out, subst);
    } else if (e.text == "*") {
      if (l.active)
        propagate(l, a + " * " + value(r, subst), out, subst);
      if (r.active)
        propagate(r, value(l, subst) + " * " + a, out, subst);
    } else if (e.text == "/") {
      std::string den = value(r, subst);
      if (l.active)
        propagate(l, a + " / " + den, out, subst);
      if (r.active)
        propagate(r, "-" + a + " * " + value(l, subst) + " / (" + den +
                         " * " + den + ")",
                  out, subst);
    }
    return;
  }
  case ExprKind::Math: {
    int uses = 0;
    for (unsigned i = 0; i < e.ops.size(); ++i)
      uses += e.ops[i]->active && !e.rule->partials[i].empty();
    bindIfShared(uses);
    std::vector<std::string> args;
    for (const ExprPtr &op : e.ops)
      args.push_back(parenthesize(printExpr(*op, subst)));
    auto self = subst.find(&e);
    std::string result = self != subst.end() ? self->second : "";
    for (unsigned i = 0; i < e.ops.size(); ++i) {
      if (!e.ops[i]->active || e.rule->partials[i].empty())
        continue;
      std::string partial =
          instantiatePartial(e.rule->partials[i], args, result);
      propagate(*e.ops[i], parenthesize(adj) + " * " + parenthesize(partial),
                out, subst);
    }
    return;
  }
  default:
    return;
  }
}

SweepGenerator::Sweeps SweepGenerator::block(const Block &b) {
  Sweeps out;
  std::vector<Code> revs;
  for (const StmtPtr &s : b) {
    Sweeps one = stmt(*s);
    out.fwd.append(one.fwd);
    revs.push_back(std::move(one.rev));
  }
  for (auto it = revs.rbegin(); it != revs.rend(); ++it)
    out.rev.append(*it);
  return out;
}

Code SweepGenerator::untaped(const Block &b) {
  bool saved = record_;
  record_ = false;
  Sweeps s = block(b);
  record_ = saved;
  return std::move(s.fwd);
}

SweepGenerator::Sweeps SweepGenerator::stmt(const Stmt &s) {
  switch (s.kind) {
  case StmtKind::Assign:
    return assign(s);
  case StmtKind::Construct:
    return construct(s);
  case StmtKind::Call:
    return call(s);
  case StmtKind::If:
    return branch(s);
  case StmtKind::Loop:
    return loop(s);
  case StmtKind::Block:
    return block(s.block);
  }
  return {};
}

SweepGenerator::Sweeps SweepGenerator::assign(const Stmt &s) {
  Sweeps out;
  Var *target =
      s.lhs->kind == ExprKind::VarRef ? s.lhs->var : s.lhs->ops[0]->var;
  bool whole_container =
      s.lhs->kind == ExprKind::VarRef && target->type.isContainer();
  Code pops, restore;
  Substitutions subst;
  forward_subst_.clear();
  bool active = target->active;
  if (active && s.rhs->active && !whole_container)
    recordNeeded(*s.rhs, out.fwd, pops, subst);
  bool saved = needsSave(s, target) && !bulk_saved_.count(&s);
  std::string popped_size;
  if (saved) {
    save(*s.lhs, out.fwd, restore);
  } else if (record_ && active && whole_container &&
             target->type.kind == TypeKind::Vector &&
             !isFirstWrite(fn_, s, target)) {
    popped_size = fresh("size");
    out.fwd.line(tapeOf() + std::string(".push(") + target->name +
                 ".size());");
    restore.line("const std::size_t " + popped_size + " = " + tapeOf() +
                 ".pop<std::size_t>();");
  }
  out.fwd.line(printExpr(*s.lhs) + " = " + printExpr(*s.rhs, forward_subst_) +
               ";");
  out.rev.append(restore);
  out.rev.append(pops);
  if (!active)
    return out;
  if (whole_container) {
    const Var *src = s.rhs->kind == ExprKind::VarRef ? s.rhs->var : nullptr;
    if (src && src != target && src->active)
      out.rev.line("tangent::detail::accumulate(" + src->adjoint + ", " +
                   target->adjoint + ");");
    if (src != target && !isFirstWrite(fn_, s, target))
      out.rev.line(zeroAdjoint(target, saved ? target->name + ".size()"
                                              : popped_size));
    return out;
  }
  std::string d_lhs = adjointOf(*s.lhs);
  // `x = x + e` / `x = x - e` (from +=, -=): the adjoint of x passes through.
  const Expr *rhs = s.rhs.get();
  if (rhs->kind == ExprKind::Binary && (rhs->text == "+" || rhs->text == "-") &&
      printExpr(*rhs->ops[0]) == printExpr(*s.lhs) &&
      !readsVar(*rhs->ops[1], target)) {
    propagate(*rhs->ops[1], rhs->text == "-" ? "-" + d_lhs : d_lhs, out.rev,
              subst);
    return out;
  }
  if (!s.rhs->active) {
    out.rev.line(d_lhs + " = 0;");
    return out;
  }
  std::string d = fresh(naming::adjointTemp());
  out.rev.line("const " + s.lhs->type.scalarSpelling() + " " + d + " = " +
               d_lhs + ";");
  out.rev.line(d_lhs + " = 0;");
  propagate(*s.rhs, d, out.rev, subst);
  return out;
}

SweepGenerator::Sweeps SweepGenerator::construct(const Stmt &s) {
  Sweeps out;
  Var *v = s.var;
  const Type &t = v->type;
  Code pops, restore;
  Substitutions subst;
  forward_subst_.clear();
  if (v->active)
    for (const ExprPtr &a : s.args)
      if (a->active)
        recordNeeded(*a, out.fwd, pops, subst);
  bool first = isFirstWrite(fn_, s, v);
  bool saved = needsSave(s, v);
  std::string popped_size;
  if (saved) {
    saveWhole(v, out.fwd, restore);
  } else if (record_ && v->active && t.kind == TypeKind::Vector && !first) {
    popped_size = fresh("size");
    out.fwd.line(tapeOf() + std::string(".push(") + v->name + ".size());");
    restore.line("const std::size_t " + popped_size + " = " + tapeOf() +
                 ".pop<std::size_t>();");
  }
  auto arg = [&](size_t i) { return printExpr(*s.args[i], forward_subst_); };
  const std::string &n = v->name;
  switch (s.construct) {
  case ConstructKind::Size:
    if (t.kind == TypeKind::Vector)
      out.fwd.line(s.args.empty() ? n + ".clear();"
                                  : n + ".assign(" + arg(0) + ", {});");
    else
      out.fwd.line("tangent::detail::zero(" + n + ");");
    break;
  case ConstructKind::Fill:
    out.fwd.line(n + ".assign(" + arg(0) + ", " + arg(1) + ");");
    break;
  case ConstructKind::Copy:
    out.fwd.line(n + " = " + arg(0) + ";");
    break;
  case ConstructKind::Elements: {
    if (t.kind == TypeKind::CArray) {
      if ((long long)s.args.size() < t.extent)
        out.fwd.line("tangent::detail::zero(" + n + ");");
      for (size_t i = 0; i < s.args.size(); ++i)
        out.fwd.line(n + "[" + std::to_string(i) + "] = " + arg(i) + ";");
    } else {
      std::string list;
      for (size_t i = 0; i < s.args.size(); ++i)
        list += (i ? ", " : "") + arg(i);
      out.fwd.line(n + " = {" + list + "};");
    }
    break;
  }
  }
  out.rev.append(restore);
  out.rev.append(pops);
  if (!v->active)
    return out;
  switch (s.construct) {
  case ConstructKind::Fill:
    if (s.args[1]->active)
      propagate(*s.args[1], "tangent::detail::sum(" + v->adjoint + ")",
                out.rev, subst);
    break;
  case ConstructKind::Copy:
    if (s.args[0]->active)
      out.rev.line("tangent::detail::accumulate(" + s.args[0]->var->adjoint +
                   ", " + v->adjoint + ");");
    break;
  case ConstructKind::Elements:
    for (size_t i = 0; i < s.args.size(); ++i)
      propagate(*s.args[i], v->adjoint + "[" + std::to_string(i) + "]",
                out.rev, subst);
    break;
  default:
    break;
  }
  if (!first)
    out.rev.line(zeroAdjoint(v, saved ? n + ".size()" : popped_size));
  return out;
}

SweepGenerator::Sweeps SweepGenerator::call(const Stmt &s) {
  Sweeps out;
  Code restore;
  bool custom = !s.custom.empty();
  bool active = s.result && s.result->active;
  for (size_t i = 0; i < s.args.size(); ++i)
    if (s.arg_is_output[i]) {
      const Expr &a = *s.args[i];
      const Var *v = a.kind == ExprKind::VarRef ? a.var : a.ops[0]->var;
      active |= v->active;
    }
  // Record what the call overwrites.
  if (s.result) {
    if (needsSave(s, s.result))
      saveWhole(s.result, out.fwd, restore);
  }
  for (size_t i = 0; i < s.args.size(); ++i) {
    if (!s.arg_is_output[i])
      continue;
    const Expr &a = *s.args[i];
    Var *v = a.kind == ExprKind::VarRef ? a.var : a.ops[0]->var;
    if (needsSave(s, v))
      save(a, out.fwd, restore);
  }
  std::string args;
  for (size_t i = 0; i < s.args.size(); ++i)
    args += (i ? ", " : "") + printExpr(*s.args[i]);
  std::string callee =
      custom ? s.custom
      : active && record_
          ? std::string(naming::generatedNamespace()) + "::" +
                naming::forward(s.callee->generated_name)
          : s.callee->name;
  std::string call_text = callee + "(" + args + ")";
  out.fwd.comment(s.loc.str() + ": call " +
                  (custom ? s.custom : s.callee->name));
  if (s.result)
    out.fwd.line(s.result->name + " = " + call_text + ";");
  else
    out.fwd.line(call_text + ";");
  // The callee's reverse runs first (its records are on top of the tape),
  // seeing the values the call left; then the overwritten values return.
  Code rev;
  if (active) {
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
      const Var *base = a.kind == ExprKind::VarRef  ? a.var
                        : a.kind == ExprKind::Index ? a.ops[0]->var
                                                    : nullptr;
      std::string adj;
      if (base && base->active) {
        adj = adjointOf(a);
      } else {
        adj = fresh("dz");
        if (a.type.kind == TypeKind::Vector)
          rev.line(a.type.spelling + " " + adj + "(" + printExpr(a) +
                   ".size());");
        else if (a.type.kind == TypeKind::Pointer) {
          errors.push_back({s.loc, "tangent: passing a pointer that carries "
                                   "no derivative to '" +
                                       (custom ? s.custom : s.callee->name) +
                                       "' is not supported"});
          adj = "nullptr";
        } else
          rev.line(declareZero(a.type, adj));
      }
      if (custom && a.type.isReal())
        adj = "&" + adj;
      adjoints.push_back(adj);
    }
    std::string d_res;
    bool result_is_arg = false;
    if (s.result)
      for (const ExprPtr &a : s.args)
        result_is_arg |= readsVar(*a, s.result);
    Type rt = s.result ? s.result->type
              : custom ? Type{}
                       : s.callee->result;
    if (s.result && s.result->active) {
      if (result_is_arg) {
        // The callee accumulates into the argument's adjoint, which is also
        // the result's: take the result's adjoint out first.
        d_res = fresh(naming::adjointTemp());
        rev.line((rt.isReal() ? "const " : "") + rt.spelling + " " + d_res +
                 " = " + s.result->adjoint + ";");
        rev.line(s.result->type.isReal()
                     ? s.result->adjoint + " = 0;"
                     : zeroAdjoint(s.result, s.result->name + ".size()"));
      } else {
        d_res = s.result->adjoint;
      }
    } else if (rt.kind != TypeKind::Void) {
      d_res = rt.isReal() ? zeroLiteral(rt.spelling) : rt.spelling + "{}";
    }
    std::string list = args;
    for (const std::string &adj : adjoints)
      list += (list.empty() ? "" : ", ") + adj;
    if (!d_res.empty())
      list += (list.empty() ? "" : ", ") + d_res;
    std::string rev_callee =
        custom ? std::string(naming::customNamespace()) + "::" +
                     naming::customPullback(s.custom_name)
               : std::string(naming::generatedNamespace()) + "::" +
                     naming::reverse(s.callee->generated_name);
    rev.comment(s.loc.str() + ": reverse of the call");
    rev.line(rev_callee + "(" + list + ");");
    if (s.result && s.result->active && !result_is_arg) {
      if (s.result->type.isReal())
        rev.line(s.result->adjoint + " = 0;");
      else
        rev.line(zeroAdjoint(s.result, s.result->name + ".size()"));
    }
  }
  rev.append(restore);
  out.rev = std::move(rev);
  return out;
}

SweepGenerator::Sweeps SweepGenerator::branch(const Stmt &s) {
  Sweeps out;
  Sweeps t = block(s.then_block);
  Sweeps e = block(s.else_block);
  bool reverse = record_ && (!t.rev.empty() || !e.rev.empty());
  std::string cond = printExpr(*s.cond);
  if (reverse && s.record_decision) {
    std::string taken = fresh(naming::decision());
    out.fwd.line("const bool " + taken + " = " + cond + ";");
    cond = taken;
  }
  out.fwd.open("if (" + cond + ")");
  out.fwd.append(t.fwd);
  if (!e.fwd.empty()) {
    out.fwd.reopen("else");
    out.fwd.append(e.fwd);
  }
  out.fwd.close();
  if (!reverse)
    return out;
  if (s.record_decision)
    out.fwd.line(tapeOf() + std::string(".push(") + cond + ");");
  std::string rcond = s.record_decision
                          ? tapeOf() + std::string(".pop<bool>()")
                          : printExpr(*s.cond);
  if (t.rev.empty()) {
    out.rev.open("if (!" + parenthesize(rcond) + ")");
    out.rev.append(e.rev);
    out.rev.close();
    return out;
  }
  out.rev.open("if (" + rcond + ")");
  out.rev.append(t.rev);
  if (!e.rev.empty()) {
    out.rev.reopen("else");
    out.rev.append(e.rev);
  }
  out.rev.close();
  return out;
}

} // namespace tangent
