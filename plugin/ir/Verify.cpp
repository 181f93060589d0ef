//===- Verify.cpp - the IR's invariants -----------------------------------===//
#include "ir/Verify.h"
#include "ir/IRWalk.h"
#include "ir/Naming.h"
#include "ir/Printer.h"
#include "ir/Support.h"
#include <set>

namespace tangent {

namespace {

class Verifier {
public:
  explicit Verifier(const Function &fn) : fn_(fn) {
    for (const auto &v : fn.vars)
      owned_.insert(v.get());
  }

  std::vector<std::string> run() {
    for (size_t k = 0; k < fn_.params.size(); ++k) {
      const Var *p = fn_.params[k];
      if (!p || !owned_.count(p))
        fail(fn_.loc, "parameter " + std::to_string(k) +
                          " is not a variable of the function");
      else if (p->role != VarRole::Param || p->param_index != int(k))
        fail(fn_.loc, "parameter '" + p->name +
                          "' is not marked as parameter " + std::to_string(k));
    }
    for (const auto &v : fn_.vars)
      variable(*v);
    if (fn_.result_var)
      var(fn_.loc, fn_.result_var, "the result variable");
    block(fn_.body);
    return std::move(problems_);
  }

private:
  const Function &fn_;
  std::set<const Var *> owned_;
  std::vector<std::string> problems_;

  void fail(const Loc &at, const std::string &what) {
    problems_.push_back((at.line ? at.str() + ": " : std::string()) + what);
  }

  void var(const Loc &at, const Var *v, const char *what) {
    if (!v)
      fail(at, std::string(what) + " is missing");
    else if (!owned_.count(v))
      fail(at, std::string(what) + " '" + v->name +
                   "' is not a variable of the function");
  }

  /// Facts the analyses leave on a variable.
  void variable(const Var &v) {
    if (v.active && !v.type.isDifferentiable() &&
        v.type.kind != TypeKind::Opaque)
      fail(fn_.loc, "'" + v.name + "' is active but not differentiable");
    if (v.rematerialized && v.read_everywhere)
      fail(fn_.loc, "'" + v.name + "' is rematerialized and read everywhere");
  }

  void expr(const Loc &at, const Expr &e) {
    auto operands = [&](size_t n) {
      if (e.ops.size() != n)
        fail(at, "an expression of kind " +
                     std::to_string(static_cast<int>(e.kind)) + " has " +
                     std::to_string(e.ops.size()) + " operands, not " +
                     std::to_string(n));
    };
    for (const ExprPtr &op : e.ops)
      if (!op)
        return fail(at, "an expression has a null operand");
    switch (e.kind) {
    case ExprKind::Literal:
      operands(0);
      if (e.text.empty())
        fail(at, "a literal without text");
      break;
    case ExprKind::VarRef:
      operands(0);
      var(at, e.var, "a variable reference");
      break;
    case ExprKind::Index:
      operands(2);
      break;
    case ExprKind::Unary:
      operands(1);
      if (e.op != Op::Neg && e.op != Op::Plus && e.op != Op::Not &&
          e.op != Op::BitNot)
        fail(at,
             std::string("a unary expression with operator ") + spelling(e.op));
      break;
    case ExprKind::Binary:
      operands(2);
      if (e.op == Op::Neg || e.op == Op::Plus || e.op == Op::Not ||
          e.op == Op::BitNot)
        fail(at, std::string("a binary expression with operator ") +
                     spelling(e.op));
      break;
    case ExprKind::Math:
      if (!e.rule)
        fail(at, "a call of '" + e.text + "' without its rule");
      break;
    case ExprKind::Cast:
    case ExprKind::Size:
      operands(1);
      break;
    case ExprKind::Cond:
      operands(3);
      break;
    case ExprKind::InactiveCall:
      break;
    case ExprKind::Name:
      fail(at, "a name of the generated code ('" + e.text +
                   "') in the IR the analyses read");
      break;
    }
    for (const ExprPtr &op : e.ops)
      expr(at, *op);
  }

  void lvalue(const Loc &at, const Expr &e) {
    if (e.kind != ExprKind::VarRef && e.kind != ExprKind::Index)
      fail(at, "an assignment's target is neither a variable nor an element");
  }

  void block(const Block &b) {
    for (const StmtPtr &s : b) {
      if (!s) {
        fail(fn_.loc, "a null statement");
        continue;
      }
      stmt(*s);
    }
  }

