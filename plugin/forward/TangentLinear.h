//===- TangentLinear.h - forward mode as an IR-to-IR transform --*- C++ -*-===//
///
/// \file
/// The tangent-linear function of a lowered function: the same statements,
/// each preceded by the statement that computes the tangent of what it
/// writes (forward mode). The tangents follow the rows of the one rule table
/// (Rules.def), applied to the operands' tangents as seeds.
///
/// The result is IR again, so everything downstream applies to it unchanged:
/// codegen/Forward.cpp prints it as the `<f>_jvp` function, and the
/// Hessian-vector product is the adjoint (analyze + generateAdjoint, with
/// every loop strategy, checkpointing included) of the tangent-linear
/// function whose result is the tangent: reverse over forward.
///
/// Parameters of a tangent-linear function: f's parameters, then one tangent
/// per differentiable parameter (same type and passing), then, in the
/// Output form, `t_result` (a non-const reference) when f returns a
/// floating-point value or container. Calls go to the callees'
/// tangent-linear functions (Output form).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FORWARD_TANGENTLINEAR_H
#define TANGENT_FORWARD_TANGENTLINEAR_H

#include "ir/IR.h"
#include "ir/Refusal.h"
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace tangent {

/// Where the tangent of f's result goes.
enum class TangentForm {
  Output, ///< f's value is returned, its tangent written to `t_result`
  Return, ///< the tangent is the result (f must return a scalar): the
          ///< function whose gradient is a Hessian-vector product
};

/// What a tangent-linear function's parameters are.
struct TangentSignature {
  /// For each parameter of f: the index of its tangent parameter, or -1.
  std::vector<int> tangent_of;
  /// Output form: the index of `t_result`, or -1.
  int result_tangent = -1;
  /// Calls whose tangents come from a custom derivative's pullback (which
  /// second order cannot differentiate again): where, and the function.
  std::vector<std::pair<Loc, std::string>> custom_calls;
};

class TangentLinearizer {
public:
  /// `stem_for` gives the unique stem of a function's generated names.
  explicit TangentLinearizer(
      std::function<std::string(const Function &)> stem_for)
      : stem_for_(std::move(stem_for)) {}

  /// The tangent-linear function of `fn` (made once per form; its callees'
  /// are made on the way). What it cannot differentiate goes to
  /// `refusals`, which the legality layer reports (frontend/Legality.h).
  /// `tangent_data`: the parameters of fn whose tangent parameter is
  /// data in the variant asked for (a second-order direction given by the
  /// caller: a constant of the Hessian-vector product, whose adjoint
  /// nobody needs and whose extent nobody knows).
  Function *of(const Function &fn, TangentForm form,
               std::uint64_t tangent_data = 0);
  /// A tangent-linear function of its own (not shared: the requested
  /// function, which its request's options analyze). The parameters whose
  /// bit is set in `data` (those of the requested function's that
  /// options.wrt leaves out which ForwardPipeline::dataParams makes data)
  /// carry no tangent.
  /// In the Return form (second order) the pointer tangent parameters are
  /// data (directions: constants); so are those in `tangent_data`.
  Function *fresh(const Function &fn, TangentForm form, std::uint64_t data = 0,
                  std::uint64_t tangent_data = 0);
  /// The vector forward mode's variant of fresh(fn, Output, data): every
  /// tangent holds `naming::lanesWidth()` directions (runtime lanes), and
  /// so do its callees'. What it cannot carry in lanes goes to `refusals`
  /// (a cast between floating types, a custom derivative): the request
  /// then has the scalar forward mode only.
  Function *freshLanes(const Function &fn, std::uint64_t data);
  /// Whether functions made now are the lanes variant.
  bool lanes() const { return lanes_; }
  const TangentSignature &signature(const Function *tangent_linear) const {
    return signatures_.at(tangent_linear);
  }
  /// Whether `fn` is a tangent-linear function made here.
  bool made(const Function *fn) const { return sources_.count(fn) != 0; }
  /// The function a tangent-linear function was made from.
  const Function *source(const Function *tangent_linear) const {
    return sources_.at(tangent_linear);
  }

  /// Refusals found so far; the caller takes them (and clears them) after
  /// each request.
  Refusals refusals;

  TangentSignature &signatureOf(const Function *tangent_linear) {
    return signatures_[tangent_linear];
  }

private:
  std::function<std::string(const Function &)> stem_for_;
  bool lanes_ = false;
  std::map<std::tuple<const Function *, TangentForm, std::uint64_t, bool>,
           Function *>
      made_;
  std::vector<std::unique_ptr<Function>> owned_;
  std::map<const Function *, TangentSignature> signatures_;
  std::map<const Function *, const Function *> sources_;
};

/// A call DeferTangents moved into the branch that selects its value:
/// the branch, the value computed alone where the call was, and the call's
/// value and tangent (its result and last argument).
struct DeferredCall {
  Stmt *branch = nullptr;
  Var *candidate = nullptr, *value = nullptr, *tangent = nullptr;
};

/// Defers the tangent of a call whose value is only compared and then
/// selected in the branch that follows to that branch: the value alone is
/// computed where the call was (DeferTangents.cpp). Run on each
/// tangent-linear function once it is built; returns the calls deferred.
std::vector<DeferredCall> deferSelectedTangents(Function &fn,
                                                const TangentLinearizer &lin);

/// Of the calls deferred into the branch of a counted loop, those whose
/// tangent only the last selection needs are called once, after the loop,
/// at the iteration selected last (SelectAfterLoop.cpp). Run once the
/// function's loops are classified.
void selectAfterLoops(Function &fn, const std::vector<DeferredCall> &deferred);

/// A tangent update `Y = Y + c * t` and the computation of t, which only
/// it reads, run under `if (c != 0)` (ZeroFactors.cpp). Run once the
/// function's loops are classified.
void guardZeroFactors(Function &fn);

/// Rows that call a function of the rule table on the arguments of a value
/// the function computes anyway (`s = sin(t)`) read that value, its
/// statement moved up to before them (ReuseValues.cpp). Run on each
/// tangent-linear function once it is built.
void reuseComputedValues(Function &fn);

} // namespace tangent

#endif
