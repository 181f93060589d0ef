//===- HoistedRecords.cpp - records of a loop's scalars, once per loop ----===//
//
// The full tape records a scalar's old value before each overwrite whose
// value some reverse statement reads later (needsRecord). When no statement
// inside a loop reads the scalar in reverse, its values inside the loop are
// never needed there: only the value it had before the loop is, by the
// reverse of what ran before the loop. The loop then records that value once,
// before it runs, and its reverse restores it once, after the loop is
// reversed; its overwrites inside record nothing. `inner = inner - x[j] * m`
// in an inner loop whose sum is squared after it (least squares, a
// log-sum-exp) records one value per outer iteration instead of one per
// inner one. The values every reverse statement reads are those of the
// full tape: the same bits.
//
// A scalar is hoisted to the outermost loop being generated with the full
// tape that has no reader of it (a reader inside, in the loop's header or
// in its init statements keeps its records per overwrite), when every loop
// between that one and each of its writes is a serial full-tape loop too
// (the generator reverses those iteration by iteration in one function
// scope).
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "ir/Support.h"
#include <algorithm>

namespace tangent {

namespace {

bool scalar(const Var &v) {
  return v.type.kind == TypeKind::Real || v.type.kind == TypeKind::Int ||
         v.type.kind == TypeKind::Bool;
}

bool serialFullTape(const Stmt &loop) {
  return loop.kind == StmtKind::Loop &&
         loop.loop->strategy == LoopStrategy::FullTape && !loop.loop->omp &&
         !loop.loop->fixed_point;
}

/// Whether every reader of `v` is known and outside `loop` (its header and
/// its init statements `init`, whose reverse runs before the record is
/// restored, count as inside).
bool noReaderInside(const Function &fn, const Stmt &loop,
                    const std::set<const Stmt *> &init, const Var &v) {
  for (const Stmt *r : v.readers) {
    if (r == &loop || init.count(r))
      return false;
    auto at = fn.positions.find(r);
    if (at == fn.positions.end())
      return false;
    const auto &around = at->second.loops;
    if (std::find(around.begin(), around.end(), &loop) != around.end())
      return false;
  }
  return true;
}

/// Whether the loops from `loop` (exclusive) to `w` (inclusive of its
/// enclosing ones) are all serial full-tape loops.
bool serialPath(const Function &fn, const Stmt &loop, const Stmt &w) {
  auto at = fn.positions.find(&w);
  if (at == fn.positions.end())
    return false;
  const auto &around = at->second.loops;
  auto self = std::find(around.begin(), around.end(), &loop);
  if (self == around.end())
    return false;
  for (auto l = self + 1; l != around.end(); ++l)
    if (!serialFullTape(**l))
      return false;
  return true;
}

} // namespace

std::vector<Var *> hoistedRecords(const Function &fn, const Stmt &loop,
                                  const std::set<const Var *> &hoisted) {
  TANGENT_ASSERT(loop.kind == StmtKind::Loop, "hoisting records to a non-loop");
  std::vector<Var *> out;
  if (!fn.passes.on(Pass::HoistedRecords) || !serialFullTape(loop))
    return out;
  // Each scalar written inside, with whether some write would record and
  // whether every write allows hoisting.
  std::vector<Var *> order;
  std::map<Var *, bool> records, allowed;
  auto visit = [&](const Stmt &w, int) {
    forEachWrite(w, [&](Var *v, bool) {
      if (!records.count(v))
        order.push_back(v), records[v] = false, allowed[v] = true;
      records[v] = records[v] || needsRecord(fn, w, v);
      allowed[v] = allowed[v] && serialPath(fn, loop, w);
    });
  };
  forEachStmt(loop.loop->body, visit);
  forEachStmt(loop.loop->step, visit);
  std::set<const Stmt *> init;
  forEachStmt(loop.loop->init, [&](const Stmt &st, int) { init.insert(&st); });
  for (Var *v : order)
    if (records[v] && allowed[v] && scalar(*v) && !hoisted.count(v) &&
        v->role != VarRole::Induction && !v->read_everywhere &&
        !v->restored_at_entry && !v->rematerialized &&
        noReaderInside(fn, loop, init, *v))
      out.push_back(v);
  return out;
}

} // namespace tangent
