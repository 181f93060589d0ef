//===- legality_test.cpp - what generation cannot emit, refused first -----===//
//
// generationRefusals() (frontend/LegalityIR.cpp) on IR built by hand: each
// case the generator only asserts is a located refusal here, and code
// generation of a refused construct is an internal error, never code.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "codegen/Generate.h"
#include "frontend/Legality.h"
#include "ir/Support.h"
#include "ir_builder.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

/// f(x): for (i = 0; i < 10; ++i) s = s * x; result = s
struct Loop : Builder {
  Var *x, *s, *i;
  Loop() {
    x = param("x", realType());
    s = var("s", realType());
    i = var("i", intType());
    fn.body.push_back(assign(ref(s), num(1)));
    Block body;
    body.push_back(assign(ref(s), bin(Op::Mul, ref(s), ref(x)), 3));
    fn.body.push_back(forLoop(i, integer(0), integer(10), std::move(body), 2));
    fn.body.push_back(assign(ref(fn.result_var), ref(s)));
  }
  Stmt &loopStmt() { return *fn.body[1]; }
};

} // namespace

TEST(Legality, NothingToRefuse) {
  Loop l;
  analyzeFunction(l.fn, Options{});
  EXPECT_TRUE(generationRefusals(l.fn, Generation::Adjoint).empty());
  EXPECT_TRUE(generationRefusals(l.fn, Generation::TangentLinear).empty());
}

TEST(Legality, FixedPointThatIsNotOne) {
  Loop l;
  l.loopStmt().loop->fixed_point = true;
  Analyzed a = analyzeFunction(l.fn, Options{});
  // A counted loop is no convergence loop: the analysis says why.
  ASSERT_NE(l.loopStmt().loop->strategy, LoopStrategy::FixedPoint);
  Refusals r = generationRefusals(l.fn, Generation::Adjoint);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].source, Refusal::Source::FixedPoint);
  EXPECT_EQ(r[0].at.line, 2u);
  EXPECT_EQ(r[0].why, l.loopStmt().loop->reason);
  EXPECT_EQ(r[0].in, &l.fn);
  // Printed untaped (forward mode), the loop is a plain loop.
  EXPECT_TRUE(generationRefusals(l.fn, Generation::TangentLinear).empty());
  // The generator, handed it anyway, stops with an internal error.
  EXPECT_THROW(generateAdjoint(l.fn, a, Options{}, "f"), InternalError);
}

TEST(Legality, ParallelLoopTheAnalysisRefused) {
  Loop l;
  l.loopStmt().loop->omp = std::make_unique<OmpLoop>();
  Analyzed a = analyzeFunction(l.fn, Options{});
  // s = s * x carries a dependence from one iteration to the next.
  ASSERT_FALSE(l.loopStmt().loop->omp->refusal.empty());
  Refusals r = generationRefusals(l.fn, Generation::Adjoint);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].source, Refusal::Source::ParallelLoop);
  EXPECT_EQ(r[0].why, l.loopStmt().loop->omp->refusal);
  EXPECT_THROW(generateAdjoint(l.fn, a, Options{}, "f"), InternalError);
}

TEST(Legality, FixedPointOnAParallelLoop) {
  Loop l;
  l.loopStmt().loop->omp = std::make_unique<OmpLoop>();
  l.loopStmt().loop->fixed_point = true;
  // Refused before any analysis, and in both generators.
  for (Generation g : {Generation::Adjoint, Generation::TangentLinear}) {
    Refusals r = generationRefusals(l.fn, g);
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r[0].why,
              "[[tangent::fixed_point]] on a parallel loop is not supported");
  }
}

TEST(Legality, PointerWithoutDerivativeToADifferentiatedParameter) {
  // g(double *p, double &out): out = p[0]; f(x, q) with q an inactive
  // pointer: g(q, x) writes the active x, and its reverse takes an adjoint
  // of p, which q does not have.
  Builder g(/*top=*/false);
  Type ptr = vectorType();
  ptr.kind = TypeKind::Pointer;
  ptr.spelling = "double *";
  Var *p = g.param("p", ptr, false, /*is_const=*/true);
  Var *out = g.param("out", realType(), /*by_ref=*/true);
  g.fn.result = Type{};
  g.fn.result_var = nullptr;
  g.fn.body.push_back(Builder::assign(
      Builder::ref(out), makeIndex(Builder::ref(p), Builder::integer(0))));
  g.fn.name = "g";
  analyzeCallees({&g.fn});

  Builder f;
  Var *x = f.param("x", realType(), /*by_ref=*/true);
  Var *q = f.param("q", ptr, false, /*is_const=*/true);
  auto call = std::make_unique<Stmt>();
  call->kind = StmtKind::Call;
  call->loc.line = 5;
  call->callee = &g.fn;
  call->args.push_back(Builder::ref(q));
  call->args.push_back(Builder::ref(x));
  call->arg_is_output = {false, true};
  f.fn.body.push_back(std::move(call));
  f.fn.body.push_back(
      Builder::assign(Builder::ref(f.fn.result_var), Builder::ref(x)));
  Options o;
  o.wrt = 1; // x only: q carries no derivative
  analyzeFunction(f.fn, o);
  ASSERT_FALSE(q->active);
  ASSERT_TRUE(x->active);
  Refusals r = generationRefusals(f.fn, Generation::Adjoint);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].source, Refusal::Source::Generation);
  EXPECT_EQ(r[0].at.line, 5u);
  EXPECT_EQ(r[0].why, "passing a pointer that carries no derivative to 'g' is "
                      "not supported");
}
