//===- Validator.h - the checks behind validate() ---------------*- C++ -*-===//
///
/// \file
/// The validator is the source half of the legality layer (Legality.h), an
/// allow-list: it walks the requested function and every user function it
/// calls, and every statement or expression it has no rule for is refused,
/// at its location. The lowering (frontend/lower/) runs only on what
/// passed. Its dispatch mirrors the lowering's: the validator is a
/// ConstStmtVisitor over statements, as FunctionLowerer is, and expressions
/// go through an ExprValidator visitor (ValidateExpr.cpp), as through
/// ExprLowerer, with methods of the same names: `VisitForStmt` finds both
/// how a for loop is checked and how it is lowered. Validate.cpp checks
/// functions, statements, declarations and initializers, ValidateExpr.cpp
/// expressions and calls, ValidateOrder.cpp calls that write what their
/// expression also reads, ValidateContainer.cpp container operations
/// (push_back, swap, std algorithms), ValidateObject.cpp objects,
/// ValidateOpenMP.cpp and ValidateMPI.cpp OpenMP and MPI.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FRONTEND_VALIDATOR_H
#define TANGENT_FRONTEND_VALIDATOR_H

#include "frontend/AstShapes.h"
#include "frontend/Diagnostics.h"
#include "ir/IR.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtVisitor.h"
#include <functional>
#include <map>
#include <set>
#include <string>

namespace tangent {

/// The refusals of a row of a multi-dimensional array used as a pointer,
/// and of such an array used whole (ValidateMultiArray.cpp).
extern const char *const multiArrayRowProblem;
extern const char *const multiArrayWholeProblem;

class Validator : public clang::ConstStmtVisitor<Validator> {
public:
  using Instantiate = std::function<void(const clang::FunctionDecl *)>;
  Validator(clang::ASTContext &ctx, Diagnoser &diags,
            const Instantiate &instantiate)
      : ctx_(ctx), diags_(diags), instantiate_(instantiate) {}

  /// Checks `fd` (its definition) and, transitively, its callees.
  void function(const clang::FunctionDecl *fd);
  /// Refuses what only the requested function cannot have: a pointer to
  /// objects it indexes (ValidateObjectArrays.cpp).
  void requestedParameters(const clang::FunctionDecl *fd);
  bool ok() const { return ok_; }

private:
  /// How an expression is used: read, or written (assigned, incremented,
  /// passed to a non-const reference parameter).
  enum class Use { Value, Target };

  /// What one function's checks know: its variables.
  struct Scope {
    std::set<const clang::VarDecl *> vars;    ///< parameters and locals
    std::set<const clang::VarDecl *> aliases; ///< range-for references
    /// Variables whose declaration was refused: their uses are not reported
    /// again (one mistake, one error).
    std::set<const clang::VarDecl *> refused;
    /// Views: the variable whose storage each points into (null for a
    /// variable or a row: those do not walk). ValidatePointer.cpp.
    std::map<const clang::VarDecl *, const clang::VarDecl *> storage;
    /// Pointers and std::unique_ptr locals that own the array they point
    /// at (`new double[n]`, `std::make_unique<double[]>(n)`).
    std::set<const clang::VarDecl *> owned;
    /// Parameters passed through (Types.h, passThrough): read only by
    /// calls (passThroughRead) and passed on to functions that take them.
    std::set<const clang::VarDecl *> passed;
  };

  clang::ASTContext &ctx_;
  Diagnoser &diags_;
  const Instantiate &instantiate_;
  std::set<const clang::FunctionDecl *> seen_;
  /// Accessors whose returned expression was checked (once each).
  std::set<const clang::FunctionDecl *> accessors_;
  bool ok_ = true;
  /// Globals read, and globals refused at a write (ValidateGlobal.cpp).
  std::set<const clang::VarDecl *> read_globals_, written_globals_;
  /// The problems of classes reported (refuseClass): each once.
  std::set<std::string> class_problems_;
  Scope *scope_ = nullptr;
  unsigned loops_ = 0;          ///< loops around the current statement
  unsigned parallel_loops_ = 0; ///< `omp parallel for` loops around it
  /// The statement being checked: the location of refusals of nodes that
  /// have none of their own.
  clang::SourceLocation current_;

