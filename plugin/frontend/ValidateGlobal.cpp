//===- ValidateGlobal.cpp - globals the differentiated code reads ---------===//
//
// A global of arithmetic type (`double scale = 2.0;` at namespace scope) is
// constant data to the derivative when nothing the differentiated function
// calls writes it: it has no adjoint and no tangent, and generated code
// reads it by its name (frontend/lower/LowerGlobal.cpp). Constants that fold
// are literals, as before. A write anywhere in the call tree (an
// assignment, `++`, its address taken, a binding to a non-const
// reference, passing it to a function tangent does not see) makes it
// hidden state that the adjoint cannot track: refused at the write, after
// the whole tree is checked (validate: checkGlobals), since a callee that
// is never differentiated (a call without differentiable arguments, a
// custom rule's function) may write it too.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "frontend/Validator.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace tangent {

namespace {

const char *const passItOn =
    ": its value is hidden state that the adjoint cannot track; pass it "
    "as a parameter (or declare it const if it never changes)";

std::string notANumber(const VarDecl *vd) {
  return "global variable '" + vd->getNameAsString() +
         "' is supported only when it is a number that the differentiated "
         "code reads (`double scale = 2.0;`)" +
         passItOn;
}

/// How the use `dre` of a global may change it: empty for a read.
std::string howWritten(const DeclRefExpr *dre, ASTContext &ctx) {
  const clang::Expr *cur = dre;
  for (;;) {
    DynTypedNodeList parents = ctx.getParents(*cur);
    if (parents.size() != 1)
      return "it is used in a way tangent cannot check";
    if (const auto *vd = parents[0].get<VarDecl>())
      return vd->getType()->isReferenceType() &&
                     !vd->getType().getNonReferenceType().isConstQualified()
                 ? "it is bound to a non-const reference"
                 : "";
    const auto *p = parents[0].get<clang::Expr>();
    if (!p)
      return "it is used in a way tangent cannot check";
    if (isa<ParenExpr>(p)) {
      cur = p;
      continue;
    }
    if (const auto *c = dyn_cast<ImplicitCastExpr>(p)) {
      if (c->getCastKind() == CK_LValueToRValue)
        return "";
      if (c->getCastKind() == CK_NoOp) {
        cur = p;
        continue;
      }
      return "it is used in a way tangent cannot check";
    }
    if (const auto *u = dyn_cast<UnaryOperator>(p))
      return u->isIncrementDecrementOp()   ? "it is incremented or decremented"
             : u->getOpcode() == UO_AddrOf ? "its address is taken"
                                           : "it is used in a way tangent "
                                             "cannot check";
    if (const auto *b = dyn_cast<BinaryOperator>(p)) {
      if (b->isAssignmentOp() && b->getLHS()->IgnoreParens() == cur)
        return "it is assigned";
      if (b->getOpcode() == BO_Comma && b->getLHS() == cur)
        return "";
      return "it is used in a way tangent cannot check";
    }
    if (const auto *c = dyn_cast<CallExpr>(p)) {
      const FunctionDecl *fd = c->getDirectCallee();
      unsigned shift = isa<CXXOperatorCallExpr>(c) && fd &&
                               isa<CXXMethodDecl>(fd) &&
                               !cast<CXXMethodDecl>(fd)->isStatic()
                           ? 1
                           : 0;
      for (unsigned i = shift; fd && i < c->getNumArgs(); ++i) {
        if (c->getArg(i) != cur || i - shift >= fd->getNumParams())
          continue;
        QualType pt = fd->getParamDecl(i - shift)->getType();
        if (pt->isReferenceType() &&
            !pt.getNonReferenceType().isConstQualified())
          return "it is passed to a non-const reference parameter of '" +
                 fd->getNameAsString() + "'";
        if (!fd->hasBody() && !isLibraryFunction(fd, ctx))
          return "it is passed to '" + fd->getNameAsString() +
                 "', whose body tangent does not see";
        return "";
      }
      return "it is used in a way tangent cannot check";
    }
    return "it is used in a way tangent cannot check";
  }
}

/// The functions `root` calls, transitively (their definitions), itself
/// included; the standard library's are not looked into.
class CallTree : public RecursiveASTVisitor<CallTree> {
public:
  CallTree(ASTContext &ctx) : ctx_(ctx) {}
  void add(const FunctionDecl *fd) {
    const FunctionDecl *def = nullptr;
    if (!fd || isLibraryFunction(fd, ctx_) || !fd->hasBody(def) || !def ||
        std::find(order.begin(), order.end(), def) != order.end())
      return;
    order.push_back(def);
    TraverseStmt(def->getBody());
    if (const auto *ctor = dyn_cast<CXXConstructorDecl>(def))
      for (const CXXCtorInitializer *init : ctor->inits())
        TraverseStmt(init->getInit());
  }
  bool VisitCallExpr(CallExpr *c) {
    const FunctionDecl *fd = c->getDirectCallee();
    if (fd && !fd->hasBody() && !isLibraryFunction(fd, ctx_))
      unseen.push_back(c); // a function with a custom rule, say
    add(fd);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *c) {
    add(c->getConstructor());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *e) {
    if (const auto *vd = dyn_cast<VarDecl>(e->getDecl()))
      uses[vd->getCanonicalDecl()].push_back(e);
    return true;
  }
  std::vector<const FunctionDecl *> order;
  std::map<const VarDecl *, std::vector<const DeclRefExpr *>> uses;
  /// Calls of functions of the user's without a body here: what they
  /// write, tangent cannot see.
  std::vector<const CallExpr *> unseen;

private:
  ASTContext &ctx_;
};

/// Where, anywhere in the translation unit, a global's address is taken
/// or a non-const reference variable is bound to it: writes through such
/// an alias (a pointer given to the function, a global pointer) are not
/// writes to its name.
class Aliases : public RecursiveASTVisitor<Aliases> {
public:
  explicit Aliases(const std::set<const VarDecl *> &globals)
      : globals_(globals) {}
  bool VisitUnaryOperator(UnaryOperator *u) {
    if (u->getOpcode() == UO_AddrOf)
      note(u->getSubExpr(), u->getBeginLoc());
    return true;
  }
  bool VisitVarDecl(VarDecl *vd) {
    QualType t = vd->getType();
    if (vd->getInit() && t->isReferenceType() &&
        !t.getNonReferenceType().isConstQualified())
      note(vd->getInit(), vd->getLocation());
    return true;
  }
  std::map<const VarDecl *, SourceLocation> found;

private:
  void note(const clang::Expr *e, SourceLocation loc) {
    const auto *dre = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    const auto *vd = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
    if (vd && globals_.count(vd->getCanonicalDecl()))
      found.emplace(vd->getCanonicalDecl(), loc);
  }
  const std::set<const VarDecl *> &globals_;
};

} // namespace

