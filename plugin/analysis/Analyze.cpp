//===- Analyze.cpp - every analysis of a function, in order ---------------===//
//
// The analyses run in the order of ir/Passes.def, through a PassManager
// (ir/Passes.h), each taking the result of the one before;
// analyzeFunction() is that order for a requested function,
// analyzeCallees() for the callees of a translation unit, where calls
// between callees (recursion) make one callee's results depend on another's
// summary: those are iterated to a fixed point.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"

namespace tangent {

Analyzed analyzeFunction(Function &fn, const Options &opts,
                         const std::function<void(const char *)> &after) {
  Analyzed a;
  PassManager passes(fn, after);
  passes.run(Pass::RunningExtrema, [&] { rewriteRunningExtrema(fn); });
  passes.run(Pass::Loops, [&] { a.loops = classifyLoops(fn); });
  passes.run(Pass::ParallelLoops, [&] { analyzeParallelLoops(fn, a.loops); });
  passes.run(Pass::Activity, [&] {
    a.activity = analyzeActivity(fn, a.loops, opts.wrt, opts.optimized);
  });
  passes.run(Pass::ToBeRecorded, [&] {
    a.records = analyzeToBeRecorded(fn, a.activity, opts.optimized);
  });
  passes.run(Pass::Checkpointing,
             [&] { a.plans = chooseLoopStrategies(fn, a.records, opts); });
  clearOverwrittenAdjoints(fn);
  passes.run(Pass::OverwrittenAdjoints, [&] { findOverwrittenAdjoints(fn); });
  clearLastTaken(fn);
  passes.run(Pass::LastTaken, [&] { findLastTaken(fn); });
  return a;
}

std::vector<Analyzed> analyzeCallees(const std::vector<Function *> &callees) {
  const Options defaults;
  std::vector<Analyzed> out(callees.size());
  std::vector<PassManager> passes;
  passes.reserve(callees.size());
  summarizeWrites(callees); // what callers save around their calls
  for (size_t k = 0; k < callees.size(); ++k) {
    Function &fn = *callees[k];
    Analyzed &a = out[k];
    passes.emplace_back(fn);
    passes[k].run(Pass::RunningExtrema, [&] { rewriteRunningExtrema(fn); });
    passes[k].run(Pass::Loops, [&] { a.loops = classifyLoops(fn); });
    passes[k].run(Pass::ParallelLoops,
                  [&] { analyzeParallelLoops(fn, a.loops); });
    // Callees are differentiated with respect to every floating parameter.
    passes[k].run(Pass::Activity, [&] {
      a.activity = analyzeActivity(fn, a.loops, ~std::uint64_t{0},
                                   /*optimized=*/true);
    });
  }
  // What a caller records for a call depends on which parameters the
  // callee's reverse reads (its summary); a recursive call reads a summary
  // that is not final yet. The summaries only grow, so iterate until none
  // changes (each round at most adds a parameter).
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t k = 0; k < callees.size(); ++k) {
      Function &fn = *callees[k];
      Analyzed &a = out[k];
      std::vector<bool> before = fn.param_read_in_reverse;
      passes[k].restartAt(Pass::ToBeRecorded);
      passes[k].run(Pass::ToBeRecorded, [&] {
        a.records = analyzeToBeRecorded(fn, a.activity, /*optimized=*/true);
      });
      passes[k].run(Pass::Checkpointing, [&] {
        a.plans = chooseLoopStrategies(fn, a.records, defaults);
      });
      changed |= fn.param_read_in_reverse != before;
    }
  }
  for (size_t k = 0; k < callees.size(); ++k) {
    Function &fn = *callees[k];
    clearOverwrittenAdjoints(fn);
    passes[k].run(Pass::OverwrittenAdjoints,
                  [&] { findOverwrittenAdjoints(fn); });
    clearLastTaken(fn);
    passes[k].run(Pass::LastTaken, [&] { findLastTaken(fn); });
  }
  return out;
}

} // namespace tangent
