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
  std::string ck = fresh("checkpoints"), k = fresh("k"), st = fresh("state");
  std::string make = makeState(li);

  Sweeps init = block(li.init);
  out.fwd.append(init.fwd);
  out.fwd.comment(where + ", online checkpointing: budget " +
                  std::to_string(li.budget) + ", snapshot {" +
                  carriedNames(li) + "}");
  out.fwd.line("auto *" + ck + " = new " + ck_type + "(" +
               rt::onlineSchedule(li.budget) + ");");
  out.fwd.line(index + " " + k + " = 0;");
  Code plain_body = untaped(li.body);
  Code plain_step = untaped(li.step);
  std::string before = ck + "->before_with(" + k + "++, " + make + ");";
  if (li.form == LoopInfo::Form::General) {
    out.fwd.open("do");
    out.fwd.line(before);
    out.fwd.append(plain_body);
    out.fwd.close("while (!" + li.exit_flag->name + ");");
  } else if (li.do_while) {
    out.fwd.open("do");
    out.fwd.line(before);
    out.fwd.append(plain_body);
    out.fwd.append(plain_step);
    out.fwd.close("while (" + printExpr(*li.cond) + ");");
  } else {
    out.fwd.open("while (" + (li.cond ? printExpr(*li.cond) : "true") + ")");
    out.fwd.line(before);
    out.fwd.append(plain_body);
    out.fwd.append(plain_step);
    out.fwd.close();
  }
  out.fwd.line(ck + "->finish(" + k + ");");
  out.fwd.line(rt::push(ck));

  // Reverse: the schedule restores snapshots and calls back to advance
  // (untaped replay) or reverse (taped replay, then its adjoint).
  std::string b = fresh("begin"), e = fresh("end"), cur = fresh("current");
  std::string advance = fresh("advance"), reverse = fresh("reverse");
  std::string params = "(" + state + " &" + cur + ", " + index + " " + b +
                       ", " + index + " " + e + ")";
  out.rev.comment(where + ", reversed by the online schedule");
  ck = fresh("checkpoints");
  out.rev.line("auto *" + ck + " = " + rt::pop(ck_type + " *") + ";");
  out.rev.open("auto " + advance + " = [&]" + params);
  out.rev.line("std::tie(" + carriedNames(li) + ") = " + cur + ";");
  out.rev.open("for (" + index + " " + k + " = " + b + "; " + k + " < " + e +
               "; ++" + k + ")");
  out.rev.append(iterationForward(li, false));
  out.rev.close();
  out.rev.line(cur + " = " + state + "(" + carriedNames(li) + ");");
  out.rev.close(";");
  out.rev.open("auto " + reverse + " = [&]" + params);
  out.rev.line("std::tie(" + carriedNames(li) + ") = " + cur + ";");
  out.rev.open("for (" + index + " " + k + " = " + b + "; " + k + " < " + e +
               "; ++" + k + ")");
  out.rev.append(iterationForward(li, true));
  out.rev.close();
  out.rev.open("for (" + index + " " + k + " = " + e + "; " + k + "-- > " + b +
               ";)");
  out.rev.append(iterationReverse(li));
  out.rev.close();
  out.rev.close(";");
  out.rev.line(state + " " + st + ";");
  out.rev.line(ck + "->reverse(" + st + ", " + advance + ", " + reverse + ");");
  out.rev.line("delete " + ck + ";");
  out.rev.append(init.rev);
  return out;
}

} // namespace tangent
