//===- lower_test.cpp - the IR lowering builds, construct by construct ----===//
//
// Each test parses a small function, checks that the validator accepts it
// silently, lowers it with Lowering::lowerTop and states the IR's exact
// shape: statements (IrShape.h), loop forms, flags and temporaries. A
// failure prints the whole IR (ir/Printer.h).
//
//===----------------------------------------------------------------------===//
#include "IrShape.h"
#include "ParsedSource.h"
#include "frontend/lower/Lower.h"
#include "ir/IRWalk.h"
#include "ir/Printer.h"
#include "rules/Rules.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

class Lower : public ::testing::Test {
protected:
  std::unique_ptr<ParsedSource> src;
  std::unique_ptr<Lowering> lowering;

  /// Parses `code`, checks that the validator accepts `name` without a
  /// diagnostic, and lowers it as a requested function.
  const Function *lower(const std::string &code, const std::string &name = "f",
                        const std::string &errors = "") {
    src = std::make_unique<ParsedSource>(code);
    if (errors.empty())
      EXPECT_EQ(src->compileErrors(), "");
    else
      EXPECT_NE(src->compileErrors().find(errors), std::string::npos)
          << src->compileErrors();
    const clang::FunctionDecl *fd = src->function(name);
    EXPECT_NE(fd, nullptr) << "no function '" << name << "' in the source";
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
};

/// The variable of `fn` named `name` in generated code.
const Var *var(const Function &fn, const std::string &name) {
  for (const auto &v : fn.vars)
    if (v->name == name)
      return v.get();
  return nullptr;
}

/// How many variables of `fn` have the role `role`.
int count(const Function &fn, VarRole role) {
  int n = 0;
  for (const auto &v : fn.vars)
    n += v->role == role;
  return n;
}

} // namespace

/// Lowers `code`'s function f into `fn`; failures below print its IR.
#define LOWER(fn, code)                                                        \
  const Function *fn = lower(code);                                            \
  ASSERT_NE(fn, nullptr);                                                      \
  SCOPED_TRACE("the IR:\n" + printFunction(*fn))

TEST_F(Lower, ForWithBreakIsAGeneralLoop) {
  LOWER(fn, R"(
double f(double x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    if (s > 10.0)
      break; // @break
    s = s + x;
  }
  return s;
}
)");
  EXPECT_EQ(fn->name, "f");
  ASSERT_EQ(fn->params.size(), 2u);
  EXPECT_EQ(fn->params[0]->name, "x");
  EXPECT_EQ(fn->params[1]->param_index, 1);
  EXPECT_EQ(shows(fn->body), (Lines{"s = 0.0", "loop", "result = s"}));
  const LoopInfo &li = *fn->body[1]->loop;
  EXPECT_EQ(li.kind_name, "for");
  EXPECT_EQ(li.form, LoopInfo::Form::General);
  ASSERT_NE(li.exit_flag, nullptr);
  EXPECT_EQ(li.exit_flag->name, "broke");
  EXPECT_EQ(li.exit_flag->role, VarRole::Flag);
  EXPECT_EQ(li.cond, nullptr); // the body tests it
  EXPECT_TRUE(li.step.empty());
  EXPECT_EQ(var(*fn, "i")->role, VarRole::Induction);
  EXPECT_EQ(shows(li.init), (Lines{"i = 0", "broke = false"}));
  // Repeat { exit unless i < n; unless exited { body; step } }.
  ASSERT_EQ(shows(li.body), (Lines{"if (!(i < n))", "if (!broke)"}));
  EXPECT_EQ(shows(li.body[0]->then_block), (Lines{"broke = true"}));
  const Block &iteration = li.body[1]->then_block;
  ASSERT_EQ(shows(iteration),
            (Lines{"if (s > 10.0)", "if (!broke)", "if (!broke)"}));
  // The break sets the flag at its own line; what follows is guarded.
  ASSERT_EQ(shows(iteration[0]->then_block), (Lines{"broke = true"}));
  EXPECT_EQ(iteration[0]->then_block[0]->loc.line, src->lineOf("@break"));
  EXPECT_EQ(shows(iteration[1]->then_block), (Lines{"s = s + x"}));
  EXPECT_EQ(shows(iteration[2]->then_block), (Lines{"i = i + 1"}));
}

