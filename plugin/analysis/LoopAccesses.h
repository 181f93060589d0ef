//===- LoopAccesses.h - what a loop body reads and writes -------*- C++ -*-===//
///
/// \file
/// The uses of each variable in a loop body, with the index and the
/// statement of each, for the independence of parallel loops
/// (ParallelLoops.cpp); defined in LoopAccesses.cpp.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_ANALYSIS_LOOPACCESSES_H
#define TANGENT_ANALYSIS_LOOPACCESSES_H

#include "ir/IR.h"
#include <map>
#include <set>
#include <vector>

namespace tangent {

/// One use of a variable in a loop body.
struct Access {
  const Expr *index = nullptr; ///< the first index, null: the whole variable
  bool write = false;
  long long span = 1; ///< elements from the index on (a callee's extent)
  /// An element used directly (`v[k]`, `m[k][j]`): the whole expression.
  const Expr *element = nullptr;
  const Stmt *stmt = nullptr; ///< the statement that uses it
};

struct Uses {
  std::map<Var *, std::vector<Access>> of;
  const Stmt *current = nullptr; ///< the statement being collected
  void add(Var *v, const Expr *index, bool write, long long span = 1,
           const Expr *element = nullptr) {
    of[v].push_back({index, write, span, element, current});
  }
};

/// The accesses of statement `s` itself (not of its nested blocks).
void collectOne(const Stmt &s, Uses &u);
/// Every access in `block`, recursively, in program order.
void collect(const Block &block, Uses &u);
/// Every access of statement `s` and of the blocks nested in it.
Uses accessesOf(const Stmt &s);

/// The integer scalars `body` sets from an element of a container (an
/// index table: `k = list[i];`), a call's result, or another of them.
std::set<const Var *> tableEntries(const Block &body);

/// Whether each of `list`'s accesses is to an element that its own
/// statement assigns at an index read from a table (`v[t[i]] = e;`, `v[k]
/// = v[k] * c;` with k in `entries`): in a parallel loop free of data races
/// no other iteration touches such an element. (Indices computed from the
/// iteration's alone are decided, not trusted: ParallelLoops.cpp.)
bool atAssignedElements(const std::vector<Access> &list,
                        const std::set<const Var *> &entries);

} // namespace tangent

#endif
