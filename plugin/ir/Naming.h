//===- Naming.h - every identifier the generator creates --------*- C++ -*-===//
///
/// \file
/// Generated code never concatenates identifiers elsewhere: adjoints, tape
/// temporaries, flags and generated function names all come from here, and
/// a NameScope guarantees they never collide with the user's names.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_NAMING_H
#define TANGENT_NAMING_H

#include <array>
#include <set>
#include <string>

namespace tangent {

/// The names in use in one generated function.
class NameScope {
public:
  /// Marks a user's name: generated names never use it.
  void reserve(const std::string &name) { reserved_.insert(name); }
  /// A user variable's name: its own if still free, else a fresh variant.
  std::string claim(const std::string &name);
  /// A name starting with `stem` that is neither reserved nor taken.
  std::string fresh(const std::string &stem);

private:
  std::set<std::string> reserved_, taken_;
};

namespace naming {
/// Adjoint of a variable: `d_x`.
std::string adjointStem(const std::string &var);
/// The thread's tape inside generated functions.
inline const char *tape() { return "tape"; }
/// Adjoint of the function's result (the seed).
inline const char *resultAdjoint() { return "d_result"; }
/// Stems of temporaries: a recorded value, an adjoint, a loop trip count, a
/// branch decision, a control flag.
inline const char *valueTemp() { return "v"; }
inline const char *adjointTemp() { return "d"; }
inline const char *tripCount() { return "trips"; }
/// A loop's block of records on the tape (forward, reverse).
inline const char *recordBlock() { return "records"; }
/// A parallel loop's reduction: one contribution per iteration; the team
/// of per-thread tapes, the team size, an iteration count, copies of an
/// adjoint per thread (codegen/LoopOpenMP.cpp).
inline const char *contributions() { return "contributions"; }
inline const char *team() { return "team"; }
inline const char *threads() { return "threads"; }
inline const char *iterations() { return "iterations"; }
inline const char *perThread() { return "per_thread"; }
inline const char *decision() { return "taken"; }
inline const char *breakFlag() { return "broke"; }
inline const char *continueFlag() { return "skip"; }
inline const char *returnFlag() { return "returned"; }
inline const char *resultVar() { return "result"; }
/// A callee specialised for arguments that share storage
/// (frontend/lower/LowerShared.cpp): the stem suffix of its generated
/// functions, an added parameter for storage several parameters are parts
/// of, and an added index parameter.
inline const char *sharedVariant() { return "shared"; }
inline const char *sharedRoot() { return "storage"; }
inline const char *sharedIndex() { return "at"; }
/// Tangent of a variable in forward mode: `t_x`; of the result.
std::string tangentStem(const std::string &var);
inline const char *resultTangent() { return "t_result"; }
/// Stem of a tangent (hoisted) value in forward mode.
inline const char *tangentTemp() { return "tv"; }
/// The class templates that a request's block specializes (runtime
/// grad.hpp, forward.hpp): gradients, forward mode, Hessian-vector products,
/// vector-Jacobian products; `bindings()` lists them all.
inline const char *adjointBinding() { return "adjoint"; }
inline const char *tangentLinearBinding() { return "tangent_linear"; }
inline const char *secondOrderBinding() { return "second_order"; }
inline const char *seededBinding() { return "seeded_adjoint"; }
inline const std::array<const char *, 4> &bindings() {
  static const std::array<const char *, 4> all = {
      adjointBinding(), tangentLinearBinding(), secondOrderBinding(),
      seededBinding()};
  return all;
}
/// Namespace of generated functions.
inline const char *generatedNamespace() { return "tangent::generated"; }
/// Generated function names for a differentiated function stem.
std::string pullback(const std::string &stem);
std::string forward(const std::string &stem);
std::string reverse(const std::string &stem);
/// The tangent-linear (forward-mode) function: `<stem>_jvp`.
std::string jvp(const std::string &stem);
/// The tangent-linear function whose adjoint is a Hessian-vector product.
std::string hvp(const std::string &stem);
/// The primal of a function with split parameters, on its leaves.
std::string primal(const std::string &stem);
/// Suffixes of a request's stem: a request with options, checkpointed or
/// not, and a vector-Jacobian product (frontend/Pipeline.cpp); the adjoint
/// of a callee's tangent-linear function (second order).
inline const char *checkpointedRequest() { return "_checkpointed"; }
inline const char *optionsRequest() { return "_options"; }
inline const char *seededRequest() { return "_vjp"; }
inline const char *adjointOfTangent() { return "_adjoint"; }
/// Custom derivative looked up for a function:
/// tangent::custom::<name>_pullback.
std::string customPullback(const std::string &function);
inline const char *customNamespace() { return "tangent::custom"; }
} // namespace naming

} // namespace tangent

#endif