  void refuse(clang::SourceLocation loc, const std::string &what);
  /// Refuses the declaration of `vd` (and, silently, its uses).
  void refuseDecl(const clang::VarDecl *vd, const std::string &what);
  /// What is wrong with a variable of type `qt` ("" if nothing).
  std::string typeProblem(clang::QualType qt, const char *what) const;
  /// Whether `s` reads a variable whose declaration was refused (its
  /// uses are not reported again: one mistake, one error).
  bool mentionsRefused(const clang::Stmt *s) const;
  /// Whether `e` names a variable whose declaration was refused, or an
  /// element or field of one.
  bool namesRefused(const clang::Expr *e) const;
  void warn(clang::SourceLocation loc, const std::string &what);

public:
  // --- statements (Validate.cpp): `Visit(s)` checks s; the same names as
  // FunctionLowerer's (frontend/lower/FunctionLowerer.h) -------------------
  void VisitCompoundStmt(const clang::CompoundStmt *s);
  void VisitAttributedStmt(const clang::AttributedStmt *s);
  void VisitLabelStmt(const clang::LabelStmt *s);
  void VisitNullStmt(const clang::NullStmt *) {}
  void VisitDeclStmt(const clang::DeclStmt *s);
  void VisitIfStmt(const clang::IfStmt *s);
  void VisitBreakStmt(const clang::BreakStmt *s);
  void VisitContinueStmt(const clang::ContinueStmt *s);
  void VisitReturnStmt(const clang::ReturnStmt *s);
  void VisitForStmt(const clang::ForStmt *s);
  void VisitWhileStmt(const clang::WhileStmt *s);
  void VisitDoStmt(const clang::DoStmt *s);
  void VisitCXXForRangeStmt(const clang::CXXForRangeStmt *s);
  void VisitSwitchStmt(const clang::SwitchStmt *s);
  /// An OpenMP directive (ValidateOpenMP.cpp): `parallel for` with the
  /// clauses tangent differentiates, else refused.
  void VisitOMPExecutableDirective(const clang::OMPExecutableDirective *d);
  /// ValidateOpenMP.cpp: a `parallel for` (or an `omp for` of a region), a
  /// `parallel` region's statements, a directive's clauses.
  void parallelLoop(const clang::OMPLoopDirective *d, bool in_region);
  bool parallelRegion(const clang::Stmt *s);
  void threadShares(const clang::CompoundStmt *body,
                    const clang::OMPForDirective *loop);
  void threadCalls(const clang::Stmt *s);
  void ompClauses(const clang::OMPExecutableDirective *d, bool nowait_ok);
  /// Refused: goto, try, inline assembly.
  void VisitGotoStmt(const clang::GotoStmt *s);
  void VisitIndirectGotoStmt(const clang::IndirectGotoStmt *s);
  void VisitCXXTryStmt(const clang::CXXTryStmt *s);
  void VisitAsmStmt(const clang::AsmStmt *s);
  /// An expression as a statement (its value dropped).
  void VisitExpr(const clang::Expr *e);
  /// Any other statement: refused.
  void VisitStmt(const clang::Stmt *s);

private:
  friend class ExprValidator;

  // Validate.cpp
  void signature(const clang::FunctionDecl *def);
  /// Checks `s` with its location as the default one of refusals.
  void stmt(const clang::Stmt *s);
  void loopBody(const clang::Stmt *body);
  /// A call of an MPI function (ValidateMPI.cpp): one of ir/Mpi.h with
  /// arguments of the shapes it lists, as a statement; else refused.
  bool isMpiCall(const clang::CallExpr *c) const;
  /// A library call kept for its effects (`exit`, `assert`, `printf`):
  /// its arguments. ValidateEffect.cpp.
  void effectCall(const clang::CallExpr *c);
  /// A call of a function of the rule table (mathRule): its arity, a
  /// constant where its rule has no derivative. ValidateMath.cpp.
  void mathCall(const clang::CallExpr *c, const Rule &rule);
  void mpiCall(const clang::CallExpr *c);
  /// A buffer argument of an MPI call (written: a receive's).
  void mpiBuffer(const clang::Expr *a, bool written);
  /// Whether <tangent/mpi.hpp> was included (namespace tangent::mpi).
  bool hasTangentMpi() const;
  void varDecl(const clang::VarDecl *vd);
  /// A number declared in an if, while, for or switch condition.
  void conditionVariable(const clang::VarDecl *cv);
  void localReference(const clang::VarDecl *vd);
  /// `v = init` for a variable, a return value or a whole-container
  /// assignment of type `type`.
  void initializer(const Type &type, const clang::Expr *init,
                   clang::SourceLocation loc);
  void containerInitializer(const clang::Expr *init, clang::SourceLocation loc);

