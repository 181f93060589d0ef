//===- AstShapes.cpp - facts about Clang AST nodes ------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "rules/Rules.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace tangent {

const clang::Expr *transparentOperand(const clang::Expr *e) {
  if (const auto *p = dyn_cast<ParenExpr>(e))
    return p->getSubExpr();
  if (const auto *full = dyn_cast<FullExpr>(e)) // ConstantExpr, cleanups
    return full->getSubExpr();
  if (const auto *mt = dyn_cast<MaterializeTemporaryExpr>(e))
    return mt->getSubExpr();
  if (const auto *bt = dyn_cast<CXXBindTemporaryExpr>(e))
    return bt->getSubExpr();
  if (const auto *da = dyn_cast<CXXDefaultArgExpr>(e))
    return da->getExpr();
  if (const auto *sub = dyn_cast<SubstNonTypeTemplateParmExpr>(e))
    return sub->getReplacement();
  return nullptr;
}

bool swapOperands(const CallExpr *c, const clang::Expr *&a,
                  const clang::Expr *&b) {
  const FunctionDecl *fd = c->getDirectCallee();
  if (!fd || !fd->getIdentifier() || fd->getName() != "swap")
    return false;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c)) {
    const CXXRecordDecl *rd = mc->getMethodDecl()->getParent();
    if (!rd->isInStdNamespace() || mc->getNumArgs() != 1)
      return false;
    a = mc->getImplicitObjectArgument();
    b = mc->getArg(0);
    return true;
  }
  if (isa<CXXOperatorCallExpr>(c) || !fd->isInStdNamespace() ||
      c->getNumArgs() != 2)
    return false;
  a = c->getArg(0);
  b = c->getArg(1);
  return true;
}

/// `e` without parentheses, implicit casts, temporaries and the copies of an
/// iterator passed by value.
const clang::Expr *withoutCopies(const clang::Expr *e) {
  for (;;) {
    e = e->IgnoreParenImpCasts();
    if (const clang::Expr *inner = transparentOperand(e))
      e = inner;
    else if (const auto *c = dyn_cast<CXXConstructExpr>(e);
             c && c->getNumArgs() == 1)
      e = c->getArg(0);
    else
      return e;
  }
}

/// The container `c` of an iterator `c.begin()` / `std::begin(c)` (or end,
/// by `end`), or null.
const clang::Expr *iteratorOf(const clang::Expr *e, bool end) {
  const auto *call = dyn_cast<CallExpr>(withoutCopies(e));
  const FunctionDecl *fd = call ? call->getDirectCallee() : nullptr;
  if (!fd || !fd->getIdentifier())
    return nullptr;
  llvm::StringRef n = fd->getName();
  bool named =
      end ? (n == "end" || n == "cend") : (n == "begin" || n == "cbegin");
  if (!named)
    return nullptr;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call))
    return mc->getNumArgs() == 0 ? mc->getImplicitObjectArgument() : nullptr;
  if (fd->isInStdNamespace() && call->getNumArgs() == 1)
    return call->getArg(0);
  return nullptr;
}

/// Whether two expressions name the same variable.
bool sameVariable(const clang::Expr *a, const clang::Expr *b) {
  const auto *x = dyn_cast<DeclRefExpr>(a->IgnoreParenImpCasts());
  const auto *y = dyn_cast<DeclRefExpr>(b->IgnoreParenImpCasts());
  return x && y && x->getDecl() == y->getDecl();
}

