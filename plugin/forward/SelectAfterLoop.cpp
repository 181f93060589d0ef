//===- SelectAfterLoop.cpp - a selected tangent computed once per loop ----===//
//
// DeferTangents moves a candidate's tangent-linear call into the branch
// that selects it:
//
//   for (int j = 1; j < k; j++) {
//     candidate = g(p, c + j * d);
//     if (candidate < best) {
//       dist = g_jvp(p, c + j * d, t_c + j * d, t_dist);
//       t_best = t_dist;
//       best = dist;
//     }
//   }
//
// Every selection still computes a tangent, and only the last one's
// survives the loop. When nothing in the loop reads the tangent copies and
// the call's arguments do not change from iteration to iteration but by
// the loop's index, the loop remembers the iteration it selected last and
// the call runs once, after the loop, for that iteration:
//
//   selected = false;
//   for (int j = 1; j < k; j++) {
//     candidate = g(p, c + j * d);
//     if (candidate < best) {
//       best = candidate;
//       selected = true;
//       selected_at = j;
//     }
//   }
//   if (selected) {
//     chosen = selected_at;
//     dist = g_jvp(p, c + chosen * d, t_c + chosen * d, t_dist);
//     t_best = t_dist;
//     best = dist;
//   }
//
// When the statement before the loop is the first candidate
// (`best = g_jvp(p, c, t_c, t_best)`, its arguments fixed in the loop), it
// computes its value alone too (`best = g(p, c)`), and its tangent-linear
// call runs after the loop when the loop selected none (`else`): one
// tangent-linear call per loop in all.
// g and g_jvp compute the value with the same operations (DeferTangents.cpp),
// so `best = candidate` keeps the loop's decisions and the value after it,
// and the tangent is the one of the last selection: bitwise the same
// results. Done when:
//  - the loop is counted, and the branch is at the top level of its body;
//  - the then-block is the call and copies of its value or tangent;
//  - the call's arguments read the loop's index and variables the loop does
//    not write; the loop writes no memory (only whole scalar variables), so
//    the call reads after the loop what it read in the iteration selected;
//  - what the copies write is written nowhere else in the loop, and what
//    the tangent's copies write is read nowhere in it.
// The Hessian-vector product, the adjoint of this function, then reverses
// the call once after the loop and records one index per loop (`chosen`,
// written once there; the loop's own branch is a selection whose reverse
// needs its last iteration alone: analysis/LastTaken.cpp).
//
//===----------------------------------------------------------------------===//
#include "forward/TangentLinear.h"
#include "ir/IRWalk.h"
#include "ir/Naming.h"
#include <set>

