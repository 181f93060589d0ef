//===- LowerFunction.cpp - lowering a function ----------------------------===//
//
// The Lowering (one per translation unit, Lower.h) and what every construct
// of a function's lowering shares: the function's signature and names, the
// flag that turns an early `return` into guarded statements, statement
// sequences and the small IR builders.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include "frontend/lower/FunctionLowerer.h"
#include "ir/Support.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace tangent {

// --- the Lowering -----------------------------------------------------------

Function *Lowering::find(const FunctionDecl *fd) const {
  auto it = functions_.find(fd->getCanonicalDecl());
  return it == functions_.end() ? nullptr : it->second.get();
}

const FunctionDecl *Lowering::definition(const FunctionDecl *fd) {
  const FunctionDecl *def = nullptr;
  if (!fd->hasBody(def) || !def)
    internalError(("'" + fd->getNameAsString() + "' has no body").c_str(),
                  __FILE__, __LINE__);
  return def;
}

Function *Lowering::lowerTop(const FunctionDecl *fd) {
  const FunctionDecl *def = definition(fd);
  tops_.push_back(std::make_unique<Function>());
  Function *fn = tops_.back().get();
  FunctionLowerer(*this, def, fn).run();
  return fn;
}

Function *Lowering::lowerShared(const FunctionDecl *fd,
                                const SharedStorage &shared) {
  const FunctionDecl *def = definition(fd);
  auto key = std::make_pair(def->getCanonicalDecl(), shared.key());
  if (auto it = shared_.find(key); it != shared_.end())
    return it->second.get(); // lowered, or being lowered (recursion)
  patterns_.push_back(std::make_unique<SharedStorage>(shared));
  auto &slot = shared_[key];
  slot = std::make_unique<Function>();
  Function *fn = slot.get();
  fn->variant = naming::sharedVariant();
  FunctionLowerer lowerer(*this, def, fn);
  lowerer.shared = patterns_.back().get();
  lowerer.run();
  // Its parameters are no longer the C++ function's: untaped calls run
  // its primal on them.
  fn->flattened = true;
  order_.push_back(fn);
  return fn;
}

Function *Lowering::lower(const FunctionDecl *fd) {
  if (Function *existing = find(fd))
    return existing; // lowered, or being lowered (recursion)
  const FunctionDecl *def = definition(fd);
  auto &slot = functions_[def->getCanonicalDecl()];
  slot = std::make_unique<Function>();
  Function *fn = slot.get();
  plain_[fn] = {def->getCanonicalDecl(), 0, 0, 0};
  FunctionLowerer(*this, def, fn).run();
  order_.push_back(fn);
  return fn;
}

// --- the function -----------------------------------------------------------