namespace {

/// Whether two expressions designate the same object: one variable, or the
/// same field of the same object (`s.h`, `this->h`).
bool sameObject(const clang::Expr *a, const clang::Expr *b) {
  a = a->IgnoreParenImpCasts();
  b = b->IgnoreParenImpCasts();
  if (isa<CXXThisExpr>(a) && isa<CXXThisExpr>(b))
    return true;
  if (sameVariable(a, b))
    return true;
  const auto *x = dyn_cast<MemberExpr>(a);
  const auto *y = dyn_cast<MemberExpr>(b);
  return x && y && x->getMemberDecl() == y->getMemberDecl() &&
         sameObject(x->getBase(), y->getBase());
}

/// Whether two index expressions have one value, without side effects: one
/// variable, or equal integer literals.
bool sameIndex(const clang::Expr *a, const clang::Expr *b) {
  a = a->IgnoreParenImpCasts();
  b = b->IgnoreParenImpCasts();
  if (sameVariable(a, b))
    return true;
  const auto *x = dyn_cast<IntegerLiteral>(a);
  const auto *y = dyn_cast<IntegerLiteral>(b);
  return x && y && x->getValue() == y->getValue();
}

} // namespace

bool givenOperation(const CallExpr *c, ASTContext &ctx) {
  const DeclarationName call = ctx.DeclarationNames.getCXXOperatorName(OO_Call);
  for (const clang::Expr *a : c->arguments())
    if (const CXXRecordDecl *rd = a->getType()->getAsCXXRecordDecl();
        rd && rd->hasDefinition() && !rd->lookup(call).empty())
      return true;
  return false;
}

bool sameContainer(const clang::Expr *a, const clang::Expr *b) {
  a = a->IgnoreParenImpCasts();
  b = b->IgnoreParenImpCasts();
  if (sameObject(a, b))
    return true;
  // One element (row) of one container: `m[j]` and `m[j]`, `m.at(1)`.
  auto element = [](const clang::Expr *e, const clang::Expr *&base,
                    const clang::Expr *&at) {
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
        op && op->getOperator() == OO_Subscript && op->getNumArgs() == 2) {
      base = op->getArg(0), at = op->getArg(1);
      return true;
    }
    if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e);
        mc && mc->getMethodDecl() && mc->getMethodDecl()->getIdentifier() &&
        mc->getMethodDecl()->getName() == "at" && mc->getNumArgs() == 1) {
      base = mc->getImplicitObjectArgument(), at = mc->getArg(0);
      return true;
    }
    return false;
  };
  const clang::Expr *base_a, *at_a, *base_b, *at_b;
  return element(a, base_a, at_a) && element(b, base_b, at_b) &&
         sameIndex(at_a, at_b) && sameContainer(base_a, base_b);
}

bool containerCall(const CallExpr *c, ContainerMember &out) {
  const auto *mc = dyn_cast<CXXMemberCallExpr>(c);
  const CXXMethodDecl *md = mc ? mc->getMethodDecl() : nullptr;
  if (!md || !md->getIdentifier() || !md->getParent()->isInStdNamespace() ||
      !md->getParent()->getIdentifier())
    return false;
  llvm::StringRef cls = md->getParent()->getName();
  bool vector = cls == "vector";
  if (!vector && cls != "array")
    return false;
  using K = ContainerMember::Kind;
  struct Shape {
    const char *name;
    K kind;
    unsigned min_args, max_args;
    bool vector_only;
  };
  static const Shape shapes[] = {
      {"push_back", K::PushBack, 1, 1, true},
      {"emplace_back", K::PushBack, 0, ~0u, true},
      {"insert", K::PushBack, 2, 2, true},
      {"pop_back", K::PopBack, 0, 0, true},
      {"resize", K::Resize, 1, 2, true},
      {"clear", K::Clear, 0, 0, true},
      {"reserve", K::Reserve, 1, 1, true},
      {"back", K::Back, 0, 0, false},
      {"front", K::Front, 0, 0, false},
      {"empty", K::Empty, 0, 0, false},
      {"assign", K::Assign, 2, 2, true},
      {"capacity", K::Capacity, 0, 0, true},
  };
  llvm::StringRef n = md->getName();
  for (const Shape &shape : shapes) {
    if (n != shape.name || (shape.vector_only && !vector) ||
        mc->getNumArgs() < shape.min_args || mc->getNumArgs() > shape.max_args)
      continue;
    out = ContainerMember{
        shape.kind, shape.name, mc->getImplicitObjectArgument(), {}, true};
    for (const clang::Expr *a : mc->arguments())
      out.args.push_back(a);
    if (n == "assign" &&
        !out.args[0]->getType()->isIntegralOrEnumerationType()) {
      out.iterators = true;
      const clang::Expr *first = iteratorOf(out.args[0], false);
      const clang::Expr *last = iteratorOf(out.args[1], true);
      if (first && last && sameVariable(first, last))
        out.source = first;
    }
    if (n == "insert") {
      // Only at the end: `v.insert(v.end(), x)`.
      const clang::Expr *of = iteratorOf(out.args[0], true);
      out.at_end = of && sameObject(of, out.container);
      out.args.erase(out.args.begin());
      // insert(pos, first, last) and insert(pos, count, x) are not this.
      if (!out.args[0]->getType()->isRealFloatingType() &&
          !out.args[0]->getType()->isRecordType() &&
          !out.args[0]->getType()->isIntegralOrEnumerationType())
        return false;
    }
    return true;
  }
  return false;
}

