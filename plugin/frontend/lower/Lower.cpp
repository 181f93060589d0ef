//===- Lower.cpp - Clang AST to tangent IR --------------------------------===//
//
// Reads one function body and produces the IR of IR.h. Constructs that the
// validator (Validate.cpp) already refused never reach this file; anything
// else this file cannot represent is refused here, at its location.
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/Lower.h"
#include "rules/Rules.h"
#include "frontend/Validate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"
#include <cmath>
#include <cstdio>
#include <optional>

using namespace clang;

namespace tangent {

std::string qualifiedName(const FunctionDecl *fd, ASTContext &ctx) {
  std::string name;
  llvm::raw_string_ostream os(name);
  PrintingPolicy policy(ctx.getLangOpts());
  policy.SuppressUnwrittenScope = true;
  policy.AnonymousTagLocations = false;
  fd->getNameForDiagnostic(os, policy, /*Qualified=*/true);
  os.flush();
  const std::string anon = "(anonymous namespace)::";
  for (size_t p; (p = name.find(anon)) != std::string::npos;)
    name.erase(p, anon.size());
  return name;
}

Loc makeLoc(ASTContext &ctx, SourceLocation loc) {
  Loc out;
  if (loc.isInvalid())
    return out;
  const SourceManager &sm = ctx.getSourceManager();
  PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(loc));
  if (p.isValid()) {
    llvm::StringRef file = p.getFilename();
    out.file = file.substr(file.find_last_of('/') + 1).str();
    out.line = p.getLine();
    out.column = p.getColumn();
  }
  out.raw = loc.getRawEncoding();
  return out;
}

namespace {

std::string typeSpelling(ASTContext &ctx, QualType qt) {
  PrintingPolicy policy(ctx.getLangOpts());
  policy.SuppressDefaultTemplateArgs = true;
  policy.SuppressScope = false;
  policy.FullyQualifiedName = true;
  policy.Bool = true;
  return TypeName::getFullyQualifiedName(qt, ctx, policy,
                                         /*WithGlobalNsPrefix=*/false);
}

const ClassTemplateSpecializationDecl *stdTemplate(QualType qt,
                                                   llvm::StringRef name) {
  const auto *rd = qt->getAsCXXRecordDecl();
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(rd);
  if (!spec || !spec->isInStdNamespace() || spec->getName() != name)
    return nullptr;
  return spec;
}

} // namespace

bool lowerType(ASTContext &ctx, QualType qt, Type &out) {
  qt = qt.getNonReferenceType().getUnqualifiedType().getCanonicalType();
  out = Type{};
  if (qt->isVoidType()) {
    out.kind = TypeKind::Void;
    out.spelling = "void";
    return true;
  }
  if (qt->isBooleanType()) {
    out.kind = TypeKind::Bool;
    out.spelling = "bool";
    return true;
  }
  if (qt->isRealFloatingType()) {
    out.kind = TypeKind::Real;
    out.spelling = typeSpelling(ctx, qt);
    return true;
  }
  if (qt->isIntegralOrEnumerationType()) {
    out.kind = TypeKind::Int;
    out.spelling = typeSpelling(ctx, qt);
    return true;
  }
  auto element = [&](QualType elem) {
    Type e;
    if (!lowerType(ctx, elem, e) || !(e.isReal() || e.isIntegral()))
      return false;
    out.elem_spelling = e.spelling;
    out.elem_real = e.isReal();
    return true;
  };
  if (const auto *spec = stdTemplate(qt, "vector")) {
    out.kind = TypeKind::Vector;
    if (!element(spec->getTemplateArgs()[0].getAsType()))
      return false;
    out.spelling = "std::vector<" + out.elem_spelling + ">";
    return true;
  }
  if (const auto *spec = stdTemplate(qt, "array")) {
    out.kind = TypeKind::Array;
    if (!element(spec->getTemplateArgs()[0].getAsType()))
      return false;
    out.extent = spec->getTemplateArgs()[1].getAsIntegral().getExtValue();
    out.spelling = "std::array<" + out.elem_spelling + ", " +
                   std::to_string(out.extent) + ">";
    return true;
  }
  if (const auto *arr = ctx.getAsConstantArrayType(qt)) {
    out.kind = TypeKind::CArray;
    if (!element(arr->getElementType()))
      return false;
    out.extent = arr->getSize().getZExtValue();
    out.spelling = out.elem_spelling; // declarator adds [N]
    return true;
  }
  if (qt->isPointerType()) {
    QualType pointee = qt->getPointeeType();
    out.kind = TypeKind::Pointer;
    out.pointee_const = pointee.isConstQualified();
    if (!element(pointee.getUnqualifiedType()))
      return false;
    out.spelling = (out.pointee_const ? "const " : "") + out.elem_spelling + "*";
    return true;
  }
  return false;
}

Function *Lowering::find(const FunctionDecl *fd) const {
  auto it = functions_.find(fd->getCanonicalDecl());
  return it == functions_.end() ? nullptr : it->second.get();
}

Function *Lowering::create(const FunctionDecl *fd) {
  auto &slot = functions_[fd->getCanonicalDecl()];
  slot = std::make_unique<Function>();
  return slot.get();
}

namespace {

Type boolType() {
  Type t;
  t.kind = TypeKind::Bool;
  t.spelling = "bool";
  return t;
}

/// Where a jump inside a loop body goes.
struct LoopContext {
  Var *exit_flag = nullptr; ///< set by break / return / failed condition
  Var *skip_flag = nullptr; ///< set by continue
};

/// Does `s` contain a jump that leaves the statement sequence it is in?
struct JumpScan {
  bool breaks = false, continues = false, returns = false;
  void scan(const clang::Stmt *s, bool in_loop, bool in_switch) {
    if (!s)
      return;
    if (isa<BreakStmt>(s)) {
      if (!in_loop && !in_switch)
        breaks = true;
      return;
    }
    if (isa<ContinueStmt>(s)) {
      if (!in_loop)
        continues = true;
      return;
    }
    if (isa<ReturnStmt>(s)) {
      returns = true;
      return;
    }
    bool loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(s);
    bool sw = isa<SwitchStmt>(s);
    for (const clang::Stmt *child : s->children())
      scan(child, in_loop || loop, in_switch || sw);
  }
};

JumpScan scanJumps(const clang::Stmt *s) {
  JumpScan j;
  j.scan(s, false, false);
  return j;
}

/// The operand of a node that adds nothing to the computation (parentheses,
/// constant-evaluation and cleanup wrappers, temporaries, default arguments,
/// substituted template arguments), or null.
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

/// Lowers the body of one function.
class FunctionLowerer {
public:
  FunctionLowerer(Lowering &lowering, const FunctionDecl *fd, Function *fn)
      : L(lowering), ctx(lowering.context()), fd(fd), F(fn) {}

  bool run();

private:
  Lowering &L;
  ASTContext &ctx;
  const FunctionDecl *fd;
  Function *F;
  std::map<const VarDecl *, Var *> vars;
  /// Range-for variables bound by reference: the element they stand for.
  std::map<const VarDecl *, std::pair<Var *, Var *>> aliases;
  std::vector<LoopContext> loops;
  Var *returned = nullptr;
  bool failed = false;
  /// Inside a block marked [[tangent::checkpoint(N)]]: N (0 for no N), or
  /// -1 outside such blocks.
  int block_budget = -1;

  // --- diagnostics --------------------------------------------------------
  std::nullptr_t refuse(SourceLocation loc, const std::string &what) {
    if (!failed)
      L.diags().error(loc, what);
    failed = true;
    return nullptr;
  }