TEST_F(Lower, ForWithoutJumpsIsStructured) {
  LOWER(fn, R"(
double f(double x) {
  double s = 1.0;
  for (int i = 0; i < 10; ++i)
    s = s * x;
  return s;
}
)");
  ASSERT_EQ(shows(fn->body), (Lines{"s = 1.0", "loop", "result = s"}));
  const LoopInfo &li = *fn->body[1]->loop;
  EXPECT_EQ(li.kind_name, "for");
  // Counted is for loop analysis to decide: lowering gives Structured.
  EXPECT_EQ(li.form, LoopInfo::Form::Structured);
  EXPECT_EQ(li.exit_flag, nullptr);
  EXPECT_FALSE(li.do_while);
  ASSERT_NE(li.cond, nullptr);
  EXPECT_EQ(printExpr(*li.cond), "i < 10");
  EXPECT_EQ(shows(li.init), (Lines{"i = 0"}));
  EXPECT_EQ(shows(li.body), (Lines{"s = s * x"}));
  EXPECT_EQ(shows(li.step), (Lines{"i = i + 1"}));
  EXPECT_EQ(var(*fn, "i")->role, VarRole::Induction);
  EXPECT_EQ(count(*fn, VarRole::Flag), 0);
}

TEST_F(Lower, WhileIsStructured) {
  LOWER(fn, R"(
double f(double x) {
  double s = x;
  while (s < 100.0)
    s = s * 2.0;
  return s;
}
)");
  ASSERT_EQ(shows(fn->body), (Lines{"s = x", "loop", "result = s"}));
  const LoopInfo &li = *fn->body[1]->loop;
  EXPECT_EQ(li.kind_name, "while");
  EXPECT_EQ(li.form, LoopInfo::Form::Structured);
  EXPECT_FALSE(li.do_while);
  ASSERT_NE(li.cond, nullptr);
  EXPECT_EQ(printExpr(*li.cond), "s < 100.0");
  EXPECT_TRUE(li.init.empty());
  EXPECT_TRUE(li.step.empty());
  EXPECT_EQ(shows(li.body), (Lines{"s = s * 2.0"}));
}

TEST_F(Lower, WhileWithEffectsInItsConditionIsGeneral) {
  LOWER(fn, R"(
double f(double x) {
  int i = 0;
  double s = 0.0;
  while (i++ < 4)
    s = s + x;
  return s;
}
)");
  const LoopInfo &li = *fn->body[2]->loop;
  EXPECT_EQ(li.form, LoopInfo::Form::General);
  EXPECT_EQ(shows(li.init), (Lines{"broke = false"}));
  // The condition is evaluated in the body, its effects first.
  ASSERT_EQ(shows(li.body),
            (Lines{"v = i", "i = i + 1", "if (!(v < 4))", "if (!broke)"}));
  EXPECT_EQ(var(*fn, "v")->role, VarRole::Temp);
  EXPECT_EQ(shows(li.body[3]->then_block), (Lines{"s = s + x"}));
}

TEST_F(Lower, DoWhileTestsAfterTheBody) {
  LOWER(fn, R"(
double f(double x) {
  double s = x;
  do {
    s = s * 1.5;
  } while (s < 10.0);
  return s;
}
)");
  ASSERT_EQ(shows(fn->body), (Lines{"s = x", "loop", "result = s"}));
  const LoopInfo &li = *fn->body[1]->loop;
  EXPECT_EQ(li.kind_name, "do");
  EXPECT_EQ(li.form, LoopInfo::Form::Structured);
  EXPECT_TRUE(li.do_while);
  ASSERT_NE(li.cond, nullptr);
  EXPECT_EQ(printExpr(*li.cond), "s < 10.0");
  EXPECT_EQ(shows(li.body), (Lines{"s = s * 1.5"}));
}

TEST_F(Lower, DoWhileWithBreakTestsAtTheEndOfTheBody) {
  LOWER(fn, R"(
double f(double x) {
  double s = x;
  do {
    if (s > 50.0)
      break;
    s = s * 1.5;
  } while (s < 10.0);
  return s;
}
)");
  const LoopInfo &li = *fn->body[1]->loop;
  EXPECT_EQ(li.form, LoopInfo::Form::General);
  EXPECT_FALSE(li.do_while); // a general loop repeats until its flag
  ASSERT_EQ(shows(li.body),
            (Lines{"if (s > 50.0)", "if (!broke)", "if (!broke)"}));
  EXPECT_EQ(shows(li.body[1]->then_block), (Lines{"s = s * 1.5"}));
  ASSERT_EQ(shows(li.body[2]->then_block), (Lines{"if (!(s < 10.0))"}));
  EXPECT_EQ(shows(li.body[2]->then_block[0]->then_block),
            (Lines{"broke = true"}));
}

