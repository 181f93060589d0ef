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

/// f(x) = out after g(x, out), g having a custom derivative that writes
/// `out` (a pullback, and a pushforward when `pushforward`).
struct CustomOutput : Builder {
  Var *x, *out;
  explicit CustomOutput(bool pushforward) {
    x = param("x", realType());
    out = var("out", realType());
    auto call = std::make_unique<Stmt>();
    call->kind = StmtKind::Call;
    call->loc.file = "test.cpp";
    call->loc.line = 7;
    call->custom = "g";
    call->custom_pullback = "tangent::custom::g_pullback";
    if (pushforward)
      call->custom_pushforward = "tangent::custom::g_pushforward";
    call->args.push_back(ref(x));
    call->args.push_back(ref(out));
    call->arg_is_output = {false, true};
    fn.body.push_back(std::move(call));
    fn.body.push_back(assign(ref(fn.result_var), ref(out)));
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
  CustomOutput b(false);
  TangentLinearizer lin = linearizer();
  lin.fresh(b.fn, TangentForm::Output);
  ASSERT_EQ(lin.refusals.size(), 1u);
  const Refusal &r = lin.refusals[0];
  EXPECT_EQ(r.source, Refusal::Source::ForwardMode);
  EXPECT_EQ(r.at.line, 7u);
  EXPECT_TRUE(contains(r.why, "derivative of 'g'")) << r.why;
  EXPECT_TRUE(contains(r.why, "define tangent::custom::g_pushforward"))
      << r.why;
  EXPECT_FALSE(contains(r.why, "tangent: ")) << r.why; // the layer adds it
}

TEST(TangentLinear, CustomPushforwardIsCalledBeforeTheCall) {
  // f(x): g(x, out) with a pushforward: pushforward(x, out, t_x, &t_out),
  // with the values before the call, then g(x, out).
  CustomOutput b(true);
  TangentLinearizer lin = linearizer();
  Function *tl = lin.fresh(b.fn, TangentForm::Output);
  ASSERT_TRUE(lin.refusals.empty());
  const std::string ir = printFunction(*tl);
  const std::size_t pf = ir.find("call custom tangent::custom::g_pushforward(");
  const std::size_t g = ir.find("call custom g(");
  ASSERT_NE(pf, std::string::npos) << ir;
  ASSERT_NE(g, std::string::npos) << ir;
  EXPECT_LT(pf, g) << ir;
  // The output's tangent by address, as an output; the input's by value.
  EXPECT_TRUE(contains(ir, "g_pushforward(x, out, t_x, out &t_out)")) << ir;
  // Second order cannot differentiate it again: it is listed.
  EXPECT_EQ(lin.signature(tl).custom_calls.size(), 1u);
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