  // --- helpers ------------------------------------------------------------
  Var *temp(const Type &type, const std::string &stem) {
    Var *v = F->addVar(stem, type, VarRole::Temp);
    v->name = F->names.fresh(stem);
    return v;
  }
  Var *flag(const char *stem) {
    Var *v = F->addVar(stem, boolType(), VarRole::Flag);
    v->name = F->names.fresh(stem);
    return v;
  }
  StmtPtr assign(ExprPtr lhs, ExprPtr rhs, SourceLocation loc) {
    auto s = std::make_unique<tangent::Stmt>();
    s->kind = StmtKind::Assign;
    s->loc = makeLoc(ctx, loc);
    s->lhs = std::move(lhs);
    s->rhs = std::move(rhs);
    return s;
  }
  StmtPtr setFlag(Var *v, bool value, SourceLocation loc) {
    return assign(makeVarRef(v), makeLiteral(value ? "true" : "false",
                                             boolType()),
                  loc);
  }
  StmtPtr makeIf(ExprPtr cond, Block then_block, SourceLocation loc) {
    auto s = std::make_unique<tangent::Stmt>();
    s->kind = StmtKind::If;
    s->loc = makeLoc(ctx, loc);
    s->cond = std::move(cond);
    s->then_block = std::move(then_block);
    return s;
  }
  /// `!a && !b ...` over the flags that end the current sequence early.
  ExprPtr guardCondition() {
    std::vector<Var *> flags;
    if (!loops.empty()) {
      if (loops.back().exit_flag)
        flags.push_back(loops.back().exit_flag);
      if (loops.back().skip_flag)
        flags.push_back(loops.back().skip_flag);
    } else if (returned) {
      flags.push_back(returned);
    }
    ExprPtr cond;
    for (Var *f : flags) {
      ExprPtr term = makeUnary("!", makeVarRef(f));
      cond = cond ? makeBinary("&&", std::move(cond), std::move(term),
                               boolType())
                  : std::move(term);
    }
    return cond;
  }
  /// Whether statement `s` may end the enclosing sequence early.
  bool mayJump(const clang::Stmt *s) {
    JumpScan j = scanJumps(s);
    if (loops.empty())
      return j.returns && returned;
    return j.breaks || j.continues || j.returns;
  }

  Var *varFor(const VarDecl *vd, SourceLocation use) {
    auto it = vars.find(vd);
    if (it != vars.end())
      return it->second;
    if (vd->hasLocalStorage() || isa<ParmVarDecl>(vd))
      return refuse(use, "tangent: variable '" + vd->getNameAsString() +
                             "' is not supported here");
    return refuse(use, "tangent: global variable '" + vd->getNameAsString() +
                           "' is not supported (only constants): its value "
                           "is hidden state that the adjoint cannot track");
  }

  // --- literals -----------------------------------------------------------
  ExprPtr literalFromValue(const APValue &value, QualType qt,
                           SourceLocation loc) {
    Type t;
    if (!lowerType(ctx, qt, t))
      return refuse(loc, "tangent: unsupported constant type");
    if (value.isFloat()) {
      const llvm::APFloat &f = value.getFloat();
      bool is_float = &f.getSemantics() == &llvm::APFloat::IEEEsingle();
      double d = is_float ? double(f.convertToFloat()) : f.convertToDouble();
      if (!std::isfinite(d))
        return makeLiteral(d != d ? "std::numeric_limits<" + t.spelling +
                                        ">::quiet_NaN()"
                                  : std::string(d < 0 ? "-" : "") +
                                        "std::numeric_limits<" + t.spelling +
                                        ">::infinity()",
                           t);
      char buf[64];
      std::snprintf(buf, sizeof buf, is_float ? "%.9g" : "%.17g", d);
      std::string text = buf;
      if (text.find_first_of(".e") == std::string::npos)
        text += ".0";
      if (is_float)
        text += "f";
      else if (t.spelling == "long double")
        text += "L";
      return makeLiteral(text, t);
    }
    if (value.isInt()) {
      const llvm::APSInt &i = value.getInt();
      if (t.kind == TypeKind::Bool)
        return makeLiteral(i.getBoolValue() ? "true" : "false", t);
      std::string digits = i.isSigned() ? std::to_string(i.getExtValue())
                                        : std::to_string(i.getZExtValue());
      // Integer literals keep their exact type: a suffix where C++ has one.
      static const std::map<std::string, std::string> suffixes = {
          {"int", ""},          {"unsigned int", "u"},
          {"long", "l"},        {"unsigned long", "ul"},
          {"long long", "ll"},  {"unsigned long long", "ull"}};
      auto suffix = suffixes.find(t.spelling);
      ExprPtr lit =
          suffix != suffixes.end() && !i.isNegative()
              ? makeLiteral(digits + suffix->second, t)
              : makeLiteral("static_cast<" + t.spelling + ">(" + digits + ")",
                            t);
      if (i.getSignificantBits() <= 64) {
        lit->is_int_const = true;
        lit->int_const = i.isSigned() ? i.getExtValue()
                                      : (long long)i.getZExtValue();
      }
      return lit;
    }
    return refuse(loc, "tangent: unsupported constant");
  }

  // --- expressions ----------------------------------------------------------
  ExprPtr lowerExpr(const clang::Expr *e, Block &pre);
  ExprPtr lowerCall(const CallExpr *call, Block &pre, Var *into);
  ExprPtr lowerLValue(const clang::Expr *e, Block &pre);
  ExprPtr lowerIncDec(const UnaryOperator *u, Block &pre);
  ExprPtr lowerShortCircuit(const BinaryOperator *b, Block &pre);
  ExprPtr lowerConditional(const ConditionalOperator *c, Block &pre);
  ExprPtr lowerAssignExpr(const clang::Expr *lhs, const clang::Expr *rhs,
                          BinaryOperatorKind op, SourceLocation loc,
                          Block &pre);
  ExprPtr element(const clang::Expr *base, const clang::Expr *index, Block &pre,
                  SourceLocation loc);

