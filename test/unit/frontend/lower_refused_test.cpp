//===- lower_refused_test.cpp - lowering what the validator refuses -------===//
//
// Lowering runs only on code the validator accepted; if it is ever handed
// anything else (a gap in the validator), Lower.h promises an InternalError,
// which the driver reports as a located internal error: never a crash,
// never IR that silently means something else.
//
//===----------------------------------------------------------------------===//
#include "ParsedSource.h"
#include "frontend/lower/Lower.h"
#include "ir/Printer.h"
#include "ir/Support.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

/// A function `f` the validator refuses.
struct RefusedCode {
  const char *name;
  const char *code;
};

void PrintTo(const RefusedCode &c, std::ostream *os) { *os << c.name; }

class LowerRefused : public ::testing::TestWithParam<RefusedCode> {};

std::string nameOf(const ::testing::TestParamInfo<RefusedCode> &info) {
  return info.param.name;
}

} // namespace

TEST_P(LowerRefused, ThrowsInternalError) {
  ParsedSource src(GetParam().code);
  ASSERT_EQ(src.compileErrors(), "");
  const clang::FunctionDecl *fd = src.function("f");
  ASSERT_NE(fd, nullptr);
  bool accepted = true;
  std::vector<Reported> diags = src.validate(fd, &accepted);
  ASSERT_FALSE(accepted) << "the validator accepts it; pick a refused shape";
  Lowering lowering(src.context());
  try {
    Function *fn = lowering.lowerTop(fd);
    ADD_FAILURE() << "lowered without an internal error:\n"
                  << printFunction(*fn) << "the validator said:\n"
                  << describe(diags);
  } catch (const InternalError &e) {
    std::string what = e.what();
    EXPECT_TRUE(what.find("which the validator should have refused") !=
                    std::string::npos ||
                what.find("has no body") != std::string::npos)
        << what;
  }
}

INSTANTIATE_TEST_SUITE_P(Refused, LowerRefused,
                         ::testing::Values(RefusedCode{"lambda_this", R"(
struct S {
  double k;
  double g(double x) const {
    auto h = [this](double v) { return k * v; };
    return h(x);
  }
};
double f(double x) {
  S s{2.0};
  return s.g(x);
})"},
                                           RefusedCode{"union_local", R"(
union U { double d; long long i; };
double f(double x) {
  U u;
  u.d = x;
  return u.d;
})"},
                                           RefusedCode{"goto", R"(
double f(double x) {
again:
  x = x * 0.5;
  if (x > 1.0)
    goto again;
  return x;
})"},
                                           RefusedCode{"try", R"(
double f(double x) {
  try {
    x = x * x;
  } catch (...) {
  }
  return x;
})"},
                                           RefusedCode{"throw", R"(
double f(double x) {
  if (x < 0.0)
    throw 1;
  return x;
})"},
                                           RefusedCode{"inline_assembly", R"(
double f(double x) {
  asm("");
  return x;
})"},
                                           RefusedCode{"volatile_global", R"(
volatile double total = 0.0;
double f(double x) { return x * total; })"},
                                           RefusedCode{"address_of", R"(
double f(double x, bool c) {
  double y = 2.0 * x;
  double *p = c ? &x : &y;
  return *p;
})"},
                                           RefusedCode{"function_pointer", R"(
double f(double x, double (*g)(double)) { return g(x); })"},
                                           RefusedCode{"no_body", R"(
double mystery(double x);
double f(double x) { return mystery(x); })"},
                                           RefusedCode{"member_function", R"(
struct Scale {
  double k;
  double apply(double x) const { return k * x; }
};
const Scale scale{2.0};
double f(double x) { return scale.apply(x); })"},
                                           RefusedCode{"virtual_call", R"(
struct Model {
  virtual double eval(double x) const { return x * x; }
};
const Model model{};
double f(double x) { return model.eval(x); })"}),
                         nameOf);

// Refused member calls on containers, static locals, statement expressions and
// pointer arithmetic: the lowering used to crash on them or lower them to IR
// that means something else; now each is an internal error.
INSTANTIATE_TEST_SUITE_P(
    Defensive, LowerRefused,
    ::testing::Values(RefusedCode{"container_member_without_argument", R"(
#include <vector>
double f(double x) {
  std::vector<double> v(2, x);
  v.shrink_to_fit();
  return v[0] * x;
})"},
                      RefusedCode{"container_erase", R"(
#include <vector>
double f(double x) {
  std::vector<double> v(2, x);
  v.erase(v.begin());
  return v[0];
})"},
                      RefusedCode{"static_local", R"(
double f(double x) {
  static double calls = 0.0;
  calls += 1.0;
  return x * calls;
})"},
                      RefusedCode{"statement_expression", R"(
double f(double x) {
  double y = ({ x += 1.0; x * x; });
  return y;
})"},
                      RefusedCode{"pointer_other_storage", R"(
double f(const double *p, const double *q) {
  p = q;
  return *p;
})"}),
    nameOf);
