//===- IR.h - tangent's small AD IR -----------------------------*- C++ -*-===//
///
/// \file
/// The intermediate representation between lowering (frontend/lower/, the
/// only pass that reads Clang's AST) and generation. It is independent of Clang
/// so that analyses, generation and emission compile fast and are
/// unit-testable.
///
/// Shape after lowering:
///  - every local is hoisted into `Function::vars`; declarations become
///    assignments or constructions;
///  - compound assignments are plain assignments (`a += b` is `a = a + b`);
///  - calls to user functions are statements (`t = g(a, b)`), never nested in
///    expressions; math functions stay in expressions (Rules.h);
///  - side effects are statements: expressions are pure;
///  - `break`, `continue` and `return` are flags plus guarded statements, so
///    every statement has one entry and one exit;
///  - loops keep their induction variable and bounds when they are counted.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_IR_H
#define TANGENT_IR_H

#include "ir/Naming.h"
#include "ir/Options.h"
#include "ir/Passes.h"
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tangent {

struct MpiFunction;
struct Rule;
struct Stmt;

/// A source position, kept for comments in generated code and diagnostics.
struct Loc {
  std::string file; ///< file name as the user wrote it (no directories)
  unsigned line = 0;
  unsigned column = 0;
  unsigned raw = 0;        ///< clang::SourceLocation raw encoding, 0 if none
  std::string str() const; ///< "file.cpp:12"
};

/// Opaque: a parameter of a standard type tangent does not look into
/// (std::string, std::map, ...): passed through unchanged, read only by
/// calls (`cfg.at("w")`, `name.size()`), never differentiated.
enum class TypeKind {
  Void,
  Bool,
  Int,
  Real,
  Vector,
  Array,
  CArray,
  Pointer,
  Opaque
};

/// The types the IR knows. Containers and pointers have a scalar element.
struct Type {
  TypeKind kind = TypeKind::Void;
  std::string spelling;      ///< C++ spelling, e.g. "std::vector<double>"
  std::string elem_spelling; ///< element spelling for containers and pointers
  /// Element is floating point (Opaque: the type holds floating-point
  /// values, which get no derivative through it).
  bool elem_real = false;
  long long extent = -1; ///< std::array / C array extent
  /// A multi-dimensional local C array (`double m[3][4]`, also a C array
  /// field, a std::array of all its elements): its extents,
  /// outermost first. It is stored flat (extent is their product) and
  /// `m[i][j]` lowers to `m[i * 4 + j]`, so everything that handles a 1-D
  /// C array (declaration, zeroing, tape, adjoint, snapshots) handles it.
  /// A Pointer parameter pointing at rows (`const double b[][8]`) has
  /// them too, dims[0] -1: a pointer to such flat storage.
  std::vector<long long> dims;
  bool pointee_const = false;
  /// An unsigned integer type (Int): comparisons wrap a negative value.
  bool is_unsigned = false;
  /// A std::span (kind Pointer): a pointer that carries its size
  /// (`x.size()`), spelled `x.data()` where an address is printed.
  bool span = false;
  /// A vector of vectors (a matrix as rows): the type of a row, a vector of
  /// scalars. Then elem_spelling is the row's spelling and elem_real says
  /// whether the scalars are floating point. A Pointer with a row is a
  /// table of pointers to integers (`int **`): data, read by index.
  std::shared_ptr<const Type> row;

  bool isNested() const { return row != nullptr; }

  bool isReal() const { return kind == TypeKind::Real; }
  bool isIntegral() const {
    return kind == TypeKind::Int || kind == TypeKind::Bool;
  }
  bool isContainer() const {
    return kind == TypeKind::Vector || kind == TypeKind::Array ||
           kind == TypeKind::CArray;
  }
  /// Can carry a derivative: a floating scalar, container or pointer.
  bool isDifferentiable() const {
    return isReal() ||
           ((isContainer() || kind == TypeKind::Pointer) && elem_real);
  }
  /// The scalar type of an element (or the type itself for scalars).
  std::string scalarSpelling() const {
    return isReal() || isIntegral() ? spelling
           : row                    ? row->elem_spelling
                                    : elem_spelling;
  }
};

enum class VarRole { Param, Local, Temp, Flag, Induction };

/// One step from a class-type object to one of its fields, as generated code
/// spells it: `.name`, or, for a field it may not name (private, protected),
/// through an access tag (codegen/Binding.cpp).
struct FieldStep {
  std::string name;       ///< the field's name
  std::string owner;      ///< the class that declares it, fully qualified
  std::string type;       ///< the field's type, fully qualified
  bool accessible = true; ///< public along the whole path
  /// `[i]`: into every element of a vector or array of objects (the leaf
  /// is then a vector or array of one field of the elements).
  bool element = false;
  /// `std::get<position>(object)`: an element of a std::tuple, which has
  /// no field generated code can name.
  int position = -1;
  /// A const field: generated code never writes it back.
  bool read_only = false;
  /// A C array field (`double m[3][3]`): its extents, outermost first; the
  /// leaf, a std::array of its elements, is copied out and back.
  std::vector<long long> c_array = {};
  bool owned = false; ///< a pointer field owning its array (ownedField)
};
using FieldPath = std::vector<FieldStep>;

/// A variable of the function: a parameter, a hoisted local or a temporary.
struct Var {
  int id = 0;
  std::string name;        ///< unique name in generated code (Naming.h)
  std::string source_name; ///< name in the user's source, if any
  Type type;
  VarRole role = VarRole::Local;
  int param_index = -1;      ///< position in Function::params
  int source_param = -1;     ///< the C++ parameter it comes from (Signature)
  bool by_reference = false; ///< parameter passed by reference
  bool is_const = false;     ///< const parameter (or const& / const T*)
  /// A pointer field of an object the function builds, replaced by the
  /// address it views (frontend/lower/LowerViews.cpp): no IR statement
  /// names it, and generated code does not declare it.
  bool resolved = false;
  /// A parameter that carries no derivative in this variant of a callee
  /// (data: observations a caller passes, Lowering::lowerData): no
  /// adjoint or tangent parameter, never varied.
  bool data = false;

  // Analysis results (Activity.cpp, ToBeRecorded.cpp).
  bool varied = false;
  bool useful = false;
  bool active = false;          ///< has an adjoint variable
  bool read_in_reverse = false; ///< its value is read by the reverse sweep
  /// The statements whose reverse reads it (ToBeRecorded.cpp); with
  /// `read_everywhere` (unoptimized), every overwrite is recorded.
  std::vector<const Stmt *> readers;
  bool read_everywhere = false;
  /// A pointer parameter the function writes through: its reverse gives
  /// the caller's memory back as it was at entry, so a first overwrite of
  /// an element records it (ToBeRecorded.cpp, CoveredWrites.cpp).
  bool restored_at_entry = false;
  /// A pointer parameter of a callee variant whose callers never read what
  /// it writes there in their reverse (Lowering::lowerUnrestored): its
  /// reverse does not give that storage back.
  bool unrestored = false;
  /// A pointer parameter of a callee variant whose callers assign the
  /// adjoint of what its loops write there before they read it again
  /// (Lowering::lowerUnrestored, OverwrittenAdjoints.cpp): the reverse of
  /// those loops leaves that adjoint as it found it instead of zeroing it.
  bool unzeroed = false;
  bool invariant = false; ///< never written after its first write
  /// Its only write, when the reverse evaluates that statement's cheap
  /// value again instead of restoring it from the tape
  /// (Rematerialize.cpp): read only after it, in the block it heads.
  const Stmt *rematerialized = nullptr;
  std::string adjoint; ///< name of its adjoint, if active

  /// The C++ parameter a parameter comes from (`wrt` selects by it).
  int sourceParam() const {
    return source_param >= 0 ? source_param : param_index;
  }
};

/// The operator of a Unary or Binary expression: C++'s built-in operators
/// on numbers and booleans that the lowering produces (compound
/// assignments become their binary operator) and the rule rows use.
enum class Op {
  // binary
  Add,    ///< +
  Sub,    ///< -
  Mul,    ///< *
  Div,    ///< /
  Rem,    ///< %
  Shl,    ///< <<
  Shr,    ///< >>
  Lt,     ///< <
  Le,     ///< <=
  Gt,     ///< >
  Ge,     ///< >=
  Eq,     ///< ==
  Ne,     ///< !=
  BitAnd, ///< &
  BitXor, ///< ^
  BitOr,  ///< |
  And,    ///< &&
  Or,     ///< ||
  // unary
  Neg,    ///< -x
  Plus,   ///< +x
  Not,    ///< !x
  BitNot, ///< ~x
};

/// How C++ spells `op` ("+", "<=", "!"): for printing C++ (ir/Printer.cpp,
/// and a counted loop's header in codegen/Loops.cpp) and for reading the
/// rows of the rule table (rules/); passes compare the enum, never this.
const char *spelling(Op op);

enum class ExprKind {
  Literal, ///< number or bool literal, text in `text`
  VarRef,  ///< `var`
  Index,   ///< ops[0][ops[1]] (ops[0] is a VarRef of a container/pointer)
  Unary,   ///< `op` is Neg, Plus, Not or BitNot
  Binary,  ///< `op` is a binary operator
  Math,    ///< call of a rule-table function, `rule` set, `text` its name
  Cast,    ///< static_cast<type>(ops[0])
  Cond,    ///< ops[0] ? ops[1] : ops[2] (only in inactive context)
  Size,    ///< ops[0].size()
  /// An inactive call `text(ops...)`: no floating arguments or result, or
  /// a library function without a derivative rule called on constants
  /// (frontend/AstShapes.h, isConstantCall), or a read of a pass-through
  /// parameter (`form`); a call of a user function is a statement
  /// (StmtKind::Call).
  InactiveCall,
  /// A name of the generated code, `text`: an adjoint (`d_x`), a value the
  /// reverse sweep popped, a runtime function's result. Only in the
  /// adjoint's expressions (codegen/ExprAdjoint.cpp), never in the IR the
  /// analyses read (ir/Verify.cpp refuses it there).
  Name,
};

/// How an InactiveCall is spelled: `text(ops...)`, `ops[0].text(ops[1],
/// ...)` (a const member function of a pass-through parameter) or
/// `ops[0] text ops[1]` (a comparison, `text` the operator).
enum class CallForm { Free, Member, Infix };

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Expr {
  ExprKind kind;
  Type type;
  std::string text; ///< Literal: its spelling; Math, Call: the callee;
                    ///< Name: the name
  Op op = Op::Add;  ///< Unary, Binary: the operator
  CallForm form = CallForm::Free; ///< InactiveCall: how it is spelled
  Var *var = nullptr;
  const Rule *rule = nullptr;
  std::vector<ExprPtr> ops;
  bool active = false;       ///< depends on an active variable (Activity.cpp)
  bool is_int_const = false; ///< Literal of integral type with known value
  /// VarRef or Index passed to a pointer parameter: the address of that
  /// storage (`&s`, `&v[k]`, `x + k`, `v.data() + k`), of the variable's
  /// type or element type, and of the storage after it, whose extent the
  /// callee decides. Analyses see it as the l-value it is the address of.
  bool address = false;
  /// A read `k[i]` whose contribution in the reverse is the first to
  /// d_k[i] since the reverse of the call that wrote k read it: assigned,
  /// not added (OverwrittenAdjoints.cpp).
  bool assigns_adjoint = false;
  long long int_const = 0;

  ExprPtr clone() const;
  /// A copy in which each sub-expression for which `replace` returns an
  /// expression is that expression instead.
  ExprPtr cloneWith(const std::function<ExprPtr(const Expr &)> &replace) const;
};

/// Whether `e` is an address (Expr::address) of an element of a parameter's
/// vector, or of any std::array or C array of numbers (`x.data() + k` of a
/// `const std::vector<double> &x`): the extent of the storage after it is
/// known where it is passed, so a callee's reverse can be given zeros of
/// that shape when it carries no derivative.
bool dataAddress(const Expr &e);

/// Whether `a` and `b` are the same expression, structurally: same
/// operations on the same variables and literals (analyses compare
/// expressions with this, never by printing them).
bool sameExpr(const Expr &a, const Expr &b);

ExprPtr makeLiteral(std::string text, Type type);
/// A name of the generated code (ExprKind::Name) of type `type`.
ExprPtr makeName(std::string text, Type type);
ExprPtr makeIntLiteral(long long value, Type type);
/// `nullptr` of pointer type `pointer` (an argument, a comparison's side).
ExprPtr makeNullPointer(Type pointer);
bool isNullPointer(const Expr &e);
ExprPtr makeVarRef(Var *var);
ExprPtr makeIndex(ExprPtr base, ExprPtr index);
ExprPtr makeUnary(Op op, ExprPtr operand);
ExprPtr makeBinary(Op op, ExprPtr lhs, ExprPtr rhs, Type type);
ExprPtr makeCast(Type type, ExprPtr operand);
/// `vector.size()`, a std::size_t.
ExprPtr makeSize(ExprPtr vector);

Type boolType();
Type intType(const char *spelling = "int");

struct Function;
struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

enum class StmtKind {
  Assign,    ///< lhs = rhs (lhs: VarRef or Index)
  Construct, ///< container `var` built: size / size+fill / copy / elements
  Call,      ///< [result =] callee(args): a user function or custom rule
  Swap,      ///< std::swap(lhs, rhs): two VarRefs of one type exchanged
  Resize,    ///< vector `var` grows or shrinks (push_back, pop_back, resize)
  If,
  Loop,
  Block,
};

enum class ConstructKind { Size, Fill, Copy, Elements };

/// How a Resize statement changes its vector's size.
enum class ResizeKind {
  Append, ///< push_back(args[0])
  Pop,    ///< pop_back()
  To,     ///< resize(args[0]) or resize(args[0], args[1]); clear() is To 0
};

/// How a loop is reversed (codegen/Loops.cpp); every loop starts as
/// FullTape. Budgeted: chosen at run time within options.memory_budget
/// (full tape, segments, binomial or spilled snapshots). ParallelSegments:
/// sqrt(n) segments replayed by a helper thread (options.threads >= 2).
enum class LoopStrategy {
  FullTape,
  Segments,
  Online,
  Budgeted,
  ParallelSegments,
  BudgetWhile, ///< unknown trip count under options.memory_budget: taped
               ///< while it fits, then online
  FixedPoint,  ///< [[tangent::fixed_point]]: untaped forward, the reverse
               ///< iterates the adjoint fixed point (Christianson)
  Recompute    ///< the state of every iteration recorded, each iteration
               ///< run again (taped) just before its reverse
};

/// An OpenMP `#pragma omp parallel for` on a counted loop: its clauses (as
/// lowered, LowerOpenMP.cpp), what its iterations share (ParallelLoops.cpp);
/// both sweeps run in parallel (codegen/LoopOpenMP.cpp).
struct OmpLoop {
  enum class Schedule { Default, Static, Dynamic };
  Schedule schedule = Schedule::Default;
  long long chunk = 0; ///< the schedule's chunk size, 0 if none
  int collapse = 1;    ///< the collapsed loops (generated: the outer one)
  /// `reduction(op: var)`, op `+` (Sum) or `max`. Floating ones become a
  /// per-iteration contribution folded in iteration order after the loop
  /// (ParallelLoops.cpp); others stay clauses of the generated loop.
  struct Reduction {
    enum class Kind { Sum, Max };
    Kind op = Kind::Sum;
    Var *var = nullptr;
  };
  /// The clause's spelling of a reduction's operator: "+" or "max".
  static const char *spelling(Reduction::Kind op);
  std::vector<Reduction> reductions;
  std::vector<Var *> declared_private; ///< `private(...)`
  Loc loc;                             ///< the pragma
  Var *share_index = nullptr; ///< a thread's share's index (LowerOpenMP.cpp)

  // Analysis results (ParallelLoops.cpp).
  /// Variables each iteration writes before reading, used nowhere else:
  /// private to the iteration (a `private` clause, and in the reverse
  /// sweep copies of each thread).
  std::vector<Var *> privates;
  /// Privates whose value at the end of an iteration the reverse sweep
  /// reads: recorded at the end of each iteration.
  std::vector<Var *> restored;
  /// Variables whose adjoint several iterations update (data read by more
  /// than one iteration): privatised in the reverse sweep and summed after
  /// the loop.
  std::vector<Var *> shared_adjoints;
  /// Containers written only at elements an index table gives (`v[t[i]] =
  /// e;`): each element one iteration's, as the loop's race freedom says.
  std::vector<Var *> scattered;
  std::string refusal; ///< why its reverse cannot run in parallel, or ""
  std::string summary; ///< for remarks: how adjoints are updated safely
};

/// A loop after lowering: `init; while (cond) { body; step; }`, or for
/// general loops `init; do { body } while (!exit_flag)` where the body sets
/// the flag (break, return, or a false condition).
struct LoopInfo {
  enum class Form {
    Counted,    ///< canonical induction variable with invariant bounds
    Structured, ///< pure condition, no jumps: trip count recorded
    General,    ///< repeat body until exit_flag: trip count recorded
  };
  Form form = Form::Structured;
  bool do_while = false; ///< Structured: condition tested after the body
  Block init;
  ExprPtr cond; ///< Structured/Counted: tested each iteration (null: true)
  Block body;
  Block step;
  Var *exit_flag = nullptr; ///< General: loop ends once the flag is set
  /// Counted: induction variable, start, bound, comparison and step.
  Var *induction = nullptr;
  ExprPtr start, bound;
  Op compare = Op::Lt; ///< Lt, Le, Gt, Ge or Ne
  long long increment = 0;
  std::string kind_name = "for"; ///< for / while / do / range-for

  LoopStrategy strategy = LoopStrategy::FullTape;
  std::string reason;     ///< why this strategy was chosen (Checkpointing.cpp)
  bool annotated = false; ///< [[tangent::checkpoint]] (or in a block)
  bool fixed_point = false;      ///< [[tangent::fixed_point]]
  int annotated_budget = 0;      ///< [[tangent::checkpoint(N)]], 0 if none
  long long constant_trips = -1; ///< trip count if a compile-time constant
  /// Checkpointed loops: the variables a snapshot holds (written in the loop
  /// and live at the start of an iteration) and the online budget.
  std::vector<Var *> carried;
  /// ParallelSegments: every variable the loop writes (the replaying
  /// thread's own copies), ordered by id.
  std::vector<Var *> replayed;
  /// Budgeted and BudgetWhile: variables the loop writes that its snapshot
  /// does not hold (dead at the start of an iteration) but whose values at
  /// the end of the taped first iterations the reverse of those iterations
  /// reads. The replays of the scheduled iterations leave them as they
  /// found them, not as the taped iterations left them: they are recorded
  /// once where the taped iterations end and restored before those are
  /// reversed (Checkpointing.cpp).
  std::vector<Var *> exit_values;
  int budget = 0;
  /// `#pragma omp parallel for` (with -fopenmp), else null.
  std::unique_ptr<OmpLoop> omp;
  /// Full tape: only the iteration that took its last_taken branch last
  /// has a reverse that moves an adjoint, so the reverse runs that one
  /// iteration, when the body records nothing (LastTaken.cpp).
  bool reverse_one_iteration = false;
};

struct Stmt {
  StmtKind kind;
  Loc loc;

  // Assign
  ExprPtr lhs, rhs;
  // Construct
  Var *var = nullptr;
  ConstructKind construct = ConstructKind::Size;
  std::vector<ExprPtr> args; ///< also Call and Resize arguments
  // Resize (var: the vector)
  ResizeKind resize = ResizeKind::To;
  // Call
  Function *callee = nullptr; ///< user function with a body, or null
  /// An MPI call (ir/Mpi.h): callee null, custom empty; its buffers are
  /// `x` or `v[k]` (the address of), other arguments ints or literals.
  const MpiFunction *mpi = nullptr;
  std::string custom;             ///< custom derivative: qualified callee name
  std::string custom_pullback;    ///< and its pullback's qualified name
  std::string custom_pushforward; ///< its pushforward's, if it has one
  /// A library call kept for its effects (`exit`, `printf`): no rule.
  bool keptForEffects() const {
    return !custom.empty() && custom_pullback.empty() &&
           custom_pushforward.empty();
  }
  std::vector<bool> arg_is_output; ///< argument bound to a non-const T&
  Var *result = nullptr;           ///< receives the returned value
  /// A component of a nested gradient (lower/LowerNested.cpp): the callee
  /// parameter along which its tangent-linear function is called; -1 else.
  int along = -1;
  // If
  ExprPtr cond;
  Block then_block, else_block;
  // Loop
  std::unique_ptr<LoopInfo> loop;
  // Block
  Block block;
  bool record_decision = true; ///< If: tape the branch (else re-evaluate)
  /// Call: the callee's C++ parameters (bits) whose storage the caller never
  /// reads in reverse: a variant not giving it back will do (ToBeRecorded).
  std::uint64_t unrestored = 0;
  /// Call: the callee's C++ parameters (bits) whose adjoint the caller
  /// assigns before reading it: a variant not zeroing it will do.
  std::uint64_t unzeroed = 0;
  /// If: in the reverse, only the last iteration of its loop that took the
  /// branch matters; the loop records that iteration's index once instead
  /// of the decision in every iteration (LastTaken.cpp).
  bool last_taken = false;
};

/// A parameter of the C++ function as its callers see it. The IR splits a
/// class-type object into its fields (scalar replacement of aggregates):
/// each leaf field is a parameter of its own, `leaves` of them from `first`
/// in Function::params, in layout order; `paths` reach them in the object.
/// Other parameters are one IR parameter (`leaves` 1, no path).
struct SourceParam {
  std::string name;
  std::string spelling; ///< the type without reference and const
  bool by_reference = false;
  bool is_const = false;
  bool object = false;         ///< a class type, split into its leaves
  bool object_pointer = false; ///< `const Body *b`: callers pass `&obj`
  bool copy_shares = false;    ///< its copy shares what its destructor frees
  int first = 0, leaves = 1;
  std::vector<FieldPath> paths; ///< object: one per leaf
};

/// A function to differentiate (the requested one or a callee).
struct Function {
  std::string name; ///< qualified name for calling the primal
  /// Its address as a request's template argument (`&f`, or a cast that
  /// picks one of overloads); empty for lambdas.
  std::string address;
  std::string base_name;      ///< unqualified, for generated names
  std::string generated_name; ///< stem of generated functions (Naming.h)
  Loc loc;
  Type result;
  std::vector<Var *> params;
  /// The C++ parameters: `this` first for a member function (named
  /// `self`), then the declared ones; a class-type result is returned
  /// through output parameters after them (`result` is then void).
  std::vector<SourceParam> signature;
  /// Has split parameters (objects, `this`, a class-type result): callers
  /// cannot call the C++ function with the IR's arguments, so generated
  /// code calls its flat primal (`<stem>_primal`) instead.
  bool flattened = false;
  std::vector<std::unique_ptr<Var>> vars; ///< owns params, locals, temps
  Block body;
  Var *result_var = nullptr; ///< `return e` assigns it
  bool is_top = false;       ///< the requested function (joint sweeps)
  /// The optional passes switched off for this function (ir/Passes.def).
  PassSet passes;
  /// Its split forward sweep records nothing, so its reverse reads no
  /// tape (set when its adjoint is generated, codegen/Function.cpp): a
  /// caller may skip the reverse call when every adjoint it passes is zero
  /// (codegen/Calls.cpp).
  bool tapeless = false;
  /// A tangent-linear function of the vector forward mode: its tangents
  /// are lanes (naming::lanesType), and it is a template over their number.
  bool lanes = false;
  /// A specialisation's stem suffix (naming::sharedVariant(),
  /// naming::dataVariant()) and what it is specialised for, for the
  /// generated code's comments (`for arguments that share storage (...)`);
  /// empty for the plain lowering.
  std::string variant, variant_note;
  NameScope names; ///< user names and generated names in it
  /// `names` before its first adjoint was generated: other variants (the
  /// vector reverse mode's, second order's with the gradient) start from
  /// them, and so name what the first one names.
  std::optional<NameScope> names_before_adjoint;

  /// The first write of each local in program order, when it is outside
  /// every loop (LoopAnalysis.cpp): its old value is never needed.
  std::vector<std::pair<const Var *, const Stmt *>> first_writes;

  /// Program order of statements and the loops around each (ToBeRecorded).
  struct Position {
    int index = 0;
    std::vector<const Stmt *> loops; ///< enclosing Loop statements
  };
  std::map<const Stmt *, Position> positions;

  /// Callee summary used by callers (ToBeRecorded.cpp).
  std::vector<bool> param_read_in_reverse;
  std::vector<bool> param_written;
  /// Pointer parameters its reverse reads only to give the caller's
  /// storage back (restored_at_entry): a caller that never reads that
  /// storage in reverse calls a variant that does not.
  std::vector<bool> param_restored_only;

  Var *addVar(std::string source_name, Type type, VarRole role);
};

/// `lhs = rhs;` at `loc`.
StmtPtr makeAssign(ExprPtr lhs, ExprPtr rhs, Loc loc);

/// `a, b, c`: the names of `vars` (snapshot lists in generated code and in
/// remarks).
std::string namesOf(const std::vector<Var *> &vars);

} // namespace tangent

#endif // TANGENT_IR_H