void FunctionLowerer::run() {
  fn_->loc = makeLoc(ctx, fd->getLocation());
  fn_->base_name = fd->getNameAsString();
  fn_->name = qualifiedName(fd, ctx);
  fn_->address = addressOf(fd, ctx);
  if (const auto *md = dyn_cast<CXXMethodDecl>(fd);
      md && md->getParent()->isLambda()) {
    // A lambda's call operator, named after where the lambda is.
    Loc at = makeLoc(ctx, md->getParent()->getLocation());
    fn_->base_name = "lambda_" + std::to_string(at.line);
    fn_->name = fn_->base_name;
    if (const auto *outer = dyn_cast_or_null<FunctionDecl>(
            md->getParent()->getParentFunctionOrMethod()))
      fn_->name = qualifiedName(outer, ctx) + "::" + fn_->base_name;
  }
  fn_->result = isSplit(fd->getReturnType())
                    ? typeOf(ctx.VoidTy, fd->getLocation())
                    : typeOf(fd->getReturnType(), fd->getLocation());

  // Reserve every user name first so generated names never collide: the
  // variables, and the functions, types and constants the body names; the
  // identifiers of the types it spells (generated code spells them too, and
  // a generated local `d` would hide an enum `d` from the code after it).
  NameScope &names = fn_->names;
  auto reserveType = [&](QualType t) {
    names.reserveIdentifiers(t.getAsString());
  };
  for (const ParmVarDecl *p : fd->parameters()) {
    names.reserve(p->getNameAsString());
    reserveType(p->getType());
  }
  reserveType(fd->getReturnType());
  std::function<void(const clang::Stmt *)> reserve = [&](const clang::Stmt *s) {
    if (!s)
      return;
    if (const auto *ds = dyn_cast<DeclStmt>(s))
      for (const Decl *d : ds->decls())
        if (const auto *nd = dyn_cast<NamedDecl>(d)) {
          names.reserve(nd->getNameAsString()); // variables, type aliases
          if (const auto *vd = dyn_cast<VarDecl>(d))
            reserveType(vd->getType());
        }
    if (const auto *dre = dyn_cast<DeclRefExpr>(s)) {
      names.reserve(dre->getDecl()->getNameAsString());
      if (isa<EnumConstantDecl>(dre->getDecl()))
        reserveType(dre->getType());
    }
    if (const auto *cast = dyn_cast<ExplicitCastExpr>(s))
      reserveType(cast->getTypeAsWritten());
    for (const clang::Stmt *c : s->children())
      reserve(c);
  };
  reserve(fd->getBody());
  for (const char *reserved : {"tangent", "std"})
    fn_->names.reserve(reserved);
  // The names generated code spells as they are: a user variable with one
  // of them gets a fresh name instead.
  for (const char *fixed : naming::fixedNames())
    fn_->names.claim(fixed);

  parameters();
  const auto *body = dyn_cast<CompoundStmt>(fd->getBody());
  if (!body)
    unexpected(fd->getLocation(), "a function body that is not a block");
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
    fn_->body.push_back(setFlag(returned, false, fd->getLocation()));
  // A pointer parameter the body steps walks its storage (LowerPointer.cpp).
  for (const ParmVarDecl *p : fd->parameters())
    if (auto v = vars.find(p); v != vars.end() && pointerChanges(p))
      walkingView(p, makeVarRef(v->second), p->getLocation(), fn_->body);
  // The constant tables it reads (`const double c[4]` of the namespace):
  // local copies, declared first.
  for (const VarDecl *table : globalTables(body, ctx))
    declaration(table, fn_->body);
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
    memberInitializers(ctor);
  sequence(stmts, fn_->body);
  resolveViews(); // LowerViews.cpp
}

bool FunctionLowerer::sharedAt(int j) const {
  return shared && j < int(shared->params.size()) &&
         shared->params[size_t(j)].root >= 0;
}

Object FunctionLowerer::objectParameter(const std::string &name, QualType qt,
                                        bool by_reference, bool is_const,
                                        SourceLocation loc, FlatParams *flat) {
  SourceParam sp;
  sp.name = name;
  sp.spelling = typeSpelling(
      ctx, qt.getNonReferenceType().getUnqualifiedType().getCanonicalType());
  sp.by_reference = by_reference;
  sp.is_const = is_const;
  sp.object = true;
  sp.copy_shares = copySharesStorage(splitClass(qt));
  std::vector<Leaf> layout = leavesOf(qt, loc);
  Object object;
  for (const Leaf &leaf : layout) {
    if (flat && sharedAt(flat->count)) {
      ++flat->count;
      flat->own.push_back(nullptr);
      object.vars.push_back(nullptr);
      continue;
    }
    std::string path;
    for (const FieldStep &step : leaf.path)
      path += step.element ? "[]" : "." + step.name;
    Var *v = fn_->addVar(name + path, leaf.type, VarRole::Param);
    v->name = fn_->names.fresh(name + "_" + leaf.suffix);
    sp.paths.push_back(leaf.path);
    object.vars.push_back(v);
    if (flat) {
      ++flat->count;
      flat->own.push_back(v);
    }
  }
  addParameter(std::move(sp), object.vars);
  // A lambda's capture by reference is a reference, whatever the
  // closure object is.
  for (size_t i = 0; i < layout.size(); ++i)
    if (layout[i].reference && object.vars[i]) {
      object.vars[i]->by_reference = true;
      object.vars[i]->is_const = layout[i].const_reference;
    }
  // A const field is never written (`const int n;`); a const floating-point
  // one is a constant of the object, without a derivative (the gradient's
  // copy of the object could not receive one).
  for (size_t i = 0; i < layout.size(); ++i)
    if (layout[i].read_only && object.vars[i] &&
        object.vars[i]->type.kind != TypeKind::Pointer) {
      object.vars[i]->is_const = true;
      object.vars[i]->data = object.vars[i]->type.isReal();
    }
  fn_->flattened = true;
  return object;
}