  // --- statements -----------------------------------------------------------
  void lowerStmt(const clang::Stmt *s, Block &out);
  void lowerSeq(llvm::ArrayRef<const clang::Stmt *> stmts, Block &out);
  void lowerDecl(const VarDecl *vd, Block &out);
  void lowerInit(Var *v, const clang::Expr *init, SourceLocation loc, Block &out);
  void lowerLoop(const clang::Stmt *s, Block &out);
  void lowerSwitch(const SwitchStmt *s, Block &out);
  void lowerReturn(const ReturnStmt *r, Block &out);
};

bool FunctionLowerer::run() {
  F->decl = fd;
  F->loc = makeLoc(ctx, fd->getLocation());
  F->base_name = fd->getNameAsString();
  F->name = qualifiedName(fd, ctx);
  if (!lowerType(ctx, fd->getReturnType(), F->result) ||
      !(F->result.isReal() || F->result.kind == TypeKind::Vector ||
        F->result.kind == TypeKind::Void || F->result.isIntegral()))
    return refuse(fd->getLocation(),
                  "tangent: return type '" +
                      fd->getReturnType().getAsString() +
                      "' of '" + F->base_name + "' is not supported"),
           false;

  // Reserve every user name first so generated names never collide.
  for (const ParmVarDecl *p : fd->parameters())
    F->names.reserve(p->getNameAsString());
  std::function<void(const clang::Stmt *)> reserve = [&](const clang::Stmt *s) {
    if (!s)
      return;
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (const auto *vd = dyn_cast<VarDecl>(d))
          F->names.reserve(vd->getNameAsString());
    // Functions, types and constants the body names must not be shadowed
    // by generated locals either.
    if (const auto *dre = dyn_cast<DeclRefExpr>(s))
      F->names.reserve(dre->getDecl()->getNameAsString());
    for (const clang::Stmt *c : s->children())
      reserve(c);
  };
  reserve(fd->getBody());
  for (const char *reserved : {"tangent", "std"})
    F->names.reserve(reserved);

  for (const ParmVarDecl *p : fd->parameters()) {
    Type t;
    if (!lowerType(ctx, p->getType(), t))
      return refuse(p->getLocation(),
                    "tangent: parameter type '" + p->getType().getAsString() +
                        "' is not supported"),
             false;
    std::string name = p->getNameAsString();
    if (name.empty())
      name = "unnamed";
    Var *v = F->addVar(name, t, VarRole::Param);
    v->name = F->names.claim(name);
    v->param_index = p->getFunctionScopeIndex();
    v->by_reference = p->getType()->isReferenceType();
    QualType bare = p->getType().getNonReferenceType();
    v->is_const = bare.isConstQualified() ||
                  (t.kind == TypeKind::Pointer && t.pointee_const);
    F->params.push_back(v);
    vars[p] = v;
  }
  if (F->result.kind != TypeKind::Void) {
    F->result_var = F->addVar(naming::resultVar(), F->result, VarRole::Local);
    F->result_var->name = F->names.fresh(naming::resultVar());
  }

  const auto *body = dyn_cast<CompoundStmt>(fd->getBody());
  if (!body)
    return refuse(fd->getLocation(), "tangent: function body not supported"),
           false;
  // A return that is not the last top-level statement needs a flag.
  llvm::SmallVector<const clang::Stmt *, 32> stmts(body->body_begin(),
                                            body->body_end());
  for (size_t i = 0; i < stmts.size(); ++i) {
    bool last = i + 1 == stmts.size();
    if (scanJumps(stmts[i]).returns && !(last && isa<ReturnStmt>(stmts[i]))) {
      returned = flag(naming::returnFlag());
      break;
    }
  }
  if (returned)
    F->body.push_back(setFlag(returned, false, fd->getLocation()));
  lowerSeq(stmts, F->body);
  return !failed;
}

void FunctionLowerer::lowerSeq(llvm::ArrayRef<const clang::Stmt *> stmts,
                               Block &out) {
  for (size_t i = 0; i < stmts.size() && !failed; ++i) {
    lowerStmt(stmts[i], out);
    if (i + 1 < stmts.size() && mayJump(stmts[i])) {
      ExprPtr guard = guardCondition();
      if (!guard)
        continue;
      Block rest;
      lowerSeq(stmts.drop_front(i + 1), rest);
      out.push_back(makeIf(std::move(guard), std::move(rest),
                           stmts[i + 1]->getBeginLoc()));
      return;
    }
  }
}

void FunctionLowerer::lowerStmt(const clang::Stmt *s, Block &out) {
  if (failed || !s)
    return;
  SourceLocation loc = s->getBeginLoc();
  if (const auto *cs = dyn_cast<CompoundStmt>(s)) {
    llvm::SmallVector<const clang::Stmt *, 16> stmts(cs->body_begin(),
                                              cs->body_end());
    // [[tangent::checkpoint]] on a block marks every loop inside it.
    auto mark = L.checkpoint_marks.find(loc.getRawEncoding());
    int saved_budget = block_budget;
    if (mark != L.checkpoint_marks.end())
      block_budget = mark->second;
    lowerSeq(stmts, out);
    block_budget = saved_budget;
    return;
  }
  if (const auto *as = dyn_cast<AttributedStmt>(s)) {
    // [[tangent::checkpoint]] was recorded by location (CheckpointAttr.cpp).
    Block inner;
    lowerStmt(as->getSubStmt(), inner);
    for (StmtPtr &st : inner)
      out.push_back(std::move(st));
    return;
  }
  if (isa<NullStmt>(s))
    return;
  if (const auto *ds = dyn_cast<DeclStmt>(s)) {
    for (const Decl *d : ds->decls()) {
      if (const auto *vd = dyn_cast<VarDecl>(d))
        lowerDecl(vd, out);
      else if (!isa<TypedefNameDecl, UsingDecl, UsingDirectiveDecl,
                    StaticAssertDecl>(d))
        refuse(d->getLocation(), "tangent: this declaration is not supported "
                                 "inside a differentiated function");
    }
    return;
  }
  if (const auto *is = dyn_cast<IfStmt>(s)) {
    if (is->getInit())
      lowerStmt(is->getInit(), out);
    if (is->getConditionVariable())
      return (void)refuse(loc, "tangent: a declaration in an 'if' condition "
                               "is not supported");
    if (is->isConsteval())
      return (void)refuse(loc, "tangent: 'if consteval' is not supported");
    if (is->isConstexpr()) {
      // Only the instantiated branch matters.
      std::optional<bool> value =
          is->getCond()->getIntegerConstantExpr(ctx).has_value()
              ? std::optional<bool>(
                    is->getCond()->getIntegerConstantExpr(ctx)->getBoolValue())
              : std::nullopt;
      if (value) {
        lowerStmt(*value ? is->getThen() : is->getElse(), out);
        return;
      }
    }
    ExprPtr cond = lowerExpr(is->getCond(), out);
    if (!cond)
      return;
    auto st = makeIf(std::move(cond), {}, loc);
    lowerStmt(is->getThen(), st->then_block);
    lowerStmt(is->getElse(), st->else_block);
    out.push_back(std::move(st));
    return;
  }
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(s))
    return lowerLoop(s, out);
  if (const auto *sw = dyn_cast<SwitchStmt>(s))
    return lowerSwitch(sw, out);
  if (isa<BreakStmt>(s)) {
    if (loops.empty() || !loops.back().exit_flag)
      return (void)refuse(loc, "tangent: 'break' here is not supported");
    out.push_back(setFlag(loops.back().exit_flag, true, loc));
    return;
  }
  if (isa<ContinueStmt>(s)) {
    if (loops.empty() || !loops.back().skip_flag)
      return (void)refuse(loc, "tangent: 'continue' here is not supported");
    out.push_back(setFlag(loops.back().skip_flag, true, loc));
    return;
  }
  if (const auto *r = dyn_cast<ReturnStmt>(s))
    return lowerReturn(r, out);
  if (isa<GotoStmt, IndirectGotoStmt, LabelStmt>(s))
    return (void)refuse(loc, "tangent: 'goto' is not supported");
  if (isa<CXXTryStmt>(s))
    return (void)refuse(loc, "tangent: 'try' is not supported");
  if (isa<AsmStmt>(s))
    return (void)refuse(loc, "tangent: inline assembly is not supported");
  if (const auto *e = dyn_cast<clang::Expr>(s)) {
    const clang::Expr *bare = e->IgnoreParenImpCasts();
    if (const auto *ewc = dyn_cast<ExprWithCleanups>(bare))
      bare = ewc->getSubExpr()->IgnoreParenImpCasts();
    if (isa<CXXThrowExpr>(bare))
      return (void)refuse(loc, "tangent: 'throw' is not supported");
    // A statement-level call may return void.
    if (const auto *call = dyn_cast<CallExpr>(bare);
        call && !isa<CXXOperatorCallExpr, CXXMemberCallExpr>(call) &&
        call->getCallReturnType(ctx)->isVoidType()) {
      lowerCall(call, out, nullptr);
      return;
    }
    ExprPtr value = lowerExpr(e, out); // effects land in `out`
    (void)value;
    return;
  }
  refuse(loc, std::string("tangent: statement '") + s->getStmtClassName() +
                  "' is not supported");
}

void FunctionLowerer::lowerReturn(const ReturnStmt *r, Block &out) {
  SourceLocation loc = r->getBeginLoc();
  if (const clang::Expr *value = r->getRetValue()) {
    if (!F->result_var)
      return (void)refuse(loc, "tangent: unexpected return value");
    lowerInit(F->result_var, value, loc, out);
  }
  if (returned)
    out.push_back(setFlag(returned, true, loc));
  for (LoopContext &lc : loops) {
    if (!lc.exit_flag)
      return (void)refuse(loc, "tangent: internal error: return in a loop "
                               "without an exit flag");
    out.push_back(setFlag(lc.exit_flag, true, loc));
  }
}

void FunctionLowerer::lowerDecl(const VarDecl *vd, Block &out) {
  SourceLocation loc = vd->getLocation();
  // A static constant (a table of coefficients) is the same every call.
  if (vd->isStaticLocal() &&
      !(vd->getType().isConstQualified() && vd->getInit() &&
        vd->getInit()->isConstantInitializer(ctx, false)))
    return (void)refuse(loc, "tangent: static local variables are not "
                             "supported: their value is hidden state");
  if (vd->getType()->isReferenceType()) {
    // A const reference to a constant parameter (or to one of its elements)
    // reads values that never change: the parameter itself, or a copy.
    const clang::Expr *init =
        vd->getInit() ? vd->getInit()->IgnoreParenImpCasts() : nullptr;
    bool to_const = vd->getType().getNonReferenceType().isConstQualified();
    auto constParam = [&](const clang::Expr *e) -> Var * {
      const auto *dre = e ? dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts())
                          : nullptr;
      const auto *pv = dre ? dyn_cast<VarDecl>(dre->getDecl()) : nullptr;
      auto it = pv ? vars.find(pv) : vars.end();
      if (it == vars.end() || it->second->role != VarRole::Param ||
          !it->second->is_const)
        return nullptr;
      return it->second;
    };
    if (to_const && init) {
      if (Var *p = constParam(init)) {
        vars[vd] = p;
        return;
      }
      const clang::Expr *base = nullptr;
      if (const auto *ase = dyn_cast<ArraySubscriptExpr>(init))
        base = ase->getBase();
      else if (const auto *op = dyn_cast<CXXOperatorCallExpr>(init);
               op && op->getOperator() == OO_Subscript)
        base = op->getArg(0);
      Type et;
      if (base && constParam(base) &&
          lowerType(ctx, vd->getType(), et) && !et.isContainer()) {
        Var *v = F->addVar(vd->getNameAsString(), et, VarRole::Local);
        v->name = F->names.claim(vd->getNameAsString());
        vars[vd] = v;
        lowerInit(v, vd->getInit(), loc, out);
        return;
      }
    }
    return (void)refuse(loc, "tangent: local reference '" +
                                 vd->getNameAsString() +
                                 "' is not supported (only const references "
                                 "to constant parameters); use a copy or an "
                                 "index");
  }
  Type t;
  if (!lowerType(ctx, vd->getType(), t))
    return (void)refuse(loc, "tangent: local variable type '" +
                                 vd->getType().getAsString() +
                                 "' is not supported");
  Var *v = F->addVar(vd->getNameAsString(), t, VarRole::Local);
  v->name = F->names.claim(vd->getNameAsString());
  vars[vd] = v;
  if (const clang::Expr *init = vd->getInit())
    lowerInit(v, init, loc, out);
  else if (t.isContainer()) {
    auto st = std::make_unique<tangent::Stmt>();
    st->kind = StmtKind::Construct;
    st->loc = makeLoc(ctx, loc);
    st->var = v;
    st->construct = ConstructKind::Size;
    out.push_back(std::move(st));
  }
}

