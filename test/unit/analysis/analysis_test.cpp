//===- analysis_test.cpp - loops, activity, to-be-recorded, strategies ----===//
#include "analysis/Analysis.h"
#include "ir/IRWalk.h"
#include "ir/Verify.h"
#include "ir_builder.h"
#include "rules/Rules.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

/// f(x, c): s = 0; for (int i = 0; i < N; ++i) s = s + x * c; result = s
struct Accumulate : Builder {
  Var *x, *c, *s, *i, *k;
  explicit Accumulate(long long n) {
    x = param("x", realType());
    c = param("c", realType());
    s = var("s", realType());
    k = var("k", realType()); // constant local, never varied
    i = var("i", intType(), VarRole::Induction);
    fn.body.push_back(assign(ref(s), num(0)));
    fn.body.push_back(assign(ref(k), num(2)));
    Block body;
    body.push_back(
        assign(ref(s), bin(Op::Add, ref(s), bin(Op::Mul, ref(x), ref(c)))));
    fn.body.push_back(forLoop(i, integer(0), integer(n), std::move(body), 5));
    fn.body.push_back(assign(ref(fn.result_var), bin(Op::Mul, ref(s), ref(k))));
  }
  LoopInfo &loop() { return *fn.body[2]->loop; }
};

} // namespace

TEST(LoopAnalysis, ConstantCountedLoop) {
  Accumulate a(2000);
  classifyLoops(a.fn);
  EXPECT_EQ(a.loop().form, LoopInfo::Form::Counted);
  EXPECT_EQ(a.loop().constant_trips, 2000);
  EXPECT_EQ(a.loop().increment, 1);
  EXPECT_TRUE(a.x->invariant);
  EXPECT_FALSE(a.s->invariant);
}

TEST(LoopAnalysis, WrittenInductionVariableIsNotCounted) {
  Accumulate a(10);
  a.loop().body.push_back(Builder::assign(
      Builder::ref(a.i),
      Builder::bin(Op::Add, Builder::ref(a.i), Builder::integer(1))));
  classifyLoops(a.fn);
  EXPECT_EQ(a.loop().form, LoopInfo::Form::Structured);
  EXPECT_EQ(a.i->role, VarRole::Local);
}

// The reverse counts a Counted loop's trips in integers: only a comparison
// of integers whose result it reproduces qualifies.
TEST(LoopAnalysis, FloatingPointBoundIsNotCounted) {
  Accumulate a(10);
  Var *n = a.param("n", realType()); // i < n, n = 2.5: three trips
  LoopInfo &li = a.loop();
  li.cond = makeBinary(Op::Lt, makeCast(realType(), Builder::ref(a.i)),
                       Builder::ref(n), boolType());
  classifyLoops(a.fn);
  EXPECT_EQ(li.form, LoopInfo::Form::Structured);
}

TEST(LoopAnalysis, UnsignedComparisonCountsFromANonNegativeConstant) {
  Type size = intType();
  size.spelling = "unsigned long";
  size.is_unsigned = true;
  for (long long start : {0LL, 3LL}) {
    Accumulate a(10);
    Var *n = a.param("n", size);
    LoopInfo &li = a.loop();
    li.cond = makeBinary(Op::Lt, makeCast(size, Builder::ref(a.i)),
                         Builder::ref(n), boolType());
    li.init.front()->rhs = Builder::integer(start);
    classifyLoops(a.fn);
    EXPECT_EQ(li.form, LoopInfo::Form::Counted) << "from " << start;
  }
  // From a variable that may be negative: -1 < n is false in unsigned.
  Accumulate a(10);
  Var *n = a.param("n", size);
  Var *k = a.param("k", intType());
  LoopInfo &li = a.loop();
  li.cond = makeBinary(Op::Lt, makeCast(size, Builder::ref(a.i)),
                       Builder::ref(n), boolType());
  li.init.front()->rhs = Builder::ref(k);
  classifyLoops(a.fn);
  EXPECT_EQ(li.form, LoopInfo::Form::Structured);
}

TEST(Activity, WrtSelectsIndependents) {
  Accumulate a(10);
  LoopForms loops = classifyLoops(a.fn);
  Activity activity = analyzeActivity(a.fn, loops, std::uint64_t{1}, true);
  EXPECT_TRUE(a.x->active);
  EXPECT_FALSE(a.c->active); // not selected
  EXPECT_TRUE(a.s->active);
  EXPECT_FALSE(a.k->active); // constant
}