Var *FunctionLowerer::scalarParameter(const ParmVarDecl *p,
                                      const std::string &name) {
  QualType bare = p->getType().getNonReferenceType();
  Type t;
  if (lowerMultiPointer(ctx, p->getType(), t)) // `double b[][8]`
    fn_->flattened = true; // callers give flat storage: not the C++ type
  else if (!passThroughType(ctx, p->getType(), t))
    t = typeOf(p->getType(), p->getLocation());
  Var *v = fn_->addVar(name, t, VarRole::Param);
  v->name = fn_->names.claim(name);
  SourceParam sp;
  sp.name = v->name;
  sp.spelling = t.spelling;
  sp.by_reference = p->getType()->isReferenceType();
  sp.is_const = bare.isConstQualified() ||
                (t.kind == TypeKind::Pointer && t.pointee_const) ||
                (t.kind == TypeKind::CArray &&
                 ctx.getBaseElementType(bare).isConstQualified());
  addParameter(std::move(sp), {v});
  vars[p] = v;
  return v;
}

void FunctionLowerer::parameters() {
  // Under a shared-storage pattern (Lower.h), a flat parameter may be
  // another's storage: it gets no variable of its own, and what it names is
  // bound once every parameter exists (bindShared).
  FlatParams flat;
  std::vector<std::pair<Object *, int>> shared_objects;
  auto sharedObject = [&](Object &o, int first) {
    for (Var *v : o.vars)
      if (!v) {
        shared_objects.push_back({&o, first});
        return;
      }
  };
  const auto *md = dyn_cast<CXXMethodDecl>(fd);
  if (md && !md->isStatic()) {
    self = objectParameter("self", ctx.getRecordType(md->getParent()), true,
                           md->isConst(), fd->getLocation(), &flat);
    sharedObject(self, 0);
  }
  std::vector<std::pair<const ParmVarDecl *, int>> shared_scalars;
  for (const ParmVarDecl *p : fd->parameters()) {
    std::string name = p->getNameAsString();
    if (name.empty())
      name = "unnamed";
    QualType bare = p->getType().getNonReferenceType();
    const int first = flat.count;
    if (objectArrayParam(p)) { // `const Atom *a; a[i].x`: one per field
      objects[p] =
          objectParameter(name, p->getType(), false,
                          objectPointee(p->getType()).isConstQualified(),
                          p->getLocation(), &flat);
      sharedObject(objects[p], first);
    } else if (QualType pointee = objectPointee(p->getType());
               !pointee.isNull()) {
      objects[p] =
          objectParameter(name, pointee, true, pointee.isConstQualified(),
                          p->getLocation(), &flat);
      fn_->signature.back().object_pointer = true;
      sharedObject(objects[p], first);
    } else if (isSplit(p->getType())) {
      objects[p] =
          objectParameter(name, p->getType(), p->getType()->isReferenceType(),
                          bare.isConstQualified(), p->getLocation(), &flat);
      sharedObject(objects[p], first);
    } else if (sharedAt(flat.count)) {
      shared_scalars.push_back({p, flat.count++});
      flat.own.push_back(nullptr);
    } else {
      flat.own.push_back(scalarParameter(p, name));
      ++flat.count;
    }
  }
  if (shared)
    bindShared(flat.own, shared_scalars, shared_objects);
  if (md && !md->isStatic())
    bindCaptures(md);
  // A class-type result: written through output parameters.
  if (isSplit(fd->getReturnType()))
    result_leaves = objectParameter("result", fd->getReturnType(), true, false,
                                    fd->getLocation(), nullptr);
  if (fn_->result.kind != TypeKind::Void) {
    fn_->result_var =
        fn_->addVar(naming::resultVar(), fn_->result, VarRole::Local);
    fn_->result_var->name = fn_->names.fresh(naming::resultVar());
  }
}

