//===- LoopFixedPoint.cpp - [[tangent::fixed_point]] loops
//-----------------===//
//
// A loop that iterates x = g(x, p) until a convergence test. Its derivative
// at the fixed point x* = g(x*, p) needs no iteration but the last
// (Christianson's two-phase method): with x_bar the adjoint of the loop's
// result, w = x_bar + g_x^T w, and p_bar += g_p^T w. The forward sweep runs
// the iterations untaped and keeps two snapshots, of the state the loop
// found and of the state it left, and the number of iterations n. The
// reverse sweep restores the final state and, n times, replays one
// iteration taped from it and reverses that iteration: each reversal maps
// the state's adjoint s_k to s_{k+1} = g_x^T s_k and adds g_p^T s_k to the
// parameters' adjoints, so after n reversals they hold g_p^T (s_0 + ... +
// s_{n-1}), the Neumann series of w. The adjoint iteration contracts like
// the forward one (g_x^T has g_x's spectral radius), so n reversals reach
// the forward loop's tolerance; memory is one iteration's tape and two
// snapshots, whatever n is. At n = 0 the state's adjoint passes through, as
// it does on the full tape.
//
//===----------------------------------------------------------------------===//
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/Support.h"

namespace tangent {

SweepGenerator::Sweeps SweepGenerator::loopFixedPoint(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  TANGENT_ASSERT(li.fixed_point && li.form != LoopInfo::Form::General,
                 "fixed-point reversal of a loop that is not one");
  Sweeps out;
  std::string where = s.loc.str() + ": " + li.kind_name + " loop";
  std::string n = fresh(naming::iterationCount()),
              k = fresh(naming::iteration()),
              last = fresh(naming::finalState());

  Sweeps init = block(li.init);
  out.fwd.append(init.fwd);
  out.fwd.comment(where +
                  ", a fixed point: untaped iterations between "
                  "snapshots of the state {" +
                  carriedNames(li) + "} it found and left");
  // Snapshots on the tape: pushed in order, popped in reverse order.
  auto snapshot = [&](Code &fwd, Code &rev) {
    Code unused;
    for (Var *v : li.carried)
      saveWhole(v, fwd, unused);
    for (auto it = li.carried.rbegin(); it != li.carried.rend(); ++it)
      saveWhole(*it, unused, rev);
  };
  Code entry_rev, exit_rev;
  snapshot(out.fwd, entry_rev);
  out.fwd.statement("long long " + n + " = 0;");
  Code iteration = iterationForward(li, false);
  iteration.statement("++" + n + ";");
  out.fwd.append(whileLoop(li, iteration));
  snapshot(out.fwd, exit_rev);
  out.fwd.record(rt::push(n));

  // Reverse: n reversals of one iteration replayed from the final state.
  out.rev.comment(where + ", the adjoint fixed point: one iteration from the "
                          "final state, replayed taped and reversed as many "
                          "times as the loop iterated");
  n = fresh(naming::iterationCount());
  out.rev.restore("const long long " + n + " = " + rt::pop("long long") + ";");
  out.rev.append(exit_rev);
  out.rev.statement("const " + stateTuple(li) + " " + last + "(" +
                    carriedNames(li) + ");");
  out.rev.openFor({"long long " + k + " = 0", k + " < " + n, "++" + k});
  out.rev.statement("std::tie(" + carriedNames(li) + ") = " + last + ";");
  out.rev.append(iterationForward(li, true));
  out.rev.append(iterationReverse(li));
  out.rev.close();
  out.rev.append(entry_rev);
  out.rev.append(init.rev);
  return out;
}

} // namespace tangent
