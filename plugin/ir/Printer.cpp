//===- Printer.cpp - the IR as text ---------------------------------------===//
#include "ir/Printer.h"
#include "ir/Mpi.h"
#include "ir/Support.h"
#include <cctype>

namespace tangent {

namespace {

int precedence(const Expr &e) {
  if (e.address) // `&x` (unary), `x.data() + k` (additive)
    return e.kind == ExprKind::VarRef ? 3 : 6;
  switch (e.kind) {
  case ExprKind::Binary:
    switch (e.op) {
    case Op::Mul:
    case Op::Div:
    case Op::Rem:
      return 5;
    case Op::Add:
    case Op::Sub:
      return 6;
    case Op::Shl:
    case Op::Shr:
      return 7;
    case Op::Lt:
    case Op::Le:
    case Op::Gt:
    case Op::Ge:
      return 9;
    case Op::Eq:
    case Op::Ne:
      return 10;
    case Op::BitAnd:
      return 11;
    case Op::BitXor:
      return 12;
    case Op::BitOr:
      return 13;
    case Op::And:
      return 14;
    default:
      return 15; // ||
    }
  case ExprKind::Unary:
    return 3;
  case ExprKind::Cond:
    return 16;
  case ExprKind::Literal:
  case ExprKind::VarRef:
  case ExprKind::Index:
  case ExprKind::Math:
  case ExprKind::Cast:
  case ExprKind::Size:
  case ExprKind::InactiveCall:
  case ExprKind::Name:
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
  // A negative literal is an operand of a rule row such as `-$0`: "--0.5".
  bool negative = !text.empty() && text[0] == '-';
  if (subst.count(&e) || (precedence(e) == 0 && !negative))
    return text;
  return "(" + text + ")";
}

std::string printAddress(const std::string &storage, const Type &type,
                         const std::string &offset) {
  if (offset.empty())
    return "&" + storage;
  const bool pointer = (type.kind == TypeKind::Pointer && !type.span) ||
                       type.kind == TypeKind::CArray;
  const std::string first = pointer ? storage : storage + ".data()";
  return offset == "0" ? first : first + " + " + offset;
}

std::string printExpr(const Expr &e, const Substitutions &subst) {
  auto it = subst.find(&e);
  if (it != subst.end())
    return it->second;
  if (e.address) {
    if (e.kind == ExprKind::VarRef)
      return printAddress(e.var->name, e.type, "");
    return printAddress(printExpr(*e.ops[0], subst), e.ops[0]->type,
                        printOperand(*e.ops[1], subst));
  }
  switch (e.kind) {
  case ExprKind::Literal:
  case ExprKind::Name:
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
    if (e.op == Op::Neg && !inner.empty() && inner[0] == '-')
      inner = "(" + inner + ")";
    return spelling(e.op) + inner;
  }
  case ExprKind::Binary:
    return printSide(*e.ops[0], e, false, subst) + " " + spelling(e.op) + " " +
           printSide(*e.ops[1], e, true, subst);
  case ExprKind::Math:
  case ExprKind::InactiveCall: {
    if (e.form == CallForm::Infix)
      return "(" + printExpr(*e.ops[0], subst) + " " + e.text + " " +
             printExpr(*e.ops[1], subst) + ")";
    const bool member = e.form == CallForm::Member;
    std::string out =
        (member ? printExpr(*e.ops[0], subst) + "." : "") + e.text + "(";
    for (size_t i = member ? 1 : 0; i < e.ops.size(); ++i)
      out += (i > (member ? 1u : 0u) ? ", " : "") + printExpr(*e.ops[i], subst);
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
  TANGENT_UNREACHABLE("printExpr: unknown expression kind");
}

namespace {

const char *roleName(VarRole role) {
  switch (role) {
  case VarRole::Param:
    return "param";
  case VarRole::Local:
    return "local";
  case VarRole::Temp:
    return "temp";
  case VarRole::Flag:
    return "flag";
  case VarRole::Induction:
    return "induction";
  }
  TANGENT_UNREACHABLE("unknown variable role");
}

const char *formName(LoopInfo::Form form) {
  switch (form) {
  case LoopInfo::Form::Counted:
    return "counted";
  case LoopInfo::Form::Structured:
    return "structured";
  case LoopInfo::Form::General:
    return "general";
  }
  TANGENT_UNREACHABLE("unknown loop form");
}

const char *strategyText(LoopStrategy s) {
  switch (s) {
  case LoopStrategy::FullTape:
    return "full tape";
  case LoopStrategy::Segments:
    return "sqrt(n) segments";
  case LoopStrategy::Online:
    return "online";
  case LoopStrategy::Budgeted:
    return "memory budget";
  case LoopStrategy::ParallelSegments:
    return "sqrt(n) segments, parallel replay";
  case LoopStrategy::BudgetWhile:
    return "memory budget, taped then online";
  case LoopStrategy::FixedPoint:
    return "fixed point";
  case LoopStrategy::Recompute:
    return "recompute";
  }
  TANGENT_UNREACHABLE("unknown loop strategy");
}

const char *constructName(ConstructKind k) {
  switch (k) {
  case ConstructKind::Size:
    return "size";
  case ConstructKind::Fill:
    return "fill";
  case ConstructKind::Copy:
    return "copy";
  case ConstructKind::Elements:
    return "elements";
  }
  TANGENT_UNREACHABLE("unknown construction");
}

class FunctionPrinter {
public:
  std::string out;

  void line(int depth, const std::string &text) {
    out.append(size_t(2 * depth), ' ');
    out += text + "\n";
  }

  void block(const Block &b, int depth) {
    for (const StmtPtr &s : b)
      stmt(*s, depth);
  }

  std::string list(const std::vector<ExprPtr> &args) {
    std::string text;
    for (const ExprPtr &a : args)
      text += (text.empty() ? "" : ", ") + printExpr(*a);
    return text;
  }

  void stmt(const Stmt &s, int depth) {
    std::string at = "  // " + s.loc.str();
    switch (s.kind) {
    case StmtKind::Assign:
      line(depth, printExpr(*s.lhs) + " = " + printExpr(*s.rhs) + ";" + at);
      return;
    case StmtKind::Construct:
      line(depth, s.var->name + " = construct " + constructName(s.construct) +
                      "(" + list(s.args) + ");" + at);
      return;
    case StmtKind::Call: {
      std::string callee = s.callee ? s.callee->name
                           : s.mpi  ? "mpi " + std::string(s.mpi->name)
                                    : "custom " + s.custom;
      std::string args;
      for (size_t i = 0; i < s.args.size(); ++i)
        args += std::string(i ? ", " : "") +
                (s.arg_is_output[i] ? "out " : "") + printExpr(*s.args[i]);
      line(depth, (s.result ? s.result->name + " = " : std::string()) +
                      "call " + callee + "(" + args + ");" + at);
      return;
    }
    case StmtKind::Resize: {
      const char *op = s.resize == ResizeKind::Append ? "push_back"
                       : s.resize == ResizeKind::Pop  ? "pop_back"
                                                      : "resize";
      line(depth, s.var->name + "." + op + "(" + list(s.args) + ");" + at);
      return;
    }
    case StmtKind::Swap:
      line(depth,
           "swap(" + printExpr(*s.lhs) + ", " + printExpr(*s.rhs) + ");" + at);
      return;
    case StmtKind::If:
      line(depth, "if (" + printExpr(*s.cond) + ")" +
                      (s.record_decision ? "  [decision recorded]" : "") + at);
      block(s.then_block, depth + 1);
      if (!s.else_block.empty()) {
        line(depth, "else");
        block(s.else_block, depth + 1);
      }
      return;
    case StmtKind::Loop: {
      const LoopInfo &li = *s.loop;
      std::string head = li.kind_name + " loop, " + formName(li.form);
      if (li.form == LoopInfo::Form::Counted)
        head += " (" + li.induction->name + " from " + printExpr(*li.start) +
                " " + spelling(li.compare) + " " + printExpr(*li.bound) +
                ", step " + std::to_string(li.increment) +
                (li.constant_trips >= 0
                     ? ", " + std::to_string(li.constant_trips) + " trips"
                     : std::string()) +
                ")";
      else if (li.cond)
        head += " (while " + printExpr(*li.cond) +
                (li.do_while ? ", tested after the body" : "") + ")";
      else if (li.exit_flag)
        head += " (until " + li.exit_flag->name + ")";
      line(depth, head + at);
      std::string strategy =
          std::string("strategy: ") + strategyText(li.strategy);
      if (!li.reason.empty())
        strategy += " (" + li.reason + ")";
      if (li.annotated)
        strategy += " [annotated]";
      if (li.fixed_point)
        strategy += " [fixed_point]";
      line(depth + 1, strategy);
      if (!li.carried.empty()) {
        std::string names;
        for (const Var *v : li.carried)
          names += (names.empty() ? "" : ", ") + v->name;
        line(depth + 1, "snapshot: {" + names + "}");
      }
      if (!li.init.empty()) {
        line(depth + 1, "init:");
        block(li.init, depth + 2);
      }
      line(depth + 1, "body:");
      block(li.body, depth + 2);
      if (!li.step.empty()) {
        line(depth + 1, "step:");
        block(li.step, depth + 2);
      }
      return;
    }
    case StmtKind::Block:
      line(depth, "{");
      block(s.block, depth + 1);
      line(depth, "}");
      return;
    }
    TANGENT_UNREACHABLE("unknown statement kind");
  }
};

} // namespace

std::string printFunction(const Function &fn) {
  FunctionPrinter p;
  p.line(0, "function " + fn.name + " (" + fn.loc.str() + ") returns " +
                (fn.result.spelling.empty() ? "void" : fn.result.spelling));
  for (const auto &v : fn.vars) {
    std::string flags;
    auto flag = [&](bool on, const char *name) {
      if (on)
        flags += std::string(flags.empty() ? "" : " ") + name;
    };
    flag(v->varied, "varied");
    flag(v->useful, "useful");
    flag(v->active, "active");
    flag(v->read_in_reverse, "read-in-reverse");
    flag(v->invariant, "invariant");
    flag(v->unzeroed, "unzeroed");
    p.line(1, std::string(roleName(v->role)) + " " + v->type.spelling + " " +
                  v->name + (flags.empty() ? "" : "  [" + flags + "]"));
  }
  p.line(0, "body:");
  p.block(fn.body, 1);
  return p.out;
}

namespace {

/// Prints generated code: each statement on its lines, nested bodies one
/// level deeper, empty lines without indentation.
struct CppPrinter {
  std::string out;

  void line(int depth, const std::string &text) {
    if (!text.empty())
      out.append(size_t(2 * depth), ' ');
    out += text;
    out += '\n';
  }
  void body(const CppBody &code, int depth) {
    for (const CppStmt &s : code)
      stmt(s, depth);
  }
  /// `opening {`, the body, then `closing`.
  void nested(int depth, const std::string &opening, const CppBody &code,
              const std::string &closing) {
    line(depth, opening.empty() ? "{" : opening + " {");
    body(code, depth + 1);
    line(depth, closing);
  }
  void stmt(const CppStmt &s, int depth) {
    using K = CppStmt::Kind;
    switch (s.kind) {
    case K::Simple:
    case K::Record:
    case K::Restore:
      return line(depth, s.text);
    case K::Declare:
      return line(depth,
                  s.text + " " + s.name + " = " + printExpr(*s.value) + ";");
    case K::Update:
      return line(depth, printExpr(*s.target) + (s.assign ? " = " : " += ") +
                             printExpr(*s.value) + ";");
    case K::Comment:
      return line(depth, "// " + s.text);
    case K::Directive:
      return line(depth, "#" + s.text);
    case K::Blank:
      return line(depth, "");
    case K::Block:
      return nested(depth, "", s.body, "}");
    case K::If:
      if (!s.has_else)
        return nested(depth, "if (" + s.text + ")", s.body, "}");
      line(depth, "if (" + s.text + ") {");
      body(s.body, depth + 1);
      return nested(depth, "} else", s.orelse, "}");
    case K::For: {
      const CppFor &h = s.header;
      std::string head = "for (" + h.init + "; " + h.cond + ";" +
                         (h.step.empty() ? "" : " " + h.step) + ")";
      if (s.braces)
        return nested(depth, head, s.body, "}");
      line(depth, head);
      return body(s.body, depth + 1);
    }
    case K::While:
      return nested(depth, "while (" + s.text + ")", s.body, "}");
    case K::DoWhile:
      return nested(depth, "do", s.body, "} while (" + s.text + ");");
    case K::Lambda:
      return nested(depth, "auto " + s.name + " = [&](" + s.text + ")", s.body,
                    "};");
    case K::Function:
      return nested(depth, s.text, s.body, "}");
    case K::Struct:
      return nested(depth, s.text, s.body, "};");
    case K::Namespace:
      line(depth, "namespace " + s.name + " {");
      body(s.body, depth);
      return line(depth, s.named_close ? "} // namespace " + s.name : "}");
    }
  }
};

} // namespace

std::string printCpp(const CppBody &code, int indent) {
  CppPrinter p;
  p.body(code, indent);
  return p.out;
}

} // namespace tangent
