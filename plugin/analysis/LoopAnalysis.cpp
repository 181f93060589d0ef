//===- LoopAnalysis.cpp - invariant variables and counted loops -----------===//
//
// A loop is Counted when it has an integer induction variable declared in its
// init, a constant step, a comparison against a bound, and start and bound
// that the reverse sweep can evaluate again (invariant). The reverse sweep
// then runs the induction variable backwards and records nothing for control.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "ir/Support.h"
#include <map>
#include <set>

namespace tangent {

namespace {

struct WriteInfo {
  int count = 0;
  int whole = 0;
  bool in_loop = false;
};

class LoopClassifier {
public:
  explicit LoopClassifier(Function &fn) : fn_(fn) {}

  void run() {
    fn_.first_writes.clear(); // runs again after analyzeParallelLoops
    forEachStmt(fn_.body, [&](const Stmt &s, int depth) {
      forEachWrite(s, [&](Var *v, bool whole) {
        WriteInfo &w = writes_[v];
        if (w.count == 0 && depth == 0 && v->role != VarRole::Param)
          fn_.first_writes.push_back({v, &s});
        ++w.count;
        w.whole += whole;
        w.in_loop |= depth > 0;
      });
    });
    for (auto &v : fn_.vars) {
      const WriteInfo &w = writes_[v.get()];
      v->invariant = v->role == VarRole::Param ? w.count == 0
                                               : (w.count == 1 && !w.in_loop &&
                                                  v->role != VarRole::Flag);
    }
    classify(fn_.body);
  }

private:
  Function &fn_;
  std::map<const Var *, WriteInfo> writes_;
  std::set<const Var *> counted_inductions_;

  /// The size of container `v` never changes after its first write.
  bool sizeInvariant(const Var *v) {
    const WriteInfo &w = writes_[v];
    if (v->type.kind != TypeKind::Vector)
      return true;
    if (v->role == VarRole::Param)
      return w.whole == 0;
    return w.whole == 1 && firstWholeOutsideLoops(v);
  }
  bool firstWholeOutsideLoops(const Var *v) {
    for (auto &fw : fn_.first_writes)
      if (fw.first == v)
        return !writes_[v].in_loop || writes_[v].whole == 1;
    return false;
  }

  /// Can the reverse sweep evaluate `e` again and get the same value?
  bool reevaluable(const Expr &e) {
    switch (e.kind) {
    case ExprKind::Literal:
      return true;
    case ExprKind::VarRef:
      return e.var->invariant || counted_inductions_.count(e.var);
    case ExprKind::Size:
      // A span's size never changes (it is a parameter, never reassigned),
      // whatever is written through it.
      if (e.ops[0]->kind == ExprKind::VarRef && e.ops[0]->type.span)
        return true;
      // A vector's size, whatever is written into its elements.
      if (e.ops[0]->kind == ExprKind::VarRef)
        return sizeInvariant(e.ops[0]->var);
      return sizeInvariant(rootVar(*e.ops[0])) && reevaluable(*e.ops[0]);
    case ExprKind::Unary:
    case ExprKind::Binary:
    case ExprKind::Cast:
      for (const ExprPtr &op : e.ops)
        if (!reevaluable(*op))
          return false;
      return true;
    case ExprKind::Index:
      // An element of a table the function never writes (`sizes[r]`).
      return e.ops[0]->kind == ExprKind::VarRef && e.ops[0]->var->invariant &&
             !e.ops[0]->type.elem_real && reevaluable(*e.ops[1]);
    case ExprKind::Math:
    case ExprKind::Cond:
    case ExprKind::InactiveCall:
    case ExprKind::Name:
      return false;
    }
  }

  static bool writesVar(const Block &block, const Var *v) {
    bool found = false;
    forEachStmt(block, [&](const Stmt &s, int) {
      forEachWrite(s, [&](Var *w, bool) { found |= w == v; });
    });
    return found;
  }

  /// Whether `i CMP bound` compares integers as the trip count does: the
  /// bound integral, and a comparison in an unsigned type only from a start
  /// that is unsigned itself (computed as the comparison converts it) or a
  /// non-negative constant.
  static bool integralComparison(const Expr &cmp, const Expr &bound,
                                 const Expr &start) {
    if (!cmp.ops[0]->type.isIntegral() || !cmp.ops[1]->type.isIntegral() ||
        !bound.type.isIntegral())
      return false;
    if (!cmp.ops[0]->type.is_unsigned || start.type.is_unsigned)
      return true;
    long long a = 0;
    return constInt(start, a) && a >= 0;
  }

