//===- parallel_loops_test.cpp - what a parallel loop's iterations own ---===//
//
// The decisions of analysis/ParallelLoops.cpp about the indices each
// iteration owns: the induction variable, a scalar the body only sets to it
// (`int thread = omp_get_thread_num();` once lowered), the index of the
// loop over an iteration's share in a region of per-thread results
// (OmpLoop::share_index), a block of c elements at a strided index, what
// a callee reaches through a pointer parameter (IterationIndices.cpp); and
// the scalars private to an inner loop.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "ir_builder.h"
#include <algorithm>
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

/// f(x, y, n, team): a parallel loop over t < team, its body given.
struct Parallel : Builder {
  Var *x, *y, *n, *team, *t;
  Parallel() {
    x = param("x", vectorType(), true, true);
    y = param("y", vectorType(), true);
    n = param("n", intType());
    team = param("team", intType());
    t = var("t", intType(), VarRole::Induction);
    fn.body.push_back(assign(ref(fn.result_var), num(0)));
  }
  OmpLoop &run(Block body, Var *share = nullptr) {
    fn.body.push_back(forLoop(t, integer(0), ref(team), std::move(body), 7));
    LoopInfo &li = *fn.body.back()->loop;
    li.omp = std::make_unique<OmpLoop>();
    li.omp->share_index = share;
    LoopForms forms = classifyLoops(fn);
    analyzeParallelLoops(fn, forms);
    return *li.omp;
  }
  static ExprPtr at(Var *v, ExprPtr i) {
    return makeIndex(ref(v), std::move(i));
  }
  static bool has(const std::vector<Var *> &vs, const Var *v) {
    return std::find(vs.begin(), vs.end(), v) != vs.end();
  }
};

} // namespace

TEST(ParallelLoops, ACopyOfTheIndexIsTheIterationsOwn) {
  Parallel p;
  Var *k = p.var("k", intType());
  Block body;
  body.push_back(p.assign(p.ref(k), p.ref(p.t)));
  body.push_back(p.assign(p.at(p.y, p.ref(k)),
                          p.bin(Op::Mul, p.at(p.x, p.ref(k)), p.num(2))));
  OmpLoop &omp = p.run(std::move(body));
  EXPECT_EQ(omp.refusal, "");
  EXPECT_FALSE(p.has(omp.shared_adjoints, p.x)); // x[k]: one per iteration
  EXPECT_TRUE(p.has(omp.privates, k));
}

TEST(ParallelLoops, ACopyChangedLaterIsNot) {
  Parallel p;
  Var *k = p.var("k", intType());
  Block body;
  body.push_back(p.assign(p.ref(k), p.ref(p.t)));
  body.push_back(p.assign(p.ref(k), p.bin(Op::Add, p.ref(k), p.integer(1))));
  body.push_back(p.assign(p.at(p.y, p.ref(k)), p.at(p.x, p.ref(p.t))));
  EXPECT_NE(p.run(std::move(body)).refusal, "");
}

namespace {

/// Per-thread sums: s = 0; for (i = lo(t); i < hi(t); ++i) { c = x[i] * 2;
/// s = s + c; } y[t] = s; with the inner loop's index the share's or not.
OmpLoop &perThread(Parallel &p, bool share, Var *&c) {
  Var *s = p.var("s", realType());
  Var *i = p.var("i", intType(), VarRole::Induction);
  c = p.var("c", realType());
  Block inner;
  inner.push_back(
      p.assign(p.ref(c), p.bin(Op::Mul, p.at(p.x, p.ref(i)), p.num(2))));
  inner.push_back(p.assign(p.ref(s), p.bin(Op::Add, p.ref(s), p.ref(c))));
  Block body;
  body.push_back(p.assign(p.ref(s), p.num(0)));
  body.push_back(p.forLoop(
      i, p.bin(Op::Div, p.bin(Op::Mul, p.ref(p.t), p.ref(p.n)), p.ref(p.team)),
      p.bin(
          Op::Div,
          p.bin(Op::Mul, p.bin(Op::Add, p.ref(p.t), p.integer(1)), p.ref(p.n)),
          p.ref(p.team)),
      std::move(inner)));
  body.push_back(p.assign(p.at(p.y, p.ref(p.t)), p.ref(s)));
  return p.run(std::move(body), share ? i : nullptr);
}

} // namespace