TEST(Activity, UnoptimizedMakesEverythingActive) {
  Accumulate a(10);
  LoopForms loops = classifyLoops(a.fn);
  Activity activity = analyzeActivity(a.fn, loops, ~std::uint64_t{0}, false);
  EXPECT_TRUE(a.k->active);
}

TEST(ToBeRecorded, ProductReadsTheOtherFactor) {
  Accumulate a(10);
  LoopForms loops = classifyLoops(a.fn);
  Activity activity = analyzeActivity(a.fn, loops, ~std::uint64_t{0}, true);
  analyzeToBeRecorded(a.fn, activity, true);
  // d(x*c)/dx = c and d(x*c)/dc = x: both read; s only feeds sums.
  EXPECT_TRUE(a.x->read_in_reverse);
  EXPECT_TRUE(a.c->read_in_reverse);
  EXPECT_TRUE(a.k->read_in_reverse); // result = s * k needs k
  EXPECT_FALSE(a.s->read_in_reverse);
}

TEST(Checkpointing, ReasonsForEveryLoop) {
  {
    Accumulate a(50);
    LoopForms loops = classifyLoops(a.fn);
    Activity activity = analyzeActivity(a.fn, loops, ~std::uint64_t{0}, true);
    Records records = analyzeToBeRecorded(a.fn, activity, true);
    Options o;
    o.checkpoint = true;
    chooseLoopStrategies(a.fn, records, o);
    EXPECT_EQ(a.loop().strategy, LoopStrategy::FullTape);
    EXPECT_EQ(a.loop().reason, "trip count 50 < min_length 100");
  }
  {
    Accumulate a(2000);
    LoopForms loops = classifyLoops(a.fn);
    Activity activity = analyzeActivity(a.fn, loops, ~std::uint64_t{0}, true);
    Records records = analyzeToBeRecorded(a.fn, activity, true);
    Options o;
    o.checkpoint = true;
    chooseLoopStrategies(a.fn, records, o);
    EXPECT_EQ(a.loop().strategy, LoopStrategy::Segments);
    ASSERT_EQ(a.loop().carried.size(), 1u);
    EXPECT_EQ(a.loop().carried[0], a.s);
  }
  {
    Accumulate a(2000);
    LoopForms loops = classifyLoops(a.fn);
    Activity activity = analyzeActivity(a.fn, loops, ~std::uint64_t{0}, true);
    Records records = analyzeToBeRecorded(a.fn, activity, true);
    chooseLoopStrategies(a.fn, records, Options{});
    EXPECT_EQ(a.loop().strategy, LoopStrategy::FullTape);
    EXPECT_EQ(a.loop().reason, "checkpointing not requested");
  }
}

namespace {

/// f(x): a = x; b = 2; swap(a, b); result = b * b
struct Swapped : Builder {
  Var *x, *a, *b;
  Swapped() {
    x = param("x", realType());
    a = var("a", realType());
    b = var("b", realType());
    fn.body.push_back(assign(ref(a), ref(x)));
    fn.body.push_back(assign(ref(b), num(2)));
    StmtPtr s = assign(ref(a), ref(b));
    s->kind = StmtKind::Swap;
    fn.body.push_back(std::move(s));
    fn.body.push_back(assign(ref(fn.result_var), bin(Op::Mul, ref(b), ref(b))));
  }
};

} // namespace

TEST(Activity, SwapGivesBothOperandsOneStatus) {
  Swapped f;
  LoopForms loops = classifyLoops(f.fn);
  Activity activity = analyzeActivity(f.fn, loops, ~std::uint64_t{0}, true);
  // b was a constant until it received a's value: both carry derivatives.
  EXPECT_TRUE(f.a->active);
  EXPECT_TRUE(f.b->active);
}

TEST(ToBeRecorded, SwapReadsBothOperandsInReverse) {
  Swapped f;
  LoopForms loops = classifyLoops(f.fn);
  Activity activity = analyzeActivity(f.fn, loops, ~std::uint64_t{0}, true);
  analyzeToBeRecorded(f.fn, activity, true);
  // Swapping back restores both only if both hold their values there.
  EXPECT_TRUE(f.a->read_in_reverse);
  EXPECT_TRUE(f.b->read_in_reverse);
}