const BinaryOperator *commaOperator(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *ewc = dyn_cast<ExprWithCleanups>(e))
    e = ewc->getSubExpr()->IgnoreParenImpCasts();
  const auto *b = dyn_cast<BinaryOperator>(e);
  return b && b->getOpcode() == BO_Comma ? b : nullptr;
}

namespace {

void scan(const clang::Stmt *s, bool in_loop, bool in_switch, JumpScan &j) {
  if (!s)
    return;
  if (isa<BreakStmt>(s)) {
    if (!in_loop && !in_switch)
      j.breaks = true;
    return;
  }
  if (isa<ContinueStmt>(s)) {
    if (!in_loop)
      j.continues = true;
    return;
  }
  if (isa<ReturnStmt>(s)) {
    j.returns = true;
    return;
  }
  if (isa<LambdaExpr>(s))
    return; // its jumps are its own
  bool loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(s);
  bool sw = isa<SwitchStmt>(s);
  for (const clang::Stmt *child : s->children())
    scan(child, in_loop || loop, in_switch || sw, j);
}

} // namespace

JumpScan scanJumps(const clang::Stmt *s) {
  JumpScan j;
  scan(s, false, false, j);
  return j;
}

void switchItems(const clang::Stmt *body,
                 llvm::SmallVectorImpl<SwitchItem> &out) {
  auto holdsLabel = [](const CompoundStmt *c) {
    for (const clang::Stmt *s : c->body())
      if (isa<SwitchCase>(s))
        return true;
    return false;
  };
  // A body that is not a block: one statement (`switch (k) case 1: f();`).
  llvm::SmallVector<const clang::Stmt *, 16> children;
  if (const auto *block = dyn_cast<CompoundStmt>(body))
    children.append(block->body_begin(), block->body_end());
  else
    children.push_back(body);
  for (const clang::Stmt *child : children) {
    SwitchItem item;
    item.at = child;
    const clang::Stmt *cur = child;
    while (const auto *sc = dyn_cast<SwitchCase>(cur)) {
      item.labels.push_back(sc);
      cur = sc->getSubStmt();
    }
    const auto *block = dyn_cast<CompoundStmt>(cur);
    if (block && holdsLabel(block)) {
      if (!item.labels.empty())
        out.push_back(item); // labels, then the block's statements
      switchItems(block, out);
      continue;
    }
    item.stmt = cur;
    out.push_back(item);
  }
}

bool caseStatements(const clang::Stmt *s,
                    llvm::SmallVectorImpl<const clang::Stmt *> &out) {
  if (isa<BreakStmt>(s))
    return true;
  if (const auto *block = dyn_cast<CompoundStmt>(s);
      block && !block->body_empty() && isa<BreakStmt>(block->body_back())) {
    for (const clang::Stmt *child : block->body())
      if (child != block->body_back())
        out.push_back(child);
    return true;
  }
  out.push_back(s);
  return false;
}

