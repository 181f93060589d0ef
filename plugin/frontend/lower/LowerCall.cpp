//===- LowerCall.cpp - lowering calls -------------------------------------===//
//
// A call is, in the order checked:
//  - a constant (no differentiable argument, no output): an expression
//    evaluated as is;
//  - a call of a function with a custom derivative (frontend/CustomRules.h),
//    or of a user function: a Call statement (the callee is lowered too and
//    differentiated in split forward / reverse functions);
//  - a <cmath> function of the rule table: a Math expression.
// Arguments that are computed floating values get a temporary, so that
// their adjoint has a place to accumulate.
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/CustomRules.h"
#include "frontend/lower/FunctionLowerer.h"
#include "ir/IRWalk.h"
#include "rules/Rules.h"
#include <optional>

using namespace clang;

namespace tangent {

namespace {

/// The object a member function is called on.
const clang::Expr *memberObject(const CallExpr *c) {
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(c))
    return mc->getImplicitObjectArgument();
  return c->getArg(0); // a member operator: the left operand
}

} // namespace

void FunctionLowerer::emitCall(StmtPtr st, Block &out) {
  out.push_back(std::move(st));
  for (StmtPtr &back : written_back)
    out.push_back(std::move(back));
  written_back.clear();
}

void FunctionLowerer::callTarget(tangent::Stmt &st,
                                 const FunctionDecl *callee) {
  if (CustomRule rule = findCustomRule(ctx, callee)) {
    st.custom = qualifiedName(callee, ctx);
    st.custom_pullback = rule.pullback;
    st.custom_pushforward = rule.pushforward;
    return;
  }
  if (!callee->hasBody() && callee->isTemplateInstantiation() &&
      lowering_.instantiate)
    lowering_.instantiate(callee);
  st.callee = lowering_.lower(callee);
}

void FunctionLowerer::objectArguments(tangent::Stmt &st, CallSources &sources,
                                      std::vector<ExprPtr> leaves,
                                      QualType type, bool written,
                                      const clang::Expr *source,
                                      SourceLocation loc) {
  std::vector<Leaf> layout = leavesOf(type, loc);
  for (size_t i = 0; i < leaves.size(); ++i) {
    st.args.push_back(std::move(leaves[i]));
    // A pointer field is written through as its pointee allows; a const
    // field is never written.
    const Type &t = layout[i].type;
    st.arg_is_output.push_back(t.kind == TypeKind::Pointer ? !t.pointee_const
                               : layout[i].read_only       ? false
                               : layout[i].reference
                                   ? !layout[i].const_reference
                                   : written);
    sources.push_back(source);
  }
}

Object FunctionLowerer::arrayFrom(const ObjectArrayArgument &arg, Block &pre) {
  Object o = object(arg.base, pre);
  if (arg.offset) { // from an offset, also of a view's own (`p + k`)
    ExprPtr by = expr(arg.offset, pre);
    o.index = o.index ? makeBinary(Op::Add, std::move(o.index), std::move(by),
                                   intType())
                      : std::move(by);
  }
  return o;
}

std::vector<ExprPtr> FunctionLowerer::objectArrayAddresses(const clang::Expr *a,
                                                           SourceLocation loc,
                                                           Block &pre) {
  ObjectArrayArgument arg;
  if (!objectArrayArgument(a, arg))
    unexpected(loc, "an argument for a pointer to objects");
  std::vector<ExprPtr> out = arrayFrom(arg, pre).leaves();
  for (ExprPtr &x : out) {
    if (x->kind == ExprKind::VarRef && x->type.kind == TypeKind::Pointer)
      continue; // a pointer parameter given on as it is
    if (x->kind == ExprKind::VarRef && x->type.isContainer())
      x = makeIndex(std::move(x), makeIntLiteral(0, intType()));
    x->address = true; // `&as_x[0]`, `&v_x[k]`, `&obj_x`
  }
  return out;
}