namespace {

/// tri(d, e, x, out), GMM's Qtimesx:
///   for (id = 0; id < d; ++id) out[id] = x[id] * x[id];       // first
///   for (i = 0; i < d; ++i)
///     for (j = i + 1; j < <inner>; ++j) out[j] = out[j] + x[i]; // covered?
/// with <inner> d (covered) or e (not the covering loop's bound).
struct Triangular : Builder {
  Var *d, *e, *x, *out, *id, *i, *j;
  Stmt *first = nullptr, *later = nullptr;
  explicit Triangular(bool same_bound) : Builder(false) {
    Type ptr = realType();
    ptr.kind = TypeKind::Pointer;
    ptr.spelling = "double *";
    ptr.elem_spelling = "double";
    ptr.elem_real = true;
    d = param("d", intType());
    e = param("e", intType());
    x = param("x", ptr);
    out = param("out", ptr);
    id = var("id", intType(), VarRole::Induction);
    i = var("i", intType(), VarRole::Induction);
    j = var("j", intType(), VarRole::Induction);
    Block b1;
    b1.push_back(assign(
        makeIndex(ref(out), ref(id)),
        bin(Op::Mul, makeIndex(ref(x), ref(id)), makeIndex(ref(x), ref(id)))));
    first = b1.back().get();
    fn.body.push_back(forLoop(id, integer(0), ref(d), std::move(b1)));
    Block inner;
    inner.push_back(assign(
        makeIndex(ref(out), ref(j)),
        bin(Op::Add, makeIndex(ref(out), ref(j)), makeIndex(ref(x), ref(i)))));
    later = inner.back().get();
    Block b2;
    b2.push_back(forLoop(j, bin(Op::Add, ref(i), integer(1)),
                         ref(same_bound ? d : e), std::move(inner)));
    fn.body.push_back(forLoop(i, integer(0), ref(d), std::move(b2)));
  }
  void analyze() {
    LoopForms loops = classifyLoops(fn);
    Activity activity = analyzeActivity(fn, loops, ~std::uint64_t{0}, true);
    analyzeToBeRecorded(fn, activity, true);
  }
};

} // namespace

TEST(ToBeRecorded, OverwriteCoveredByAnEarlierLoopIsNotRecorded) {
  Triangular t(/*same_bound=*/true);
  t.analyze();
  // out's first overwrite records the caller's values; the later ones are
  // within out[0, d) and nothing reads them in reverse.
  EXPECT_TRUE(t.out->restored_at_entry);
  EXPECT_TRUE(needsRecord(t.fn, *t.first, t.out));
  EXPECT_FALSE(needsRecord(t.fn, *t.later, t.out));
}

TEST(ToBeRecorded, OverwriteBeyondTheCoveredRangeIsRecorded) {
  Triangular t(/*same_bound=*/false);
  t.analyze();
  // j < e may reach past out[0, d): the caller's value there is recorded.
  EXPECT_TRUE(needsRecord(t.fn, *t.first, t.out));
  EXPECT_TRUE(needsRecord(t.fn, *t.later, t.out));
}

TEST(ToBeRecorded, CoveredWritesSwitchedOffRecordsEveryOverwrite) {
  Triangular t(/*same_bound=*/true);
  t.fn.passes.disable(Pass::CoveredWrites);
  t.analyze();
  // The conservative answer: the later overwrite records too.
  EXPECT_TRUE(needsRecord(t.fn, *t.first, t.out));
  EXPECT_TRUE(needsRecord(t.fn, *t.later, t.out));
}

