//===- LoopFullTape.cpp - loops reversed from a full tape -----------------===//
//
// Every iteration records what its reverse needs. Counted loops run their
// induction variable backwards and record nothing for control; other loops
// record their trip count once. Element writes v[i] = e at the top of a
// counted loop are recorded for the whole range at once, and a loop whose
// body is one such write is reversed in independent (vectorizable) passes.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include <algorithm>
#include <iterator>

namespace tangent {

namespace {

/// Element writes `v[i] = e` at the top of a counted loop's body (i its
/// induction variable) whose container the loop touches nowhere else: their
/// old values can be recorded for the whole index range at once.
std::vector<const Stmt *> bulkCandidates(const LoopInfo &li) {
  std::vector<const Stmt *> out;
  if (li.increment != 1 || (li.compare != Op::Lt && li.compare != Op::Ne))
    return out;
  for (const StmtPtr &s : li.body) {
    if (s->kind != StmtKind::Assign || s->lhs->kind != ExprKind::Index)
      continue;
    const Expr &index = *s->lhs->ops[1];
    if (s->lhs->ops[0]->kind != ExprKind::VarRef ||
        s->lhs->ops[0]->var->type.isNested())
      continue; // an element of a row: saved one by one
    Var *v = s->lhs->ops[0]->var;
    if (index.kind != ExprKind::VarRef || index.var != li.induction ||
        !(v->type.kind == TypeKind::Vector || v->type.kind == TypeKind::Array ||
          v->type.kind == TypeKind::CArray) ||
        !onlyElement(*s->rhs, v, li.induction))
      continue;
    // The reverse of `v[i] = e` must not read v (it runs before the bulk
    // restore): e may read v[i] only where no derivative needs its value.
    std::vector<const Expr *> needed;
    collectNeededValues(*s->rhs, needed);
    bool needs_v = false;
    for (const Expr *n : needed)
      needs_v |= readsVar(*n, v);
    if (needs_v)
      continue;
    int uses = 0;
    forEachStmt(li.body, [&](const Stmt &o, int) {
      auto count = [&](const ExprPtr &e) {
        if (e && readsVar(*e, v))
          ++uses;
      };
      forEachExpr(o, [&](const Expr &e) { uses += readsVar(e, v); });
      if (o.var == v || o.result == v)
        uses += 2;
      if (o.loop) {
        count(o.loop->cond);
        count(o.loop->start);
        count(o.loop->bound);
      }
    });
    if (uses == 1 + int(readsVar(*s->rhs, v))) // only this statement
      out.push_back(s.get());
  }
  return out;
}

/// Whether every statement of a counted loop's body runs once per iteration
/// and records only scalars: element or scalar assignments, no control, no
/// calls (a callee records on the tape itself), no whole containers.
bool straightScalarBody(const LoopInfo &li) {
  if (li.increment != 1 || li.compare != Op::Lt || li.body.empty())
    return false;
  for (const StmtPtr &s : li.body)
    if (s->kind != StmtKind::Assign || s->lhs->type.isContainer() ||
        (s->lhs->kind == ExprKind::VarRef && s->lhs->var->type.isContainer()))
      return false;
  return true;
}

} // namespace

std::string SweepGenerator::recordScalar(Code &fwd, const std::string &value,
                                         const std::string &type) {
  RecordBlock *b = record_block_;
  if (!b) {
    fwd.record(rt::push(value));
    return rt::pop(type);
  }
  auto part = std::find_if(b->parts.begin(), b->parts.end(),
                           [&](const auto &p) { return p.type == type; });
  if (part == b->parts.end()) {
    b->parts.push_back({type, fresh(naming::recordBlock()),
                        fresh(naming::recordBlock()),
                        fresh(naming::recordsPerIteration()),
                        fresh(naming::recordsPerIteration())});
    part = std::prev(b->parts.end());
  }
  const int slot = part->per++;
  auto at = [&](const std::string &per) {
    std::string k = parenthesize(b->iteration) + " * " + per;
    return slot ? k + " + " + std::to_string(slot) : k;
  };
  fwd.recordVia(rt::recordAt(type, part->fwd_name, at(part->fwd_per), value));
  return rt::recordedAt(type, part->rev_name, at(part->rev_per));
}

Code SweepGenerator::blockPushes(const RecordBlock &blk,
                                 const std::string &begin,
                                 const std::string &end) {
  Code out;
  for (const RecordBlock::Part &p : blk.parts) {
    out.statement("constexpr std::size_t " + p.fwd_per + " = " +
                  std::to_string(p.per) + ";");
    out.recordVia("std::byte *const " + p.fwd_name + " = " +
                  rt::pushBlock(p.type, begin, end, p.per) + ";");
  }
  return out;
}

Code SweepGenerator::blockPops(const RecordBlock &blk, const std::string &begin,
                               const std::string &end) {
  Code out;
  for (auto p = blk.parts.rbegin(); p != blk.parts.rend(); ++p) {
    out.statement("constexpr std::size_t " + p->rev_per + " = " +
                  std::to_string(p->per) + ";");
    out.restore("const std::byte *const " + p->rev_name + " = " +
                rt::popBlock(p->type, begin, end, p->per) + ";");
  }
  return out;
}

bool SweepGenerator::blockBody(const LoopInfo &li, Sweeps &body,
                               RecordBlock &blk) {
  if (!record_ || !straightScalarBody(li)) {
    body = block(li.body);
    return false;
  }
  blk.iteration = li.induction->name;
  long long start = 0;
  if (!constInt(*li.start, start) || start != 0)
    blk.iteration += " - " + parenthesize(printExpr(*li.start));
  record_block_ = &blk;
  body = block(li.body);
  record_block_ = nullptr;
  return !blk.parts.empty();
}

std::optional<CppFor> SweepGenerator::reversedHeader(const LoopInfo &li) {
  const std::string &i = li.induction->name;
  const std::string &t = li.induction->type.spelling;
  std::string start = printExpr(*li.start), bound = printExpr(*li.bound);
  if (li.increment == 1 && (li.compare == Op::Lt || li.compare == Op::Ne))
    return CppFor{t + " " + i + " = " + bound, i + "-- > " + start, ""};
  if (li.increment == 1 && li.compare == Op::Le)
    return CppFor{t + " " + i + " = " + parenthesize(bound) + " + 1",
                  i + "-- > " + start, ""};
  if (li.increment == -1 && (li.compare == Op::Gt || li.compare == Op::Ne))
    return CppFor{t + " " + i + " = " + bound, i + "++ < " + start, ""};
  if (li.increment == -1 && li.compare == Op::Ge)
    return CppFor{t + " " + i + " = " + parenthesize(bound) + " - 1",
                  i + "++ < " + start, ""};
  return std::nullopt;
}

Code SweepGenerator::reverseInPasses(const Stmt &loop, const CppFor &header) {
  const LoopInfo &li = *loop.loop;
  Code out;
  if (li.body.size() != 1 || (li.increment != 1 && li.increment != -1))
    return out;
  const Stmt &w = *li.body.front();
  if (w.kind != StmtKind::Assign || w.lhs->kind != ExprKind::Index ||
      w.lhs->ops[0]->kind != ExprKind::VarRef ||
      w.lhs->ops[1]->kind != ExprKind::VarRef ||
      w.lhs->ops[1]->var != li.induction)
    return out;
  Var *v = w.lhs->ops[0]->var;
  if (!v->active || !w.rhs->active || readsVar(*w.rhs, v))
    return out;
  // Nothing on the tape inside the loop: no record of v[i] (or one in bulk)
  // and every value the derivatives need evaluated again.
  if (needsSave(w, v) && !bulk_saved_.count(&w))
    return out;
  std::vector<const Expr *> needed;
  collectNeededValues(*w.rhs, needed);
  for (const Expr *n : needed)
    if (!recomputedInReverse(*n))
      return out;
  std::vector<Contribution> contributions;
  contributions_ = &contributions;
  Code unused;
  propagate(*w.rhs, adjointExpr(*w.lhs), unused, {});
  contributions_ = nullptr;
  for (const Contribution &c : contributions)
    if (c.var() == v || c.target->assigns_adjoint)
      return Code(); // updates the adjoint it reads, or assigns one
  // Adjoints of locals never alias: when every pass updates element [i]
  // of a local's adjoint, one loop does what the passes do, element by
  // element in the same order (the same bits), reading each element once.
  bool one_loop = v->role != VarRole::Param;
  for (const Contribution &c : contributions) {
    const Expr *at = c.element();
    one_loop &= at && at->kind == ExprKind::VarRef && at->var == li.induction &&
                c.var()->role != VarRole::Param;
  }
  const std::string where = loop.loc.str() + ": " + li.kind_name + " loop";
  if (one_loop && !contributions.empty()) {
    out.comment(where + ", reversed");
    out.openFor(header);
    for (const Contribution &c : contributions)
      out.add(c.update());
    out.reset(adjointExpr(*w.lhs), w.lhs->type);
    out.close();
    return out;
  }
  Code passes;
  for (const Contribution &c : contributions) {
    passes.openFor(header);
    passes.add(c.update());
    passes.close();
  }
  std::string distinct;
  Code gathered;
  if (fn_.passes.on(Pass::LoopGather))
    gathered = gatherPasses(li, v, contributions, distinct);
  // Passes add each contribution for all iterations before the next: two
  // that reach one adjoint (`d_u[2]` and `d_u[j % 3]`, `d_x` twice) are
  // then summed in another order than iteration by iteration. A loop that
  // another variant of the request checkpoints (the requested function's,
  // a marked one) reverses iteration by iteration there, and checkpointed
  // gradients are bitwise those of the full tape: such a loop gets no
  // passes. (Gathered passes keep each element's order, and so do two
  // passes into element [i] alone: iteration i is the only one there.)
  auto atInduction = [&](const Contribution &c) {
    const Expr *at = c.element();
    return at && at->kind == ExprKind::VarRef && at->var == li.induction;
  };
  if (gathered.empty() && (fn_.is_top || li.annotated))
    for (size_t a = 0; a < contributions.size(); ++a)
      for (size_t b = a + 1; b < contributions.size(); ++b)
        if (contributions[a].var() == contributions[b].var() &&
            !(atInduction(contributions[a]) && atInduction(contributions[b])))
          return Code();
  if (gathered.empty()) {
    out.comment(where + ", reversed in independent passes");
    out.append(passes);
  } else {
    out.comment(where + ", reversed in independent passes, gathered per " +
                "element they update");
    if (distinct.empty()) {
      out.openBlock();
      out.append(gathered);
      out.close();
    } else {
      out.openIf(distinct);
      out.append(gathered);
      out.openElse(); // the same vector twice: pass by pass
      out.append(passes);
      out.close();
    }
  }
  if (!v->unzeroed) {
    out.openFor(header);
    out.reset(adjointExpr(*w.lhs), w.lhs->type);
    out.close();
  }
  return out;
}

void SweepGenerator::hoistRecords(const Stmt &s, Code &fwd, Code &rev,
                                  std::vector<Var *> &release) {
  if (!record_)
    return;
  release = hoistedRecords(fn_, s, hoisted_);
  for (Var *v : release) {
    hoisted_.insert(v);
    fwd.record(rt::push(v->name));
  }
  for (auto v = release.rbegin(); v != release.rend(); ++v)
    rev.restore((*v)->name + " = " + rt::pop((*v)->type.spelling) + ";");
}

SweepGenerator::Sweeps SweepGenerator::loopFullTape(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  const std::string note =
      li.reason.empty() || !record_ ? "" : " (" + li.reason + ")";
  // Scalars no reverse statement inside reads: recorded once, around it.
  Sweeps out;
  Code restore;
  std::vector<Var *> hoisted;
  hoistRecords(s, out.fwd, restore, hoisted);
  Sweeps loop = li.form == LoopInfo::Form::Counted
                    ? countedFullTape(s, note, !hoisted.empty())
                    : uncountedFullTape(s, note);
  for (Var *v : hoisted)
    hoisted_.erase(v);
  out.fwd.append(loop.fwd);
  out.rev.append(loop.rev);
  out.rev.append(restore);
  return out;
}

std::vector<const Stmt *> SweepGenerator::bulkWrites(const LoopInfo &li) {
  std::vector<const Stmt *> bulk;
  if (record_)
    for (const Stmt *w : bulkCandidates(li))
      if (needsSave(*w, w->lhs->ops[0]->var))
        bulk.push_back(w);
  return bulk;
}

void SweepGenerator::countedBody(const LoopInfo &li,
                                 const std::vector<const Stmt *> &bulk,
                                 CountedBody &cb) {
  for (const Stmt *w : bulk)
    bulk_saved_.insert(w);
  // Updates of adjoint elements at an index the loop does not change go
  // to locals while the body is generated, added once after the loop.
  if (record_ && fn_.passes.on(Pass::LoopAccumulate))
    cb.accumulators = loopAccumulators(li);
  std::swap(accumulators_, cb.accumulators);
  // Branches whose reverse needs only the last iteration that took them
  // record its index once, after the loop (analysis/LastTaken.cpp).
  if (record_)
    for (const StmtPtr &b : li.body)
      if (b->last_taken)
        // The index as the `long long` it is kept in (an unsigned one
        // converted explicitly: no comparison of mixed signs).
        cb.last_taken[b.get()] = {
            fresh(naming::lastTaken()), fresh(naming::lastTaken()),
            li.induction->type.is_unsigned
                ? "static_cast<long long>(" + li.induction->name + ")"
                : li.induction->name};
  std::swap(last_taken_, cb.last_taken);
  cb.blocked = blockBody(li, cb.sweeps, cb.blk);
  // A reverse of one iteration (LoopInfo::reverse_one_iteration) when
  // the body records nothing: the iteration that took the branch last,
  // whose reverse is the body's (the branch's test, `i == last`, holds
  // there).
  cb.alone = record_ && li.reverse_one_iteration && !cb.blocked &&
             bulk.empty() && !cb.sweeps.fwd.records() &&
             last_taken_.size() == 1 && last_taken_.begin()->second.used;
  std::swap(last_taken_, cb.last_taken);
  std::swap(accumulators_, cb.accumulators);
  for (const Stmt *w : bulk)
    bulk_saved_.erase(w);
}

Code SweepGenerator::countedReverse(const Stmt &s, const CountedBody &cb,
                                    const std::vector<const LastTaken *> &lasts,
                                    const std::string &before,
                                    const std::optional<CppFor> &header) {
  const LoopInfo &li = *s.loop;
  const std::string &i = li.induction->name;
  const std::string &t = li.induction->type.spelling;
  const std::string start = printExpr(*li.start), bound = printExpr(*li.bound);
  Code rev;
  rev.comment(s.loc.str() + ": " + li.kind_name +
              (cb.alone ? " loop, reversed at the iteration that took its "
                          "branch last (no other moves an adjoint)"
                        : " loop, reversed"));
  for (auto last = lasts.rbegin(); last != lasts.rend(); ++last)
    rev.restore("const long long " + (*last)->popped + " = " +
                rt::pop("long long") + ";");
  if (cb.blocked)
    rev.append(blockPops(cb.blk, start, bound));
  for (const Accumulator &acc : cb.accumulators)
    if (acc.used)
      rev.statement(acc.type + " " + acc.local + "{};");
  if (cb.alone) {
    // Iterations that did not take the branch last move no adjoint
    // (analysis/LastTaken.cpp); none took it: nothing to reverse.
    const std::string &popped = lasts.front()->popped;
    rev.openIf(popped + " != " + before);
    rev.statement("const " + t + " " + i + " = static_cast<" + t + ">(" +
                  popped + ");");
  } else if (header)
    rev.openFor(*header);
  else {
    std::string k = fresh(naming::iteration());
    rev.openFor(
        {"long long " + k + " = " + tripCountText(li), k + "-- > 0", ""});
    rev.statement("const " + t + " " + i + " = static_cast<" + t + ">(" +
                  start + " + " + k + " * " + std::to_string(li.increment) +
                  ");");
  }
  rev.append(cb.sweeps.rev);
  rev.close();
  for (const Accumulator &acc : cb.accumulators)
    if (acc.used)
      rev.update(acc.element, makeName(acc.local, acc.element->type));
  return rev;
}

SweepGenerator::Sweeps SweepGenerator::countedFullTape(const Stmt &s,
                                                       const std::string &note,
                                                       bool hoisted) {
  const LoopInfo &li = *s.loop;
  Sweeps out;
  // Element writes recorded for the whole range, before the loop.
  const std::vector<const Stmt *> bulk = bulkWrites(li);
  CountedBody cb;
  countedBody(li, bulk, cb);
  // Reversing one iteration alone needs nothing restored around the loop.
  cb.alone = cb.alone && !hoisted;
  Code restore_bulk;
  std::vector<std::string> pops;
  for (const Stmt *w : bulk) {
    const std::string &v = w->lhs->ops[0]->var->name;
    std::string begin = printExpr(*li.start), end = printExpr(*li.bound);
    out.fwd.recordVia(rt::pushRange(v, begin, end));
    pops.push_back(rt::popRange(v, begin, end));
  }
  for (auto it = pops.rbegin(); it != pops.rend(); ++it)
    restore_bulk.restore(*it);
  std::string start = printExpr(*li.start), bound = printExpr(*li.bound);
  out.fwd.comment(s.loc.str() + ": " + li.kind_name + " loop" + note);
  if (cb.blocked)
    out.fwd.append(blockPushes(cb.blk, start, bound));
  // The branches' last iterations, in the body's order; the one before
  // the first iteration until one takes its branch.
  std::vector<const LastTaken *> lasts;
  for (const StmtPtr &b : li.body)
    if (auto at = cb.last_taken.find(b.get());
        at != cb.last_taken.end() && at->second.used)
      lasts.push_back(&at->second);
  long long first = 0;
  const std::string before = constInt(*li.start, first)
                                 ? std::to_string(first - li.increment)
                                 : "static_cast<long long>(" + start + ") - " +
                                       std::to_string(li.increment);
  for (const LastTaken *last : lasts)
    out.fwd.statement("long long " + last->local + " = " + before + ";");
  out.fwd.openFor(countedHeader(li, ""));
  out.fwd.append(cb.sweeps.fwd);
  out.fwd.close();
  for (const LastTaken *last : lasts)
    out.fwd.record(rt::push(last->local));
  if (cb.sweeps.rev.empty() || !record_) {
    out.rev.append(restore_bulk);
    return out;
  }
  const std::optional<CppFor> header = reversedHeader(li);
  if (header && !cb.alone && fn_.passes.on(Pass::LoopPasses)) {
    for (const Stmt *w : bulk)
      bulk_saved_.insert(w);
    Code passes = reverseInPasses(s, *header);
    for (const Stmt *w : bulk)
      bulk_saved_.erase(w);
    if (!passes.empty()) {
      out.rev.append(passes);
      out.rev.append(restore_bulk);
      return out;
    }
  }
  out.rev = countedReverse(s, cb, lasts, before, header);
  // Bulk records were pushed before the loop's own: restore them last.
  out.rev.append(restore_bulk);
  return out;
}

SweepGenerator::Sweeps
SweepGenerator::uncountedFullTape(const Stmt &s, const std::string &note) {
  const LoopInfo &li = *s.loop;
  Sweeps out;
  const std::string where = s.loc.str();
  Sweeps init = block(li.init);
  Sweeps body = block(li.body);
  Sweeps step = block(li.step);
  bool reverse = record_ && (!body.rev.empty() || !step.rev.empty());
  std::string trips = reverse ? fresh(naming::tripCount()) : "";
  out.fwd.append(init.fwd);
  out.fwd.comment(where + ": " + li.kind_name + " loop" +
                  (reverse ? ", trip count recorded" : "") + note);
  if (reverse)
    out.fwd.statement("std::size_t " + trips + " = 0;");
  if (li.form == LoopInfo::Form::General) {
    out.fwd.openDo();
    if (reverse)
      out.fwd.statement("++" + trips + ";");
    out.fwd.append(body.fwd);
    out.fwd.closeDoWhile("!" + li.exit_flag->name);
  } else if (li.do_while) {
    out.fwd.openDo();
    if (reverse)
      out.fwd.statement("++" + trips + ";");
    out.fwd.append(body.fwd);
    out.fwd.append(step.fwd);
    out.fwd.closeDoWhile(printExpr(*li.cond));
  } else {
    out.fwd.openWhile((li.cond ? printExpr(*li.cond) : "true"));
    if (reverse)
      out.fwd.statement("++" + trips + ";");
    out.fwd.append(body.fwd);
    out.fwd.append(step.fwd);
    out.fwd.close();
  }
  if (reverse) {
    out.fwd.record(rt::push(trips));
    std::string r = fresh(naming::tripCount());
    out.rev.comment(where + ": " + li.kind_name + " loop, reversed");
    out.rev.openFor({"std::size_t " + r + " = " + rt::pop("std::size_t"),
                     r + "-- > 0", ""});
    out.rev.append(step.rev);
    out.rev.append(body.rev);
    out.rev.close();
  }
  out.rev.append(init.rev);
  return out;
}

} // namespace tangent