TEST(ParallelLoops, TheIndexOfAThreadsShareIsItsOwn) {
  Parallel shared, owned;
  Var *c = nullptr;
  OmpLoop &a = perThread(shared, false, c);
  EXPECT_EQ(a.refusal, "");
  EXPECT_TRUE(shared.has(a.shared_adjoints, shared.x)); // any i, any thread
  OmpLoop &b = perThread(owned, true, c);
  EXPECT_EQ(b.refusal, "");
  EXPECT_FALSE(owned.has(b.shared_adjoints, owned.x)); // i in t's share
}

TEST(ParallelLoops, AScalarOfAnInnerLoopsBodyIsPrivate) {
  Parallel p;
  Var *c = nullptr;
  OmpLoop &omp = perThread(p, true, c);
  EXPECT_EQ(omp.refusal, "");
  EXPECT_TRUE(p.has(omp.privates, c));
}

TEST(ParallelLoops, AStridedIndexOwnsItsBlock) {
  // i3 = 3 t; y[i3] = x[t]; y[i3 + 2] = x[t] and then, outside the block,
  // y[i3 + 3] = x[t] (the next iteration's first element).
  for (long long last : {2, 3}) {
    Parallel p;
    Var *i3 = p.var("i3", intType());
    Block body;
    body.push_back(
        p.assign(p.ref(i3), p.bin(Op::Mul, p.integer(3), p.ref(p.t))));
    body.push_back(p.assign(p.at(p.y, p.ref(i3)), p.at(p.x, p.ref(p.t))));
    body.push_back(
        p.assign(p.at(p.y, p.bin(Op::Add, p.ref(i3), p.integer(last))),
                 p.at(p.x, p.ref(p.t))));
    const std::string refusal = p.run(std::move(body)).refusal;
    if (last == 2)
      EXPECT_EQ(refusal, "");
    else
      EXPECT_NE(refusal, "");
  }
}

TEST(ParallelLoops, ACalleeReachesItsConstantExtent) {
  Builder callee(false);
  Type pointer = realType();
  pointer.kind = TypeKind::Pointer;
  pointer.spelling = "double*";
  pointer.elem_spelling = "double";
  Var *out = callee.param("out", pointer);
  Var *k = callee.param("k", intType());
  callee.fn.body.push_back(callee.assign(
      makeIndex(callee.ref(out), callee.integer(1)), callee.num(2)));
  callee.fn.body.push_back(callee.assign(
      makeIndex(callee.ref(out), callee.integer(0)), callee.num(1)));
  EXPECT_EQ(pointerExtent(callee.fn, out), 2);
  // An index it computes: no constant extent.
  callee.fn.body.push_back(
      callee.assign(makeIndex(callee.ref(out), callee.ref(k)), callee.num(1)));
  EXPECT_EQ(pointerExtent(callee.fn, out), 0);
}

TEST(ParallelLoops, AScalarOfOneBranchAloneIsPrivate) {
  // if (x[t] > 0) { c = 2 x[t]; y[t] = c; }: c used nowhere else.
  Parallel p;
  Var *c = p.var("c", realType());
  auto branch = std::make_unique<Stmt>();
  branch->kind = StmtKind::If;
  branch->cond =
      makeBinary(Op::Gt, p.at(p.x, p.ref(p.t)), p.num(0), boolType());
  branch->then_block.push_back(
      p.assign(p.ref(c), p.bin(Op::Mul, p.num(2), p.at(p.x, p.ref(p.t)))));
  branch->then_block.push_back(p.assign(p.at(p.y, p.ref(p.t)), p.ref(c)));
  Block body;
  body.push_back(std::move(branch));
  OmpLoop &omp = p.run(std::move(body));
  EXPECT_EQ(omp.refusal, "");
  EXPECT_TRUE(p.has(omp.privates, c));
}

TEST(ParallelLoops, AParameterACalleeNeverUsesIsNotAnAccess) {
  Builder callee(false);
  Var *used = callee.param("used", vectorType(), true);
  Var *unused = callee.param("unused", vectorType(), true);
  callee.fn.body.push_back(
      callee.assign(callee.ref(callee.fn.result_var),
                    makeIndex(callee.ref(used), callee.integer(0))));
  EXPECT_TRUE(parameterUsed(callee.fn, used));
  EXPECT_FALSE(parameterUsed(callee.fn, unused));
}