void FunctionLowerer::bindCaptures(const CXXMethodDecl *md) {
  // In a lambda's body, a captured variable is its capture. A captured
  // object with no leaves (a lambda that captures nothing) is an object all
  // the same: the body may call it.
  if (md->getParent()->isLambda())
    for (const LambdaCapture &c : md->getParent()->captures())
      if (const auto *var = dyn_cast_or_null<VarDecl>(
              c.capturesVariable() ? c.getCapturedVar() : nullptr);
          var && isSplit(var->getType()))
        objects[var];
  std::vector<Leaf> layout =
      leavesOf(ctx.getRecordType(md->getParent()), fd->getLocation());
  for (size_t i = 0; i < layout.size(); ++i) {
    const auto *var = dyn_cast_or_null<VarDecl>(layout[i].captured);
    if (!var)
      continue;
    if (self.index)
      unexpected(fd->getLocation(), "a lambda's capture shared with an "
                                    "element");
    if (isSplit(var->getType()))
      objects[var].vars.push_back(self.vars[i]);
    else
      vars[var] = self.vars[i];
  }
}

void FunctionLowerer::addParameter(SourceParam sp,
                                   const std::vector<Var *> &leaves) {
  sp.first = int(fn_->params.size());
  sp.leaves = 0;
  for (Var *v : leaves) {
    if (!v)
      continue; // shared storage (bindShared)
    ++sp.leaves;
    v->param_index = int(fn_->params.size());
    v->source_param = int(fn_->signature.size());
    v->by_reference = sp.by_reference;
    v->is_const = sp.is_const;
    // A pointer field is given by value (never reassigned through the
    // object: validated), const as its pointee.
    if (v->type.kind == TypeKind::Pointer) {
      v->by_reference = false;
      v->is_const = v->type.pointee_const;
    }
    fn_->params.push_back(v);
  }
  fn_->signature.push_back(std::move(sp));
}

void FunctionLowerer::memberInitializers(const CXXConstructorDecl *ctor) {
  const CXXRecordDecl *cls = ctor->getParent();
  std::vector<Leaf> layout =
      leavesOf(ctx.getRecordType(cls), ctor->getLocation());
  for (const CXXCtorInitializer *init : ctor->inits()) {
    SourceLocation loc = init->getSourceLocation().isValid()
                             ? init->getSourceLocation()
                             : ctor->getLocation();
    Object part;
    if (const FieldDecl *field = init->getMember()) {
      for (size_t i = 0; i < layout.size(); ++i)
        if (!layout[i].fields.empty() && layout[i].fields.front() == field)
          part.vars.push_back(self.vars[i]);
      if (!isSplit(field->getType())) {
        const clang::Expr *value = init->getInit();
        if (const auto *d = dyn_cast<CXXDefaultInitExpr>(value))
          value = d->getExpr(); // `double *m_tmp = nullptr;`
        initialize(part.vars.at(0), value, loc, fn_->body);
        continue;
      }
    } else if (init->isBaseInitializer()) {
      size_t from = 0;
      const CXXRecordDecl *base = splitClass(QualType(init->getBaseClass(), 0));
      for (const CXXBaseSpecifier &b : cls->bases()) {
        size_t n = leavesOf(b.getType(), loc).size();
        if (splitClass(b.getType()) == base) {
          part = self.slice(from, n);
          break;
        }
        from += n;
      }
    } else if (init->isDelegatingInitializer()) {
      // `Model(double a) : Model(a, 2 * a) {}`: the whole object, built by
      // the constructor it delegates to.
      part = self.slice(0, layout.size());
    } else {
      unexpected(loc, "an indirect member initializer");
    }
    buildObject(part, init->getInit(), loc, fn_->body, true);
  }
}

