//===- LoopParallel.cpp - segments replayed ahead by a helper thread ------===//
//
// options.threads >= 2: sqrt(n) segment checkpointing of a counted loop
// whose replays run on a helper thread (runtime schedule/parallel.hpp).
// The forward sweep runs the loop untaped with a snapshot at every segment
// start, except the last segment, which it tapes as it goes. The reverse
// sweep reverses that segment at once while the helper replays the one
// before it; replays run taped in copies of the variables the loop writes
// ("work", one per replay slot) onto the slot's tape, by the helper or by
// this thread while it would otherwise wait; before reversing a segment,
// this thread copies its slot's variables into the function's (the state a
// sequential replay leaves). The replay runs the same statements on the
// same values as a sequential one, so the gradient is bitwise identical to
// the full tape.
//
//===----------------------------------------------------------------------===//
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/IRWalk.h"
#include "ir/Support.h"

namespace tangent {

SweepGenerator::Sweeps SweepGenerator::loopParallel(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  TANGENT_ASSERT(li.form == LoopInfo::Form::Counted && li.induction,
                 "parallel segments of a loop that is not counted");
  Sweeps out;
  const std::string where = s.loc.str() + ": " + li.kind_name + " loop";
  const std::string state = stateTuple(li);
  const std::string type = rt::parallelSegmentsType(state);
  const std::string make = makeState(li);
  std::string n = fresh(naming::iterationCount()),
              ck = fresh(naming::checkpoints()), k = fresh(naming::iteration());

  // Forward: untaped with snapshots, the last segment taped.
  Sweeps body = block(li.body);
  out.fwd.comment(where +
                  ", checkpointed: segments of L = ceil(sqrt(n)) "
                  "iterations, replayed by two threads; the last segment "
                  "taped now; snapshot {" +
                  carriedNames(li) + "}");
  out.fwd.statement("const long long " + n + " = " + tripCountText(li) + ";");
  out.fwd.statement("auto *" + ck + " = " + rt::adoptNew(type, n) + ";");
  out.fwd.openBlock();
  out.fwd.statement("long long " + k + " = 0;");
  out.fwd.openFor(countedHeader(li, ", ++" + k));
  out.fwd.openIf(k + " < " + ck + "->taped_from()");
  out.fwd.statement(ck + "->before_with(" + k + ", " + make + ");");
  out.fwd.append(untaped(li.body));
  out.fwd.openElse();
  out.fwd.append(body.fwd);
  out.fwd.close();
  out.fwd.close();
  out.fwd.close();
  out.fwd.record(rt::push(ck));

  // Reverse: the runtime alternates replays on the helper and reversals.
  const std::string work_type = tupleOf(li.replayed);
  const std::string idx = rt::stepIndexType();
  std::string work = fresh(naming::replayWork()),
              cur = fresh(naming::currentState()),
              from = fresh(naming::replayFrom()),
              b = fresh(naming::rangeBegin()), e = fresh(naming::rangeEnd());
  std::string replay = fresh(naming::replayCallback()),
              adopt = fresh(naming::adoptCallback()),
              reverse = fresh(naming::reverseCallback());
  std::string index = inductionAt(li, k);
  ck = fresh(naming::checkpoints());
  out.rev.comment(where + ", reversed segment by segment while a helper thread "
                          "replays the segments before");
  out.rev.restore("auto *" + ck + " = " + rt::pop(type + " *") + ";");
  out.rev.comment("what the loop writes; each replay slot runs in a copy");
  out.rev.statement(work_type + " " + work + "{" + namesOf(li.replayed) + "};");
  out.rev.openLambda(replay, work_type + " &" + cur + ", const " + state +
                                 " &" + from + ", " + idx + " " + b + ", " +
                                 idx + " " + e);
  for (size_t i = 0; i < li.replayed.size(); ++i)
    out.rev.statement("auto &" + li.replayed[i]->name + " = std::get<" +
                      std::to_string(i) + ">(" + cur + ");");
  out.rev.statement("std::tie(" + carriedNames(li) + ") = " + from + ";");
  out.rev.statement(rt::bindTape());
  out.rev.openFor({idx + " " + k + " = " + b, k + " < " + e, "++" + k});
  out.rev.statement(index);
  out.rev.append(body.fwd);
  out.rev.close();
  out.rev.close();
  out.rev.openLambda(adopt, "const " + work_type + " &" + cur);
  out.rev.statement("std::tie(" + namesOf(li.replayed) + ") = " + cur + ";");
  out.rev.close();
  out.rev.openLambda(reverse, idx + " " + b + ", " + idx + " " + e);
  out.rev.statement(rt::bindTape());
  out.rev.openFor({idx + " " + k + " = " + e, k + "-- > " + b, ""});
  out.rev.statement(index);
  out.rev.append(body.rev);
  out.rev.close();
  out.rev.close();
  out.rev.statement(ck + "->reverse(" + work + ", " + replay + ", " + adopt +
                    ", " + reverse + ");");
  out.rev.statement(rt::release(ck));
  return out;
}

} // namespace tangent
