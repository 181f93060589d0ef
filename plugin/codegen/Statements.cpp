//===- Statements.cpp - sweeps of statements ------------------------------===//
//
// Assignments, constructions of containers, branches and blocks. Each gives
// forward-sweep code (the primal plus the records its reverse needs) and
// reverse-sweep code (restores, then adjoint propagation); a block reverses
// its statements in the opposite order.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/Support.h"
#include <algorithm>
#include <cassert>

namespace tangent {

bool SweepGenerator::needsSave(const Stmt &s, const Var *v) const {
  return needsRecord(fn_, s, v) && !hoisted_.count(v);
}

bool SweepGenerator::keepsOldValue(const Stmt &s, const Var *v) const {
  // An active vector of vectors that is replaced: its adjoint must get the
  // old shape back, which only the old value has (sizes are not enough).
  return needsSave(s, v) || (record_ && v->active && v->type.isNested() &&
                             !isFirstWrite(fn_, s, v));
}

void SweepGenerator::save(const Expr &target, Code &fwd, Code &rev) {
  if (!record_)
    return;
  if (target.kind == ExprKind::VarRef && target.type.isContainer())
    return saveWhole(target.var, fwd, rev);
  std::string text = printExpr(target);
  rev.restore(text + " = " +
              recordScalar(fwd, text, target.type.scalarSpelling()) + ";");
}

void SweepGenerator::saveWhole(Var *v, Code &fwd, Code &rev) {
  if (!record_)
    return;
  const std::string &n = v->name;
  switch (v->type.kind) {
  case TypeKind::Vector:
    fwd.record(rt::pushVector(n));
    rev.restore(rt::popVector(n));
    return;
  case TypeKind::CArray:
    fwd.record(rt::pushArray(n, std::to_string(v->type.extent)));
    rev.restore(rt::popArray(n, std::to_string(v->type.extent)));
    return;
  default:
    rev.restore(n + " = " + recordScalar(fwd, n, v->type.spelling) + ";");
    return;
  }
}

std::string SweepGenerator::zeroAdjoint(const Var *v,
                                        const std::string &size_expr) {
  if (v->type.isNested()) // its value is there (keepsOldValue)
    return rt::zeroLike(v->adjoint, v->name);
  if (v->type.kind == TypeKind::Vector)
    return rt::zeroSized(v->adjoint, size_expr);
  return rt::zero(v->adjoint);
}

SweepGenerator::Sweeps SweepGenerator::block(const Block &b) {
  Sweeps out;
  std::vector<Code> revs;
  for (const StmtPtr &s : b) {
    Sweeps one = stmt(*s);
    out.fwd.append(one.fwd);
    revs.push_back(std::move(one.rev));
  }
  // Values this block's reverse evaluates again (Var::rematerialized): at
  // its start every operand holds what it held when the value was made.
  if (record_)
    for (const StmtPtr &s : b)
      if (s->kind == StmtKind::Assign && s->lhs->kind == ExprKind::VarRef &&
          s->lhs->var->rematerialized == s.get())
        out.rev.statement(printExpr(*s->lhs) + " = " + printExpr(*s->rhs) +
                          ";");
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
  case StmtKind::Swap:
    return swap(s);
  case StmtKind::Resize:
    return resize(s);
  case StmtKind::If:
    return branch(s);
  case StmtKind::Loop:
    return loop(s);
  case StmtKind::Block:
    return block(s.block);
  }
  return {};
}

SweepGenerator::Sweeps SweepGenerator::swap(const Stmt &s) {
  // Its own inverse: no record. The reverse swaps the values back and the
  // adjoints along (activity gave both operands the same status).
  TANGENT_ASSERT(s.lhs->kind == ExprKind::VarRef &&
                     s.rhs->kind == ExprKind::VarRef &&
                     s.lhs->var->active == s.rhs->var->active,
                 "a swap of operands that are not variables of one status");
  Sweeps out;
  const Var &a = *s.lhs->var, &b = *s.rhs->var;
  out.fwd.statement(rt::swapValues(a.name, b.name));
  if (a.active)
    out.rev.statement(rt::swapValues(a.adjoint, b.adjoint));
  out.rev.statement(rt::swapValues(a.name, b.name));
  return out;
}

