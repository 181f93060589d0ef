//===- Analyze.cpp - every analysis of a function, in order ---------------===//
//
// The analyses run in a fixed order (Analysis.h), each taking the result of
// the one before; analyzeFunction() is that order for a requested function,
// analyzeCallees() for the callees of a translation unit, where calls
// between callees (recursion) make one callee's results depend on another's
// summary: those are iterated to a fixed point.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"

namespace tangent {

Analyzed analyzeFunction(Function &fn, const Options &opts,
                         const std::function<void(const char *)> &after) {
  auto done = [&](const char *pass) {
    if (after)
      after(pass);
  };
  Analyzed a;
  a.loops = classifyLoops(fn);
  analyzeParallelLoops(fn, a.loops);
  done("loops");
  a.activity = analyzeActivity(fn, a.loops, opts.wrt, opts.optimized);
  done("activity");
  a.records = analyzeToBeRecorded(fn, a.activity, opts.optimized);
  findOverwrittenAdjoints(fn, opts.optimized);
  findLastTaken(fn);
  done("to-be-recorded");
  a.plans = chooseLoopStrategies(fn, a.records, opts);
  done("checkpointing");
  return a;
}

std::vector<Analyzed> analyzeCallees(const std::vector<Function *> &callees) {
  const Options defaults;
  std::vector<Analyzed> out(callees.size());
  for (size_t k = 0; k < callees.size(); ++k) {
    Function &fn = *callees[k];
    out[k].loops = classifyLoops(fn);
    analyzeParallelLoops(fn, out[k].loops);
    // Callees are differentiated with respect to every floating parameter.
    out[k].activity = analyzeActivity(fn, out[k].loops, ~std::uint64_t{0},
                                      /*optimized=*/true);
  }
  // What a caller records for a call depends on which parameters the
  // callee's reverse reads (its summary); a recursive call reads a summary
  // that is not final yet. The summaries only grow, so iterate until none
  // changes (each round at most adds a parameter).
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = 0; k < callees.size(); ++k) {
      Function &fn = *callees[k];
      std::vector<bool> before = fn.param_read_in_reverse;
      out[k].records = analyzeToBeRecorded(fn, out[k].activity,
                                           /*optimized=*/true);
      out[k].plans = chooseLoopStrategies(fn, out[k].records, defaults);
      changed |= fn.param_read_in_reverse != before;
    }
  }
  for (Function *fn : callees) {
    findOverwrittenAdjoints(*fn);
    findLastTaken(*fn);
  }
  return out;
}

} // namespace tangent