ExprPtr FunctionLowerer::argumentValue(const ParmVarDecl *p,
                                       const clang::Expr *a, bool output,
                                       SourceLocation loc, Block &pre) {
  ExprPtr x = output ? target(a, pre) : expr(a, pre);
  if (output && x->kind == ExprKind::Index && x->type.isContainer()) {
    // A row written by the callee (validated: nothing else in the call
    // reaches its vector of vectors): a copy passed, assigned back after
    // the call to the row the index designated before it.
    x->ops[1] = frozenIndex(std::move(x->ops[1]), loc, pre);
    Var *row = temp(x->type, "row");
    pre.push_back(copyConstruction(row, x->clone(), loc));
    written_back.push_back(assign(std::move(x), makeVarRef(row), loc));
    x = makeVarRef(row);
  }
  Type pt;
  if (p && lowerType(ctx, p->getType(), pt) && pt.isContainer() &&
      x->kind != ExprKind::VarRef &&
      !(x->kind == ExprKind::Index && !output)) // a row, read
    unexpected(a->getBeginLoc(), "an unnamed container argument");
  if (!output && x->type.isReal() && x->kind != ExprKind::VarRef &&
      x->kind != ExprKind::Index && x->kind != ExprKind::Literal) {
    Var *t = temp(x->type, naming::valueTemp());
    pre.push_back(assign(makeVarRef(t), std::move(x), a->getBeginLoc()));
    x = makeVarRef(t);
  }
  return x;
}

void FunctionLowerer::userArgument(tangent::Stmt &st, CallSources &sources,
                                   const ParmVarDecl *p, const clang::Expr *a,
                                   SourceLocation loc, Block &pre) {
  // A pointer to non-const storage is an output: the callee may write
  // through it (it records and restores what it overwrites there, since
  // no caller knows the extent to save).
  bool output = isOutputParam(p) || writesThroughPointer(p);
  if (p && isSplit(p->getType()))
    return objectArguments(st, sources, object(a, pre).leaves(), p->getType(),
                           output, a, loc);
  if (p && objectArrayParam(p)) // `const Atom *a`, indexed: by field
    return objectArguments(
        st, sources, objectArrayAddresses(a, loc, pre), p->getType(),
        !objectPointee(p->getType()).isConstQualified(), a, loc);
  if (QualType pointee = p ? objectPointee(p->getType()) : QualType();
      !pointee.isNull()) // the object it points at, by reference
    return objectArguments(st, sources, pointedObject(a, pre).leaves(), pointee,
                           !pointee.isConstQualified(), a, loc);
  ExprPtr x;
  if (p && p->getType()->isPointerType() &&
      a->isNullPointerConstant(ctx, clang::Expr::NPC_NeverValueDependent)) {
    // No storage: nothing read or written through it.
    x = makeNullPointer(typeOf(p->getType(), loc));
    output = false;
  } else if (AddressArgument at; addressArgument(p, a, at)) {
    // An address (`&e`, `&x[k]`, `x + k`, `v.data()`): the storage it
    // points at, as an l-value, passed by address.
    x = address(at, a->getBeginLoc(), pre);
  } else if (bool holds_real; p && passThrough(p->getType(), holds_real)) {
    // Passed through: the caller's parameter, or a literal.
    x = passedOperand(a, pre);
    output = false;
  } else if (containerTemporary(p, a, ctx)) {
    // A container made here (`rhs(axpy(h, k, y))`, `f(Vec{a, b})`): a
    // temporary of its own, read by the callee.
    Var *t = temp(typeOf(p->getType().getNonReferenceType(), loc),
                  naming::valueTemp());
    initialize(t, a, a->getBeginLoc(), pre);
    x = makeVarRef(t);
    output = false;
  } else {
    x = argumentValue(p, a, output, loc, pre);
  }
  st.args.push_back(std::move(x));
  st.arg_is_output.push_back(output);
  sources.push_back(a);
}

