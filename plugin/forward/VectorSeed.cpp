//===- VectorSeed.cpp - the seeded dot product of a vector result ---------===//
#include "forward/VectorSeed.h"
#include "ir/Support.h"

namespace tangent {

namespace {

StmtPtr assign(ExprPtr lhs, ExprPtr rhs, const Loc &loc) {
  auto s = std::make_unique<Stmt>();
  s->kind = StmtKind::Assign;
  s->loc = loc;
  s->lhs = std::move(lhs);
  s->rhs = std::move(rhs);
  return s;
}

} // namespace

void seedResult(Function &fn) {
  TANGENT_ASSERT(fn.result_var && fn.result.isContainer() &&
                     fn.result.elem_real && !fn.flattened,
                 "a vector-Jacobian product of a function without a vector "
                 "result");
  Type real;
  real.kind = TypeKind::Real;
  real.spelling = fn.result.elem_spelling;
  Type index;
  index.kind = TypeKind::Int;
  index.spelling = "std::size_t";
  Type truth;
  truth.kind = TypeKind::Bool;
  truth.spelling = "bool";

  Var *u = fn.addVar("cotangent", fn.result, VarRole::Param);
  u->name = fn.names.fresh("cotangent");
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

  Var *dot = fn.addVar("dot", real, VarRole::Local);
  dot->name = fn.names.fresh("dot");
  Var *k = fn.addVar("k", index, VarRole::Induction);
  k->name = fn.names.fresh("k");
  Var *result = fn.result_var;

  // dot = 0; for (k = 0; k < result.size(); ++k)
  //   dot = dot + cotangent[k] * result[k];
  fn.body.push_back(assign(makeVarRef(dot), makeLiteral("0", real), fn.loc));
  auto loop = std::make_unique<Stmt>();
  loop->kind = StmtKind::Loop;
  loop->loc = fn.loc;
  loop->loop = std::make_unique<LoopInfo>();
  LoopInfo &li = *loop->loop;
  li.init.push_back(assign(makeVarRef(k), makeIntLiteral(0, index), fn.loc));
  auto size = std::make_unique<Expr>();
  size->kind = ExprKind::Size;
  size->type = index;
  size->ops.push_back(makeVarRef(result));
  li.cond = makeBinary("<", makeVarRef(k), std::move(size), truth);
  li.body.push_back(assign(
      makeVarRef(dot),
      makeBinary("+", makeVarRef(dot),
                 makeBinary("*", makeIndex(makeVarRef(u), makeVarRef(k)),
                            makeIndex(makeVarRef(result), makeVarRef(k)), real),
                 real),
      fn.loc));
  li.step.push_back(assign(
      makeVarRef(k),
      makeBinary("+", makeVarRef(k), makeIntLiteral(1, index), index), fn.loc));
  fn.body.push_back(std::move(loop));
  fn.result_var = dot;
  fn.result = real;
}

} // namespace tangent
