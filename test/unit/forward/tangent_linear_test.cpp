//===- tangent_linear_test.cpp - forward mode as an IR-to-IR transform ----===//
#include "codegen/Generate.h"
#include "forward/TangentLinear.h"
#include "ir/Printer.h"
#include "ir_builder.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

bool contains(const std::string &text, const std::string &what) {
  return text.find(what) != std::string::npos;
}

TangentLinearizer linearizer() {
  return TangentLinearizer([](const Function &fn) { return fn.base_name; });
}

/// f(x, y, n) = x * y (n an int)
struct Product : Builder {
  Var *x, *y, *n;
  Product() {
    x = param("x", realType());
    y = param("y", realType());
    n = param("n", intType());
    fn.body.push_back(assign(ref(fn.result_var), bin(Op::Mul, ref(x), ref(y))));
  }
};

} // namespace

TEST(TangentLinear, OneTangentPerDifferentiableParameter) {
  Product p;
  TangentLinearizer lin = linearizer();
  Function *tl = lin.fresh(p.fn, TangentForm::Output);
  ASSERT_TRUE(lin.refusals.empty());
  const TangentSignature &sig = lin.signature(tl);
  ASSERT_EQ(sig.tangent_of.size(), 3u);
  EXPECT_GE(sig.tangent_of[0], 0);
  EXPECT_GE(sig.tangent_of[1], 0);
  EXPECT_EQ(sig.tangent_of[2], -1); // an int has no tangent
  // x, y, n, their two tangents, then t_result (Output form).
  ASSERT_EQ(tl->params.size(), 6u);
  EXPECT_EQ(sig.result_tangent, 5);
  EXPECT_EQ(tl->params[sig.tangent_of[0]]->type.kind, TypeKind::Real);
  EXPECT_EQ(lin.source(tl), &p.fn);
}

TEST(TangentLinear, ProductRuleFromTheTable) {
  Product p;
  TangentLinearizer lin = linearizer();
  Function *tl = lin.fresh(p.fn, TangentForm::Output);
  const std::string ir = printFunction(*tl);
  // The rows of `*` applied to the operands' tangents: t_x * y + x * t_y,
  // computed before the primal statement it belongs to.
  EXPECT_TRUE(contains(ir, "t_x * y")) << ir;
  EXPECT_TRUE(contains(ir, "x * t_y")) << ir;
  EXPECT_LT(ir.find("t_x * y"), ir.find("= x * y")) << ir;
}

TEST(TangentLinear, ReturnFormReturnsTheTangent) {
  Product p;
  TangentLinearizer lin = linearizer();
  Function *tl = lin.fresh(p.fn, TangentForm::Return);
  ASSERT_TRUE(lin.refusals.empty());
  EXPECT_EQ(lin.signature(tl).result_tangent, -1); // no t_result parameter
  EXPECT_EQ(tl->params.size(), 5u);
  EXPECT_TRUE(tl->result.isReal());
}

TEST(TangentLinear, PrintedAsOneFunction) {
  Product p;
  TangentLinearizer lin = linearizer();
  Function *tl = lin.fresh(p.fn, TangentForm::Output);
  GeneratedFunction g = generateTangentLinear(*tl);
  EXPECT_TRUE(contains(g.text, "inline double " + tl->generated_name + "("))
      << g.text;
  EXPECT_TRUE(contains(printCpp(g.declarations), tl->generated_name))
      << printCpp(g.declarations);
  EXPECT_FALSE(contains(g.text, "tape"))
      << g.text; // forward mode records nothing
}

TEST(TangentLinear, CustomDerivativeWithOutputsIsARefusal) {
  // f(x): g(x, out) with a custom derivative writing `out`: forward mode
  // cannot use the custom pullback for it.
  Builder b;
  Var *x = b.param("x", realType());
  Var *out = b.var("out", realType());
  auto call = std::make_unique<Stmt>();
  call->kind = StmtKind::Call;
  call->loc.file = "test.cpp";
  call->loc.line = 7;
  call->custom = "g";
  call->custom_pullback = "tangent::custom::g_pullback";
  call->args.push_back(Builder::ref(x));
  call->args.push_back(Builder::ref(out));
  call->arg_is_output = {false, true};
  b.fn.body.push_back(std::move(call));
  b.fn.body.push_back(
      Builder::assign(Builder::ref(b.fn.result_var), Builder::ref(out)));
  TangentLinearizer lin = linearizer();
  lin.fresh(b.fn, TangentForm::Output);
  ASSERT_EQ(lin.refusals.size(), 1u);
  const Refusal &r = lin.refusals[0];
  EXPECT_EQ(r.source, Refusal::Source::ForwardMode);
  EXPECT_EQ(r.at.line, 7u);
  EXPECT_TRUE(contains(r.why, "custom derivative of 'g'")) << r.why;
  EXPECT_FALSE(contains(r.why, "tangent: ")) << r.why; // the layer adds it
}

TEST(TangentLinear, RefusalsAreReportedOnce) {
  Refusals all;
  Loc at;
  at.raw = 42;
  addRefusal(all, {Refusal::Source::ForwardMode, at, "why", nullptr});
  addRefusal(all, {Refusal::Source::ForwardMode, at, "why", nullptr});
  addRefusal(all, {Refusal::Source::ForwardMode, at, "other", nullptr});
  EXPECT_EQ(all.size(), 2u);
}
