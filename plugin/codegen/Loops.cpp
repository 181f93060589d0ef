//===- Loops.cpp - loops: the strategy dispatch and shared pieces ---------===//
//
// One file per strategy, chosen by analysis/Checkpointing.cpp:
//  - LoopFullTape.cpp:  every iteration records what its reverse needs;
//  - LoopSegments.cpp:  sqrt(n) segment checkpointing of counted loops;
//  - LoopOnline.cpp:    online checkpointing of loops of unknown trip count;
//  - LoopBudget.cpp:    counted loops under options.memory_budget, whose
//                       strategy the runtime picks when the loop starts;
//  - LoopBudgetWhile.cpp: loops of unknown trip count under the budget;
//  - LoopParallel.cpp:  sqrt(n) segments replayed on a helper thread;
//  - LoopFixedPoint.cpp: [[tangent::fixed_point]] loops (Christianson);
//  - LoopRecompute.cpp: the state of each iteration recorded, the
//                       iteration recomputed before its reverse;
//  - LoopOpenMP.cpp:    `#pragma omp parallel for` loops, both sweeps in
//                       parallel (always full tape).
// Replays run the same generated statements as the taped forward sweep, and
// the untaped forward sweep the same expressions (untaped()), so
// checkpointed gradients are bitwise identical to fully taped ones.
//
//===----------------------------------------------------------------------===//
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/IRWalk.h"
#include "ir/Support.h"

namespace tangent {

std::string SweepGenerator::stepText(const std::string &i, long long inc) {
  if (inc == 1)
    return "++" + i;
  if (inc == -1)
    return "--" + i;
  return inc > 0 ? i + " += " + std::to_string(inc)
                 : i + " -= " + std::to_string(-inc);
}

std::string SweepGenerator::tripCountText(const LoopInfo &li) {
  if (li.constant_trips >= 0)
    return std::to_string(li.constant_trips);
  return rt::tripCount(printExpr(*li.start), printExpr(*li.bound), li.increment,
                       spelling(li.compare));
}

std::string SweepGenerator::inductionAt(const LoopInfo &li,
                                        const std::string &k) {
  const std::string &t = li.induction->type.spelling;
  long long start_value = -1;
  std::string offset = constInt(*li.start, start_value) && start_value == 0
                           ? ""
                           : printExpr(*li.start) + " + ";
  std::string scaled =
      li.increment == 1 ? k : k + " * " + std::to_string(li.increment);
  return "const " + t + " " + li.induction->name + " = static_cast<" + t +
         ">(" + offset + scaled + ");";
}

std::string SweepGenerator::tupleOf(const std::vector<Var *> &vars) {
  std::string t = "std::tuple<";
  for (size_t i = 0; i < vars.size(); ++i) {
    const Type &ty = vars[i]->type;
    t += (i ? ", " : "") + (ty.kind == TypeKind::CArray
                                ? "std::array<" + ty.elem_spelling + ", " +
                                      std::to_string(ty.extent) + ">"
                                : ty.spelling);
  }
  return t + ">";
}

std::string SweepGenerator::makeState(const LoopInfo &li) {
  return "[&] { return " + stateTuple(li) + "(" + carriedNames(li) + "); }";
}

SweepGenerator::Sweeps SweepGenerator::loop(const Stmt &s) {
  if (s.loop->omp)
    return loopOpenMP(s); // taped or not: in parallel
  if (!record_)
    return loopFullTape(s); // the untaped sweep: a plain loop
  TANGENT_ASSERT(!s.loop->fixed_point ||
                     s.loop->strategy == LoopStrategy::FixedPoint,
                 "a refused [[tangent::fixed_point]] loop reached generation");
  switch (s.loop->strategy) {
  case LoopStrategy::Segments:
    return loopSegments(s);
  case LoopStrategy::Online:
    return loopOnline(s);
  case LoopStrategy::Budgeted:
    return loopBudgeted(s);
  case LoopStrategy::ParallelSegments:
    return loopParallel(s);
  case LoopStrategy::BudgetWhile:
    return loopBudgetWhile(s);
  case LoopStrategy::FixedPoint:
    return loopFixedPoint(s);
  case LoopStrategy::Recompute:
    return loopRecompute(s);
  case LoopStrategy::FullTape:
    break;
  }
  return loopFullTape(s);
}

CppFor SweepGenerator::countedHeader(const LoopInfo &li,
                                     const std::string &extra_step) {
  const std::string &i = li.induction->name;
  return {li.induction->type.spelling + " " + i + " = " + printExpr(*li.start),
          i + " " + spelling(li.compare) + " " + printExpr(*li.bound),
          stepText(i, li.increment) + extra_step};
}

Code SweepGenerator::iterationForward(const LoopInfo &li, bool taped) {
  Code c;
  if (taped) {
    c.append(block(li.body).fwd);
    c.append(block(li.step).fwd);
  } else {
    c.append(untaped(li.body));
    c.append(untaped(li.step));
  }
  return c;
}

Code SweepGenerator::iterationReverse(const LoopInfo &li) {
  Code c;
  c.append(block(li.step).rev);
  c.append(block(li.body).rev);
  return c;
}

Code SweepGenerator::saveExitValues(const LoopInfo &li, Code &fwd) {
  std::vector<Code> restores;
  for (Var *v : li.exit_values) {
    restores.emplace_back();
    saveWhole(v, fwd, restores.back());
  }
  Code out;
  for (auto it = restores.rbegin(); it != restores.rend(); ++it)
    out.append(*it);
  return out;
}

} // namespace tangent
