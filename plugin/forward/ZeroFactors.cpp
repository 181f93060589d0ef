//===- ZeroFactors.cpp - tangents a zero factor throws away ---------------===//
//
// Linear blend skinning adds each bone's transform of a vertex, weighted,
// and most weights are zero (a vertex follows two or three bones):
//
//   for (int row = 0; row < 3; row++) {
//     s = 0;
//     for (int l = 0; l < 4; l++) s = s + tr[l * 4 + row] * bp[l];
//     positions[v * 3 + row] = positions[v * 3 + row] + weight * s;
//   }
//
// The tangent-linear function computes t_s (with 16 lanes, 16 times the
// work of s) only to add weight * t_s. When a tangent update has that
// shape, `Y = Y + c * t` with c a floating-point variable, and t is a local
// that only that update reads, computed just before it (set to zero, then
// summed in loops), the update and t's computation run under
// `if (c != 0)`:
//
//   for (int row = 0; row < 3; row++) {
//     s = 0;
//     for (int l = 0; l < 4; l++) s = s + tr[l * 4 + row] * bp[l];
//     if (weight != 0) {
//       t_s = 0;
//       for (int l = 0; l < 4; l++) t_s = t_s + t_tr[l * 4 + row] * bp[l];
//       t_positions[v * 3 + row] = t_positions[v * 3 + row] + weight * t_s;
//     }
//     positions[v * 3 + row] = positions[v * 3 + row] + weight * s;
//   }
//
// The loops' index is read by nothing but the loops it counts. A loop
// summing into t that also computes other values is split in two
// (the same header; the sums into t read nothing the other statements of
// the loop write, and those never read t). The statements of t move down
// to the update past statements that do not write what they read. Where c
// is not zero the same operations run: the same results bit for bit. Where
// it is zero, Y keeps its value instead of adding zero products: the
// results differ only where t is infinite or NaN (0 * t would be NaN) or
// in the sign of a zero tangent, as when the reverse mode skips a callee
// whose adjoints are all zero (docs/how-it-works.md).
//
//===----------------------------------------------------------------------===//
#include "forward/TangentLinear.h"
#include "ir/IRWalk.h"
#include <algorithm>
#include <set>

