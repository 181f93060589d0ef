//===- printer_test.cpp - expressions as C++, functions as listings -------===//
#include "ir/Printer.h"
#include "ir_builder.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

TEST(Printer, PrintsByPrecedence) {
  Builder b;
  Var *x = b.param("x", realType());
  Var *y = b.param("y", realType());
  // (x + y) * x - (x - y)
  ExprPtr e = Builder::bin(
      Op::Sub,
      Builder::bin(Op::Mul,
                   Builder::bin(Op::Add, Builder::ref(x), Builder::ref(y)),
                   Builder::ref(x)),
      Builder::bin(Op::Sub, Builder::ref(x), Builder::ref(y)));
  EXPECT_EQ(printExpr(*e), "(x + y) * x - (x - y)");
  ExprPtr neg = makeUnary(
      Op::Neg, Builder::bin(Op::Add, Builder::ref(x), Builder::ref(y)));
  EXPECT_EQ(printExpr(*neg), "-(x + y)");
  ExprPtr cast = makeCast(realType(), Builder::integer(3));
  EXPECT_EQ(printExpr(*cast), "3.0");
  Var *n = b.param("n", intType());
  ExprPtr conv = makeCast(realType(), Builder::ref(n));
  EXPECT_EQ(printExpr(*conv), "double(n)");
}

namespace {

/// f(x): s = 0; for (i = 0; i < 2000; i = i + 1) s = s * x; result = s
/// with a few analysis flags set by hand.
struct Product : Builder {
  Var *x, *s, *i;
  Product() {
    fn.loc.file = "test.cpp";
    fn.loc.line = 3;
    x = param("x", realType());
    s = var("s", realType());
    i = var("i", intType(), VarRole::Induction);
    x->active = x->read_in_reverse = true;
    s->varied = s->useful = s->active = true;
    fn.body.push_back(assign(ref(s), num(0), 4));
    Block body;
    body.push_back(assign(ref(s), bin(Op::Mul, ref(s), ref(x)), 6));
    fn.body.push_back(
        forLoop(i, integer(0), integer(2000), std::move(body), 5));
    fn.body.push_back(assign(ref(fn.result_var), ref(s), 8));
  }
  LoopInfo &loop() { return *fn.body[1]->loop; }
};

} // namespace

TEST(Printer, FunctionListsVariablesThenStatements) {
  Product p;
  EXPECT_EQ(printFunction(p.fn), "function f (test.cpp:3) returns double\n"
                                 "  local double result\n"
                                 "  param double x  [active read-in-reverse]\n"
                                 "  local double s  [varied useful active]\n"
                                 "  induction int i\n"
                                 "body:\n"
                                 "  s = 0.000000;  // test.cpp:4\n"
                                 "  for loop, structured (while i < 2000)"
                                 "  // test.cpp:5\n"
                                 "    strategy: full tape\n"
                                 "    init:\n"
                                 "      i = 0;  // test.cpp:1\n"
                                 "    body:\n"
                                 "      s = s * x;  // test.cpp:6\n"
                                 "    step:\n"
                                 "      i = i + 1;  // test.cpp:1\n"
                                 "  result = s;  // test.cpp:8\n");
}

namespace {

/// The lines of `text`.
std::vector<std::string> lines(const std::string &text) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t end; (end = text.find('\n', start)) != std::string::npos;
       start = end + 1)
    out.push_back(text.substr(start, end - start));
  return out;
}

} // namespace

