//===- VectorSeed.h - the seeded dot product of a vector result -*- C++ -*-===//
///
/// \file
/// A vector-Jacobian product of a vector-valued f is the gradient of the
/// scalar u . f(x) for a constant u: seedResult() turns the lowered f into
/// that function (a parameter `cotangent` after f's, and a loop summing
/// result[k] * cotangent[k] after f's body), so the adjoint generator
/// differentiates it with every loop strategy, as it does any gradient.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FORWARD_VECTORSEED_H
#define TANGENT_FORWARD_VECTORSEED_H

#include "ir/IR.h"

namespace tangent {

/// Makes `fn` (a requested function returning a std::vector or std::array
/// of floating point, not split into leaves) return the dot product of a
/// new last parameter with its result.
void seedResult(Function &fn);

/// Appends `acc = 0; for (k = 0; k < a.size(); ++k) acc = acc + a[k] * b[k];`
/// to `out` (a, b: vectors or arrays of fn; acc: a scalar of type `real`).
void appendDotProduct(Function &fn, Var *acc, Var *a, Var *b, const Loc &at,
                      Block &out);

} // namespace tangent

#endif
