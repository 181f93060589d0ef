//===- AstShapes.h - facts about Clang AST nodes ----------------*- C++ -*-===//
///
/// \file
/// Small predicates over Clang's AST that the validator (which decides what
/// is refused) and the lowering (which translates what is accepted) must
/// agree on, so each is written once. AstShapes.cpp has most of them,
/// AstShapesStd.cpp those of std::pair and of std::max / std::min with a
/// comparator.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FRONTEND_ASTSHAPES_H
#define TANGENT_FRONTEND_ASTSHAPES_H

#include "frontend/AstShapesObjectArrays.h"
#include "ir/IR.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include <functional>
#include <optional>

namespace clang {
class OMPForDirective;
}

namespace tangent {

/// The operand of a node that adds nothing to the computation (parentheses,
/// constant-evaluation and cleanup wrappers, temporaries, default arguments,
/// substituted template arguments), or null.
const clang::Expr *transparentOperand(const clang::Expr *e);

/// The arguments a constructor call was written with (default arguments
/// left out).
llvm::SmallVector<const clang::Expr *, 3>
writtenArguments(const clang::CXXConstructExpr *ce);

/// The element list of braces that initialize a container: `list` itself,
/// or for std::array<T, N>{...} the inner braces of the C array it wraps;
/// for `std::initializer_list` braces (`std::vector<T>{...}`), their list
/// (null if there is none).
const clang::InitListExpr *elementList(const clang::Expr *braces);

/// The two operands of `std::swap(a, b)` or of a standard container's
/// `a.swap(b)`; false for any other call.
bool swapOperands(const clang::CallExpr *c, const clang::Expr *&a,
                  const clang::Expr *&b);

/// A member call of a standard container that tangent lowers by its
/// meaning: the size-changing operations of std::vector (statements) and
/// the ends of a vector or array (values).
///   v.push_back(x)  v.emplace_back(x)  v.insert(v.end(), x)  v.pop_back()
///   v.resize(n)  v.resize(n, x)  v.clear()  v.reserve(n)
///   v.back()  v.front()  v.empty()
struct ContainerMember {
  enum class Kind {
    PushBack, ///< push_back, emplace_back, insert at the end
    PopBack,
    Resize,
    Clear,
    Reserve,
    Back,
    Front,
    Empty,
    Assign,   ///< assign(n, value), or assign(first, last) of a whole vector
    Capacity, ///< capacity(): refused (the generated vectors' may differ)
  } kind;
  const char *name = "";
  const clang::Expr *container = nullptr;         ///< the object called on
  llvm::SmallVector<const clang::Expr *, 2> args; ///< the value / size, fill
  bool at_end = true; ///< insert: its position is the container's end()
  /// assign(first, last): the container both iterators are of (null if
  /// they are not `w.begin(), w.end()` of one).
  const clang::Expr *source = nullptr;
  bool iterators = false; ///< assign(first, last) rather than (n, value)
  /// Whether the call changes the size (a statement of its own).
  bool resizes() const {
    return kind != Kind::Back && kind != Kind::Front && kind != Kind::Empty &&
           kind != Kind::Capacity;
  }
};
/// Whether `c` is one of those calls on a std::vector (back, front and
/// empty also on a std::array).
bool containerCall(const clang::CallExpr *c, ContainerMember &out);

/// A standard algorithm over a range, lowered to an index loop:
///   std::fill(a.begin(), a.end(), value)
///   std::copy(a.begin(), a.end(), b.begin())
///   std::accumulate(a.begin(), a.end(), init)
///   std::inner_product(a.begin(), a.end(), b.begin(), init)
///   *std::max_element(a.begin(), a.end()), *std::min_element(...)
/// (also std::begin(a) / std::end(a), cbegin / cend: `whole`); or over part
/// of one, or of a pointer's storage (RangeBound: `std::fill(p, p + n,
/// 0.0)`, `std::copy(x + k, x + m, y)`, `a.begin() + 1, a.end()`); and
///   std::memcpy(dst, src, n * sizeof(T))   a copy of n elements
///   std::memset(p, 0, n * sizeof(T))       a fill with zeros
/// (`bytes`: the third argument, a count of bytes).
struct RangeAlgorithm {
  enum class Kind {
    Fill,
    Copy,
    Accumulate,
    InnerProduct,
    MaxElement,
    MinElement
  } kind;
  const char *name = "";
  const clang::Expr *range = nullptr;  ///< a: the container iterated over
  const clang::Expr *second = nullptr; ///< b (copy, inner_product)
  const clang::Expr *value = nullptr;  ///< fill's value, the initial value
  bool whole = false;                  ///< the iterators are the shapes above
  /// The arguments as written: the range's first and last iterators, the
  /// second sequence's first (null if none).
  const clang::Expr *first = nullptr, *last = nullptr, *second_first = nullptr;
  /// memcpy / memset: the count of bytes (first, last and second_first are
  /// then the destination, null and the source).
  const clang::Expr *bytes = nullptr;
};

/// `e` without parentheses, implicit casts, temporaries and the copies of an
/// iterator passed by value.
const clang::Expr *withoutCopies(const clang::Expr *e);
/// The container `c` of an iterator `c.begin()` / `std::begin(c)` (or end,
/// by `end`), or null.
const clang::Expr *iteratorOf(const clang::Expr *e, bool end);
/// Whether a call is given an operation: an argument of a class type with a
/// call operator (a lambda, a function object such as std::plus<>).
bool givenOperation(const clang::CallExpr *c, clang::ASTContext &ctx);
/// Whether two expressions name the same variable.
bool sameVariable(const clang::Expr *a, const clang::Expr *b);
/// Whether two expressions designate one container, evaluated without side
/// effects: one variable, one field of one object (`s.v`), or one row of one
/// (`m[j]`, `m.at(1)`: the same index variable or literal).
bool sameContainer(const clang::Expr *a, const clang::Expr *b);

/// A call of a function of yours: a plain call, your operator (a lambda's
/// call too) or your member function; not a library member such as
/// `v.size()`. Such a call may return a container by value.
bool isUserCall(const clang::CallExpr *c, clang::ASTContext &ctx);

/// A container initializer without its brace cast: `Vec{a, b}` and
/// `std::array<double, 2>{a, b}` (a temporary, as in `return Vec{a, b};`)
/// initialize like `{a, b}`; anything else as it is (implicit nodes
/// stripped).
const clang::Expr *withoutBraceCast(const clang::Expr *e);

/// A container made in the argument list for a parameter the callee only
/// reads (a by-value or const-reference std::vector / std::array): a call
/// of yours (`rhs(axpy(h, k, y))`), braces (`f({a, b})`, `f(Vec{a, b})`)
/// or a temporary (`f(std::vector<double>(n, 0.0))`). It is lowered as a
/// temporary of its own.
bool containerTemporary(const clang::ParmVarDecl *p, const clang::Expr *arg,
                        clang::ASTContext &ctx);

/// The constant tables a function body reads: namespace-scope or static
/// member constants of array type (`const double c[4] = {...};`,
/// `constexpr std::array<double, 4> w = {...};`) with a constant
/// initializer, in the order of their first use. Each is lowered as a local
/// copy of the table (scalar constants are folded instead).
std::vector<const clang::VarDecl *> globalTables(const clang::Stmt *body,
                                                 clang::ASTContext &ctx);

/// What a std::span argument is made from: `v` of the span converted from
/// a vector, array, C array or span (`g(v)` for `g(std::span<const
/// double>)`), else the argument itself.
const clang::Expr *spanSource(const clang::Expr *arg);

/// Whether `c` calls one of those algorithms (std namespace, that number of
/// arguments); `out.whole` says whether its iterators have the shapes above.
bool rangeAlgorithm(const clang::CallExpr *c, RangeAlgorithm &out);
/// Whether `c` calls memcpy, memmove or memset (std:: or global).
bool byteAlgorithm(const clang::CallExpr *c, RangeAlgorithm &out);

/// The std::max_element / min_element call that `*` (built-in or an
/// iterator's operator*) dereferences in `e`, or null.
const clang::CallExpr *dereferencedExtreme(const clang::Expr *e);

/// `e` as a comma operator (parentheses, casts and cleanups aside), or null.
const clang::BinaryOperator *commaOperator(const clang::Expr *e);

/// The jumps out of a statement: `break`/`continue` that leave it (not
/// those of loops or switches inside it) and any `return`.
struct JumpScan {
  bool breaks = false, continues = false, returns = false;
};
JumpScan scanJumps(const clang::Stmt *s);

/// The statements a switch case runs, from the statement `s` after its
/// labels: `break;` ends the case (none), a block ending in `break;` is its
/// other statements, anything else is itself. Returns whether the case ends
/// there (with that `break`).
bool caseStatements(const clang::Stmt *s,
                    llvm::SmallVectorImpl<const clang::Stmt *> &out);

/// A switch body as a sequence of (labels, statement): the labels before
/// each statement of the body (none for an unlabelled one). A block that
/// holds case labels of its own (`case 0: { a; case 1: b; break; }`) is
/// flattened into the sequence: its labels are the switch's. `stmt` is
/// null for labels directly followed by such a block.
struct SwitchItem {
  llvm::SmallVector<const clang::SwitchCase *, 2> labels;
  const clang::Stmt *stmt = nullptr;
  const clang::Stmt *at = nullptr; ///< for locations: the first label or stmt
};
void switchItems(const clang::Stmt *body,
                 llvm::SmallVectorImpl<SwitchItem> &out);

/// Whether `e` is an arithmetic constant the lowering folds into a literal
/// (constexpr variables, template arguments, sizeof, constexpr calls...);
/// its value goes to `value` when given.
bool foldsToConstant(const clang::Expr *e, clang::ASTContext &ctx,
                     clang::APValue *value = nullptr);

/// The rule of `callee` when it is a <cmath> function of the rule table (in
/// std, the global namespace or extern "C"), under its C++ name (`std::sin`)
/// or its C spellings for float and long double (`sinf`, `sinl`, which are
/// `std::sin` of a float or a long double); null otherwise.
const Rule *mathRule(const clang::FunctionDecl *callee);
/// The first argument of `call` (of a function with the rule `rule`) in
/// which the rule has no derivative (a "!" row: the order of a Bessel
/// function) and that is not a constant (reads a floating-point variable),
/// or -1.
int undifferentiatedArgument(const clang::CallExpr *call, const Rule &rule,
                             clang::ASTContext &ctx);
/// Whether mathRule(callee) has a rule.
bool isMathFunction(const clang::FunctionDecl *callee);

/// Whether parameter `p` is bound by non-const reference (an output).
bool isOutputParam(const clang::ParmVarDecl *p);
/// Whether parameter `p` is a pointer to non-const floating-point or integer
/// storage: the callee may write through it, so its argument is an output too.
bool writesThroughPointer(const clang::ParmVarDecl *p);

/// An argument of a pointer-to-floating-point parameter that passes an
/// address tangent names as storage: `&lv` (`lvalue`: a variable or an
/// element), or the element of `array` (a pointer, a C array or a vector)
/// at the sum of `offsets` (none: 0): `a + k`, `k + a`, `a + i - 1`,
/// `v.data()`, `v.data() + k`, `a` for a C array decaying to a pointer.
struct AddressArgument {
  struct Offset {
    const clang::Expr *by;
    bool minus; ///< `a - k`
  };
  const clang::Expr *lvalue = nullptr;
  const clang::Expr *array = nullptr;
  llvm::SmallVector<Offset, 2> offsets;
};
/// Whether `arg`, given to parameter `p`, has one of those forms (false for
/// a pointer passed as it is: `x`).
bool addressArgument(const clang::ParmVarDecl *p, const clang::Expr *arg,
                     AddressArgument &out);
/// The argument of a parameter pointing at rows (`const double b[][8]`):
/// a whole local multi-dimensional array (`array`: `m`), a row of a 3-D
/// one (`lvalue`: `t[i]`) or a parameter pointing at rows (`array`: `b`).
bool rowsArgument(clang::ASTContext &ctx, const clang::Expr *arg,
                  AddressArgument &out);
/// The same for an expression of type `pointer` (a pointer to floating
/// point or integers); with `whole`, a named pointer as it is (`x`: element 0
/// of it) too.
bool addressOf(clang::QualType pointer, const clang::Expr *arg,
               AddressArgument &out, bool whole);

/// An end of a range given to a standard algorithm: an address (a
/// pointer-valued expression: `x + k`, `p`, `&v[k]`, `v.data() + k`, a C
/// array) or an iterator of a container (`a.begin() + k`, `a.end() - k`,
/// std::begin / std::end, cbegin / cend).
struct RangeBound {
  AddressArgument at;                     ///< the address form
  const clang::Expr *container = nullptr; ///< the iterator form: `a`
  bool end = false;                       ///< a.end() (else a.begin())
  llvm::SmallVector<AddressArgument::Offset, 2> offsets; ///< iterator form
};
bool rangeBound(const clang::Expr *e, RangeBound &out);
/// Whether `ctor` builds a std::vector from a range of iterators or
/// pointers (`std::vector<double> v(p, p + n)`).
bool rangeConstructor(const clang::CXXConstructExpr *ctor);

/// The element count `n` of a byte count `n * sizeof(T)` (or `sizeof(T) *
/// n`) with T the element type `element` (memcpy, memset); null for other
/// shapes. `sizeof(a)` of a C array of `element` is its extent (returned
/// as `a` itself: the caller asks its extent).
const clang::Expr *elementCount(const clang::Expr *bytes,
                                clang::QualType element, bool &whole_array);
/// Whether `e` is `sizeof(T)` (or `sizeof x` of a T), T `element`.
bool sizeOfElement(const clang::Expr *e, clang::QualType element);

/// An array a local owns (AstShapesAllocation.cpp): `T *p = new T[n]` (also
/// `new T[n]()`, `new T[n]{}` and `new T`), `static_cast<T *>(malloc(n *
/// sizeof(T)))` (or a C cast, `sizeof(T) * n`, `sizeof(T)`), `(T
/// *)calloc(n, sizeof(T))`, a call of a function of yours that only returns
/// one of those (`Allocate<T>(n)`, the count one of its parameters),
/// `std::unique_ptr<T[]> p = std::make_unique<T[]>(n)` or `(new T[n])`,
/// also declared `auto`, with T floating point or integral.
/// Also a pointer local declared without an initializer whose every
/// assignment is one of those allocations (`double *p; ... p =
/// Allocate<double>(n);`): `later`, empty until the first.
struct OwnedArray {
  clang::QualType element;
  const clang::Expr *count = nullptr; ///< null: one element (`new T`)
  bool unique = false;                ///< a std::unique_ptr
  bool later = false;                 ///< allocated by assignments
};
bool ownedArray(const clang::VarDecl *vd, OwnedArray &out);
/// `p = <allocation>` (as for OwnedArray) of a named pointer: that pointer,
/// the allocation in `out`; null otherwise.
const clang::VarDecl *allocationAssignment(const clang::Expr *e,
                                           OwnedArray &out);
/// Whether `t` is std::unique_ptr<T[]> (or <T>) of a floating-point or
/// integral T.
bool isUniqueArray(clang::QualType t);
/// The variable `delete[] p` (or `delete p`) deletes, or null.
const clang::VarDecl *deletedPointer(const clang::CXXDeleteExpr *d);
/// The pointer a call frees: `p` of `free(p)`, or of `Release(&p)` with
/// `Release` a function of yours of one `T **` parameter that only frees
/// what it points at and sets it to null (`if (*p != NULL) { free(*p); *p
/// = NULL; }`); null for other calls.
const clang::Expr *freedPointer(const clang::CallExpr *c);
/// Whether a function of yours frees `p` somewhere in its function
/// (`Release(&p)`): such a function may set it to null.
bool releasedByWrapper(const clang::VarDecl *p);

/// A pointer field that owns its array (`Real_t *m_dxx;`): a pointer to
/// floating point or integers (not const) that the member functions of its
/// class assign only allocations (as for OwnedArray: `m_dxx =
/// Allocate<Real_t>(n);`) or null, at least once, and that no constructor
/// initializes otherwise. The lowering gives it a std::vector leaf
/// (Types.cpp), freed by `free(m_dxx)` or `Release(&m_dxx)` (its size is
/// then 0).
bool ownedField(const clang::FieldDecl *f);
/// `m_dxx = <allocation>` of an owned field: the field's MemberExpr, the
/// allocation in `out`; null otherwise.
const clang::MemberExpr *fieldAllocation(const clang::Expr *e, OwnedArray &out);
/// Whether a copy of an object of `rd` shares storage that its destructor
/// frees: a user-provided destructor, a copy constructor that is not, and a
/// pointer field (of it, or of an object it holds): copies are then freed
/// twice (the rule of three broken, as LULESH's `Domain` does).
bool copySharesStorage(const clang::CXXRecordDecl *rd);
/// The OpenMP thread queries a region of per-thread results answers for
/// each of its threads (AstShapesThreads.cpp).
enum class ThreadQuery { None, ThreadNum, NumThreads };
/// `omp_get_thread_num()`, `omp_get_num_threads()`, or a call of a function
/// of yours that only returns one of them (`thread_num()`).
ThreadQuery threadQuery(const clang::CallExpr *c);
/// The OpenMP thread query that `fd`, or a function it calls, makes; null
/// if none.
const clang::FunctionDecl *askedThreadQuery(const clang::FunctionDecl *fd);
/// The `omp for` of a parallel region of per-thread results: the region's
/// body is declarations (each thread's private values), that one loop, then
/// at least one statement (the stores of each thread's results), without
/// other directives; null for any other region.
const clang::OMPForDirective *threadSharesLoop(const clang::Stmt *region);

/// A constructor of the user's that only points its object's pointer
/// fields into the arrays its pointer parameters point at (`W(const double
/// *p, int h) : a(p), b(&p[h]) {}`), building nested objects with such
/// constructors and setting integer fields from its integer parameters; its
/// body empty, its class without bases. It sets views (LowerViews.cpp): the
/// lowering runs it in place, its parameters bound to the arguments.
bool viewConstructor(const clang::CXXConstructorDecl *ctor);
/// The owned field `e` frees (`free(m_dxx)`, `Release(&m_dxx)`, `delete[]
/// m_dxx`), or null.
const clang::MemberExpr *releasedField(const clang::Expr *e);

/// A change of a named pointer to floating point (AstShapesPointer.cpp):
/// `++p`, `p++`, `--p`, `p--`, `p += k`, `p -= k` (a step of `by`, null:
/// 1, backwards with `minus`), or `p = a` (`to`: an address).
struct PointerStep {
  const clang::VarDecl *pointer = nullptr;
  const clang::Expr *by = nullptr;
  const clang::Expr *to = nullptr;
  bool minus = false;
  bool postfix = false; ///< its value is the pointer before the step
};
bool pointerStep(const clang::Expr *e, PointerStep &out);
/// The body that holds every use of local `vd`: its function's, or for a
/// local of an OpenMP region the region's captured statement.
const clang::Stmt *enclosingBody(const clang::VarDecl *vd);
/// Whether pointer `vd` (a local or a parameter) is stepped or reassigned
/// anywhere in the function that declares it: a walking view.
bool pointerChanges(const clang::VarDecl *vd);
/// Whether local or parameter `vd` is only ever read in the function that
/// declares it: every use of it an rvalue (not assigned, stepped, bound to
/// a reference or taken the address of).
bool onlyRead(const clang::VarDecl *vd);
/// The variable whose storage address `at` is into (the named pointer,
/// array or vector, or the base of `&x[k]`); null for anything else.
const clang::VarDecl *namedStorage(const AddressArgument &at);
/// The variables whose storage pointer local `vd` is set to point into:
/// its initializer's and each reassignment's (`p = x + k`, `p = &y[i]`),
/// each once, in order; false if one of them is not an address into a
/// named variable.
bool pointerStorages(const clang::VarDecl *vd,
                     llvm::SmallVectorImpl<const clang::VarDecl *> &out);
/// The first use of pointer `vd` in its function outside an expression
/// statement of its own (in a condition, an initializer, a return), or
/// null; its reassignments (`p = x + k`) are not uses.
const clang::Expr *useOutsideStatements(const clang::VarDecl *vd);
/// Whether `b` compares or subtracts two pointers (`p < end`, `p - x`,
/// `p != q`): an integer or a truth value from their offsets.
bool pointerOffsets(const clang::BinaryOperator *b);

/// Whether `call` calls a free function (a library's without a derivative
/// rule, or the user's) on constants: it returns a number, takes no output
/// or pointer, and its arguments (one at least) read no floating-point
/// variable, element or field (`std::lgamma(0.5 * (n + 1))`,
/// `log_gamma_distrib(0.5 * n, p)` with `n`, `p` ints): a constant,
/// whatever the function, evaluated as written. Literals, integer
/// variables, integers read from an object or a container (`prior.m`,
/// `p->n`, `counts[i]`, `v.size()`), operators, casts and such calls
/// nested are constants.
bool isConstantCall(const clang::CallExpr *call, clang::ASTContext &ctx);

/// Whether a call is a constant for differentiation: it returns a value, no
/// argument has a differentiable type (floating point, or a container or
/// pointer of it) and no parameter is an output. Its result is used as
/// computed, whatever its type (`std::numeric_limits<double>::epsilon()`,
/// `weight(i)`).
bool isInactiveCall(const clang::CallExpr *call, clang::ASTContext &ctx);

/// A call that reads parameters tangent passes through (Types.h,
/// passThrough) and returns a number or bool: a const member function of
/// one (`cfg.at("w")`, `name.size()`), a comparison (`mode == "fast"`), or
/// a function given one without output parameters (`std::stod(name)`,
/// `lookup(cfg, "w")`). Its value is a constant for differentiation.
struct PassThroughRead {
  enum class Form { Free, Member, Infix };
  Form form = Form::Free;
  const clang::FunctionDecl *callee = nullptr;
  clang::QualType type; ///< of the value
  std::string op;       ///< Infix: the comparison as written (`!=`)
  /// The object (Member) then the arguments, without the conversions that
  /// pass them: pass-through parameters, literals (textLiteral) and other
  /// expressions, which must be integers.
  llvm::SmallVector<const clang::Expr *, 4> operands;
};
bool passThroughRead(const clang::Expr *e, clang::ASTContext &ctx,
                     PassThroughRead &out);
/// The object an expression starts from: through fields, member calls,
/// operators and subscripts (`cfg` of `cfg.begin()->second`).
const clang::Expr *objectRoot(const clang::Expr *e);
/// The pass-through parameter `e` names, or null.
const clang::ParmVarDecl *passThroughParam(const clang::Expr *e);
/// The field of a pass-through type `e` names (`m.label`, `p->names`,
/// `s.inner.map`: through fields only, from a variable or `this`), or null:
/// data an object carries (Types.cpp, addLeaves).
const clang::MemberExpr *passThroughField(const clang::Expr *e);
/// Why constructing a `type` in a differentiated function is refused.
std::string constructionRefusal(clang::QualType type);
/// passThroughParam or passThroughField.
inline bool passesThrough(const clang::Expr *e) {
  return passThroughParam(e) || passThroughField(e);
}
/// A string or character literal (through the conversions that pass it),
/// spelled as C++ writes it.
bool textLiteral(const clang::Expr *e, std::string &spelling);

/// Whether `fd` belongs to a library (namespace std, or a system header):
/// its body is never validated or differentiated.
bool isLibraryFunction(const clang::FunctionDecl *fd, clang::ASTContext &ctx);
/// Whether `vd` is a global number (namespace scope, arithmetic, not
/// volatile) that generated code may read by its name (ValidateGlobal.cpp).
bool readOnlyGlobal(const clang::VarDecl *vd);

/// A library call kept for its effects (AstShapesEffects.cpp): `exit`,
/// `abort`, assert's `__assert_fail`, `printf`, `fprintf`, `puts`...
bool isEffectCall(const clang::CallExpr *c, clang::ASTContext &ctx);
/// What an argument of an effect call is: a string or character literal
/// (also `__func__`), `stdout`/`stderr`, a number (read), or none of those.
/// `spelling`: the literal's or the stream's.
enum class EffectArgument { Text, Stream, Number, Invalid };
EffectArgument effectArgument(const clang::Expr *a, clang::ASTContext &ctx,
                              std::string &spelling);

/// `e` without what does not change which object it denotes: parentheses,
/// no-op casts, temporaries, cleanups, a functional cast to its own class.
const clang::Expr *bareObject(const clang::Expr *e);
/// What `e` copies when it is the copy (or move) construction a parameter
/// by value receives (`h(s.w)` for `h(std::vector<double> v)`), bare
/// (bareObject); else `e` bare.
const clang::Expr *copiedFrom(const clang::Expr *e);

/// The initializers in aggregate initialization `list` of a class: one per
/// base class (`field` null), then one per field, in order; `value` is the
/// field's default member initializer where the braces have none, and null
/// (value-initialized) where it has none either.
void forEachMemberInit(
    const clang::InitListExpr *list,
    const std::function<void(clang::QualType type, const clang::Expr *value,
                             const clang::FieldDecl *field)> &fn);

/// The value of `me` if it names a static data member that is a numeric
/// constant (`m.gain` for `static constexpr double gain`), else null.
const clang::APValue *staticConstant(const clang::MemberExpr *me);

/// The expression an accessor returns, or null if `fd` is not one. An
/// accessor returns a non-const lvalue reference and its body is one
/// `return e;` (`double &operator()(int i, int j) { return a[i * n + j]; }`):
/// its call designates what `e` designates, and is lowered by substituting
/// the arguments into `e`. A function returning a pointer to integers whose
/// body is one `return` of an address or of a row of an index table
/// (`const int *corners(int e) { return &conn[8 * e]; }`, `int *region(int
/// r) { return table[r]; }`) is one too: its call is that address.
const clang::Expr *accessorValue(const clang::FunctionDecl *fd);

/// Whether an accessor's returned expression designates something the
/// lowering can substitute: a parameter, a field (of a parameter or of
/// `*this`), an element of one, or another accessor's call on those.
bool substitutable(const clang::Expr *e);

/// The values a std::pair or std::tuple of numbers (frontend/Types.h:
/// isNumberTuple) is built from: `std::pair<A, B>(a, b)`, `{a, b, c}`,
/// `std::make_pair(a, b)`, `std::make_tuple(a, b, c)` (one per element),
/// `std::tuple<A, B>()` (none: zeros). False for anything else (a copy, a
/// conversion from another pair or tuple).
bool tupleParts(const clang::Expr *x,
                llvm::SmallVectorImpl<const clang::Expr *> &parts);

/// For `std::get<I>(t)` or `std::get<T>(t)` of a std::pair or std::tuple of
/// numbers: `t`, with the element's position in `index`; else null.
const clang::Expr *tupleGet(const clang::CallExpr *c, unsigned &index);

/// For a row of a vector of vectors, `m[i]`, `m.at(i)`, `m.back()` or
/// `m.front()`: `m`, with the index in `index` (null for back and front);
/// else null.
const clang::Expr *rowOf(clang::ASTContext &ctx, const clang::Expr *e,
                         const clang::Expr **index = nullptr);

/// The variable under a chain of fields (`s.a.m` -> `s`), or null.
const clang::VarDecl *rootVariable(const clang::Expr *e);
/// How many times `e` refers to `vd` inside it.
unsigned mentions(const clang::Stmt *e, const clang::VarDecl *vd);
/// The variable that reference `vd` is bound to, through references bound
/// to references (`auto &w = u;` -> `u`); `vd` itself if not a reference.
const clang::VarDecl *referredVariable(const clang::VarDecl *vd);
/// How many times `e` refers to `vd`, directly or through references.
unsigned mentionsThrough(const clang::Stmt *e, const clang::VarDecl *vd);

/// For `std::tie(a, b, ...)`, the left side of `std::tie(a, b) = t;`: its
/// arguments in `targets`, null for `std::ignore`; else false.
bool tiedTargets(const clang::Expr *x,
                 llvm::SmallVectorImpl<const clang::Expr *> &targets);

/// For `std::max(a, b, comp)` / `std::min(a, b, comp)`: the comparator,
/// with `is_max`; else null. std::max is `comp(a, b) ? b : a`, std::min
/// `comp(b, a) ? b : a`.
const clang::Expr *comparedExtreme(const clang::CallExpr *c, bool &is_max);
/// For `std::max({a, b, c})` / `std::min({...})` (a braced list): its
/// elements, in order. The call is `std::max(std::max(a, b), c)`: the
/// first largest (smallest) element, as the library picks it.
bool extremeOfList(const clang::CallExpr *c,
                   llvm::SmallVectorImpl<const clang::Expr *> &elements);
/// The comparison a standard function object makes (`std::less<>` Lt,
/// `std::greater<double>` Gt, less_equal, greater_equal), or none.
std::optional<Op> standardComparisonOp(const clang::Expr *comp);
/// The call operator a comparator of the user's (a lambda, a functor) runs
/// on two values of type `arg` (a generic lambda's specialization), or null.
const clang::CXXMethodDecl *comparatorOperator(const clang::Expr *comp,
                                               clang::QualType arg);

/// The arguments of `c` that bind to the callee's declared parameters (a
/// member operator's left operand is its object); true if the callee is a
/// non-static member function (its object is separate).
bool calleeArguments(const clang::CallExpr *c,
                     llvm::SmallVectorImpl<const clang::Expr *> &args);

/// Whether `op` calls an operator the user wrote (a member or free
/// function of the user's, not an implicit copy or move assignment).
bool isUserOperator(const clang::CXXOperatorCallExpr *op,
                    clang::ASTContext &ctx);

/// The text of `e` as the user wrote it: a macro's name (`MPI_DOUBLE`),
/// not its expansion (the MPI arguments, ValidateMPI.cpp, LowerMPI.cpp).
std::string spelledAs(const clang::Expr *e, clang::ASTContext &ctx);

/// For a gradient called inside a differentiated function,
/// `tangent::grad<g, O>()(args...)` (the call operator of
/// `tangent::gradient<&g, O>`): g, with O in `opts`; else null
/// (AstShapesNested.cpp). The call's arguments after the first (the
/// gradient object) are g's.
const clang::FunctionDecl *nestedGradient(const clang::CallExpr *c,
                                          Options &opts);

/// `v` of `v.data()`, else null.
const clang::Expr *dataObject(const clang::Expr *e);

} // namespace tangent

#endif
