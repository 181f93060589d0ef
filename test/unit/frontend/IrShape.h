//===- IrShape.h - the IR as short strings, for assertions ------*- C++ -*-===//
///
/// \file
/// One line per statement, without nested blocks: `s = s + x`,
/// `v = call g(x, out y)`, `if (!broke)`, `loop`, so that a test states a
/// block's exact shape as a list and reaches into nested blocks itself.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_TEST_UNIT_FRONTEND_IRSHAPE_H
#define TANGENT_TEST_UNIT_FRONTEND_IRSHAPE_H

#include "ir/IR.h"
#include "ir/Printer.h"
#include <string>
#include <vector>

namespace tangent::test {

/// `s` on one line, nested blocks left out.
inline std::string show(const Stmt &s) {
  auto list = [](const std::vector<ExprPtr> &args,
                 const std::vector<bool> &outputs) {
    std::string text;
    for (size_t i = 0; i < args.size(); ++i)
      text += std::string(i ? ", " : "") +
              (i < outputs.size() && outputs[i] ? "out " : "") +
              printExpr(*args[i]);
    return text;
  };
  switch (s.kind) {
  case StmtKind::Assign:
    return printExpr(*s.lhs) + " = " + printExpr(*s.rhs);
  case StmtKind::Construct: {
    static const char *const kinds[] = {"size", "fill", "copy", "elements"};
    return "construct " + std::string(kinds[int(s.construct)]) + " " +
           s.var->name + "(" + list(s.args, {}) + ")";
  }
  case StmtKind::Call:
    return (s.result ? s.result->name + " = " : std::string()) + "call " +
           (s.callee ? s.callee->name : "custom " + s.custom) + "(" +
           list(s.args, s.arg_is_output) + ")";
  case StmtKind::Swap:
    return "swap " + printExpr(*s.lhs) + ", " + printExpr(*s.rhs);
  case StmtKind::Resize: {
    static const char *const kinds[] = {"push_back", "pop_back", "resize"};
    return std::string(kinds[int(s.resize)]) + " " + s.var->name + "(" +
           list(s.args, {}) + ")";
  }
  case StmtKind::If:
    return "if (" + printExpr(*s.cond) + ")";
  case StmtKind::Loop:
    return "loop";
  case StmtKind::Block:
    return "block";
  }
  return "?";
}

/// Every statement of `b`, shown.
inline std::vector<std::string> shows(const Block &b) {
  std::vector<std::string> out;
  for (const StmtPtr &s : b)
    out.push_back(show(*s));
  return out;
}

using Lines = std::vector<std::string>;

} // namespace tangent::test

#endif
