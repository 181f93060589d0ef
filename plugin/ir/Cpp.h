//===- Cpp.h - generated C++ as a tree ---------------------------*- C++
//-*-===//
///
/// \file
/// The code the generator builds (codegen/Emit.h builds it, ir/Printer.h
/// prints it): statements whose control flow is structure, not text. A
/// `for` holds its header's three parts and its body, an `if` its condition
/// and both branches, a lambda its name, parameters and body, so no pass
/// assembles braces, `else` or `while (...);` itself, and printing (layout,
/// indentation, braces) happens in one place. The leaves that reverse mode
/// is made of are nodes of their own: an adjoint update holds its target
/// and value as IR expressions (printed here, by printExpr), and a
/// statement that records onto the tape or takes values back from it says
/// so, so that what a sweep records is read from the tree (Code::records(),
/// verifySweeps()), never from text. The other leaves, simple statements
/// and conditions, are C++ the generator composed from printed IR
/// (printExpr) and runtime entry points (codegen/RuntimeApi.h).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_IR_CPP_H
#define TANGENT_IR_CPP_H

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tangent {

struct Expr;

/// The header of a counted `for`: `for (init; cond; step)` (step may be
/// empty: `for (T i = n; i-- > 0;)`).
struct CppFor {
  std::string init, cond, step;
};

/// One statement of generated C++.
struct CppStmt {
  enum class Kind {
    Simple,    ///< `text` is one statement or declaration, with its `;`
    Comment,   ///< `// text`
    Directive, ///< `#text` (`#pragma omp ...`, `#ifndef ...`, `#include`)
    Blank,     ///< an empty line (between functions)
    Block,     ///< `{ body }`
    If,        ///< `if (text) { body } else { orelse }`
    For,       ///< `for (header) { body }`
    While,     ///< `while (text) { body }`
    DoWhile,   ///< `do { body } while (text);`
    Lambda,    ///< `auto name = [&](text) { body };`
    Function,  ///< `text { body }`: text is the signature
    Struct,    ///< `text { body };`: text is the head (`struct tag`)
    Namespace, ///< `namespace name {` body `}`, not indented
    Update,    ///< `target += value;` (`target = value;` when `assign`)
    Declare,   ///< `text name = value;`: a local of the sweep (`text` its type)
    Record,    ///< `text` records values onto the tape
    Restore,   ///< `text` takes recorded values back from the tape
  };
  Kind kind = Kind::Simple;
  std::string text;
  std::string name; ///< Lambda: the variable holding it; Declare: the local
  CppFor header;    ///< For
  std::vector<CppStmt> body;
  std::vector<CppStmt> orelse; ///< If: the else branch
  bool has_else = false;       ///< If: whether it has one
  /// For: false for a body of one statement on the next line, no braces;
  /// Namespace: whether its `}` says `// namespace name`.
  bool braces = true, named_close = true;
  /// Update: the adjoint updated (`d_x`, `d_u[i]`, a local sum) and the
  /// value added to it, or assigned to it when `assign`; Declare: the
  /// local's initial value (`value`).
  std::shared_ptr<const Expr> target, value;
  bool assign = false;
  /// Record: whether it calls a member of the tape (`tape.push(x);`), not
  /// a runtime helper that takes the tape as an argument.
  bool members = false;
};

using CppBody = std::vector<CppStmt>;

/// Statements built as values (codegen/Emit.h's Code builds them construct
/// by construct).
namespace cpp {

inline CppStmt leaf(CppStmt::Kind kind, std::string text) {
  CppStmt s;
  s.kind = kind;
  s.text = std::move(text);
  return s;
}
inline CppStmt statement(std::string text) {
  return leaf(CppStmt::Kind::Simple, std::move(text));
}
inline CppStmt comment(std::string text) {
  return leaf(CppStmt::Kind::Comment, std::move(text));
}
inline CppStmt directive(std::string text) {
  return leaf(CppStmt::Kind::Directive, std::move(text));
}
inline CppStmt function(std::string signature, CppBody body) {
  CppStmt s = leaf(CppStmt::Kind::Function, std::move(signature));
  s.body = std::move(body);
  return s;
}
inline CppStmt structure(std::string head, CppBody body) {
  CppStmt s = leaf(CppStmt::Kind::Struct, std::move(head));
  s.body = std::move(body);
  return s;
}
inline CppStmt namespaceScope(std::string name, CppBody body,
                              bool named_close = true) {
  CppStmt s = leaf(CppStmt::Kind::Namespace, "");
  s.name = std::move(name);
  s.body = std::move(body);
  s.named_close = named_close;
  return s;
}
/// `for (header)` and one statement on the next line, without braces.
inline CppStmt forOne(CppFor header, CppStmt body) {
  CppStmt s = leaf(CppStmt::Kind::For, "");
  s.header = std::move(header);
  s.body.push_back(std::move(body));
  s.braces = false;
  return s;
}
/// `target += value;`, or `target = value;` when `assign`.
inline CppStmt update(std::shared_ptr<const Expr> target,
                      std::shared_ptr<const Expr> value, bool assign = false) {
  CppStmt s = leaf(CppStmt::Kind::Update, "");
  s.target = std::move(target);
  s.value = std::move(value);
  s.assign = assign;
  return s;
}
/// `type name = value;`, a local of a sweep initialised from IR.
inline CppStmt declare(std::string type, std::string name,
                       std::shared_ptr<const Expr> value) {
  CppStmt s = leaf(CppStmt::Kind::Declare, std::move(type));
  s.name = std::move(name);
  s.value = std::move(value);
  return s;
}
/// A statement recording onto the tape through its members (`members`) or
/// through a runtime helper.
inline CppStmt record(std::string text, bool members) {
  CppStmt s = leaf(CppStmt::Kind::Record, std::move(text));
  s.members = members;
  return s;
}
/// A statement taking recorded values back from the tape.
inline CppStmt restore(std::string text) {
  return leaf(CppStmt::Kind::Restore, std::move(text));
}
/// Whether some statement of `code`, at any depth, satisfies `pred`.
template <typename Pred> bool any(const CppBody &code, const Pred &pred) {
  for (const CppStmt &s : code)
    if (pred(s) || any(s.body, pred) || any(s.orelse, pred))
      return true;
  return false;
}
/// Appends `more` to `to`.
inline void append(CppBody &to, const CppBody &more) {
  to.insert(to.end(), more.begin(), more.end());
}

} // namespace cpp

} // namespace tangent

#endif
