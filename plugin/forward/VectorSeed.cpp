//===- VectorSeed.cpp - the seeded dot product of a vector result ---------===//
#include "forward/VectorSeed.h"
#include "ir/Support.h"

namespace tangent {

void appendDotProduct(Function &fn, Var *acc, Var *a, Var *b, const Loc &at,
                      Block &out) {
  const Type &real = acc->type;
  const Type index = intType("std::size_t");
  Var *k = fn.addVar(naming::dotIndex(), index, VarRole::Induction);
  k->name = fn.names.fresh(naming::dotIndex());
  out.push_back(makeAssign(makeVarRef(acc), makeLiteral("0", real), at));
  auto loop = std::make_unique<Stmt>();
  loop->kind = StmtKind::Loop;
  loop->loc = at;
  loop->loop = std::make_unique<LoopInfo>();
  LoopInfo &li = *loop->loop;
  li.init.push_back(makeAssign(makeVarRef(k), makeIntLiteral(0, index), at));
  li.cond =
      makeBinary(Op::Lt, makeVarRef(k), makeSize(makeVarRef(a)), boolType());
  li.body.push_back(makeAssign(
      makeVarRef(acc),
      makeBinary(Op::Add, makeVarRef(acc),
                 makeBinary(Op::Mul, makeIndex(makeVarRef(a), makeVarRef(k)),
                            makeIndex(makeVarRef(b), makeVarRef(k)), real),
                 real),
      at));
  li.step.push_back(makeAssign(
      makeVarRef(k),
      makeBinary(Op::Add, makeVarRef(k), makeIntLiteral(1, index), index), at));
  out.push_back(std::move(loop));
}

void seedResult(Function &fn) {
  TANGENT_ASSERT(fn.result_var && fn.result.isContainer() &&
                     fn.result.elem_real && !fn.flattened,
                 "a vector-Jacobian product of a function without a vector "
                 "result");
  Type real;
  real.kind = TypeKind::Real;
  real.spelling = fn.result.elem_spelling;

  Var *u = fn.addVar(naming::cotangent(), fn.result, VarRole::Param);
  u->name = fn.names.fresh(naming::cotangent());
  u->by_reference = u->is_const = true;
  u->param_index = int(fn.params.size());
  u->source_param = int(fn.signature.size());
  fn.params.push_back(u);
  SourceParam sp;
  sp.name = u->name;
  sp.spelling = fn.result.spelling;
  sp.by_reference = sp.is_const = true;
  sp.first = u->param_index;
  fn.signature.push_back(sp);

  // dot = sum_k result[k] * cotangent[k], after f's body.
  Var *dot = fn.addVar(naming::dotProduct(), real, VarRole::Local);
  dot->name = fn.names.fresh(naming::dotProduct());
  appendDotProduct(fn, dot, fn.result_var, u, fn.loc, fn.body);
  fn.result_var = dot;
  fn.result = real;
}

} // namespace tangent
