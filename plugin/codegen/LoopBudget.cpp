//===- LoopBudget.cpp - counted loops under a memory budget ---------------===//
//
// options.memory_budget: the strategy of a counted loop is chosen when it
// starts, by tangent::budgeted_reversal (runtime schedule/budget.hpp and
// budget_counted.hpp). The forward sweep runs the first iteration taped
// and measures its tape; then either every iteration is taped (full tape)
// or the others run untaped under a schedule (sqrt(n) segments, binomial,
// snapshots spilled to files) that stores snapshots of the loop-carried
// state, except a tail of last iterations that the budget also holds,
// taped. Every taped iteration is measured: one that records more than the
// plan assumed has the iterations after it planned again, so the loop's
// iterations fall into parts, taped or scheduled, that the reverse sweep
// reverses from the last. A replay of several iterations that would
// outgrow what its plan allowed stops taping; the runtime reverses the
// iterations after the stop one at a time, then the replay reverses those
// it taped. Where a taped iteration's reverse follows iterations a
// schedule replayed (the end of a taped part, the stop of a replay), the
// variables its reverse reads and no snapshot holds (LoopInfo::exit_values)
// are recorded after it and restored before it: the replays leave them
// stale. The replays run the same generated statements, so the gradient is
// bitwise identical to the full tape.
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

  // Forward: every taped iteration measured; the others as planned.
  Sweeps body = block(li.body);
  out.fwd.comment(where +
                  ", under the memory budget: full tape, sqrt(n) segments, "
                  "binomial or spilled snapshots, chosen after the first "
                  "iteration and again after one that tapes more than "
                  "planned; snapshot {" +
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
  // What this iteration's reverse reads and no snapshot restores, when the
  // iterations after it run untaped: their replays leave it stale.
  Code exit_save;
  Code exit_restore = saveExitValues(li, exit_save);
  const std::string taped = ck + "->taped(" + k + ", " + rt::tapeBytes() +
                            " - " + before + ", " + make + ")";
  if (exit_restore.empty()) {
    out.fwd.statement(taped + ";");
  } else {
    out.fwd.openIf(taped);
    out.fwd.append(measuredSave(ck, exit_save));
    out.fwd.close();
  }
  out.fwd.openElse();
  out.fwd.statement(ck + "->before_with(" + k + ", " + make + ");");
  out.fwd.append(untaped(li.body));
  out.fwd.close();
  out.fwd.close();
  out.fwd.close();
  out.fwd.statement(ck + "->finish(" + n + ");");
  out.fwd.record(rt::push(ck));

  // Reverse: the parts from the last, the taped ones in place.
  std::string idx = rt::stepIndexType();
  std::string advance = fresh(naming::advanceCallback()),
              reverse = fresh(naming::reverseCallback());
  std::string st = fresh(naming::state());
  ck = fresh(naming::checkpoints());
  out.rev.comment(where + ", reversed as the memory budget chose");
  out.rev.restore("auto *" + ck + " = " + rt::pop(type + " *") + ";");
  out.rev.statement(ck + "->begin_reverse();");
  out.rev.append(budgetedCallbacks(li, ck, k, body, advance, reverse));
  out.rev.statement(state + " " + st + ";");
  out.rev.openWhile(ck + "->next_part()");
  out.rev.openIf(ck + "->part_scheduled()");
  out.rev.statement(ck + "->reverse(" + st + ", " + advance + ", " + reverse +
                    ");");
  out.rev.openElse();
  if (!exit_restore.empty()) {
    out.rev.openIf(ck + "->part_saved()");
    out.rev.append(exit_restore);
    out.rev.close();
  }
  out.rev.openFor({idx + " " + k + " = " + ck + "->part_end()",
                   k + "-- > " + ck + "->part_begin()", ""});
  out.rev.statement(inductionAt(li, k));
  out.rev.append(body.rev);
  out.rev.close();
  out.rev.close();
  out.rev.close();
  out.rev.statement(rt::release(ck));
  return out;
}

Code SweepGenerator::budgetedCallbacks(const LoopInfo &li,
                                       const std::string &ck,
                                       const std::string &k, const Sweeps &body,
                                       const std::string &advance,
                                       const std::string &reverse) {
  Code out;
  const std::string state = stateTuple(li);
  const std::string index = inductionAt(li, k);
  const std::string idx = rt::stepIndexType();
  std::string b = fresh(naming::rangeBegin()), e = fresh(naming::rangeEnd()),
              cur = fresh(naming::currentState());
  std::string stop = fresh(naming::rangeEnd()),
              before = fresh(naming::tapeBefore());
  std::string params =
      state + " &" + cur + ", " + idx + " " + b + ", " + idx + " " + e;
  // advance(cur, b, e): iterations [b, e) untaped.
  out.openLambda(advance, params);
  out.statement("std::tie(" + carriedNames(li) + ") = " + cur + ";");
  out.openFor({idx + " " + k + " = " + b, k + " < " + e, "++" + k});
  out.statement(index);
  out.append(untaped(li.body));
  out.close();
  out.statement(cur + " = " + state + "(" + carriedNames(li) + ");");
  out.close();
  // reverse(cur, b, e): iterations [b, e) taped, each measured, while the
  // run stays within its plan; those after a stop reversed by the runtime
  // one at a time; then the taped ones reversed.
  out.openLambda(reverse, params);
  out.statement("std::tie(" + carriedNames(li) + ") = " + cur + ";");
  out.statement(idx + " " + stop + " = " + e + ";");
  out.openFor({idx + " " + k + " = " + b, k + " < " + stop, "++" + k});
  out.statement(index);
  out.statement("const std::size_t " + before + " = " + rt::tapeBytes() + ";");
  out.append(body.fwd);
  out.openIf(ck + "->replayed(" + b + ", " + k + ", " + e + ", " +
             rt::tapeBytes() + " - " + before + ")");
  out.statement(stop + " = " + k + " + 1;");
  out.close();
  out.close();
  out.openIf(stop + " < " + e);
  Code exit_save;
  Code exit_restore = saveExitValues(li, exit_save);
  if (!exit_restore.empty())
    out.append(measuredSave(ck, exit_save));
  out.statement(cur + " = " + state + "(" + carriedNames(li) + ");");
  out.statement(ck + "->reverse_rest(" + cur + ", " + stop + ", " + e + ");");
  out.append(exit_restore);
  out.close();
  out.openFor({idx + " " + k + " = " + stop, k + "-- > " + b, ""});
  out.statement(index);
  out.append(body.rev);
  out.close();
  out.close();
  return out;
}

Code SweepGenerator::measuredSave(const std::string &ck, const Code &save) {
  Code out;
  const std::string before = fresh(naming::tapeBefore());
  out.statement("const std::size_t " + before + " = " + rt::tapeBytes() + ";");
  out.append(save);
  out.statement(ck + "->saved(" + rt::tapeBytes() + " - " + before + ");");
  return out;
}

} // namespace tangent