void FunctionLowerer::stmt(const clang::Stmt *s, Block &out) {
  if (!s)
    return;
  // `i++;` (a for loop's step, a statement): its value is discarded, so it
  // is `i = i + 1` with no copy of the old value, which would make the loop
  // look uncounted (LoopAnalysis.cpp) and its copy recorded per iteration.
  if (const auto *e = dyn_cast<clang::Expr>(s))
    if (const auto *u = dyn_cast<UnaryOperator>(e->IgnoreParens());
        u && u->isIncrementDecrementOp()) {
      incDec(u, out, /*discarded=*/true);
      return;
    }
  Visit(s, out);
}

void FunctionLowerer::sequence(llvm::ArrayRef<const clang::Stmt *> stmts,
                               Block &out) {
  for (size_t i = 0; i < stmts.size(); ++i) {
    stmt(stmts[i], out);
    if (i + 1 < stmts.size() && mayJump(stmts[i])) {
      ExprPtr guard = guardCondition();
      if (!guard)
        continue;
      Block rest;
      sequence(stmts.drop_front(i + 1), rest);
      out.push_back(makeIf(std::move(guard), std::move(rest),
                           stmts[i + 1]->getBeginLoc()));
      return;
    }
  }
}

// --- helpers ----------------------------------------------------------------

void FunctionLowerer::unexpected(SourceLocation loc, const std::string &what) {
  Loc l = makeLoc(ctx, loc);
  std::string message = "the lowering met " + what;
  if (l.line)
    message += " at " + l.str();
  message += ", which the validator should have refused";
  internalError(message.c_str(), __FILE__, __LINE__);
}

Type FunctionLowerer::typeOf(QualType qt, SourceLocation loc) {
  Type t;
  if (!lowerType(ctx, qt, t))
    unexpected(loc, "the type '" + qt.getAsString() + "'");
  return t;
}

Var *FunctionLowerer::temp(const Type &type, const std::string &stem) {
  Var *v = fn_->addVar(stem, type, VarRole::Temp);
  v->name = fn_->names.fresh(stem);
  return v;
}

Var *FunctionLowerer::flag(const char *stem) {
  Var *v = fn_->addVar(stem, boolType(), VarRole::Flag);
  v->name = fn_->names.fresh(stem);
  return v;
}

StmtPtr FunctionLowerer::assign(ExprPtr lhs, ExprPtr rhs, SourceLocation loc) {
  return makeAssign(std::move(lhs), std::move(rhs), makeLoc(ctx, loc));
}

StmtPtr FunctionLowerer::setFlag(Var *v, bool value, SourceLocation loc) {
  return assign(makeVarRef(v),
                makeLiteral(value ? "true" : "false", boolType()), loc);
}

StmtPtr FunctionLowerer::makeIf(ExprPtr cond, Block then_block,
                                SourceLocation loc) {
  auto s = std::make_unique<tangent::Stmt>();
  s->kind = StmtKind::If;
  s->loc = makeLoc(ctx, loc);
  s->cond = std::move(cond);
  s->then_block = std::move(then_block);
  return s;
}

ExprPtr FunctionLowerer::guardCondition() {
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
    ExprPtr term = makeUnary(Op::Not, makeVarRef(f));
    cond =
        cond ? makeBinary(Op::And, std::move(cond), std::move(term), boolType())
             : std::move(term);
  }
  return cond;
}

bool FunctionLowerer::mayJump(const clang::Stmt *s) {
  JumpScan j = scanJumps(s);
  if (loops.empty())
    return j.returns && returned;
  return j.breaks || j.continues || j.returns;
}

Var *FunctionLowerer::varFor(const VarDecl *vd, SourceLocation use) {
  auto it = vars.find(vd);
  if (it == vars.end())
    unexpected(use, "the variable '" + vd->getNameAsString() + "'");
  return it->second;
}

} // namespace tangent