namespace {

/// y[tab[t]] = y[tab[t]] * x[t], then (`read_other`) y[t] read too; or
/// (`affine`) the index t + 1 in place of the table's entry.
OmpLoop &scatter(Parallel &p, bool read_other, bool affine) {
  Type ints = vectorType();
  ints.spelling = "std::vector<int>";
  ints.elem_spelling = "int";
  ints.elem_real = false;
  Var *tab = p.param("tab", ints, true, true);
  Var *k = p.var("k", intType());
  Block body;
  body.push_back(
      p.assign(p.ref(k), affine ? p.bin(Op::Add, p.ref(p.t), p.integer(1))
                                : p.at(tab, p.ref(p.t))));
  ExprPtr rhs =
      p.bin(Op::Mul, p.at(p.y, p.ref(k)),
            read_other ? p.at(p.y, p.ref(p.t)) : p.at(p.x, p.ref(p.t)));
  body.push_back(p.assign(p.at(p.y, p.ref(k)), std::move(rhs)));
  return p.run(std::move(body));
}

} // namespace

TEST(ParallelLoops, ElementsAssignedThroughATableAreTheIterations) {
  // Used only by the statement that assigns it at a table's entry: no
  // other iteration of a loop free of data races touches y[tab[t]].
  Parallel p;
  OmpLoop &omp = scatter(p, false, false);
  EXPECT_EQ(omp.refusal, "");
  EXPECT_TRUE(p.has(omp.scattered, p.y));
  EXPECT_FALSE(p.has(omp.shared_adjoints, p.y));
}

TEST(ParallelLoops, AScatterReadElsewhereOrAtAComputedIndexIsNot) {
  Parallel read, computed;
  EXPECT_NE(scatter(read, true, false).refusal, ""); // y[t]: another's
  // y[t + 1]: decided from the iteration's indices, not trusted.
  EXPECT_NE(scatter(computed, false, true).refusal, "");
}

TEST(ParallelLoops, AnIndexAnInnerLoopComputesStaysInTheBlock) {
  // for (k = 0; k < c; ++k) { jj = 3 t + k; y[jj] = x[t]; }: inside the
  // iteration's block [3 t, 3 t + 3) for c = 3, past it for c = 4.
  for (long long c : {3, 4}) {
    Parallel p;
    Var *k = p.var("k", intType(), VarRole::Induction);
    Var *jj = p.var("jj", intType());
    Block inner;
    inner.push_back(p.assign(
        p.ref(jj),
        p.bin(Op::Add, p.bin(Op::Mul, p.integer(3), p.ref(p.t)), p.ref(k))));
    inner.push_back(p.assign(p.at(p.y, p.ref(jj)), p.at(p.x, p.ref(p.t))));
    Block body;
    body.push_back(p.forLoop(k, p.integer(0), p.integer(c), std::move(inner)));
    const std::string refusal = p.run(std::move(body)).refusal;
    EXPECT_EQ(refusal.empty(), c == 3) << refusal;
  }
}

namespace {

/// g_jvp(x[t], 1, s) then y[t] = s: a nested gradient's component `s`
/// (Stmt::along set, `component`) or an ordinary output argument.
OmpLoop &component(Parallel &p, Builder &callee, bool along, Var *&s) {
  Var *v = callee.param("v", realType());
  Var *dv = callee.param("dv", realType());
  Var *out = callee.param("out", realType(), true);
  callee.fn.body.push_back(callee.assign(
      callee.ref(out), callee.bin(Op::Mul, callee.ref(v), callee.ref(dv))));
  s = p.var("s", realType());
  auto call = std::make_unique<Stmt>();
  call->kind = StmtKind::Call;
  call->callee = &callee.fn;
  call->along = along ? 0 : -1;
  call->args.push_back(p.at(p.x, p.ref(p.t)));
  call->args.push_back(p.num(1));
  call->args.push_back(p.ref(s));
  call->arg_is_output = {false, false, true};
  Block body;
  body.push_back(std::move(call));
  body.push_back(p.assign(p.at(p.y, p.ref(p.t)), p.ref(s)));
  (void)out;
  return p.run(std::move(body));
}

} // namespace

// A nested gradient's component is written by its call before anything
// reads it: a scalar of the iteration. An output argument in general may
// be read by the callee first, so it is not.
TEST(ParallelLoops, ANestedGradientsComponentIsTheIterations) {
  {
    Parallel p;
    Builder callee(false);
    Var *s = nullptr;
    OmpLoop &omp = component(p, callee, true, s);
    EXPECT_EQ(omp.refusal, "");
    EXPECT_TRUE(p.has(omp.privates, s));
  }
  {
    Parallel p;
    Builder callee(false);
    Var *s = nullptr;
    OmpLoop &omp = component(p, callee, false, s);
    EXPECT_NE(omp.refusal, "");
  }
}
