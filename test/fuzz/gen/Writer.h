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
  Vector,  ///< std::vector<double>, std::array<double, N> or a pointer (Cont)
  Int,     ///< int: counters, int parameters, int loop indices (never negative)
  Size,    ///< std::size_t loop indices
  Struct,  ///< Pt, the unit's struct (fields x y z)
  Objects, ///< std::vector<Pt>
  /// A local C array `double b[N]` or `double m[R][C]` (CArrays.cpp): seen
  /// only by the C-array statements and by the extra terms they add to
  /// leaves, never by the statements of the main stream.
  CArray
};

/// What a VarType::Vector variable is.
enum class Cont {
  Vec, ///< std::vector<double>
  Arr, ///< std::array<double, N>, N its size class
  Ptr  ///< const double * (not writable) or double * (writable)
};

/// Size classes of vectors: vectors of one class have the same size at run
/// time. Class 0 is the size of the vector parameter(s) of the function (at
/// least 3; the pointer parameters of a checked function have it too);
/// classes 3, 4, 5 are vectors and arrays of that constant size; class 6 is
/// a pointer parameter of a helper (at least 3 elements); class 7 the long
/// vector u of a checked function (and vectors sized like it).
constexpr int PointerClass = 6;
constexpr int LongClass = 7;
inline int minSize(int sizeClass) {
  return sizeClass == 0 || sizeClass >= PointerClass ? 3 : sizeClass;
}

struct Var {
  std::string name;
  VarType type = VarType::Double;
  Cont cont = Cont::Vec;
  bool writable = false;
  /// Loop depth of the declaration; -1 for in-out parameters (every update
  /// of those uses the bounded forms, as if inside a loop).
  int depth = 0;
  /// Vector, Objects: its size class. Int/Size: the class whose size it
  /// ranges below exactly, or -1.
  int sizeClass = -1;
  /// Int/Size: exclusive constant upper bound, 0 when unknown.
  int bound = 0;
  /// Not to be read or written (an output argument of the call being written).
  bool hidden = false;
  /// Not to be written (a range-for by reference runs over it).
  bool frozen = false;
  /// A range-for reference: the index in the scope of the container whose
  /// elements it names, or -1.
  int aliasOf = -1;
  /// A range-for variable or a local reference (lambdas may not capture
  /// it).
  bool rangeVar = false;
  /// A local reference `double &r = a;` to the variable of that index, or
  /// -1; referent: the text it was bound to (`a`, `a3[1]`, `s2.x`). A
  /// reference to a part of a container or object has aliasOf set instead.
  int refOf = -1;
  std::string referent;
  /// How often an expression read it (unread variables are preferred).
  int uses = 0;
  /// CArray: rows (0 for a 1-D array) and the length of a row.
  int rows = 0, cols = 0;
};

/// One argument of a call being written: its text and, when it names a
/// variable or a part of one, which.
struct Arg {
  std::string text;
  /// Index in the scope of the variable it names or is a part of, or -1.
  int var = -1;
  /// The element index text (`w[i]`), or the field (`s.x`), else empty.
  std::string part;
};

/// Field `i` (0..2) of the generated struct Pt.
const char *structField(unsigned i);

class Writer {
public:
  Writer(std::uint64_t seed, const Signature &sig,
         const std::vector<Signature> &callees, const Features &features,
         Flavour flavour, const ArrayHelpers &arrays);

  /// The complete definition.
  Written run();

  // Expressions (Expr.cpp).
  std::string expr(int depth);
  /// plainLeaf(), sometimes plus a C-array element (drawn from aux()).
  std::string leaf();
  std::string plainLeaf();
  /// Positive by construction (a denominator, a log or sqrt argument).
  std::string positive(int depth);
  /// Bounded by about 1.6 in magnitude, any argument.
  std::string squash(int depth);
  std::string cond(int depth);
  /// A non-negative int expression.
  std::string intExpr();
  /// A valid index of the vector variable \p w.
  std::string index(const Var &w);
  /// `w.size()`; for a pointer of a checked function, `v.size()`.
  std::string sizeText(const Var &w) const;
  /// std::name(args), or in the probe fz::kname(args), which also records
  /// the distance to the kink.
  std::string kink(const char *name, const std::string &args);
  /// \p b, or a constant when it is the same text as \p a (fmin(x, x),
  /// x < x: a comparison or kink that always sits at its switching point).
  std::string other(const std::string &a, const std::string &b);
  /// A constant in [lo, hi] hundredths, e.g. "(-1.25)".
  std::string constant(int lo, int hi);
  /// The helpers callable inside an expression (pure, returning double).
  std::vector<const Signature *> pureCallees() const;

