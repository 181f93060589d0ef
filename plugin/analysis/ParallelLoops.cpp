//===- ParallelLoops.cpp - what the iterations of a parallel loop share ---===//
//
// Runs after classifyLoops on every `#pragma omp parallel for` loop (ir/IR.h,
// OmpLoop), in two steps.
//
// 1. Reductions of floating variables are taken out of the loop: in the
//    loop, `s = s + e` (or `s = max(s, e)`) becomes `c[i - a] = c[i - a] + e`
//    into a vector of contributions, one element per iteration starting from
//    the operation's identity; after the loop, a sequential loop folds them
//    into s in iteration order. The value, and so the gradient, is the
//    sequential program's (bit for bit when the iteration updates s once),
//    whatever the number of threads; the fold's reverse is ordinary code.
//
// 2. Every variable the loop body touches is classified:
//    - exclusive: a container (or pointer parameter) accessed only at one
//      index that is the iteration's own (IterationIndices.cpp: the
//      induction variable, the index of a thread's share, a copy), or one
//      minus something that does not change in the loop, or only inside
//      the iteration's block [c i, c i + c) (`f[8 * i + k]`, an address
//      given to a callee that reaches a constant extent from it): each
//      element belongs to one iteration, and so do its adjoint's updates;
//    - scattered (exclusive too): a container accessed only at elements
//      that the accessing statement itself assigns, at any index
//      (`xdd[symm[i]] = 0;`, `f[n] = f[n] + g;`, LoopAccesses.cpp): a
//      program whose parallel loop is free of data races lets no other
//      iteration touch an element one iteration writes, so its adjoint too
//      is the iteration's (OmpLoop::scattered, said in the remark);
//    - private: a scalar each iteration writes before reading it, used
//      nowhere outside the loop (a `private` clause; in the reverse sweep a
//      copy per thread);
//    - shared and only read: its adjoint is updated by several iterations,
//      so the reverse sweep privatises it (OmpLoop::shared_adjoints);
//    - anything else the body writes makes the iterations dependent: the
//      loop is refused (OmpLoop::refusal, reported by the legality layer,
//      frontend/LegalityIR.cpp).
//
// Also here, for the strategy choice (Checkpointing.cpp): the remark of a
// parallel loop.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "analysis/LoopAccesses.h"
#include "ir/Support.h"
#include "rules/Rules.h"
#include <algorithm>
#include <functional>
#include <map>

