//===- test/fuzz/gen/Generator.h - random differentiable functions --------===//
///
/// \file
/// The generator of tangent_fuzz_gen: random C++ functions built only from
/// what tangent differentiates today (docs/capabilities.md), bounded
/// and differentiable almost everywhere by construction.
///
/// Every function body is written up to three times from the same random
/// stream: plainly (the function whose gradient tangent computes, with its
/// [[tangent::checkpoint]] attributes), as a "probe" in which each
/// comparison and each kink (fabs, fmin, floor, ...) also records how close
/// it is to switching (fz::lt, fz::kabs, ... in fuzz_harness.hpp), and, when
/// a bitwise reference needs it, as a taped twin without the attributes. The
/// harness skips points where a probe reports a near-switch, where finite
/// differences cannot be trusted. Nothing drawn from the stream depends on
/// which flavour is written, so all have the same structure.
///
/// Calls draw their output arguments first and hide them from the other
/// arguments; the aliasing features then rewrite one argument on purpose to
/// share storage with another (Call.cpp). Each checked function also draws
/// the strategy of its request (drawStrategy).
///
/// Magnitudes: parameters are drawn in [-2, 2]; logarithms and square roots
/// only see positive-by-construction arguments (1 + e*e, 2 + sin e, ...),
/// exponentials bounded arguments, divisions positive denominators (a rare
/// unrestricted division is the exception). Inside a loop, a variable that
/// lives across iterations is only updated through contracting or squashed
/// forms (x = 0.5 * x + tanh(e), x *= 1 + 0.2 * sin(e), ...), so nothing
/// grows geometrically with the trip count; inside the long loops (hundreds
/// to thousands of iterations) only through the contracting ones.
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

/// How a function takes one parameter.
enum class ParamKind {
  DoubleValue, ///< double p
  DoubleCRef,  ///< const double &p
  VectorCRef,  ///< const std::vector<double> &p
  VectorValue, ///< std::vector<double> p
  DoubleOut,   ///< double &p (in-out)
  VectorOut,   ///< std::vector<double> &p (in-out, elements written)
  Int,         ///< int p (passed through, non-negative)
  ArrayCRef,   ///< const std::array<double, N> &p
  ArrayOut,    ///< std::array<double, N> &p (in-out)
  StructCRef,  ///< const Pt &p (the unit's struct, fields x y z)
  StructOut,   ///< Pt &p (in-out)
  PtrIn,       ///< const double *p (at least 3 elements)
  PtrOut,      ///< double *p (read and written, at least 3 elements)
  LongVector   ///< const std::vector<double> &u of a checked function: long
};

/// Writes through the parameter (an in-out argument).
bool isOutput(ParamKind kind);

enum class ReturnKind { Double, Void, Vector };

struct Param {
  ParamKind kind;
  std::string name;
  /// std::array parameters: N (3 or 4).
  int size = 0;
};

/// The signature of a generated function (helper or checked function).
struct Signature {
  std::string name;
  ReturnKind ret = ReturnKind::Double;
  std::vector<Param> params;
  /// A rough count of the operations of one call (known once its body is
  /// written; helpers only): calls inside long loops go to cheap helpers.
  double cost = 0;
  /// Some update of an output parameter drifts (x += c * s): not called in
  /// long loops unless pure.
  bool drifts = false;

  /// No output parameters: may be called inside an expression.
  bool pure() const;
  bool hasVectorParam() const;
  bool has(ParamKind kind) const;
  /// The C++ declaration head, e.g. `double h03(double p0, int p1)`.
  std::string head() const;
};

/// Draws the signature of helper number \p index.
Signature drawHelperSignature(fuzz_rng::rng &r, int index,
                              const Features &features);
/// Draws the signature of checked function number \p index: 1 to 3 double
/// parameters x0.., then `const std::vector<double> &v`, sometimes a long
/// `const std::vector<double> &u`, `const double *p` and `double *q` (both
/// of v's size), then `int n`.
Signature drawFunctionSignature(fuzz_rng::rng &r, int index,
                                const Features &features);

enum class Flavour;

/// How the gradient of a checked function is requested: the options of
/// `tangent::grad<f, tangent::options{...}>()`.
struct Strategy {
  /// Short name, printed by the harness (`default`, `checkpoint`, ...).
  std::string name;
  /// The options text, e.g. `tangent::options{.checkpoint = true}`; empty
  /// for the default request.
  std::string options;
  /// Is the fully taped request (`.recompute = false`): its own reference.
  bool taped = false;
};

