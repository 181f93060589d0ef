//===- RuleExpr.cpp - rule rows as IR expressions -------------------------===//
//
// Both modes apply a row of Rules.def as an IR expression: forward mode in
// the tangent-linear function (itself differentiated again for
// Hessian-vector products), the reverse sweep in the adjoint's expressions
// (codegen/ExprAdjoint.cpp), printed once by the printer. The rows use a
// small C++ subset, parsed here by recursive descent:
//
//   cond    := or ('?' cond ':' cond)?
//   or      := and ('||' and)*        and := compare ('&&' compare)*
//   compare := sum (('=='|'!='|'<'|'<='|'>'|'>=') sum)?
//   sum     := product (('+'|'-') product)*
//   product := unary (('*'|'/') unary)*
//   unary   := '-' unary | '!' unary | primary
//   primary := number | $d | $0 | $1 | $2 | $r
//            | (std:: | tangent::) name '(' cond, ... ')'   (name:
//            [A-Za-z0-9_]+) | '(' cond ')'
//
//===----------------------------------------------------------------------===//
#include "ir/Support.h"
#include "rules/Rules.h"
#include <cctype>
#include <initializer_list>

namespace tangent {

namespace {

class RowParser {
public:
  RowParser(const std::string &text, const RowOperands &operands)
      : text_(text), in_(operands) {}

  ExprPtr parse() {
    ExprPtr e = cond();
    skipSpace();
    TANGENT_ASSERT(pos_ == text_.size(), "a rule row with trailing text");
    return e;
  }

private:
  const std::string &text_;
  const RowOperands &in_;
  size_t pos_ = 0;

  void skipSpace() {
    while (pos_ < text_.size() && text_[pos_] == ' ')
      ++pos_;
  }
  bool accept(const char *token) {
    skipSpace();
    std::string t = token;
    if (text_.compare(pos_, t.size(), t) != 0)
      return false;
    // "<" must not take the first character of "<=".
    if ((t == "<" || t == ">" || t == "!") && pos_ + 1 < text_.size() &&
        text_[pos_ + 1] == '=')
      return false;
    pos_ += t.size();
    return true;
  }
  void expect(const char *token) {
    TANGENT_ASSERT(accept(token), "a malformed rule row");
  }

  ExprPtr cond() {
    ExprPtr c = logicalOr();
    if (!accept("?"))
      return c;
    ExprPtr a = cond();
    expect(":");
    ExprPtr b = cond();
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::Cond;
    e->type = in_.real;
    e->ops.push_back(std::move(c));
    e->ops.push_back(std::move(a));
    e->ops.push_back(std::move(b));
    return e;
  }
  /// Operands of `next` joined left to right by any of `ops`, each
  /// result of type `type`.
  ExprPtr leftAssociative(std::initializer_list<Op> ops,
                          ExprPtr (RowParser::*next)(), const Type &type) {
    ExprPtr l = (this->*next)();
    for (bool more = true; more;) {
      more = false;
      for (Op op : ops)
        if (accept(spelling(op))) {
          l = makeBinary(op, std::move(l), (this->*next)(), type);
          more = true;
          break;
        }
    }
    return l;
  }
  ExprPtr logicalOr() {
    return leftAssociative({Op::Or}, &RowParser::logicalAnd, boolType());
  }
  ExprPtr logicalAnd() {
    return leftAssociative({Op::And}, &RowParser::compare, boolType());
  }
  ExprPtr compare() {
    ExprPtr l = sum();
    for (Op op : {Op::Eq, Op::Ne, Op::Le, Op::Ge, Op::Lt, Op::Gt})
      if (accept(spelling(op)))
        return makeBinary(op, std::move(l), sum(), boolType());
    return l;
  }
  ExprPtr sum() {
    return leftAssociative({Op::Add, Op::Sub}, &RowParser::product, in_.real);
  }
  ExprPtr product() {
    return leftAssociative({Op::Mul, Op::Div}, &RowParser::unary, in_.real);
  }
  ExprPtr unary() {
    if (accept(spelling(Op::Neg))) {
      ExprPtr operand = unary();
      // A negated number stays a literal ("-1"), as the rows print it.
      if (operand->kind == ExprKind::Literal && operand->text[0] != '-') {
        operand->text = "-" + operand->text;
        return operand;
      }
      return makeUnary(Op::Neg, std::move(operand));
    }
    if (accept(spelling(Op::Not)))
      return makeUnary(Op::Not, unary());
    return primary();
  }
  ExprPtr primary() {
    skipSpace();
    TANGENT_ASSERT(pos_ < text_.size(), "a rule row that ends early");
    char c = text_[pos_];
    if (accept("(")) {
      ExprPtr e = cond();
      expect(")");
      return e;
    }
    if (c == '$') {
      char which = text_[pos_ + 1];
      pos_ += 2;
      const Expr *source = which == 'd'   ? in_.seed
                           : which == 'r' ? in_.result
                           : unsigned(which - '0') < in_.args.size()
                               ? in_.args[which - '0']
                               : nullptr;
      TANGENT_ASSERT(source, "a rule row names an operand it was not given");
      return source->clone();
    }
    if (std::isdigit((unsigned char)c)) {
      size_t end = pos_;
      while (end < text_.size() &&
             (std::isdigit((unsigned char)text_[end]) || text_[end] == '.'))
        ++end;
      std::string number = text_.substr(pos_, end - pos_);
      pos_ = end;
      return makeLiteral(number, in_.real);
    }
    // A standard function, or one of the runtime's (tangent::polygamma),
    // whose table name is qualified.
    const bool runtime = accept("tangent::");
    if (!runtime)
      expect("std::");
    size_t end = pos_;
    while (end < text_.size() &&
           (std::isalnum((unsigned char)text_[end]) || text_[end] == '_'))
      ++end;
    std::string name = text_.substr(pos_, end - pos_);
    pos_ = end;
    const Rule *rule = findFunctionRule(runtime ? "tangent::" + name : name);
    TANGENT_ASSERT(rule, "a rule row calls a function the table lacks");
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::Math;
    e->rule = rule;
    e->text = runtime ? rule->name : "std::" + name;
    e->type = in_.real;
    expect("(");
    do
      e->ops.push_back(cond());
    while (accept(","));
    expect(")");
    return e;
  }
};

} // namespace

ExprPtr rowExpr(const Rule &rule, unsigned arg, const RowOperands &operands) {
  TANGENT_ASSERT(arg < rule.rows.size() && !rule.rowIsZero(arg),
                 "a zero rule row used as an expression");
  return RowParser(rule.rows[arg], operands).parse();
}

} // namespace tangent