TEST_F(Lower, RangeForOverAVectorIndexesIt) {
  LOWER(fn, R"(
#include <vector>
double f(const std::vector<double> &v) {
  double s = 0.0;
  for (double e : v)
    s += e * e;
  return s;
}
)");
  ASSERT_EQ(shows(fn->body), (Lines{"s = 0.0", "loop", "result = s"}));
  const LoopInfo &li = *fn->body[1]->loop;
  EXPECT_EQ(li.kind_name, "range-for");
  EXPECT_EQ(li.form, LoopInfo::Form::Structured);
  EXPECT_EQ(shows(li.init), (Lines{"i = 0"}));
  ASSERT_NE(li.cond, nullptr);
  EXPECT_EQ(printExpr(*li.cond), "i < v.size()");
  // The element is copied into the loop variable, then the body runs.
  EXPECT_EQ(shows(li.body), (Lines{"e = v[i]", "s = s + e * e"}));
  EXPECT_EQ(shows(li.step), (Lines{"i = i + 1"}));
  const Var *i = var(*fn, "i");
  ASSERT_NE(i, nullptr);
  EXPECT_EQ(i->role, VarRole::Induction);
  EXPECT_EQ(i->type.spelling, "std::size_t");
  EXPECT_EQ(var(*fn, "v")->type.kind, TypeKind::Vector);
  EXPECT_TRUE(var(*fn, "v")->is_const);
}

TEST_F(Lower, RangeForByReferenceUsesTheElement) {
  LOWER(fn, R"(
#include <array>
double f(std::array<double, 3> &a) {
  double s = 0.0;
  for (double &e : a)
    s += e;
  return s;
}
)");
  const LoopInfo &li = *fn->body[1]->loop;
  EXPECT_EQ(li.kind_name, "range-for");
  // No copy: the reference is the element itself; an array's bound is its
  // extent.
  EXPECT_EQ(printExpr(*li.cond), "i < 3");
  EXPECT_EQ(shows(li.body), (Lines{"s = s + a[i]"}));
  EXPECT_EQ(var(*fn, "e"), nullptr);
}

TEST_F(Lower, SwitchWithFallthroughIsAnIfChain) {
  LOWER(fn, R"(
double f(double x, int k) {
  double y = 0.0;
  switch (k) {
  case 0:
    y = x;
  case 1:
  case 2:
    y = y + 2.0 * x;
    break;
  default:
    y = -x;
  }
  return y;
}
)");
  ASSERT_EQ(shows(fn->body),
            (Lines{"y = 0.0", "v = k", "if (v == 0)", "result = y"}));
  const Stmt &first = *fn->body[2];
  // case 0 falls through into case 1's statements, lowered again there.
  EXPECT_EQ(shows(first.then_block), (Lines{"y = x", "y = y + 2.0 * x"}));
  ASSERT_EQ(shows(first.else_block), (Lines{"if (v == 1 || v == 2)"}));
  const Stmt &second = *first.else_block[0];
  EXPECT_EQ(shows(second.then_block), (Lines{"y = y + 2.0 * x"}));
  EXPECT_EQ(shows(second.else_block), (Lines{"y = -x"}));
}

TEST_F(Lower, CompoundAssignmentsArePlainAssignments) {
  LOWER(fn, R"(
double f(double x, int n) {
  double y = 1.0;
  y *= x;
  y -= 3.0;
  y += n;
  int k = n;
  k /= 2;
  return y + k;
}
)");
  EXPECT_EQ(shows(fn->body),
            (Lines{"y = 1.0", "y = y * x", "y = y - 3.0", "y = y + double(n)",
                   "k = n", "k = k / 2", "result = y + double(k)"}));
  // No early return: no flag.
  EXPECT_EQ(count(*fn, VarRole::Flag), 0);
}

