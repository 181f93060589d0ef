//===- Verify.h - the IR's invariants ---------------------------*- C++ -*-===//
///
/// \file
/// What every function's IR satisfies between passes, whichever pass ran
/// last (and, verifySweeps(), what its generated sweeps satisfy): the shape of
/// each expression and statement, variables owned by the function they appear
/// in, parameters in their positions, a loop's header complete for its form,
/// and the facts the analyses leave on variables consistent with each other.
/// PassManager (ir/Passes.h) runs it after every pass; a violation is an
/// internal error that names the pass.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_IR_VERIFY_H
#define TANGENT_IR_VERIFY_H

#include "ir/Cpp.h"
#include <string>
#include <vector>

namespace tangent {

struct Function;

/// Every violated invariant of `fn`, each located ("f.cpp:12: ...").
std::vector<std::string> verifyFunction(const Function &fn);

/// Throws InternalError naming `after_pass` and the first violations.
void verifyOrThrow(const Function &fn, const char *after_pass);

/// Every violated invariant of a function's generated sweeps (ir/Cpp.h):
/// each adjoint update has an l-value target (a name, an element) and a
/// value; no plain statement records onto the tape or restores from it
/// (those are Record and Restore nodes, which Code::records() reads); a
/// sweep pair whose reverse restores records somewhere.
std::vector<std::string> verifySweeps(const CppBody &fwd, const CppBody &rev);

/// Throws InternalError naming function `name` and the first violations.
void verifySweepsOrThrow(const CppBody &fwd, const CppBody &rev,
                         const std::string &name);

} // namespace tangent

#endif
