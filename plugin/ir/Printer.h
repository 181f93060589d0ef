//===- Printer.h - the IR as text -------------------------------*- C++ -*-===//
///
/// \file
/// Expressions print as the C++ they stand for (the generator emits them
/// with printExpr), the generator's code (ir/Cpp.h) as the C++ it is; whole
/// functions print as an annotated listing of the IR
/// with the analyses' results, for -fplugin-arg-tangent-dump-ir.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_IR_PRINTER_H
#define TANGENT_IR_PRINTER_H

#include "ir/Cpp.h"
#include "ir/IR.h"
#include <map>
#include <string>

namespace tangent {

/// Replacement texts for sub-expressions (recorded values).
using Substitutions = std::map<const Expr *, std::string>;

/// Prints `e` as C++.
std::string printExpr(const Expr &e, const Substitutions &subst = {});
/// Prints `e` parenthesized unless it is a primary expression.
std::string printOperand(const Expr &e, const Substitutions &subst = {});
/// The address a pointer argument passes (Expr::address): `&storage` for a
/// variable (no `offset`), else element `offset` of the array `storage` of
/// type `type` (`x + k`, `v.data() + k`, `x` for offset 0).
std::string printAddress(const std::string &storage, const Type &type,
                         const std::string &offset);
/// Wraps `text` in parentheses unless it is an identifier or a number.
std::string parenthesize(const std::string &text);

/// Generated C++ (ir/Cpp.h) as text, two spaces per level from `indent`.
std::string printCpp(const CppBody &code, int indent = 0);

/// The IR of `fn` as an indented listing: its variables (role, type and
/// analysis flags), then its statements, loops with their form, strategy,
/// reason and snapshot state.
std::string printFunction(const Function &fn);

} // namespace tangent

#endif