TEST_F(Lower, ConditionalTargetBranchesOnTheCondition) {
  LOWER(fn, R"(
double f(double x, bool c) {
  double a = 0.0, b = 0.0;
  (c ? a : b) = x * 2.0;
  return a - b;
}
)");
  ASSERT_EQ(shows(fn->body),
            (Lines{"a = 0.0", "b = 0.0", "if (c)", "result = a - b"}));
  const Stmt &branch = *fn->body[2];
  // Each branch writes its own variable (never a temporary), and the value
  // of the whole expression is a copy of it.
  EXPECT_EQ(shows(branch.then_block), (Lines{"a = x * 2.0", "v = a"}));
  EXPECT_EQ(shows(branch.else_block), (Lines{"b = x * 2.0", "v = b"}));
  EXPECT_EQ(var(*fn, "v")->role, VarRole::Temp);
}

TEST_F(Lower, NestedConditionalTargets) {
  LOWER(fn, R"(
double f(double x, bool c, bool d) {
  double a = 0.0, b = 0.0, e = 0.0;
  (c ? a : (d ? b : e)) += x;
  return a + b + e;
}
)");
  const Stmt &branch = *fn->body[3];
  ASSERT_EQ(shows(branch.then_block), (Lines{"a = a + x", "v = a"}));
  ASSERT_EQ(shows(branch.else_block), (Lines{"if (d)"}));
  EXPECT_EQ(shows(branch.else_block[0]->then_block),
            (Lines{"b = b + x", "v = b"}));
  EXPECT_EQ(shows(branch.else_block[0]->else_block),
            (Lines{"e = e + x", "v = e"}));
}

TEST_F(Lower, EarlyReturnSetsAFlagThatGuardsTheRest) {
  LOWER(fn, R"(
double f(double x) {
  if (x < 0.0)
    return 0.0;
  double y = x * x;
  return y;
}
)");
  ASSERT_EQ(shows(fn->body),
            (Lines{"returned = false", "if (x < 0.0)", "if (!returned)"}));
  EXPECT_EQ(var(*fn, "returned")->role, VarRole::Flag);
  EXPECT_EQ(shows(fn->body[1]->then_block),
            (Lines{"result = 0.0", "returned = true"}));
  EXPECT_EQ(shows(fn->body[2]->then_block),
            (Lines{"y = x * x", "result = y", "returned = true"}));
  ASSERT_NE(fn->result_var, nullptr);
  EXPECT_EQ(fn->result_var->name, "result");
}

TEST_F(Lower, ReturnInALoopEndsTheLoopAndTheFunction) {
  LOWER(fn, R"(
double f(double x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    s = s + x;
    if (s > 5.0)
      return s;
  }
  return -s;
}
)");
  ASSERT_EQ(shows(fn->body),
            (Lines{"returned = false", "s = 0.0", "loop", "if (!returned)"}));
  const LoopInfo &li = *fn->body[2]->loop;
  EXPECT_EQ(li.form, LoopInfo::Form::General);
  const Block &iteration = li.body[1]->then_block;
  ASSERT_EQ(shows(iteration),
            (Lines{"s = s + x", "if (s > 5.0)", "if (!broke)"}));
  EXPECT_EQ(shows(iteration[1]->then_block),
            (Lines{"result = s", "returned = true", "broke = true"}));
  EXPECT_EQ(shows(fn->body[3]->then_block),
            (Lines{"result = -s", "returned = true"}));
}

TEST_F(Lower, ContinueSetsASkipFlag) {
  LOWER(fn, R"(
double f(double x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    if (i % 2 == 0)
      continue;
    s = s + x;
  }
  return s;
}
)");
  const LoopInfo &li = *fn->body[1]->loop;
  // continue alone keeps the loop structured.
  EXPECT_EQ(li.form, LoopInfo::Form::Structured);
  EXPECT_EQ(var(*fn, "skip")->role, VarRole::Flag);
  ASSERT_EQ(shows(li.body),
            (Lines{"skip = false", "if (i % 2 == 0)", "if (!skip)"}));
  EXPECT_EQ(shows(li.body[1]->then_block), (Lines{"skip = true"}));
  EXPECT_EQ(shows(li.body[2]->then_block), (Lines{"s = s + x"}));
  EXPECT_EQ(shows(li.step), (Lines{"i = i + 1"}));
}

