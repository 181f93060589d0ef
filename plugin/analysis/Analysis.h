//===- Analysis.h - analyses over the IR ------------------------*- C++ -*-===//
///
/// \file
/// The passes between lowering and generation, run in the order of
/// ir/Passes.def by the pipelines (frontend/Pipeline.h) through
/// analyzeFunction() / analyzeCallees() (Analyze.cpp, with a PassManager:
/// each can be dumped, is verified, and the optional ones switched off).
/// Each returns a result object that the next one takes, so the order is in
/// the types:
///  1. classifyLoops (LoopAnalysis.cpp) -> LoopForms: invariant variables,
///     counted loops; analyzeParallelLoops (ParallelLoops.cpp) updates them:
///     OpenMP loops' reductions taken out, what their iterations share;
///  2. analyzeActivity (Activity.cpp), from LoopForms -> Activity: varied
///     and useful variables;
///  3. analyzeToBeRecorded (ToBeRecorded.cpp), from Activity -> Records:
///     what the reverse sweep reads, hence which overwrites must be
///     recorded, and which branch decisions;
///  4. chooseLoopStrategies (Checkpointing.cpp), extending Records (a
///     loop's replays read what it does not write) -> LoopPlans: a strategy
///     and a reason per loop, and the state its snapshots hold;
///  5. the optional findOverwrittenAdjoints (OverwrittenAdjoints.cpp) and
///     findLastTaken (LastTaken.cpp), marks on the IR that generation reads.
/// The facts themselves stay on the IR they describe (Var, Expr, Stmt,
/// LoopInfo), where generation reads them; each pass asserts the facts it
/// establishes (TANGENT_ASSERT, ir/Support.h).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_ANALYSIS_H
#define TANGENT_ANALYSIS_H

#include "ir/IRWalk.h"
#include <map>
#include <set>