/// `v = init` for a declaration, a return or a whole assignment.
void FunctionLowerer::lowerInit(Var *v, const clang::Expr *init, SourceLocation loc,
                                Block &out) {
  // IgnoreImplicit also sees through cleanups and temporaries.
  const clang::Expr *e = init->IgnoreImplicit();
  if (v->type.isContainer()) {
    auto st = std::make_unique<tangent::Stmt>();
    st->kind = StmtKind::Construct;
    st->loc = makeLoc(ctx, loc);
    st->var = v;
    auto elements = [&](const InitListExpr *list) {
      st->construct = ConstructKind::Elements;
      for (const clang::Expr *item : list->inits()) {
        ExprPtr x = lowerExpr(item, out);
        if (!x)
          return false;
        st->args.push_back(std::move(x));
      }
      return true;
    };
    if (const auto *list = dyn_cast<InitListExpr>(e)) {
      // std::array<T, N>{...} wraps the C array in one more brace level.
      if (v->type.kind == TypeKind::Array && list->getNumInits() == 1)
        if (const auto *inner =
                dyn_cast<InitListExpr>(list->getInit(0)->IgnoreImplicit()))
          list = inner;
      if (!elements(list))
        return;
      out.push_back(std::move(st));
      return;
    }
    if (const auto *list = dyn_cast<CXXStdInitializerListExpr>(e)) {
      const clang::Expr *sub = list->getSubExpr()->IgnoreImplicit();
      if (const auto *il = dyn_cast<InitListExpr>(sub)) {
        if (!elements(il))
          return;
        out.push_back(std::move(st));
        return;
      }
    }
    if (const auto *ctor = dyn_cast<CXXConstructExpr>(e)) {
      unsigned n = ctor->getNumArgs();
      llvm::SmallVector<const clang::Expr *, 3> args;
      for (unsigned i = 0; i < n; ++i)
        if (!isa<CXXDefaultArgExpr>(ctor->getArg(i)))
          args.push_back(ctor->getArg(i));
      if (args.size() == 1) {
        if (const auto *il = dyn_cast<CXXStdInitializerListExpr>(
                args[0]->IgnoreImplicit()))
          return lowerInit(v, il, loc, out);
        Type at;
        if (lowerType(ctx, args[0]->getType(), at) && at.isContainer()) {
          const clang::Expr *src = args[0]->IgnoreImplicit();
          if (const auto *call = dyn_cast<CallExpr>(src);
              call && !isa<CXXOperatorCallExpr, CXXMemberCallExpr>(call)) {
            lowerCall(call, out, v);
            return;
          }
          st->construct = ConstructKind::Copy;
        } else {
          st->construct = ConstructKind::Size;
        }
      } else if (args.size() == 2) {
        st->construct = ConstructKind::Fill;
      } else if (args.empty()) {
        st->construct = ConstructKind::Size;
      } else {
        return (void)refuse(loc, "tangent: this constructor is not supported");
      }
      for (const clang::Expr *a : args) {
        ExprPtr x = lowerExpr(a, out);
        if (!x)
          return;
        st->args.push_back(std::move(x));
      }
      if (st->construct == ConstructKind::Copy &&
          st->args[0]->kind != ExprKind::VarRef)
        return (void)refuse(loc, "tangent: copying from this expression is "
                                 "not supported; copy a named container");
      out.push_back(std::move(st));
      return;
    }
    if (const auto *call = dyn_cast<CallExpr>(e);
        call && !isa<CXXOperatorCallExpr, CXXMemberCallExpr>(call)) {
      lowerCall(call, out, v);
      return;
    }
    if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
      ExprPtr src = lowerExpr(dre, out);
      if (!src)
        return;
      st->construct = ConstructKind::Copy;
      st->args.push_back(std::move(src));
      out.push_back(std::move(st));
      return;
    }
    return (void)refuse(loc, "tangent: this initializer is not supported");
  }
  // Scalars: a user call writes straight into the variable.
  if (const auto *call = dyn_cast<CallExpr>(init->IgnoreParenImpCasts());
      call && !isa<CXXOperatorCallExpr, CXXMemberCallExpr>(call) &&
      !call->getType()->isRecordType()) {
    Type ct;
    if (lowerType(ctx, call->getType(), ct) && ct.spelling == v->type.spelling)
      if (lowerCall(call, out, v))
        return;
    if (failed)
      return;
  }
  if (const auto *list = dyn_cast<InitListExpr>(e)) {
    if (list->getNumInits() == 0) {
      Type t = v->type;
      out.push_back(assign(makeVarRef(v), makeLiteral("0", t), loc));
      return;
    }
    if (list->getNumInits() == 1)
      e = list->getInit(0);
  }
  ExprPtr value = lowerExpr(init, out);
  if (!value)
    return;
  if (value->type.spelling != v->type.spelling && !v->type.isContainer())
    value = makeCast(v->type, std::move(value));
  out.push_back(assign(makeVarRef(v), std::move(value), loc));
}

ExprPtr FunctionLowerer::element(const clang::Expr *base, const clang::Expr *index,
                                 Block &pre, SourceLocation loc) {
  const clang::Expr *b = base->IgnoreParenImpCasts();
  ExprPtr bx = lowerExpr(b, pre);
  if (!bx)
    return nullptr;
  if (bx->kind != ExprKind::VarRef ||
      !(bx->type.isContainer() || bx->type.kind == TypeKind::Pointer))
    return refuse(loc, "tangent: indexing this expression is not supported; "
                       "index a named array, vector or pointer parameter");
  ExprPtr ix = lowerExpr(index, pre);
  if (!ix)
    return nullptr;
  return makeIndex(std::move(bx), std::move(ix));
}

ExprPtr FunctionLowerer::lowerLValue(const clang::Expr *e, Block &pre) {
  const clang::Expr *b = e->IgnoreParens();
  if (const auto *ice = dyn_cast<ImplicitCastExpr>(b))
    b = ice->getSubExpr()->IgnoreParens();
  ExprPtr x = lowerExpr(b, pre);
  if (!x)
    return nullptr;
  if (x->kind != ExprKind::VarRef && x->kind != ExprKind::Index)
    return refuse(e->getBeginLoc(),
                  "tangent: assigning to this expression is not supported");
  if (x->kind == ExprKind::VarRef && x->var->role == VarRole::Param &&
      x->var->is_const && !x->var->type.isContainer())
    return refuse(e->getBeginLoc(), "tangent: assignment to a constant");
  return x;
}

ExprPtr FunctionLowerer::lowerAssignExpr(const clang::Expr *lhs, const clang::Expr *rhs,
                                         BinaryOperatorKind op,
                                         SourceLocation loc, Block &pre) {
  // Whole-container assignment: `v = w`, `v = g(x)`, `v = {...}`.
  Type lt;
  if (lowerType(ctx, lhs->getType(), lt) && lt.isContainer()) {
    if (op != BO_Assign)
      return refuse(loc, "tangent: compound assignment to a container");
    ExprPtr target = lowerLValue(lhs, pre);
    if (!target)
      return nullptr;
    if (target->kind != ExprKind::VarRef)
      return refuse(loc, "tangent: unsupported container assignment");
    const clang::Expr *r = rhs->IgnoreImplicit();
    if (const auto *dre = dyn_cast<DeclRefExpr>(r)) {
      ExprPtr src = lowerExpr(dre, pre);
      if (!src)
        return nullptr;
      pre.push_back(assign(target->clone(), std::move(src), loc));
      return target;
    }
    lowerInit(target->var, rhs, loc, pre);
    return target;
  }
  // C++17: the right operand is sequenced before the left.
  ExprPtr value = lowerExpr(rhs, pre);
  if (!value)
    return nullptr;
  ExprPtr target = lowerLValue(lhs, pre);
  if (!target)
    return nullptr;
  if (op != BO_Assign) {
    std::string sym = BinaryOperator::getOpcodeStr(
                          BinaryOperator::getOpForCompoundAssignment(op))
                          .str();
    if (sym == "%" || sym == "<<" || sym == ">>" || sym == "&" ||
        sym == "|" || sym == "^") {
      if (!target->type.isIntegral())
        return refuse(loc, "tangent: operator " + sym + "= on a floating type");
    }
    Type rt = target->type;
    ExprPtr lhs_value = target->clone();
    value = makeBinary(sym, std::move(lhs_value), std::move(value), rt);
  }
  if (value->type.spelling != target->type.spelling)
    value = makeCast(target->type, std::move(value));
  pre.push_back(assign(target->clone(), std::move(value), loc));
  return target;
}