  // ValidateOrder.cpp
  /// Refuses a call that writes a variable its full expression `full` also
  /// reads or writes (C++ leaves the order unspecified).
  void evaluationOrder(const clang::Expr *full);
  /// The same for each full expression of statement `s` (not of the
  /// statements it contains).
  void evaluationOrderOf(const clang::Stmt *s);

  // ValidateExpr.cpp
  void expr(const clang::Expr *e, Use use = Use::Value);
  /// An expression whose value is dropped (a statement, a for increment).
  void discarded(const clang::Expr *e);
  void declRef(const clang::DeclRefExpr *e, Use use);
  /// A global variable: a folded constant, or a number read only
  /// (ValidateGlobal.cpp).
  void global(const clang::DeclRefExpr *e, const clang::VarDecl *vd, Use use);
  /// Whether `base` of an index names a global (refused, said here).
  bool globalContainer(const clang::Expr *base);

public:
  /// Refuses the writes, anywhere `root` calls, of the globals it reads.
  void checkGlobals(const clang::FunctionDecl *root);

private:
  /// A read of pass-through parameters: its other operands are integers
  /// or literals. ValidateContainer.cpp.
  void passThroughOperands(const PassThroughRead &read,
                           clang::SourceLocation loc);
  /// The object carrying a pass-through field (passThroughField), read.
  void passThroughObject(const clang::MemberExpr *field);
  /// An argument given to `fd`'s pass-through parameter `p`: a parameter
  /// passed through, a field of such a type, or a literal.
  void passThroughArgument(const clang::FunctionDecl *fd,
                           const clang::ParmVarDecl *p, const clang::Expr *arg);
  /// A problem of a class (classProblem), reported where it is first met
  /// and not again at every use of the class.
  void refuseClass(clang::SourceLocation loc, const std::string &problem);
  /// A use of a pass-through parameter other than those.
  void refusePassed(const clang::VarDecl *vd, clang::SourceLocation loc);
  /// A parameter of a pass-through type: by value or const reference.
  void passThroughParameter(const clang::ParmVarDecl *p);
  void cast(const clang::CastExpr *e, Use use);
  void unary(const clang::UnaryOperator *e, Use use);
  void binary(const clang::BinaryOperator *e);
  /// `std::tie(a, b) = t;` (`tied`: the targets, null for std::ignore).
  void tieAssignment(llvm::ArrayRef<const clang::Expr *> tied,
                     const clang::Expr *rhs, bool compound,
                     clang::SourceLocation loc);
  void assignment(const clang::Expr *lhs, const clang::Expr *rhs, bool compound,
                  clang::SourceLocation loc);
  void conditional(const clang::ConditionalOperator *e, Use use);
  void subscript(const clang::ArraySubscriptExpr *e);
  void element(const clang::Expr *base, const clang::Expr *index,
               clang::SourceLocation loc);
  void operatorCall(const clang::CXXOperatorCallExpr *e);
  void memberCall(const clang::CXXMemberCallExpr *e);
  void call(const clang::CallExpr *call);
  void callee(const clang::CallExpr *call, const clang::FunctionDecl *fd);
  /// `tangent::grad<g, opts>()(args...)`: a nested gradient
  /// (ValidateNested.cpp).
  void nestedGradientCall(const clang::CallExpr *c,
                          const clang::FunctionDecl *g, const Options &opts);
  /// std::max / std::min with a comparator `comp`.
  void comparator(const clang::CallExpr *c, const clang::Expr *comp);

