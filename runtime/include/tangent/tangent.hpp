//===- tangent/tangent.hpp - the tangent runtime, all of it -----*- C++ -*-===//
///
/// \file
/// The one header users include: gradient requests (grad.hpp), the
/// TANGENT_CHECKPOINT annotation (annotations.hpp), the tape
/// (tape.hpp), memory accounting (stats.hpp), snapshot stores
/// (snapshots.hpp), checkpoint schedules and their drivers (schedules.hpp),
/// the checkpointing helpers (checkpoint.hpp) and the small helpers that
/// generated adjoints call (support.hpp, openmp.hpp for parallel loops).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_TANGENT_HPP
#define TANGENT_TANGENT_HPP

#include "tangent/annotations.hpp"
#include "tangent/checkpoint.hpp"
#include "tangent/forward.hpp"
#include "tangent/grad.hpp"
#include "tangent/openmp.hpp"
#include "tangent/schedules.hpp"
#include "tangent/snapshots.hpp"
#include "tangent/stats.hpp"
#include "tangent/support.hpp"
#include "tangent/tape.hpp"

#endif // TANGENT_TANGENT_HPP