ExprPtr FunctionLowerer::lowerIncDec(const UnaryOperator *u, Block &pre) {
  ExprPtr target = lowerLValue(u->getSubExpr(), pre);
  if (!target)
    return nullptr;
  if (target->kind == ExprKind::VarRef &&
      target->var->type.kind == TypeKind::Pointer)
    return refuse(u->getBeginLoc(),
                  "tangent: pointer arithmetic is not supported");
  Type t = target->type;
  bool inc = u->isIncrementOp();
  ExprPtr old;
  if (u->isPostfix()) {
    Var *saved = temp(t, naming::valueTemp());
    pre.push_back(assign(makeVarRef(saved), target->clone(), u->getBeginLoc()));
    old = makeVarRef(saved);
  }
  ExprPtr one = makeIntLiteral(1, t);
  ExprPtr next = makeBinary(inc ? "+" : "-", target->clone(), std::move(one), t);
  if (t.spelling != "int" && t.isIntegral())
    next = makeCast(t, std::move(next));
  pre.push_back(assign(target->clone(), std::move(next), u->getBeginLoc()));
  return u->isPostfix() ? std::move(old) : std::move(target);
}

ExprPtr FunctionLowerer::lowerShortCircuit(const BinaryOperator *b,
                                           Block &pre) {
  ExprPtr lhs = lowerExpr(b->getLHS(), pre);
  if (!lhs)
    return nullptr;
  Block rhs_pre;
  ExprPtr rhs = lowerExpr(b->getRHS(), rhs_pre);
  if (!rhs)
    return nullptr;
  std::string op = b->getOpcode() == BO_LAnd ? "&&" : "||";
  if (rhs_pre.empty())
    return makeBinary(op, std::move(lhs), std::move(rhs), boolType());
  // The right operand has effects: evaluate it only when needed.
  Var *t = temp(boolType(), naming::valueTemp());
  pre.push_back(assign(makeVarRef(t), std::move(lhs), b->getBeginLoc()));
  ExprPtr test = op == "&&" ? makeVarRef(t) : makeUnary("!", makeVarRef(t));
  rhs_pre.push_back(assign(makeVarRef(t), std::move(rhs), b->getBeginLoc()));
  pre.push_back(makeIf(std::move(test), std::move(rhs_pre), b->getBeginLoc()));
  return makeVarRef(t);
}

ExprPtr FunctionLowerer::lowerConditional(const ConditionalOperator *c,
                                          Block &pre) {
  ExprPtr cond = lowerExpr(c->getCond(), pre);
  if (!cond)
    return nullptr;
  Block then_pre, else_pre;
  ExprPtr a = lowerExpr(c->getTrueExpr(), then_pre);
  ExprPtr b = lowerExpr(c->getFalseExpr(), else_pre);
  if (!a || !b)
    return nullptr;
  Type t;
  if (!lowerType(ctx, c->getType(), t))
    return refuse(c->getBeginLoc(), "tangent: unsupported '?:' type");
  if (!t.isReal() && then_pre.empty() && else_pre.empty()) {
    auto e = std::make_unique<tangent::Expr>();
    e->kind = ExprKind::Cond;
    e->type = t;
    e->ops.push_back(std::move(cond));
    e->ops.push_back(std::move(a));
    e->ops.push_back(std::move(b));
    return e;
  }
  // A floating '?:' becomes an if/else so each branch differentiates alone.
  Var *v = temp(t, naming::valueTemp());
  if (a->type.spelling != t.spelling)
    a = makeCast(t, std::move(a));
  if (b->type.spelling != t.spelling)
    b = makeCast(t, std::move(b));
  then_pre.push_back(assign(makeVarRef(v), std::move(a), c->getBeginLoc()));
  else_pre.push_back(assign(makeVarRef(v), std::move(b), c->getBeginLoc()));
  auto st = makeIf(std::move(cond), std::move(then_pre), c->getBeginLoc());
  st->else_block = std::move(else_pre);
  pre.push_back(std::move(st));
  return makeVarRef(v);
}

ExprPtr FunctionLowerer::lowerCall(const CallExpr *call, Block &pre,
                                   Var *into) {
  SourceLocation loc = call->getBeginLoc();
  const FunctionDecl *callee = call->getDirectCallee();
  if (!callee) {
    return refuse(loc, "tangent: call through a function pointer is not "
                       "supported");
  }
  if (const auto *md = dyn_cast<CXXMethodDecl>(callee)) {
    if (md->isVirtual())
      return refuse(loc, "tangent: virtual call to '" + md->getNameAsString() +
                             "' is not supported");
    if (!md->isStatic())
      return refuse(loc, "tangent: member function '" +
                             md->getNameAsString() + "' is not supported");
  }
  std::string name = callee->getNameAsString();
  Type rt;
  if (!lowerType(ctx, call->getType(), rt))
    return refuse(loc, "tangent: call returning '" +
                           call->getType().getAsString() +
                           "' is not supported");
  bool custom = callee->getIdentifier() && hasCustomDerivative(ctx, name);
  bool math = !custom && isMathFunction(callee);
  if (math) {
    auto e = std::make_unique<tangent::Expr>();
    e->kind = ExprKind::Math;
    e->rule = findRule(name);
    e->text = "std::" + name;
    e->type = rt;
    if (call->getNumArgs() != e->rule->arity)
      return refuse(loc, "tangent: unexpected number of arguments to " + name);
    for (const clang::Expr *a : call->arguments()) {
      ExprPtr x = lowerExpr(a, pre);
      if (!x)
        return nullptr;
      e->ops.push_back(std::move(x));
    }
    if (into) {
      pre.push_back(assign(makeVarRef(into), std::move(e), loc));
      return makeVarRef(into);
    }
    return e;
  }
  // Anything without floating arguments or result is passed through as is.
  bool floating = rt.isDifferentiable();
  for (const clang::Expr *a : call->arguments()) {
    Type at;
    if (lowerType(ctx, a->getType(), at) && at.isDifferentiable())
      floating = true;
  }
  const FunctionDecl *def = nullptr;
  if (!custom) {
    if (!callee->hasBody() && callee->isTemplateInstantiation() &&
        L.instantiate)
      L.instantiate(callee);
    callee->hasBody(def);
  }
  if (!custom && !floating && !def) {
    auto e = std::make_unique<tangent::Expr>();
    e->kind = ExprKind::Call;
    e->text = qualifiedName(callee, ctx);
    e->type = rt;
    for (const clang::Expr *a : call->arguments()) {
      ExprPtr x = lowerExpr(a, pre);
      if (!x)
        return nullptr;
      e->ops.push_back(std::move(x));
    }
    return e;
  }
  if (!custom && !def)
    return refuse(loc, "tangent: function '" + name +
                           "' has no body and no custom derivative (define "
                           "tangent::custom::" +
                           naming::customPullback(name) + ")");
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Call;
  st->loc = makeLoc(ctx, loc);
  if (custom) {
    st->custom = qualifiedName(callee, ctx);
    st->custom_name = name;
    if (rt.kind != TypeKind::Real)
      return refuse(loc, "tangent: custom derivatives are supported for "
                         "functions returning float or double");
  } else {
    st->callee = L.lower(def);
    if (!st->callee) {
      failed = true;
      return nullptr;
    }
  }
  for (unsigned i = 0; i < call->getNumArgs(); ++i) {
    const clang::Expr *a = call->getArg(i);
    const ParmVarDecl *p = i < callee->getNumParams() ? callee->getParamDecl(i)
                                                      : nullptr;
    bool output = p && p->getType()->isReferenceType() &&
                  !p->getType().getNonReferenceType().isConstQualified();
    ExprPtr x = output ? lowerLValue(a, pre) : lowerExpr(a, pre);
    if (!x)
      return nullptr;
    Type pt;
    if (p && lowerType(ctx, p->getType(), pt) && pt.isContainer() &&
        x->kind != ExprKind::VarRef)
      return refuse(a->getBeginLoc(),
                    "tangent: pass a named container to '" + name + "'");
    // Floating arguments that are not variables get a temporary, so that
    // their adjoint has a place to accumulate.
    if (!output && x->type.isReal() && x->kind != ExprKind::VarRef &&
        x->kind != ExprKind::Index && x->kind != ExprKind::Literal) {
      Var *t = temp(x->type, naming::valueTemp());
      pre.push_back(assign(makeVarRef(t), std::move(x), a->getBeginLoc()));
      x = makeVarRef(t);
    }
    st->args.push_back(std::move(x));
    st->arg_is_output.push_back(output);
  }
  if (rt.kind != TypeKind::Void) {
    Var *r = into;
    if (!r)
      r = temp(rt, naming::valueTemp());
    st->result = r;
    pre.push_back(std::move(st));
    return makeVarRef(r);
  }
  pre.push_back(std::move(st));
  return makeLiteral("0", rt);
}