SweepGenerator::Sweeps SweepGenerator::resize(const Stmt &s) {
  // The reverse undoes the size change on the adjoint (which always has the
  // vector's size there) and, when the reverse reads the vector, on the
  // vector itself: push_back and pop_back need no record for that, resize
  // records the old size (and the elements a shrink drops). A vector of
  // vectors is always restored when active: the rows its adjoint gets back
  // take their sizes from it.
  Sweeps out;
  Var *v = s.var;
  TANGENT_ASSERT(v->type.kind == TypeKind::Vector, "a resize of a non-vector");
  const std::string &n = v->name;
  const bool nested = v->type.isNested();
  const Expr *value = s.resize == ResizeKind::Append ? s.args[0].get()
                      : s.args.size() > 1            ? s.args[1].get()
                                                     : nullptr;
  Code pops, adjoint;
  Substitutions subst;
  forward_subst_.clear();
  if (v->active && value && value->active)
    recordNeeded(*value, out.fwd, pops, subst);
  const bool restore = record_ && (needsSave(s, v) || (nested && v->active));
  const std::string elem = v->type.elem_spelling;
  const std::string d_elem = adjointScalar(elem, lanes_);
  std::string d; // the adjoint flowing to `value`
  switch (s.resize) {
  case ResizeKind::Append:
    out.fwd.statement(n + ".push_back(" + printExpr(*value, forward_subst_) +
                      ");");
    if (restore)
      out.rev.statement(n + ".pop_back();");
    if (v->active) {
      d = fresh(naming::adjointTemp());
      out.rev.statement(
          nested
              ? "auto " + d + " = std::move(" + v->adjoint + ".back());"
              : "const " + d_elem + " " + d + " = " + v->adjoint + ".back();");
      out.rev.statement(v->adjoint + ".pop_back();");
    }
    break;
  case ResizeKind::Pop:
    if (restore)
      out.fwd.record(nested ? rt::pushVector(n + ".back()")
                            : rt::push(n + ".back()"));
    out.fwd.statement(n + ".pop_back();");
    if (restore && nested) {
      out.rev.statement(n + ".emplace_back();");
      out.rev.restore(rt::popVector(n + ".back()"));
    } else if (restore) {
      out.rev.restore(n + ".push_back(" + rt::pop(elem) + ");");
    }
    if (v->active)
      out.rev.statement(nested ? rt::resizeAdjoint(v->adjoint, n, n + ".size()")
                               : v->adjoint + ".push_back(0);");
    break;
  case ResizeKind::To: {
    std::string size = printExpr(*s.args[0], forward_subst_);
    std::string old;
    if (restore) {
      out.fwd.recordVia(rt::recordResize(n, size));
      old = fresh(naming::oldSize());
      out.rev.restore("const std::size_t " + old + " = " + rt::undoResize(n) +
                      ";");
    } else if (record_ && v->active) {
      out.fwd.record(rt::push(n + ".size()"));
      old = fresh(naming::oldSize());
      out.rev.restore("const std::size_t " + old + " = " +
                      rt::pop("std::size_t") + ";");
    }
    out.fwd.statement(n + ".resize(" + size +
                      (value ? ", " + printExpr(*value, forward_subst_) : "") +
                      ");");
    if (v->active && nested) { // after the pops: the fill row's indices
      if (value && value->active)
        adjoint.statement(
            rt::accumulateRows(adjointOf(*value, subst), v->adjoint, old));
      adjoint.statement(rt::resizeAdjoint(v->adjoint, n, old));
    } else if (v->active) {
      if (value && value->active) {
        d = fresh(naming::adjointTemp());
        out.rev.statement("const " + d_elem + " " + d + " = " +
                          rt::sumFrom(v->adjoint, old) + ";");
      }
      out.rev.statement(v->adjoint + ".resize(" + old + ");");
    }
    break;
  }
  }
  out.rev.append(pops);
  out.rev.append(adjoint);
  if (!d.empty() && value->active && nested)
    out.rev.statement(rt::accumulate(adjointOf(*value, subst), d));
  else if (!d.empty() && value->active)
    propagate(*value, d, out.rev, subst);
  return out;
}