namespace tangent {

namespace {

/// Whether `index` names elements that belong to one iteration each: one
/// of the iteration's own indices `own` (the induction variable, the index
/// of a loop over the iteration's share, a copy of one), or such an index
/// minus something that does not change in the loop.
bool perIteration(const Expr &index, const std::set<const Var *> &own,
                  const std::set<const Var *> &written) {
  if (index.kind == ExprKind::VarRef)
    return own.count(index.var) > 0;
  if (index.kind == ExprKind::Cast)
    return perIteration(*index.ops[0], own, written);
  if (index.kind != ExprKind::Binary || index.op != Op::Sub ||
      index.ops[0]->kind != ExprKind::VarRef || !own.count(index.ops[0]->var))
    return false;
  bool invariant = true;
  forEachRead(*index.ops[1],
              [&](Var *v) { invariant &= !own.count(v) && !written.count(v); });
  return invariant;
}

/// Whether every access is in one block [c i, c i + c) of the iteration's
/// (at `8 * i + k`, `i3 + 5`, `jj` set to `8 * i + ii` in an inner loop
/// over ii < 8; from its place, `span` elements on).
bool inBlock(const std::vector<Access> &list, const IterationIndices &ii) {
  IterationIndices::Block block;
  for (const Access &a : list) {
    if (!a.index)
      return false;
    const IterationIndices::Place p = ii.placeOf(*a.index);
    if (&a == &list.front())
      block = p.block;
    if (p.block.size == 0 || !(p.block == block) || p.lo < 0 ||
        p.hi + a.span > p.block.size)
      return false;
  }
  return !list.empty();
}

/// Whether the first statement of `body` that touches scalar `v` writes it
/// without reading it, unconditionally (an assignment, a call's result, or
/// the init of a nested loop whose induction variable it is).
bool writtenFirst(const Block &body, Var *v) {
  for (size_t k = 0; k < body.size(); ++k) {
    const StmtPtr &s = body[k];
    Uses u = accessesOf(*s);
    if (!u.of.count(v))
      continue;
    if (s->kind == StmtKind::Assign)
      return s->lhs->kind == ExprKind::VarRef && s->lhs->var == v &&
             !readsVar(*s->rhs, v);
    if (s->kind == StmtKind::Construct) { // its declaration (`double a[8];`)
      bool read = false;
      for (const ExprPtr &a : s->args)
        read |= readsVar(*a, v);
      return s->var == v && !read;
    }
    if (s->kind == StmtKind::Call) {
      // A nested gradient's component is its call's last argument, which
      // the tangent-linear function only writes (LowerNested.cpp).
      const bool component = s->along >= 0 &&
                             s->args.back()->kind == ExprKind::VarRef &&
                             s->args.back()->var == v;
      bool read = false;
      for (size_t a = 0; a + (component ? 1 : 0) < s->args.size(); ++a)
        read |= readsVar(*s->args[a], v);
      return (s->result == v || component) && !read;
    }
    // Used no further in `body`: a scalar of an inner loop's body or of a
    // branch alone (`double c = ...;` there).
    bool later = false;
    for (size_t j = k + 1; j < body.size(); ++j)
      later |= accessesOf(*body[j]).of.count(v) > 0;
    if (s->kind == StmtKind::Loop)
      return s->loop->induction == v || writtenFirst(s->loop->init, v) ||
             (!later && writtenFirst(s->loop->body, v));
    // `c ? a : b`, if/else: each branch writes it first, or, when it is
    // used no further, does not touch it.
    auto branch = [&](const Block &b) {
      bool touched = false;
      for (const StmtPtr &x : b)
        touched |= accessesOf(*x).of.count(v) > 0;
      return writtenFirst(b, v) || (!later && !touched);
    };
    if (s->kind == StmtKind::If)
      return !readsVar(*s->cond, v) && branch(s->then_block) &&
             branch(s->else_block);
    return false;
  }
  return false;
}

/// Whether `rhs`, assigned to `s`, is `s + e` or `max(s, e)` (fmax too: a
/// function the rule table says is the greatest of its arguments) with e
/// not reading s: the reduction's update.
bool reductionUpdate(const Expr &rhs, const Var *s,
                     OmpLoop::Reduction::Kind op) {
  const bool shape = op == OmpLoop::Reduction::Kind::Sum
                         ? rhs.kind == ExprKind::Binary && rhs.op == Op::Add
                         : rhs.kind == ExprKind::Math && rhs.ops.size() == 2 &&
                               rhs.rule &&
                               rhs.rule->extremum == Rule::Extremum::Max;
  return shape && rhs.ops[0]->kind == ExprKind::VarRef &&
         rhs.ops[0]->var == s && !readsVar(*rhs.ops[1], s);
}

class ParallelLoops {
public:
  explicit ParallelLoops(Function &fn) : fn_(fn) {}

  /// Step 1 on every parallel loop of `block`; true if any changed.
  bool takeOutReductions(Block &block) {
    bool changed = false;
    for (size_t k = 0; k < block.size(); ++k) {
      Stmt &s = *block[k];
      if (s.kind == StmtKind::If) {
        changed |= takeOutReductions(s.then_block);
        changed |= takeOutReductions(s.else_block);
      } else if (s.kind == StmtKind::Block) {
        changed |= takeOutReductions(s.block);
      } else if (s.kind == StmtKind::Loop) {
        changed |= takeOutReductions(s.loop->body);
        if (s.loop->omp && !s.loop->omp->reductions.empty()) {
          Block before, after;
          if (takeOut(s, before, after)) {
            changed = true;
            size_t loop_at = k;
            for (auto &b : before)
              block.insert(block.begin() + static_cast<long>(loop_at++),
                           std::move(b));
            for (size_t a = 0; a < after.size(); ++a)
              block.insert(block.begin() + static_cast<long>(loop_at + 1 + a),
                           std::move(after[a]));
            k = loop_at + after.size();
          }
        }
      }
    }
    return changed;
  }

