//===- TangentBuilder.h - building one tangent-linear function -*- C++ -*-===//
///
/// \file
/// Private to forward/: the state of one tangent-linear function being
/// built from its source function. Expressions (their tangents, the values
/// hoisted for the rows that read a result) are in TangentLinear.cpp,
/// statements in TangentStatements.cpp.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FORWARD_TANGENTBUILDER_H
#define TANGENT_FORWARD_TANGENTBUILDER_H

#include "forward/TangentLinear.h"
#include <map>
#include <set>

namespace tangent {

class TangentBuilder {
public:
  TangentBuilder(const Function &src, Function &out, TangentLinearizer &lin)
      : src_(src), out_(out), lin_(lin) {}

  /// Parameters, variables and body of `out` (TangentLinear.cpp).
  void build(TangentForm form, TangentSignature &sig, std::uint64_t data,
             std::uint64_t tangent_data);

private:
  const Function &src_;
  Function &out_;
  TangentLinearizer &lin_;
  std::map<const Var *, Var *> vars_;     ///< source var -> its copy
  std::map<const Var *, Var *> tangents_; ///< copy -> its tangent
  /// In the vector forward mode: the variables that hold lanes.
  std::set<const Var *> laned_;
  /// Copies of the floating-point scalars whose tangent is not always zero
  /// (they depend on a parameter); the others get none (forward activity).
  std::set<const Var *> varied_;

  /// Computes varied_ (TangentLinear.cpp).
  void findVaried();
  bool hasTangent(const Var *copy) const {
    return tangents_.count(copy) || varied_.count(copy) ||
           (copy->type.isDifferentiable() && !copy->type.isReal() &&
            copy->role != VarRole::Temp && !copy->data);
  }

  // Variables and expressions (TangentLinear.cpp).
  Var *copyOf(const Var *v) const { return vars_.at(v); }
  /// The tangent of a copied variable of differentiable type (made on
  /// first use).
  Var *tangentVar(Var *v);
  Var *temp(const Type &type, const char *stem);
  /// A clone of a source expression on the copied variables.
  ExprPtr primal(const Expr &e) const;
  /// primal(), with every rule-table call whose row reads its result
  /// computed first into a temporary (value, then tangent, into `out`).
  ExprPtr prepare(const Expr &e, Block &out);
  /// The tangent of a prepared expression, or null when it is zero;
  /// statements it needs (branches of the rows' `?:`) go to `out`.
  ExprPtr tangent(const Expr &e, Block &out);
  /// The sum of the rule's rows applied to the operands' tangents.
  ExprPtr ruleTangent(const Expr &e, const Expr *result, Block &out);
  /// The tangent of an l-value (variable or element), or null when it has
  /// none (not floating point).
  ExprPtr tangentTarget(const Expr &lvalue);
  /// A floating-point `?:` as an if/else into a temporary.
  void hoistConditionals(ExprPtr &e, Block &out);
  ExprPtr zero(const Type &type) const;
  /// The type of a tangent of a `type` value: the same, or in the vector
  /// forward mode the same shape of lanes (naming::lanesType).
  Type tangentType(const Type &type) const;
  /// A temporary holding a tangent (of tangentType(type)).
  Var *tangentTemp(const Type &type);

  // Statements (TangentStatements.cpp).
  void block(const Block &in, Block &out);
  void stmt(const Stmt &s, Block &out);
  void assign(const Stmt &s, Block &out);
  void construct(const Stmt &s, Block &out);
  void call(const Stmt &s, Block &out);
  /// A call of a function with a custom derivative: its partial
  /// derivatives from the pullback (seed 1), dotted with the arguments'
  /// tangents.
  void customCall(const Stmt &s, Block &out);
  /// A call of a function with a custom pushforward: the rule with the
  /// values before the call and the arguments' tangents (it writes the
  /// outputs' tangents and returns the result's), then the call.
  void pushforwardCall(const Stmt &s, Block &out);
  /// `acc = sum_k a[k] * b[k]` as a loop into `out`; returns acc.
  Var *dot(Var *a, ExprPtr b, const Type &real, const Loc &at, Block &out);
  void swap(const Stmt &s, Block &out);
  void resize(const Stmt &s, Block &out);
  /// A construction or size change of a container: the same statement on
  /// its tangent first, with the tangents of its arguments, except a size
  /// (`size_first`: its first argument is one).
  void sizedStatement(const Stmt &s, bool size_first, Block &out);
  void branch(const Stmt &s, Block &out);
  void loop(const Stmt &s, Block &out);
  /// The tangent of an address argument (Expr::address): the same address
  /// in the tangent's storage (zeros of its own, built in `out`, for
  /// storage without a tangent).
  ExprPtr addressTangent(const Expr &arg, const Loc &at, Block &out);
  /// The tangent of an argument a callee or a construction takes; zero for
  /// a scalar without one. False (and a refusal at `at`) when a container
  /// argument has none.
  ExprPtr argumentTangent(const Expr &arg, bool output, const Loc &at,
                          Block &out);

  void cannot(const Loc &at, const std::string &why) {
    addRefusal(lin_.refusals, {Refusal::Source::ForwardMode, at, why, nullptr});
  }
};

} // namespace tangent

#endif
