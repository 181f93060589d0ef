//===- LoopRecompute.cpp - iterations recomputed instead of recorded ------===//
//
// A counted loop whose iterations record much more than the state they
// start from (analysis/Recompute.cpp): the forward sweep runs untaped and
// pushes that state before every iteration; the reverse sweep, from the
// last iteration, pops the state, runs the iteration again, taped, and
// reverses it at once. The tape then holds one iteration's records at a
// time. Sqrt(n) segments with segments of one iteration, written plainly;
// the replay runs the same generated statements, so the gradient is
// bitwise the full tape's.
//
//===----------------------------------------------------------------------===//
#include "codegen/SweepGenerator.h"
#include "ir/Support.h"

namespace tangent {

SweepGenerator::Sweeps SweepGenerator::loopRecompute(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  TANGENT_ASSERT(li.form == LoopInfo::Form::Counted && li.induction,
                 "recomputed iterations of a loop that is not counted");
  Sweeps out;
  std::string where = s.loc.str() + ": " + li.kind_name + " loop";
  std::optional<CppFor> header = reversedHeader(li);
  std::string k;
  if (!header) { // an unusual step: count the iterations instead
    k = fresh(naming::iteration());
    header =
        CppFor{"long long " + k + " = " + tripCountText(li), k + "-- > 0", ""};
  }

  // Forward: untaped, the state before every iteration.
  out.fwd.comment(where + ", recomputed: the state {" + carriedNames(li) +
                  "} recorded before each iteration (" + li.reason + ")");
  out.fwd.openFor(countedHeader(li, ""));
  for (Var *v : li.carried) {
    Code unused;
    saveWhole(v, out.fwd, unused);
  }
  out.fwd.append(untaped(li.body));
  out.fwd.close();

  // Reverse: from the last iteration, restore, run again taped, reverse.
  Sweeps body = block(li.body);
  out.rev.comment(where + ", reversed: each iteration recomputed, taped, "
                          "from its state");
  out.rev.openFor(*header);
  if (!k.empty())
    out.rev.statement(inductionAt(li, k));
  for (auto it = li.carried.rbegin(); it != li.carried.rend(); ++it) {
    Code unused;
    saveWhole(*it, unused, out.rev);
  }
  out.rev.append(body.fwd);
  out.rev.append(body.rev);
  out.rev.close();
  return out;
}

} // namespace tangent
