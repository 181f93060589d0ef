//===- Emit.cpp - C++ text: code blocks and expressions -------------------===//
#include "codegen/Emit.h"
#include <cctype>

namespace tangent {

std::string Code::str(int indent) const {
  std::string out;
  for (const auto &l : lines_) {
    if (!l.second.empty())
      out.append(size_t(2 * (indent + l.first)), ' ');
    out += l.second;
    out += '\n';
  }
  return out;
}

namespace {

int precedence(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Binary: {
    const std::string &op = e.text;
    if (op == "*" || op == "/" || op == "%")
      return 5;
    if (op == "+" || op == "-")
      return 6;
    if (op == "<<" || op == ">>")
      return 7;
    if (op == "<" || op == "<=" || op == ">" || op == ">=")
      return 9;
    if (op == "==" || op == "!=")
      return 10;
    if (op == "&")
      return 11;
    if (op == "^")
      return 12;
    if (op == "|")
      return 13;
    if (op == "&&")
      return 14;
    return 15; // ||
  }
  case ExprKind::Unary:
    return 3;
  case ExprKind::Cond:
    return 16;
  default:
    return 0; // primary / postfix / function-style cast
  }
}

std::string printSide(const Expr &e, const Expr &parent, bool right,
                      const Substitutions &subst) {
  std::string text = printExpr(e, subst);
  if (subst.count(&e))
    return text;
  int pe = precedence(e), pp = precedence(parent);
  // Left-associative: a right operand of equal precedence needs parentheses.
  if (pe > pp || (right && pe == pp && pe != 0))
    return "(" + text + ")";
  return text;
}

} // namespace

std::string parenthesize(const std::string &text) {
  bool simple = !text.empty();
  for (char c : text)
    simple &= std::isalnum((unsigned char)c) || c == '_' || c == '.';
  if (simple)
    return text;
  // Already one parenthesized group: "(a + b)" but not "(a) + (b)".
  if (text.front() == '(' && text.back() == ')') {
    int depth = 0;
    bool whole = true;
    for (size_t i = 0; i < text.size(); ++i) {
      depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
      if (depth == 0 && i + 1 < text.size())
        whole = false;
    }
    if (whole)
      return text;
  }
  return "(" + text + ")";
}

std::string printOperand(const Expr &e, const Substitutions &subst) {
  std::string text = printExpr(e, subst);
  if (subst.count(&e) || precedence(e) == 0)
    return text;
  return "(" + text + ")";
}

std::string printExpr(const Expr &e, const Substitutions &subst) {
  auto it = subst.find(&e);
  if (it != subst.end())
    return it->second;
  switch (e.kind) {
  case ExprKind::Literal:
    return e.text;
  case ExprKind::VarRef:
    return e.var->name;
  case ExprKind::Index:
    return printExpr(*e.ops[0], subst) + "[" + printExpr(*e.ops[1], subst) +
           "]";
  case ExprKind::Unary: {
    std::string inner = printExpr(*e.ops[0], subst);
    if (precedence(*e.ops[0]) > precedence(e) && !subst.count(e.ops[0].get()))
      inner = "(" + inner + ")";
    // Avoid "--x" when negating a negative literal.
    if (e.text == "-" && !inner.empty() && inner[0] == '-')
      inner = "(" + inner + ")";
    return e.text + inner;
  }
  case ExprKind::Binary:
    return printSide(*e.ops[0], e, false, subst) + " " + e.text + " " +
           printSide(*e.ops[1], e, true, subst);
  case ExprKind::Math:
  case ExprKind::Call: {
    std::string out = e.text + "(";
    for (size_t i = 0; i < e.ops.size(); ++i)
      out += (i ? ", " : "") + printExpr(*e.ops[i], subst);
    return out + ")";
  }
  case ExprKind::Cast: {
    const std::string &t = e.type.spelling;
    // An integer constant converted to another integer type: a suffixed
    // literal of that type (`1ul`), not a cast.
    static const std::map<std::string, std::string> suffixes = {
        {"int", ""},         {"unsigned int", "u"},
        {"long", "l"},       {"unsigned long", "ul"},
        {"long long", "ll"}, {"unsigned long long", "ull"}};
    const Expr &op = *e.ops[0];
    auto suffix = suffixes.find(t);
    bool int_literal = op.kind == ExprKind::Literal && op.is_int_const &&
                       op.int_const >= 0 && !subst.count(&op);
    if (suffix != suffixes.end() && int_literal)
      return std::to_string(op.int_const) + suffix->second;
    // ... or to a floating type: `0.0`, `2.0f` (exactly representable).
    if (int_literal && op.int_const < (1ll << 24) &&
        (t == "double" || t == "float"))
      return std::to_string(op.int_const) + (t == "float" ? ".0f" : ".0");
    bool one_word = t.find(' ') == std::string::npos;
    std::string inner = printExpr(*e.ops[0], subst);
    return one_word ? t + "(" + inner + ")"
                    : "static_cast<" + t + ">(" + inner + ")";
  }
  case ExprKind::Cond:
    return printSide(*e.ops[0], e, true, subst) + " ? " +
           printExpr(*e.ops[1], subst) + " : " + printExpr(*e.ops[2], subst);
  case ExprKind::Size:
    return printExpr(*e.ops[0], subst) + ".size()";
  }
  return "/*?*/";
}

std::string declareZero(const Type &type, const std::string &name) {
  switch (type.kind) {
  case TypeKind::CArray:
    return type.elem_spelling + " " + name + "[" +
           std::to_string(type.extent) + "] = {};";
  case TypeKind::Vector:
    return type.spelling + " " + name + ";";
  case TypeKind::Bool:
    return "bool " + name + " = false;";
  case TypeKind::Pointer:
    return type.spelling + " " + name + " = nullptr;";
  default:
    return type.spelling + " " + name + "{};";
  }
}

} // namespace tangent
