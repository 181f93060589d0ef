//===- IR.cpp - constructors and helpers of the AD IR ---------------------===//
#include "ir/IR.h"

namespace tangent {

std::string Loc::str() const { return file + ":" + std::to_string(line); }

const char *spelling(Op op) {
  switch (op) {
  case Op::Add:
  case Op::Plus:
    return "+";
  case Op::Sub:
  case Op::Neg:
    return "-";
  case Op::Mul:
    return "*";
  case Op::Div:
    return "/";
  case Op::Rem:
    return "%";
  case Op::Shl:
    return "<<";
  case Op::Shr:
    return ">>";
  case Op::Lt:
    return "<";
  case Op::Le:
    return "<=";
  case Op::Gt:
    return ">";
  case Op::Ge:
    return ">=";
  case Op::Eq:
    return "==";
  case Op::Ne:
    return "!=";
  case Op::BitAnd:
    return "&";
  case Op::BitXor:
    return "^";
  case Op::BitOr:
    return "|";
  case Op::And:
    return "&&";
  case Op::Or:
    return "||";
  case Op::Not:
    return "!";
  case Op::BitNot:
    return "~";
  }
  return "?";
}

const char *OmpLoop::spelling(Reduction::Kind op) {
  return op == Reduction::Kind::Sum ? "+" : "max";
}

ExprPtr Expr::clone() const { return cloneWith({}); }

ExprPtr
Expr::cloneWith(const std::function<ExprPtr(const Expr &)> &replace) const {
  if (replace)
    if (ExprPtr r = replace(*this))
      return r;
  auto e = std::make_unique<Expr>();
  e->kind = kind;
  e->type = type;
  e->text = text;
  e->op = op;
  e->form = form;
  e->var = var;
  e->rule = rule;
  e->active = active;
  e->is_int_const = is_int_const;
  e->int_const = int_const;
  e->address = address;
  for (const ExprPtr &op : ops)
    e->ops.push_back(op->cloneWith(replace));
  return e;
}

bool dataAddress(const Expr &e) {
  if (!e.address || e.kind != ExprKind::Index ||
      e.ops[0]->kind != ExprKind::VarRef)
    return false;
  const Var &v = *e.ops[0]->var;
  const TypeKind k = v.type.kind;
  return !v.type.isNested() &&
         ((v.role == VarRole::Param && k == TypeKind::Vector) ||
          k == TypeKind::Array || k == TypeKind::CArray);
}

bool sameExpr(const Expr &a, const Expr &b) {
  if (a.kind != b.kind || a.text != b.text || a.op != b.op ||
      a.form != b.form || a.var != b.var || a.rule != b.rule ||
      a.type.spelling != b.type.spelling || a.address != b.address ||
      a.ops.size() != b.ops.size())
    return false;
  for (size_t i = 0; i < a.ops.size(); ++i)
    if (!sameExpr(*a.ops[i], *b.ops[i]))
      return false;
  return true;
}

ExprPtr makeLiteral(std::string text, Type type) {
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::Literal;
  e->text = std::move(text);
  e->type = std::move(type);
  return e;
}

ExprPtr makeName(std::string text, Type type) {
  auto e = makeLiteral(std::move(text), std::move(type));
  e->kind = ExprKind::Name;
  return e;
}

ExprPtr makeNullPointer(Type pointer) {
  return makeLiteral("nullptr", std::move(pointer));
}

bool isNullPointer(const Expr &e) {
  return e.kind == ExprKind::Literal && e.type.kind == TypeKind::Pointer &&
         e.text == "nullptr";
}

ExprPtr makeIntLiteral(long long value, Type type) {
  bool integral = type.isIntegral();
  auto e = makeLiteral(std::to_string(value), std::move(type));
  e->is_int_const = integral;
  e->int_const = value;
  return e;
}

ExprPtr makeVarRef(Var *var) {
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::VarRef;
  e->var = var;
  e->type = var->type;
  return e;
}

ExprPtr makeIndex(ExprPtr base, ExprPtr index) {
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::Index;
  if (base->type.row) { // a row of a vector of vectors
    e->type = *base->type.row;
  } else {
    Type t;
    t.kind = base->type.elem_real ? TypeKind::Real : TypeKind::Int;
    t.spelling = base->type.elem_spelling;
    e->type = t;
  }
  e->ops.push_back(std::move(base));
  e->ops.push_back(std::move(index));
  return e;
}

ExprPtr makeUnary(Op op, ExprPtr operand) {
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::Unary;
  e->op = op;
  e->type = operand->type;
  if (op == Op::Not) {
    e->type = Type{};
    e->type.kind = TypeKind::Bool;
    e->type.spelling = "bool";
  }
  e->ops.push_back(std::move(operand));
  return e;
}

ExprPtr makeBinary(Op op, ExprPtr lhs, ExprPtr rhs, Type type) {
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::Binary;
  e->op = op;
  e->type = std::move(type);
  e->ops.push_back(std::move(lhs));
  e->ops.push_back(std::move(rhs));
  return e;
}

ExprPtr makeSize(ExprPtr vector) {
  auto size = std::make_unique<Expr>();
  size->kind = ExprKind::Size;
  size->type = intType("std::size_t");
  size->ops.push_back(std::move(vector));
  return size;
}

Type boolType() {
  Type t;
  t.kind = TypeKind::Bool;
  t.spelling = "bool";
  return t;
}

Type intType(const char *spelling) {
  Type t;
  t.kind = TypeKind::Int;
  t.spelling = spelling;
  return t;
}

StmtPtr makeAssign(ExprPtr lhs, ExprPtr rhs, Loc loc) {
  auto s = std::make_unique<Stmt>();
  s->kind = StmtKind::Assign;
  s->loc = std::move(loc);
  s->lhs = std::move(lhs);
  s->rhs = std::move(rhs);
  return s;
}

std::string namesOf(const std::vector<Var *> &vars) {
  std::string out;
  for (size_t i = 0; i < vars.size(); ++i)
    out += (i ? ", " : "") + vars[i]->name;
  return out;
}

ExprPtr makeCast(Type type, ExprPtr operand) {
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::Cast;
  e->type = std::move(type);
  e->ops.push_back(std::move(operand));
  return e;
}

Var *Function::addVar(std::string source_name, Type type, VarRole role) {
  auto v = std::make_unique<Var>();
  v->id = int(vars.size());
  v->source_name = std::move(source_name);
  v->type = std::move(type);
  v->role = role;
  vars.push_back(std::move(v));
  return vars.back().get();
}

} // namespace tangent