TEST_F(Lower, UserCallIsAStatementAndItsCalleeIsLoweredOnce) {
  LOWER(fn, R"(
double square(double x) { return x * x; }
double f(double x) {
  double y = square(x + 1.0) * 2.0;
  return y + square(x);
}
)");
  // Computed floating arguments get a temporary (their adjoint's place).
  ASSERT_EQ(shows(fn->body),
            (Lines{"v = x + 1.0", "v_2 = call square(v)", "y = v_2 * 2.0",
                   "v_3 = call square(x)", "result = y + v_3"}));
  const Stmt &first = *fn->body[1];
  const Stmt &second = *fn->body[3];
  ASSERT_NE(first.callee, nullptr);
  EXPECT_EQ(first.callee, second.callee);
  EXPECT_TRUE(first.custom.empty());
  EXPECT_EQ(first.arg_is_output, (std::vector<bool>{false}));
  EXPECT_EQ(first.result, var(*fn, "v_2"));
  EXPECT_EQ(first.loc.line, 4u);
  ASSERT_EQ(lowering->ordered().size(), 1u);
  const Function &callee = *lowering->ordered()[0];
  EXPECT_EQ(&callee, first.callee);
  EXPECT_FALSE(callee.is_top);
  EXPECT_EQ(shows(callee.body), (Lines{"result = x * x"}));
}

TEST_F(Lower, OutputArgumentsAreMarked) {
  LOWER(fn, R"(
void scale(double &y, double k) { y = y * k; }
double f(double x) {
  double y = x;
  scale(y, 3.0);
  return y;
}
)");
  ASSERT_EQ(shows(fn->body),
            (Lines{"y = x", "call scale(out y, 3.0)", "result = y"}));
  EXPECT_EQ(fn->body[1]->result, nullptr);
  EXPECT_EQ(fn->body[1]->arg_is_output, (std::vector<bool>{true, false}));
}

TEST_F(Lower, CustomDerivativeIsACallOfTheRule) {
  LOWER(fn, R"(
double mystery(double x);
namespace tangent::custom {
void mystery_pullback(double x, double *d_x, double d_result) {
  *d_x += d_result * x;
}
} // namespace tangent::custom
double f(double x) { return mystery(x) * x; }
)");
  ASSERT_EQ(shows(fn->body),
            (Lines{"v = call custom mystery(x)", "result = v * x"}));
  EXPECT_EQ(fn->body[0]->callee, nullptr);
  EXPECT_EQ(fn->body[0]->custom_pullback, "tangent::custom::mystery_pullback");
  EXPECT_TRUE(lowering->ordered().empty());
}

TEST_F(Lower, MathCallsStayInExpressions) {
  LOWER(fn, R"(
#include <cmath>
double f(double x) {
  return std::sin(x) * std::pow(x, 2.0);
}
)");
  ASSERT_EQ(shows(fn->body),
            (Lines{"result = std::sin(x) * std::pow(x, 2.0)"}));
  const Expr &product = *fn->body[0]->rhs;
  ASSERT_EQ(product.kind, ExprKind::Binary);
  const Expr &sin = *product.ops[0];
  const Expr &pow = *product.ops[1];
  EXPECT_EQ(sin.kind, ExprKind::Math);
  EXPECT_EQ(sin.rule, findFunctionRule("sin"));
  EXPECT_EQ(pow.kind, ExprKind::Math);
  EXPECT_EQ(pow.rule, findFunctionRule("pow"));
  EXPECT_EQ(pow.ops.size(), 2u);
  EXPECT_TRUE(lowering->ordered().empty());
}

TEST_F(Lower, ConstantCallIsAnInactiveExpression) {
  LOWER(fn, R"(
#include <limits>
int weight(int i) { return 2 * i + 1; }
double f(double x, int i) {
  return x * weight(i) + std::numeric_limits<double>::epsilon();
}
)");
  ASSERT_EQ(fn->body.size(), 1u);
  EXPECT_EQ(show(*fn->body[0]), "result = x * double(weight(i)) + "
                                "std::numeric_limits<double>::epsilon()");
  const Expr &sum = *fn->body[0]->rhs;
  const Expr &epsilon = *sum.ops[1];
  EXPECT_EQ(epsilon.kind, ExprKind::InactiveCall);
  EXPECT_TRUE(epsilon.ops.empty());
  EXPECT_TRUE(epsilon.type.isReal());
  const Expr &weight = *sum.ops[0]->ops[1]->ops[0];
  EXPECT_EQ(weight.kind, ExprKind::InactiveCall);
  EXPECT_EQ(weight.text, "weight");
  // Neither is differentiated: no callee is lowered.
  EXPECT_TRUE(lowering->ordered().empty());
}