bool foldsToConstant(const clang::Expr *e, ASTContext &ctx, APValue *value) {
  if (e->isValueDependent() || e->HasSideEffects(ctx) || e->isLValue())
    return false;
  QualType t = e->getType();
  if (!t->isIntegralOrEnumerationType() && !t->isRealFloatingType())
    return false;
  if (isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr>(
          e->IgnoreParenImpCasts()))
    return false; // literals are lowered as written
  clang::Expr::EvalResult result;
  if (!e->isCXX11ConstantExpr(ctx) || !e->EvaluateAsRValue(result, ctx) ||
      result.HasSideEffects)
    return false;
  if (!result.Val.isInt() && !result.Val.isFloat())
    return false;
  if (value)
    *value = result.Val;
  return true;
}

const Rule *mathRule(const FunctionDecl *callee) {
  if (!callee->getIdentifier())
    return nullptr;
  // The library's: in std, or declared at global scope (or extern "C") by a
  // system header (<math.h>). A function of yours named like one (a global
  // `double beta(double)`) is differentiated from its body.
  // (Any declaration of it there: a redeclaration in your file of a <math.h>
  // function is still the library's.)
  const DeclContext *dc = callee->getDeclContext()->getRedeclContext();
  const SourceManager &sm = callee->getASTContext().getSourceManager();
  bool library = callee->isInStdNamespace();
  if (dc->isTranslationUnit() || callee->isExternC())
    for (const FunctionDecl *d : callee->redecls())
      library |= sm.isInSystemHeader(d->getLocation());
  if (!library)
    return nullptr;
  llvm::StringRef name = callee->getName();
  if (const Rule *rule = findFunctionRule(name))
    return rule;
  // C's float and long double spellings: sinf, expl, fabsf... (each takes
  // and returns its own type, as std::sin's overloads do).
  if (name.size() > 1 && (name.back() == 'f' || name.back() == 'l') &&
      callee->getNumParams() > 0) {
    QualType t = callee->getReturnType();
    const bool spelled =
        name.back() == 'f' ? t->isSpecificBuiltinType(BuiltinType::Float)
                           : t->isSpecificBuiltinType(BuiltinType::LongDouble);
    if (spelled)
      return findFunctionRule(name.drop_back());
  }
  return nullptr;
}

bool isMathFunction(const FunctionDecl *callee) {
  return mathRule(callee) != nullptr;
}

bool isOutputParam(const ParmVarDecl *p) {
  return p && p->getType()->isReferenceType() &&
         !p->getType().getNonReferenceType().isConstQualified();
}

bool writesThroughPointer(const ParmVarDecl *p) {
  if (!p)
    return false;
  if (const auto *spec =
          stdTemplate(p->getType().getNonReferenceType(), "span")) {
    QualType elem = spec->getTemplateArgs()[0].getAsType();
    return !elem.isConstQualified() &&
           (elem->isRealFloatingType() || elem->isIntegerType());
  }
  if (!p->getType()->isPointerType())
    return false;
  if (Type rows; lowerMultiPointer(p->getASTContext(), p->getType(), rows))
    return !rows.pointee_const; // `double b[][8]`
  QualType pointee = p->getType()->getPointeeType();
  return !pointee.isConstQualified() &&
         (pointee->isRealFloatingType() || pointee->isIntegerType());
}

bool isLibraryFunction(const FunctionDecl *fd, ASTContext &ctx) {
  const DeclContext *ns = fd->getDeclContext()->getEnclosingNamespaceContext();
  for (; ns && !ns->isTranslationUnit(); ns = ns->getParent())
    if (ns->isStdNamespace())
      return true;
  return ctx.getSourceManager().isInSystemHeader(fd->getLocation());
}

