//===- ValidateOrder.cpp - calls that write what their expression reads ---===//
//
// C++ leaves the order in which most operands are evaluated unspecified. In
// `x * h(x)`, with `h(double &)` writing its argument, the read of `x` may
// see the old value or the new one (clang reads it first). Tangent calls the
// functions in an expression before it evaluates the rest, so it would
// differentiate the other order, and the gradient would not be that of the
// compiled function. Such an expression is refused, at the call: the call
// writes a variable (through a reference or pointer parameter, as a member
// function of it, or as a lambda capturing it by reference) that the same
// full expression reads or writes outside the call. The right-hand side of an
// assignment is evaluated before its left (C++17), so `x = h(x)` and
// `x += h(x)` are fine.
//
//===----------------------------------------------------------------------===//
#include "frontend/Validator.h"
#include "clang/AST/ExprCXX.h"
#include <set>

using namespace clang;

namespace tangent {

namespace {

/// The variable whose storage `e` names: through fields, subscripts,
/// dereferences and local references bound to another variable's storage;
/// null if `e` names none.
const VarDecl *storageRoot(const clang::Expr *e) {
  while (e) {
    e = e->IgnoreParenImpCasts();
    if (const auto *m = dyn_cast<MemberExpr>(e)) {
      e = m->getBase();
    } else if (const auto *s = dyn_cast<ArraySubscriptExpr>(e)) {
      e = s->getBase();
    } else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
               op && op->getOperator() == OO_Subscript) {
      e = op->getArg(0);
    } else if (const auto *u = dyn_cast<UnaryOperator>(e);
               u &&
               (u->getOpcode() == UO_Deref || u->getOpcode() == UO_AddrOf)) {
      e = u->getSubExpr();
    } else if (const auto *d = dyn_cast<DeclRefExpr>(e)) {
      const auto *vd = dyn_cast<VarDecl>(d->getDecl());
      if (!vd)
        return nullptr;
      // A local reference is the storage it was bound to.
      if (vd->getType()->isReferenceType() && !isa<ParmVarDecl>(vd) &&
          vd->getInit())
        if (const VarDecl *bound = storageRoot(vd->getInit()))
          return bound;
      return vd;
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

/// Whether a parameter of type `t` lets the callee write its argument.
bool writableParam(QualType t) {
  if (const auto *r = t->getAs<LValueReferenceType>())
    return !r->getPointeeType().isConstQualified();
  if (t->isPointerType())
    return !t->getPointeeType().isConstQualified();
  return false;
}

/// A member function of a library container that changes its elements or
/// its size (the others only give access: back(), begin(), operator[]).
bool modifiesContainer(const CXXMethodDecl *m) {
  if (!m->getDeclName().isIdentifier())
    return false;
  static const char *const names[] = {
      "push_back", "emplace_back", "pop_back", "insert", "erase",  "resize",
      "clear",     "assign",       "swap",     "fill",   "emplace"};
  for (const char *n : names)
    if (m->getName() == n)
      return true;
  return false;
}

/// Whether `e` names a part of the object a member function is called on.
bool namesThis(const clang::Expr *e) {
  while (e) {
    e = e->IgnoreParenImpCasts();
    if (isa<CXXThisExpr>(e))
      return true;
    if (const auto *m = dyn_cast<MemberExpr>(e))
      e = m->getBase();
    else if (const auto *s = dyn_cast<ArraySubscriptExpr>(e))
      e = s->getBase();
    else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
             op && op->getOperator() == OO_Subscript)
      e = op->getArg(0);
    else
      return false;
  }
  return false;
}

/// What a piece of code writes: variables, and whether the object of the
/// member function it is in.
struct Writes {
  std::set<const VarDecl *> vars;
  bool object = false;
  void add(const clang::Expr *target) {
    if (const VarDecl *v = storageRoot(target))
      vars.insert(v);
    else if (namesThis(target))
      object = true;
  }
};

void conservativeWrites(const CallExpr *c, ASTContext &ctx, Writes &out);

/// The functions whose bodies are being read (recursion).
using Visiting = std::set<const FunctionDecl *>;

void writesOf(const clang::Stmt *s, ASTContext &ctx, Writes &out,
              Visiting &visiting);

/// What a call may write, seen from the caller. A user function writes an
/// argument when its body writes the parameter bound to it (or passes it on
/// to be written); a non-const member function its object when its body
/// writes a field; a lambda what its body writes (what it captured by
/// reference among them).
void callWrites(const CallExpr *c, ASTContext &ctx, Writes &out,
                Visiting &visiting) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd || isLibraryFunction(fd, ctx) || !fd->hasBody())
    return;
  const FunctionDecl *def = nullptr;
  fd->hasBody(def);
  if (!visiting.insert(def).second)
    return conservativeWrites(c, ctx, out); // a recursive call
  struct Leave {
    Visiting &v;
    const FunctionDecl *d;
    ~Leave() { v.erase(d); }
  } leave{visiting, def};
  const auto *method = dyn_cast<CXXMethodDecl>(fd);
  if (method && method->getParent()->isLambda()) {
    writesOf(def->getBody(), ctx, out, visiting);
    return;
  }
  Writes inside;
  writesOf(def->getBody(), ctx, inside, visiting);
  unsigned first = 0;
  const clang::Expr *object = nullptr;
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(c);
      op && method && !method->isStatic()) {
    object = op->getArg(0); // the object is a member operator's first
    first = 1;
  } else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c)) {
    object = mc->getImplicitObjectArgument();
  }
  if (object && method && !method->isConst() && inside.object)
    out.add(object);
  for (unsigned i = first; i < c->getNumArgs(); ++i) {
    const unsigned p = i - first;
    if (p < def->getNumParams() &&
        writableParam(def->getParamDecl(p)->getType()) &&
        inside.vars.count(def->getParamDecl(p)))
      out.add(c->getArg(i));
  }
}