namespace tangent {

namespace {

/// `Y = Y + c * t` or `Y = Y + t * c`: its factor c and summand t, or
/// false.
bool weightedUpdate(const Stmt &u, Var *&c, Var *&t) {
  if (u.kind != StmtKind::Assign || u.rhs->kind != ExprKind::Binary ||
      u.rhs->op != Op::Add || !sameExpr(*u.rhs->ops[0], *u.lhs))
    return false;
  const Expr &m = *u.rhs->ops[1];
  if (m.kind != ExprKind::Binary || m.op != Op::Mul ||
      m.ops[0]->kind != ExprKind::VarRef || m.ops[1]->kind != ExprKind::VarRef)
    return false;
  for (int k = 0; k < 2; ++k) {
    c = m.ops[k]->var;
    t = m.ops[1 - k]->var;
    if (c->type.isReal() && !c->type.isContainer() && t->type.isReal() &&
        !t->type.isContainer() && c != t &&
        (t->role == VarRole::Local || t->role == VarRole::Temp) &&
        rootVar(*u.lhs) != t && rootVar(*u.lhs) != c)
      return true;
  }
  return false;
}

/// Whether `s` (with what is nested in it) mentions `v`.
bool mentions(const Stmt &s, const Var *v) {
  bool found = false;
  forEachNested(s, [&](const Stmt &x) { found |= stmtMentions(x, v); });
  return found;
}

/// `t = 0`.
bool zeroes(const Stmt &s, const Var *t) {
  return s.kind == StmtKind::Assign && s.lhs->kind == ExprKind::VarRef &&
         s.lhs->var == t && isZero(*s.rhs);
}

/// `t = t + e`, e not reading t.
bool sums(const Stmt &s, const Var *t) {
  return s.kind == StmtKind::Assign && s.lhs->kind == ExprKind::VarRef &&
         s.lhs->var == t && s.rhs->kind == ExprKind::Binary &&
         s.rhs->op == Op::Add && s.rhs->ops[0]->kind == ExprKind::VarRef &&
         s.rhs->ops[0]->var == t && !readsVar(*s.rhs->ops[1], t);
}

bool simpleAssigns(const Block &b) {
  for (const StmtPtr &s : b)
    if (s->kind != StmtKind::Assign)
      return false;
  return true;
}

/// What `s` reads and what it writes (root variables), with what is
/// nested in it.
void accesses(const Stmt &s, std::set<const Var *> &reads,
              std::set<const Var *> &writes) {
  forEachNested(s, [&](const Stmt &x) {
    forEachOwnExpr(x, [&](const Expr &e) {
      forEachRead(e, [&](Var *v) { reads.insert(v); });
    });
    forEachWrite(x, [&](Var *w, bool) { writes.insert(w); });
  });
}

/// A loop of t's computation: counted, its body's statements that mention
/// t sums into it that read nothing the others write.
bool summingLoop(const Stmt &s, const Var *t) {
  if (s.kind != StmtKind::Loop || s.loop->form != LoopInfo::Form::Counted ||
      !s.loop->induction || s.loop->omp || !simpleAssigns(s.loop->init) ||
      !simpleAssigns(s.loop->step))
    return false;
  std::set<const Var *> sum_reads, sum_writes, other_reads, other_writes;
  for (const StmtPtr &x : s.loop->body) {
    if (sums(*x, t))
      accesses(*x, sum_reads, sum_writes);
    else if (mentions(*x, t))
      return false;
    else
      accesses(*x, other_reads, other_writes);
  }
  if (sum_writes.empty())
    return false;
  for (const Var *v : sum_reads)
    if (v != t && other_writes.count(v))
      return false;
  return true;
}

StmtPtr copyAssign(const Stmt &s) {
  return makeAssign(s.lhs->clone(), s.rhs->clone(), s.loc);
}

/// The part of loop `s` that sums into t, as a loop of its own (the same
/// header); what stays in `s` is the rest.
StmtPtr splitOff(Stmt &s, const Var *t) {
  LoopInfo &li = *s.loop;
  auto out = std::make_unique<Stmt>();
  out->kind = StmtKind::Loop;
  out->loc = s.loc;
  out->loop = std::make_unique<LoopInfo>();
  LoopInfo &c = *out->loop;
  c.form = li.form;
  for (const StmtPtr &x : li.init)
    c.init.push_back(copyAssign(*x));
  for (const StmtPtr &x : li.step)
    c.step.push_back(copyAssign(*x));
  c.cond = li.cond ? li.cond->clone() : nullptr;
  c.induction = li.induction;
  c.start = li.start ? li.start->clone() : nullptr;
  c.bound = li.bound ? li.bound->clone() : nullptr;
  c.compare = li.compare;
  c.increment = li.increment;
  c.kind_name = li.kind_name;
  c.constant_trips = li.constant_trips;
  Block rest;
  for (StmtPtr &x : li.body)
    (sums(*x, t) ? c.body : rest).push_back(std::move(x));
  li.body = std::move(rest);
  return out;
}

class Guard {
public:
  explicit Guard(Function &fn) : fn_(fn) {}

  void block(Block &b) {
    for (const StmtPtr &s : b) {
      block(s->then_block);
      block(s->else_block);
      block(s->block);
      if (s->loop)
        block(s->loop->body);
    }
    for (std::size_t u = 0; u < b.size(); ++u)
      guard(b, u);
  }

private:
  Function &fn_;

  /// How many statements of the function mention v.
  int mentionsInFunction(const Var *v) const {
    int n = 0;
    forEachStmt(fn_.body, [&](const Stmt &x, int) { n += stmtMentions(x, v); });
    return n;
  }

