//===- BindingParts.h - pieces shared by the binding blocks -----*- C++ -*-===//
///
/// \file
/// Private to codegen/: what Binding.cpp (gradients) and BindingForward.cpp
/// (forward mode, second order) both build their blocks from.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_CODEGEN_BINDINGPARTS_H
#define TANGENT_CODEGEN_BINDINGPARTS_H

#include "codegen/Binding.h"
#include "ir/Cpp.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tangent::binding {

std::string hex(std::uint64_t v);
std::string join(const std::vector<std::string> &items);
/// A parameter's type as the user's function declares it.
std::string declaredType(const SourceParam &p);
/// The signature of `fn` as its callers see it (functions built without
/// one, in tests, have one C++ parameter per IR parameter).
std::vector<SourceParam> signatureOf(const Function &fn);
/// The object a split parameter's leaves are read from.
std::string objectOf(const SourceParam &sp, const std::string &name);
/// The access tags for the private fields the signature's leaves name.
CppBody accessTags(const std::vector<SourceParam> &signature);
/// `static void zero_gradient(T& d)`: zeroes the floating-point fields of
/// an object of parameter `sp`'s type (BindingFields.cpp).
CppStmt zeroGradient(const Function &fn, const SourceParam &sp);

/// The names of a binding's own parameters and locals (naming::binding*,
/// the leaves' locals, the lane count), each fresh against what the
/// binding's functions take from the user: they declare f's parameters
/// with f's names and spell the types f's signature spells. A parameter
/// of f called `seed` or `d_0` then meets a seed `seed_2`, an adjoint
/// `d_0_2`. One object per specialization: a name asked for again (the
/// same role) is the same name.
class BindingNames {
public:
  explicit BindingNames(const Function &fn);
  /// f's parameter k's adjoint, direction (forward mode), gradient
  /// (pullback_with_gradient).
  std::string adjoint(std::size_t k);
  std::string direction(std::size_t k);
  std::string gradientOf(std::size_t k);
  std::string seed();
  std::string tangentResult();
  /// The index of the loops that gather and scatter a container's leaves.
  std::string index();
  /// The value a call returns, kept while leaves are scattered back.
  std::string value();
  /// The lane count, a template parameter of the vector modes' entries.
  std::string lanesWidth();
  /// The local for leaf j of `object` (a parameter or one of the
  /// binding's names), and the parameter `name` comes in as.
  std::string leafLocal(const std::string &object, std::size_t j);
  std::string incoming(const std::string &name);

private:
  std::string named(const std::string &role, const std::string &stem);
  NameScope scope_;
  std::map<std::string, std::string> names_; ///< by role
};

/// Arguments for the leaves of split objects (SourceParam::paths): a field
/// of the object, or, for a field of the elements of a container of
/// objects, a container gathered before the call (`before`) and, when
/// written, scattered back after it (`after`), by loops over
/// `names.index()`.
struct LeafArguments {
  LeafArguments(const Function &f, BindingNames &n) : fn(f), names(n) {}
  const Function &fn;
  BindingNames &names;
  CppBody before, after;

  std::string arg(const SourceParam &sp, int j, const std::string &object,
                  const std::string &local, bool write_back);
};

/// `return call;` after `before` (gathered arguments, zero tangents); with
/// write-backs `after`, through a local `value` of type `result`.
CppBody callBody(const CppBody &before, const CppBody &after,
                 const std::string &result, const std::string &call,
                 const std::string &value);
/// `template <> struct <bound><address, options> { source_hash;
/// static <result> <method>(<params>) { <body> } <members> };` in namespace
/// tangent: the explicit specialization every block ends with.
CppStmt specializationOf(const char *bound, const std::string &address,
                         const Options &options, std::uint64_t hash,
                         const std::string &result, const char *method,
                         const std::vector<std::string> &params, CppBody body,
                         const CppBody &members = {});
/// The run-time checks that pointer parameters are distinct storage.
CppBody distinctPointers(const Function &fn,
                         const std::vector<SourceParam> &signature);
/// A binding's adjoint parameter `name` for the generated function's
/// parameter `p`, and the argument that passes it on: a pointer to a
/// scalar's adjoint (passed as `*name`), else p's adjoint parameter type;
/// `lanes`: adjoints of lanes (the vector reverse mode). `p` has an
/// adjoint (adjointParamType).
struct AdjointArgument {
  std::string param, arg;
};
AdjointArgument adjointArgument(const Var &p, const std::string &name,
                                bool lanes = false);
/// `template <int W> static void pullback_lanes(args..., adjoints...)`:
/// the vector reverse mode's entry, calling `entry<W>` (VectorReverse.cpp).
CppStmt pullbackLanesMember(const Function &fn, const Options &opts,
                            const std::string &entry);
/// A generated function in an include guard named after its content.
void guarded(CppBody &out, const std::string &stem,
             const GeneratedFunction &code);

} // namespace tangent::binding

#endif