  void stmt(const Stmt &s) {
    const Loc &at = s.loc;
    switch (s.kind) {
    case StmtKind::Assign:
      if (!s.lhs || !s.rhs)
        return fail(at, "an assignment without target or value");
      lvalue(at, *s.lhs);
      break;
    case StmtKind::Construct:
    case StmtKind::Resize:
      var(at, s.var, "the constructed or resized variable");
      break;
    case StmtKind::Call:
      if (s.arg_is_output.size() != s.args.size())
        fail(at, "a call's outputs do not match its arguments");
      if (s.result)
        var(at, s.result, "a call's result");
      break;
    case StmtKind::Swap:
      if (!s.lhs || !s.rhs || s.lhs->kind != ExprKind::VarRef ||
          s.rhs->kind != ExprKind::VarRef)
        return fail(at, "a swap of other than two variables");
      break;
    case StmtKind::If:
      if (!s.cond)
        return fail(at, "an if without its condition");
      break;
    case StmtKind::Loop:
      if (!s.loop)
        return fail(at, "a loop without its header");
      loop(at, *s.loop);
      break;
    case StmtKind::Block:
      break;
    }
    for (const ExprPtr &a : s.args)
      if (!a)
        return fail(at, "a null argument");
    forEachOwnExpr(s, [&](const Expr &e) { expr(at, e); });
    block(s.then_block);
    block(s.else_block);
    block(s.block);
  }

  void loop(const Loc &at, const LoopInfo &li) {
    switch (li.form) {
    case LoopInfo::Form::Counted:
      var(at, li.induction, "a counted loop's induction variable");
      if (!li.start || !li.bound)
        fail(at, "a counted loop without its start or bound");
      if (li.increment == 0)
        fail(at, "a counted loop without its increment");
      if (li.compare != Op::Lt && li.compare != Op::Le &&
          li.compare != Op::Gt && li.compare != Op::Ge && li.compare != Op::Ne)
        fail(at, std::string("a counted loop compares with ") +
                     spelling(li.compare));
      break;
    case LoopInfo::Form::General:
      var(at, li.exit_flag, "a general loop's exit flag");
      break;
    case LoopInfo::Form::Structured:
      break;
    }
    for (const Var *v : li.carried)
      var(at, v, "a loop's carried variable");
    block(li.init);
    block(li.body);
    block(li.step);
  }
};

} // namespace

std::vector<std::string> verifyFunction(const Function &fn) {
  return Verifier(fn).run();
}

namespace {

/// Throws InternalError `what` followed by the first of `problems` (and
/// how many more), unless there are none.
void throwProblems(const std::string &what,
                   const std::vector<std::string> &problems) {
  if (problems.empty())
    return;
  std::string text = what + problems.front();
  if (problems.size() > 1)
    text += " (and " + std::to_string(problems.size() - 1) + " more)";
  throw InternalError(text);
}

} // namespace

void verifyOrThrow(const Function &fn, const char *after_pass) {
  throwProblems("the IR of '" + fn.name + "' is broken after the " +
                    after_pass + " pass: ",
                verifyFunction(fn));
}

namespace {

/// Whether plain C++ `text` calls the tape's push or pop members (those
/// codegen/RuntimeApi.h spells; a user's `tape.push_back(x)` is not one).
bool touchesTape(const std::string &text) {
  const std::string tape = naming::tape();
  for (const char *member : {".push(", ".pop<", ".push_vector(", ".pop_vector(",
                             ".push_array(", ".pop_array("})
    if (text.find(tape + member) != std::string::npos)
      return true;
  return false;
}

void verifyCode(const CppBody &code, const char *sweep,
                std::vector<std::string> &problems) {
  for (const CppStmt &s : code) {
    switch (s.kind) {
    case CppStmt::Kind::Update:
      if (!s.target || !s.value)
        problems.push_back(std::string("the ") + sweep +
                           " sweep has an adjoint update without " +
                           (s.target ? "a value" : "a target"));
      else if (s.target->kind != ExprKind::VarRef &&
               s.target->kind != ExprKind::Index &&
               s.target->kind != ExprKind::Name)
        problems.push_back(std::string("the ") + sweep + " sweep updates '" +
                           printExpr(*s.target) +
                           "', which is not an adjoint's name or element");
      break;
    case CppStmt::Kind::Simple:
      if (touchesTape(s.text))
        problems.push_back(std::string("the ") + sweep +
                           " sweep uses the tape in a plain statement, "
                           "not a record or restore: " +
                           s.text);
      break;
    default:
      break;
    }
    verifyCode(s.body, sweep, problems);
    verifyCode(s.orelse, sweep, problems);
  }
}

} // namespace

std::vector<std::string> verifySweeps(const CppBody &fwd, const CppBody &rev) {
  std::vector<std::string> problems;
  verifyCode(fwd, "forward", problems);
  verifyCode(rev, "reverse", problems);
  auto is = [](CppStmt::Kind kind) {
    return [kind](const CppStmt &s) { return s.kind == kind; };
  };
  if (cpp::any(rev, is(CppStmt::Kind::Restore)) &&
      !cpp::any(fwd, is(CppStmt::Kind::Record)) &&
      !cpp::any(rev, is(CppStmt::Kind::Record)))
    problems.push_back("the reverse sweep restores from the tape, but "
                       "neither sweep records onto it");
  return problems;
}

void verifySweepsOrThrow(const CppBody &fwd, const CppBody &rev,
                         const std::string &name) {
  throwProblems("the generated sweeps of '" + name + "' are broken: ",
                verifySweeps(fwd, rev));
}

} // namespace tangent
