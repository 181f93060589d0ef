//===- RuntimeApi.h - the runtime as generated code calls it ----*- C++ -*-===//
///
/// \file
/// Every name of the runtime (runtime/include/tangent) that generated code
/// uses, in one place: the generator builds calls with these functions and
/// never spells a runtime name itself. Statements end in `;`, expressions do
/// not. The tape is the local bound by bindTape() (naming::tape()).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_CODEGEN_RUNTIMEAPI_H
#define TANGENT_CODEGEN_RUNTIMEAPI_H

#include "ir/IR.h"
#include "ir/Naming.h"
#include <string>

namespace tangent::rt {

inline std::string tape() { return naming::tape(); }

/// `tangent::tape &tape = tangent::thread_tape();` (storage reused across
/// calls, tape.hpp).
inline std::string bindTape() {
  return "tangent::tape &" + tape() + " = tangent::thread_tape();";
}

/// `std::swap(a, b);` (<utility>, included by every runtime header that
/// generated code includes).
inline std::string swapValues(const std::string &a, const std::string &b) {
  return "std::swap(" + a + ", " + b + ");";
}

// --- the tape (tape.hpp) ----------------------------------------------------
inline std::string push(const std::string &value) {
  return tape() + ".push(" + value + ");";
}
/// The value on top of the tape, of C++ type `type` (an expression).
inline std::string pop(const std::string &type) {
  return tape() + ".pop<" + type + ">()";
}
inline std::string pushVector(const std::string &v) {
  return tape() + ".push_vector(" + v + ");";
}
inline std::string popVector(const std::string &v) {
  return tape() + ".pop_vector(" + v + ");";
}
inline std::string pushArray(const std::string &v, const std::string &n) {
  return tape() + ".push_array(" + v + ", " + n + ");";
}
inline std::string popArray(const std::string &v, const std::string &n) {
  return tape() + ".pop_array(" + v + ", " + n + ");";
}
/// Records / restores `v[begin, end)` in one call (support.hpp).
inline std::string pushRange(const std::string &v, const std::string &begin,
                             const std::string &end) {
  return "tangent::detail::push_range(" + tape() + ", " + v + ", " + begin +
         ", " + end + ");";
}
inline std::string popRange(const std::string &v, const std::string &begin,
                            const std::string &end) {
  return "tangent::detail::pop_range(" + tape() + ", " + v + ", " + begin +
         ", " + end + ");";
}

/// A tape block for a counted loop's records (support.hpp): room for
/// `per` values of `type` per iteration of `for (i = begin; i < end; ...)`,
/// and that block taken back before the loop's reverse (expressions).
inline std::string pushBlock(const std::string &type, const std::string &begin,
                             const std::string &end, int per) {
  return "tangent::detail::push_block<" + type + ">(" + tape() + ", " + begin +
         ", " + end + ", " + std::to_string(per) + ")";
}
inline std::string popBlock(const std::string &type, const std::string &begin,
                            const std::string &end, int per) {
  return "tangent::detail::pop_block<" + type + ">(" + tape() + ", " + begin +
         ", " + end + ", " + std::to_string(per) + ")";
}
/// Stores `value` at index `k` of a block; the value at index `k` (an
/// expression of type `type`).
inline std::string recordAt(const std::string &type, const std::string &block,
                            const std::string &k, const std::string &value) {
  return "tangent::detail::record_at<" + type + ">(" + block + ", " + k + ", " +
         value + ");";
}
inline std::string recordedAt(const std::string &type, const std::string &block,
                              const std::string &k) {
  return "tangent::detail::recorded_at<" + type + ">(" + block + ", " + k + ")";
}

/// Records what `v.resize(n)` loses: the elements a shrink drops, then the
/// old size (support.hpp).
inline std::string recordResize(const std::string &v, const std::string &n) {
  return "tangent::detail::record_resize(" + tape() + ", " + v + ", " + n +
         ");";
}
/// Undoes a resize that recordResize recorded; its value is the old size
/// (an expression).
inline std::string undoResize(const std::string &v) {
  return "tangent::detail::undo_resize(" + tape() + ", " + v + ")";
}

// --- adjoint helpers (support.hpp) ------------------------------------------
/// Sets a scalar, array or vector adjoint to zero (keeping a vector's size).
inline std::string zero(const std::string &x) {
  return "tangent::detail::zero(" + x + ");";
}
/// Sets a vector adjoint to `n` zeros.
inline std::string zeroSized(const std::string &x, const std::string &n) {
  return "tangent::detail::zero(" + x + ", " + n + ");";
}
/// Sets adjoint `x` to zeros of the shape of `like` (a vector of vectors).
inline std::string zeroLike(const std::string &x, const std::string &like) {
  return "tangent::detail::zero_like(" + x + ", " + like + ");";
}
/// Copies a C array field `field` into the std::array `local` generated
/// code holds it in, and back (support.hpp).
inline std::string fromCArray(const std::string &local,
                              const std::string &field) {
  return "tangent::detail::from_c_array(" + local + ", " + field + ");";
}
inline std::string toCArray(const std::string &field,
                            const std::string &local) {
  return "tangent::detail::to_c_array(" + field + ", " + local + ");";
}
/// Records the shape of a vector of vectors / gives adjoint `x` that shape,
/// all zeros (support.hpp).
inline std::string pushShape(const std::string &v) {
  return "tangent::detail::push_shape(" + tape() + ", " + v + ");";
}
inline std::string popShape(const std::string &x) {
  return "tangent::detail::pop_shape(" + tape() + ", " + x + ");";
}
/// `row += ` every row of `rows` (the adjoint of a fill row), or of its
/// rows from index `from` on.
inline std::string accumulateRows(const std::string &row,
                                  const std::string &rows,
                                  const std::string &from = "") {
  return "tangent::detail::accumulate_rows(" + row + ", " + rows +
         (from.empty() ? "" : ", " + from) + ");";
}
/// Gives adjoint `x` of vector `v` size `n` back (new rows shaped like
/// `v`'s).
inline std::string resizeAdjoint(const std::string &x, const std::string &v,
                                 const std::string &n) {
  return "tangent::detail::resize_adjoint(" + x + ", " + v + ", " + n + ");";
}
/// `into += from`, element-wise for containers.
inline std::string accumulate(const std::string &into,
                              const std::string &from) {
  return "tangent::detail::accumulate(" + into + ", " + from + ");";
}
/// Adds a local adjoint into the caller's (scalar reference, container or
/// pointer).
inline std::string addTo(const std::string &into, const std::string &from) {
  return "tangent::detail::add_to(" + into + ", " + from + ");";
}
/// The sum of a container's elements, as an expression of the generated
/// code.
inline ExprPtr sumOf(ExprPtr x) {
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::InactiveCall;
  e->text = "tangent::detail::sum";
  Type t;
  t.kind = TypeKind::Real;
  t.spelling = x->type.elem_spelling;
  e->type = t;
  e->ops.push_back(std::move(x));
  return e;
}

/// The sum of a vector's elements from index `from` on (an expression).
inline std::string sumFrom(const std::string &x, const std::string &from) {
  return "tangent::detail::sum_from(" + x + ", " + from + ")";
}

// --- loops and checkpointing (support.hpp, schedules.hpp) -------------------
/// The trip count of a counted loop (an expression).
inline std::string tripCount(const std::string &start, const std::string &bound,
                             long long increment, const std::string &compare) {
  return "tangent::detail::trip_count(" + start + ", " + bound + ", " +
         std::to_string(increment) + ", \"" + compare + "\")";
}
/// ceil(sqrt(n)), the segment length of sqrt(n) checkpointing.
inline std::string segmentLength(const std::string &n) {
  return "tangent::detail::segment_length(" + n + ")";
}
/// The online schedule's driver type for a snapshot of type `state`.
inline std::string onlineReversalType(const std::string &state) {
  return "tangent::checkpointed_reversal<" + state +
         ", tangent::online_schedule>";
}
inline std::string onlineSchedule(int budget) {
  return "tangent::online_schedule(" + std::to_string(budget) + ")";
}
inline std::string stepIndexType() { return "tangent::step_index"; }

// --- memory budgets (schedule/budget.hpp) -----------------------------------
/// Opens the gradient call's budget (a declaration).
inline std::string budgetCall(long long bytes) {
  return "tangent::detail::budget_call budget_call(" + std::to_string(bytes) +
         ");";
}
inline std::string budgetedReversalType(const std::string &state) {
  return "tangent::budgeted_reversal<" + state + ">";
}
inline std::string budgetedWhileType(const std::string &state) {
  return "tangent::budgeted_while<" + state + ">";
}
/// A new budgeted reversal, owned by the call (an expression).
inline std::string adoptNew(const std::string &type, const std::string &args) {
  return "tangent::detail::adopt(new " + type + "(" + args + "))";
}
inline std::string release(const std::string &p) {
  return "tangent::detail::release(" + p + ");";
}
/// Bytes on the tape (an expression).
/// The check that written pointer argument `a` is not `b` (a request's
/// binding, runtime detail/arguments.hpp).
inline std::string requireDistinct(const std::string &a, const std::string &b,
                                   const std::string &function,
                                   const std::string &pa,
                                   const std::string &pb) {
  return "tangent::detail::require_distinct(" + a + ", " + b + ", \"" +
         function + "\", \"" + pa + "\", \"" + pb + "\");";
}
inline std::string tapeBytes() { return tape() + ".held_bytes()"; }

// --- parallel replay (schedule/parallel.hpp) --------------------------------
inline std::string parallelSegmentsType(const std::string &state) {
  return "tangent::parallel_segments<" + state + ">";
}

// --- OpenMP parallel loops (openmp.hpp) -------------------------------------
/// The team size a parallel region gets at most (an expression).
inline std::string ompThreads() { return "tangent::detail::omp_threads()"; }
/// The calling thread's number in its region (an expression).
inline std::string ompThread() { return "tangent::detail::omp_thread()"; }
/// `tangent::detail::omp_team team(tape, threads);`: the team tapes of one
/// region, handed to its threads.
inline std::string ompTeam(const std::string &team,
                           const std::string &threads) {
  return "tangent::detail::omp_team " + team + "(" + tape() + ", " + threads +
         ");";
}
/// In a region: the calling thread's (or team tape `k`'s) member, and the
/// tape generated code in the region records onto (shadowing the
/// function's).
inline std::string ompMember(const std::string &member, const std::string &team,
                             const std::string &k) {
  return "tangent::detail::omp_member " + member + "(" + team +
         (k.empty() ? "" : ", " + k) + ");";
}
inline std::string bindMemberTape(const std::string &member) {
  return "tangent::tape &" + tape() + " = " + member + ".tape();";
}
inline std::string finishForward(const std::string &team) {
  return team + ".finish_forward();";
}
/// Zeroed copies of adjoint `adj`, one per thread (an expression), and
/// their sum added into it after the region.
inline std::string ompPrivate(const std::string &adj,
                              const std::string &threads) {
  return "tangent::detail::omp_private(" + adj + ", " + threads + ")";
}
inline std::string ompReduce(const std::string &adj,
                             const std::string &copies) {
  return "tangent::detail::omp_reduce(" + adj + ", " + copies + ");";
}

// --- a request's block (grad.hpp, forward.hpp) -------------------------------
/// The header a generated region includes when it spells a runtime name
/// that runtimeHeaders() does not list: the whole runtime.
inline std::string header() { return "tangent/tangent.hpp"; }
/// The headers every generated region includes: the tape and the adjoint
/// helpers (the request templates come with the user's own include).
inline const char *const *baseHeaders() {
  static const char *const base[] = {"tangent/grad.hpp", "tangent/tape.hpp",
                                     "tangent/support.hpp", nullptr};
  return base;
}
/// The header that declares each runtime name generated code spells (the
/// name after `tangent::`, up to template arguments or a call); "" for
/// names of the region itself or of the base headers. A region includes
/// only the headers its names need, so that a unit without checkpointed
/// loops or parallel loops does not parse schedules, snapshots, spilling
/// and threads (docs/api.md, "Include cost").
struct RuntimeName {
  const char *name;
  const char *header;
};
inline const RuntimeName *runtimeHeaders() {
  static const RuntimeName names[] = {
      // the region's own namespaces, and the base headers
      {"generated", ""},
      {"custom", ""},
      {"tape", ""},
      {"thread_tape", ""},
      {"options", ""},
      {"wrt_params", ""},
      {"adjoint", ""},
      {"gradient", ""},
      {"grad", ""},
      {"polygamma", ""}, // lgamma's and tgamma's rows (support.hpp)
      {"detail::zero", ""},
      {"detail::zero_like", ""},
      {"detail::from_c_array", ""},
      {"detail::to_c_array", ""},
      {"detail::accumulate", ""},
      {"detail::accumulate_rows", ""},
      {"detail::add_to", ""},
      {"detail::push_shape", ""},
      {"detail::pop_shape", ""},
      {"detail::push_range", ""},
      {"detail::pop_range", ""},
      {"detail::push_block", ""},
      {"detail::pop_block", ""},
      {"detail::record_at", ""},
      {"detail::recorded_at", ""},
      {"detail::record_resize", ""},
      {"detail::undo_resize", ""},
      {"detail::resize_adjoint", ""},
      {"detail::sum", ""},
      {"detail::sum_from", ""},
      {"detail::trip_count", ""},
      {"detail::segment_length", ""},
      // forward mode and lanes
      {"tangent_linear", "tangent/forward.hpp"},
      {"second_order", "tangent/forward.hpp"},
      {"seeded_adjoint", "tangent/forward.hpp"},
      {"lanes", "tangent/lanes.hpp"},
      // argument checks
      {"detail::require_distinct", "tangent/detail/arguments.hpp"},
      // checkpointed loops: each schedule's own header, so that online
      // checkpointing parses neither budgets (spilling) nor the replay
      // thread
      {"checkpointed_reversal", "tangent/schedule/driver.hpp"},
      {"online_schedule", "tangent/schedule/online.hpp"},
      {"step_index", "tangent/schedule/actions.hpp"},
      {"budgeted_reversal", "tangent/schedule/budget_counted.hpp"},
      {"budgeted_while", "tangent/schedule/budget_while.hpp"},
      {"parallel_segments", "tangent/schedule/parallel.hpp"},
      {"detail::budget_call", "tangent/schedule/budget.hpp"},
      {"detail::adopt", "tangent/schedule/budget.hpp"},
      {"detail::release", "tangent/schedule/budget.hpp"},
      // OpenMP parallel loops
      {"detail::omp_threads", "tangent/openmp.hpp"},
      {"detail::omp_thread", "tangent/openmp.hpp"},
      {"detail::omp_team", "tangent/openmp.hpp"},
      {"detail::omp_member", "tangent/openmp.hpp"},
      {"detail::omp_private", "tangent/openmp.hpp"},
      {"detail::omp_reduce", "tangent/openmp.hpp"},
      // MPI (the unit includes it already: ValidateMPI.cpp)
      {"mpi", "tangent/mpi.hpp"},
      {nullptr, nullptr}};
  return names;
}
/// The namespace of the class templates a request's block specializes
/// (naming::bindings()); the members of a specialization the runtime
/// reads: the hash of the source it was generated from, the entry points
/// (gradients, forward mode) and the zeroing of an object's gradient.
inline const char *bindingNamespace() { return "tangent"; }
inline const char *sourceHash() { return "source_hash"; }
inline const char *pullbackEntry() { return "pullback"; }
inline const char *jvpEntry() { return "jvp"; }
/// Whether second_order<&f, O> has pullback_with_gradient (forward.hpp).
inline const char *gradientFromProduct() { return "gradient_from_product"; }
inline const char *zeroGradientEntry() { return "zero_gradient"; }
/// `static constexpr bool copy_shares = true;` of a specialization whose
/// object gradients cannot be copies of the arguments (grad.hpp).
inline const char *copyShares() { return "copy_shares"; }
/// Fields generated code may not name (grad.hpp): the namespace of the
/// runtime's `field_access` template, where the generator declares its
/// tags, and the friend function that hands out the member pointer.
inline const char *accessNamespace() { return "tangent::generated::access"; }
inline const char *fieldAccess() { return "field_access"; }
inline const char *memberPointer() { return "member_pointer"; }
/// Zeros shaped like `like` (a vector, or a vector of vectors; an
/// expression).
inline std::string zerosLike(const std::string &like) {
  return "tangent::detail::zero_like(" + like + ")";
}

// --- MPI (mpi.hpp) -----------------------------------------------------------
/// `tangent::mpi::send(tape, args);` and its reverse with the buffers'
/// adjoints, for the runtime name of an MPI function (ir/Mpi.h).
inline std::string mpiForward(const std::string &runtime,
                              const std::string &args) {
  return "tangent::mpi::" + runtime + "(" + tape() + ", " + args + ");";
}
inline std::string mpiReverse(const std::string &runtime,
                              const std::string &adjoints) {
  return "tangent::mpi::" + runtime + "_reverse(" + tape() +
         (adjoints.empty() ? "" : ", " + adjoints) + ");";
}

/// `tangent::mpi::adjoints registered;` and `registered.add(p, d, n);`.
inline std::string mpiAdjoints(const std::string &name) {
  return "tangent::mpi::adjoints " + name + ";";
}
inline std::string mpiRegister(const std::string &registry,
                               const std::string &primal,
                               const std::string &adjoint,
                               const std::string &count) {
  return registry + ".add(" + primal + ", " + adjoint + ", " + count + ");";
}

} // namespace tangent::rt

#endif
