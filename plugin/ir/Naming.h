//===- Naming.h - every identifier the generator creates --------*- C++ -*-===//
///
/// \file
/// Generated code never concatenates identifiers elsewhere: adjoints, tape
/// temporaries, flags, the locals of generated statements and loops (the
/// stems passed to NameScope::fresh), a binding's parameters, include
/// guards and generated function names all come from here, and a NameScope
/// guarantees that the names it hands out never collide with the user's.
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
  /// Marks every identifier of a C++ spelling (a type's: `ns::Box<int>`
  /// marks ns, Box, int): a generated local named like a type would hide
  /// it from the code after it that spells the type.
  void reserveIdentifiers(const std::string &spelling);
  /// A user variable's name: its own if still free, else a fresh variant.
  std::string claim(const std::string &name);
  /// A name starting with `stem` that is neither reserved nor taken.
  std::string fresh(const std::string &stem);

private:
  std::set<std::string> reserved_, taken_;
};

namespace naming {
/// Adjoint of a variable: `d_x`; a function's own copy of a parameter's
/// adjoint, added to the caller's at the end: `d_x_local`.
std::string adjointStem(const std::string &var);
std::string localAdjoint(const std::string &var);
/// The thread's tape inside generated functions.
inline const char *tape() { return "tape"; }
/// Adjoint of the function's result (the seed).
inline const char *resultAdjoint() { return "d_result"; }
/// Stems of temporaries: a recorded value, an adjoint, a loop trip count, a
/// branch decision, a control flag.
inline const char *valueTemp() { return "v"; }
inline const char *adjointTemp() { return "d"; }
/// An integer argument of a constructor run in place (LowerObject.cpp,
/// viewsInPlace): named after its parameter.
inline std::string constructorArgument(const std::string &param) {
  return param;
}
inline const char *tripCount() { return "trips"; }
/// A loop's block of records on the tape (forward, reverse).
inline const char *recordBlock() { return "records"; }
/// How many records of one type each of its iterations puts there.
inline const char *recordsPerIteration() { return "per_iteration"; }
/// A parallel loop's reduction: one contribution per iteration; the team
/// of per-thread tapes, the team size, an iteration count, copies of an
/// adjoint per thread (codegen/LoopOpenMP.cpp).
inline const char *contributions() { return "contributions"; }
inline const char *team() { return "team"; }
inline const char *threads() { return "threads"; }
/// A region of per-thread results: the thread whose share an iteration of
/// its loop over the team runs (frontend/lower/LowerOpenMP.cpp).
inline const char *thread() { return "thread"; }
inline const char *iterations() { return "iterations"; }
inline const char *perThread() { return "per_thread"; }
/// An OpenMP reduction folded after its loop: the fold's index
/// (analysis/ParallelLoops.cpp).
inline const char *foldIndex() { return "i"; }
/// The index of a loop the lowering makes: a range-for over a container
/// (frontend/lower/LowerLoop.cpp) and a standard algorithm's element loop
/// (LowerAlgorithm.cpp).
inline const char *loweredIndex() { return "i"; }
/// In a parallel loop's sweeps: a thread's member of the team, and the
/// number of a team tape (codegen/LoopOpenMP.cpp).
inline const char *teamMember() { return "member"; }
inline const char *teamTape() { return "k"; }
inline const char *decision() { return "taken"; }
inline const char *breakFlag() { return "broke"; }
inline const char *continueFlag() { return "skip"; }
inline const char *returnFlag() { return "returned"; }
inline const char *resultVar() { return "result"; }
/// The offset of a pointer that walks (`p++`) in the storage it views
/// (frontend/lower/LowerPointer.cpp): `p_at`.
std::string viewOffset(const std::string &pointer);
/// The array a pointer local owns (`double *p = new double[n]`,
/// `std::unique_ptr<double[]> p`), held in a std::vector
/// (frontend/lower/LowerDecl.cpp): `p_array`.
std::string ownedArray(const std::string &pointer);
/// Which of its storages a pointer reassigned between several points into
/// (LowerPointer.cpp): `p_in`.
std::string viewStorage(const std::string &pointer);
/// A callee specialised for arguments that share storage
/// (frontend/lower/LowerShared.cpp): the stem suffix of its generated
/// functions, an added parameter for storage several parameters are parts
/// of, and an added index parameter.
inline const char *sharedVariant() { return "shared"; }
/// A callee specialised for parameters that carry no derivative at a call
/// (data, frontend/lower/LowerFunction.cpp: Lowering::lowerData): the stem
/// suffix, followed by the parameters' names (`subtract_data_x`).
inline const char *dataVariant() { return "data"; }
/// A callee whose reverse does not give back what it wrote through some
/// pointer parameters (Lowering::lowerUnrestored): the stem suffix,
/// followed by their names (`rhs_unrestored_z`).
inline const char *unrestoredVariant() { return "unrestored"; }
/// A callee variant whose reverse leaves the adjoint of parameters its
/// callers assign again (Var::unzeroed): `rhs_unzeroed_z`.
inline const char *unzeroedVariant() { return "unzeroed"; }
inline const char *sharedRoot() { return "storage"; }
inline const char *sharedIndex() { return "at"; }

// --- locals of generated statements (codegen/Statements.cpp, Calls.cpp,
// Communication.cpp, Function.cpp) ---------------------------------------
/// A vector's size before a statement changed it, read back by the reverse
/// sweep (resizes, whole assignments, a call's vector result).
inline const char *oldSize() { return "size"; }
/// A row of a vector of vectors before an assignment overwrote it.
inline const char *oldRow() { return "row"; }
/// The zero adjoint handed to a callee (or to MPI) for an argument whose
/// own adjoint is not wanted.
inline const char *zeroAdjoint() { return "dz"; }
/// The MPI_Irecv buffers' adjoints, registered with the MPI layer.
inline const char *mpiRegistry() { return "registered"; }
/// The primal result, kept while a gradient's reverse sweep runs.
inline const char *keptResult() { return "value"; }
/// A call's value computed alone, its tangent deferred to where it is
/// selected (forward/DeferTangents.cpp); the operand a running extremum
/// compares (analysis/RunningExtrema.cpp).
inline const char *candidate() { return "candidate"; }
/// Whether a loop selected a candidate, and the iteration of the last one
/// it selected, whose tangent is computed after the loop
/// (forward/SelectAfterLoop.cpp).
inline const char *selectedFlag() { return "selected"; }
inline const char *selectedAt() { return "selected_at"; }
inline const char *chosenAt() { return "chosen"; }

// --- locals of checkpointed and recomputed loops (codegen/Loop*.cpp) -------
/// The loop's trip count; an iteration's number (from 0, or counting down
/// where the loop has no reversed header).
inline const char *iterationCount() { return "n"; }
inline const char *iteration() { return "k"; }
/// sqrt(n) segments: the segment length, a segment's number, and the
/// iterations [begin, end) of a segment or of a schedule's step.
inline const char *segmentLength() { return "L"; }
inline const char *segment() { return "segment"; }
inline const char *rangeBegin() { return "begin"; }
inline const char *rangeEnd() { return "end"; }
/// The object that drives a loop's schedule and holds its snapshots; a
/// snapshot; the snapshot (or replay copy) a callback works on.
inline const char *checkpoints() { return "checkpoints"; }
inline const char *state() { return "state"; }
inline const char *currentState() { return "current"; }
/// The callbacks of a schedule: run iterations untaped, reverse them.
inline const char *advanceCallback() { return "advance"; }
inline const char *reverseCallback() { return "reverse"; }
/// Memory budgets: the tape's size before the taped first iteration
/// (LoopBudget.cpp), before a taped iteration (LoopBudgetWhile.cpp).
inline const char *tapedFrom() { return "taped_from"; }
inline const char *tapeBefore() { return "tape_before"; }
/// Parallel replay (LoopParallel.cpp): the variables the loop writes, in
/// the helper thread's copy; the snapshot a replay starts from; the
/// callbacks that replay a segment and adopt a replay's copy.
inline const char *replayWork() { return "work"; }
inline const char *replayFrom() { return "from"; }
inline const char *replayCallback() { return "replay"; }
inline const char *adoptCallback() { return "adopt"; }
/// Fixed points (LoopFixedPoint.cpp): the final state, which every
/// reversed iteration is replayed from.
inline const char *finalState() { return "last"; }

// --- a stencil's passes gathered per element (codegen/LoopGather.cpp) ------
/// The loop's bounds; the function that updates one element; the element's
/// index; whether it is near an end (not every pass reaches it); the
/// elements [first, last) the passes update, [begin, end) those every pass
/// does (rangeBegin(), rangeEnd()); the element's sum of updates.
inline const char *lowBound() { return "lo"; }
inline const char *highBound() { return "hi"; }
inline const char *gatherElement() { return "gather"; }
inline const char *element() { return "k"; }
inline const char *nearEdge() { return "edge"; }
inline const char *firstElement() { return "first"; }
inline const char *lastElement() { return "last"; }
inline const char *elementSum() { return "sum"; }
/// The last iteration of a loop that took a branch (analysis/LastTaken.cpp).
inline const char *lastTaken() { return "last_taken"; }

// --- forward mode (forward/) -------------------------------------------------
/// A vector-Jacobian product through forward mode (forward/VectorSeed.cpp):
/// the added cotangent parameter, the dot product of the result with it,
/// and the index of the dot product's loop.
inline const char *cotangent() { return "cotangent"; }
inline const char *dotProduct() { return "dot"; }
inline const char *dotIndex() { return "k"; }
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
/// Namespace of generated functions; the same as named in a request's
/// binding, which is in namespace tangent (RuntimeApi.h).
inline const char *generatedNamespace() { return "tangent::generated"; }
inline const char *generatedFromBinding() { return "generated"; }
/// The parameters of a request's binding (codegen/Binding.cpp): the
/// gradient (or adjoint) of f's parameter k, `d_0`; in forward mode its
/// direction, `direction_0`; the seed; the tangent of the result. These
/// and the binding's other names below are stems: the binding takes f's
/// parameters under their own names, and binding::BindingNames makes each
/// fresh against them (`seed_2` beside a parameter `seed`).
inline std::string bindingAdjoint(std::size_t k) {
  return "d_" + std::to_string(k);
}
inline std::string bindingDirection(std::size_t k) {
  return "direction_" + std::to_string(k);
}
/// In second order's pullback_with_gradient: the gradient of f in its
/// parameter k, `gradient_0`.
inline std::string bindingGradientOf(std::size_t k) {
  return "gradient_" + std::to_string(k);
}
inline const char *bindingSeed() { return "seed"; }
inline const char *bindingTangentResult() { return "tangent_result"; }
/// In a binding's code: the index of a loop over a container of objects
/// and of its elements, an element of a container of floating-point
/// fields (zeroed), the gradient parameter of zero_gradient, the value a
/// call returns kept while values are written back.
inline const char *bindingIndex() { return "i"; }
inline const char *bindingElement() { return "e"; }
inline const char *bindingGradient() { return "d"; }
inline const char *bindingValue() { return "value"; }
/// A binding's local for leaf j of an object argument (`p_0`), and the
/// parameter an in-out direction comes in as (`direction_0_in`).
std::string leafLocal(const std::string &object, std::size_t j);
std::string incoming(const std::string &parameter);
/// The tag through which generated code reaches field `field` of class
/// `owner` (a C++ spelling), which it may not name (RuntimeApi.h:
/// accessNamespace()).
std::string accessTag(const std::string &owner, const std::string &field);
/// Include guards of generated code, named after a hash of its text
/// (`hash`, hexadecimal): an access tag's, and generated functions' (the
/// stem in capitals).
std::string accessGuard(const std::string &hash);
std::string generatedGuard(const std::string &stem, const std::string &hash);
/// Generated function names for a differentiated function stem.
std::string pullback(const std::string &stem);
std::string forward(const std::string &stem);
std::string reverse(const std::string &stem);
/// The tangent-linear (forward-mode) function: `<stem>_jvp`.
std::string jvp(const std::string &stem);
/// The tangent-linear function whose adjoint is a Hessian-vector product.
std::string hvp(const std::string &stem);
/// The vector forward mode: the tangent-linear function whose tangents
/// carry several directions at once (`<stem>_jvp_lanes`), a template over
/// their number `lanesWidth()`; a tangent scalar is `lanesType(double)`
/// (runtime tangent/lanes.hpp), and the binding's entry `jvpLanesEntry()`.
std::string jvpLanes(const std::string &stem);
inline const char *lanesWidth() { return "tangent_w"; }
/// The names above that generated code uses as they are, not through
/// NameScope::fresh: every function claims them before its user's names.
inline std::array<const char *, 2> fixedNames() {
  return {tape(), lanesWidth()};
}
std::string lanesType(const std::string &scalar);
/// A type's spelling with each whole-word `scalar` made lanes of it.
std::string lanedSpelling(const std::string &spelling,
                          const std::string &scalar);
inline const char *jvpLanesEntry() { return "jvp_lanes"; }
/// The vector reverse mode: `<stem>_pullback_lanes` and
/// `<stem>_reverse_lanes`, templates over `lanesWidth()` whose adjoints
/// are lanes; the binding's entry `pullbackLanesEntry()`.
std::string pullbackLanes(const std::string &stem);
std::string reverseLanes(const std::string &stem);
inline const char *pullbackLanesEntry() { return "pullback_lanes"; }
/// The primal of a function with split parameters, on its leaves.
std::string primal(const std::string &stem);
/// Suffixes of a request's stem: a request with options, checkpointed or
/// not, and a vector-Jacobian product (frontend/Pipeline.cpp); the adjoint
/// of a callee's tangent-linear function (second order).
inline const char *checkpointedRequest() { return "_checkpointed"; }
inline const char *optionsRequest() { return "_options"; }
inline const char *seededRequest() { return "_vjp"; }
inline const char *adjointOfTangent() { return "_adjoint"; }
/// The second-order adjoint that also gives the directions' adjoints (f's
/// gradient): `<stem>_with_gradient`, bound as pullbackWithGradientEntry().
inline const char *withGradient() { return "_with_gradient"; }
inline const char *pullbackWithGradientEntry() {
  return "pullback_with_gradient";
}
/// Custom derivatives looked up for a function:
/// tangent::custom::<name>_pullback (reverse mode) and
/// tangent::custom::<name>_pushforward (forward mode).
std::string customPullback(const std::string &function);
std::string customPushforward(const std::string &function);
/// The other rule's qualified name beside one (`a::f_pushforward` for
/// `a::f_pullback`, and back).
std::string pushforwardBeside(const std::string &pullback);
std::string pullbackBeside(const std::string &pushforward);
inline const char *customNamespace() { return "tangent::custom"; }
} // namespace naming

} // namespace tangent

#endif