std::unique_ptr<tangent::Stmt>
FunctionLowerer::userCall(const FunctionDecl *callee, const Object *on,
                          llvm::ArrayRef<const clang::Expr *> args,
                          SourceLocation loc, Block &pre,
                          const clang::Expr *on_source) {
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Call;
  st->loc = makeLoc(ctx, loc);
  callTarget(*st, callee);
  // `*this` first: written unless the member function is const.
  // Objects: a leaf is written if the object is, or if it is a lambda's
  // capture by reference.
  // What each argument was in the source (for messages).
  CallSources sources;
  if (on) {
    const auto *md = cast<CXXMethodDecl>(callee);
    objectArguments(*st, sources, on->leaves(),
                    ctx.getRecordType(md->getParent()), !md->isConst(),
                    on_source, loc);
  }
  for (unsigned i = 0; i < args.size(); ++i)
    userArgument(*st, sources,
                 i < callee->getNumParams() ? callee->getParamDecl(i) : nullptr,
                 args[i], loc, pre);
  // Arguments that share storage (`addto(a, a)`, `scale(v, v[0])`).
  shareStorage(*st, callee, sources, loc, pre);
  return st;
}

ExprPtr FunctionLowerer::extreme(const CallExpr *c, const clang::Expr *comp,
                                 bool is_max, Block &pre) {
  // std::max(a, b, comp) is `comp(a, b) ? b : a`, std::min(a, b, comp)
  // `comp(b, a) ? b : a`: r = a; if (comp(..)) r = b.
  SourceLocation loc = c->getBeginLoc();
  Type t = typeOf(c->getType(), loc);
  auto value = [&](const clang::Expr *e) {
    ExprPtr x = expr(e, pre);
    if (x->type.spelling != t.spelling)
      x = makeCast(t, std::move(x));
    Var *v = temp(t, naming::valueTemp());
    pre.push_back(assign(makeVarRef(v), std::move(x), loc));
    return v;
  };
  Var *a = value(c->getArg(0));
  Var *b = value(c->getArg(1));
  Var *first = is_max ? a : b, *second = is_max ? b : a;
  ExprPtr test;
  if (std::optional<Op> cmp = standardComparisonOp(comp)) {
    test = makeBinary(*cmp, makeVarRef(first), makeVarRef(second), boolType());
  } else {
    const CXXMethodDecl *op = comparatorOperator(comp, c->getArg(0)->getType());
    if (!op)
      unexpected(loc, "a comparator without a call operator");
    Object closure = object(comp, pre);
    auto st = userCall(op, &closure, {}, loc, pre);
    st->args.push_back(makeVarRef(first));
    st->arg_is_output.push_back(false);
    st->args.push_back(makeVarRef(second));
    st->arg_is_output.push_back(false);
    Var *taken = temp(boolType(), naming::valueTemp());
    st->result = taken;
    emitCall(std::move(st), pre);
    test = makeVarRef(taken);
  }
  Var *r = temp(t, naming::valueTemp());
  pre.push_back(assign(makeVarRef(r), makeVarRef(a), loc));
  Block then_block;
  then_block.push_back(assign(makeVarRef(r), makeVarRef(b), loc));
  pre.push_back(makeIf(std::move(test), std::move(then_block), loc));
  return makeVarRef(r);
}