TEST_F(Lower, PostIncrementKeepsTheOldValue) {
  LOWER(fn, R"(
double f(double x) {
  double s = x;
  double t = s++;
  return s * t;
}
)");
  EXPECT_EQ(shows(fn->body),
            (Lines{"s = x", "v = s", "s = s + 1", "t = v", "result = s * t"}));
}

// C++17 sequences an assignment's right operand before its left one: the
// value is read before the target's index is stepped.
TEST_F(Lower, AssignmentValueIsReadBeforeTheTargetsSideEffects) {
  LOWER(fn, R"(
#include <vector>
double f(std::vector<double> a) {
  int i = 0;
  a[i++] = a[i] * 2.0;
  return a[0];
}
)");
  EXPECT_EQ(
      shows(fn->body),
      (Lines{"i = 0", "v_2 = a[static_cast<unsigned long>(i)] * 2.0", "v = i",
             "i = i + 1", "a[static_cast<unsigned long>(v)] = v_2",
             "result = a[0ul]"}));
}

TEST_F(Lower, AssignmentValueStaysInPlaceWithoutSideEffects) {
  LOWER(fn, R"(
#include <vector>
double f(std::vector<double> a, int i) {
  a[i] = a[i + 1] * 2.0;
  return a[0];
}
)");
  EXPECT_EQ(shows(fn->body),
            (Lines{"a[static_cast<unsigned long>(i)] = "
                   "a[static_cast<unsigned long>(i + 1)] * 2.0",
                   "result = a[0ul]"}));
}

TEST_F(Lower, ContainersAreConstructed) {
  LOWER(fn, R"(
#include <vector>
double f(double x, int n) {
  std::vector<double> a(n, x);
  std::vector<double> b = a;
  double c[3] = {x, 2.0 * x, 0.5};
  return a[0] + b[1] + c[2];
}
)");
  EXPECT_EQ(
      shows(fn->body),
      (Lines{"construct fill a(static_cast<unsigned long>(n), x)",
             "construct copy b(a)", "construct elements c(x, 2.0 * x, 0.5)",
             "result = a[0ul] + b[1ul] + c[2]"}));
}

TEST_F(Lower, SwapOfVariablesIsOneStatementOfElementsThreeAssignments) {
  LOWER(fn, R"(
#include <utility>
#include <vector>
double f(std::vector<double> u, double x) {
  std::vector<double> w(u.size(), x);
  std::swap(u, w);
  w.swap(u);
  double y = 2.0;
  std::swap(x, y);
  std::swap(u[0], y);
  return u[0] + x;
}
)");
  EXPECT_EQ(shows(fn->body),
            (Lines{"construct fill w(u.size(), x)", "swap u, w", "swap w, u",
                   "y = 2.0", "swap x, y", "v = u[0ul]", "u[0ul] = y", "y = v",
                   "result = u[0ul] + x"}));
}

TEST_F(Lower, MultiDimensionalCArrayIsOneFlatArray) {
  LOWER(fn, R"(
double f(double x, int i, int j) {
  double m[3][4] = {{x}, {1.0, x}};
  m[i][j] = x * 2.0;
  return m[2][3] + m[i][1];
}
)");
  const Var *m = var(*fn, "m");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->type.kind, TypeKind::CArray);
  EXPECT_EQ(m->type.extent, 12);
  EXPECT_EQ(m->type.dims, (std::vector<long long>{3, 4}));
  // Row-major: `m[i][j]` is `m[i * 4 + j]`, constant indices folded; the
  // nested initializer is flattened, what it leaves out zero.
  EXPECT_EQ(shows(fn->body),
            (Lines{"construct elements m(x, 0, 0, 0, 1.0, x, 0, 0, 0, 0, 0, 0)",
                   "m[i * 4 + j] = x * 2.0", "result = m[11] + m[i * 4 + 1]"}));
}

TEST_F(Lower, RowOfAMultiDimensionalCArrayIsTheAddressOfItsFirstElement) {
  LOWER(fn, R"(
void scale(double *r, int n) {
  for (int k = 0; k < n; ++k)
    r[k] = r[k] * 2.0;
}
double f(double x, int i) {
  float unused[2][2] = {};
  double t[2][3][4] = {};
  t[1][i][3] = x;
  scale(t[1][i], 4);
  scale(t[i][2], 4);
  return t[1][i][3] + unused[1][1];
}
)");
  EXPECT_EQ(var(*fn, "unused")->type.spelling, "float");
  EXPECT_EQ(var(*fn, "t")->type.extent, 24);
  // A row given to a pointer parameter: the address of its first element,
  // `&t[(1 * 3 + i) * 4]` (printed `t + k`).
  EXPECT_EQ(
      shows(fn->body),
      (Lines{"construct size unused()", "construct size t()",
             "t[(3 + i) * 4 + 3] = x", "call scale(out t + ((3 + i) * 4), 4)",
             "call scale(out t + ((i * 3 + 2) * 4), 4)",
             "result = t[(3 + i) * 4 + 3] + double(unused[3])"}));
}