  bool tryCounted(LoopInfo &li) {
    if (li.form != LoopInfo::Form::Structured || li.do_while || !li.cond)
      return false;
    if (li.init.size() != 1 || li.step.size() != 1)
      return false;
    const Stmt &init = *li.init.front();
    if (init.kind != StmtKind::Assign || init.lhs->kind != ExprKind::VarRef)
      return false;
    Var *i = init.lhs->var;
    if (i->role != VarRole::Induction || !i->type.isIntegral() ||
        i->type.kind == TypeKind::Bool)
      return false;
    // Condition: i CMP bound, or bound CMP i.
    const Expr &c = *li.cond;
    if (c.kind != ExprKind::Binary)
      return false;
    Op cmp = c.op;
    const Expr *bound = nullptr;
    auto isI = [&](const Expr &e) {
      const Expr *x = &e;
      while (x->kind == ExprKind::Cast)
        x = x->ops[0].get();
      return x->kind == ExprKind::VarRef && x->var == i;
    };
    if (isI(*c.ops[0]))
      bound = c.ops[1].get();
    else if (isI(*c.ops[1])) {
      bound = c.ops[0].get();
      static const std::map<Op, Op> flip = {{Op::Lt, Op::Gt},
                                            {Op::Gt, Op::Lt},
                                            {Op::Le, Op::Ge},
                                            {Op::Ge, Op::Le},
                                            {Op::Ne, Op::Ne}};
      auto it = flip.find(cmp);
      if (it == flip.end())
        return false;
      cmp = it->second;
    } else
      return false;
    if (cmp != Op::Lt && cmp != Op::Le && cmp != Op::Gt && cmp != Op::Ge &&
        cmp != Op::Ne)
      return false;
    // The reverse counts the trips in integers: a floating-point bound
    // (`i < n` with `double n = 2.5`: three trips) or a comparison in an
    // unsigned type of a start that may be negative (`-1 < v.size()` is
    // false) would count others than the forward ran. Such a loop records
    // its trip count instead (Structured).
    if (!integralComparison(c, *bound, *init.rhs))
      return false;
    // Step: i = i +/- k (possibly inside a conversion back to i's type).
    const Stmt &step = *li.step.front();
    if (step.kind != StmtKind::Assign || step.lhs->kind != ExprKind::VarRef ||
        step.lhs->var != i)
      return false;
    const Expr *rhs = step.rhs.get();
    while (rhs->kind == ExprKind::Cast)
      rhs = rhs->ops[0].get();
    if (rhs->kind != ExprKind::Binary ||
        (rhs->op != Op::Add && rhs->op != Op::Sub))
      return false;
    long long step_value = 0;
    if (!isI(*rhs->ops[0]) || !constInt(*rhs->ops[1], step_value))
      return false;
    long long inc = step_value * (rhs->op == Op::Sub ? -1 : 1);
    if (inc == 0)
      return false;
    bool up = cmp == Op::Lt || cmp == Op::Le || (cmp == Op::Ne && inc > 0);
    if ((up && inc < 0) || (!up && inc > 0))
      return false;
    if (cmp == Op::Ne && inc != 1 && inc != -1)
      return false;
    if (writesVar(li.body, i))
      return false;
    if (!reevaluable(*init.rhs) || !reevaluable(*bound))
      return false;
    li.form = LoopInfo::Form::Counted;
    li.induction = i;
    li.start = init.rhs->clone();
    li.bound = bound->clone();
    li.compare = cmp;
    li.increment = inc;
    long long a = 0, b = 0;
    if (constInt(*li.start, a) && constInt(*li.bound, b)) {
      long long n = 0;
      if (cmp == Op::Lt && b > a)
        n = (b - a + inc - 1) / inc;
      else if (cmp == Op::Le && b >= a)
        n = (b - a) / inc + 1;
      else if (cmp == Op::Gt && a > b)
        n = (a - b + (-inc) - 1) / (-inc);
      else if (cmp == Op::Ge && a >= b)
        n = (a - b) / (-inc) + 1;
      else if (cmp == Op::Ne)
        n = inc > 0 ? (b > a ? b - a : 0) : (a > b ? a - b : 0);
      li.constant_trips = n;
    }
    return true;
  }

  void classify(Block &block) {
    for (StmtPtr &s : block) {
      switch (s->kind) {
      case StmtKind::If:
        classify(s->then_block);
        classify(s->else_block);
        break;
      case StmtKind::Block:
        classify(s->block);
        break;
      case StmtKind::Loop: {
        LoopInfo &li = *s->loop;
        // A loop already found counted (a tangent-linear function's copy
        // of an analyzed loop, differentiated again for second order)
        // stays counted, its index an induction variable.
        const bool counted = li.form == LoopInfo::Form::Counted &&
                             li.induction &&
                             li.induction->role == VarRole::Induction;
        if (counted || tryCounted(li)) {
          counted_inductions_.insert(li.induction);
          classify(li.body);
          counted_inductions_.erase(li.induction);
        } else {
          for (StmtPtr &init : li.init)
            if (init->kind == StmtKind::Assign &&
                init->lhs->kind == ExprKind::VarRef &&
                init->lhs->var->role == VarRole::Induction)
              init->lhs->var->role = VarRole::Local;
          classify(li.body);
        }
        break;
      }
      case StmtKind::Assign:
      case StmtKind::Construct:
      case StmtKind::Call:
      case StmtKind::Swap:
      case StmtKind::Resize:
        break;
      }
    }
  }
};

} // namespace

LoopForms classifyLoops(Function &fn) {
  LoopClassifier(fn).run();
  LoopForms out;
  out.fn = &fn;
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    if (s.kind != StmtKind::Loop)
      return;
    const LoopInfo &li = *s.loop;
    TANGENT_ASSERT(
        li.form != LoopInfo::Form::Counted ||
            (li.induction && li.start && li.bound && li.increment != 0),
        "a counted loop without its induction, bounds or step");
    TANGENT_ASSERT(li.form != LoopInfo::Form::General || li.exit_flag,
                   "a general loop without its exit flag");
    out.loops.push_back(&s);
  });
  return out;
}

} // namespace tangent