bool calleeArguments(const CallExpr *c,
                     llvm::SmallVectorImpl<const clang::Expr *> &args) {
  const auto *md = dyn_cast_or_null<CXXMethodDecl>(c->getDirectCallee());
  bool member = md && !md->isStatic();
  unsigned skip = member && isa<CXXOperatorCallExpr>(c) ? 1 : 0;
  for (unsigned i = skip; i < c->getNumArgs(); ++i)
    args.push_back(c->getArg(i));
  return member;
}

bool isUserOperator(const CXXOperatorCallExpr *op, ASTContext &ctx) {
  const FunctionDecl *fd = op->getDirectCallee();
  if (!fd || isLibraryFunction(fd, ctx))
    return false;
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd))
    return md->isUserProvided();
  return true;
}

bool isUserCall(const CallExpr *c, ASTContext &ctx) {
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(c))
    return isUserOperator(op, ctx);
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c)) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    return md && !isLibraryFunction(md, ctx) && md->isUserProvided();
  }
  return true;
}

const clang::Expr *bareObject(const clang::Expr *e) {
  for (;;) {
    e = e->IgnoreParens();
    if (const auto *ice = dyn_cast<ImplicitCastExpr>(e);
        ice && (ice->getCastKind() == CK_NoOp ||
                ice->getCastKind() == CK_LValueToRValue)) {
      e = ice->getSubExpr();
    } else if (const auto *m = dyn_cast<MaterializeTemporaryExpr>(e)) {
      e = m->getSubExpr();
    } else if (const auto *b = dyn_cast<CXXBindTemporaryExpr>(e)) {
      e = b->getSubExpr();
    } else if (const auto *f = dyn_cast<FullExpr>(e)) {
      e = f->getSubExpr();
    } else if (const auto *fc = dyn_cast<CXXFunctionalCastExpr>(e);
               fc && (fc->getCastKind() == CK_NoOp ||
                      fc->getCastKind() == CK_ConstructorConversion)) {
      e = fc->getSubExpr();
    } else {
      return e;
    }
  }
}

const clang::Expr *copiedFrom(const clang::Expr *e) {
  e = bareObject(e);
  if (const auto *c = dyn_cast<CXXConstructExpr>(e);
      c && c->getNumArgs() == 1 &&
      c->getConstructor()->isCopyOrMoveConstructor())
    return bareObject(c->getArg(0));
  return e;
}

void forEachMemberInit(const InitListExpr *list,
                       const std::function<void(QualType, const clang::Expr *,
                                                const FieldDecl *)> &fn) {
  if (list->isSyntacticForm() && list->getSemanticForm())
    list = list->getSemanticForm();
  const CXXRecordDecl *rd = list->getType()->getAsCXXRecordDecl();
  unsigned k = 0;
  auto next = [&]() -> const clang::Expr * {
    return k < list->getNumInits() ? list->getInit(k++) : nullptr;
  };
  for (const CXXBaseSpecifier &b : rd->bases())
    fn(b.getType(), next(), nullptr);
  for (const FieldDecl *f : rd->fields()) {
    const clang::Expr *value = next();
    if ((!value && f->hasInClassInitializer()) ||
        (value && isa<CXXDefaultInitExpr>(value->IgnoreImplicit())))
      value = f->getInClassInitializer();
    if (value && isa<ImplicitValueInitExpr>(value->IgnoreImplicit()))
      value = nullptr;
    fn(f->getType(), value, f);
  }
}

const APValue *staticConstant(const MemberExpr *me) {
  const auto *vd = dyn_cast<VarDecl>(me->getMemberDecl());
  if (!vd || !vd->isStaticDataMember() || !vd->getType().isConstQualified())
    return nullptr;
  const APValue *value = vd->evaluateValue();
  return value && (value->isInt() || value->isFloat()) ? value : nullptr;
}