ExprPtr FunctionLowerer::accessor(const CallExpr *c, const clang::Expr *value,
                                  Block &pre) {
  // The returned expression with each parameter standing for its argument:
  // a reference parameter bound as a local reference would be, a value
  // parameter a temporary holding the value. The bindings of an enclosing
  // call of the same accessor (in an argument) come back afterwards.
  SourceLocation loc = c->getBeginLoc();
  const FunctionDecl *callee = c->getDirectCallee();
  llvm::SmallVector<const clang::Expr *, 4> args;
  Object on;
  if (calleeArguments(c, args))
    on = calledObject(memberObject(c), pre);
  struct Saved {
    const ParmVarDecl *param;
    std::optional<Object> object;
    ExprPtr alias;
    Var *var = nullptr;
  };
  std::vector<Saved> saved;
  for (unsigned i = 0; i < args.size() && i < callee->getNumParams(); ++i) {
    const ParmVarDecl *p = callee->getParamDecl(i);
    Saved s{p, {}, nullptr, nullptr};
    if (auto it = objects.find(p); it != objects.end())
      s.object = it->second.copy();
    if (auto it = aliases.find(p); it != aliases.end())
      s.alias = it->second->clone();
    if (auto it = vars.find(p); it != vars.end())
      s.var = it->second;
    saved.push_back(std::move(s));
    objects.erase(p);
    aliases.erase(p);
    vars.erase(p);
    const auto *named = dyn_cast<DeclRefExpr>(args[i]->IgnoreParenImpCasts());
    const auto *nv = named ? dyn_cast<VarDecl>(named->getDecl()) : nullptr;
    if (p->getType()->isReferenceType() || isSplit(p->getType())) {
      bindReference(p, args[i], loc, pre);
    } else if (nv && vars.count(nv) && p->getType()->isIntegerType() &&
               nv->getType()->isIntegerType() &&
               ctx.hasSameUnqualifiedType(p->getType(), nv->getType()) &&
               onlyRead(nv)) {
      // An integer that never changes (`regElemSize(r)`): itself, so that
      // a loop bound an accessor gives stays an expression.
      vars[p] = vars[nv];
    } else {
      Var *t = temp(typeOf(p->getType(), loc), naming::valueTemp());
      pre.push_back(assign(makeVarRef(t), expr(args[i], pre), loc));
      vars[p] = t;
    }
  }
  Object caller_self = self.copy();
  if (on.size() || on.index)
    self = on.copy();
  // A pointer accessor's address (`&conn[8 * e]`), or a table's row.
  AddressArgument at;
  ExprPtr designated =
      c->getType()->isPointerType() && addressOf(c->getType(), value, at, false)
          ? address(at, loc, pre)
          : expr(value, pre);
  self = std::move(caller_self);
  for (Saved &s : saved) {
    objects.erase(s.param);
    aliases.erase(s.param);
    vars.erase(s.param);
    if (s.object)
      objects[s.param] = std::move(*s.object);
    if (s.alias)
      aliases[s.param] = std::move(s.alias);
    if (s.var)
      vars[s.param] = s.var;
  }
  return designated;
}

void FunctionLowerer::objectCall(const CallExpr *c, const Object &dest,
                                 Block &pre) {
  if (Options opts; const FunctionDecl *g = tangent::nestedGradient(c, opts)) {
    std::vector<ExprPtr> leaves;
    for (size_t k = 0; k < dest.size(); ++k)
      leaves.push_back(dest.leaf(k));
    return nestedGradient(c, g, opts, std::move(leaves), pre);
  }
  Object on;
  llvm::SmallVector<const clang::Expr *, 4> args;
  bool member = calleeArguments(c, args);
  if (member)
    on = calledObject(memberObject(c), pre);
  auto st = userCall(c->getDirectCallee(), member ? &on : nullptr, args,
                     c->getBeginLoc(), pre, member ? memberObject(c) : nullptr);
  for (size_t k = 0; k < dest.size(); ++k) {
    st->args.push_back(dest.leaf(k));
    st->arg_is_output.push_back(true);
  }
  emitCall(std::move(st), pre);
}

