//===- Generate.h - forward and reverse sweeps ------------------*- C++ -*-===//
///
/// \file
/// Turns an analyzed Function into C++ text: the joint adjoint of the
/// requested function (forward sweep, then reverse sweep, in one function)
/// or the split pair of a callee (`<f>_forward` records on the tape,
/// `<f>_reverse` consumes it).
///
/// Generate.cpp handles straight-line statements and branches;
/// GenerateLoops.cpp handles loops, one strategy per function.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_GENERATE_H
#define TANGENT_GENERATE_H

#include "codegen/Emit.h"
#include "ir/IR.h"
#include <set>

namespace tangent {

/// The generated text of one function.
struct GeneratedFunction {
  std::string text;        ///< definitions
  std::string declarations; ///< prototypes (for recursive callees)
  std::string entry;       ///< name of the joint function (top) or stem
  std::vector<std::pair<Loc, std::string>> errors; ///< refusals found late
};

/// Generates the adjoint of `fn` (already analyzed). `stem` is the unique
/// name stem for its generated functions.
GeneratedFunction generateAdjoint(Function &fn, const Options &opts,
                                  const std::string &stem);

/// The adjoint parameter type of a parameter in generated functions
/// ("double&", "std::vector<double>&", "double*"), or "" if none.
std::string adjointParamType(const Var &param);

/// Statement-level code generator shared by Generate.cpp and
/// GenerateLoops.cpp.
class SweepGenerator {
public:
  SweepGenerator(Function &fn, const Options &opts) : fn_(fn), opts_(opts) {}

  /// Forward-sweep code and reverse-sweep code of one piece of IR.
  struct Sweeps {
    Code fwd, rev;
  };

  Sweeps block(const Block &b);
  Sweeps stmt(const Stmt &s);
  /// The forward code of `b` without any tape record: the same statements,
  /// temporaries and expression shapes as the taped forward (so results are
  /// bitwise identical), for the untaped sweeps of checkpointed loops.
  Code untaped(const Block &b);

  Function &function() { return fn_; }
  /// Problems found while generating (reported by the driver).
  std::vector<std::pair<Loc, std::string>> errors;
  std::string fresh(const std::string &stem) { return fn_.names.fresh(stem); }

private:
  Function &fn_;
  const Options &opts_;
  /// Names of recorded values in the forward statement being generated.
  Substitutions forward_subst_;
  /// False while generating untaped forward code (see untaped()).
  bool record_ = true;
  /// Element writes whose old values the enclosing loop records in bulk.
  std::set<const Stmt *> bulk_saved_;
  /// While set, propagate() collects (adjoint target, contribution) pairs
  /// instead of emitting them, and never binds shared adjoints to locals.
  std::vector<std::pair<std::string, std::string>> *contributions_ = nullptr;

  /// The reverse of a counted loop whose body is one element write
  /// `v[i] = e` as independent passes, one per adjoint it updates (each
  /// pass has no dependence between iterations, so it vectorizes); empty
  /// when the loop does not have that shape.
  Code reverseInPasses(const Stmt &loop, const std::string &header);

  Sweeps assign(const Stmt &s);
  Sweeps construct(const Stmt &s);
  Sweeps call(const Stmt &s);
  Sweeps branch(const Stmt &s);
  Sweeps loop(const Stmt &s); // GenerateLoops.cpp
  Sweeps loopFullTape(const Stmt &s);
  Sweeps loopSegments(const Stmt &s);
  Sweeps loopOnline(const Stmt &s);
  /// `for (...)` header of a counted loop in the forward direction.
  std::string countedHeader(const LoopInfo &li, const std::string &extra_step);
  /// One iteration of a loop as it runs forward (body, then step).
  Code iterationForward(const LoopInfo &li, bool taped);
  Code iterationReverse(const LoopInfo &li);

  /// Records the values of `e`'s needed non-cheap sub-expressions: forward
  /// evaluates and pushes them, reverse pops them (in `rev_pops`, to be
  /// emitted before the propagation). Fills `subst`.
  void recordNeeded(const Expr &e, Code &fwd, Code &rev_pops,
                    Substitutions &subst);
  /// Emits `adjoint-of(e) += adj` through `e`'s operations.
  void propagate(const Expr &e, const std::string &adj, Code &out,
                 const Substitutions &subst);
  /// The value of a needed sub-expression in the reverse sweep.
  std::string value(const Expr &e, const Substitutions &subst);
  /// `d_x` or `d_v[i]` for an active l-value.
  std::string adjointOf(const Expr &lvalue, const Substitutions &subst = {});
  /// Saves / restores a variable (or element) overwritten by `s`.
  bool needsSave(const Stmt &s, const Var *v) const;
  void save(const Expr &target, Code &fwd, Code &rev);
  void saveWhole(Var *v, Code &fwd, Code &rev);
  /// Sets the adjoint of a whole container to zero, sized like `size_expr`.
  std::string zeroAdjoint(const Var *v, const std::string &size_expr);
};

} // namespace tangent

#endif