namespace {

/// `e` without a cast to `t` around it (`static_cast<unsigned long>(i + 1)`
/// for an unsigned long i: the cast changes nothing).
const Expr *stripSameCast(const Expr &e, const Type &t) {
  if (e.kind == ExprKind::Cast && e.type.spelling == t.spelling &&
      e.ops[0]->type.spelling == t.spelling)
    return e.ops[0].get();
  return &e;
}

/// `n = n + c` or `n = n - c` on an integer variable, c an integer literal:
/// its reverse restores n by the opposite step, with nothing recorded
/// (Qtimesx's `Lparamsidx++` in GMM, the counters of uncounted loops).
bool invertibleStep(const Stmt &s) {
  if (s.lhs->kind != ExprKind::VarRef || !s.lhs->type.isIntegral())
    return false;
  const Expr &e = *stripSameCast(*s.rhs, s.lhs->type);
  return e.kind == ExprKind::Binary && (e.op == Op::Add || e.op == Op::Sub) &&
         e.type.spelling == s.lhs->type.spelling &&
         e.ops[0]->kind == ExprKind::VarRef && e.ops[0]->var == s.lhs->var &&
         e.ops[1]->kind == ExprKind::Literal && e.ops[1]->is_int_const;
}

} // namespace

SweepGenerator::Sweeps SweepGenerator::assign(const Stmt &s) {
  TANGENT_ASSERT(s.lhs->kind == ExprKind::VarRef ||
                     s.lhs->kind == ExprKind::Index,
                 "an assignment to something other than a variable or an "
                 "element");
  if (s.lhs->kind == ExprKind::Index && s.lhs->type.isContainer())
    return assignRow(s);
  Sweeps out;
  Var *target = rootVar(*s.lhs);
  bool whole_container =
      s.lhs->kind == ExprKind::VarRef && target->type.isContainer();
  Code pops, restore;
  Substitutions subst;
  forward_subst_.clear();
  bool active = target->active;
  // (A whole container's source is a variable or a row `m[i]`, whose
  // indices its adjoint needs.)
  if (active && s.rhs->active)
    recordNeeded(*s.rhs, out.fwd, pops, subst);
  bool saved =
      (whole_container ? keepsOldValue(s, target) : needsSave(s, target)) &&
      !bulk_saved_.count(&s);
  std::string popped_size;
  if (saved && record_ && !whole_container && invertibleStep(s)) {
    // `n = n + c` on integers: the reverse subtracts c again, exactly.
    const Expr &step = *stripSameCast(*s.rhs, target->type);
    restore.statement(printExpr(*s.lhs) + " = " + printExpr(*s.lhs) +
                      (step.op == Op::Add ? " - " : " + ") +
                      printExpr(*step.ops[1]) + ";");
  } else if (saved) {
    save(*s.lhs, out.fwd, restore);
  } else if (record_ && active && whole_container &&
             target->type.kind == TypeKind::Vector &&
             !isFirstWrite(fn_, s, target)) {
    popped_size = fresh(naming::oldSize());
    out.fwd.record(rt::push(target->name + ".size()"));
    restore.restore("const std::size_t " + popped_size + " = " +
                    rt::pop("std::size_t") + ";");
  }
  out.fwd.statement(printExpr(*s.lhs) + " = " +
                    printExpr(*s.rhs, forward_subst_) + ";");
  out.rev.append(restore);
  out.rev.append(pops);
  if (!active)
    return out;
  if (whole_container) {
    const Var *src = s.rhs->kind == ExprKind::VarRef ? s.rhs->var : nullptr;
    if (s.rhs->kind == ExprKind::Index && s.rhs->active) // `r = m[i]`
      out.rev.statement(
          rt::accumulate(adjointOf(*s.rhs, subst), target->adjoint));
    else if (src && src != target && src->active)
      out.rev.statement(rt::accumulate(src->adjoint, target->adjoint));
    if (src != target && !isFirstWrite(fn_, s, target))
      out.rev.statement(
          zeroAdjoint(target, saved ? target->name + ".size()" : popped_size));
    return out;
  }
  // `x = x + e` / `x = x - e` (from +=, -=): the adjoint of x passes through.
  const Expr *rhs = s.rhs.get();
  if (rhs->kind == ExprKind::Binary &&
      (rhs->op == Op::Add || rhs->op == Op::Sub) &&
      sameExpr(*rhs->ops[0], *s.lhs) && !readsVar(*rhs->ops[1], target)) {
    ExprPtr seed = adjointExpr(*s.lhs);
    if (rhs->op == Op::Sub)
      seed = makeUnary(Op::Neg, std::move(seed));
    propagate(*rhs->ops[1], std::move(seed), out.rev, subst);
    return out;
  }
  // In a loop, a variant's parameter whose callers assign the adjoint
  // again before they read it (Var::unzeroed) keeps it.
  auto at = fn_.positions.find(&s);
  const bool zeroed = !target->unzeroed || at == fn_.positions.end() ||
                      at->second.loops.empty();
  // The adjoint is taken (into a local), then reset: the statement
  // overwrote the variable, whose earlier value has no part in it.
  auto reset = [&] {
    if (zeroed)
      out.rev.reset(adjointExpr(*s.lhs), s.lhs->type);
  };
  if (!s.rhs->active) {
    reset();
    return out;
  }
  std::string d = fresh(naming::adjointTemp());
  out.rev.declare("const " +
                      adjointScalar(s.lhs->type.scalarSpelling(), lanes_),
                  d, adjointExpr(*s.lhs));
  reset();
  propagate(*s.rhs, d, out.rev, subst);
  return out;
}