ExprPtr FunctionLowerer::lowerExpr(const clang::Expr *e, Block &pre) {
  if (failed)
    return nullptr;
  SourceLocation loc = e->getBeginLoc();
  // Constants fold to literals (constexpr variables, template arguments).
  if (!e->isValueDependent() && !e->HasSideEffects(ctx) &&
      (e->getType()->isIntegralOrEnumerationType() ||
       e->getType()->isRealFloatingType()) &&
      !isa<IntegerLiteral, FloatingLiteral, CXXBoolLiteralExpr>(
          e->IgnoreParenImpCasts()) &&
      !e->isLValue()) {
    clang::Expr::EvalResult result;
    if (e->isCXX11ConstantExpr(ctx) &&
        e->EvaluateAsRValue(result, ctx) && !result.HasSideEffects)
      return literalFromValue(result.Val, e->getType(), loc);
  }
  if (const clang::Expr *inner = transparentOperand(e))
    return lowerExpr(inner, pre);
  if (const auto *ice = dyn_cast<ImplicitCastExpr>(e)) {
    ExprPtr x = lowerExpr(ice->getSubExpr(), pre);
    if (!x)
      return nullptr;
    switch (ice->getCastKind()) {
    case CK_IntegralToFloating:
    case CK_FloatingCast:
    case CK_FloatingToIntegral:
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
    case CK_FloatingToBoolean: {
      Type t;
      if (!lowerType(ctx, ice->getType(), t))
        return refuse(loc, "tangent: unsupported conversion");
      if (t.spelling == x->type.spelling)
        return x;
      return makeCast(t, std::move(x));
    }
    case CK_ArrayToPointerDecay:
      return refuse(loc, "tangent: pointer arithmetic is not supported "
                         "(an array decays to a pointer here)");
    default:
      return x;
    }
  }
  if (const auto *ce = dyn_cast<ExplicitCastExpr>(e)) {
    // `(void)x;`: only the operand's side effects matter.
    if (ce->getType()->isVoidType()) {
      if (!lowerExpr(ce->getSubExprAsWritten(), pre))
        return nullptr;
      Type it;
      it.kind = TypeKind::Int;
      it.spelling = "int";
      return makeIntLiteral(0, it);
    }
    Type t;
    if (!lowerType(ctx, ce->getType(), t) || !(t.isReal() || t.isIntegral()))
      return refuse(loc, "tangent: cast to '" + ce->getType().getAsString() +
                             "' is not supported");
    ExprPtr x = lowerExpr(ce->getSubExprAsWritten(), pre);
    if (!x)
      return nullptr;
    return makeCast(t, std::move(x));
  }
  if (const auto *lit = dyn_cast<IntegerLiteral>(e)) {
    APValue v(llvm::APSInt(lit->getValue(),
                           !lit->getType()->isSignedIntegerType()));
    return literalFromValue(v, lit->getType(), loc);
  }
  if (const auto *lit = dyn_cast<FloatingLiteral>(e))
    return literalFromValue(APValue(lit->getValue()), lit->getType(), loc);
  if (const auto *lit = dyn_cast<CXXBoolLiteralExpr>(e))
    return makeLiteral(lit->getValue() ? "true" : "false", boolType());
  if (const auto *dre = dyn_cast<DeclRefExpr>(e)) {
    const ValueDecl *d = dre->getDecl();
    if (const auto *vd = dyn_cast<VarDecl>(d)) {
      auto alias = aliases.find(vd);
      if (alias != aliases.end())
        return makeIndex(makeVarRef(alias->second.first),
                         makeVarRef(alias->second.second));
      if (!vd->hasLocalStorage() && !isa<ParmVarDecl>(vd) &&
          !vars.count(vd)) {
        // A global or static constant: fold it.
        clang::Expr::EvalResult result;
        if (vd->getType().isConstQualified() &&
            e->EvaluateAsRValue(result, ctx))
          return literalFromValue(result.Val, e->getType(), loc);
        return varFor(vd, loc), nullptr;
      }
      Var *v = varFor(vd, loc);
      return v ? makeVarRef(v) : nullptr;
    }
    if (const auto *ec = dyn_cast<EnumConstantDecl>(d)) {
      APValue v(ec->getInitVal());
      return literalFromValue(v, e->getType(), loc);
    }
    if (isa<FunctionDecl>(d))
      return refuse(loc, "tangent: function pointers are not supported");
    return refuse(loc, "tangent: reference to '" + d->getNameAsString() +
                           "' is not supported");
  }
  if (const auto *u = dyn_cast<UnaryOperator>(e)) {
    switch (u->getOpcode()) {
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec:
      return lowerIncDec(u, pre);
    case UO_Minus:
    case UO_Plus:
    case UO_LNot:
    case UO_Not: {
      ExprPtr x = lowerExpr(u->getSubExpr(), pre);
      if (!x)
        return nullptr;
      std::string op = UnaryOperator::getOpcodeStr(u->getOpcode()).str();
      if (op == "+")
        return x;
      auto r = makeUnary(op, std::move(x));
      Type t;
      if (lowerType(ctx, u->getType(), t))
        r->type = t;
      return r;
    }
    case UO_Deref: {
      ExprPtr p = lowerExpr(u->getSubExpr()->IgnoreParenImpCasts(), pre);
      if (!p)
        return nullptr;
      if (p->kind != ExprKind::VarRef || p->type.kind != TypeKind::Pointer)
        return refuse(loc, "tangent: pointer arithmetic is not supported");
      Type it;
      it.kind = TypeKind::Int;
      it.spelling = "int";
      return makeIndex(std::move(p), makeIntLiteral(0, it));
    }
    case UO_AddrOf:
      return refuse(loc, "tangent: taking an address is not supported");
    default:
      return refuse(loc, "tangent: unsupported unary operator");
    }
  }
  if (const auto *b = dyn_cast<BinaryOperator>(e)) {
    if (b->isAssignmentOp())
      return lowerAssignExpr(b->getLHS(), b->getRHS(), b->getOpcode(), loc,
                             pre);
    if (b->getOpcode() == BO_LAnd || b->getOpcode() == BO_LOr)
      return lowerShortCircuit(b, pre);
    if (b->getOpcode() == BO_Comma)
      return refuse(loc, "tangent: the comma operator is not supported");
    if (b->getLHS()->getType()->isPointerType() ||
        b->getRHS()->getType()->isPointerType())
      return refuse(loc, "tangent: pointer arithmetic is not supported");
    if (b->isPtrMemOp())
      return refuse(loc, "tangent: member pointers are not supported");
    ExprPtr l = lowerExpr(b->getLHS(), pre);
    ExprPtr r = l ? lowerExpr(b->getRHS(), pre) : nullptr;
    if (!l || !r)
      return nullptr;
    Type t;
    if (!lowerType(ctx, b->getType(), t))
      return refuse(loc, "tangent: unsupported operand type");
    return makeBinary(b->getOpcodeStr().str(), std::move(l), std::move(r), t);
  }
  if (const auto *c = dyn_cast<ConditionalOperator>(e))
    return lowerConditional(c, pre);
  if (const auto *ase = dyn_cast<ArraySubscriptExpr>(e)) {
    const clang::Expr *base = ase->getBase()->IgnoreParenImpCasts();
    if (const auto *dre = dyn_cast<DeclRefExpr>(base)) {
      ExprPtr bx = lowerExpr(dre, pre);
      if (!bx)
        return nullptr;
      if (bx->kind != ExprKind::VarRef)
        return refuse(loc, "tangent: unsupported subscript");
      ExprPtr ix = lowerExpr(ase->getIdx(), pre);
      return ix ? makeIndex(std::move(bx), std::move(ix)) : nullptr;
    }
    return refuse(loc, "tangent: pointer arithmetic is not supported");
  }
  if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e)) {
    OverloadedOperatorKind k = op->getOperator();
    if (k == OO_Subscript)
      return element(op->getArg(0), op->getArg(1), pre, loc);
    if (k == OO_Equal || k == OO_PlusEqual || k == OO_MinusEqual ||
        k == OO_StarEqual || k == OO_SlashEqual) {
      BinaryOperatorKind bk = k == OO_Equal       ? BO_Assign
                              : k == OO_PlusEqual  ? BO_AddAssign
                              : k == OO_MinusEqual ? BO_SubAssign
                              : k == OO_StarEqual  ? BO_MulAssign
                                                   : BO_DivAssign;
      return lowerAssignExpr(op->getArg(0), op->getArg(1), bk, loc, pre);
    }
    return refuse(loc, std::string("tangent: overloaded operator '") +
                           getOperatorSpelling(k) + "' is not supported");
  }
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(e)) {
    const CXXMethodDecl *md = mc->getMethodDecl();
    const clang::Expr *obj = mc->getImplicitObjectArgument();
    if (md && md->isVirtual())
      return refuse(loc, "tangent: virtual call to '" + md->getNameAsString() +
                             "' is not supported");
    Type ot;
    if (md && obj && lowerType(ctx, obj->getType(), ot) && ot.isContainer()) {
      llvm::StringRef n = md->getName();
      if (n == "size" && mc->getNumArgs() == 0) {
        ExprPtr x = lowerExpr(obj->IgnoreParenImpCasts(), pre);
        if (!x)
          return nullptr;
        if (x->kind != ExprKind::VarRef)
          return refuse(loc, "tangent: unsupported size() call");
        auto s = std::make_unique<tangent::Expr>();
        s->kind = ExprKind::Size;
        lowerType(ctx, mc->getType(), s->type);
        s->ops.push_back(std::move(x));
        return s;
      }
      if ((n == "at" || n == "operator[]") && mc->getNumArgs() == 1)
        return element(obj, mc->getArg(0), pre, loc);
    }
    return refuse(loc, "tangent: member function '" +
                           (md ? md->getNameAsString() : std::string("?")) +
                           "' is not supported");
  }
  if (const auto *call = dyn_cast<CallExpr>(e))
    return lowerCall(call, pre, nullptr);
  if (isa<CXXThrowExpr>(e))
    return refuse(loc, "tangent: 'throw' is not supported");
  if (const auto *ctor = dyn_cast<CXXConstructExpr>(e)) {
    if (ctor->getNumArgs() == 1)
      return lowerExpr(ctor->getArg(0), pre);
  }
  if (isa<LambdaExpr>(e))
    return refuse(loc, "tangent: lambdas are not supported");
  return refuse(loc, std::string("tangent: expression '") +
                         e->getStmtClassName() + "' is not supported");
}

