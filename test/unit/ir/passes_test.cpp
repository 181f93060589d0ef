//===- passes_test.cpp - the pass list, its switches, its manager ---------===//
#include "ir/Passes.h"
#include "ir/Support.h"
#include "ir_builder.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

TEST(PassList, IsInTheOrderOfItsIdentifiers) {
  const std::vector<PassInfo> &list = passList();
  ASSERT_FALSE(list.empty());
  for (std::size_t k = 0; k < list.size(); ++k) {
    EXPECT_EQ(static_cast<std::size_t>(list[k].id), k) << list[k].name;
    EXPECT_STRNE(list[k].what, "") << list[k].name;
  }
}

TEST(PassList, NamesTheTwelveOptimisationsAsSwitchable) {
  for (const char *name :
       {"rematerialize", "covered-writes", "callee-outputs", "recompute",
        "overwritten-adjoints", "last-taken", "defer-tangents", "reuse-values",
        "select-after-loop", "zero-factors", "loop-accumulate", "loop-gather"})
    EXPECT_NE(optionalPassNames().find(name), std::string::npos) << name;
  EXPECT_EQ(optionalPassNames().find("activity"), std::string::npos);
}

TEST(PassSet, AllPassesAreOnByDefault) {
  PassSet s;
  for (const PassInfo &info : passList())
    EXPECT_TRUE(s.on(info.id)) << info.name;
  EXPECT_EQ(s.str(), "");
}

TEST(PassSet, SwitchesOffTheNamedPasses) {
  PassSet s;
  std::string error;
  ASSERT_TRUE(s.disable("loop-gather,last-taken", error)) << error;
  EXPECT_FALSE(s.on(Pass::LoopGather));
  EXPECT_FALSE(s.on(Pass::LastTaken));
  EXPECT_TRUE(s.on(Pass::LoopPasses));
  EXPECT_EQ(s.str(), "last-taken,loop-gather"); // in the list's order
}

TEST(PassSet, AllSwitchesOffEveryOptionalPassAndNoRequiredOne) {
  PassSet s;
  std::string error;
  ASSERT_TRUE(s.disable("all", error)) << error;
  EXPECT_EQ(s, PassSet().requiredOnly());
  for (const PassInfo &info : passList())
    EXPECT_EQ(s.on(info.id), info.kind == PassKind::Required) << info.name;
}

TEST(PassSet, AMinusSwitchesAPassBackOn) {
  PassSet s;
  std::string error;
  ASSERT_TRUE(s.disable("all,-loop-accumulate", error)) << error;
  EXPECT_TRUE(s.on(Pass::LoopAccumulate));
  EXPECT_FALSE(s.on(Pass::LoopGather));
  EXPECT_FALSE(s.disable("-no-such-pass", error));
}

TEST(PassSet, RefusesUnknownAndRequiredPassesWithoutChangingAnything) {
  PassSet s;
  std::string error;
  EXPECT_FALSE(s.disable("loop-gather,no-such-pass", error));
  EXPECT_NE(error.find("unknown pass 'no-such-pass'"), std::string::npos);
  EXPECT_NE(error.find("loop-accumulate"), std::string::npos); // the list
  EXPECT_TRUE(s.on(Pass::LoopGather));                         // unchanged
  EXPECT_FALSE(s.disable("activity", error));
  EXPECT_NE(error.find("'activity' is required"), std::string::npos);
  EXPECT_FALSE(s.disable("", error));
  EXPECT_FALSE(s.disable(Pass::Activity));
  EXPECT_TRUE(s.on(Pass::Activity));
}

namespace {

struct Managed : Builder {
  Var *x;
  Managed() {
    x = param("x", realType());
    fn.body.push_back(assign(ref(fn.result_var), bin(Op::Mul, ref(x), ref(x))));
  }
};

} // namespace

TEST(PassManager, RunsSwitchedOnPassesAndSkipsTheOthers) {
  Managed m;
  std::string error;
  ASSERT_TRUE(m.fn.passes.disable("last-taken", error));
  std::vector<std::string> ran;
  PassManager pm(m.fn, [&](const char *name) { ran.push_back(name); });
  EXPECT_TRUE(pm.run(Pass::Loops, [] {}));
  EXPECT_FALSE(pm.run(Pass::LastTaken, [] { FAIL() << "switched off"; }));
  EXPECT_TRUE(pm.run(Pass::ZeroFactors, [] {}));
  EXPECT_EQ(ran, (std::vector<std::string>{"loops", "zero-factors"}));
}

TEST(PassManager, RefusesAPassOutOfTheListsOrder) {
  Managed m;
  PassManager pm(m.fn);
  pm.run(Pass::Checkpointing, [] {});
  EXPECT_THROW(pm.run(Pass::Activity, [] {}), InternalError);
  EXPECT_THROW(pm.run(Pass::Checkpointing, [] {}), InternalError);
  pm.restartAt(Pass::ToBeRecorded); // a fixed-point round
  EXPECT_TRUE(pm.run(Pass::ToBeRecorded, [] {}));
  EXPECT_TRUE(pm.run(Pass::Checkpointing, [] {}));
}

TEST(PassManager, RulesAreConsultedNotRun) {
  Managed m;
  PassManager pm(m.fn);
  EXPECT_THROW(pm.run(Pass::CoveredWrites, [] {}), InternalError);
}

TEST(PassManager, VerifiesTheIRAfterEachPass) {
  Managed m;
  PassManager pm(m.fn);
  Function other;
  Var *stranger = other.addVar("y", realType(), VarRole::Local);
  try {
    pm.run(Pass::Activity, [&] {
      m.fn.body.push_back(Builder::assign(Builder::ref(m.fn.result_var),
                                          Builder::ref(stranger), 7));
    });
    FAIL() << "the broken IR was not reported";
  } catch (const InternalError &e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("after the activity pass"), std::string::npos) << what;
    EXPECT_NE(what.find("test.cpp:7"), std::string::npos) << what;
  }
}
