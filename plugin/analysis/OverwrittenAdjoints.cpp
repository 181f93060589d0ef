//===- OverwrittenAdjoints.cpp - adjoints assigned, not accumulated -------===//
//
// The reverse of a call that overwrites storage zeroes the adjoint of what
// it overwrote, and the reverse of each read adds to that adjoint. In a
// time step such as
//
//   rhs(n, x, y, k1.data());                        // writes k1[0, n)
//   for (int i = 0; i < n; i++) yt[i] = y[i] + h * k1[i];
//   ...
//   for (int i = 0; i < n; i++) y[i] += h / 6 * (k1[i] + ...); // last read
//
// the reverse of the last read is the first to touch d_k1 after the
// call's reverse zeroed it: it can assign `d_k1[i] = ...` instead of adding
// (the reverses of the reads before it add), and the callee's reverse need
// not zero d_z at all: the caller assigns every element before the next
// reverse of the call reads it. This pass proves that shape and marks the
// read (Expr::assigns_adjoint) and the call's parameter (Stmt::unzeroed,
// for the callee variant that leaves the adjoint: Var::unzeroed, frontend
// specialiseUnrestored):
//  - k is a local container of numbers, mentioned nowhere but by the call
//    (as one whole argument), by statements after it in its block that
//    read k without writing it, and by constructions of its size before
//    the call or outside that block;
//  - the callee writes its parameter exactly once per element, [0, m):
//    `z[0] = ...` .. `z[c - 1] = ...` at its top level (whose adjoints
//    the variant still zeroes) and one top-level counted loop
//    `for (i = c; i < m; i++) z[i] = ...` (whose adjoints it leaves), m a
//    parameter it never writes, and never reads z or passes it on;
//  - the last statement after the call that mentions k is a counted loop
//    `for (i = 0; i < m'; i++)`, m' the argument the call gives m, made of
//    parameters the caller never writes and locals it writes once outside
//    loops (the same range in every iteration of the loops around),
//    mentioning k once: `k[i]` in an active
//    statement at the top level of its body, reached through + - * / and
//    casts only, so that its reverse makes exactly one contribution to
//    d_k[i], unconditionally, for every i the callee's loop wrote.
// No OpenMP or fixed-point loop may enclose them (their reverses sum
// private adjoints or repeat the body's reverse). The assignment gives the
// same bits as adding to zero, but for the sign of a zero sum.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include <set>