TEST_F(Lower, ConstFloatingFieldsAreConstantsOfTheObject) {
  LOWER(fn, R"(
struct Material {
  const double cut;
  const int steps;
  double rho;
};
double f(const Material &m, double x) { return m.cut * x + m.rho * m.steps; }
)");
  const Var *cut = var(*fn, "m_cut");
  const Var *steps = var(*fn, "m_steps");
  const Var *rho = var(*fn, "m_rho");
  ASSERT_TRUE(cut && steps && rho);
  // A const double: read only, and data (no adjoint, never varied).
  EXPECT_TRUE(cut->is_const);
  EXPECT_TRUE(cut->data);
  // A const int is read only (integers carry no derivative anyway); a
  // plain double field gets a derivative.
  EXPECT_TRUE(steps->is_const);
  EXPECT_FALSE(steps->data);
  EXPECT_FALSE(rho->data);
}

// A nested gradient: one call of g per selected floating-point value, g's
// arguments followed by a direction for each differentiable parameter (1
// along the value, 0 elsewhere, a zero vector for a vector) and the
// gradient's component as the output; Stmt::along names the value's
// parameter. An unselected parameter's values get no call.
TEST_F(Lower, ANestedGradientIsOneDirectionalCallPerSelectedValue) {
  // (Without the plugin the request's adjoint is missing: the runtime's
  // static_assert, the one compile error.)
  const Function *fn = lower(R"(
#include <tangent/grad.hpp>
#include <vector>
struct Vec2 { double x, y; };
double g(const std::vector<double> &w, double s, const Vec2 &p) {
  return w[0] * p.x * p.y + s;
}
double f(double a) {
  std::vector<double> w{a, a};
  const Vec2 d = tangent::grad<g, tangent::options{.wrt = 0b100}>()(w, a, Vec2{a, 1.0});
  return d.x + d.y;
}
)",
                             "f", "needs the tangent plugin");
  ASSERT_NE(fn, nullptr);
  std::vector<const Stmt *> calls;
  forEachStmt(fn->body, [&](const Stmt &s, int) {
    if (s.kind == StmtKind::Call)
      calls.push_back(&s);
  });
  ASSERT_EQ(calls.size(), 2u) << printFunction(*fn);
  for (size_t k = 0; k < 2; ++k) {
    const Stmt &c = *calls[k];
    ASSERT_NE(c.callee, nullptr);
    // g's leaves: w, s, p.x, p.y; the directions; the output.
    ASSERT_EQ(c.callee->params.size(), 4u);
    EXPECT_EQ(c.along, int(2 + k));
    ASSERT_EQ(c.args.size(), 9u) << printFunction(*fn);
    EXPECT_EQ(c.args[4]->type.kind, TypeKind::Vector); // w's zero direction
    EXPECT_EQ(printExpr(*c.args[5]), "0");
    EXPECT_EQ(printExpr(*c.args[6]), k == 0 ? "1" : "0");
    EXPECT_EQ(printExpr(*c.args[7]), k == 0 ? "0" : "1");
    EXPECT_TRUE(c.arg_is_output[8]);
    EXPECT_FALSE(c.arg_is_output[6]);
  }
  EXPECT_EQ(printExpr(*calls[0]->args[8]), "d_x");
  EXPECT_EQ(printExpr(*calls[1]->args[8]), "d_y");
}

// std::max / std::min of a braced list: the nested two-argument calls, left
// to right (the first largest, or smallest, element, as the library picks).
TEST_F(Lower, AnExtremeOfABracedListIsTheNestedCalls) {
  LOWER(fn, R"(
#include <algorithm>
double f(double a, double b, double c) {
  return std::max({a, b * b, c}) + std::min({a});
}
)");
  ASSERT_EQ(shows(fn->body),
            (Lines{"result = std::max(std::max(a, b * b), c) + a"}));
}