  /// Step 2 on every parallel loop of the function.
  void classifyAll() {
    forEachStmt(fn_.body, [&](Stmt &s, int) {
      if (s.kind == StmtKind::Loop && s.loop->omp)
        classify(s);
    });
  }

private:
  /// Replaces the floating reductions of loop `s` by contributions:
  /// `before` builds them, `after` folds them.
  bool takeOut(Stmt &s, Block &before, Block &after) {
    LoopInfo &li = *s.loop;
    OmpLoop &omp = *li.omp;
    std::vector<OmpLoop::Reduction> kept, real;
    for (const OmpLoop::Reduction &r : omp.reductions)
      (r.var->type.isReal() ? real : kept).push_back(r);
    if (real.empty())
      return false;
    if (li.form != LoopInfo::Form::Counted || li.increment != 1 ||
        li.compare != Op::Lt) {
      omp.refusal = "a floating reduction on a parallel loop that is not "
                    "written `for (i = a; i < b; ++i)` is not supported";
      return false;
    }
    const Type size_type = intType("std::size_t");
    // The trip count b - a, or 0, and the iteration's element i - a.
    long long start = -1;
    const bool from_zero = constInt(*li.start, start) && start == 0;
    auto trips = [&]() -> ExprPtr {
      ExprPtr b = makeCast(size_type, li.bound->clone());
      if (from_zero)
        return b;
      ExprPtr n = makeBinary(Op::Sub, makeCast(size_type, li.bound->clone()),
                             makeCast(size_type, li.start->clone()), size_type);
      auto c = std::make_unique<Expr>();
      c->kind = ExprKind::Cond;
      c->type = size_type;
      c->ops.push_back(
          makeBinary(Op::Gt, li.bound->clone(), li.start->clone(), boolType()));
      c->ops.push_back(std::move(n));
      c->ops.push_back(makeIntLiteral(0, size_type));
      return ExprPtr(std::move(c));
    };
    auto element = [&]() -> ExprPtr {
      ExprPtr i = makeVarRef(li.induction);
      if (from_zero)
        return i;
      return makeBinary(Op::Sub, std::move(i), li.start->clone(),
                        li.induction->type);
    };
    std::set<const Var *> reduced;
    for (const auto &r : real)
      reduced.insert(r.var);
    // Every use of a reduced variable in the body must be its update.
    bool shaped = true;
    forEachStmt(li.body, [&](const Stmt &st, int) {
      Uses u;
      collectOne(st, u);
      for (const auto &r : real) {
        if (!u.of.count(r.var))
          continue;
        shaped &= st.kind == StmtKind::Assign &&
                  st.lhs->kind == ExprKind::VarRef && st.lhs->var == r.var &&
                  reductionUpdate(*st.rhs, r.var, r.op);
      }
    });
    if (!shaped) {
      omp.refusal = "a reduction variable is used in the loop other than by "
                    "its update (`s += e;`, `s = s + e;` or "
                    "`m = std::max(m, e);`)";
      return false;
    }
    // One vector of contributions per reduced variable.
    auto loop = std::make_unique<Stmt>();
    loop->kind = StmtKind::Loop;
    loop->loc = s.loc;
    loop->loop = std::make_unique<LoopInfo>();
    LoopInfo &fold = *loop->loop;
    Var *k = fn_.addVar("", size_type, VarRole::Induction);
    k->name = fn_.names.fresh(naming::foldIndex());
    fold.init.push_back(
        makeAssign(makeVarRef(k), makeIntLiteral(0, size_type), s.loc));
    fold.cond = makeBinary(Op::Lt, makeVarRef(k), trips(), boolType());
    fold.step.push_back(
        makeAssign(makeVarRef(k),
                   makeBinary(Op::Add, makeVarRef(k),
                              makeIntLiteral(1, size_type), size_type),
                   s.loc));
    for (const auto &r : real) {
      Type vt;
      vt.kind = TypeKind::Vector;
      vt.elem_spelling = r.var->type.spelling;
      vt.spelling = "std::vector<" + vt.elem_spelling + ">";
      vt.elem_real = true;
      Var *c = fn_.addVar("", vt, VarRole::Local);
      c->name = fn_.names.fresh(naming::contributions());
      auto build = std::make_unique<Stmt>();
      build->kind = StmtKind::Construct;
      build->loc = s.loc;
      build->var = c;
      build->construct = ConstructKind::Fill;
      build->args.push_back(trips());
      build->args.push_back(makeLiteral(
          r.op == OmpLoop::Reduction::Kind::Sum
              ? "0.0"
              : "-std::numeric_limits<" + vt.elem_spelling + ">::infinity()",
          r.var->type));
      before.push_back(std::move(build));
      // In the loop: the update goes to the iteration's element.
      forEachStmt(li.body, [&](Stmt &st, int) {
        if (st.kind != StmtKind::Assign || st.lhs->kind != ExprKind::VarRef ||
            st.lhs->var != r.var)
          return;
        st.lhs = makeIndex(makeVarRef(c), element());
        st.rhs->ops[0] = makeIndex(makeVarRef(c), element());
      });
      // After it: s = s + c[k] (or max), in iteration order.
      ExprPtr update;
      if (r.op == OmpLoop::Reduction::Kind::Sum)
        update =
            makeBinary(Op::Add, makeVarRef(r.var),
                       makeIndex(makeVarRef(c), makeVarRef(k)), r.var->type);
      else {
        update = firstUpdate(li.body, c)->clone();
        update->ops[0] = makeVarRef(r.var);
        update->ops[1] = makeIndex(makeVarRef(c), makeVarRef(k));
      }
      fold.body.push_back(
          makeAssign(makeVarRef(r.var), std::move(update), s.loc));
    }
    fold.kind_name = "for";
    after.push_back(std::move(loop));
    std::vector<Var *> names;
    for (const auto &r : real)
      names.push_back(r.var);
    omp.summary = "reduction of " + namesOf(names) +
                  " taken out: one contribution per iteration, added up in "
                  "iteration order after the loop";
    omp.reductions = kept;
    return true;
  }