namespace tangent {

namespace {

/// How many times `s` itself mentions `v` (its own expressions and loop
/// header, the variable it constructs or resizes, its call's result).
int mentionsHere(const Stmt &s, const Var *v) {
  int n = (s.var == v) + (s.result == v);
  forEachOwnExpr(
      s, [&](const Expr &e) { forEachRead(e, [&](Var *u) { n += u == v; }); });
  return n;
}

/// How many times `s`, with what is nested in it, mentions `v`.
int mentions(const Stmt &s, const Var *v) {
  int n = 0;
  forEachNested(s, [&](const Stmt &x) { n += mentionsHere(x, v); });
  return n;
}

/// `v[i]` (through integral casts): the element at `i` of `v`.
bool elementAt(const Expr &e, const Var *v, const Var *i) {
  return e.kind == ExprKind::Index && e.ops[0]->kind == ExprKind::VarRef &&
         e.ops[0]->var == v &&
         stripIntCasts(*e.ops[1]).kind == ExprKind::VarRef &&
         stripIntCasts(*e.ops[1]).var == i;
}

/// A counted loop from `start` up by one below its bound, with neither a
/// checkpoint, a fixed point nor OpenMP.
bool plainCountedFrom(const LoopInfo &li, long long &start) {
  return li.form == LoopInfo::Form::Counted && li.induction &&
         li.compare == Op::Lt && li.increment == 1 && li.start && li.bound &&
         constInt(*li.start, start) && !li.annotated && !li.fixed_point &&
         !li.omp;
}

/// The parameter m when `g` writes pointer parameter `p` exactly once per
/// element of [0, m) and never reads it or passes it on, else null.
const Var *writtenOnceBelow(const Function &g, const Var *p) {
  if (p->role != VarRole::Param || p->type.kind != TypeKind::Pointer ||
      p->type.pointee_const || !p->type.elem_real || p->data || p->type.span)
    return nullptr;
  std::set<long long> constants;
  const Var *bound = nullptr;
  long long start = 0;
  int writes = 0;
  auto writeOf = [&](const Stmt &s) -> const Expr * {
    if (s.kind != StmtKind::Assign || s.lhs->kind != ExprKind::Index ||
        s.lhs->ops[0]->kind != ExprKind::VarRef || s.lhs->ops[0]->var != p ||
        readsVar(*s.rhs, p))
      return nullptr;
    return &stripIntCasts(*s.lhs->ops[1]);
  };
  for (const StmtPtr &sp : g.body) {
    long long c = 0;
    if (const Expr *at = writeOf(*sp)) {
      if (!constInt(*at, c) || !constants.insert(c).second)
        return nullptr;
      ++writes;
      continue;
    }
    if (sp->kind != StmtKind::Loop || mentions(*sp, p) == 0)
      continue;
    const LoopInfo &li = *sp->loop;
    if (bound || !plainCountedFrom(li, start))
      return nullptr;
    const Expr &m = stripIntCasts(*li.bound);
    if (m.kind != ExprKind::VarRef || m.var->role != VarRole::Param ||
        !m.var->invariant || !m.var->type.isIntegral())
      return nullptr;
    for (const StmtPtr &b : li.body)
      if (const Expr *at = writeOf(*b)) {
        if (at->kind != ExprKind::VarRef || at->var != li.induction || bound)
          return nullptr;
        bound = m.var;
        ++writes;
      }
  }
  // Nothing else mentions p, and the constants are [0, start).
  int all = 0;
  for (const StmtPtr &sp : g.body)
    all += mentions(*sp, p);
  if (!bound || all != writes ||
      static_cast<long long>(constants.size()) != start ||
      (start > 0 &&
       (*constants.begin() != 0 || *constants.rbegin() != start - 1)))
    return nullptr;
  return bound;
}

/// The container whose whole storage argument `a` is (`k.data()`, `k`,
/// `&k[0]`): a local vector or array of numbers.
const Var *wholeLocalStorage(const Expr &a) {
  const Var *k = nullptr;
  long long zero = -1;
  if (a.kind == ExprKind::VarRef)
    k = a.var;
  else if (a.kind == ExprKind::Index && a.address &&
           a.ops[0]->kind == ExprKind::VarRef && constInt(*a.ops[1], zero) &&
           zero == 0)
    k = a.ops[0]->var;
  if (!k || k->role != VarRole::Local || !k->type.isContainer() ||
      k->type.isNested() || !k->type.elem_real || !k->active)
    return nullptr;
  return k;
}

/// The read `k[i]` in `e`, reached through + - * / and casts only, or null.
Expr *arithmeticRead(Expr &e, const Var *k, const Var *i) {
  if (elementAt(e, k, i))
    return &e;
  const bool through =
      e.kind == ExprKind::Cast ||
      (e.kind == ExprKind::Unary && (e.op == Op::Neg || e.op == Op::Plus)) ||
      (e.kind == ExprKind::Binary && (e.op == Op::Add || e.op == Op::Sub ||
                                      e.op == Op::Mul || e.op == Op::Div));
  if (!through || !e.type.isReal())
    return nullptr;
  for (const ExprPtr &op : e.ops)
    if (Expr *r = arithmeticRead(*op, k, i))
      return r;
  return nullptr;
}

/// Whether `e` is made of literals, parameters the function never writes
/// and locals it writes once, outside loops (Var::invariant): the same
/// value wherever it is read.
bool fixedInFunction(const Expr &e) {
  bool ok = e.type.isIntegral();
  forEachRead(e, [&](Var *u) {
    ok &= (u->role == VarRole::Param || u->role == VarRole::Local) &&
          u->invariant;
  });
  return ok;
}

/// Whether `s` constructs `k` with a size only (no value read back).
bool sizesOnly(const Stmt &s, const Var *k) {
  if (s.kind != StmtKind::Construct || s.var != k)
    return false;
  bool reads = false;
  for (const ExprPtr &a : s.args)
    reads |= readsVar(*a, k) || a->active;
  return !reads && (s.construct == ConstructKind::Size ||
                    s.construct == ConstructKind::Fill);
}

/// Whether `s`, or a statement nested in it, writes `k` (an element, the
/// whole of it or its size).
bool writes(const Stmt &s, const Var *k) {
  bool any = false;
  forEachNested(s, [&](const Stmt &x) {
    forEachWrite(x, [&](Var *w, bool) { any |= w == k; });
  });
  return any;
}

class Finder {
public:
  explicit Finder(Function &fn) : fn_(fn) {}