namespace {

/// f(x): best = 1e300; for (T j = 0; j < 8; ++j) { v = x[j] * x[j];
/// if (v < best) best = <then>; } result = best * best, with an index of
/// type `index` and a then-block that copies v (or computes from it).
struct Selection : Builder {
  Var *x, *best, *v, *j;
  Stmt *branch = nullptr;
  Selection(const Type &index, bool copies) {
    Type vec;
    vec.kind = TypeKind::Vector;
    vec.spelling = "std::vector<double>";
    vec.elem_spelling = "double";
    vec.elem_real = true;
    x = param("x", vec, /*by_ref=*/true, /*is_const=*/true);
    best = var("best", realType());
    v = var("v", realType());
    j = var("j", index, VarRole::Induction);
    fn.body.push_back(assign(ref(best), num(1e300)));
    Block body;
    body.push_back(assign(ref(v), bin(Op::Mul, makeIndex(ref(x), ref(j)),
                                      makeIndex(ref(x), ref(j)))));
    auto s = std::make_unique<Stmt>();
    s->kind = StmtKind::If;
    s->loc = body.back()->loc;
    s->cond = makeBinary(Op::Lt, ref(v), ref(best), boolType());
    s->then_block.push_back(
        assign(ref(best), copies ? ref(v) : bin(Op::Mul, ref(v), num(2))));
    branch = s.get();
    body.push_back(std::move(s));
    StmtPtr loop = forLoop(j, makeIntLiteral(0, index),
                           makeIntLiteral(8, index), std::move(body), 3);
    loop->loop->step.front()->rhs =
        makeBinary(Op::Add, ref(j), makeIntLiteral(1, index), index);
    fn.body.push_back(std::move(loop));
    fn.body.push_back(
        assign(ref(fn.result_var), bin(Op::Mul, ref(best), ref(best))));
  }
};

} // namespace

TEST(LastTaken, ASelectionRecordsItsLastIterationWhateverTheIndexType) {
  Type size = intType();
  size.spelling = "unsigned long";
  size.is_unsigned = true;
  for (const Type &index : {intType(), intType("long"), size}) {
    Selection s(index, /*copies=*/true);
    analyzeFunction(s.fn, Options{});
    EXPECT_TRUE(s.branch->last_taken) << index.spelling;
    // Nothing else moves an adjoint: its reverse is that one iteration.
    EXPECT_TRUE(s.fn.body[1]->loop->reverse_one_iteration) << index.spelling;
  }
}

TEST(LastTaken, AThenBlockThatComputesIsNotASelection) {
  Selection s(intType(), /*copies=*/false);
  analyzeFunction(s.fn, Options{});
  EXPECT_FALSE(s.branch->last_taken);
  // Switched off (`optimized = false` switches every optional pass off):
  // the decisions are recorded.
  Selection t(intType(), /*copies=*/true);
  t.fn.passes = t.fn.passes.requiredOnly();
  analyzeFunction(t.fn, Options{});
  EXPECT_FALSE(t.branch->last_taken);
}

namespace {

/// A function `name(std::vector<double> &v)` for the write summaries.
struct Callee : Builder {
  Var *v;
  explicit Callee(const std::string &name, bool pointer = false)
      : Builder(false) {
    fn.name = fn.base_name = name;
    Type t = vectorType();
    if (pointer) { // `double *v`
      t.kind = TypeKind::Pointer;
      t.spelling = "double*";
    }
    v = param("v", t, /*by_ref=*/!pointer);
  }
  /// `result = v[0]`: reads its parameter.
  void reads() {
    fn.body.push_back(
        assign(ref(fn.result_var), makeIndex(ref(v), integer(0))));
  }
  /// `v[0] = 1`: writes it.
  void writes() {
    fn.body.push_back(assign(makeIndex(ref(v), integer(0)), num(1)));
  }
  /// `g(v)`, v bound to g's non-const reference.
  void calls(Function &g) { fn.body.push_back(call(g, ref(v))); }
  static StmtPtr call(Function &g, ExprPtr arg) {
    auto s = std::make_unique<Stmt>();
    s->kind = StmtKind::Call;
    s->callee = &g;
    s->args.push_back(std::move(arg));
    s->arg_is_output.push_back(true);
    return s;
  }
};

} // namespace

TEST(WrittenParameters, AParameterOnlyPassedToReadersIsNotWritten) {
  Callee reader("reader"), writer("writer"), passes("passes"),
      passes_on("passes_on");
  reader.reads();
  writer.writes();
  passes.calls(reader.fn);    // a non-const reference, only read
  passes_on.calls(writer.fn); // given to a function that writes it
  summarizeWrites({&passes.fn, &passes_on.fn, &reader.fn, &writer.fn});
  EXPECT_FALSE(reader.fn.param_written[0]);
  EXPECT_TRUE(writer.fn.param_written[0]);
  EXPECT_FALSE(passes.fn.param_written[0]);
  EXPECT_TRUE(passes_on.fn.param_written[0]);
  // The calls themselves: what a caller saves around them.
  EXPECT_FALSE(callWrites(*passes.fn.body[0], 0));
  EXPECT_TRUE(callWrites(*passes_on.fn.body[0], 0));
}