TEST(Printer, LoopShowsItsFormStrategyReasonAndSnapshot) {
  Product p;
  LoopInfo &li = p.loop();
  li.form = LoopInfo::Form::Counted;
  li.induction = p.i;
  li.start = Builder::integer(0);
  li.bound = Builder::integer(2000);
  li.compare = Op::Lt;
  li.increment = 1;
  li.constant_trips = 2000;
  li.strategy = LoopStrategy::Segments;
  li.reason = "trip count 2000 >= min_length 100";
  li.annotated = true;
  li.carried = {p.s};
  std::vector<std::string> l = lines(printFunction(p.fn));
  ASSERT_GE(l.size(), 10u) << printFunction(p.fn);
  EXPECT_EQ(l[7], "  for loop, counted (i from 0 < 2000, step 1, 2000 trips)"
                  "  // test.cpp:5");
  EXPECT_EQ(l[8], "    strategy: sqrt(n) segments (trip count 2000 >= "
                  "min_length 100) [annotated]");
  EXPECT_EQ(l[9], "    snapshot: {s}");

  li.strategy = LoopStrategy::Online;
  li.reason = "trip count unknown";
  li.annotated = false;
  l = lines(printFunction(p.fn));
  EXPECT_EQ(l[8], "    strategy: online (trip count unknown)");

  // A general loop runs until its exit flag.
  Var *broke = p.var("broke", boolType(), VarRole::Flag);
  li.form = LoopInfo::Form::General;
  li.cond = nullptr;
  li.exit_flag = broke;
  li.kind_name = "while";
  li.strategy = LoopStrategy::FullTape;
  li.reason = "";
  li.carried.clear();
  l = lines(printFunction(p.fn));
  EXPECT_EQ(l[5], "  flag bool broke");
  EXPECT_EQ(l[8], "  while loop, general (until broke)  // test.cpp:5");
  EXPECT_EQ(l[9], "    strategy: full tape");
  EXPECT_EQ(l[10], "    init:");

  // A structured do-while tests its condition after the body.
  li.form = LoopInfo::Form::Structured;
  li.exit_flag = nullptr;
  li.do_while = true;
  li.kind_name = "do";
  li.cond = makeBinary(Op::Lt, Builder::ref(p.s), Builder::num(1), boolType());
  l = lines(printFunction(p.fn));
  EXPECT_EQ(l[8], "  do loop, structured (while s < 1.000000, tested after "
                  "the body)  // test.cpp:5");
}

TEST(Printer, BranchesAndCalls) {
  Builder callee_builder(false);
  callee_builder.fn.name = "ns::g";
  Product p;
  p.fn.body.clear();
  Var *t = p.var("t", realType(), VarRole::Temp);
  auto call = std::make_unique<Stmt>();
  call->kind = StmtKind::Call;
  call->loc = {"test.cpp", 7};
  call->callee = &callee_builder.fn;
  call->args.push_back(Builder::ref(p.x));
  call->args.push_back(Builder::ref(p.s));
  call->arg_is_output = {false, true};
  call->result = t;
  auto custom = std::make_unique<Stmt>();
  custom->kind = StmtKind::Call;
  custom->loc = {"test.cpp", 9};
  custom->custom = "lib::h";
  custom->args.push_back(Builder::ref(p.x));
  custom->arg_is_output = {false};
  auto branch = std::make_unique<Stmt>();
  branch->kind = StmtKind::If;
  branch->loc = {"test.cpp", 6};
  branch->cond =
      makeBinary(Op::Lt, Builder::ref(p.x), Builder::num(0), boolType());
  branch->then_block.push_back(std::move(call));
  branch->else_block.push_back(std::move(custom));
  p.fn.body.push_back(std::move(branch));
  std::vector<std::string> l = lines(printFunction(p.fn));
  ASSERT_EQ(l.size(), 11u) << printFunction(p.fn);
  EXPECT_EQ(l[5], "  temp double t");
  EXPECT_EQ(l[7], "  if (x < 0.000000)  [decision recorded]  // test.cpp:6");
  EXPECT_EQ(l[8], "    t = call ns::g(x, out s);  // test.cpp:7");
  EXPECT_EQ(l[9], "  else");
  EXPECT_EQ(l[10], "    call custom lib::h(x);  // test.cpp:9");

  p.fn.body[0]->record_decision = false;
  EXPECT_EQ(lines(printFunction(p.fn))[7],
            "  if (x < 0.000000)  // test.cpp:6");
}