llvm::SmallVector<const clang::Expr *, 3>
writtenArguments(const CXXConstructExpr *ce) {
  llvm::SmallVector<const clang::Expr *, 3> args;
  for (const clang::Expr *a : ce->arguments())
    if (!isa<CXXDefaultArgExpr>(a))
      args.push_back(a);
  return args;
}

const InitListExpr *elementList(const clang::Expr *braces) {
  const auto *list = dyn_cast<InitListExpr>(braces);
  if (const auto *il = dyn_cast<CXXStdInitializerListExpr>(braces))
    list = dyn_cast<InitListExpr>(il->getSubExpr()->IgnoreImplicit());
  if (list && list->getNumInits() == 1)
    if (const auto *inner =
            dyn_cast<InitListExpr>(list->getInit(0)->IgnoreImplicit()))
      return inner;
  return list;
}

namespace {
/// Whether `fd` is declared in namespace std (also as a member of a class
/// there, or in an inline namespace of std).
bool inStd(const FunctionDecl *fd) {
  const DeclContext *dc = fd ? fd->getDeclContext() : nullptr;
  while (dc && !dc->isTranslationUnit()) {
    if (dc->isStdNamespace())
      return true;
    dc = dc->getParent();
  }
  return false;
}
} // namespace

const clang::Expr *accessorValue(const FunctionDecl *fd) {
  const FunctionDecl *def = nullptr;
  if (!fd || inStd(fd) || !fd->hasBody(def) || !def)
    return nullptr;
  const QualType rt = fd->getReturnType();
  const bool reference =
      rt->isLValueReferenceType() && !rt->getPointeeType().isConstQualified();
  const bool indices = rt->isPointerType() &&
                       rt->getPointeeType()->isIntegralOrEnumerationType();
  if (!reference && !indices)
    return nullptr;
  const auto *body = dyn_cast_or_null<CompoundStmt>(def->getBody());
  if (!body || body->size() != 1)
    return nullptr;
  const auto *ret = dyn_cast<ReturnStmt>(body->body_front());
  const clang::Expr *value = ret ? ret->getRetValue() : nullptr;
  if (!value || reference)
    return value;
  // An address into a named array (`&conn[8 * e]`) or a table's row.
  const clang::Expr *bare = value->IgnoreParenImpCasts();
  const auto *u = dyn_cast<UnaryOperator>(bare);
  if (u && u->getOpcode() == UO_AddrOf)
    return value;
  const auto *row = dyn_cast<ArraySubscriptExpr>(bare);
  return row && row->getBase()->getType()->isPointerType() &&
                 row->getBase()->getType()->getPointeeType()->isPointerType()
             ? value
             : nullptr;
}

bool substitutable(const clang::Expr *e) {
  e = e->IgnoreParenImpCasts();
  if (const auto *u = dyn_cast<UnaryOperator>(e);
      u && u->getOpcode() == UO_AddrOf)
    return substitutable(u->getSubExpr()); // a pointer accessor's address
  if (const auto *dre = dyn_cast<DeclRefExpr>(e))
    return isa<ParmVarDecl>(dre->getDecl());
  if (const auto *me = dyn_cast<MemberExpr>(e))
    return isa<FieldDecl>(me->getMemberDecl()) &&
           (isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()) ||
            substitutable(me->getBase()));
  if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e))
    return substitutable(ase->getBase());
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e);
      op && op->getOperator() == OO_Subscript && inStd(op->getDirectCallee()))
    return substitutable(op->getArg(0)); // a std::vector's or array's
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e);
      mc && mc->getMethodDecl() && mc->getMethodDecl()->getIdentifier() &&
      mc->getMethodDecl()->getName() == "at" && inStd(mc->getMethodDecl()))
    return substitutable(mc->getImplicitObjectArgument());
  if (const auto *c = dyn_cast<CallExpr>(e))
    return accessorValue(c->getDirectCallee()) != nullptr;
  return false;
}

} // namespace tangent
