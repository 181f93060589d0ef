//===- LoopSegments.cpp - sqrt(n) segment checkpointing -------------------===//
//
// A counted loop of n iterations: the forward sweep runs untaped and pushes a
// snapshot of the loop-carried state every L = ceil(sqrt(n)) iterations
// (onto the tape, so snapshots nest with everything else); the reverse
// sweep, from the last segment, pops its snapshot, replays the segment taped
// and reverses it at once. Replays run the same generated statements, so
// the gradient is bitwise identical to the full tape.
//
//===----------------------------------------------------------------------===//
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/IRWalk.h"
#include "ir/Support.h"

namespace tangent {

SweepGenerator::Sweeps SweepGenerator::loopSegments(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  TANGENT_ASSERT(li.form == LoopInfo::Form::Counted && li.induction,
                 "segment checkpointing of a loop that is not counted");
  Sweeps out;
  std::string n = fresh(naming::iterationCount()),
              len = fresh(naming::segmentLength()),
              k = fresh(naming::iteration());
  std::string where = s.loc.str() + ": " + li.kind_name + " loop";

  // Forward: untaped, a snapshot before every L-th iteration.
  out.fwd.comment(where +
                  ", checkpointed: segments of L = ceil(sqrt(n)) "
                  "iterations, snapshot {" +
                  carriedNames(li) + "}");
  out.fwd.statement("const long long " + n + " = " + tripCountText(li) + ";");
  out.fwd.statement("const long long " + len + " = " + rt::segmentLength(n) +
                    ";");
  out.fwd.openBlock();
  out.fwd.statement("long long " + k + " = 0;");
  out.fwd.openFor(countedHeader(li, ", ++" + k));
  out.fwd.openIf(k + " % " + len + " == 0");
  for (Var *v : li.carried) {
    Code unused;
    saveWhole(v, out.fwd, unused);
  }
  out.fwd.close();
  out.fwd.append(untaped(li.body));
  out.fwd.close();
  out.fwd.close();

  // Reverse: from the last segment, restore, replay taped, reverse.
  Sweeps body = block(li.body);
  std::string seg = fresh(naming::segment()),
              begin = fresh(naming::rangeBegin()),
              end = fresh(naming::rangeEnd());
  std::string index = inductionAt(li, k);
  out.rev.comment(where + ", reversed segment by segment");
  n = fresh(naming::iterationCount());
  len = fresh(naming::segmentLength());
  out.rev.statement("const long long " + n + " = " + tripCountText(li) + ";");
  out.rev.statement("const long long " + len + " = " + rt::segmentLength(n) +
                    ";");
  out.rev.openFor(
      {"long long " + seg + " = (" + n + " + " + len + " - 1) / " + len,
       seg + "-- > 0", ""});
  out.rev.statement("const long long " + begin + " = " + seg + " * " + len +
                    ";");
  out.rev.statement("const long long " + end + " = std::min(" + n + ", " +
                    begin + " + " + len + ");");
  for (auto it = li.carried.rbegin(); it != li.carried.rend(); ++it) {
    Code unused;
    saveWhole(*it, unused, out.rev);
  }
  out.rev.comment("replay the segment, taped");
  out.rev.openFor(
      {"long long " + k + " = " + begin, k + " < " + end, "++" + k});
  out.rev.statement(index);
  out.rev.append(body.fwd);
  out.rev.close();
  out.rev.comment("reverse the segment, emptying its tape");
  out.rev.openFor({"long long " + k + " = " + end, k + "-- > " + begin, ""});
  out.rev.statement(index);
  out.rev.append(body.rev);
  out.rev.close();
  out.rev.close();
  return out;
}

} // namespace tangent