  // Calls (Call.cpp).
  /// A call of \p h with arguments drawn now, or "" when the variables in
  /// scope cannot supply them. Output arguments are not aliased with other
  /// arguments, except when the aliasing features make two of them name the
  /// same variable, element, field or pointer on purpose. \p vectorClass,
  /// when given, receives the size class of the vector arguments (-1
  /// without any); when it holds a class on entry, the vector arguments
  /// must be of that class.
  std::string call(const Signature &h, int depth, int *vectorClass = nullptr);
  /// The variables in scope can (probably) supply h's arguments; call()
  /// may still find no vectors of one class for all of them.
  bool satisfiable(const Signature &h) const;
  /// The helpers that may be called here (cheap ones inside long loops).
  std::vector<const Signature *> callable() const;

  // Statements (Stmt.cpp).
  void block(int budget);
  void statement(int &budget);

private:
  /// Index of a weighted choice; zero weights are never chosen. At least
  /// one weight must be positive.
  int pick(std::initializer_list<int> weights);
  /// Indices into vars_ of the visible variables of \p type.
  std::vector<std::size_t> visible(VarType type) const;
  /// Hides vars_[j] and every variable naming its storage (what it refers
  /// to or is part of, the references to it), appending those it hid to
  /// `hidden`; unhide() shows them again.
  void hideStorage(std::size_t j, std::vector<std::size_t> &hidden);
  void unhide(const std::vector<std::size_t> &hidden);
  /// Visible vectors of one kind (Cont).
  std::vector<std::size_t> visible(Cont cont) const;
  std::vector<std::size_t> writableDoubles() const;
  /// Writable vectors, arrays and pointers (element writes).
  std::vector<std::size_t> writableVectors() const;
  std::vector<std::size_t> writable(VarType type) const;
  std::string fresh(const char *prefix);
  std::size_t declare(Var v);
  bool on(const char *feature) const { return features_.on(feature); }

  void line(const std::string &text);
  void open(const std::string &text);
  void close(const std::string &text = "}");
  void pushScope();
  void popScope();
  /// `[[tangent::checkpoint]] ` (or `(N)`) before a loop, sometimes; drawn
  /// in every flavour, written only in the plain one. \p online: a loop of
  /// unknown trip count (may get a budget).
  std::string attribute(bool online);
  /// Adds the cost of one statement run at the current loop nesting.
  void spend(double ops) { cost_ += ops * mult_; }

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
  /// The loop of a range-for over vars_[k] (of doubles, or of Pt when
  /// `object`) binding its elements by reference as `x`.
  void rangeForReference(Var x, std::size_t k, bool object,
                         const std::string &attr, int &budget, double trips);
  void switchStatement(int &budget);
  void callStatement();
  /// Whether a call of \p h may store its result.
  bool resultUsable(const Signature &h) const;
  void earlyReturn();
  void jump(const char *keyword);
  void assignVector();
  /// The body of a loop: one more loop depth, a scope, the jump flags;
  /// \p trips multiplies the cost of what it holds.
  void loopBody(int &budget, bool continueOK, const std::string &first = "",
                double trips = 6);
  int takeBudget(int &budget, int lo, int hi);

  // Loops that checkpointing and budgets act on (Loops.cpp).
  /// A long loop (over u, or of hundreds of iterations) may start here:
  /// in a checked function, outside other loops, at most two of them.
  bool canLong() const;
  /// canLong() and the feature long-loop.
  bool longAllowed() const;
  /// for (int i = 0; i < L; ++i) with L in the hundreds or thousands.
  void longLoop(int &budget);
  /// A loop whose body copies an element into a local and runs an inner
  /// recurrence on it.
  void elementCopyLoop(int &budget);

