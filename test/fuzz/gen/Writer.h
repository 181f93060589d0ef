//===- test/fuzz/gen/Writer.h - writes one random function ------*- C++ -*-===//
///
/// \file
/// The state of the generator while it writes one function: the variables in
/// scope (with what the generator knows of their sizes and bounds), the loop
/// and nesting context, and the output text. Expressions and conditions are
/// in Expr.cpp, statements in Stmt.cpp, whole functions in Function.cpp.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FUZZ_GEN_WRITER_H
#define TANGENT_FUZZ_GEN_WRITER_H

#include "Generator.h"

#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

namespace fuzzgen {

enum class VarType {
  Double,
  Vector,
  Int, ///< int: counters, int parameters, int loop indices (never negative)
  Size ///< std::size_t loop indices
};

/// Size classes of vectors: vectors of one class have the same size at run
/// time. Class 0 is the size of the vector parameter(s) of the function (at
/// least 3); classes 3, 4, 5 are vectors of that constant size.
inline int minSize(int sizeClass) { return sizeClass == 0 ? 3 : sizeClass; }

struct Var {
  std::string name;
  VarType type = VarType::Double;
  bool writable = false;
  /// Loop depth of the declaration; -1 for in-out parameters (every update
  /// of those uses the bounded forms, as if inside a loop).
  int depth = 0;
  /// Vector: its size class. Int/Size: the class whose size it ranges
  /// below exactly, or -1.
  int sizeClass = -1;
  /// Int/Size: exclusive constant upper bound, 0 when unknown.
  int bound = 0;
  /// Not to be read or written (an output argument of the call being written).
  bool hidden = false;
  /// Not to be written (a range-for by reference runs over it).
  bool frozen = false;
  /// A range-for reference: the index in the scope of the vector whose
  /// elements it names, or -1.
  int aliasOf = -1;
  /// How often an expression read it (unread variables are preferred).
  int uses = 0;
};

class Writer {
public:
  Writer(std::uint64_t seed, const Signature &sig,
         const std::vector<Signature> &callees, const Features &features,
         bool probe);

  /// The complete definition.
  std::string run();

  // Expressions (Expr.cpp).
  std::string expr(int depth);
  std::string leaf();
  /// Positive by construction (a denominator, a log or sqrt argument).
  std::string positive(int depth);
  /// Bounded by about 1.6 in magnitude, any argument.
  std::string squash(int depth);
  std::string cond(int depth);
  /// A non-negative int expression.
  std::string intExpr();
  /// A valid index of the vector variable \p w.
  std::string index(const Var &w);
  /// std::name(args), or in the probe fz::kname(args), which also records
  /// the distance to the kink.
  std::string kink(const char *name, const std::string &args);
  /// \p b, or a constant when it is the same text as \p a (fmin(x, x),
  /// x < x: a comparison or kink that always sits at its switching point).
  std::string other(const std::string &a, const std::string &b);
  /// A constant in [lo, hi] hundredths, e.g. "(-1.25)".
  std::string constant(int lo, int hi);
  /// A call of \p h with arguments drawn now, or "" when the variables in
  /// scope cannot supply them. Output arguments are never aliased with other
  /// arguments. \p vectorClass, when given, receives the size class of the
  /// vector arguments (-1 without any); when it holds a class on entry, the
  /// vector arguments must be of that class.
  std::string call(const Signature &h, int depth, int *vectorClass = nullptr);
  /// The helpers callable inside an expression (pure, returning double).
  std::vector<const Signature *> pureCallees() const;

  // Statements (Stmt.cpp).
  void block(int budget);
  void statement(int &budget);

private:
  friend class StatementWriter;

  /// Index of a weighted choice; zero weights are never chosen. At least
  /// one weight must be positive.
  int pick(std::initializer_list<int> weights);
  /// Indices into vars_ of the visible variables of \p type.
  std::vector<std::size_t> visible(VarType type) const;
  std::vector<std::size_t> writableDoubles() const;
  std::vector<std::size_t> writableVectors() const;
  std::string fresh(const char *prefix);
  std::size_t declare(Var v);

  void line(const std::string &text);
  void open(const std::string &text);
  void close(const std::string &text = "}");
  void pushScope();
  void popScope();

  // Statement kinds (Stmt.cpp).
  void declareDouble();
  void declareVector();
  void fillLoop(std::size_t vectorIndex);
  /// An update of \p target: plain forms outside loops, bounded forms for
  /// a variable carried across iterations of an enclosing loop. With \p rhs,
  /// the right-hand side is that text (a call).
  void update(const std::string &target, bool carried,
              const std::string &rhs = "");
  void assignDouble();
  void writeElement();
  void ifStatement(int &budget);
  void forOverVector(int &budget);
  void forConstant(int &budget);
  void forIntParam(int &budget);
  void whileLoop(int &budget);
  void doWhileLoop(int &budget);
  void rangeFor(int &budget);
  void switchStatement(int &budget);
  void callStatement();
  /// Whether a call of \p h may store its result.
  bool resultUsable(const Signature &h) const;
  void earlyReturn();
  void jump(const char *keyword);
  void assignVector();
  /// The body of a loop: one more loop depth, a scope, the jump flags.
  void loopBody(int &budget, bool continueOK, const std::string &first = "");
  int takeBudget(int &budget, int lo, int hi);

  // Function.cpp.
  void declareParams();
  void finish();
  std::string finalExpr();

  fuzz_rng::rng r_;
  const Signature &sig_;
  const std::vector<Signature> &callees_;
  const Features &features_;
  bool probe_;

  std::vector<Var> vars_;
  std::vector<std::size_t> scopes_;
  std::string out_;
  int indent_ = 1;
  int loopDepth_ = 0;
  int nesting_ = 0;
  bool inLoop_ = false;
  bool breakOK_ = false;
  bool continueOK_ = false;
  int counter_ = 0;
  int vectorsDeclared_ = 0;
};

} // namespace fuzzgen

#endif // TANGENT_FUZZ_GEN_WRITER_H