TEST(WrittenParameters, RecursionIsTheLeastFixedPoint) {
  // a(v) calls b(v), b(v) calls a(v): neither writes v...
  Callee a("a"), b("b");
  a.calls(b.fn);
  b.calls(a.fn);
  summarizeWrites({&a.fn, &b.fn});
  EXPECT_FALSE(a.fn.param_written[0]);
  EXPECT_FALSE(b.fn.param_written[0]);
  // ...until one of them writes it: then both do.
  Callee c("c"), d("d");
  c.calls(d.fn);
  d.calls(c.fn);
  d.writes();
  summarizeWrites({&c.fn, &d.fn});
  EXPECT_TRUE(c.fn.param_written[0]);
  EXPECT_TRUE(d.fn.param_written[0]);
}

TEST(WrittenParameters, ACalleeWithoutASummaryWritesWhatItMay) {
  Callee unknown("unknown"), caller("caller");
  unknown.reads(); // never summarized: param_written is empty
  caller.calls(unknown.fn);
  EXPECT_TRUE(callWrites(*caller.fn.body[0], 0));
  summarizeWrites({&caller.fn});
  EXPECT_TRUE(caller.fn.param_written[0]);
}

TEST(WrittenParameters, WhatAPointerPointsAtIsWrittenOnlyIfACalleeWritesIt) {
  // f(double *v) { g(v); }: v's elements are written when g writes them.
  Callee reader("reader", true), writer("writer", true), passes("passes", true),
      passes_on("passes_on", true);
  reader.reads();
  writer.writes();
  passes.calls(reader.fn);
  passes_on.calls(writer.fn);
  summarizeWrites({&passes.fn, &passes_on.fn, &reader.fn, &writer.fn});
  EXPECT_FALSE(callWrites(*passes.fn.body[0], 0));
  EXPECT_TRUE(callWrites(*passes_on.fn.body[0], 0));
  EXPECT_FALSE(passes.fn.param_written[0]);
  EXPECT_TRUE(passes_on.fn.param_written[0]);
}

namespace {

/// `r = g(&b[0], x); result = r;` with b a local vector nothing varies and
/// g's first parameter a differentiated pointer.
struct AddressIntoConstantVector {
  Builder g{false}, f;
  Var *x, *b, *r;
  AddressIntoConstantVector() {
    Type pointer = realType();
    pointer.kind = TypeKind::Pointer;
    pointer.spelling = "const double*";
    pointer.elem_spelling = "double";
    pointer.elem_real = true;
    pointer.pointee_const = true;
    g.param("p", pointer);
    g.param("s", realType());
    x = f.param("x", realType());
    b = f.var("b", vectorType());
    r = f.var("r", realType());
    auto call = std::make_unique<Stmt>();
    call->kind = StmtKind::Call;
    call->callee = &g.fn;
    ExprPtr first = makeIndex(Builder::ref(b), Builder::integer(0));
    first->address = true;
    call->args.push_back(std::move(first));
    call->args.push_back(Builder::ref(x));
    call->arg_is_output = {false, false};
    call->result = r;
    f.fn.body.push_back(std::move(call));
    f.fn.body.push_back(
        Builder::assign(Builder::ref(f.fn.result_var), Builder::ref(r)));
  }
};

} // namespace

TEST(Activity, AnAddressIntoALocalVectorGivenToADerivativeCallGetsAnAdjoint) {
  AddressIntoConstantVector a;
  LoopForms loops = classifyLoops(a.f.fn);
  analyzeActivity(a.f.fn, loops, ~std::uint64_t{0}, true);
  EXPECT_TRUE(a.r->active);
  // Nothing varies b, but the callee's reverse accumulates into storage of
  // its extent, which only b's own adjoint has.
  EXPECT_TRUE(a.b->active);
}

