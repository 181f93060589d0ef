//===- Generate.h - forward and reverse sweeps ------------------*- C++ -*-===//
///
/// \file
/// Turns an analyzed Function into C++ (a tree, ir/Cpp.h): the joint adjoint of
/// the requested function (forward sweep, then reverse sweep, in one function)
/// or the split pair of a callee (`<f>_forward` records on the tape,
/// `<f>_reverse` consumes it).
///
/// The statement-level generator is SweepGenerator.h; its parts are one file
/// per construct: ExprAdjoint.cpp (adjoints of expressions, recorded
/// values), Statements.cpp (assignments, constructions, branches, blocks),
/// Calls.cpp, Communication.cpp (MPI calls), Loops.cpp (loop dispatch) with
/// one file per strategy (LoopFullTape.cpp, LoopSegments.cpp,
/// LoopRecompute.cpp, LoopOnline.cpp, LoopBudget.cpp, LoopBudgetWhile.cpp,
/// LoopFixedPoint.cpp, LoopParallel.cpp, LoopOpenMP.cpp, and LoopGather.cpp
/// for the passes of stencil reverses); Function.cpp assembles
/// whole functions and Binding.cpp the code that binds a request.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_CODEGEN_GENERATE_H
#define TANGENT_CODEGEN_GENERATE_H

#include "analysis/Analysis.h"
#include "ir/Cpp.h"
#include "ir/IR.h"
#include <string>
#include <utility>
#include <vector>

namespace tangent {

/// The generated code of one function.
struct GeneratedFunction {
  CppBody code;         ///< definitions
  std::string text;     ///< the definitions printed (their content hash)
  CppBody declarations; ///< prototypes (for recursive callees)
  std::string entry;    ///< name of the joint function (top) or stem
};

/// Generates the adjoint of `fn`, analyzed (`analyzed`, analysis/Analysis.h)
/// and checked by the legality layer (frontend/Legality.h): generation only
/// asserts. `stem` is the unique name stem for its generated functions.
GeneratedFunction generateAdjoint(Function &fn, const Analyzed &analyzed,
                                  const Options &opts, const std::string &stem);

/// Prints a tangent-linear function (forward/TangentLinear.h) as the C++
/// function `<fn.generated_name>` (Forward.cpp).
GeneratedFunction generateTangentLinear(Function &fn);

/// The C++ type of a parameter as generated functions declare it.
std::string paramType(const Var &param);

/// The adjoint parameter type of a parameter in generated functions
/// ("double&", "std::vector<double>&", "double*"), or "" if none; in the
/// vector reverse mode (`lanes`) the same with lanes of its scalar.
std::string adjointParamType(const Var &param, bool lanes = false);

/// The C++ type of an adjoint of a value of type `t`: `t`, or in the vector
/// reverse mode (`lanes`) `t` with its real scalar made lanes
/// (naming::lanedSpelling); adjointScalar() the same for a scalar's
/// spelling.
Type adjointType(const Type &t, bool lanes);
std::string adjointScalar(const std::string &scalar, bool lanes);

/// Why a request has no vector reverse mode variant (VectorReverse.cpp):
/// `fns` are the requested function, then the callees it reaches; "" when
/// they can have one.
std::string vectorReverseRefusal(const std::vector<const Function *> &fns,
                                 const Options &opts);

/// The vector reverse mode's variant of an adjoint generateAdjoint() made
/// (with the same options; its stem): `<stem>_pullback_lanes<W>` for the
/// requested function, `<stem>_reverse_lanes<W>` alone for a callee
/// (callers run its scalar `<stem>_forward`, which records the same tape).
GeneratedFunction generateAdjointLanes(Function &fn, const Options &opts);

} // namespace tangent

#endif