SweepGenerator::Sweeps SweepGenerator::assignRow(const Stmt &s) {
  // `m[i] = r`, `m[i] = m[j]`: a whole row of a vector of vectors. The old
  // row is recorded when the reverse reads m or m is active (its adjoint's
  // row gets the old row's size back); its indices are recorded first, so
  // the reverse pops the old row into a temporary before it knows where it
  // goes.
  Sweeps out;
  Var *m = rootVar(*s.lhs);
  Code pops;
  Substitutions subst;
  forward_subst_.clear();
  std::vector<const Expr *> recorded;
  forEachIndex(*s.lhs, [&](const Expr &i) { recorded.push_back(&i); });
  if (m->active && s.rhs->active)
    for (const Expr *n : neededValues(*s.rhs))
      recorded.push_back(n);
  recordValues(recorded, out.fwd, pops, subst);
  const std::string row = printExpr(*s.lhs, forward_subst_);
  const bool saved = record_ && (m->active || needsSave(s, m));
  std::string old;
  if (saved) {
    old = fresh(naming::oldRow());
    out.fwd.record(rt::pushVector(row));
    out.rev.statement(s.lhs->type.spelling + " " + old + ";");
    out.rev.restore(rt::popVector(old));
  }
  out.fwd.statement(row + " = " + printExpr(*s.rhs, forward_subst_) + ";");
  out.rev.append(pops);
  const std::string reversed = printExpr(*s.lhs, subst);
  if (saved)
    out.rev.statement(reversed + " = std::move(" + old + ");");
  if (!m->active)
    return out;
  // Through a temporary: `m[i] = m[i]` passes the adjoint through.
  std::string d = fresh(naming::adjointTemp());
  std::string d_row = adjointOf(*s.lhs, subst);
  out.rev.statement("auto " + d + " = std::move(" + d_row + ");");
  out.rev.statement(rt::zeroLike(d_row, reversed));
  if (s.rhs->active)
    out.rev.statement(rt::accumulate(adjointOf(*s.rhs, subst), d));
  return out;
}