TEST(Activity,
     AnAddressIntoALocalVectorOfACallWithoutDerivativesStaysInactive) {
  AddressIntoConstantVector a;
  LoopForms loops = classifyLoops(a.f.fn);
  analyzeActivity(a.f.fn, loops, std::uint64_t{0}, true); // x not selected
  EXPECT_FALSE(a.r->active);
  EXPECT_FALSE(a.b->active);
}

namespace {

/// f(x, n): sum = 0; for (i < n) { s = x[i]; for (j < 4) s = s <op> x[j];
/// sum = sum + s * s; } result = sum: with op `-` no reverse statement of
/// the inner loop reads s (least squares' inner sum), with `*` each does.
struct InnerSum : Builder {
  Var *x, *n, *sum, *s, *i, *j;
  Stmt *outer = nullptr, *inner = nullptr;
  explicit InnerSum(Op op) {
    x = param("x", vectorType(), /*by_ref=*/true, /*is_const=*/true);
    n = param("n", intType());
    sum = var("sum", realType());
    s = var("s", realType());
    i = var("i", intType(), VarRole::Induction);
    j = var("j", intType(), VarRole::Induction);
    fn.body.push_back(assign(ref(sum), num(0)));
    Block in;
    in.push_back(assign(ref(s), bin(op, ref(s), makeIndex(ref(x), ref(j)))));
    Block body;
    body.push_back(assign(ref(s), makeIndex(ref(x), ref(i))));
    body.push_back(forLoop(j, integer(0), integer(4), std::move(in)));
    inner = body.back().get();
    body.push_back(
        assign(ref(sum), bin(Op::Add, ref(sum), bin(Op::Mul, ref(s), ref(s)))));
    fn.body.push_back(forLoop(i, integer(0), ref(n), std::move(body)));
    outer = fn.body.back().get();
    fn.body.push_back(assign(ref(fn.result_var), ref(sum)));
  }
};

} // namespace

TEST(HoistedRecords, AScalarNoReverseInsideTheLoopReadsIsRecordedOnce) {
  InnerSum f(Op::Sub);
  analyzeFunction(f.fn, Options{});
  // The inner loop's overwrites of s would each record (the reverse of
  // `sum + s * s` reads s in the outer loop around them) ...
  EXPECT_TRUE(needsRecord(f.fn, *f.inner->loop->body.front(), f.s));
  // ... but nothing inside it reads s: the inner loop records s once.
  EXPECT_EQ(hoistedRecords(f.fn, *f.inner, {}), std::vector<Var *>{f.s});
  // The outer loop reads s inside (its square): not there.
  EXPECT_TRUE(hoistedRecords(f.fn, *f.outer, {}).empty());
  // Hoisted to a loop around already: not again.
  EXPECT_TRUE(hoistedRecords(f.fn, *f.inner, {f.s}).empty());
}

TEST(HoistedRecords, AScalarTheLoopReadsInReverseKeepsItsRecords) {
  InnerSum f(Op::Mul); // the reverse of s = s * x[j] reads s and x[j]
  analyzeFunction(f.fn, Options{});
  EXPECT_TRUE(hoistedRecords(f.fn, *f.inner, {}).empty());
}

TEST(HoistedRecords, SwitchedOffEveryOverwriteRecords) {
  InnerSum f(Op::Sub);
  f.fn.passes.disable(Pass::HoistedRecords);
  analyzeFunction(f.fn, Options{});
  EXPECT_TRUE(hoistedRecords(f.fn, *f.inner, {}).empty());
}

TEST(HoistedRecords, ACheckpointedLoopKeepsItsRecords) {
  InnerSum f(Op::Sub);
  analyzeFunction(f.fn, Options{});
  f.inner->loop->strategy = LoopStrategy::Segments; // not the full tape
  EXPECT_TRUE(hoistedRecords(f.fn, *f.inner, {}).empty());
}

