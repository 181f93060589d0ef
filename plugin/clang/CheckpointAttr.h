//===- CheckpointAttr.h - [[tangent::checkpoint]] marks ---------*- C++ -*-===//
#ifndef TANGENT_CHECKPOINTATTR_H
#define TANGENT_CHECKPOINTATTR_H

#include <map>

namespace tangent {

/// Statements marked [[tangent::checkpoint]] or [[tangent::checkpoint(N)]]
/// in the current compilation: raw location of the statement -> budget
/// (0 when none was given). Filled while Clang parses.
std::map<unsigned, int> &checkpointMarks();

} // namespace tangent

#endif