namespace tangent {

/// What classifyLoops establishes: every loop of the function, in program
/// order, classified (LoopInfo::form; invariant variables: Var::invariant).
struct LoopForms {
  const Function *fn = nullptr;
  std::vector<const Stmt *> loops;
};

/// What analyzeActivity establishes: the variables that get an adjoint.
struct Activity {
  const Function *fn = nullptr;
  std::vector<const Var *> active;
};

/// What analyzeToBeRecorded establishes: which values the reverse sweep
/// reads (Var::read_in_reverse, with the statements that read each,
/// Var::readers).
struct Records {
  const Function *fn = nullptr;
  /// Adds `reader` to the statements whose reverse reads `v`
  /// (chooseLoopStrategies: a checkpointed loop's replays read what the
  /// loop reads and does not write).
  void addReader(Var *v, const Stmt *reader);
};

/// What chooseLoopStrategies establishes: each loop's strategy and reason
/// (LoopInfo::strategy, reason, carried).
struct LoopPlans {
  const Function *fn = nullptr;
};

/// Part of analyzeToBeRecorded (Rematerialize.cpp): marks the scalars
/// whose value the reverse computes again from a cheap expression of
/// unchanging values (Var::rematerialized) instead of recording it.
void findRematerialized(Function &fn);

/// Every analysis of a function, in the order it ran.
struct Analyzed {
  LoopForms loops;
  Activity activity;
  Records records;
  LoopPlans plans;
};

/// Runs every analysis below on a requested function, in order, under the
/// request's options; `after` (if set) is called with each pass's name once
/// it ran (for -fplugin-arg-tangent-dump-ir).
Analyzed
analyzeFunction(Function &fn, const Options &opts,
                const std::function<void(const char *pass)> &after = {});

/// Runs them on callees (differentiated with respect to every floating
/// parameter, default options), iterating to a fixed point where callees
/// call each other (recursion). Each callee is analyzed once per translation
/// unit: pass only callees not analyzed before. One result per callee, in
/// their order.
std::vector<Analyzed> analyzeCallees(const std::vector<Function *> &callees);

/// Marks invariant variables and classifies loops (Counted when possible).
LoopForms classifyLoops(Function &fn);

/// On each `#pragma omp parallel for` loop: floating reductions become
/// per-iteration contributions folded after the loop (the loops are then
/// classified again, into `forms`), and the variables its body touches are
/// classified (exclusive, private, shared) into its OmpLoop, or the loop
/// gets a refusal, which the legality layer reports (ParallelLoops.cpp).
void analyzeParallelLoops(Function &fn, LoopForms &forms);

/// The indices of a parallel loop's body that name elements of one
/// iteration each (IterationIndices.cpp).
struct IterationIndices {
  /// A block of `size` elements per value of `root` (an induction variable
  /// or the index of a thread's share): the elements [size r, size r +
  /// size) are the iteration's. Size 0: not the iteration's.
  struct Block {
    long long size = 0;
    const Var *root = nullptr;
    bool operator==(const Block &o) const {
      return size == o.size && root == o.root;
    }
  };
  /// The induction variable, the index of a thread's share, and the
  /// scalars the body only sets to one of them: each with its root.
  std::map<const Var *, const Var *> own;
  /// Where in the iteration's block a place lies: the block, and the
  /// offsets [lo, hi] from its start the place may take.
  struct Place {
    Block block;
    long long lo = 0, hi = 0;
  };
  /// Scalars the body only sets to places in a block of c > 1 elements
  /// (`i3 = 8 * i`, `jj = 8 * i + ii` in `for (ii = 0; ii < 8; ++ii)`).
  std::map<const Var *, Place> stride;
  /// The indices of the body's loops with constant bounds.
  std::map<const Var *, std::pair<long long, long long>> ranges;
  /// The place `index` names (an own index: a block of size 1; `c * i`, a
  /// strided scalar, plus constants or indices of ranges); size 0: none.
  Place placeOf(const Expr &index) const;
};
IterationIndices iterationIndices(const LoopInfo &li);
/// The values [lo, hi] of the index of each loop of `body` with constant
/// bounds and step (`for (int k = 0; k < 8; ++k)`, k not written inside).
using IndexRanges = std::map<const Var *, std::pair<long long, long long>>;
IndexRanges constantRanges(const Block &body);
/// The values [lo, hi] `e` takes: constants, such indices, sums and
/// differences of them, a remainder by a constant; false if unknown.
bool rangeOf(const Expr &e, const IndexRanges &ranges, long long &lo,
             long long &hi);
/// How many elements callee `fn` reaches through its pointer parameter `p`
/// from where it points: 1 + the largest index it uses there (`*p`, `p[2]`,
/// `p[k]`: rangeOf), 0 if it uses it any other way (IterationIndices.cpp).
long long pointerExtent(const Function &fn, const Var *p);
/// Whether `fn` uses its parameter `p` at all (a member function is given
/// every field of its object).
bool parameterUsed(const Function &fn, const Var *p);

/// The reason a parallel loop's remark gives: how both sweeps run and how
/// its adjoints are updated safely (ParallelLoops.cpp).
std::string parallelLoopReason(const LoopInfo &li);

/// Whether loop `li`, or a function it calls, calls MPI: every rank must
/// then replay it alike (ParallelLoops.cpp).
bool loopCallsMpi(const LoopInfo &li);

/// Computes varied/useful/active for variables and `active` for expressions.
/// For the requested function, `wrt` selects the independent parameters;
/// with `optimized` false every differentiable variable is active.
Activity analyzeActivity(Function &fn, const LoopForms &loops,
                         std::uint64_t wrt, bool optimized);

/// Computes `read_in_reverse` for variables, the callee summary, and for
/// `if` statements whether their decision is recorded.
Records analyzeToBeRecorded(Function &fn, const Activity &activity,
                            bool optimized);

/// Marks the indices of element writes to inactive containers that the
/// reverse restores (what reads the container there may be a loop's replay,
/// known only to chooseLoopStrategies); whether it marked any.
bool markRestoredIndices(Function &fn);
/// Gives back, after all, the storage of the calls that were to leave it
/// (Stmt::unrestored) where something now reads it in reverse (a loop's
/// replay, known only to chooseLoopStrategies); whether it changed any.
bool restoreReadStorage(Function &fn);

/// Which parameters each of `fns` writes, through its calls too (a
/// parameter only passed on to callees that read it is not written): their
/// `param_written`, before their analyses, so that callers save around a
/// call only what it writes (ToBeRecorded.cpp).
void summarizeWrites(const std::vector<Function *> &fns);

/// The callee summary (parameters read in reverse, parameters written);
/// analyzeToBeRecorded and chooseLoopStrategies keep it current.
void summarizeParameters(Function &fn);

/// Chooses each loop's strategy (full tape, sqrt(n) segments, online) with
/// its reason, and the loop-carried state of checkpointed loops
/// (Checkpointing.cpp). Runs last: snapshots include what the reverse reads;
/// the replays of checkpointed loops read more, which it adds to `records`.
LoopPlans chooseLoopStrategies(Function &fn, Records &records,
                               const Options &opts);

/// Whether callee parameter `p` is filled by every call: a non-const
/// reference to a vector (or std::array) of scalars that the callee only
/// writes, element by element and unconditionally, at indices fixed by
/// constants and its parameters' sizes, and never reads or passes on
/// (CalleeOutputs.cpp).
bool fillsParameter(const Function &callee, int p);
/// Whether call statement `call` fills its argument `k`, a variable passed
/// to such a parameter and to no other.
bool fillsArgument(const Stmt &call, std::size_t k);
/// The variables `call`, in the body of loop `li`, fills in every iteration
/// alike: filled arguments that nothing else in the loop writes, of a call
/// whose container arguments keep their sizes through the loop. Their
/// values at the start of an iteration are never read.
std::vector<const Var *> filledInLoop(const Stmt &call, const LoopInfo &li);

/// Marks the reads whose reverse may assign the adjoint instead of adding
/// to it (Expr::assigns_adjoint) and the calls whose callee may leave that
/// adjoint unzeroed (Stmt::unzeroed): a local container written whole by
/// a call and read once, element by element, by the loop after it
/// (OverwrittenAdjoints.cpp), after analyzeToBeRecorded (pass
/// overwritten-adjoints).
void findOverwrittenAdjoints(Function &fn);
/// Clears those marks (the conservative answer: every read adds).
void clearOverwrittenAdjoints(Function &fn);

/// Rewrites each running extremum `v = std::max(v, e)` (std::min alike)
/// outside OpenMP loops as the selection it is, `t = e; if (v < t) v = t;`
/// (RunningExtrema.cpp; pass running-extrema): the same values, a decision
/// recorded instead of v's old value, and a selection last-taken can mark.
void rewriteRunningExtrema(Function &fn);

/// Marks the branches of counted loops whose reverse needs only the last
/// iteration that took them (Stmt::last_taken): the copies of a selection
/// such as `if (dist < best) best = dist` (LastTaken.cpp; pass last-taken).
void findLastTaken(Function &fn);
/// Clears those marks (every decision recorded).
void clearLastTaken(Function &fn);

/// Whether counted loop `loop` of `fn`, whose iterations start from the
/// state `carried`, is cheaper to recompute than to record (the cost model
/// of Recompute.cpp); `why` gets the estimate either way.
bool preferRecompute(const Function &fn, const Stmt &loop,
                     const std::vector<Var *> &carried, std::string &why);

/// Whether a compound expression is cheap enough to recompute in the reverse
/// sweep rather than record (no calls, no math functions).
bool isCheap(const Expr &e);

/// Whether the value of `e` is needed by the reverse sweep and must be
/// recorded on the tape (a needed, non-cheap, compound value).
/// `needed` receives every node whose value the adjoint of `e` reads.
void collectNeededValues(const Expr &e, std::vector<const Expr *> &needed);

/// Whether `s` writes `v` for the first time in program order outside any
/// loop (no earlier value exists).
bool isFirstWrite(const Function &fn, const Stmt &s, const Var *v);

/// Whether overwriting `v` at `s` must record the old value: some statement
/// whose reverse reads `v` runs before `s` in the forward sweep (earlier in
/// program order, `s` itself, or in a loop around both).
bool needsRecord(const Function &fn, const Stmt &s, const Var *v);

/// Whether `s`'s overwrite of an element of pointer parameter `v` comes
/// after a loop of `fn` that overwrote the same element, whose record
/// already gives the caller's value back (CoveredWrites.cpp).
bool coveredOverwrite(const Function &fn, const Stmt &s, const Var *v);

/// The scalars whose records loop `loop` (generated with the full tape)
/// takes once, before it runs, instead of at each overwrite inside: no
/// reverse statement inside it reads them (HoistedRecords.cpp). `hoisted`:
/// those an enclosing loop takes already.
std::vector<Var *> hoistedRecords(const Function &fn, const Stmt &loop,
                                  const std::set<const Var *> &hoisted);

/// Whether the reverse of a statement before `loop` (outside it) reads `v`.
bool readBeforeLoop(const Function &fn, const Stmt &loop, const Var *v);

/// Whether the reverse sweep evaluates a needed value again (a leaf, or a
/// cheap expression of variables that never change) instead of recording it.
bool recomputedInReverse(const Expr &needed);

} // namespace tangent

#endif