namespace {

/// top = x[0]; for (int i = 1; i < n; ++i) top = <which>(top, <operand>);
/// result = top
struct RunningMax : Builder {
  Var *x, *n, *top, *i, *other;
  Stmt *loop = nullptr;
  RunningMax(const char *which, bool kept_first = true,
             const char *operand = "element") {
    x = param("x", vectorType(), /*by_ref=*/true, /*is_const=*/true);
    n = param("n", intType());
    top = var("top", realType());
    other = var("other", realType());
    i = var("i", intType(), VarRole::Induction);
    fn.body.push_back(assign(ref(top), makeIndex(ref(x), integer(0))));
    fn.body.push_back(assign(ref(other), num(2)));
    auto call = std::make_unique<Expr>();
    call->kind = ExprKind::Math;
    call->rule = findFunctionRule(which);
    call->text = std::string("std::") + which;
    call->type = realType();
    ExprPtr e = std::string(operand) == "element" ? makeIndex(ref(x), ref(i))
                : std::string(operand) == "variable"
                    ? ref(other)
                    : bin(Op::Add, ref(top), num(1)); // reads top
    if (kept_first) {
      call->ops.push_back(ref(top));
      call->ops.push_back(std::move(e));
    } else {
      call->ops.push_back(std::move(e));
      call->ops.push_back(ref(top));
    }
    Block body;
    body.push_back(assign(ref(top), std::move(call)));
    fn.body.push_back(forLoop(i, integer(1), ref(n), std::move(body)));
    loop = fn.body.back().get();
    fn.body.push_back(assign(ref(fn.result_var), ref(top)));
  }
  const Block &body() const { return loop->loop->body; }
};

} // namespace

TEST(RunningExtrema, AMaximumBecomesASelectionOfAnEvaluatedCandidate) {
  RunningMax f("max");
  rewriteRunningExtrema(f.fn);
  // candidate = x[i]; if (top < candidate) top = candidate;
  ASSERT_EQ(f.body().size(), 2u);
  const Stmt &copy = *f.body()[0], &branch = *f.body()[1];
  ASSERT_EQ(copy.kind, StmtKind::Assign);
  const Var *candidate = copy.lhs->var;
  EXPECT_EQ(candidate->role, VarRole::Temp);
  EXPECT_EQ(copy.rhs->kind, ExprKind::Index);
  ASSERT_EQ(branch.kind, StmtKind::If);
  EXPECT_EQ(branch.cond->op, Op::Lt);
  EXPECT_EQ(branch.cond->ops[0]->var, f.top); // max: top < candidate
  EXPECT_EQ(branch.cond->ops[1]->var, candidate);
  ASSERT_EQ(branch.then_block.size(), 1u);
  EXPECT_EQ(branch.then_block[0]->lhs->var, f.top);
  EXPECT_EQ(branch.then_block[0]->rhs->var, candidate);
  EXPECT_TRUE(branch.else_block.empty());
  EXPECT_EQ(verifyFunction(f.fn), std::vector<std::string>{});
}

TEST(RunningExtrema, AMinimumComparesTheOtherWay) {
  RunningMax f("min", true, "variable");
  rewriteRunningExtrema(f.fn);
  // A variable is compared as it is: if (other < top) top = other;
  ASSERT_EQ(f.body().size(), 1u);
  const Stmt &branch = *f.body()[0];
  ASSERT_EQ(branch.kind, StmtKind::If);
  EXPECT_EQ(branch.cond->ops[0]->var, f.other);
  EXPECT_EQ(branch.cond->ops[1]->var, f.top);
}

TEST(RunningExtrema, TheSelectionIsOneLastTakenMarks) {
  RunningMax f("max");
  analyzeFunction(f.fn, Options{});
  ASSERT_EQ(f.body().size(), 2u);
  EXPECT_TRUE(f.body()[1]->last_taken);
  EXPECT_TRUE(f.loop->loop->reverse_one_iteration);
}

TEST(RunningExtrema, LooksAlikeStayAsTheyAre) {
  // fmax (another NaN rule), the kept value second, a candidate reading the
  // kept value, an OpenMP loop (a reduction's update), the pass off.
  for (int c = 0; c < 5; ++c) {
    RunningMax f(c == 0 ? "fmax" : "max", c != 1, c == 2 ? "reads" : "element");
    if (c == 3) {
      f.loop->loop->omp = std::make_unique<OmpLoop>();
      rewriteRunningExtrema(f.fn);
    } else {
      if (c == 4)
        f.fn.passes.disable(Pass::RunningExtrema);
      analyzeFunction(f.fn, Options{});
    }
    ASSERT_EQ(f.body().size(), 1u) << c;
    EXPECT_EQ(f.body()[0]->kind, StmtKind::Assign) << c;
    EXPECT_EQ(f.body()[0]->rhs->kind, ExprKind::Math) << c;
  }
}