ExprPtr FunctionLowerer::call(const CallExpr *c, Block &pre, Var *into) {
  SourceLocation loc = c->getBeginLoc();
  const FunctionDecl *callee = c->getDirectCallee();
  if (!callee)
    unexpected(loc, "a call through a function pointer");
  if (RangeAlgorithm ra; rangeAlgorithm(c, ra) || byteAlgorithm(c, ra))
    return algorithm(c, ra, pre, into);
  if (Options opts; const FunctionDecl *g = tangent::nestedGradient(c, opts)) {
    Var *r = into ? into : temp(typeOf(c->getType(), loc), naming::valueTemp());
    std::vector<ExprPtr> leaf;
    leaf.push_back(makeVarRef(r));
    nestedGradient(c, g, opts, std::move(leaf), pre);
    return makeVarRef(r);
  }
  if (unsigned index = 0; const clang::Expr *pair = tupleGet(c, index)) {
    ExprPtr field = object(pair, pre).leaf(index); // std::get<I>(p)
    if (!into)
      return field;
    pre.push_back(assign(makeVarRef(into), std::move(field), loc));
    return makeVarRef(into);
  }
  // In a region of per-thread results, the thread whose share this is
  // (LowerOpenMP.cpp, threadShares).
  if (ThreadQuery q = threadQuery(c); q != ThreadQuery::None && thread_) {
    ExprPtr answer =
        makeCast(typeOf(c->getType(), loc),
                 makeVarRef(q == ThreadQuery::ThreadNum ? thread_ : team_));
    if (!into)
      return answer;
    pre.push_back(assign(makeVarRef(into), std::move(answer), loc));
    return makeVarRef(into);
  }
  if (const clang::Expr *value = accessorValue(callee)) {
    ExprPtr designated = accessor(c, value, pre);
    if (!into)
      return designated;
    pre.push_back(assign(makeVarRef(into), std::move(designated), loc));
    return makeVarRef(into);
  }
  std::string name = callee->getNameAsString();
  Type rt = typeOf(c->getType(), loc);
  auto result = [&](ExprPtr e) -> ExprPtr {
    if (!into)
      return e;
    pre.push_back(assign(makeVarRef(into), std::move(e), loc));
    return makeVarRef(into);
  };

  if (isInactiveCall(c, ctx) ||
      (isConstantCall(c, ctx) && !isMathFunction(callee))) {
    auto e = std::make_unique<tangent::Expr>();
    e->kind = ExprKind::InactiveCall;
    e->text = qualifiedName(callee, ctx);
    e->type = rt;
    for (const clang::Expr *a : c->arguments())
      e->ops.push_back(expr(a, pre));
    return result(std::move(e));
  }
  if (bool is_max = false; const clang::Expr *comp = comparedExtreme(c, is_max))
    return result(extreme(c, comp, is_max, pre));
  if (const Rule *rule = mathRule(callee);
      rule && !findCustomRule(ctx, callee)) {
    auto math = [&](std::vector<ExprPtr> ops) {
      auto e = std::make_unique<tangent::Expr>();
      e->kind = ExprKind::Math;
      e->rule = rule;
      e->text = "std::" + rule->name; // sinf(x) is std::sin of a float
      e->type = rt;
      e->ops = std::move(ops);
      return e;
    };
    // `std::max({a, b, c})`: std::max(std::max(a, b), c).
    if (llvm::SmallVector<const clang::Expr *, 4> list;
        extremeOfList(c, list)) {
      ExprPtr folded = expr(list[0], pre);
      for (size_t k = 1; k < list.size(); ++k) {
        std::vector<ExprPtr> ops;
        ops.push_back(std::move(folded));
        ops.push_back(expr(list[k], pre));
        folded = math(std::move(ops));
      }
      return result(std::move(folded));
    }
    std::vector<ExprPtr> ops;
    for (const clang::Expr *a : c->arguments())
      ops.push_back(expr(a, pre));
    return result(math(std::move(ops)));
  }

  Object on;
  llvm::SmallVector<const clang::Expr *, 4> args;
  bool member = calleeArguments(c, args);
  if (member)
    on = calledObject(memberObject(c), pre);
  auto st = userCall(callee, member ? &on : nullptr, args, loc, pre,
                     member ? memberObject(c) : nullptr);
  if (rt.kind != TypeKind::Void) {
    // A result that an argument reads (`w = h(w, x)`) goes through a
    // temporary: the callee's reverse needs the argument as it was.
    bool read_by_argument = false;
    for (const ExprPtr &a : st->args)
      read_by_argument |= into && readsVar(*a, into);
    Var *r = into && !read_by_argument ? into : temp(rt, naming::valueTemp());
    st->result = r;
    emitCall(std::move(st), pre);
    if (into && r != into) {
      pre.push_back(assign(makeVarRef(into), makeVarRef(r), loc));
      return makeVarRef(into);
    }
    return makeVarRef(r);
  }
  emitCall(std::move(st), pre);
  return makeLiteral("0", rt);
}

} // namespace tangent
