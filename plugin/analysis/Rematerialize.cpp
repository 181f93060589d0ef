//===- Rematerialize.cpp - values the reverse evaluates again -------------===//
//
// A scalar written once, by `v = e` at the top of a loop body (or of the
// function), and read only after that statement inside the same body, is
// recorded by the full tape before each overwrite so that the reverse of
// every iteration finds the value its statements read: `double diff =
// p[l] - c[l]` costs a record per iteration. When e is cheap (+ - * / of
// variables and elements, no calls) and reads only values that hold still
// while the body runs — parameters and invariant locals never written
// after it, elements of storage the function never writes, the induction
// variables of the counted loops around it — the reverse of the body
// starts by evaluating `v = e` again (SweepGenerator::block), which gives
// the same bits, and the forward records nothing for v. The operands
// become read in reverse by that statement, so a split reverse (a callee's)
// gets the locals among them saved like any other value it reads.
//
// The statement is at the top level of its body, so every iteration that
// runs runs it (a `break` or `return` before it would have put it under a
// guard); reading v nowhere else means no reverse needs another value of v.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include <map>
#include <set>

namespace tangent {

namespace {

/// + - * / (and % of integers) of variables, elements, literals and casts.
bool cheap(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Literal:
  case ExprKind::VarRef:
  case ExprKind::Index:
  case ExprKind::Cast:
    break;
  case ExprKind::Unary:
    if (e.op != Op::Neg && e.op != Op::Plus)
      return false;
    break;
  case ExprKind::Binary:
    if (e.op != Op::Add && e.op != Op::Sub && e.op != Op::Mul &&
        e.op != Op::Div && !(e.op == Op::Rem && e.type.isIntegral()))
      return false;
    break;
  default:
    return false;
  }
  for (const ExprPtr &op : e.ops)
    if (!cheap(*op))
      return false;
  return true;
}

/// Every variable read by the statement itself or its loop header.
void readsOf(const Stmt &s, const std::function<void(Var *)> &fn) {
  forEachOwnExpr(s, [&](const Expr &e) { forEachRead(e, fn); });
}

class Rematerializer {
public:
  explicit Rematerializer(Function &fn) : fn_(fn) {}

  void run() {
    forEachStmt(fn_.body, [&](const Stmt &s, int) {
      forEachWrite(s, [&](Var *v, bool) { writes_[v].push_back(&s); });
    });
    consider(fn_.body);
  }

private:
  Function &fn_;
  std::map<const Var *, std::vector<const Stmt *>> writes_;

  /// The statements of `block` from `from` on, with everything nested.
  static std::set<const Stmt *> after(const Block &block, size_t from) {
    std::set<const Stmt *> out;
    for (size_t i = from; i < block.size(); ++i) {
      out.insert(block[i].get());
      const Stmt &s = *block[i];
      auto nested = [&](const Block &b) {
        forEachStmt(b, [&](const Stmt &n, int) { out.insert(&n); });
      };
      if (s.kind == StmtKind::If) {
        nested(s.then_block);
        nested(s.else_block);
      } else if (s.kind == StmtKind::Block) {
        nested(s.block);
      } else if (s.kind == StmtKind::Loop) {
        nested(s.loop->init);
        nested(s.loop->body);
        nested(s.loop->step);
      }
    }
    return out;
  }

  /// The top-level statements of `block` (a loop body, or the function's),
  /// then the bodies of the loops in it. The requested function's own body
  /// is left out: its joint sweep records nothing for a value written once
  /// there and still holds it in the reverse.
  void consider(const Block &block) {
    const bool skip = &block == &fn_.body && fn_.is_top;
    for (size_t i = 0; i < block.size() && !skip; ++i) {
      const Stmt &s = *block[i];
      if (s.kind == StmtKind::Assign && s.lhs->kind == ExprKind::VarRef &&
          candidate(s, block, i)) {
        s.lhs->var->rematerialized = &s;
        // Its reverse reads the operands: a split reverse must have them
        // (a local's value is saved at the end of the forward sweep).
        forEachRead(*s.rhs, [&](Var *u) {
          u->read_in_reverse = true;
          if (u->readers.empty() || u->readers.back() != &s)
            u->readers.push_back(&s);
        });
      }
    }
    forEachStmt(block, [&](const Stmt &s, int) {
      if (s.kind == StmtKind::Loop)
        consider(s.loop->body);
    });
  }

  bool candidate(const Stmt &s, const Block &block, size_t at) {
    Var *v = s.lhs->var;
    if (v->role == VarRole::Param || v->role == VarRole::Induction ||
        v->role == VarRole::Flag || v == fn_.result_var ||
        !(v->type.isReal() || v->type.isIntegral()) || v->read_everywhere ||
        writes_[v].size() != 1 || !cheap(*s.rhs))
      return false;
    // The operands hold still while the body runs.
    const auto &where = fn_.positions.at(&s);
    bool still = true;
    forEachRead(*s.rhs, [&](Var *u) {
      if (u == v) {
        still = false;
        return;
      }
      if (u->role == VarRole::Induction) {
        bool counted = false;
        for (const Stmt *l : where.loops)
          counted |= l->loop->form == LoopInfo::Form::Counted &&
                     l->loop->induction == u;
        still &= counted;
        return;
      }
      for (const Stmt *w : writes_[u])
        still &= fn_.positions.at(w).index < where.index &&
                 fn_.positions.at(w).loops.empty();
    });
    if (!still)
      return false;
    // Read only after it, in its body (the step of its loop excluded).
    const std::set<const Stmt *> inside = after(block, at + 1);
    bool confined = true;
    forEachStmt(fn_.body, [&](const Stmt &r, int) {
      if (&r == &s || inside.count(&r))
        return;
      readsOf(r, [&](Var *u) { confined &= u != v; });
    });
    return confined;
  }
};

} // namespace

void findRematerialized(Function &fn) {
  for (auto &v : fn.vars)
    v->rematerialized = nullptr;
  Rematerializer(fn).run();
}

} // namespace tangent
