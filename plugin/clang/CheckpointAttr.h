//===- CheckpointAttr.h - [[tangent::checkpoint]], fixed_point -*- C++ -*-===//
#ifndef TANGENT_CHECKPOINTATTR_H
#define TANGENT_CHECKPOINTATTR_H

#include <map>
#include <set>

namespace clang {
class Preprocessor;
}

namespace tangent {

/// Starts the marks of a new compilation: forgets the previous ones and
/// watches `pp` for expansions of TANGENT_CHECKPOINT(N), whose N is read
/// from the macro's argument (tangent/annotations.hpp).
void startCheckpointMarks(clang::Preprocessor &pp);

/// Statements marked [[tangent::checkpoint]] or [[tangent::checkpoint(N)]]
/// in the current compilation: raw location of the statement -> budget
/// (0 when none was given). Filled while Clang parses.
std::map<unsigned, int> &checkpointMarks();

/// Loops marked [[tangent::fixed_point]] in the current compilation (raw
/// locations of the loop statements). Filled while Clang parses.
std::set<unsigned> &fixedPointMarks();

} // namespace tangent

#endif
