//===- Emit.h - generated C++, built as a tree -----------*- C++ -*-===//
///
/// \file
/// Generated code as a tree of C++ statements (ir/Cpp.h), built construct
/// by construct; expressions and the tree print with the IR's printer
/// (ir/Printer.h).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_EMIT_H
#define TANGENT_EMIT_H

#include "ir/Cpp.h"
#include "ir/IR.h"
#include "ir/Printer.h"
#include "ir/Support.h"
#include <map>
#include <string>
#include <vector>

namespace tangent {

/// Builds generated C++ (ir/Cpp.h): statements are added to the innermost
/// construct opened and not yet closed (openIf() ... close()), so each
/// sweep's code is a tree, which ir/Printer prints. Records onto the tape,
/// restores from it and adjoint updates are nodes of their own (record(),
/// restore(), update()): whether code records is read from its nodes
/// (records()), never from its text.
class Code {
public:
  Code() = default;
  Code(const Code &other) : code_(other.code_) {
    TANGENT_ASSERT(other.open_.empty(), "copying code with an open construct");
  }
  Code(Code &&other) noexcept = default;
  Code &operator=(const Code &other) {
    TANGENT_ASSERT(other.open_.empty() && open_.empty(),
                   "assigning code with an open construct");
    code_ = other.code_;
    return *this;
  }
  Code &operator=(Code &&other) noexcept = default;

  /// One simple statement, with its `;`.
  void statement(std::string text) {
    add(CppStmt::Kind::Simple, std::move(text));
  }
  /// A statement that records values onto the tape through one of its
  /// members (`tape.push(x);`, push_vector, push_array: RuntimeApi.h).
  void record(std::string text) {
    add(cpp::record(std::move(text), /*members=*/true));
  }
  /// A statement that records values through a runtime helper, which takes
  /// the tape as an argument (push_block, push_range, record_resize,
  /// push_shape, the MPI layer) or writes a block of it (record_at).
  void recordVia(std::string text) {
    add(cpp::record(std::move(text), /*members=*/false));
  }
  /// A statement that takes recorded values back from the tape
  /// (`const double r = tape.pop<double>();`, pop_vector, pop_block).
  void restore(std::string text) { add(cpp::restore(std::move(text))); }
  /// `type name = value;`: a local of the sweep (an adjoint taken before
  /// it is propagated, a seed read by several rows).
  void declare(std::string type, std::string name,
               std::shared_ptr<const Expr> value) {
    add(cpp::declare(std::move(type), std::move(name), std::move(value)));
  }
  /// The adjoint update `target += value;` (`target = value;` when
  /// `assign`).
  void update(std::shared_ptr<const Expr> target,
              std::shared_ptr<const Expr> value, bool assign = false) {
    add(cpp::update(std::move(target), std::move(value), assign));
  }
  /// `target = 0;`: an adjoint reset (`type` the zero's type).
  void reset(std::shared_ptr<const Expr> target, const Type &type) {
    update(std::move(target), makeLiteral("0", type), /*assign=*/true);
  }
  void comment(std::string text) {
    add(CppStmt::Kind::Comment, std::move(text));
  }
  /// `#pragma text`.
  void pragma(std::string text) {
    add(CppStmt::Kind::Directive, "pragma " + std::move(text));
  }
  /// An empty line.
  void blank() { add(CppStmt::Kind::Blank, ""); }

  /// Opens a construct: what follows goes into its body until close().
  void openBlock() { open(CppStmt::Kind::Block, ""); }
  void openIf(std::string cond) { open(CppStmt::Kind::If, std::move(cond)); }
  /// Moves from the open `if`'s body to its else branch.
  void openElse() {
    TANGENT_ASSERT(!open_.empty() &&
                       open_.back().node->kind == CppStmt::Kind::If &&
                       !open_.back().node->has_else,
                   "an else without its if");
    open_.back().node->has_else = true;
    open_.back().into = &open_.back().node->orelse;
  }
  void openFor(CppFor header) {
    open(CppStmt::Kind::For, "");
    open_.back().node->header = std::move(header);
  }
  void openWhile(std::string cond) {
    open(CppStmt::Kind::While, std::move(cond));
  }
  /// `do {`; closeDoWhile() ends it.
  void openDo() { open(CppStmt::Kind::DoWhile, ""); }
  /// `auto name = [&](params) {`, closed by close().
  void openLambda(std::string name, std::string params) {
    open(CppStmt::Kind::Lambda, std::move(params));
    open_.back().node->name = std::move(name);
  }
  /// A function definition with the given signature.
  void openFunction(std::string signature) {
    open(CppStmt::Kind::Function, std::move(signature));
  }
  /// Closes the innermost open construct.
  void close() {
    TANGENT_ASSERT(!open_.empty() &&
                       open_.back().node->kind != CppStmt::Kind::DoWhile,
                   "closing code that is not open");
    open_.pop_back();
  }
  /// `} while (cond);`: closes the innermost open `do`.
  void closeDoWhile(std::string cond) {
    TANGENT_ASSERT(!open_.empty() &&
                       open_.back().node->kind == CppStmt::Kind::DoWhile,
                   "a while without its do");
    open_.back().node->text = std::move(cond);
    open_.pop_back();
  }

  /// Appends statements built as values (ir/Cpp.h: cpp::statement...).
  void add(CppStmt s) { current().push_back(std::move(s)); }
  /// Appends another buffer's code into the innermost open construct.
  void append(const Code &other) {
    TANGENT_ASSERT(other.open_.empty(),
                   "appending code with an open construct");
    CppBody &into = current();
    into.insert(into.end(), other.code_.begin(), other.code_.end());
  }
  bool empty() const { return code_.empty(); }
  /// Whether some statement, at any depth, records onto the tape (a
  /// record() or a recordVia()); one through the tape's members (a
  /// record()). Read from the tree's Record nodes.
  bool records() const;
  bool recordsThroughMembers() const;
  /// The code built, every construct closed.
  const CppBody &code() const {
    TANGENT_ASSERT(open_.empty(), "reading code with an open construct");
    return code_;
  }
  /// The code as C++ text (ir/Printer.h).
  std::string str(int indent = 0) const { return printCpp(code(), indent); }

private:
  /// An open construct and the body statements go into (its orelse after
  /// openElse()). Only the innermost body grows, so the pointers into the
  /// enclosing bodies stay valid.
  struct Open {
    CppStmt *node;
    CppBody *into;
  };
  CppBody code_;
  std::vector<Open> open_;

  CppBody &current() { return open_.empty() ? code_ : *open_.back().into; }
  void add(CppStmt::Kind kind, std::string text) {
    add(cpp::leaf(kind, std::move(text)));
  }
  void open(CppStmt::Kind kind, std::string text) {
    add(kind, std::move(text));
    CppStmt *node = &current().back();
    open_.push_back({node, &node->body});
  }
};

/// The declaration of a hoisted variable with a zero/empty initializer.
std::string declareZero(const Type &type, const std::string &name);

} // namespace tangent

#endif
