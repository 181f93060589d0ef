//===- Binding.h - the code that binds requests to adjoints -----*- C++ -*-===//
///
/// \file
/// Generated code reaches the user's program as one region per translation
/// unit (between generatedBegin() and generatedEnd()), holding one block per
/// request: the generated functions of the request, each wrapped in an
/// include guard named after its content (so blocks can be concatenated and
/// shared by headers), then the explicit specialization
/// `tangent::adjoint<&f, options>` that the runtime's markers bind to
/// (runtime/include/tangent/grad.hpp describes that protocol).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_CODEGEN_BINDING_H
#define TANGENT_CODEGEN_BINDING_H

#include "codegen/Generate.h"
#include "ir/IR.h"
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tangent {

/// The lines that open and close generated code in a file.
const char *generatedBegin();
const char *generatedEnd();

/// FNV-1a: `seed` extended by `text` (content hashes of generated code and
/// of the sources it came from).
std::uint64_t hashText(std::uint64_t seed, std::string_view text);
inline constexpr std::uint64_t kHashSeed = 0xcbf29ce484222325ull;

/// The generated text of a function and the stem its names use.
struct GeneratedPart {
  const Function *function = nullptr;
  GeneratedFunction code;
  std::string stem;
};

/// One request's block: its callees (in order, callees first; prototypes
/// first when some call goes forward, as in recursion), the requested
/// function's adjoint, and the specialization, which records `source_hash`
/// for staleness checks.
/// `bound` names the specialization (`seeded_adjoint` for a
/// vector-Jacobian product, forward/VectorSeed.h) and `literal`, when set,
/// the options it is specialized for (else `opts`).
/// `lanes` (optional): the vector reverse mode's variant (VectorReverse.cpp)
/// of f (`lanes->top`) and of its callees, bound as `pullback_lanes<W>`.
struct ReverseLanes {
  std::vector<const GeneratedPart *> callees;
  const GeneratedPart *top = nullptr;
};
std::string requestBlock(const std::vector<const GeneratedPart *> &callees,
                         const GeneratedPart &top, const Options &opts,
                         std::uint64_t source_hash,
                         const char *bound = naming::adjointBinding(),
                         const Options *literal = nullptr,
                         const ReverseLanes &lanes = {});

/// How the parameters of a tangent-linear function (forward/TangentLinear.h)
/// relate to those of the function `source` it was made from.
struct ForwardBinding {
  const Function *source = nullptr;
  std::vector<int> tangent_of; ///< per parameter of source: its tangent's
};

/// A forward-mode request's block: the tangent-linear functions of the
/// callees and of f, then `tangent::tangent_linear<&f, opts>`, whose
/// `jvp(args..., tangents..., t_result)` returns f's value and writes its
/// tangent (one tangent per parameter that is selected and differentiable;
/// the others' are zero).
///
/// `lanes` (optional): the vector forward mode's variant of f and of its
/// callees (`lanes->top` made by TangentLinearizer::freshLanes), bound as
/// `template <int W> jvp_lanes(args..., tangents..., t_result)` with
/// tangents of lanes (runtime tangent/lanes.hpp) for the selected
/// parameters, when lanesBindable(): f returns a floating-point value or
/// container of double, or nothing, and its selected parameters are
/// scalars, vectors, arrays and pointers of double not taken by non-const
/// reference (the others are data in that variant: objects, spans...).
struct LanesVariant {
  std::vector<const GeneratedPart *> callees;
  const GeneratedPart *top = nullptr;
  /// Its tangent parameters (TangentSignature::tangent_of).
  std::vector<int> tangent_of;
};
bool lanesBindable(const ForwardBinding &binding, const Options &opts);
std::string
tangentLinearBlock(const std::vector<const GeneratedPart *> &callees,
                   const GeneratedPart &top, const ForwardBinding &binding,
                   const Options &opts, std::uint64_t source_hash,
                   const LanesVariant &lanes = {});

/// A Hessian-vector product request's block: the callees' tangent-linear
/// functions (printed, and their adjoints), the adjoint of f's
/// tangent-linear function, then `tangent::second_order<&f, opts>`, whose
/// `pullback(args..., directions..., adjoints..., seed)` accumulates
/// seed x (Hessian x direction) into the adjoints, as `adjoint` does with
/// the gradient. `with_gradient`, when there is one (every selected
/// parameter's direction has an adjoint), is the same adjoint that also
/// gives the directions' adjoints, bound as `pullback_with_gradient(args...,
/// directions..., adjoints..., gradients..., seed)`, which accumulates
/// seed x (gradient of f) into the gradients as well; the specialization's
/// `gradient_from_product` says whether it is there.
std::string secondOrderBlock(const std::vector<const GeneratedPart *> &callees,
                             const GeneratedPart &top,
                             const GeneratedPart *with_gradient,
                             const ForwardBinding &binding, const Options &opts,
                             std::uint64_t source_hash);

/// A specialization that binds a failed request to a stub, so that the
/// compile reports tangent's own errors only. `address` names f as the
/// request does (`&f`, or a cast picking one overload); `result_type` is
/// f's.
std::string stubBlock(const std::string &address, const Options &opts,
                      const std::string &result_type,
                      const char *kind = naming::adjointBinding());

/// The runtime headers generated code `code` needs, in include order: the
/// base headers (rt::baseHeaders()) and the header of each runtime name it
/// spells (rt::runtimeHeaders()); a `tangent::` name not listed there
/// brings in the whole runtime (rt::header()).
std::vector<std::string> runtimeIncludes(const std::string &code);

/// The whole region: markers, warning pragmas, the runtime includes
/// (runtimeIncludes()), the blocks and the stubs. "" when both are empty.
std::string generatedRegion(const std::string &blocks,
                            const std::string &stubs);

} // namespace tangent

#endif