void FunctionLowerer::lowerLoop(const clang::Stmt *s, Block &out) {
  SourceLocation loc = s->getBeginLoc();
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Loop;
  st->loc = makeLoc(ctx, loc);
  st->loop = std::make_unique<LoopInfo>();
  LoopInfo &li = *st->loop;
  auto mark = L.checkpoint_marks.find(loc.getRawEncoding());
  if (mark != L.checkpoint_marks.end()) {
    li.annotated = true;
    li.annotated_budget = mark->second;
  } else if (block_budget >= 0) {
    li.annotated = true;
    li.annotated_budget = block_budget;
  }

  const clang::Stmt *body = nullptr;
  const clang::Expr *cond = nullptr;
  const clang::Expr *inc = nullptr;
  if (const auto *f = dyn_cast<ForStmt>(s)) {
    if (f->getConditionVariable())
      return (void)refuse(loc, "tangent: a declaration in a loop condition is "
                               "not supported");
    lowerStmt(f->getInit(), li.init);
    // A variable declared in the init is a candidate induction variable;
    // LoopAnalysis.cpp confirms it or makes it an ordinary local again.
    if (const auto *ds = dyn_cast_or_null<DeclStmt>(f->getInit()))
      if (ds->isSingleDecl())
        if (const auto *vd = dyn_cast<VarDecl>(ds->getSingleDecl()))
          if (Var *v = vars.count(vd) ? vars[vd] : nullptr;
              v && v->type.kind == TypeKind::Int)
            v->role = VarRole::Induction;
    cond = f->getCond();
    inc = f->getInc();
    body = f->getBody();
    li.kind_name = "for";
  } else if (const auto *w = dyn_cast<WhileStmt>(s)) {
    if (w->getConditionVariable())
      return (void)refuse(loc, "tangent: a declaration in a loop condition is "
                               "not supported");
    cond = w->getCond();
    body = w->getBody();
    li.kind_name = "while";
  } else if (const auto *d = dyn_cast<DoStmt>(s)) {
    cond = d->getCond();
    body = d->getBody();
    li.do_while = true;
    li.kind_name = "do";
  } else if (const auto *r = dyn_cast<CXXForRangeStmt>(s)) {
    li.kind_name = "range-for";
    if (r->getInit())
      lowerStmt(r->getInit(), li.init);
    const clang::Expr *range = r->getRangeInit()->IgnoreParenImpCasts();
    Block tmp;
    ExprPtr rx = lowerExpr(range, tmp);
    if (!rx)
      return;
    if (rx->kind != ExprKind::VarRef || !rx->type.isContainer() ||
        !tmp.empty())
      return (void)refuse(range->getBeginLoc(),
                          "tangent: range-for over this expression is not "
                          "supported; iterate over a named array or vector");
    Var *container = rx->var;
    Type it;
    it.kind = TypeKind::Int;
    it.spelling = "std::size_t";
    Var *index = F->addVar("i", it, VarRole::Induction);
    index->name = F->names.fresh("i");
    li.init.push_back(assign(makeVarRef(index), makeIntLiteral(0, it), loc));
    ExprPtr bound;
    if (container->type.kind == TypeKind::Vector) {
      auto sz = std::make_unique<tangent::Expr>();
      sz->kind = ExprKind::Size;
      sz->type = it;
      sz->ops.push_back(makeVarRef(container));
      bound = std::move(sz);
    } else {
      bound = makeIntLiteral(container->type.extent, it);
    }
    li.cond = makeBinary("<", makeVarRef(index), std::move(bound), boolType());
    li.step.push_back(assign(makeVarRef(index),
                             makeBinary("+", makeVarRef(index),
                                        makeIntLiteral(1, it), it),
                             loc));
    const VarDecl *lv = r->getLoopVariable();
    Block prologue;
    if (lv->getType()->isReferenceType()) {
      aliases[lv] = {container, index};
    } else {
      Type vt;
      if (!lowerType(ctx, lv->getType(), vt))
        return (void)refuse(lv->getLocation(), "tangent: unsupported loop "
                                               "variable type");
      Var *v = F->addVar(lv->getNameAsString(), vt, VarRole::Local);
      v->name = F->names.claim(lv->getNameAsString());
      vars[lv] = v;
      ExprPtr elem = makeIndex(makeVarRef(container), makeVarRef(index));
      if (elem->type.spelling != vt.spelling)
        elem = makeCast(vt, std::move(elem));
      prologue.push_back(assign(makeVarRef(v), std::move(elem), loc));
    }
    body = r->getBody();
    JumpScan j = scanJumps(body);
    LoopContext lc;
    if (j.breaks || j.returns) {
      li.form = LoopInfo::Form::General;
      lc.exit_flag = flag(naming::breakFlag());
      li.exit_flag = lc.exit_flag;
    }
    if (j.continues)
      lc.skip_flag = flag(naming::continueFlag());
    loops.push_back(lc);
    Block inner = std::move(prologue);
    if (lc.skip_flag)
      inner.insert(inner.begin(), setFlag(lc.skip_flag, false, loc));
    lowerStmt(body, inner);
    loops.pop_back();
    if (li.form == LoopInfo::Form::General) {
      // repeat { if (!(cond)) exit = true; if (!exit) { body; if (!exit) step } }
      li.init.push_back(setFlag(lc.exit_flag, false, loc));
      Block rebuilt;
      Block guarded = std::move(inner);
      Block step_block = std::move(li.step);
      guarded.push_back(makeIf(makeUnary("!", makeVarRef(lc.exit_flag)),
                               std::move(step_block), loc));
      auto test = makeIf(makeUnary("!", std::move(li.cond)), {}, loc);
      test->then_block.push_back(setFlag(lc.exit_flag, true, loc));
      rebuilt.push_back(std::move(test));
      rebuilt.push_back(makeIf(makeUnary("!", makeVarRef(lc.exit_flag)),
                               std::move(guarded), loc));
      li.body = std::move(rebuilt);
      li.cond = nullptr;
    } else {
      li.body = std::move(inner);
    }
    out.push_back(std::move(st));
    return;
  }

  // for / while / do
  JumpScan j = scanJumps(body);
  Block cond_pre;
  ExprPtr cx;
  if (cond) {
    cx = lowerExpr(cond, cond_pre);
    if (!cx)
      return;
  }
  Block step;
  if (inc) {
    ExprPtr ix = lowerExpr(inc, step);
    if (!ix)
      return;
  }
  LoopContext lc;
  bool general = j.breaks || j.returns || !cond_pre.empty();
  if (general) {
    li.form = LoopInfo::Form::General;
    lc.exit_flag = flag(naming::breakFlag());
    li.exit_flag = lc.exit_flag;
  }
  if (j.continues)
    lc.skip_flag = flag(naming::continueFlag());
  loops.push_back(lc);
  Block inner;
  if (lc.skip_flag)
    inner.push_back(setFlag(lc.skip_flag, false, loc));
  lowerStmt(body, inner);
  loops.pop_back();
  if (failed)
    return;

  if (!general) {
    li.form = LoopInfo::Form::Structured;
    li.cond = std::move(cx);
    li.body = std::move(inner);
    li.step = std::move(step);
    out.push_back(std::move(st));
    return;
  }
  // General: repeat B until exit_flag, where B evaluates the condition too.
  li.init.push_back(setFlag(lc.exit_flag, false, loc));
  auto exitUnless = [&](ExprPtr c, Block &into) {
    if (!c || (c->kind == ExprKind::Literal && c->text == "true"))
      return;
    auto test = makeIf(makeUnary("!", std::move(c)), {}, loc);
    test->then_block.push_back(setFlag(lc.exit_flag, true, loc));
    into.push_back(std::move(test));
  };
  Block b;
  if (!li.do_while) {
    for (StmtPtr &p : cond_pre)
      b.push_back(std::move(p));
    exitUnless(std::move(cx), b);
    Block guarded = std::move(inner);
    if (!step.empty())
      guarded.push_back(makeIf(makeUnary("!", makeVarRef(lc.exit_flag)),
                               std::move(step), loc));
    b.push_back(makeIf(makeUnary("!", makeVarRef(lc.exit_flag)),
                       std::move(guarded), loc));
  } else {
    b = std::move(inner);
    Block tail = std::move(cond_pre);
    exitUnless(std::move(cx), tail);
    b.push_back(makeIf(makeUnary("!", makeVarRef(lc.exit_flag)),
                       std::move(tail), loc));
  }
  li.do_while = false;
  li.body = std::move(b);
  out.push_back(std::move(st));
}

