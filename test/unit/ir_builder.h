//===- ir_builder.h - building IR by hand in tests --------------*- C++ -*-===//
#ifndef TANGENT_TEST_IR_BUILDER_H
#define TANGENT_TEST_IR_BUILDER_H

#include "ir/IR.h"

namespace tangent::test {

inline Type realType() {
  Type t;
  t.kind = TypeKind::Real;
  t.spelling = "double";
  return t;
}
// intType() and boolType() come from ir/IR.h.
inline Type vectorType() {
  Type t;
  t.kind = TypeKind::Vector;
  t.spelling = "std::vector<double>";
  t.elem_spelling = "double";
  t.elem_real = true;
  return t;
}

/// A function under construction.
struct Builder {
  Function fn;

  Builder(bool top = true) {
    fn.name = fn.base_name = "f";
    fn.result = realType();
    fn.is_top = top;
    fn.result_var = var("result", realType(), VarRole::Local);
  }
  Var *var(const std::string &name, Type t, VarRole role = VarRole::Local) {
    Var *v = fn.addVar(name, std::move(t), role);
    v->name = fn.names.claim(name);
    return v;
  }
  Var *param(const std::string &name, Type t, bool by_ref = false,
             bool is_const = false) {
    Var *v = var(name, std::move(t), VarRole::Param);
    v->param_index = int(fn.params.size());
    v->by_reference = by_ref;
    v->is_const = is_const;
    fn.params.push_back(v);
    return v;
  }
  static ExprPtr ref(Var *v) { return makeVarRef(v); }
  static ExprPtr num(double x) {
    std::string t = std::to_string(x);
    return makeLiteral(t, realType());
  }
  static ExprPtr integer(long long x) { return makeIntLiteral(x, intType()); }
  static ExprPtr bin(Op op, ExprPtr a, ExprPtr b) {
    Type t = a->type.isReal() || b->type.isReal() ? realType() : intType();
    return makeBinary(op, std::move(a), std::move(b), t);
  }
  static StmtPtr assign(ExprPtr lhs, ExprPtr rhs, unsigned line = 1) {
    auto s = std::make_unique<Stmt>();
    s->kind = StmtKind::Assign;
    s->loc.file = "test.cpp";
    s->loc.line = line;
    s->lhs = std::move(lhs);
    s->rhs = std::move(rhs);
    return s;
  }
  /// `for (int i = a; i < b; ++i) body` as the lowering produces it
  /// (frontend/lower/LowerLoop.cpp), before loop analysis.
  StmtPtr forLoop(Var *i, ExprPtr a, ExprPtr b, Block body, unsigned line = 1) {
    auto s = std::make_unique<Stmt>();
    s->kind = StmtKind::Loop;
    s->loc.file = "test.cpp";
    s->loc.line = line;
    s->loop = std::make_unique<LoopInfo>();
    LoopInfo &li = *s->loop;
    li.init.push_back(assign(ref(i), std::move(a)));
    li.cond = makeBinary(Op::Lt, ref(i), std::move(b), boolType());
    li.step.push_back(assign(ref(i), bin(Op::Add, ref(i), integer(1))));
    li.body = std::move(body);
    return s;
  }
};

} // namespace tangent::test

#endif