bool readOnlyGlobal(const VarDecl *vd) {
  Type t; // a number tangent has a type for (not a complex number)
  return vd->hasGlobalStorage() && !vd->isStaticLocal() &&
         vd->getDeclContext()->getRedeclContext()->isFileContext() &&
         vd->getType()->isArithmeticType() &&
         !vd->getType()->isAnyComplexType() &&
         !vd->getType().isVolatileQualified() &&
         lowerType(vd->getASTContext(), vd->getType().getUnqualifiedType(),
                   t) &&
         (t.isReal() || t.isIntegral());
}

void Validator::global(const DeclRefExpr *e, const VarDecl *vd, Use use) {
  SourceLocation loc = e->getBeginLoc();
  // A global or static constant: folded into a literal.
  clang::Expr::EvalResult result;
  if (use == Use::Value && vd->getType().isConstQualified() &&
      e->EvaluateAsRValue(result, ctx_) &&
      (result.Val.isInt() || result.Val.isFloat()))
    return;
  if (!readOnlyGlobal(vd))
    return refuse(loc, notANumber(vd));
  if (use == Use::Target) {
    written_globals_.insert(vd->getCanonicalDecl());
    return refuse(loc, "global variable '" + vd->getNameAsString() +
                           "' is written here: its value is hidden state "
                           "that the adjoint cannot track; pass it as a "
                           "parameter (by reference if the caller needs "
                           "the new value)");
  }
  read_globals_.insert(vd->getCanonicalDecl());
}

bool Validator::globalContainer(const clang::Expr *base) {
  const auto *dre = dyn_cast<DeclRefExpr>(base->IgnoreParenImpCasts());
  const auto *vd = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
  if (!vd || !vd->hasGlobalStorage() || vd->isStaticLocal() ||
      !vd->getDeclContext()->getRedeclContext()->isFileContext() ||
      scope_->vars.count(vd) || scope_->refused.count(vd))
    return false; // a constant table has a local copy (varDecl)
  refuse(dre->getBeginLoc(), notANumber(vd));
  return true;
}

void Validator::checkGlobals(const FunctionDecl *root) {
  if (read_globals_.empty())
    return;
  CallTree tree(ctx_);
  tree.add(root);
  Aliases aliases(read_globals_);
  aliases.TraverseDecl(ctx_.getTranslationUnitDecl());
  for (const VarDecl *g : read_globals_) {
    if (written_globals_.count(g))
      continue; // refused at a write already
    const std::string name = "global variable '" + g->getNameAsString() +
                             "', which the differentiated code reads,";
    bool said = false;
    for (const DeclRefExpr *use : tree.uses[g])
      if (std::string how = howWritten(use, ctx_); !how.empty()) {
        refuse(use->getBeginLoc(),
               name + " may be written here (" + how + ")" + passItOn);
        said = true;
        break;
      }
    if (auto alias = aliases.found.find(g);
        !said && alias != aliases.found.end()) {
      refuse(alias->second,
             name + " has its address taken or a non-const reference bound "
                    "to it here: writes through that alias are hidden state "
                    "that the adjoint cannot track; pass it as a parameter");
      said = true;
    }
    if (!said && !tree.unseen.empty()) {
      const CallExpr *c = tree.unseen.front();
      refuse(c->getBeginLoc(),
             name + " may be written by '" +
                 c->getDirectCallee()->getQualifiedNameAsString() +
                 "', whose body tangent does not see" + passItOn);
    }
  }
}

} // namespace tangent