  // ValidateContainer.cpp
  void swapCall(const clang::Expr *a, const clang::Expr *b,
                clang::SourceLocation loc);
  /// push_back, pop_back, resize, clear, reserve: a statement of its own.
  /// push_back, pop_back, resize... of a vector of vectors.
  void rowsStatement(const clang::CallExpr *c, const ContainerMember &cm);
  void containerStatement(const clang::CallExpr *c, const ContainerMember &cm);
  /// back(), front(), empty(); the size-changing ones inside an expression.
  void containerValue(const clang::CallExpr *c, const ContainerMember &cm);
  /// An algorithm over part of a container or over a pointer's storage
  /// (RangeBound), memcpy and memset (ValidateContainer.cpp).
  void partialAlgorithm(const RangeAlgorithm &ra);
  /// `std::vector<double> v(first, last)` (rangeConstructor).
  void rangeCopy(const clang::Expr *first, const clang::Expr *last);
  /// One end of such a range, used as `use`; false (refused) if it is not
  /// one; `storage` gets the variable it is into.
  bool rangeEnd(const clang::Expr *e, const std::string &what, Use use,
                RangeBound &out, const clang::VarDecl *&storage);
  void algorithmCall(const clang::CallExpr *c, const RangeAlgorithm &ra,
                     bool dereferenced = false);
  /// `*std::max_element(...)` / min_element: true if `e` is one (checked).
  bool extremeElement(const clang::Expr *e);

