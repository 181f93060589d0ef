//===- LoopBudget.cpp - counted loops under a memory budget ---------------===//
//
// options.memory_budget: the strategy of a counted loop is chosen when it
// starts, by tangent::budgeted_reversal (runtime schedule/budget.hpp). The
// forward sweep runs the first iteration taped and measures its tape; then
// either every iteration is taped (full tape) or the others run untaped
// under a schedule (sqrt(n) segments, binomial, snapshots spilled to files)
// that stores snapshots of the loop-carried state, except a tail of last
// iterations that the budget also holds, taped. The reverse sweep reverses
// the taped tail in place (every iteration but the first, fully taped),
// lets the schedule replay and reverse the others, then reverses the first
// from its own tape. The variables the first iteration's reverse reads and
// the snapshot does not hold (LoopInfo::exit_values) are recorded after it
// and restored before it is reversed: the replays leave them stale. The replays
// run the same generated statements, so the gradient is bitwise identical to
// the full tape.
//
//===----------------------------------------------------------------------===//
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/IRWalk.h"
#include "ir/Support.h"

namespace tangent {

SweepGenerator::Sweeps SweepGenerator::loopBudgeted(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  TANGENT_ASSERT(li.form == LoopInfo::Form::Counted && li.induction,
                 "a memory budget for a loop that is not counted");
  Sweeps out;
  const std::string where = s.loc.str() + ": " + li.kind_name + " loop";
  const std::string state = stateTuple(li);
  const std::string type = rt::budgetedReversalType(state);
  const std::string make = makeState(li);
  std::string n = fresh(naming::iterationCount()),
              ck = fresh(naming::checkpoints()), k = fresh(naming::iteration());
  std::string before = fresh(naming::tapedFrom());

  // Forward: the first iteration taped and measured; the others as chosen.
  Sweeps body = block(li.body);
  out.fwd.comment(where +
                  ", under the memory budget: full tape, sqrt(n) segments, "
                  "binomial or spilled snapshots, chosen after the first "
                  "iteration; snapshot {" +
                  carriedNames(li) + "}");
  out.fwd.statement("const long long " + n + " = " + tripCountText(li) + ";");
  out.fwd.statement("auto *" + ck + " = " +
                    rt::adoptNew(type, "\"" + where + "\", " + n) + ";");
  out.fwd.openBlock();
  out.fwd.statement("long long " + k + " = 0;");
  out.fwd.openFor(countedHeader(li, ", ++" + k));
  out.fwd.openIf(ck + "->tapes(" + k + ")");
  out.fwd.statement("const std::size_t " + before + " = " + rt::tapeBytes() +
                    ";");
  out.fwd.append(body.fwd);
  out.fwd.openIf(k + " == 0");
  out.fwd.statement(ck + "->decide(" + rt::tapeBytes() + " - " + before + ", " +
                    make + ");");
  // What the first iteration's reverse reads and no snapshot restores.
  Code exit_restore = saveExitValues(li, out.fwd);
  out.fwd.close();
  out.fwd.openElse();
  out.fwd.statement(ck + "->before_with(" + k + ", " + make + ");");
  out.fwd.append(untaped(li.body));
  out.fwd.close();
  out.fwd.close();
  out.fwd.close();
  out.fwd.statement(ck + "->finish(" + n + ");");
  out.fwd.record(rt::push(ck));

  // Reverse: the taped tail in place, the other iterations from 1 by the
  // schedule, then the first from its own tape.
  std::string index = inductionAt(li, k);
  std::string idx = rt::stepIndexType();
  std::string b = fresh(naming::rangeBegin()), e = fresh(naming::rangeEnd()),
              cur = fresh(naming::currentState());
  std::string advance = fresh(naming::advanceCallback()),
              reverse = fresh(naming::reverseCallback());
  std::string st = fresh(naming::state());
  std::string params =
      state + " &" + cur + ", " + idx + " " + b + ", " + idx + " " + e;
  ck = fresh(naming::checkpoints());
  out.rev.comment(where + ", reversed as the memory budget chose");
  out.rev.statement("auto *" + ck + " = " + rt::pop(type + " *") + ";");
  out.rev.openFor({idx + " " + k + " = " + ck + "->trip_count()",
                   k + "-- > " + ck + "->taped_from()", ""});
  out.rev.statement(index);
  out.rev.append(body.rev);
  out.rev.close();
  out.rev.openIf(ck + "->schedules()");
  out.rev.openLambda(advance, params);
  out.rev.statement("std::tie(" + carriedNames(li) + ") = " + cur + ";");
  out.rev.openFor({idx + " " + k + " = " + b, k + " < " + e, "++" + k});
  out.rev.statement(index);
  out.rev.append(untaped(li.body));
  out.rev.close();
  out.rev.statement(cur + " = " + state + "(" + carriedNames(li) + ");");
  out.rev.close();
  out.rev.openLambda(reverse, params);
  out.rev.statement("std::tie(" + carriedNames(li) + ") = " + cur + ";");
  out.rev.openFor({idx + " " + k + " = " + b, k + " < " + e, "++" + k});
  out.rev.statement(index);
  out.rev.append(body.fwd);
  out.rev.close();
  out.rev.openFor({idx + " " + k + " = " + e, k + "-- > " + b, ""});
  out.rev.statement(index);
  out.rev.append(body.rev);
  out.rev.close();
  out.rev.close();
  out.rev.statement(state + " " + st + ";");
  out.rev.statement(ck + "->reverse(" + st + ", " + advance + ", " + reverse +
                    ");");
  out.rev.close();
  if (!exit_restore.empty()) {
    out.rev.openIf(ck + "->trip_count() > 0");
    out.rev.append(exit_restore);
    out.rev.close();
  }
  out.rev.openFor(
      {idx + " " + k + " = std::min<" + idx + ">(" + ck + "->trip_count(), 1)",
       k + "-- > 0", ""});
  out.rev.statement(index);
  out.rev.append(body.rev);
  out.rev.close();
  out.rev.statement(rt::release(ck));
  return out;
}

} // namespace tangent