  void run() { block(fn_.body); }

private:
  Function &fn_;

  void block(Block &b) {
    for (std::size_t c = 0; c < b.size(); ++c) {
      Stmt &s = *b[c];
      switch (s.kind) {
      case StmtKind::Call:
        call(b, c);
        break;
      case StmtKind::If:
        block(s.then_block);
        block(s.else_block);
        break;
      case StmtKind::Block:
        block(s.block);
        break;
      case StmtKind::Loop:
        if (!s.loop->omp && !s.loop->fixed_point)
          block(s.loop->body);
        break;
      default:
        break;
      }
    }
  }

  void call(Block &b, std::size_t c) {
    Stmt &s = *b[c];
    if (!s.callee || !s.custom.empty() || s.mpi ||
        s.args.size() != s.callee->params.size())
      return;
    for (std::size_t a = 0; a < s.args.size(); ++a) {
      const Var *k = wholeLocalStorage(*s.args[a]);
      const Var *p = s.callee->params[a];
      if (!k || !s.arg_is_output[a] || p->sourceParam() >= 64)
        continue;
      const Var *m = writtenOnceBelow(*s.callee, p);
      if (!m || m->param_index < 0 ||
          m->param_index >= static_cast<int>(s.args.size()))
        continue;
      const Expr &bound = *s.args[m->param_index];
      if (!fixedInFunction(bound) || mentions(s, k) != 1)
        continue;
      if (Expr *read = readAfter(b, c, k, bound)) {
        s.unzeroed |= std::uint64_t(1) << p->sourceParam();
        read->assigns_adjoint = true;
      }
    }
  }

  /// The read `k[i]` of the shape above in the last statement after `b[c]`
  /// that mentions k, when the ones between only read k and nothing else
  /// does, or null.
  Expr *readAfter(Block &b, std::size_t c, const Var *k, const Expr &bound) {
    std::size_t l = b.size();
    for (std::size_t j = c + 1; j < b.size(); ++j)
      if (mentions(*b[j], k) != 0) {
        if (l < b.size() && writes(*b[l], k))
          return nullptr;
        l = j;
      }
    if (l == b.size() || b[l]->kind != StmtKind::Loop ||
        mentions(*b[l], k) != 1)
      return nullptr;
    const LoopInfo &li = *b[l]->loop;
    long long start = -1;
    if (!plainCountedFrom(li, start) || start != 0 ||
        !sameExpr(stripIntCasts(*li.bound), stripIntCasts(bound)))
      return nullptr;
    Expr *read = nullptr;
    for (const StmtPtr &w : li.body)
      if (w->kind == StmtKind::Assign && w->rhs->active && rootVar(*w->lhs) &&
          rootVar(*w->lhs)->active)
        if (Expr *r = arithmeticRead(*w->rhs, k, li.induction))
          read = r;
    if (!read)
      return nullptr;
    // Everything else that mentions k: constructions of its size, before
    // the call in this block or outside it.
    std::set<const Stmt *> here;
    for (std::size_t j = c; j < b.size(); ++j)
      forEachNested(*b[j], [&](const Stmt &x) { here.insert(&x); });
    bool others = false;
    forEachStmt(fn_.body, [&](const Stmt &x, int) {
      others |= !here.count(&x) && mentionsHere(x, k) != 0 && !sizesOnly(x, k);
    });
    return others ? nullptr : read;
  }
};

} // namespace

void clearOverwrittenAdjoints(Function &fn) {
  forEachStmt(fn.body, [&](Stmt &s, int) {
    s.unzeroed = 0;
    forEachOwnExpr(s, [](Expr &e) {
      std::function<void(Expr &)> clear = [&](Expr &x) {
        x.assigns_adjoint = false;
        for (const ExprPtr &op : x.ops)
          clear(*op);
      };
      clear(e);
    });
  });
}

void findOverwrittenAdjoints(Function &fn) { Finder(fn).run(); }

} // namespace tangent
