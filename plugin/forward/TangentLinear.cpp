//===- TangentLinear.cpp - tangent-linear functions: setup, expressions ---===//
//
// A tangent-linear function copies its source's variables and adds a
// tangent `t_x` to every variable of differentiable type. The tangent of an
// expression follows the operations: a variable's tangent, an element of
// the tangent container, and for an operator or a <cmath> function the sum
// of the rule table's rows with the operands' tangents as seeds (zero
// tangents drop out). A row that reads the result ($r: tanh, exp, sqrt)
// reads a temporary that holds it, so the value is computed once.
//
//===----------------------------------------------------------------------===//
#include "analysis/Analysis.h"
#include "forward/TangentBuilder.h"
#include "ir/IRWalk.h"
#include "ir/Support.h"
#include "rules/Rules.h"
#include <cstdlib>

namespace tangent {

Function *TangentLinearizer::of(const Function &fn, TangentForm form,
                                std::uint64_t tangent_data) {
  auto key = std::make_tuple(&fn, form, tangent_data, lanes_);
  if (auto it = made_.find(key); it != made_.end())
    return it->second;
  return fresh(fn, form, 0, tangent_data);
}

Function *TangentLinearizer::fresh(const Function &fn, TangentForm form,
                                   std::uint64_t data,
                                   std::uint64_t tangent_data) {
  owned_.push_back(std::make_unique<Function>());
  Function *out = owned_.back().get();
  out->passes = fn.passes;
  if (!fn.is_top) // before the body: recursion finds it
    made_[std::make_tuple(&fn, form, tangent_data, lanes_)] = out;
  sources_[out] = &fn;
  // A callee's split objects are parameters like any other: only callers
  // see them, and they are generated code. The requested function's are
  // the user's (the binding would have to split them).
  if (fn.flattened && fn.is_top && form == TangentForm::Return)
    addRefusal(refusals,
               {Refusal::Source::ForwardMode, fn.loc,
                "second order (hvp, hessian) does not take class-type "
                "parameters or results, or member functions, in the "
                "requested function yet ('" +
                    fn.name +
                    "'); pass the fields as parameters, or use "
                    "tangent::grad",
                nullptr});
  std::string stem = stem_for_(fn);
  for (size_t i = 0; i < fn.params.size(); ++i)
    if (i < 64 && ((tangent_data >> i) & 1u))
      stem += "_" + std::string(naming::dataVariant()) + "_" +
              naming::tangentStem(fn.params[i]->name);
  out->base_name = fn.base_name;
  out->generated_name =
      form == TangentForm::Output ? naming::jvp(stem) : naming::hvp(stem);
  out->name =
      form == TangentForm::Output
          ? std::string(naming::generatedNamespace()) + "::" + naming::jvp(stem)
          : fn.name;
  if (lanes_) { // called with its width: `<stem>_jvp_lanes<tangent_w>`
    TANGENT_ASSERT(form == TangentForm::Output, "second order in lanes");
    out->lanes = true;
    out->generated_name = naming::jvpLanes(stem);
    out->name = std::string(naming::generatedNamespace()) +
                "::" + naming::jvpLanes(stem) + "<" + naming::lanesWidth() +
                ">";
  }
  TangentSignature &sig = signatures_[out];
  // Second order: pointer directions are constants (data).
  if (form == TangentForm::Return)
    for (const Var *p : fn.params)
      if (p->type.kind == TypeKind::Pointer && p->param_index < 64)
        tangent_data |= std::uint64_t(1) << p->param_index;
  // The tangent stage of Passes.def.
  PassManager passes(*out);
  passes.run(Pass::TangentLinear, [&] {
    TangentBuilder(fn, *out, *this).build(form, sig, data, tangent_data);
  });
  std::vector<DeferredCall> deferred;
  passes.run(Pass::DeferTangents,
             [&] { deferred = deferSelectedTangents(*out, *this); });
  passes.run(Pass::ReuseValues, [&] { reuseComputedValues(*out); });
  passes.run(Pass::TangentLoops, [&] { classifyLoops(*out); });
  passes.run(Pass::SelectAfterLoop, [&] { selectAfterLoops(*out, deferred); });
  passes.run(Pass::ZeroFactors, [&] { guardZeroFactors(*out); });
  return out;
}

Function *TangentLinearizer::freshLanes(const Function &fn,
                                        std::uint64_t data) {
  lanes_ = true;
  Function *out = fresh(fn, TangentForm::Output, data);
  lanes_ = false;
  return out;
}

Var *TangentBuilder::tangentTemp(const Type &type) {
  Var *v = temp(tangentType(type), naming::tangentTemp());
  if (lin_.lanes())
    laned_.insert(v);
  return v;
}

Type TangentBuilder::tangentType(const Type &t) const {
  if (!lin_.lanes() || !t.isDifferentiable())
    return t;
  Type out = t;
  const std::string scalar = t.scalarSpelling();
  out.spelling = naming::lanedSpelling(t.spelling, scalar);
  out.elem_spelling = naming::lanedSpelling(t.elem_spelling, scalar);
  if (t.row)
    out.row = std::make_shared<const Type>(tangentType(*t.row));
  return out;
}

void TangentBuilder::build(TangentForm form, TangentSignature &sig,
                           std::uint64_t data, std::uint64_t tangent_data) {
  out_.loc = src_.loc;
  out_.names = src_.names;
  out_.result = src_.result;
  // Copies of every variable, in order (ids stay those of the source).
  for (const auto &v : src_.vars) {
    Var *c = out_.addVar(v->source_name, v->type, v->role);
    c->name = v->name;
    c->param_index = v->param_index;
    c->by_reference = v->by_reference;
    c->is_const = v->is_const;
    c->data = v->data;
    c->resolved = v->resolved;
    // The parameters `data` names carry no tangent; which those are is
    // decided in one place (ForwardPipeline::dataParams).
    if (v->role == VarRole::Param && v->sourceParam() < 64 &&
        ((data >> v->sourceParam()) & 1u))
      c->data = true;
    vars_[v.get()] = c;
  }
  for (const Var *p : src_.params)
    out_.params.push_back(copyOf(p));
  findVaried();
  // Tangent parameters: same type and passing as their parameter.
  sig.tangent_of.assign(src_.params.size(), -1);
  for (size_t i = 0; i < src_.params.size(); ++i) {
    Var *p = copyOf(src_.params[i]);
    if (!p->type.isDifferentiable() || p->data)
      continue; // data (Var::data): no tangent
    Var *t = out_.addVar(naming::tangentStem(p->source_name),
                         tangentType(p->type), VarRole::Param);
    t->name = out_.names.fresh(naming::tangentStem(p->name));
    t->by_reference = p->by_reference;
    t->is_const = p->is_const;
    t->data = i < 64 && ((tangent_data >> i) & 1u);
    t->param_index = int(out_.params.size());
    sig.tangent_of[i] = t->param_index;
    out_.params.push_back(t);
    tangents_[p] = t;
    if (lin_.lanes())
      laned_.insert(t);
  }
  Var *result = src_.result_var ? copyOf(src_.result_var) : nullptr;
  if (form == TangentForm::Output && result && src_.result.isDifferentiable()) {
    Var *t = out_.addVar(naming::resultTangent(), tangentType(src_.result),
                         VarRole::Param);
    t->name = out_.names.fresh(naming::resultTangent());
    t->by_reference = true;
    t->param_index = int(out_.params.size());
    sig.result_tangent = t->param_index;
    out_.params.push_back(t);
    tangents_[result] = t;
    if (lin_.lanes())
      laned_.insert(t);
    out_.result_var = result;
  } else if (form == TangentForm::Return) {
    TANGENT_ASSERT(result && src_.result.isReal(),
                   "a Hessian-vector product of a non-scalar function");
    out_.result_var = tangentVar(result);
  } else {
    out_.result_var = result;
  }
  block(src_.body, out_.body);
}

void TangentBuilder::findVaried() {
  std::set<const Var *> varied;
  auto data = [&](const Var *v) { return copyOf(v)->data; };
  for (const Var *p : src_.params)
    if (p->type.isDifferentiable() && !data(p))
      varied.insert(p);
  if (src_.result_var)
    varied.insert(src_.result_var); // its tangent is always written
  for (const auto &v : src_.vars)   // containers: always (simpler, same cost)
    if (v->type.isDifferentiable() && !v->type.isReal() && !data(v.get()))
      varied.insert(v.get());
  // A write is varied when its statement reads a varied variable; loops
  // carry it to the next iteration, hence the fixed point.
  for (bool changed = true; changed;) {
    changed = false;
    forEachStmt(src_.body, [&](const Stmt &s, int) {
      bool reads = false;
      forEachExpr(s, [&](const Expr &e) {
        forEachRead(e, [&](Var *v) { reads |= varied.count(v) > 0; });
      });
      if (!reads)
        return;
      forEachWrite(s, [&](Var *v, bool) {
        if (!v->type.isDifferentiable() || !varied.insert(v).second)
          return;
        changed = true;
        // Data has no tangent storage (its extent is unknown).
        if (data(v))
          addRefusal(
              lin_.refusals,
              {Refusal::Source::ForwardMode, s.loc,
               "'" + src_.name + "' writes values into '" + v->source_name +
                   "' that depend on the differentiated parameters, "
                   "so '" +
                   v->source_name + "' needs a tangent, but it gets none (" +
                   (src_.is_top ? "options.wrt leaves it out"
                                : "the caller gives it data") +
                   "): select it with options{.wrt = ...}",
               nullptr});
      });
    });
  }
  for (const Var *v : varied)
    varied_.insert(copyOf(v));
}

Var *TangentBuilder::tangentVar(Var *v) {
  TANGENT_ASSERT(v->type.isDifferentiable(),
                 "a tangent of a variable that has none");
  if (auto it = tangents_.find(v); it != tangents_.end())
    return it->second;
  Var *t =
      out_.addVar(naming::tangentStem(v->source_name), tangentType(v->type),
                  v->role == VarRole::Temp ? VarRole::Temp : VarRole::Local);
  t->name = out_.names.fresh(naming::tangentStem(v->name));
  tangents_[v] = t;
  if (lin_.lanes())
    laned_.insert(t);
  return t;
}

Var *TangentBuilder::temp(const Type &type, const char *stem) {
  Var *v = out_.addVar(stem, type, VarRole::Temp);
  v->name = out_.names.fresh(stem);
  return v;
}

ExprPtr TangentBuilder::primal(const Expr &e) const {
  ExprPtr c = e.clone();
  std::function<void(Expr &)> remap = [&](Expr &x) {
    if (x.var)
      x.var = copyOf(x.var);
    for (ExprPtr &op : x.ops)
      remap(*op);
  };
  remap(*c);
  return c;
}

namespace {

bool readsResult(const Rule &rule) {
  for (unsigned i = 0; i < rule.arity; ++i)
    if (!rule.rowIsZero(i) && rule.rowUsesResult(i))
      return true;
  return false;
}

/// The value of a literal that is a plain number.
bool number(const Expr &e, double &value) {
  if (e.kind != ExprKind::Literal || e.text.empty())
    return false;
  char *end = nullptr;
  value = std::strtod(e.text.c_str(), &end);
  return end && *end == '\0';
}

} // namespace

ExprPtr TangentBuilder::prepare(const Expr &e, Block &out) {
  // Values that are not floating point (tests, logic, integer casts) carry
  // no tangent; hoisting out of them would also evaluate what `&&`, `||`
  // or `?:` may skip (`i < n && std::exp(v[i]) > 1`).
  if (!e.type.isDifferentiable())
    return primal(e);
  ExprPtr c = e.clone();
  c->var = e.var ? copyOf(e.var) : nullptr;
  c->ops.clear();
  for (const ExprPtr &op : e.ops)
    c->ops.push_back(e.kind == ExprKind::Index ? primal(*op)
                                               : prepare(*op, out));
  if (c->kind != ExprKind::Math || !c->rule || !readsResult(*c->rule) ||
      !c->type.isReal())
    return c;
  // value = f(args); t_value = rows(t_args, value)
  Var *v = temp(c->type, naming::valueTemp());
  ExprPtr ref = makeVarRef(v);
  Loc none;
  const Expr &call = *c;
  out.push_back(makeAssign(makeVarRef(v), std::move(c), none));
  if (ExprPtr t = ruleTangent(call, ref.get(), out))
    out.push_back(makeAssign(makeVarRef(tangentVar(v)), std::move(t), none));
  return ref;
}

ExprPtr TangentBuilder::zero(const Type &type) const {
  Type scalar;
  scalar.kind = TypeKind::Real;
  scalar.spelling = type.scalarSpelling();
  return makeLiteral("0", scalar);
}

ExprPtr TangentBuilder::tangentTarget(const Expr &lvalue) {
  Var *root = rootVar(lvalue);
  if (!root || !root->type.isDifferentiable() ||
      !(lvalue.type.isDifferentiable()) || !hasTangent(root))
    return nullptr;
  ExprPtr t = lvalue.clone();
  Expr *x = t.get();
  while (x->kind == ExprKind::Index)
    x = x->ops[0].get();
  x->var = tangentVar(root);
  x->type = x->var->type;
  return t;
}

ExprPtr TangentBuilder::tangent(const Expr &e, Block &out) {
  switch (e.kind) {
  case ExprKind::VarRef:
  case ExprKind::Index:
    return tangentTarget(e);
  case ExprKind::Unary: {
    if (e.op == Op::Not)
      return nullptr;
    ExprPtr t = tangent(*e.ops[0], out);
    if (!t || e.op == Op::Plus)
      return t;
    return makeUnary(Op::Neg, std::move(t)); // the table's row: -$d
  }
  case ExprKind::Binary:
  case ExprKind::Math:
    if (!e.type.isReal())
      return nullptr;
    return ruleTangent(e, nullptr, out);
  case ExprKind::Cast: {
    if (!e.type.isReal() || !e.ops[0]->type.isReal())
      return nullptr;
    ExprPtr t = tangent(*e.ops[0], out);
    if (t && lin_.lanes() && e.type.spelling == e.ops[0]->type.spelling)
      return t; // lanes convert to nothing else
    if (t && lin_.lanes())
      cannot(src_.loc, "the vector forward mode does not convert tangents "
                       "between floating-point types");
    return t ? makeCast(e.type, std::move(t)) : nullptr;
  }
  case ExprKind::Cond:
    TANGENT_ASSERT(!e.type.isReal(), "a floating '?:' left in an expression");
    return nullptr;
  case ExprKind::Literal:
  case ExprKind::Size:
  case ExprKind::InactiveCall:
  case ExprKind::Name:
    return nullptr;
  }
  return nullptr;
}

ExprPtr TangentBuilder::ruleTangent(const Expr &e, const Expr *result,
                                    Block &out) {
  const Rule *rule = ruleFor(e);
  if (!rule) // `%` and other operators of integers
    return nullptr;
  RowOperands in;
  in.result = result;
  in.real = e.type;
  for (const ExprPtr &op : e.ops)
    in.args.push_back(op.get());
  ExprPtr sum;
  for (unsigned i = 0; i < rule->arity && i < e.ops.size(); ++i) {
    if (rule->rowIsZero(i))
      continue;
    ExprPtr seed = tangent(*e.ops[i], out);
    if (!seed)
      continue;
    in.seed = seed.get();
    ExprPtr term = rule->rowIsSeed(i) ? std::move(seed) : rowExpr(*rule, i, in);
    hoistConditionals(term, out);
    sum = sum ? makeBinary(Op::Add, std::move(sum), std::move(term), e.type)
              : std::move(term);
  }
  return sum;
}

void TangentBuilder::hoistConditionals(ExprPtr &e, Block &out) {
  for (ExprPtr &op : e->ops)
    hoistConditionals(op, out);
  if (e->kind != ExprKind::Cond || !e->type.isReal())
    return;
  // A test of two numbers (`0.5 == 0` when a row meets a literal) is
  // decided here.
  const Expr &c = *e->ops[0];
  double a = 0, b = 0;
  if (c.kind == ExprKind::Binary && c.op == Op::Eq && number(*c.ops[0], a) &&
      number(*c.ops[1], b)) {
    bool equal = a == b;
    ExprPtr chosen = std::move(e->ops[equal ? 1 : 2]);
    e = std::move(chosen);
    return;
  }
  // A value the row computes (atan2's `x*x + y*y > 0 ? ...`) stays a
  // number; only a choice between tangents is lanes.
  bool tangents = false;
  forEachRead(*e, [&](Var *r) { tangents |= laned_.count(r) > 0; });
  Var *v =
      tangents ? tangentTemp(e->type) : temp(e->type, naming::tangentTemp());
  auto branch = std::make_unique<Stmt>();
  branch->kind = StmtKind::If;
  branch->cond = std::move(e->ops[0]);
  branch->then_block.push_back(
      makeAssign(makeVarRef(v), std::move(e->ops[1]), Loc{}));
  branch->else_block.push_back(
      makeAssign(makeVarRef(v), std::move(e->ops[2]), Loc{}));
  out.push_back(std::move(branch));
  e = makeVarRef(v);
}

} // namespace tangent
