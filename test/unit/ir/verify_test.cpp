//===- verify_test.cpp - the IR verifier ----------------------------------===//
#include "ir/Verify.h"
#include "ir_builder.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

/// `for (int i = 0; i < n; ++i) r = r + v[i] * x;`, classified by hand as
/// the loop analysis does.
struct Summing : Builder {
  Var *x, *v, *n, *i;
  Summing() {
    x = param("x", realType());
    v = param("v", vectorType(), true, true);
    n = param("n", intType());
    i = var("i", intType(), VarRole::Induction);
    Block body;
    body.push_back(assign(ref(fn.result_var),
                          bin(Op::Add, ref(fn.result_var),
                              bin(Op::Mul, makeIndex(ref(v), ref(i)), ref(x))),
                          3));
    fn.body.push_back(forLoop(i, integer(0), ref(n), std::move(body), 2));
    LoopInfo &li = loop();
    li.form = LoopInfo::Form::Counted;
    li.induction = i;
    li.start = integer(0);
    li.bound = ref(n);
    li.increment = 1;
  }
  LoopInfo &loop() { return *fn.body.back()->loop; }
  Stmt &update() { return *loop().body.back(); }
};

bool mentions(const std::vector<std::string> &problems, const char *what) {
  for (const std::string &p : problems)
    if (p.find(what) != std::string::npos)
      return true;
  return false;
}

} // namespace

TEST(Verify, AcceptsWellFormedIR) {
  Summing s;
  EXPECT_EQ(verifyFunction(s.fn), std::vector<std::string>{});
}

TEST(Verify, ReportsAVariableOfAnotherFunction) {
  Summing s;
  Function other;
  Var *y = other.addVar("y", realType(), VarRole::Local);
  y->name = "y";
  s.update().rhs = makeVarRef(y);
  const auto problems = verifyFunction(s.fn);
  EXPECT_TRUE(mentions(problems, "test.cpp:3: a variable reference 'y' is "
                                 "not a variable of the function"));
}

TEST(Verify, ReportsAnOperatorWithTheWrongOperands) {
  Summing s;
  s.update().rhs->ops.pop_back();
  EXPECT_TRUE(mentions(verifyFunction(s.fn), "has 1 operands, not 2"));
  Summing u;
  u.update().rhs->op = Op::Neg;
  EXPECT_TRUE(
      mentions(verifyFunction(u.fn), "binary expression with operator"));
}

TEST(Verify, ReportsACountedLoopWithoutItsHeader) {
  Summing s;
  s.loop().induction = nullptr;
  s.loop().increment = 0;
  const auto problems = verifyFunction(s.fn);
  EXPECT_TRUE(mentions(problems, "test.cpp:2: a counted loop's induction "
                                 "variable is missing"));
  EXPECT_TRUE(mentions(problems, "without its increment"));
}

TEST(Verify, ReportsANameOfTheGeneratedCode) {
  // Names (`d_x`, popped values) belong to the adjoint's expressions only.
  Summing s;
  s.update().rhs = makeName("d_x", realType());
  EXPECT_TRUE(mentions(verifyFunction(s.fn),
                       "a name of the generated code ('d_x') in the IR"));
}

TEST(Verify, ReportsATargetThatIsNotAnLvalue) {
  Summing s;
  s.update().lhs = Builder::num(1.0);
  EXPECT_TRUE(
      mentions(verifyFunction(s.fn), "neither a variable nor an element"));
}

TEST(Verify, ReportsParametersOutOfPlace) {
  Summing s;
  s.n->param_index = 0;
  EXPECT_TRUE(
      mentions(verifyFunction(s.fn), "'n' is not marked as parameter 2"));
}

TEST(Verify, ReportsInconsistentAnalysisFacts) {
  Summing s;
  s.n->active = true;
  EXPECT_TRUE(mentions(verifyFunction(s.fn), "'n' is active but not"));
}

TEST(Verify, SweepsAcceptWhatTheGeneratorBuilds) {
  const Type real = test::realType();
  CppBody fwd{cpp::record("tape.push(x);", true), cpp::statement("x = 2 * x;")};
  CppBody rev{cpp::restore("x = tape.pop<double>();"),
              cpp::update(makeName("d_x", real), makeName("d_y", real))};
  EXPECT_EQ(verifySweeps(fwd, rev), std::vector<std::string>{});
}

TEST(Verify, SweepsRefuseAPlainStatementThatUsesTheTape) {
  // Code::records() reads Record nodes: a push spelled as a plain
  // statement would be a record it cannot see.
  CppBody fwd{cpp::statement("tape.push(x);")};
  CppStmt loop = cpp::statement("");
  loop.kind = CppStmt::Kind::Block;
  loop.body.push_back(cpp::statement("const double r = tape.pop<double>();"));
  CppBody rev{loop};
  const auto problems = verifySweeps(fwd, rev);
  EXPECT_TRUE(mentions(problems, "forward sweep uses the tape in a plain"));
  EXPECT_TRUE(mentions(problems, "reverse sweep uses the tape in a plain"));
  // A user's vector called `tape` is not the tape.
  CppBody user{cpp::statement("tape.push_back(x);"),
               cpp::statement("tape.pop_back();")};
  EXPECT_EQ(verifySweeps(user, {}), std::vector<std::string>{});
}

TEST(Verify, SweepsRefuseARestoreWithoutARecord) {
  CppBody fwd{cpp::statement("x = 2 * x;")};
  CppBody rev{cpp::restore("x = tape.pop<double>();")};
  EXPECT_TRUE(mentions(verifySweeps(fwd, rev),
                       "restores from the tape, but neither sweep records"));
  CppBody rev2{cpp::record("tape.push(x);", true),
               cpp::restore("x = tape.pop<double>();")};
  EXPECT_EQ(verifySweeps(fwd, rev2), std::vector<std::string>{});
}

TEST(Verify, SweepsRefuseAnUpdateOfAValue) {
  const Type real = test::realType();
  CppBody rev{cpp::update(makeBinary(Op::Add, makeName("a", real),
                                     makeName("b", real), real),
                          makeName("d_y", real)),
              cpp::update(makeName("d_x", real), nullptr)};
  const auto problems = verifySweeps({}, rev);
  EXPECT_TRUE(mentions(problems, "updates 'a + b', which is not an adjoint"));
  EXPECT_TRUE(mentions(problems, "adjoint update without a value"));
}
