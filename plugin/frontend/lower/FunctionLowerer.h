//===- FunctionLowerer.h - lowering one function body -----------*- C++ -*-===//
///
/// \file
/// The lowering of one function, split by construct, one Clang visitor
/// method per kind of node:
///   LowerFunction.cpp  the function: parameters, names, the return flag
///   LowerStmt.cpp      blocks, declarations, if, return, break, continue
///   LowerLoop.cpp      for, while, do, range-for (one general form)
///   LowerSwitch.cpp    switch
///   LowerDecl.cpp      local variables and initializers
///   LowerExpr.cpp      operators, literals, variables, casts
///   LowerAssign.cpp    assignments, ++/--, targets (conditional ones too)
///   LowerCall.cpp      calls: math, custom, user, constant; member calls
///   LowerObject.cpp    class-type values, split into one variable per field
///   LowerVector.cpp    push_back, pop_back, resize, clear, back, front...
///
/// The validator (frontend/Validate.cpp) has refused everything else before
/// lowering runs, so lowering never refuses: a shape it cannot lower is a
/// bug in tangent, reported with unexpected() as an internal error.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FRONTEND_LOWER_FUNCTIONLOWERER_H
#define TANGENT_FRONTEND_LOWER_FUNCTIONLOWERER_H

#include "frontend/AstShapes.h"
#include "frontend/lower/Lower.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtVisitor.h"
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace tangent {

/// The IR operator of a built-in C++ operator on numbers or booleans (of a
/// compound assignment: its binary operator), or none for the operators
/// the IR does not have (assignments, the comma, `<=>`, member pointers,
/// increments, addresses). The only place that maps Clang's operators.
std::optional<Op> irOperator(clang::BinaryOperatorKind op);
std::optional<Op> irOperator(clang::UnaryOperatorKind op);

/// A split value in the IR (LowerObject.cpp): one variable per leaf, or for
/// an element of a container of objects, one container per leaf and the
/// element's index.
struct Object {
  std::vector<Var *> vars;
  ExprPtr index; ///< null: the leaves are the variables themselves
  size_t size() const { return vars.size(); }
  /// Leaf k: `vars[k]`, or `vars[k][index]`.
  ExprPtr leaf(size_t k) const;
  std::vector<ExprPtr> leaves() const;
  Object slice(size_t from, size_t count) const;
  Object copy() const;
};

/// Where a jump inside a loop body goes.
struct LoopContext {
  Var *exit_flag = nullptr; ///< set by break / return / failed condition
  Var *skip_flag = nullptr; ///< set by continue
};

struct SharedCall; // LowerShared.cpp

/// A loop's pieces, before its form is chosen (LowerLoop.cpp).
struct LoopPieces {
  const clang::Stmt *body = nullptr;
  ExprPtr cond;   ///< null: always true
  Block cond_pre; ///< the statements that evaluate `cond`
  Block step;     ///< after the body
  Block prologue; ///< what each iteration runs before the body
};

class FunctionLowerer
    : public clang::ConstStmtVisitor<FunctionLowerer, void, Block &> {
public:
  FunctionLowerer(Lowering &lowering, const clang::FunctionDecl *fd,
                  Function *fn)
      : lowering_(lowering), ctx(lowering.context()), fd(fd), fn_(fn) {
    fn->passes = lowering.passes;
  }

  /// Lowers the whole function into fn_.
  void run();
  /// fn_'s parameters: `this`, the declared ones, a class-type result.
  void parameters();
  /// The flat parameters laid out so far: how many, and the variable of
  /// each (null where a shared-storage pattern makes it another's storage).
  struct FlatParams {
    int count = 0;
    std::vector<Var *> own;
  };
  /// Whether flat parameter `j` is shared storage (bound by bindShared).
  bool sharedAt(int j) const;
  /// The parameters of an object (its leaves), counted in `flat` (null for
  /// a class-type result, whose leaves are not flat parameters).
  Object objectParameter(const std::string &name, clang::QualType qt,
                         bool by_reference, bool is_const,
                         clang::SourceLocation loc, FlatParams *flat);
  /// The parameter of a declared parameter that is not an object.
  Var *scalarParameter(const clang::ParmVarDecl *p, const std::string &name);
  /// In the body of a member function `md` (a lambda's call operator): the
  /// variables its object captures are the object's leaves.
  void bindCaptures(const clang::CXXMethodDecl *md);
  /// Appends one C++ parameter's IR parameters (its leaves; null ones are
  /// shared storage) to fn_.
  void addParameter(SourceParam sp, const std::vector<Var *> &leaves);
  /// Under a shared-storage pattern: adds its roots and indices as
  /// parameters, then binds each shared flat parameter (null in `own`) to
  /// the storage it is part of (LowerShared.cpp): `scalars` are the
  /// parameters that are not objects, `objects` the objects with a shared
  /// leaf, each with its (first) flat position.
  void bindShared(
      const std::vector<Var *> &own,
      const std::vector<std::pair<const clang::ParmVarDecl *, int>> &scalars,
      const std::vector<std::pair<Object *, int>> &objects);
  /// Calls whose arguments share storage (LowerShared.cpp): arguments of
  /// value parameters that a written argument may change are copied first;
  /// a call whose reference or pointer arguments overlap where one is
  /// written gets a callee specialised for that sharing
  /// (Lowering::lowerShared), its arguments rewritten to match.
  /// `sources`: what each argument is in the source (null: unknown).
  void shareStorage(tangent::Stmt &call, const clang::FunctionDecl *callee,
                    const std::vector<const clang::Expr *> &sources,
                    clang::SourceLocation loc, Block &pre);
  /// shareStorage's steps, on what it knows of the call (SharedCall): an
  /// argument as the source spells it; a refusal of the call; the copies
  /// of value arguments; the groups of arguments to specialise (false when
  /// there are none, or the call is refused); one element under several
  /// names copied to a local; a group's part of the pattern; the check
  /// that an object's leaves are shared alike; the refusal of an element
  /// a lambda captures by reference; the call of the specialisation.
  std::string spelledArgument(const SharedCall &sc, size_t j);
  void refuseSharing(const SharedCall &sc, size_t a, size_t b,
                     clang::SourceLocation loc, const std::string &why);
  void copyChangedValues(SharedCall &sc, clang::SourceLocation loc, Block &pre);
  bool specialGroups(SharedCall &sc, clang::SourceLocation loc);
  void copyElement(SharedCall &sc, const std::vector<size_t> &members,
                   bool group_written, clang::SourceLocation loc, Block &pre);
  void groupPattern(SharedCall &sc, const std::vector<size_t> &members,
                    bool group_written);
  void checkObjectLeaves(const SharedCall &sc, clang::SourceLocation loc);
  bool refusesCapturedElements(const SharedCall &sc, clang::SourceLocation loc);
  void callSpecialisation(SharedCall &sc);
  /// A constructor's member and base initializers, into fn_'s body.
  void memberInitializers(const clang::CXXConstructorDecl *ctor);

  // --- statements: `Visit(s, out)` appends the lowering of s to `out` -----
  void VisitCompoundStmt(const clang::CompoundStmt *s, Block &out);
  void VisitAttributedStmt(const clang::AttributedStmt *s, Block &out);
  void VisitLabelStmt(const clang::LabelStmt *s, Block &out);
  void VisitNullStmt(const clang::NullStmt *, Block &) {}
  void VisitDeclStmt(const clang::DeclStmt *s, Block &out);
  void VisitIfStmt(const clang::IfStmt *s, Block &out);
  void VisitBreakStmt(const clang::BreakStmt *s, Block &out);
  void VisitContinueStmt(const clang::ContinueStmt *s, Block &out);
  void VisitReturnStmt(const clang::ReturnStmt *s, Block &out);
  void VisitForStmt(const clang::ForStmt *s, Block &out);
  void VisitWhileStmt(const clang::WhileStmt *s, Block &out);
  void VisitDoStmt(const clang::DoStmt *s, Block &out);
  void VisitCXXForRangeStmt(const clang::CXXForRangeStmt *s, Block &out);
  void VisitSwitchStmt(const clang::SwitchStmt *s, Block &out);
  void VisitOMPParallelForDirective(const clang::OMPParallelForDirective *d,
                                    Block &out); // LowerOpenMP.cpp
  void VisitOMPParallelDirective(const clang::OMPParallelDirective *d,
                                 Block &out);
  void VisitOMPForDirective(const clang::OMPForDirective *d, Block &out);
  /// `#pragma omp simd`: the loop, its iterations in order.
  void VisitOMPSimdDirective(const clang::OMPSimdDirective *d, Block &out);
  /// A `parallel for`, or an `omp for` of a parallel region: the loop, its
  /// clauses its OmpLoop.
  void parallelLoop(const clang::OMPLoopDirective *d, Block &out);
  /// A region of per-thread results (AstShapes.h, threadSharesLoop): a
  /// parallel loop over the team, one iteration per thread.
  void threadShares(const clang::OMPParallelDirective *d,
                    const clang::OMPForDirective *loop, Block &out);
  /// Restricts the lowered `omp for` loop `li` to the share of thread_
  /// (what it computes once in `before`, ahead of the region); its index.
  Var *threadShare(LoopInfo &li, clang::SourceLocation loc, Block &before);
  /// Inside threadShares: the thread and the team size the region's thread
  /// queries answer (null elsewhere).
  Var *thread_ = nullptr;
  Var *team_ = nullptr;
  /// An MPI call as a statement (LowerMPI.cpp); false if `c` is not one.
  bool mpiStatement(const clang::CallExpr *c, Block &out);
  /// A library call kept for its effects (LowerEffect.cpp: `exit(1)`,
  /// `printf`); false if `c` is not one.
  bool effectStatement(const clang::CallExpr *c, Block &out);
  /// An expression statement.
  void VisitExpr(const clang::Expr *e, Block &out);
  /// Anything else: the validator refused it, so it cannot be here.
  void VisitStmt(const clang::Stmt *s, Block &out);

  /// Lowers a statement (null is nothing).
  void stmt(const clang::Stmt *s, Block &out);
  /// Lowers a sequence, guarding what follows a statement that may jump.
  void sequence(llvm::ArrayRef<const clang::Stmt *> stmts, Block &out);

  // --- declarations (LowerDecl.cpp) ---------------------------------------
  void declaration(const clang::VarDecl *vd, Block &out);
  /// `v = init` for a declaration, a return or a whole-container assignment.
  /// The elements of a multi-dimensional C array's brace initializer,
  /// flattened into `st` (a Construct of the flat array).
  void flatElements(const Type &type, const clang::InitListExpr *list,
                    tangent::Stmt &st, clang::SourceLocation loc, Block &out);
  void initialize(Var *v, const clang::Expr *init, clang::SourceLocation loc,
                  Block &out);
  /// A Construct statement of `v` (its kind and arguments still to set);
  /// one that copies `from`.
  StmtPtr construction(Var *v, clang::SourceLocation loc);
  StmtPtr copyConstruction(Var *v, ExprPtr from, clang::SourceLocation loc);
  /// initialize() of a pointer (a view, or nullptr) and of a container:
  /// from braces (`listElements`, one dimension), from a constructor, from
  /// a call or a copy.
  void initializePointer(Var *v, const clang::Expr *init,
                         clang::SourceLocation loc, Block &out);
  void initializeContainer(Var *v, const clang::Expr *e,
                           clang::SourceLocation loc, Block &out);
  void listElements(Var *v, const clang::InitListExpr *list, tangent::Stmt &st,
                    clang::SourceLocation loc, Block &out);
  void constructedContainer(Var *v, const clang::CXXConstructExpr *ctor,
                            clang::SourceLocation loc, Block &out);

  // --- expressions (LowerExpr.cpp, LowerAssign.cpp, LowerCall.cpp) --------
  /// The value of `e`; its side effects are appended to `pre`.
  ExprPtr expr(const clang::Expr *e, Block &pre);
  /// A read of pass-through parameters (AstShapes.h, PassThroughRead): an
  /// inactive call of its operands.
  ExprPtr passThroughCall(const PassThroughRead &read, Block &pre);
  ExprPtr passedOperand(const clang::Expr *op, Block &pre);
  /// The variable or element `e` designates, to be written.
  ExprPtr target(const clang::Expr *e, Block &pre);
  /// `lhs op= rhs` (op: none for plain assignment); the target written.
  ExprPtr assignment(const clang::Expr *lhs, const clang::Expr *rhs,
                     std::optional<Op> op, clang::SourceLocation loc,
                     Block &pre);
  /// `++x`, `x--`...: the target (prefix) or its old value (postfix);
  /// `discarded`: a statement, whose value nobody reads (no old value).
  ExprPtr incDec(const clang::UnaryOperator *u, Block &pre,
                 bool discarded = false);
  /// A call; its result (if any) goes to `into` when given.
  ExprPtr call(const clang::CallExpr *call, Block &pre, Var *into);
  /// `tangent::grad<g, opts>()(args...)` (nestedGradient) into `results`,
  /// the gradient's floating-point leaves in order (LowerNested.cpp).
  void nestedGradient(const clang::CallExpr *c, const clang::FunctionDecl *g,
                      const Options &opts, std::vector<ExprPtr> results,
                      Block &pre);
  /// The Call statement of a user function (or custom derivative)
  /// `callee`: `on` (a member function's `*this`, or null), then
  /// `args`, split objects passed as their leaves; argument effects and
  /// temporaries go to `pre`.
  std::unique_ptr<tangent::Stmt>
  userCall(const clang::FunctionDecl *callee, const Object *on,
           llvm::ArrayRef<const clang::Expr *> args, clang::SourceLocation loc,
           Block &pre, const clang::Expr *on_source = nullptr);
  /// What each argument of a call was in the source (for messages).
  using CallSources = std::vector<const clang::Expr *>;
  /// userCall's parts: the callee (a custom rule's, or the lowered
  /// function); the leaves of an object argument (each written as its
  /// field allows, else when `written`); one argument for parameter `p`;
  /// the value of an argument passed as an expression.
  void callTarget(tangent::Stmt &st, const clang::FunctionDecl *callee);
  void objectArguments(tangent::Stmt &st, CallSources &sources,
                       std::vector<ExprPtr> leaves, clang::QualType type,
                       bool written, const clang::Expr *source,
                       clang::SourceLocation loc);
  /// The objects an array argument designates (AstShapes.h:
  /// objectArrayArgument), from its offset (no index: the whole array).
  Object arrayFrom(const ObjectArrayArgument &arg, Block &pre);
  /// The addresses a caller gives a pointer parameter indexed
  /// (objectArrayParam), one per field of the elements.
  std::vector<ExprPtr> objectArrayAddresses(const clang::Expr *a,
                                            clang::SourceLocation loc,
                                            Block &pre);
  void userArgument(tangent::Stmt &st, CallSources &sources,
                    const clang::ParmVarDecl *p, const clang::Expr *a,
                    clang::SourceLocation loc, Block &pre);
  ExprPtr argumentValue(const clang::ParmVarDecl *p, const clang::Expr *a,
                        bool output, clang::SourceLocation loc, Block &pre);
  /// Appends a userCall statement to `out`, then what must follow it: the
  /// rows of vectors of vectors it wrote, copied back (`written_back`).
  void emitCall(StmtPtr st, Block &out);
  /// std::max / std::min with comparator `comp`, as a branch.
  ExprPtr extreme(const clang::CallExpr *c, const clang::Expr *comp,
                  bool is_max, Block &pre);
  /// The call of an accessor (AstShapes.h: accessorValue) that returns
  /// `value`: what `value` designates, the arguments substituted.
  ExprPtr accessor(const clang::CallExpr *c, const clang::Expr *value,
                   Block &pre);
  /// The storage an address points at (AstShapes.h, validated), as an
  /// address (Expr::address); a named pointer as it is stays a VarRef.
  ExprPtr address(const AddressArgument &at, clang::SourceLocation loc,
                  Block &pre);
  /// Element `offset` of `base`: of a named container or pointer, or, for
  /// an address (a view: `p` of `const double *p = x + k`), of the storage
  /// it points at (`p[i]` is `x[k + i]`; an address stays an address).
  static ExprPtr viewElement(ExprPtr base, ExprPtr offset);
  // --- pointers that walk (LowerPointer.cpp) -------------------------------
  /// Makes `vd`, a view or pointer parameter that changes (AstShapes.h:
  /// pointerChanges), element `offset` of the storage `start` points at,
  /// with an offset variable of its own (offsets[vd]) set in `out`; not
  /// set for a view declared first (`set`: false), which its first
  /// assignment sets.
  void walkingView(const clang::VarDecl *vd, ExprPtr start,
                   clang::SourceLocation loc, Block &out, bool set = true);
  /// Makes `vd`, a view reassigned from one of `storages` to another (the
  /// validator allows it in expression statements only), element `offset`
  /// of storage number `in` (two locals of its own, choices[vd]).
  void viewOfChoice(const clang::VarDecl *vd, ExprPtr start,
                    llvm::ArrayRef<const clang::VarDecl *> storages,
                    clang::SourceLocation loc, Block &out);
  /// An expression statement that reads such a view: lowered once per
  /// storage, under a branch on which one it points into. False if `e`
  /// reads none.
  bool statementPerStorage(const clang::Expr *e, Block &out);
  /// `++p`, `p -= k`, `p = x + k`...: the offset changed (in `pre`); the
  /// pointer's value, before the step for a postfix one.
  ExprPtr stepPointer(const PointerStep &step, clang::SourceLocation loc,
                      Block &pre);
  /// `p - q`, `p < end` of two pointers into one storage: the same of
  /// their offsets.
  ExprPtr comparePointers(const clang::BinaryOperator *b, Block &pre);

  /// `base[index]` of a named container or pointer.
  ExprPtr element(const clang::Expr *base, const clang::Expr *index,
                  Block &pre);
  /// A literal of `qt` with the value `value`.
  ExprPtr literal(const clang::APValue &value, clang::QualType qt);
  /// A global constant, folded; or a global number the code only reads
  /// (validated: ValidateGlobal.cpp), by its name: data, no derivative.
  ExprPtr global(const clang::DeclRefExpr *e, const clang::VarDecl *vd);

  // --- class-type values (LowerObject.cpp) --------------------------------
  /// Variables of split type: one variable per leaf, layout order (for a
  /// reference to an element, with its index).
  std::map<const clang::VarDecl *, Object> objects;
  /// `*this` in a member function or constructor.
  Object self;
  /// A class-type result: the output parameters `return` writes.
  Object result_leaves;
  /// The leaves of the split type `qt` (validated).
  std::vector<Leaf> leavesOf(clang::QualType qt, clang::SourceLocation loc);
  /// One new variable per leaf of the split type `qt`, named after `stem`.
  Object objectVars(const std::string &stem, clang::QualType qt, VarRole role,
                    clang::SourceLocation loc);
  /// The variables that hold split-type `e`: its own for a named object,
  /// a member of one, `*this` or an element of a container of objects; for
  /// a computed value (braces, constructor, call), temporaries written in
  /// `pre`.
  Object object(const clang::Expr *e, Block &pre);
  /// The object a pointer `e` points at: for an array of objects
  /// (objectArray), its first element.
  Object pointedObject(const clang::Expr *e, Block &pre);
  /// The leaves of member `me` (a field, nested object or not).
  Object member(const clang::MemberExpr *me, Block &pre);
  /// Element `index` of a container of objects.
  Object objectElement(const clang::Expr *container, const clang::Expr *index,
                       Block &pre);
  /// The variables of a lambda's closure object, one per capture leaf.
  Object closure(const clang::LambdaExpr *le, Block &pre);
  /// Writes split-type `init` into `dest`. `fresh`: nothing in `init`
  /// reads `dest` (a declaration), so a call may write it directly.
  void buildObject(const Object &dest, const clang::Expr *init,
                   clang::SourceLocation loc, Block &out, bool fresh);
  /// buildObject's parts: leaf `k` of `dest` zeroed; the member of type
  /// `type` at leaf `at` (advanced past it) from `value` (null: zero); the
  /// members as a class's implicit default constructor sets them; a pair
  /// or tuple from its parts; the result of a constructor.
  void zeroLeaf(const Object &dest, size_t k, clang::SourceLocation loc,
                Block &out);
  void memberPart(const Object &dest, size_t &at, clang::QualType type,
                  const clang::Expr *value, clang::SourceLocation loc,
                  Block &out, bool fresh);
  void defaultMembers(const Object &dest, const clang::CXXRecordDecl *rd,
                      clang::SourceLocation loc, Block &out, bool fresh);
  void tupleObject(const Object &dest,
                   llvm::ArrayRef<const clang::Expr *> parts,
                   clang::SourceLocation loc, Block &out, bool fresh);
  /// `for (i = 0; i < count; i = i + 1)`, a fresh index named `stem` of
  /// type `it`, its body empty: the loops the lowering makes itself.
  StmtPtr indexLoop(const std::string &kind, const std::string &stem,
                    const Type &it, ExprPtr count, clang::SourceLocation loc);
  /// A view constructor (AstShapes.h, viewConstructor) run in place.
  void viewsInPlace(const Object &dest, const clang::CXXConstructExpr *ce,
                    clang::SourceLocation loc, Block &out);
  void constructedObject(const Object &dest, const clang::CXXConstructExpr *ce,
                         clang::SourceLocation loc, Block &out, bool fresh);
  /// A container of objects built from `x` (constructor or braces).
  void buildElements(const Object &dest, const clang::Expr *x,
                     clang::SourceLocation loc, Block &out);
  /// `dest = src`, leaf by leaf.
  void copyObject(const Object &dest, const Object &src,
                  clang::SourceLocation loc, Block &out);
  /// A call of a function returning a split-type value, into `dest`.
  void objectCall(const clang::CallExpr *c, const Object &dest, Block &pre);
  /// The object a member function is called on (`this` in a member).
  Object calledObject(const clang::Expr *obj, Block &pre);

  // --- shared state and helpers -------------------------------------------
  /// The translation unit's lowering (callees lowered once, refusals).
  Lowering &lowering_;
  /// The shared-storage pattern this lowering specialises for, or null.
  const SharedStorage *shared = nullptr;
  clang::ASTContext &ctx;
  const clang::FunctionDecl *fd;
  /// The IR function being built.
  Function *fn_;
  std::map<const clang::VarDecl *, Var *> vars;
  /// References bound to an element (range-for variables by reference,
  /// `double &r = v[i];`, a row `auto &row = m[i];`): the element they
  /// stand for, its indices in variables that do not change (frozenIndex).
  std::map<const clang::VarDecl *, ExprPtr> aliases;
  /// The pointer leaves of the function's own objects, views until
  /// resolveViews (LowerViews.cpp) replaces them by what they view.
  std::set<Var *> view_leaves;
  void resolveViews();
  /// The offset variables of pointers that walk (walkingView).
  std::map<const clang::VarDecl *, Var *> offsets;
  /// Views reassigned between storages (viewOfChoice): which storage, the
  /// offset there, and the storages.
  struct Choice {
    Var *in = nullptr;
    Var *offset = nullptr;
    std::vector<ExprPtr> storages;
  };
  std::map<const clang::VarDecl *, Choice> choices;
  /// Points such a view at `address` (storage number and offset, in `out`).
  void pointTo(const Choice &c, ExprPtr address, clang::SourceLocation loc,
               Block &out);
  std::vector<LoopContext> loops;
  /// The last userCall's rows passed by reference (to a temporary row
  /// copied from `m[i]`): the assignments `m[i] = row` after the call.
  Block written_back;
  Var *returned = nullptr;
  /// Inside a block marked [[tangent::checkpoint(N)]]: N (0 for no N), or
  /// -1 outside such blocks.
  int block_budget = -1;

  /// A shape the validator should have refused: an internal error.
  [[noreturn]] void unexpected(clang::SourceLocation loc,
                               const std::string &what);
  /// The IR type of `qt`, which the validator has checked.
  Type typeOf(clang::QualType qt, clang::SourceLocation loc);

  Var *temp(const Type &type, const std::string &stem);
  Var *flag(const char *stem);
  StmtPtr assign(ExprPtr lhs, ExprPtr rhs, clang::SourceLocation loc);
  StmtPtr setFlag(Var *v, bool value, clang::SourceLocation loc);
  /// Binds reference `vd` (a local, or an accessor's parameter) to what
  /// `init` designates: an object's leaves, a variable, a field, an element
  /// (its index frozen); a const reference to a computed value gets a copy.
  void bindReference(const clang::VarDecl *vd, const clang::Expr *init,
                     clang::SourceLocation loc, Block &out);
  /// `index` in a temporary (null stays null): a reference to an element
  /// keeps the element it was bound to.
  ExprPtr frozenIndex(ExprPtr index, clang::SourceLocation loc, Block &out);
  /// Element `x` (`v[i]`, `m[i][j]`) with every index frozen.
  ExprPtr frozenElement(ExprPtr x, clang::SourceLocation loc, Block &out);
  /// A row of type `row_type` (an element of a vector of vectors' braces,
  /// the row of `m(n, row)`, of `m.push_back(row)`, of `m[i] = row`): a
  /// named vector, a row of another (`m[j]`), or a temporary initialized
  /// from `init`.
  ExprPtr row(const Type &row_type, const clang::Expr *init,
              clang::SourceLocation loc, Block &out);
  /// `T v;` for a container: empty vector, zero array.
  StmtPtr defaultConstruct(Var *v, clang::SourceLocation loc);
  StmtPtr makeIf(ExprPtr cond, Block then_block, clang::SourceLocation loc);
  /// `!a && !b ...` over the flags that end the current sequence early.
  ExprPtr guardCondition();
  /// Whether statement `s` may end the enclosing sequence early.
  bool mayJump(const clang::Stmt *s);
  /// A local of the function for `vd` (declared or parameter).
  Var *varFor(const clang::VarDecl *vd, clang::SourceLocation use);
  /// The number of elements of a container, as a std::size_t expression.
  ExprPtr sizeOf(Var *container);
  /// The loop built from its pieces (LowerLoop.cpp).
  void loop(const clang::Stmt *s, Block &out);
  /// The loop's checkpoint and fixed-point annotations.
  void loopMarks(clang::SourceLocation loc, LoopInfo &li);
  /// The pieces of each kind of loop; a range-for's loop variable bound to
  /// the element at `index` of `row` (or of `container`), of the leaves of
  /// `range` for a container of objects.
  void loopPieces(const clang::Stmt *s, LoopInfo &li, LoopPieces &p);
  void forPieces(const clang::ForStmt *f, LoopInfo &li, LoopPieces &p);
  void rangeForPieces(const clang::CXXForRangeStmt *r, LoopInfo &li,
                      LoopPieces &p);
  void rangeVariable(const clang::VarDecl *lv, const Object &range,
                     const tangent::Expr *row, Var *container, Var *index,
                     clang::SourceLocation loc, Block &prologue);
  /// The General form: `inner` (the body) and the condition repeated until
  /// `exit_flag` is set.
  void generalLoop(LoopInfo &li, LoopPieces &p, Block inner, Var *exit_flag,
                   clang::SourceLocation loc);
  /// push_back, pop_back, resize, clear, reserve of a vector (a vector of
  /// objects: of each leaf), a statement (LowerVector.cpp).
  void containerStatement(const clang::CallExpr *c, const ContainerMember &cm,
                          Block &out);
  /// The vectors a container statement changes: the vector itself, or one
  /// per leaf of its objects; `rows`, a vector of vectors' row type.
  struct ChangedVectors {
    std::vector<Var *> vars;
    bool objects = false;
    const Type *rows = nullptr;
  };
  ChangedVectors changedVectors(const ContainerMember &cm,
                                clang::SourceLocation loc, Block &out);
  /// A Resize statement of `v`, appended to `out`.
  void resizeVector(Var *v, ResizeKind kind, std::vector<ExprPtr> args,
                    clang::SourceLocation loc, Block &out);
  /// push_back / emplace_back, resize and assign of the vectors `cv`.
  void vectorPushBack(const ContainerMember &cm, const ChangedVectors &cv,
                      clang::SourceLocation loc, Block &out);
  void vectorResize(const ContainerMember &cm, const ChangedVectors &cv,
                    clang::SourceLocation loc, Block &out);
  void vectorAssign(const ContainerMember &cm, const ChangedVectors &cv,
                    clang::SourceLocation loc, Block &out);
  /// back(), front() (elements) and empty() of a named container.
  ExprPtr containerValue(const clang::CallExpr *c, const ContainerMember &cm,
                         Block &pre);
  /// The index of the first (or with `back`, the last) element.
  ExprPtr endIndex(Var *container, bool back);
  /// The address of the first element a range bound designates
  /// (LowerAlgorithm.cpp): an Index of its storage, marked address.
  ExprPtr rangeStart(const RangeBound &b, clang::SourceLocation loc,
                     Block &pre);
  /// A local owning an array (AstShapes.h: OwnedArray), LowerDecl.cpp.
  void ownedLocal(const clang::VarDecl *vd, const OwnedArray &oa, Block &out);
  /// The address of the first element of the storage `s` (a named array,
  /// vector or pointer, an owned array, a view), for a view of it.
  ExprPtr storageStart(const clang::VarDecl *s, clang::SourceLocation loc);
  /// `m_dxx = Allocate<Real_t>(n)` (`size` n) and `Release(&m_dxx)` (0) of
  /// a pointer field that owns its array: a resize of its vector.
  void sizeOwnedField(const clang::MemberExpr *me, ExprPtr size,
                      clang::SourceLocation loc, Block &out);
  /// `p = Allocate<double>(n);` of such a local allocated later: its array
  /// resized.
  void allocate(const clang::VarDecl *p, const OwnedArray &oa,
                clang::SourceLocation loc, Block &out);
  /// std::fill / copy / accumulate / inner_product as an index loop over
  /// the whole container (LowerAlgorithm.cpp); the value, if any.
  ExprPtr algorithm(const clang::CallExpr *c, const RangeAlgorithm &ra,
                    Block &pre, Var *into);
  /// An algorithm's range: whole containers (`a`, `b` for the second
  /// sequence), or the addresses of their first elements; its count.
  struct AlgorithmRange {
    ExprPtr a, b, start, second_start, count;
  };
  AlgorithmRange algorithmRange(const RangeAlgorithm &ra,
                                clang::SourceLocation loc, Block &pre);
  /// The loop body over index `i` for the algorithm's kind (into `li`,
  /// what goes before the loop into `pre`); the algorithm's value.
  ExprPtr algorithmBody(const clang::CallExpr *c, const RangeAlgorithm &ra,
                        const AlgorithmRange &r, Var *i, ExprPtr value,
                        LoopInfo &li, Block &pre, Var *into);
  /// `std::vector<T> v(first, last)`: v sized to the range, then its
  /// elements copied (LowerAlgorithm.cpp).
  void rangeCopy(Var *v, const clang::Expr *first, const clang::Expr *last,
                 clang::SourceLocation loc, Block &out);
};

} // namespace tangent

#endif