  // ValidateObject.cpp
  /// What is wrong with the class type `qt` as a value tangent splits into
  /// fields ("" if nothing, or if it is not a class).
  std::string classProblem(clang::QualType qt) const;
  /// A class type tangent splits into fields, without problems.
  bool isObject(clang::QualType qt) const;
  /// A class-type expression, read or written.
  void object(const clang::Expr *e, Use use = Use::Value);
  /// The default member initializer of `f`, lowered where it is used.
  void defaultMemberInit(const clang::FieldDecl *f, clang::SourceLocation loc);
  void construction(const clang::CXXConstructExpr *ce);
  /// A container of objects constructed or listed.
  void elements(const clang::Expr *x);
  /// A lambda expression: its captures.
  void lambda(const clang::LambdaExpr *le);
  /// A field of an object, read or written.
  void member(const clang::MemberExpr *me, Use use);
  /// Whether `e` is a container field of an object (then checked).
  bool containerMember(const clang::Expr *e);
  /// The arguments of a call of `fd` (objects, containers, values).
  /// (`call`: the whole call, null for a constructor.)
  void arguments(const clang::FunctionDecl *fd,
                 llvm::ArrayRef<const clang::Expr *> args,
                 const clang::Expr *call = nullptr);
  /// A pointer parameter to objects its function indexes: why its class
  /// cannot be split by field ("" if it can), and the argument a call
  /// gives it (ValidateObjectArrays.cpp).
  std::string objectArrayProblem(const clang::ParmVarDecl *p) const;
  void objectArrayArgument(const clang::FunctionDecl *fd,
                           const clang::ParmVarDecl *p, const clang::Expr *a);
  /// `Atom *b = new Atom[n];` (AstShapes.h: ownedObjects).
  void ownedObjectsLocal(const clang::VarDecl *vd, const clang::CXXNewExpr *ne);
  /// The argument of a pointer parameter, when it is one: an address
  /// (address()), or for a parameter pointing at rows (`double b[][8]`) a
  /// whole local array, a row of a 3-D one or such a parameter (else
  /// refused). False when `p` takes no address (ValidateMultiArray.cpp).
  bool pointerArgument(const clang::ParmVarDecl *p, const clang::Expr *arg);
  /// Refuses a call of `fd`, which has a custom derivative, when it has a
  /// parameter pointing at rows (the rule would get flat storage); says
  /// whether it did.
  bool rowsToCustomRule(const clang::CallExpr *c,
                        const clang::FunctionDecl *fd);
  // --- pointers (ValidatePointer.cpp) --------------------------------------
  /// A pointer local: a view initialized to an address (`const double *p =
  /// x + k;`), which may walk its storage.
  void localPointer(const clang::VarDecl *vd);
  /// `s.p` of a pointer field (ValidateObject.cpp), validated as read.
  bool pointerMember(const clang::Expr *e);
  /// The value of a pointer field where its object is built.
  void pointerFieldValue(clang::QualType type, const clang::Expr *value);
  /// `s.p = x + k;` (ValidateObject.cpp).
  void pointerFieldAssignment(const clang::Expr *lhs, const clang::Expr *rhs,
                              bool compound, clang::SourceLocation loc);
  /// `Body *b = &body;`: the object, by reference (ValidateObject.cpp).
  void objectPointerLocal(const clang::VarDecl *vd, clang::QualType pointee);
  /// A pointer local (an owner, a pointer to an object, a view; `new` of
  /// objects refused): whether it is one, validated.
  bool pointerLocal(const clang::VarDecl *vd);
  /// A local owning an array (OwnedArray): its storage, a view of it.
  void ownedLocal(const clang::VarDecl *vd, const OwnedArray &oa);
  /// `delete[] p` of such a local.
  void deleteExpr(const clang::CXXDeleteExpr *d);
  /// `p = Allocate<double>(n);` of a pointer local owning its arrays.
  void allocate(const clang::VarDecl *p, const OwnedArray &oa,
                clang::SourceLocation loc);
  /// `m_dxx = Allocate<Real_t>(n);`, `Release(&m_dxx)` of a pointer field
  /// that owns its array (AstShapes.h: ownedField).
  void ownedFieldChange(const clang::MemberExpr *me, const OwnedArray *oa);
  /// `p != nullptr`, `if (p)`: refused for an owner a function of yours
  /// frees (it may set it to null).
  void nullTest(const clang::Expr *pointer, clang::SourceLocation loc);
  /// `free(p)`, `Release(&p)` (AstShapes.h: freedPointer).
  void freeOwned(const clang::Expr *pointer, clang::SourceLocation loc);
  /// Whether `p` owns its array, or views one a local owns (or was refused
  /// at its declaration: nothing more is said).
  bool ownedStorage(const clang::VarDecl *p);
  /// An address given to a pointer parameter (AstShapes.h): of a variable
  /// or element, or an element of a named array, vector or pointer.
  void address(const AddressArgument &at, Use use);
  /// The variable whose storage address `at` is into: an array, vector or
  /// pointer, what a view views; null for a variable, a row or a field.
  const clang::VarDecl *storageOf(const AddressArgument &at) const;
  /// `++p`, `p += k`, `p = x + j` of a view or pointer parameter.
  void stepPointer(const PointerStep &step, clang::SourceLocation loc);
  /// `p = &s[i]` of a view that is reassigned from one storage to another
  /// (`storages`: AstShapes.h, pointerStorages).
  void choiceOfStorage(const PointerStep &step,
                       llvm::ArrayRef<const clang::VarDecl *> storages,
                       clang::SourceLocation loc);
  /// `p < end`, `p - x`: two pointers into one storage.
  void comparePointers(const clang::BinaryOperator *b);
  /// A call of a member function (or member operator) of the user's on
  /// `on`.
  void memberFunctionCall(const clang::CallExpr *c,
                          const clang::CXXMethodDecl *md,
                          const clang::Expr *on);
  /// A call of a function of the user's returning a reference: an accessor
  /// (AstShapes.h: accessorValue) whose shape and arguments the lowering
  /// can substitute, or, used as a target, refused. False if refused.
  bool accessorCall(const clang::CallExpr *c, Use use);
  /// A call of a function of the user's differentiated through its body.
  void userFunction(const clang::CallExpr *c, const clang::FunctionDecl *fd,
                    llvm::ArrayRef<const clang::Expr *> args);
  /// A constructor's member and base initializers.
  void memberInitializers(const clang::CXXConstructorDecl *ctor);

  /// Whether `e` (parentheses and implicit casts aside) names a variable of
  /// this function (not an alias) whose type is a container, or also a
  /// pointer when `or_pointer`.
  bool namesContainer(const clang::Expr *e, bool or_pointer = false) const;
  /// Whether `e` is a row of a named vector of vectors (`m[i]`, `m.at(i)`,
  /// a range-for reference to one); its index is then checked.
  bool namesRow(const clang::Expr *e);
  /// The variable `e` names, parentheses and implicit casts aside.
  const clang::VarDecl *namedVar(const clang::Expr *e) const;
};

} // namespace tangent

#endif
