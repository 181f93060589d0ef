//===- LoopOnline.cpp - online checkpointing ------------------------------===//
//
// Loops whose trip count is known only at their end. The forward sweep
// stores snapshots under tangent::online_schedule (at most 2 x budget); the
// reverse sweep lets the schedule drive replays and nested binomial
// reversals, so memory stays bounded however long the loop ran. The
// schedule object lives on the heap, its pointer on the tape.
//
//===----------------------------------------------------------------------===//
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/Support.h"

namespace tangent {

SweepGenerator::Sweeps SweepGenerator::loopOnline(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  TANGENT_ASSERT(li.annotated && li.form != LoopInfo::Form::Counted,
                 "online checkpointing of a counted or unannotated loop");
  Sweeps out;
  std::string where = s.loc.str() + ": " + li.kind_name + " loop";
  std::string state = stateTuple(li);
  std::string ck_type = rt::onlineReversalType(state);
  std::string index = rt::stepIndexType();
  std::string ck = fresh(naming::checkpoints()), k = fresh(naming::iteration()),
              st = fresh(naming::state());
  std::string make = makeState(li);

  Sweeps init = block(li.init);
  out.fwd.append(init.fwd);
  out.fwd.comment(where + ", online checkpointing: budget " +
                  std::to_string(li.budget) + ", snapshot {" +
                  carriedNames(li) + "}");
  out.fwd.statement("auto *" + ck + " = new " + ck_type + "(" +
                    rt::onlineSchedule(li.budget) + ");");
  out.fwd.statement(index + " " + k + " = 0;");
  Code iteration;
  iteration.statement(ck + "->before_with(" + k + "++, " + make + ");");
  iteration.append(iterationForward(li, false));
  out.fwd.append(whileLoop(li, iteration));
  out.fwd.statement(ck + "->finish(" + k + ");");
  out.fwd.record(rt::push(ck));

  // Reverse: the schedule restores snapshots and calls back to advance
  // (untaped replay) or reverse (taped replay, then its adjoint).
  out.rev.comment(where + ", reversed by the online schedule");
  ck = fresh(naming::checkpoints());
  out.rev.restore("auto *" + ck + " = " + rt::pop(ck_type + " *") + ";");
  out.rev.append(scheduledReverse(li, ck, k, st));
  out.rev.statement("delete " + ck + ";");
  out.rev.append(init.rev);
  return out;
}

Code SweepGenerator::whileLoop(const LoopInfo &li, const Code &iteration) {
  Code out;
  if (li.form == LoopInfo::Form::General) {
    out.openDo();
    out.append(iteration);
    out.closeDoWhile("!" + li.exit_flag->name);
  } else if (li.do_while) {
    out.openDo();
    out.append(iteration);
    out.closeDoWhile(printExpr(*li.cond));
  } else {
    out.openWhile((li.cond ? printExpr(*li.cond) : "true"));
    out.append(iteration);
    out.close();
  }
  return out;
}

Code SweepGenerator::scheduledReverse(const LoopInfo &li, const std::string &ck,
                                      const std::string &k,
                                      const std::string &st, bool measured) {
  Code out;
  const std::string state = stateTuple(li);
  const std::string index = rt::stepIndexType();
  std::string b = fresh(naming::rangeBegin()), e = fresh(naming::rangeEnd()),
              cur = fresh(naming::currentState());
  std::string advance = fresh(naming::advanceCallback()),
              reverse = fresh(naming::reverseCallback());
  std::string params =
      state + " &" + cur + ", " + index + " " + b + ", " + index + " " + e;
  out.openLambda(advance, params);
  out.statement("std::tie(" + carriedNames(li) + ") = " + cur + ";");
  out.openFor({index + " " + k + " = " + b, k + " < " + e, "++" + k});
  out.append(iterationForward(li, false));
  out.close();
  out.statement(cur + " = " + state + "(" + carriedNames(li) + ");");
  out.close();
  out.openLambda(reverse, params);
  out.statement("std::tie(" + carriedNames(li) + ") = " + cur + ";");
  out.openFor({index + " " + k + " = " + b, k + " < " + e, "++" + k});
  std::string before;
  if (measured) {
    before = fresh(naming::tapeBefore());
    out.statement("const std::size_t " + before + " = " + rt::tapeBytes() +
                  ";");
  }
  out.append(iterationForward(li, true));
  if (measured)
    out.statement(ck + "->replayed(" + rt::tapeBytes() + " - " + before + ");");
  out.close();
  out.openFor({index + " " + k + " = " + e, k + "-- > " + b, ""});
  out.append(iterationReverse(li));
  out.close();
  out.close();
  out.statement(state + " " + st + ";");
  out.statement(ck + "->reverse(" + st + ", " + advance + ", " + reverse +
                ");");
  return out;
}

} // namespace tangent