/// What a call may write when its body is not read (a recursive call, a
/// library function): every argument it may write; of a library container,
/// only a modifying member function writes the container.
void conservativeWrites(const CallExpr *c, ASTContext &ctx, Writes &out) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd)
    return;
  const bool library = isLibraryFunction(fd, ctx);
  const auto *method = dyn_cast<CXXMethodDecl>(fd);
  const auto *op = dyn_cast<CXXOperatorCallExpr>(c);
  const bool member_op = op && method && !method->isStatic();
  if (op && op->isAssignmentOp())
    out.add(op->getArg(0));
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c);
      mc && method && !method->isConst() &&
      (!library || modifiesContainer(method)))
    out.add(mc->getImplicitObjectArgument());
  const unsigned first = member_op ? 1 : 0;
  for (unsigned i = first; i < c->getNumArgs(); ++i)
    if (i - first < fd->getNumParams() &&
        writableParam(fd->getParamDecl(i - first)->getType()))
      out.add(c->getArg(i));
}

/// What a call may write through the pointers it is given: the arguments
/// of its pointer-to-non-const parameters.
void pointerWrites(const CallExpr *c, Writes &out) {
  const FunctionDecl *fd = c->getDirectCallee();
  const unsigned first = isa<CXXOperatorCallExpr>(c) &&
                                 isa<CXXMethodDecl>(fd) &&
                                 !cast<CXXMethodDecl>(fd)->isStatic()
                             ? 1
                             : 0;
  for (unsigned i = first; i < c->getNumArgs(); ++i) {
    if (i - first >= fd->getNumParams())
      continue;
    QualType t = fd->getParamDecl(i - first)->getType();
    if (t->isPointerType() && !t->getPointeeType().isConstQualified())
      out.add(c->getArg(i));
  }
}

/// What `s` writes: assigned, incremented, written by the calls in it (not
/// inside lambdas it defines, which write when they are called).
void writesOf(const clang::Stmt *s, ASTContext &ctx, Writes &out,
              Visiting &visiting) {
  if (!s || isa<LambdaExpr>(s))
    return;
  if (const auto *b = dyn_cast<BinaryOperator>(s); b && b->isAssignmentOp())
    out.add(b->getLHS());
  else if (const auto *u = dyn_cast<UnaryOperator>(s);
           u && u->isIncrementDecrementOp())
    out.add(u->getSubExpr());
  // A nested gradient's function writes none of its arguments
  // (ValidateNested.cpp).
  Options nested;
  const auto *c = dyn_cast<CallExpr>(s);
  if (c && !nestedGradient(c, nested)) {
    const FunctionDecl *fd = c->getDirectCallee();
    if (fd && !isLibraryFunction(fd, ctx) && fd->hasBody())
      callWrites(c, ctx, out, visiting);
    else
      conservativeWrites(c, ctx, out);
  }
  for (const clang::Stmt *child : s->children())
    writesOf(child, ctx, out, visiting);
}

/// The calls of a full expression, not inside the lambdas it defines.
void callsOf(const clang::Stmt *s, std::vector<const CallExpr *> &out) {
  if (!s || isa<LambdaExpr>(s))
    return;
  if (const auto *c = dyn_cast<CallExpr>(s))
    out.push_back(c);
  for (const clang::Stmt *child : s->children())
    callsOf(child, out);
}

/// Whether `s` names `v` outside `skip` (and outside lambdas).
bool namesOutside(const clang::Stmt *s, const clang::Stmt *skip,
                  const VarDecl *v) {
  if (!s || s == skip || isa<LambdaExpr>(s))
    return false;
  if (const auto *d = dyn_cast<DeclRefExpr>(s))
    if (storageRoot(d) == v)
      return true;
  for (const clang::Stmt *child : s->children())
    if (namesOutside(child, skip, v))
      return true;
  return false;
}

