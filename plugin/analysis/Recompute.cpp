//===- Recompute.cpp - store or recompute a loop's iterations -------------===//
//
// A counted loop that is not checkpointed either records, in every
// iteration, what the reverse of that iteration reads (the full tape), or
// records only the state the iteration starts from and runs the iteration
// again, taped, just before reversing it (LoopRecompute.cpp). Recomputing
// costs the iteration's operations once more; recording costs its records'
// bytes, written in the forward sweep and read back in the reverse, on a
// tape that for long loops no cache holds. The estimate below counts both
// per iteration, with loops counting their trip counts (a count that is
// not a constant, and the size of a container, count as `nominal_size`),
// and a call of a libm function such as tanh counting as 100 operations.
// Recomputing is chosen when it at least halves the bytes an iteration
// keeps and costs at most one operation per byte of tape traffic saved:
// what hand-written adjoints of time steppers do (store the state of each
// step, recompute the stages). The choice depends on the code alone, and
// the remark gives the estimate.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include <algorithm>
#include <cmath>
#include <string>

namespace tangent {

namespace {

/// Stand-in for trip counts and container sizes unknown at compile time.
constexpr double nominal_size = 100;
/// Callees are followed this deep.
constexpr int callee_depth = 4;

double valueBytes(const Type &t) {
  if (t.isNested())
    return nominal_size * nominal_size * 8;
  if (t.kind == TypeKind::Array || t.kind == TypeKind::CArray)
    return (t.extent > 0 ? double(t.extent) : nominal_size) * 8;
  if (t.kind == TypeKind::Vector)
    return nominal_size * 8;
  return 8;
}

/// Floating-point operations of `e`.
double operations(const Expr &e) {
  double n = 0;
  switch (e.kind) {
  case ExprKind::Unary:
  case ExprKind::Binary:
    n = e.type.isReal() ? 1 : 0; // index arithmetic is nearly free
    break;
  case ExprKind::Math:
    // A libm call (tanh, exp, sin...) costs as much as moving about a
    // hundred bytes to and from the tape. Every function of the rule table
    // counts as one, also those that are an instruction or two (sqrt,
    // fabs, fmax...): that is how loops have been estimated so far.
    n = 100;
    break;
  case ExprKind::InactiveCall:
    n = 100; // an inactive function: as a libm call
    break;
  case ExprKind::Literal:
  case ExprKind::Name:
  case ExprKind::VarRef:
  case ExprKind::Index:
  case ExprKind::Cast:
  case ExprKind::Cond:
  case ExprKind::Size:
    break;
  }
  for (const ExprPtr &op : e.ops)
    n += operations(*op);
  return n;
}

struct Estimate {
  double tape = 0; ///< bytes an iteration records
  double ops = 0;  ///< operations an iteration runs

  void block(const Function &fn, const Block &b, double times, int depth) {
    for (const StmtPtr &s : b)
      stmt(fn, *s, times, depth);
  }

  void stmt(const Function &fn, const Stmt &s, double times, int depth) {
    forEachExpr(s, [&](const Expr &e) { ops += times * operations(e); });
    forEachWrite(s, [&](Var *v, bool whole) {
      if (needsRecord(fn, s, v))
        tape += times * (whole ? valueBytes(v->type) : 8.0);
    });
    if (s.kind == StmtKind::Assign) {
      std::vector<const Expr *> needed;
      collectNeededValues(*s.rhs, needed);
      for (const Expr *n : needed)
        if (!recomputedInReverse(*n))
          tape += times * 8;
    }
    switch (s.kind) {
    case StmtKind::Call:
      if (s.callee && depth < callee_depth)
        block(*s.callee, s.callee->body, times, depth + 1);
      break;
    case StmtKind::If: {
      Estimate then_part, else_part;
      then_part.block(fn, s.then_block, times, depth);
      else_part.block(fn, s.else_block, times, depth);
      tape += times + std::max(then_part.tape, else_part.tape);
      ops += std::max(then_part.ops, else_part.ops);
      break;
    }
    case StmtKind::Loop: {
      const LoopInfo &li = *s.loop;
      const double trips =
          li.constant_trips >= 0 ? double(li.constant_trips) : nominal_size;
      block(fn, li.init, times, depth);
      block(fn, li.body, times * trips, depth);
      block(fn, li.step, times * trips, depth);
      if (li.form != LoopInfo::Form::Counted)
        tape += times * 8; // its trip count
      break;
    }
    case StmtKind::Block:
      block(fn, s.block, times, depth);
      break;
    case StmtKind::Assign:
    case StmtKind::Construct:
    case StmtKind::Swap:
    case StmtKind::Resize:
      break;
    }
  }
};

std::string bytesText(double bytes) {
  return std::to_string(static_cast<long long>(std::llround(bytes)));
}

} // namespace

bool preferRecompute(const Function &fn, const Stmt &loop,
                     const std::vector<Var *> &carried, std::string &why) {
  const LoopInfo &li = *loop.loop;
  Estimate iteration;
  iteration.block(fn, li.body, 1, 0);
  iteration.block(fn, li.step, 1, 0);
  double state = 0;
  for (const Var *v : carried)
    state += valueBytes(v->type);
  const double traffic = 2 * (iteration.tape - state);
  why = "about " + bytesText(iteration.tape) +
        " bytes recorded per iteration " + "against a state of " +
        bytesText(state) + " bytes {" + namesOf(carried) + "}, and " +
        bytesText(iteration.ops) +
        " operations to run it again (containers and unknown trip counts "
        "counted as " +
        bytesText(nominal_size) + ")";
  return iteration.tape > 0 && 2 * state <= iteration.tape &&
         iteration.ops <= traffic;
}

} // namespace tangent