  /// Whether only loops counted by `i` (their headers, bodies and steps)
  /// mention it.
  bool privateIndex(const Var *i) const {
    std::set<const Stmt *> counted;
    forEachStmt(fn_.body, [&](const Stmt &x, int) {
      if (x.loop && x.loop->induction == i)
        forEachNested(x, [&](const Stmt &y) { counted.insert(&y); });
    });
    bool only = true;
    forEachStmt(fn_.body, [&](const Stmt &x, int) {
      only &= counted.count(&x) || !stmtMentions(x, i);
    });
    return only;
  }

  /// Guards b[u] and its summand's computation, when they have the
  /// file's shape; u then indexes the guard.
  void guard(Block &b, std::size_t &u) {
    Var *c = nullptr, *t = nullptr;
    if (!weightedUpdate(*b[u], c, t))
      return;
    // t's statements: `t = 0` first, then loops summing into it, all in
    // b before u; nothing else mentions t, in b or anywhere else.
    std::vector<std::size_t> slice;
    int inside = 0;
    for (std::size_t k = 0; k < b.size(); ++k) {
      if (k == u || !mentions(*b[k], t))
        continue;
      if (k > u)
        return;
      if (slice.empty() ? !zeroes(*b[k], t)
                        : !(zeroes(*b[k], t) || summingLoop(*b[k], t)))
        return;
      slice.push_back(k);
    }
    if (slice.empty())
      return;
    forEachStmt(b, [&](const Stmt &x, int) { inside += stmtMentions(x, t); });
    if (inside != mentionsInFunction(t))
      return;
    // A moved loop's index is read by nothing but the loops it counts
    // (moved, or not run where c is zero, the loop leaves it elsewhere).
    for (std::size_t k : slice)
      if (b[k]->loop && !privateIndex(b[k]->loop->induction))
        return;
    // What a moved statement reads or writes is not written between it
    // and the update.
    for (std::size_t k : slice) {
      std::set<const Var *> moved_reads, moved_writes;
      if (b[k]->loop) {
        for (const StmtPtr &x : b[k]->loop->body)
          if (sums(*x, t))
            accesses(*x, moved_reads, moved_writes);
        forEachOwnExpr(*b[k], [&](const Expr &e) {
          forEachRead(e, [&](Var *v) { moved_reads.insert(v); });
        });
      } else {
        accesses(*b[k], moved_reads, moved_writes);
      }
      for (std::size_t j = k + 1; j < u; ++j) {
        if (std::find(slice.begin(), slice.end(), j) != slice.end())
          continue;
        std::set<const Var *> reads, writes;
        accesses(*b[j], reads, writes);
        for (const Var *w : writes)
          if (moved_reads.count(w) || moved_writes.count(w))
            return;
      }
    }
    // The guard: t's statements (split from their loops), the update.
    auto g = std::make_unique<Stmt>();
    g->kind = StmtKind::If;
    g->loc = b[u]->loc;
    g->cond = makeBinary(Op::Ne, makeVarRef(c), makeLiteral("0.0", c->type),
                         boolType());
    std::size_t moved = 0;
    for (std::size_t k : slice) {
      Stmt &s = *b[k];
      const bool whole =
          !s.loop || std::all_of(s.loop->body.begin(), s.loop->body.end(),
                                 [&](const StmtPtr &x) { return sums(*x, t); });
      moved += whole;
      g->then_block.push_back(whole ? std::move(b[k]) : splitOff(s, t));
    }
    g->then_block.push_back(std::move(b[u]));
    b[u] = std::move(g);
    for (auto k = slice.rbegin(); k != slice.rend(); ++k)
      if (!b[*k])
        b.erase(b.begin() + static_cast<std::ptrdiff_t>(*k));
    u -= moved; // the guard's index
  }
};

} // namespace

void guardZeroFactors(Function &fn) { Guard(fn).block(fn.body); }

} // namespace tangent