void FunctionLowerer::lowerSwitch(const SwitchStmt *s, Block &out) {
  SourceLocation loc = s->getBeginLoc();
  if (s->getInit())
    lowerStmt(s->getInit(), out);
  if (s->getConditionVariable())
    return (void)refuse(loc, "tangent: a declaration in a switch condition "
                             "is not supported");
  ExprPtr cond = lowerExpr(s->getCond(), out);
  if (!cond)
    return;
  Var *value = temp(cond->type, naming::valueTemp());
  out.push_back(assign(makeVarRef(value), std::move(cond), loc));
  const auto *body = dyn_cast<CompoundStmt>(s->getBody());
  if (!body)
    return (void)refuse(loc, "tangent: unsupported switch body");
  // Groups of labels followed by statements; a group that does not end in
  // 'break' (or 'return') falls through into the next one, whose statements
  // are then lowered again as part of it.
  struct Group {
    std::vector<ExprPtr> labels;
    bool is_default = false;
    std::vector<const clang::Stmt *> stmts;
    bool falls_through = true;
    SourceLocation loc;
  };
  std::vector<Group> groups;
  for (const clang::Stmt *child : body->body()) {
    const clang::Stmt *cur = child;
    if (isa<SwitchCase>(cur) &&
        (groups.empty() || !groups.back().stmts.empty() ||
         !groups.back().falls_through)) {
      groups.emplace_back();
      groups.back().loc = cur->getBeginLoc();
    }
    while (const auto *sc = dyn_cast<SwitchCase>(cur)) {
      if (const auto *cs = dyn_cast<CaseStmt>(sc)) {
        if (cs->getRHS())
          return (void)refuse(cs->getBeginLoc(),
                              "tangent: case ranges are not supported");
        Block tmp;
        ExprPtr lab = lowerExpr(cs->getLHS(), tmp);
        if (!lab)
          return;
        groups.back().labels.push_back(std::move(lab));
      } else {
        groups.back().is_default = true;
      }
      cur = sc->getSubStmt();
    }
    if (groups.empty())
      return (void)refuse(child->getBeginLoc(),
                          "tangent: statement before the first case label");
    Group &g = groups.back();
    if (!g.falls_through)
      return (void)refuse(cur->getBeginLoc(),
                          "tangent: unreachable statement in a switch");
    if (isa<BreakStmt>(cur)) {
      g.falls_through = false;
      continue;
    }
    if (scanJumps(cur).breaks)
      return (void)refuse(cur->getBeginLoc(),
                          "tangent: 'break' inside a switch case is only "
                          "supported as the case's last statement");
    g.stmts.push_back(cur);
    if (isa<ReturnStmt>(cur))
      g.falls_through = false;
  }
  // The statements a group executes: its own, then those of the groups it
  // falls into.
  auto executed = [&](size_t first) {
    std::vector<const clang::Stmt *> all;
    for (size_t i = first; i < groups.size(); ++i) {
      all.insert(all.end(), groups[i].stmts.begin(), groups[i].stmts.end());
      if (!groups[i].falls_through)
        break;
    }
    return all;
  };
  // An if / else-if chain; the default group goes last.
  StmtPtr chain;
  Block *tail = nullptr;
  size_t fallback = groups.size();
  for (size_t gi = 0; gi < groups.size(); ++gi) {
    Group &g = groups[gi];
    if (g.is_default) {
      fallback = gi;
      continue;
    }
    ExprPtr test;
    for (ExprPtr &lab : g.labels) {
      ExprPtr eq = makeBinary("==", makeVarRef(value), std::move(lab),
                              boolType());
      test = test ? makeBinary("||", std::move(test), std::move(eq),
                               boolType())
                  : std::move(eq);
    }
    auto st = makeIf(std::move(test), {}, g.loc);
    lowerSeq(executed(gi), st->then_block);
    Block *next = &st->else_block;
    if (!chain)
      chain = std::move(st);
    else
      tail->push_back(std::move(st));
    tail = next;
  }
  if (fallback < groups.size()) {
    if (!chain) {
      lowerSeq(executed(fallback), out);
      return;
    }
    lowerSeq(executed(fallback), *tail);
  }
  if (chain)
    out.push_back(std::move(chain));
}

} // namespace

const FunctionDecl *Lowering::definition(const FunctionDecl *fd) {
  const FunctionDecl *def = nullptr;
  if (!fd->hasBody(def) || !def) {
    diags_.error(fd->getLocation(), "tangent: function '" +
                                        fd->getNameAsString() +
                                        "' has no body");
    return nullptr;
  }
  return def;
}

Function *Lowering::lowerTop(const FunctionDecl *fd) {
  const FunctionDecl *def = definition(fd);
  if (!def)
    return nullptr;
  tops_.push_back(std::make_unique<Function>());
  Function *fn = tops_.back().get();
  FunctionLowerer lowerer(*this, def, fn);
  return lowerer.run() ? fn : nullptr;
}

Function *Lowering::lower(const FunctionDecl *fd) {
  if (Function *existing = find(fd))
    return existing;
  const FunctionDecl *def = definition(fd);
  if (!def)
    return nullptr;
  Function *fn = create(def);
  FunctionLowerer lowerer(*this, def, fn);
  if (!lowerer.run())
    return nullptr;
  finished(fn);
  return fn;
}

} // namespace tangent