namespace tangent {

namespace {

bool scalar(const Var *v) { return v->type.isReal() || v->type.isIntegral(); }

/// The block holding the loop whose body holds `branch` at its top level,
/// and the loop's position in it; null if none.
std::pair<Block *, std::size_t> loopAround(Block &b, const Stmt *branch) {
  for (std::size_t i = 0; i < b.size(); ++i) {
    Stmt &s = *b[i];
    if (s.loop)
      for (const StmtPtr &x : s.loop->body)
        if (x.get() == branch)
          return {&b, i};
    for (Block *inner : {&s.then_block, &s.else_block, &s.block})
      if (auto found = loopAround(*inner, branch); found.first)
        return found;
    if (s.loop)
      if (auto found = loopAround(s.loop->body, branch); found.first)
        return found;
  }
  return {nullptr, 0};
}

/// Whether every statement of the loop writes whole scalar variables only.
bool writesScalarsOnly(const Stmt &loop) {
  bool only = true;
  forEachNested(loop, [&](const Stmt &x) {
    forEachWrite(x, [&](Var *w, bool whole) { only &= whole && scalar(w); });
    if (x.kind == StmtKind::Call)
      for (std::size_t i = 0; i < x.args.size(); ++i)
        only &= !x.arg_is_output[i] || x.args[i]->kind == ExprKind::VarRef;
    only &= x.kind != StmtKind::Construct && x.kind != StmtKind::Resize &&
            !(x.kind == StmtKind::Call && (x.mpi || !x.custom.empty()));
  });
  return only;
}

/// The variables loop `ls` writes, anywhere in it.
std::set<const Var *> writtenIn(const Stmt &ls) {
  std::set<const Var *> written;
  forEachNested(ls, [&](const Stmt &x) {
    forEachWrite(x, [&](Var *w, bool) { written.insert(w); });
  });
  return written;
}

bool sinkable(const Stmt &ls, const DeferredCall &d) {
  const LoopInfo &li = *ls.loop;
  if (li.form != LoopInfo::Form::Counted || !li.induction || li.omp ||
      li.fixed_point || !writesScalarsOnly(ls))
    return false;
  const Block &then = d.branch->then_block;
  if (then.empty() || then[0]->kind != StmtKind::Call ||
      then[0]->result != d.value)
    return false;
  std::set<const Var *> copied, tangent_copied;
  for (std::size_t k = 1; k < then.size(); ++k) {
    const Stmt &c = *then[k];
    if (c.kind != StmtKind::Assign || c.lhs->kind != ExprKind::VarRef ||
        c.rhs->kind != ExprKind::VarRef ||
        (c.rhs->var != d.value && c.rhs->var != d.tangent))
      return false;
    const Var *t = c.lhs->var;
    if (t == d.value || t == d.tangent || t == li.induction ||
        !copied.insert(t).second)
      return false;
    if (c.rhs->var == d.tangent)
      tangent_copied.insert(t);
  }
  // What the loop writes (the then-block too: the call may not read what
  // the selections change); what the copies write, nothing else in it.
  const std::set<const Var *> written = writtenIn(ls);
  std::set<const Stmt *> then_stmts;
  for (const StmtPtr &x : then)
    then_stmts.insert(x.get());
  bool alone = true;
  forEachNested(ls, [&](const Stmt &x) {
    if (then_stmts.count(&x))
      return;
    forEachWrite(x, [&](Var *w, bool) { alone &= !copied.count(w); });
    forEachOwnExpr(x, [&](const Expr &e) {
      forEachRead(e, [&](Var *v) { alone &= !tangent_copied.count(v); });
    });
  });
  const Stmt &call = *then[0];
  for (std::size_t k = 0; k + 1 < call.args.size(); ++k) {
    alone &= !callsLibrary(*call.args[k]);
    forEachRead(*call.args[k], [&](Var *v) {
      alone &= v == li.induction || !written.count(v);
    });
  }
  return alone;
}

/// The value computed alone in the loop (`candidate = g(...)`): the
/// statement of its body that writes d.candidate.
const Expr *primalCall(const LoopInfo &li, const DeferredCall &d) {
  for (const StmtPtr &x : li.body)
    if (x->kind == StmtKind::Assign && x->lhs->kind == ExprKind::VarRef &&
        x->lhs->var == d.candidate && x->rhs->kind == ExprKind::InactiveCall)
      return x->rhs.get();
  return nullptr;
}

/// Whether `first`, the statement before the loop, is the first candidate
/// (`best = g_jvp(p, c, t_c, t_best)`: the deferred call's callee, its value
/// and tangent going where the then-block copies the selected ones), with
/// arguments the loop does not change.
bool firstCandidate(const Stmt &first, const Stmt &ls, const DeferredCall &d) {
  const Stmt &call = *d.branch->then_block[0];
  if (first.kind != StmtKind::Call || first.callee != call.callee ||
      !first.custom.empty() || first.args.size() != call.args.size() ||
      !first.result || first.args.back()->kind != ExprKind::VarRef ||
      !primalCall(*ls.loop, d))
    return false;
  const Var *value = first.result, *tangent = first.args.back()->var;
  bool value_copied = false, tangent_copied = false;
  for (const StmtPtr &c : d.branch->then_block)
    if (c->kind == StmtKind::Assign) {
      value_copied |= c->lhs->var == value && c->rhs->var == d.value;
      tangent_copied |= c->lhs->var == tangent && c->rhs->var == d.tangent;
    }
  const std::set<const Var *> written = writtenIn(ls);
  bool fixed = value_copied && tangent_copied;
  for (std::size_t k = 0; k + 1 < first.args.size(); ++k) {
    fixed &= !callsLibrary(*first.args[k]);
    forEachRead(*first.args[k], [&](Var *v) {
      fixed &= !written.count(v) && v != value && v != tangent;
    });
  }
  return fixed;
}

void sink(Function &fn, Block &around, std::size_t at, const DeferredCall &d) {
  Stmt &ls = *around[at];
  const LoopInfo &li = *ls.loop;
  Block &then = d.branch->then_block;
  const Loc loc = d.branch->loc;
  const bool first_too = at > 0 && firstCandidate(*around[at - 1], ls, d);
  Var *flag = fn.addVar(naming::selectedFlag(), boolType(), VarRole::Temp);
  flag->name = fn.names.fresh(naming::selectedFlag());
  Var *index =
      fn.addVar(naming::selectedAt(), li.induction->type, VarRole::Temp);
  index->name = fn.names.fresh(naming::selectedAt());
  // The call reads a copy written once per loop, not the index the loop
  // writes at each selection: the adjoint records one value per loop.
  Var *chosen =
      fn.addVar(naming::chosenAt(), li.induction->type, VarRole::Temp);
  chosen->name = fn.names.fresh(naming::chosenAt());

  // After the loop: the call at the iteration selected last, the copies.
  auto after = std::make_unique<Stmt>();
  after->kind = StmtKind::If;
  after->loc = loc;
  after->cond = makeVarRef(flag);
  after->then_block.push_back(
      makeAssign(makeVarRef(chosen), makeVarRef(index), loc));
  StmtPtr call = std::move(then[0]);
  for (ExprPtr &a : call->args)
    substituteVar(*a, li.induction, chosen);
  after->then_block.push_back(std::move(call));
  for (std::size_t k = 1; k < then.size(); ++k)
    after->then_block.push_back(makeAssign(makeVarRef(then[k]->lhs->var),
                                           makeVarRef(then[k]->rhs->var), loc));

  // In the loop: the value's copies read the candidate; the tangent's go.
  Block kept;
  for (std::size_t k = 1; k < then.size(); ++k)
    if (then[k]->rhs->var == d.value) {
      then[k]->rhs = makeVarRef(d.candidate);
      kept.push_back(std::move(then[k]));
    }
  kept.push_back(
      makeAssign(makeVarRef(flag), makeLiteral("true", boolType()), loc));
  kept.push_back(makeAssign(makeVarRef(index), makeVarRef(li.induction), loc));
  then = std::move(kept);

  // The first candidate, before the loop, computes its value alone too;
  // its tangent-linear call runs after the loop when none was selected.
  if (first_too) {
    StmtPtr first = std::move(around[at - 1]);
    const Expr &model = *primalCall(li, d);
    auto primal = std::make_unique<Expr>();
    primal->kind = ExprKind::InactiveCall;
    primal->type = model.type;
    primal->text = model.text;
    for (std::size_t k = 0; k < model.ops.size(); ++k)
      primal->ops.push_back(first->args[k]->clone());
    around[at - 1] =
        makeAssign(makeVarRef(first->result), std::move(primal), first->loc);
    after->else_block.push_back(std::move(first));
  }
  around.insert(around.begin() + static_cast<std::ptrdiff_t>(at) + 1,
                std::move(after));
  around.insert(
      around.begin() + static_cast<std::ptrdiff_t>(at),
      makeAssign(makeVarRef(flag), makeLiteral("false", boolType()), loc));
}

} // namespace

void selectAfterLoops(Function &fn, const std::vector<DeferredCall> &deferred) {
  for (const DeferredCall &d : deferred) {
    auto [around, at] = loopAround(fn.body, d.branch);
    if (around && sinkable(*(*around)[at], d))
      sink(fn, *around, at, d);
  }
}

} // namespace tangent