  // Arrays, objects and lambdas (Objects.cpp).
  void declareArray();
  void declareStruct();
  void declareObjects();
  /// A field of a visible struct or element of a vector of structs, as an
  /// lvalue text; \p writableOnly: of writable ones. Empty when none.
  std::string fieldRef(bool writableOnly, int *var = nullptr);
  void writeField();
  void memberCall();
  void rangeForObjects(int &budget);
  void lambdaStatement();
  /// double &r = a; (or an array element, a field).
  void declareReference();
  /// A read of a field or a const member function call, "" when no
  /// struct is visible.
  std::string structLeaf(int depth);

  // Call.cpp.
  /// Rewrites one argument of \p args so that it aliases another one.
  void alias(const Signature &h, std::vector<Arg> &args);

  // C arrays (CArrays.cpp). Everything they write is drawn from a second
  // stream, so that the statements of the main stream are the same with
  // and without them (only interleaved with C-array statements).
  friend class AuxScope;
  /// The stream of the C-array statements: rx_, or r_ while AuxScope has
  /// swapped them.
  fuzz_rng::rng &aux() { return swapped_ ? r_ : rx_; }
  bool arraysOn() const;
  /// Before a statement of the main stream: sometimes a C-array statement.
  void maybeArrayStatement();
  void arrayStatement();
  /// At the top of a long loop's body: sometimes a std::vector local
  /// (long-loop-vector), filled and folded into a carried double.
  void maybeLoopVector();
  /// Extra terms of the function's result that read C arrays.
  std::string arrayTerms();
  std::string afresh(const char *prefix);
  std::vector<std::size_t> arraysVisible(bool twoD) const;
  /// A valid index below \p size drawn from aux(): a constant, or a
  /// loop index known to be below it, or one taken modulo it.
  std::string arrayIndex(int size);
  /// An element of a visible C array (drawn from aux()), "" without one.
  std::string arrayElement();
  std::string aconst(int lo, int hi);
  /// Declares `double caN[size]` (braces or a fill loop); its index.
  std::size_t declareArray1D(int size);
  std::size_t declareArray2D();
  /// A visible 1-D array of at least (exactly) \p size elements, declared
  /// when none is visible.
  std::size_t array1D(int size, bool exact);
  void arrayElementWrite();
  void arrayLoop();
  void arrayFold(const std::string &value);
  /// A length in [1, most]: the constant, or an index below it plus one.
  std::string arrayLength(int most);
  void arrayPtrCall();
  void arraySubrangeCall();
  void arrayInplaceCall();
  void arrayTwoAddrCall();
  void arrayWorkspace();
  void arrayRowCall();
  void arrayRefCall();
  /// A double expression for a helper's `double s` parameter that does not
  /// read the arrays \p written.
  std::string scalarArg(const std::vector<std::size_t> &written);

  // Function.cpp.
  void declareParams();
  void finish();
  std::string finalExpr();

  fuzz_rng::rng r_;
  /// The C-array statements' stream (see aux()).
  fuzz_rng::rng rx_;
  bool swapped_ = false;
  const ArrayHelpers &arrays_;
  int acounter_ = 0;
  /// This function gets C-array statements (drawn once from aux()).
  bool arraysHere_ = false;
  const Signature &sig_;
  const std::vector<Signature> &callees_;
  const Features &features_;
  Flavour flavour_;
  bool probe_;
  bool checked_;

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
  int objectsDeclared_ = 0;
  /// Inside a long loop (no long loop nests in another one).
  int longDepth_ = 0;
  int longLoops_ = 0;
  /// Inside the body of a lambda being written.
  bool inLambda_ = false;
  bool attributes_ = false;
  /// Some carried update was of a form that drifts (+=, *=): called
  /// thousands of times, the function may not stay bounded.
  bool drifts_ = false;
  double mult_ = 1;
  double cost_ = 0;
};

} // namespace fuzzgen

#endif // TANGENT_FUZZ_GEN_WRITER_H