/// Draws the strategy of checked function number \p index.
Strategy drawStrategy(fuzz_rng::rng &r, const Features &features);

/// What a checked function's gradient is requested with besides
/// `tangent::grad` (features req-*, each function from a stream of its own).
enum class RequestKind {
  Grad,     ///< tangent::grad alone
  Pullback, ///< the gradient through pullback, also without pointers
  Jvp,      ///< tangent::jvp besides the gradient
  Hvp,      ///< tangent::hvp besides the gradient
  Jacobian  ///< tangent::jacobian and jvp of the wrapper fNN_rows
};

struct Request {
  RequestKind kind = RequestKind::Grad;
  /// Jacobian: the outputs of fNN_rows after f's value (expressions of
  /// `r`, f's value, and of the parameters).
  std::vector<std::string> outputs;
};

/// The name printed by the harness (`jvp`, ...); empty for Grad.
const char *requestName(RequestKind kind);

/// Draws the request of checked function \p sig. hvp and jacobian are not
/// drawn for a function with `double *q` (tangent refuses hvp of a function
/// writing through a pointer whose direction is data, and a Jacobian's
/// sweeps would each see q as the previous one left it): jvp instead.
Request drawRequest(fuzz_rng::rng &r, const Signature &sig,
                    const Features &features);

/// The unit's helpers over C arrays (Arrays.cpp), g00..g07, with fixed
/// shapes and random bodies:
///
///   double g00(const double *x, int n)                  a reduction
///   void g01(const double *x, int n, double *out)       out[i] from x[i]
///   void g02(double *x, int n, double s)                in-out x[i]
///   void g03(double s, double *a, double *b)            two outputs
///   void g04(const double *a, const double *b, double *c)   3 -> 3
///   double g05(const double *a, const double *b, int n) a dot product
///   double g06(const double (&v)[K6])                   by reference
///   void g07(const double (&v)[K7], double (&out)[2])   by reference
struct ArrayHelpers {
  /// Written at all (some carray-* feature that calls them is on).
  bool present = false;
  int k6 = 3, k7 = 3;
};

ArrayHelpers drawArrayHelpers(std::uint64_t seed, const Features &features);
/// Their definitions, plain or probe (the only flavours they need: they
/// have no [[tangent::checkpoint]] attributes).
std::string writeArrayHelpers(std::uint64_t seed, const ArrayHelpers &arrays,
                              Flavour flavour);

/// What the writer of one function reports besides the text.
struct Written {
  std::string text;
  /// Some loop got [[tangent::checkpoint]] (in the plain flavour).
  bool attributes = false;
  /// Signature::cost of the function.
  double cost = 0;
  /// Signature::drifts of the function.
  bool drifts = false;
};

/// Which of the three texts of a function is written: the one whose
/// gradient is requested; the probe, which records the distance of every
/// comparison and kink to its switching point; the taped twin, the same
/// function without [[tangent::checkpoint]] attributes (the reference of
/// the bitwise checks).
enum class Flavour { Plain, Probe, Taped };

/// Writes the definition of \p sig (signature line and body) from stream
/// \p seed; \p callees are the helpers it may call. The flavours differ
/// only in the recorders of the probe and the attributes of the plain one:
/// every flavour draws the same numbers.
/// \p arrays: the unit's C-array helpers, which C-array statements call.
Written writeFunction(std::uint64_t seed, const Signature &sig,
                      const std::vector<Signature> &callees,
                      const Features &features, Flavour flavour,
                      const ArrayHelpers &arrays = ArrayHelpers());

/// The definition of the unit's struct `Pt` (three double fields, member
/// functions that write them), drawn from stream \p seed.
std::string writeStruct(std::uint64_t seed);

/// What one translation unit holds.
struct UnitOptions {
  std::uint64_t seed = 1;
  int functions = 20;
  int helpers = 8;
  int points = 4;
  /// Only this checked function (its index), or -1 for all of them. The
  /// function is the same one the full unit holds.
  int only = -1;
  /// Checked functions left out (--skip), e.g. those a campaign found
  /// refused: the others are the same as in the full unit.
  std::set<int> skip;
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
