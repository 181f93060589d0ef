//===- IRWalk.h - traversals of the IR --------------------------*- C++ -*-===//
///
/// \file
/// Walks over statements, writes and reads, shared by every pass: read-only,
/// and for a pass that sets facts on the IR (a non-const Block or Stmt) the
/// same walks over what it may change.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_IR_IRWALK_H
#define TANGENT_IR_IRWALK_H

#include "ir/IR.h"
#include <functional>
#include <set>

namespace tangent {

/// Calls `fn` on every statement of `block`, recursively, in program order.
/// `depth` counts the loops around the statement.
void forEachStmt(const Block &block,
                 const std::function<void(const Stmt &, int depth)> &fn,
                 int depth = 0);
void forEachStmt(Block &block, const std::function<void(Stmt &, int depth)> &fn,
                 int depth = 0);

/// Calls `fn` on `s` and on every statement nested in it (its blocks, a
/// loop's init, body and step), recursively, in program order.
void forEachNested(const Stmt &s, const std::function<void(const Stmt &)> &fn);

/// The variable an lvalue designates part of: `v` for `v`, `v[i]` and
/// `m[i][j]` (a row of a vector of vectors); null for anything else.
Var *rootVar(const Expr &e);

/// Calls `fn` on each index of lvalue `e`: `i` of `v[i]`, `i` and `j` of
/// `m[i][j]`.
void forEachIndex(const Expr &e, const std::function<void(const Expr &)> &fn);

/// Whether call `s` may write its argument `i`: an output argument (a
/// non-const reference, a pointer to non-const), unless it is a container
/// whose callee parameter is not written, as far as the callee's summary
/// (Function::param_written) says.
bool callWrites(const Stmt &s, size_t i);

/// Calls `fn` on every variable written by `s` itself (not nested blocks),
/// with whether the write replaces the whole variable (or changes a
/// vector's size: push_back, resize...).
void forEachWrite(const Stmt &s,
                  const std::function<void(Var *, bool whole)> &fn);

/// Calls `fn` on each expression of `s` itself (its target, value,
/// condition and arguments; not nested blocks or loop headers).
void forEachExpr(const Stmt &s, const std::function<void(const Expr &)> &fn);
void forEachExpr(Stmt &s, const std::function<void(Expr &)> &fn);

/// forEachExpr, and for a loop also its header's condition, start and
/// bound: every expression the statement itself evaluates.
void forEachOwnExpr(const Stmt &s, const std::function<void(const Expr &)> &fn);
void forEachOwnExpr(Stmt &s, const std::function<void(Expr &)> &fn);

/// Calls `fn` on every variable that `e` reads.
void forEachRead(const Expr &e, const std::function<void(Var *)> &fn);

/// Adds to `out` every variable that `block` (recursively: statements,
/// expressions, loop headers) reads or writes.
void collectAccessed(const Block &block, std::set<Var *> &out);
void collectAccessed(const Block &block, std::set<const Var *> &out);

/// Whether `e` reads `v`.
bool readsVar(const Expr &e, const Var *v);

/// Whether every use of `v` in `e` is the element `v[i]`.
bool onlyElement(const Expr &e, const Var *v, const Var *i);

/// The value of an integer constant, seen through integral conversions.
bool constInt(const Expr &e, long long &value);

/// Whether `e` is the number zero, however it is spelled (`0`, `0.0`,
/// `0.f`, `0e0`, `double(0)`), and not a negative zero.
bool isZero(const Expr &e);

/// `e` without the integral conversions of an integer around it
/// (`static_cast<unsigned long>(i)` is `i`).
const Expr &stripIntCasts(const Expr &e);

/// Whether `s` itself (not what is nested in it) mentions `v`: its own
/// expressions, a loop's header included, the variable it constructs or
/// resizes, its call's result.
bool stmtMentions(const Stmt &s, const Var *v);

/// Whether `e` calls a library function (an InactiveCall spelled as a free
/// call, `std::rand()`): calling it twice could give another value.
bool callsLibrary(const Expr &e);

/// Every reference to `from` in `e` refers to `to` instead.
void substituteVar(Expr &e, const Var *from, Var *to);

} // namespace tangent

#endif
