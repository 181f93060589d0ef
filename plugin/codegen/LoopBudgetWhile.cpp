//===- LoopBudgetWhile.cpp - loops of unknown trip count under a budget ---===//
//
// options.memory_budget for a while, do or break loop: tangent::
// budgeted_while (runtime schedule/budget_while.hpp) tapes its iterations
// as long as the call's budget keeps room for online checkpointing after
// them, then switches to online checkpointing for the rest. The reverse
// sweep lets the online schedule reverse the untaped iterations, then
// reverses the taped ones in place. The variables the last taped
// iteration's reverse reads and the snapshot does not hold
// (LoopInfo::exit_values) are recorded at the switch and restored before
// the taped iterations are reversed: the replays leave them stale. Replays run
// the same generated statements, so the gradient is bitwise identical to the
// full tape.
//
//===----------------------------------------------------------------------===//
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/Support.h"

namespace tangent {

SweepGenerator::Sweeps SweepGenerator::loopBudgetWhile(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  TANGENT_ASSERT(li.form != LoopInfo::Form::Counted,
                 "a counted loop reversed as a while loop under a budget");
  Sweeps out;
  const std::string where = s.loc.str() + ": " + li.kind_name + " loop";
  const std::string type = rt::budgetedWhileType(stateTuple(li));
  const std::string make = makeState(li);
  const std::string index = rt::stepIndexType();
  std::string ck = fresh(naming::checkpoints()), k = fresh(naming::iteration()),
              st = fresh(naming::state());
  std::string before = fresh(naming::tapeBefore());

  Sweeps init = block(li.init);
  out.fwd.append(init.fwd);
  out.fwd.comment(where +
                  ", under the memory budget: taped while the budget keeps "
                  "room for online checkpointing (budget " +
                  std::to_string(li.budget) +
                  " or more) after it, then online; snapshot {" +
                  carriedNames(li) + "}");
  out.fwd.statement(
      "auto *" + ck + " = " +
      rt::adoptNew(type, "\"" + where + "\", " + std::to_string(li.budget)) +
      ";");
  out.fwd.statement(index + " " + k + " = 0;");
  Code iteration;
  iteration.openIf(ck + "->tapes()");
  iteration.statement("const std::size_t " + before + " = " + rt::tapeBytes() +
                      ";");
  iteration.append(iterationForward(li, true));
  iteration.statement(ck + "->taped(" + k + ", " + rt::tapeBytes() + " - " +
                      before + ", " + make + ");");
  // At the switch to online checkpointing: what the last taped
  // iteration's reverse reads and no snapshot restores.
  Code exit_save;
  Code exit_restore = saveExitValues(li, exit_save);
  if (!exit_restore.empty()) {
    iteration.openIf("!" + ck + "->tapes()");
    iteration.append(measuredSave(ck, exit_save));
    iteration.close();
  }
  iteration.openElse();
  iteration.statement(ck + "->before_with(" + k + ", " + make + ");");
  iteration.append(iterationForward(li, false));
  iteration.close();
  iteration.statement("++" + k + ";");
  out.fwd.append(whileLoop(li, iteration));
  out.fwd.statement(ck + "->finish(" + k + ");");
  out.fwd.record(rt::push(ck));

  // Reverse: the untaped iterations by the online schedule, then the taped
  // ones in place.
  out.rev.comment(where + ", reversed as the memory budget chose");
  ck = fresh(naming::checkpoints());
  out.rev.restore("auto *" + ck + " = " + rt::pop(type + " *") + ";");
  out.rev.statement(ck + "->begin_reverse();");
  out.rev.append(scheduledReverse(li, ck, k, st, true));
  if (!exit_restore.empty()) {
    out.rev.openIf("!" + ck + "->tapes()");
    out.rev.append(exit_restore);
    out.rev.close();
  }
  out.rev.openFor(
      {index + " " + k + " = " + ck + "->taped_steps()", k + "-- > 0", ""});
  out.rev.append(iterationReverse(li));
  out.rev.close();
  out.rev.statement(rt::release(ck));
  out.rev.append(init.rev);
  return out;
}

} // namespace tangent