  /// The rhs of the first update of contributions `c` in `body`.
  static const Expr *firstUpdate(const Block &body, const Var *c) {
    const Expr *found = nullptr;
    forEachStmt(body, [&](const Stmt &st, int) {
      if (!found && st.kind == StmtKind::Assign &&
          st.lhs->kind == ExprKind::Index && rootVar(*st.lhs) == c)
        found = st.rhs.get();
    });
    TANGENT_ASSERT(found, "a reduction without its update");
    return found;
  }

  void classify(Stmt &s) {
    LoopInfo &li = *s.loop;
    OmpLoop &omp = *li.omp;
    omp.privates.clear();
    omp.shared_adjoints.clear();
    omp.scattered.clear();
    if (!omp.refusal.empty())
      return;
    if (li.form != LoopInfo::Form::Counted || !li.induction) {
      omp.refusal = "this parallel loop is not a counted loop (an integer "
                    "induction variable with invariant bounds)";
      return;
    }
    bool communicates = false;
    forEachStmt(li.body, [&](const Stmt &st, int) {
      communicates |= st.kind == StmtKind::Call && st.mpi;
    });
    if (communicates) {
      omp.refusal = "an MPI call inside a parallel loop is not supported";
      return;
    }
    std::set<const Var *> reduced;
    for (const auto &r : omp.reductions)
      reduced.insert(r.var);
    Uses inside;
    collect(li.body, inside);
    std::set<const Var *> written;
    for (const auto &[v, list] : inside.of)
      for (const Access &a : list)
        if (a.write)
          written.insert(v);
    // Where each variable is used outside the loop.
    std::set<const Stmt *> in_loop;
    for (const Block *b : {&li.init, &li.body, &li.step})
      forEachStmt(*b, [&](const Stmt &x, int) { in_loop.insert(&x); });
    // (A fixed-size array declared outside, `double f[8];`, whose contents
    // are zeros there, is used there by nothing else: declared_outside.)
    std::set<const Var *> outside, declared_outside;
    forEachStmt(fn_.body, [&](const Stmt &st, int) {
      if (in_loop.count(&st))
        return;
      if (st.kind == StmtKind::Construct && st.args.empty() &&
          (st.var->type.kind == TypeKind::CArray ||
           st.var->type.kind == TypeKind::Array)) {
        declared_outside.insert(st.var);
        return;
      }
      Uses u;
      collectOne(st, u);
      for (const auto &[v, list] : u.of)
        outside.insert(v);
    });
    for (const Var *p : fn_.params)
      outside.insert(p); // the caller sees them
    if (fn_.result_var)
      outside.insert(fn_.result_var);
    // Counted loops in the body declare their induction variable in their
    // header: private to the iteration already.
    std::set<const Var *> headers;
    forEachStmt(li.body, [&](const Stmt &st, int) {
      if (st.kind == StmtKind::Loop &&
          st.loop->form == LoopInfo::Form::Counted && st.loop->induction)
        headers.insert(st.loop->induction);
    });
    const IterationIndices indices = iterationIndices(li);
    const std::set<const Var *> entries = tableEntries(li.body);
    std::set<const Var *> own;
    for (const auto &[v, root] : indices.own)
      own.insert(v);
    for (const auto &[v, list] : inside.of) {
      if (v == li.induction || headers.count(v))
        continue;
      if (reduced.count(v))
        continue; // an integer reduction: stays a clause
      const Expr *index = list.front().index;
      // (The requested function's pointer parameters are distinct storage.)
      bool one_index =
          (v->type.isContainer() || v->type.kind == TypeKind::Pointer) && index;
      for (const Access &a : list)
        one_index &=
            a.index && index && sameExpr(*a.index, *index) && a.span == 1;
      if (one_index && perIteration(*index, own, written))
        continue; // exclusive: element i - a belongs to iteration i
      if ((v->type.isContainer() || v->type.kind == TypeKind::Pointer) &&
          inBlock(list, indices))
        continue; // exclusive: the block [c i, c i + c) is iteration i's
      if ((v->type.isContainer() || v->type.kind == TypeKind::Pointer) &&
          atAssignedElements(list, entries)) {
        omp.scattered.push_back(v); // exclusive: the program says so
        continue;
      }
      if (!written.count(v)) {
        omp.shared_adjoints.push_back(v);
        continue;
      }
      const std::string name =
          "'" + (v->source_name.empty() ? v->name : v->source_name) + "'";
      const bool declared_private =
          std::find(omp.declared_private.begin(), omp.declared_private.end(),
                    v) != omp.declared_private.end();
      // A scalar, or an array of a fixed size declared in the body.
      const bool fixed =
          v->type.kind == TypeKind::CArray || v->type.kind == TypeKind::Array;
      if ((fixed || !v->type.isContainer()) &&
          v->type.kind != TypeKind::Pointer &&
          (declared_private || !outside.count(v)) && writtenFirst(li.body, v)) {
        omp.privates.push_back(v);
        continue;
      }
      // Such an array used outside only by its declaration: each thread's
      // copy starts from its zeros. What an iteration reads of it before
      // writing it, the same thread's iterations wrote, in a loop free of
      // data races (one thread: `if (threads == 1)` around its uses).
      if (fixed && !outside.count(v) && declared_outside.count(v)) {
        omp.privates.push_back(v);
        continue;
      }
      if (v->type.isContainer() && !outside.count(v))
        omp.refusal = "a std::vector declared in the body of a parallel loop "
                      "(" +
                      name + ") is not supported (a fixed-size array is)";
      else
        omp.refusal =
            "the iterations of this parallel loop are not independent: " +
            name +
            " is written by one iteration and used by others (only elements "
            "[i] of the loop's index, and scalars declared in the body, may "
            "be written)";
      return;
    }
    auto byId = [](const Var *a, const Var *b) { return a->id < b->id; };
    std::sort(omp.privates.begin(), omp.privates.end(), byId);
    std::sort(omp.shared_adjoints.begin(), omp.shared_adjoints.end(), byId);
    std::sort(omp.scattered.begin(), omp.scattered.end(), byId);
  }

