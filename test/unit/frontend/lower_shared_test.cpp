//===- lower_shared_test.cpp - calls whose arguments share storage --------===//
//
// The lowering of calls that pass one storage twice (LowerShared.cpp): the
// call's callee becomes a specialisation in which the parameters that
// share storage are one parameter (or an element of one), its arguments
// match, and value parameters get copies; calls whose arguments are
// distinct keep the plain callee. A failure prints the caller's IR.
//
//===----------------------------------------------------------------------===//
#include "IrShape.h"
#include "ParsedSource.h"
#include "frontend/lower/Lower.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

class LowerShared : public ::testing::Test {
protected:
  std::unique_ptr<ParsedSource> src;
  std::unique_ptr<Lowering> lowering;

  const Function *lower(const std::string &code) {
    src = std::make_unique<ParsedSource>(code);
    EXPECT_EQ(src->compileErrors(), "");
    const clang::FunctionDecl *fd = src->function("f");
    EXPECT_NE(fd, nullptr);
    if (!fd)
      return nullptr;
    bool accepted = false;
    std::vector<Reported> diags = src->validate(fd, &accepted);
    EXPECT_TRUE(accepted && diags.empty()) << describe(diags);
    if (!accepted)
      return nullptr;
    lowering = std::make_unique<Lowering>(src->context());
    return lowering->lowerTop(fd);
  }

  /// The names of `fn`'s parameters, in order.
  static std::vector<std::string> params(const Function &fn) {
    std::vector<std::string> out;
    for (const Var *p : fn.params)
      out.push_back(p->name);
    return out;
  }
};

/// The first call statement of `b` (not nested).
const Stmt *firstCall(const Block &b) {
  for (const StmtPtr &s : b)
    if (s->kind == StmtKind::Call)
      return s.get();
  return nullptr;
}

} // namespace

#define LOWER(fn, code)                                                        \
  const Function *fn = lower(code);                                            \
  ASSERT_NE(fn, nullptr);                                                      \
  SCOPED_TRACE("the IR:\n" + printFunction(*fn))

TEST_F(LowerShared, OneVariableTwiceIsOneParameter) {
  LOWER(fn, R"(
void addto(double &a, const double &b) { a += b * b; a *= b; }
double f(double x) { double a = x; addto(a, a); return a; }
)");
  ASSERT_EQ(shows(fn->body),
            (Lines{"a = x", "call addto(out a)", "result = a"}));
  const Function &callee = *firstCall(fn->body)->callee;
  EXPECT_EQ(callee.variant, "shared");
  EXPECT_EQ(callee.variant_note,
            "for arguments that share storage ('b' is 'a')");
  EXPECT_TRUE(callee.flattened);
  EXPECT_EQ(params(callee), (Lines{"a"}));
  // The C++ body's order: the second statement reads the new a.
  EXPECT_EQ(shows(callee.body), (Lines{"a = a + a * a", "a = a * a"}));
}

TEST_F(LowerShared, AnElementOfAContainerIsAnIndexedParameter) {
  LOWER(fn, R"(
#include <vector>
void scale_by(std::vector<double> &v, const double &s) { for (auto &e : v) e *= s; }
double f(const std::vector<double> &x) {
  std::vector<double> v = x;
  scale_by(v, v[0]);
  return v[1];
}
)");
  const Stmt &call = *firstCall(fn->body);
  EXPECT_EQ(show(call), "call scale_by(out v, 0ul)");
  EXPECT_EQ(params(*call.callee), (Lines{"v", "at"}));
  EXPECT_EQ(call.callee->variant_note,
            "for arguments that share storage ('s' is an element of 'v')");
}

TEST_F(LowerShared, ElementsAtRunTimeIndicesShareAnAddedRoot) {
  LOWER(fn, R"(
#include <vector>
void acc(double &into, const double &from) { into += from * into; }
double f(const std::vector<double> &x, int i, int j) {
  std::vector<double> v = x;
  acc(v[i], v[j]);
  return v[0];
}
)");
  const Stmt &call = *firstCall(fn->body);
  ASSERT_NE(call.callee, nullptr);
  EXPECT_EQ(params(*call.callee), (Lines{"storage", "at", "at_2"}));
  EXPECT_EQ(call.arg_is_output, (std::vector<bool>{true, false, false}));
}

TEST_F(LowerShared, DistinctConstantElementsKeepThePlainCallee) {
  LOWER(fn, R"(
#include <vector>
void acc(double &into, const double &from) { into += from * into; }
double f(const std::vector<double> &x) {
  std::vector<double> v = x;
  acc(v[0], v[1]);
  return v[0];
}
)");
  const Stmt &call = *firstCall(fn->body);
  EXPECT_EQ(call.callee->variant, "");
  EXPECT_EQ(params(*call.callee), (Lines{"into", "from"}));
}

TEST_F(LowerShared, AValueParameterGetsACopyFirst) {
  LOWER(fn, R"(
void add_value(double &a, double b) { a += b; a *= b; }
double f(double x) { double a = x; add_value(a, a); return a; }
)");
  ASSERT_EQ(shows(fn->body), (Lines{"a = x", "v = a",
                                    "call add_value(out a, v)", "result = a"}));
  EXPECT_EQ(firstCall(fn->body)->callee->variant, "");
}

TEST_F(LowerShared, AFieldWithItsObjectAndAnObjectsOwnField) {
  LOWER(fn, R"(
struct P {
  double x, y;
  void push(const double &by) { x += by; y *= by; }
};
void nudge(P &p, const double &d) { p.x = p.x * d; p.y = p.y + d; }
double f(double a, double b) {
  P p{a, b};
  nudge(p, p.x);
  p.push(p.y);
  return p.x + p.y;
}
)");
  std::vector<const Stmt *> calls;
  for (const StmtPtr &s : fn->body)
    if (s->kind == StmtKind::Call)
      calls.push_back(s.get());
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0]->callee->variant_note,
            "for arguments that share storage ('d' is 'p.x')");
  EXPECT_EQ(params(*calls[0]->callee).size(), 2u);
  EXPECT_EQ(calls[1]->callee->variant_note,
            "for arguments that share storage ('by' is 'self.y')");
  EXPECT_EQ(params(*calls[1]->callee).size(), 2u);
}

TEST_F(LowerShared, ALambdaGivenWhatItCapturesByReference) {
  LOWER(fn, R"(
double f(double x) {
  double a = x;
  auto grow = [&a](double &y) { y += a * a; a *= y; };
  grow(a);
  return a;
}
)");
  const Stmt &call = *firstCall(fn->body);
  EXPECT_EQ(call.callee->variant, "shared");
  EXPECT_EQ(call.args.size(), 1u);
}

TEST_F(LowerShared, ACustomDerivativeWithASharedOutputIsRefused) {
  LOWER(fn, R"(
double polar(double r, double t, double &y);
namespace tangent::custom {
void polar_pullback(double r, double t, double &y, double *dr, double *dt,
                    double *dy, double d) {}
} // namespace tangent::custom
double f(double r, double t) { return polar(r, t, r); }
)");
  ASSERT_EQ(lowering->refusals.size(), 1u);
  EXPECT_NE(lowering->refusals[0].why.find(
                "the arguments 'r' and 'r' of 'polar' may be the same storage"),
            std::string::npos)
      << lowering->refusals[0].why;
  EXPECT_EQ(lowering->refusals[0].in, fn);
}
