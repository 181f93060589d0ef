//===- Analyze.cpp - every analysis of a function, in order ---------------===//
//
// The analyses run in a fixed order (Analysis.h); analyzeFunction() is that
// order for a requested function, analyzeCallees() for the callees of a
// translation unit, where calls between callees (recursion) make one
// callee's results depend on another's summary: those are iterated to a
// fixed point.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"

namespace tangent {

void analyzeFunction(Function &fn, const Options &opts,
                     const std::function<void(const char *)> &after) {
  auto done = [&](const char *pass) {
    if (after)
      after(pass);
  };
  classifyLoops(fn);
  analyzeParallelLoops(fn);
  done("loops");
  analyzeActivity(fn, opts.wrt, opts.optimized);
  done("activity");
  analyzeToBeRecorded(fn, opts.optimized);
  done("to-be-recorded");
  chooseLoopStrategies(fn, opts);
  done("checkpointing");
}

void analyzeCallees(const std::vector<Function *> &callees) {
  const Options defaults;
  for (Function *fn : callees) {
    classifyLoops(*fn);
    analyzeParallelLoops(*fn);
    // Callees are differentiated with respect to every floating parameter.
    analyzeActivity(*fn, ~std::uint64_t{0}, /*optimized=*/true);
  }
  // What a caller records for a call depends on which parameters the
  // callee's reverse reads (its summary); a recursive call reads a summary
  // that is not final yet. The summaries only grow, so iterate until none
  // changes (each round at most adds a parameter).
  for (bool changed = true; changed;) {
    changed = false;
    for (Function *fn : callees) {
      std::vector<bool> before = fn->param_read_in_reverse;
      analyzeToBeRecorded(*fn, /*optimized=*/true);
      chooseLoopStrategies(*fn, defaults);
      changed |= fn->param_read_in_reverse != before;
    }
  }
}

} // namespace tangent