SweepGenerator::Sweeps SweepGenerator::construct(const Stmt &s) {
  Sweeps out;
  Var *v = s.var;
  const Type &t = v->type;
  Code pops, restore;
  Substitutions subst;
  forward_subst_.clear();
  // The values of every element, recorded at once: the reverse pops them
  // in the opposite order.
  std::vector<const Expr *> recorded;
  if (v->active)
    for (const ExprPtr &a : s.args)
      if (a->active)
        for (const Expr *n : neededValues(*a))
          if (std::find(recorded.begin(), recorded.end(), n) == recorded.end())
            recorded.push_back(n);
  recordValues(recorded, out.fwd, pops, subst);
  bool first = isFirstWrite(fn_, s, v);
  bool saved = keepsOldValue(s, v);
  std::string popped_size;
  if (saved) {
    saveWhole(v, out.fwd, restore);
  } else if (record_ && v->active && t.kind == TypeKind::Vector && !first) {
    popped_size = fresh(naming::oldSize());
    out.fwd.record(rt::push(v->name + ".size()"));
    restore.restore("const std::size_t " + popped_size + " = " +
                    rt::pop("std::size_t") + ";");
  }
  auto arg = [&](size_t i) { return printExpr(*s.args[i], forward_subst_); };
  const std::string &n = v->name;
  switch (s.construct) {
  case ConstructKind::Size:
    if (t.kind == TypeKind::Vector)
      out.fwd.statement(s.args.empty() ? n + ".clear();"
                                       : n + ".assign(" + arg(0) + ", {});");
    else
      out.fwd.statement(rt::zero(n));
    break;
  case ConstructKind::Fill:
    out.fwd.statement(n + ".assign(" + arg(0) + ", " + arg(1) + ");");
    break;
  case ConstructKind::Copy:
    out.fwd.statement(n + " = " + arg(0) + ";");
    break;
  case ConstructKind::Elements: {
    if (t.kind == TypeKind::CArray) {
      if ((long long)s.args.size() < t.extent)
        out.fwd.statement(rt::zero(n));
      for (size_t i = 0; i < s.args.size(); ++i)
        out.fwd.statement(n + "[" + std::to_string(i) + "] = " + arg(i) + ";");
    } else {
      std::string list;
      for (size_t i = 0; i < s.args.size(); ++i)
        list += (i ? ", " : "") + arg(i);
      out.fwd.statement(n + " = {" + list + "};");
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
    if (s.args[1]->active && t.isNested()) // rows filled with one row
      out.rev.statement(
          rt::accumulateRows(adjointOf(*s.args[1], subst), v->adjoint));
    else if (s.args[1]->active)
      propagate(*s.args[1],
                rt::sumOf(makeName(v->adjoint, adjointType(t, lanes_))),
                out.rev, subst);
    break;
  case ConstructKind::Copy:
    if (s.args[0]->active)
      out.rev.statement(
          rt::accumulate(adjointOf(*s.args[0], subst), v->adjoint));
    break;
  case ConstructKind::Elements:
    for (size_t i = 0; i < s.args.size(); ++i) {
      ExprPtr d = makeIndex(makeName(v->adjoint, adjointType(t, lanes_)),
                            makeIntLiteral((long long)i, intType()));
      if (t.isNested()) { // rows: named vectors or rows of others
        if (s.args[i]->active)
          out.rev.statement(
              rt::accumulate(adjointOf(*s.args[i], subst), printExpr(*d)));
      } else {
        propagate(*s.args[i], std::move(d), out.rev, subst);
      }
    }
    break;
  default:
    break;
  }
  if (!first)
    out.rev.statement(zeroAdjoint(v, saved ? n + ".size()" : popped_size));
  return out;
}

SweepGenerator::Sweeps SweepGenerator::branch(const Stmt &s) {
  Sweeps out;
  Sweeps t = block(s.then_block);
  Sweeps e = block(s.else_block);
  bool reverse = record_ && (!t.rev.empty() || !e.rev.empty());
  std::string cond = printExpr(*s.cond);
  // Only the last iteration that takes it counts in the reverse
  // (analysis/LastTaken.cpp): its loop records that iteration's index,
  // when the then-block records nothing, itself or in its callees
  // (a call of a callee that records is a record: codegen/Calls.cpp).
  if (auto last = last_taken_.find(&s); last != last_taken_.end() && reverse &&
                                        s.record_decision && e.rev.empty() &&
                                        !t.fwd.records()) {
    last->second.used = true;
    const std::string &j = last->second.index;
    out.fwd.openIf(cond);
    out.fwd.append(t.fwd);
    out.fwd.statement(last->second.local + " = " + j + ";");
    out.fwd.close();
    out.rev.openIf(j + " == " + last->second.popped);
    out.rev.append(t.rev);
    out.rev.close();
    return out;
  }
  if (reverse && s.record_decision) {
    std::string taken = fresh(naming::decision());
    out.fwd.statement("const bool " + taken + " = " + cond + ";");
    cond = taken;
  }
  out.fwd.openIf(cond);
  out.fwd.append(t.fwd);
  if (!e.fwd.empty()) {
    out.fwd.openElse();
    out.fwd.append(e.fwd);
  }
  out.fwd.close();
  if (!reverse)
    return out;
  if (s.record_decision)
    out.fwd.record(rt::push(cond));
  std::string rcond = s.record_decision ? rt::pop("bool") : printExpr(*s.cond);
  if (t.rev.empty()) {
    out.rev.openIf("!" + parenthesize(rcond));
    out.rev.append(e.rev);
    out.rev.close();
    return out;
  }
  out.rev.openIf(rcond);
  out.rev.append(t.rev);
  if (!e.rev.empty()) {
    out.rev.openElse();
    out.rev.append(e.rev);
  }
  out.rev.close();
  return out;
}

} // namespace tangent