bool contains(const clang::Stmt *s, const clang::Stmt *inner) {
  if (!s)
    return false;
  if (s == inner)
    return true;
  for (const clang::Stmt *child : s->children())
    if (contains(child, inner))
      return true;
  return false;
}

/// `e` if it is a `?:` of type void (a statement, or an operand of `,`).
const ConditionalOperator *voidConditional(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *ewc = dyn_cast<ExprWithCleanups>(e))
    e = ewc->getSubExpr()->IgnoreParenImpCasts();
  const auto *c = dyn_cast<ConditionalOperator>(e);
  return c && c->getType()->isVoidType() ? c : nullptr;
}

} // namespace

void Validator::evaluationOrder(const clang::Expr *full) {
  if (!full)
    return;
  // `a, b`: a is evaluated before b, each a full expression of its own.
  if (const BinaryOperator *comma = commaOperator(full)) {
    evaluationOrder(comma->getLHS());
    return evaluationOrder(comma->getRHS());
  }
  // `c ? a : b` without a value: c is evaluated before the branch that
  // runs, each branch alone (lowered as an if/else, LowerExpr.cpp).
  if (const ConditionalOperator *branch = voidConditional(full)) {
    evaluationOrder(branch->getCond());
    evaluationOrder(branch->getTrueExpr());
    return evaluationOrder(branch->getFalseExpr());
  }
  std::vector<const CallExpr *> calls;
  callsOf(full, calls);
  if (calls.empty())
    return;
  // `lhs = rhs`, `lhs op= rhs`: rhs is evaluated first, then lhs.
  const clang::Expr *lhs = nullptr, *rhs = nullptr;
  const clang::Expr *top = full->IgnoreParenImpCasts();
  if (const auto *ewc = dyn_cast<ExprWithCleanups>(top))
    top = ewc->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *b = dyn_cast<BinaryOperator>(top); b && b->isAssignmentOp()) {
    lhs = b->getLHS();
    rhs = b->getRHS();
  } else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(top);
             op && op->isAssignmentOp()) {
    lhs = op->getArg(0);
    rhs = op->getArg(1);
  }
  for (const CallExpr *c : calls) {
    if (c == top && !lhs)
      continue; // the whole expression: nothing else is evaluated
    Writes written;
    Visiting visiting;
    // A function without a body (one with a custom derivative) may write
    // any argument it can; a library function what it is given the address
    // of (`std::frexp(x, &e)`; not `std::begin(v)`, which takes a T&).
    const FunctionDecl *fd = c->getDirectCallee();
    if (Options opts; nestedGradient(c, opts))
      continue; // writes none of its arguments (ValidateNested.cpp)
    if (fd && isLibraryFunction(fd, ctx_))
      pointerWrites(c, written);
    else if (fd && fd->hasBody())
      callWrites(c, ctx_, written, visiting);
    else
      conservativeWrites(c, ctx_, written);
    const clang::Stmt *scope = full;
    if (rhs && contains(rhs, c))
      scope = rhs;
    for (const VarDecl *v : written.vars) {
      if (!namesOutside(scope, c, v))
        continue;
      refuse(c->getBeginLoc(),
             "the call '" + spelledAs(c, ctx_) + "' writes '" +
                 v->getNameAsString() +
                 "', which the same expression also reads or writes: C++ "
                 "does not fix which comes first (tangent would make the "
                 "call first); make the call a statement of its own");
      return;
    }
  }
}

void Validator::evaluationOrderOf(const clang::Stmt *s) {
  if (const auto *e = dyn_cast<clang::Expr>(s)) {
    evaluationOrder(e);
  } else if (const auto *ds = dyn_cast<DeclStmt>(s)) {
    for (const Decl *d : ds->decls())
      if (const auto *vd = dyn_cast<VarDecl>(d))
        evaluationOrder(vd->getInit());
  } else if (const auto *r = dyn_cast<ReturnStmt>(s)) {
    evaluationOrder(r->getRetValue());
  } else if (const auto *i = dyn_cast<IfStmt>(s)) {
    evaluationOrder(i->getCond());
  } else if (const auto *w = dyn_cast<WhileStmt>(s)) {
    evaluationOrder(w->getCond());
  } else if (const auto *d = dyn_cast<DoStmt>(s)) {
    evaluationOrder(d->getCond());
  } else if (const auto *f = dyn_cast<ForStmt>(s)) {
    evaluationOrder(f->getCond());
    evaluationOrder(f->getInc());
  } else if (const auto *sw = dyn_cast<SwitchStmt>(s)) {
    evaluationOrder(sw->getCond());
  }
}

} // namespace tangent