  Function &fn_;
};

} // namespace

void analyzeParallelLoops(Function &fn, LoopForms &forms) {
  TANGENT_ASSERT(forms.fn == &fn, "parallel loops of another function");
  bool any = false;
  forEachStmt(fn.body, [&](const Stmt &s, int) {
    any |= s.kind == StmtKind::Loop && s.loop->omp != nullptr;
  });
  if (!any)
    return;
  ParallelLoops pl(fn);
  if (pl.takeOutReductions(fn.body))
    forms = classifyLoops(fn); // the fold loops are counted loops
  pl.classifyAll();
}

std::string parallelLoopReason(const LoopInfo &li) {
  const OmpLoop &omp = *li.omp;
  std::string why = "parallel loop (OpenMP): forward and reverse sweeps "
                    "run in parallel";
  if (!omp.summary.empty())
    why += "; " + omp.summary;
  std::vector<Var *> shared;
  for (Var *v : omp.shared_adjoints)
    if (v->active)
      shared.push_back(v);
  if (shared.empty())
    why += "; each adjoint update is to the iteration's own element: the "
           "gradient is bitwise the sequential loop's";
  else
    why += "; adjoints of " + namesOf(shared) +
           " privatised per thread and summed after the loop in thread "
           "order (their rounding depends on the number of threads)";
  std::vector<Var *> scattered;
  for (Var *v : omp.scattered)
    if (v->active)
      scattered.push_back(v);
  if (!scattered.empty())
    why += "; " + namesOf(scattered) +
           " written at elements an index gives that only the assigning "
           "statement uses: taken as the iteration's, as the loop's freedom "
           "from data races requires";
  if (omp.collapse > 1)
    why += "; collapse(" + std::to_string(omp.collapse) +
           "): parallel over the outer loop";
  if (li.annotated)
    why += "; not checkpointed: its iterations are independent";
  return why;
}

} // namespace tangent
