//===- LoopState.h - what a checkpointed loop's snapshot holds --*- C++ -*-===//
///
/// \file
/// The loop-carried state of checkpointed loops, for the strategy choice
/// (Checkpointing.cpp); defined in LoopState.cpp.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_ANALYSIS_LOOPSTATE_H
#define TANGENT_ANALYSIS_LOOPSTATE_H

#include "analysis/Analysis.h"
#include <map>
#include <set>
#include <string>
#include <vector>

namespace tangent {

/// For each vector built once with a size (`std::vector<T> v(n)`), that
/// size: a counted loop up to it covers every element.
using SizeExprs = std::map<const Var *, const Expr *>;

/// The sizes of the vectors of `fn` built once with one.
SizeExprs constructionSizes(const Function &fn);

/// The snapshot of `loop` (variables it writes that are live at the start
/// of an iteration, ordered by id) into `carried`, or false with the reason
/// it cannot have one in `why`.
bool carriedState(const Function &fn, const Stmt &loop, const SizeExprs &sizes,
                  std::vector<Var *> &carried, std::string &why);

/// The variables of Budgeted and BudgetWhile loops that LoopInfo::
/// exit_values describes: written in the loop (`written`), out of its
/// snapshot, read by the reverse sweep (a vector also for its size, which
/// sizes adjoints).
std::vector<Var *> exitValues(const LoopInfo &li,
                              const std::set<Var *> &written);

} // namespace tangent

#endif // TANGENT_ANALYSIS_LOOPSTATE_H
