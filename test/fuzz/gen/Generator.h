//===- test/fuzz/gen/Generator.h - random differentiable functions --------===//
///
/// \file
/// The generator of tangent_fuzz_gen: random C++ functions built only from
/// what tangent differentiates today (README, "What works today"), bounded
/// and differentiable almost everywhere by construction.
///
/// Every function body is written twice from the same random stream: once
/// plainly (the function whose gradient tangent computes) and once as a
/// "probe" in which each comparison and each kink (fabs, fmin, floor, ...)
/// also records how close it is to switching (fz::lt, fz::kabs, ... in
/// fuzz_harness.hpp). The harness skips points where a probe reports a
/// near-switch, where finite differences cannot be trusted. Nothing drawn from
/// the stream depends on which of the two is written, so both have the same
/// structure.
///
/// Magnitudes: parameters are drawn in [-2, 2]; logarithms and square roots
/// only see positive-by-construction arguments (1 + e*e, 2 + sin e, ...),
/// exponentials bounded arguments, divisions positive denominators (a rare
/// unrestricted division is the exception). Inside a loop, a variable that
/// lives across iterations is only updated through contracting or squashed
/// forms (x = 0.5 * x + tanh(e), x *= 1 + 0.2 * sin(e), ...), so nothing
/// grows geometrically with the trip count.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FUZZ_GEN_GENERATOR_H
#define TANGENT_FUZZ_GEN_GENERATOR_H

#include "../fuzz_rng.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace fuzzgen {

/// The constructs that can be switched off by name (--disable=a,b).
class Features {
public:
  /// Every feature name with a one-line description.
  static const std::vector<std::pair<std::string, std::string>> &all();

  /// Disables \p name; false when no feature has that name.
  bool disable(const std::string &name);
  bool on(const char *name) const { return disabled_.count(name) == 0; }
  const std::set<std::string> &disabled() const { return disabled_; }

private:
  std::set<std::string> disabled_;
};

/// How a helper takes one parameter.
enum class ParamKind {
  DoubleValue, ///< double p
  DoubleCRef,  ///< const double &p
  VectorCRef,  ///< const std::vector<double> &p
  VectorValue, ///< std::vector<double> p
  DoubleOut,   ///< double &p (in-out)
  VectorOut,   ///< std::vector<double> &p (in-out, elements written)
  Int          ///< int p (passed through, non-negative)
};

enum class ReturnKind { Double, Void, Vector };

struct Param {
  ParamKind kind;
  std::string name;
};

/// The signature of a generated function (helper or checked function).
struct Signature {
  std::string name;
  ReturnKind ret = ReturnKind::Double;
  std::vector<Param> params;

  /// No output parameters: may be called inside an expression.
  bool pure() const;
  bool hasVectorParam() const;
  /// The C++ declaration head, e.g. `double h03(double p0, int p1)`.
  std::string head() const;
};

/// Draws the signature of helper number \p index.
Signature drawHelperSignature(fuzz_rng::rng &r, int index,
                              const Features &features);
/// Draws the signature of checked function number \p index: 1 to 3 double
/// parameters x0.., then `const std::vector<double> &v`, then `int n`.
Signature drawFunctionSignature(fuzz_rng::rng &r, int index);

/// Writes the definition of \p sig (signature line and body) from stream
/// \p seed; \p callees are the helpers it may call. \p probe selects the probe
/// flavour. The result does not depend on \p probe except for the recorders.
std::string writeFunction(std::uint64_t seed, const Signature &sig,
                          const std::vector<Signature> &callees,
                          const Features &features, bool probe);

/// What one translation unit holds.
struct UnitOptions {
  std::uint64_t seed = 1;
  int functions = 20;
  int helpers = 8;
  int points = 4;
  /// Only this checked function (its index), or -1 for all of them. The
  /// function is the same one the full unit holds.
  int only = -1;
  /// Without probes (--no-probe), no point is skipped for a near switch:
  /// smaller programs, for reducing a failure.
  bool probes = true;
  Features features;
};

/// The whole translation unit: helpers, checked functions, their probes and
/// a main() that checks every gradient through fuzz_harness.hpp.
std::string writeUnit(const UnitOptions &options);

} // namespace fuzzgen

#endif // TANGENT_FUZZ_GEN_GENERATOR_H
