//===- TangentStatements.cpp - tangent-linear statements ------------------===//
//
// Each statement is preceded by the statement that computes the tangent of
// what it writes, from the values before it: `t_y = rows(t_x...); y = e`.
// Both read the old values, so a statement that reads its own target
// (`x = x * x`) needs no copy. Control flow is kept as it is: branches and
// loops test the same primal conditions, and loops keep their form and
// their [[tangent::checkpoint]] marks (the Hessian-vector product
// checkpoints them like the gradient does).
//
//===----------------------------------------------------------------------===//
#include "forward/TangentBuilder.h"
#include "forward/VectorSeed.h"
#include "ir/IRWalk.h"
#include "ir/Support.h"

namespace tangent {

namespace {

StmtPtr like(const Stmt &s, StmtKind kind) {
  auto c = std::make_unique<Stmt>();
  c->kind = kind;
  c->loc = s.loc;
  return c;
}

} // namespace

void TangentBuilder::block(const Block &in, Block &out) {
  for (const StmtPtr &s : in)
    stmt(*s, out);
}

void TangentBuilder::stmt(const Stmt &s, Block &out) {
  switch (s.kind) {
  case StmtKind::Assign:
    return assign(s, out);
  case StmtKind::Construct:
    return construct(s, out);
  case StmtKind::Call:
    return call(s, out);
  case StmtKind::Swap:
    return swap(s, out);
  case StmtKind::Resize:
    return resize(s, out);
  case StmtKind::If:
    return branch(s, out);
  case StmtKind::Loop:
    return loop(s, out);
  case StmtKind::Block: {
    StmtPtr b = like(s, StmtKind::Block);
    block(s.block, b->block);
    out.push_back(std::move(b));
    return;
  }
  }
}

void TangentBuilder::assign(const Stmt &s, Block &out) {
  ExprPtr rhs = prepare(*s.rhs, out);
  ExprPtr lhs = primal(*s.lhs);
  if (ExprPtr target = tangentTarget(*lhs)) {
    ExprPtr t = tangent(*rhs, out);
    if (!t && !target->type.isReal()) {
      cannot(s.loc, "forward mode cannot follow the derivative of "
                    "this container assignment");
      return;
    }
    out.push_back(makeAssign(std::move(target),
                             t ? std::move(t) : zero(lhs->type), s.loc));
  }
  out.push_back(makeAssign(std::move(lhs), std::move(rhs), s.loc));
}

ExprPtr TangentBuilder::argumentTangent(const Expr &arg, bool output,
                                        const Loc &at, Block &out) {
  if (isNullPointer(arg)) // no storage, no tangent storage
    return arg.clone();
  ExprPtr t = output ? tangentTarget(arg) : tangent(arg, out);
  if (t)
    return t;
  if (arg.type.isReal() && !output)
    return zero(arg.type);
  if (arg.type.isReal()) // written by the callee, and always zero here
    return makeVarRef(tangentTemp(arg.type));
  if (lin_.lanes() && !output && arg.kind == ExprKind::VarRef &&
      (arg.type.kind == TypeKind::Vector || arg.type.kind == TypeKind::Array)) {
    // Data given to a differentiated parameter: zeros shaped like it.
    Var *zeros = tangentTemp(arg.type);
    if (arg.type.kind == TypeKind::Vector) {
      auto c = std::make_unique<Stmt>();
      c->kind = StmtKind::Construct;
      c->loc = at;
      c->var = zeros;
      c->construct = ConstructKind::Size;
      c->args.push_back(makeSize(arg.clone()));
      out.push_back(std::move(c));
    }
    return makeVarRef(zeros);
  }
  cannot(at, "forward mode needs the tangent of this argument, "
             "which is not a variable or an element of one");
  return zero(arg.type);
}

ExprPtr TangentBuilder::addressTangent(const Expr &arg, const Loc &at,
                                       Block &out) {
  if (ExprPtr t = tangentTarget(arg))
    return t; // the same address in the tangent's storage
  // Into a parameter's array without a tangent (data): zeros shaped like
  // it, at the same offset.
  if (dataAddress(arg)) {
    const Var *root = arg.ops[0]->var;
    Var *zeros = tangentTemp(root->type);
    if (root->type.kind == TypeKind::Vector) {
      auto c = std::make_unique<Stmt>();
      c->kind = StmtKind::Construct;
      c->loc = at;
      c->var = zeros;
      c->construct = ConstructKind::Size;
      c->args.push_back(makeSize(arg.ops[0]->clone()));
      out.push_back(std::move(c));
    }
    ExprPtr t = makeIndex(makeVarRef(zeros), arg.ops[1]->clone());
    t->address = true;
    return t;
  }
  // A variable without a tangent: a zero of its own (its address is
  // valid for one element, as the variable's is).
  if (arg.kind != ExprKind::VarRef || !arg.type.isReal())
    cannot(at, "forward mode needs a tangent for this address, which points "
               "into storage that has none");
  ExprPtr t = makeVarRef(tangentTemp(arg.type));
  t->address = true;
  return t;
}

void TangentBuilder::construct(const Stmt &s, Block &out) {
  sizedStatement(s,
                 (s.construct == ConstructKind::Size ||
                  s.construct == ConstructKind::Fill) &&
                     s.var->type.kind == TypeKind::Vector,
                 out);
}

void TangentBuilder::resize(const Stmt &s, Block &out) {
  sizedStatement(s, s.resize == ResizeKind::To, out);
}

void TangentBuilder::sizedStatement(const Stmt &s, bool size_first,
                                    Block &out) {
  Var *v = copyOf(s.var);
  std::vector<ExprPtr> args;
  for (const ExprPtr &a : s.args)
    args.push_back(prepare(*a, out));
  auto on = [&](Var *target) {
    StmtPtr c = like(s, s.kind);
    c->var = target;
    c->construct = s.construct;
    c->resize = s.resize;
    return c;
  };
  if (v->type.isDifferentiable()) {
    StmtPtr ts = on(tangentVar(v));
    for (size_t i = 0; i < args.size(); ++i)
      ts->args.push_back(size_first && i == 0
                             ? args[i]->clone()
                             : argumentTangent(*args[i], false, s.loc, out));
    out.push_back(std::move(ts));
  }
  StmtPtr ps = on(v);
  ps->args = std::move(args);
  out.push_back(std::move(ps));
}

void TangentBuilder::call(const Stmt &s, Block &out) {
  if (s.mpi) {
    cannot(s.loc, "forward mode (jvp, hvp) does not differentiate "
                  "MPI calls yet; use tangent::grad");
    return;
  }
  if (!s.custom.empty())
    return customCall(s, out);
  TANGENT_ASSERT(s.callee, "a call of neither a function nor a custom rule");
  StmtPtr c = like(s, StmtKind::Call);
  Function *callee = lin_.of(*s.callee, TangentForm::Output);
  const TangentSignature &sig = lin_.signature(callee);
  c->callee = callee;
  std::vector<ExprPtr> args;
  for (size_t i = 0; i < s.args.size(); ++i)
    args.push_back(s.arg_is_output[i] || s.args[i]->address
                       ? primal(*s.args[i])
                       : prepare(*s.args[i], out));
  std::vector<ExprPtr> tangents;
  std::vector<bool> tangent_output;
  for (size_t i = 0; i < s.args.size(); ++i) {
    if (sig.tangent_of[i] < 0)
      continue;
    tangents.push_back(
        args[i]->address
            ? addressTangent(*args[i], s.loc, out)
            : argumentTangent(*args[i], s.arg_is_output[i], s.loc, out));
    tangent_output.push_back(s.arg_is_output[i]);
  }
  // Tangents that are data (second-order directions) go to the variant
  // of the callee in which those tangent parameters are data.
  std::uint64_t tangent_data = 0;
  for (size_t i = 0, k = 0; i < s.args.size(); ++i) {
    if (sig.tangent_of[i] < 0)
      continue;
    const Var *root = rootVar(*tangents[k++]);
    if (root && root->data && root->type.kind == TypeKind::Pointer && i < 64)
      tangent_data |= std::uint64_t(1) << i;
  }
  if (tangent_data) {
    callee = lin_.of(*s.callee, TangentForm::Output, tangent_data);
    c->callee = callee;
  }
  Var *result = s.result ? copyOf(s.result) : nullptr;
  // The result's tangent is written by the callee: through a temporary
  // when an argument reads the result (it would alias an input's tangent).
  Var *result_tangent = nullptr, *through = nullptr;
  if (sig.result_tangent >= 0) {
    bool aliased = false;
    for (const ExprPtr &a : args)
      aliased |= result && readsVar(*a, result);
    if (result && !aliased && hasTangent(result))
      result_tangent = tangentVar(result);
    else
      result_tangent = through = tangentTemp(callee->result);
  }
  for (size_t i = 0; i < args.size(); ++i) {
    c->args.push_back(std::move(args[i]));
    c->arg_is_output.push_back(s.arg_is_output[i]);
  }
  for (size_t i = 0; i < tangents.size(); ++i) {
    c->args.push_back(std::move(tangents[i]));
    c->arg_is_output.push_back(tangent_output[i]);
  }
  if (result_tangent) {
    c->args.push_back(makeVarRef(result_tangent));
    c->arg_is_output.push_back(true);
  }
  c->result = result;
  out.push_back(std::move(c));
  if (through && result && hasTangent(result)) {
    out.push_back(
        makeAssign(makeVarRef(tangentVar(result)), makeVarRef(through), s.loc));
  }
}

void TangentBuilder::customCall(const Stmt &s, Block &out) {
  if (s.keptForEffects()) { // `printf`, `exit`: as written
    StmtPtr c = like(s, StmtKind::Call);
    c->custom = s.custom;
    for (const ExprPtr &a : s.args)
      c->args.push_back(primal(*a));
    c->arg_is_output = s.arg_is_output;
    out.push_back(std::move(c));
    return;
  }
  if (lin_.lanes()) {
    cannot(s.loc, "the vector forward mode does not use custom derivatives "
                  "('" +
                      s.custom + "')");
    return;
  }
  if (!s.custom_pushforward.empty())
    return pushforwardCall(s, out);
  bool outputs = false;
  for (bool o : s.arg_is_output)
    outputs |= o;
  if (outputs || !s.result || !s.result->type.isReal()) {
    cannot(s.loc, "forward mode takes the derivative of '" + s.custom +
                      "', which writes through its arguments, from a "
                      "pushforward rule: define " +
                      naming::pushforwardBeside(s.custom_pullback) +
                      " (docs/custom-derivatives.md), or differentiate the "
                      "function itself");
    return;
  }
  std::vector<ExprPtr> args;
  for (const ExprPtr &a : s.args)
    args.push_back(prepare(*a, out));
  Var *result = copyOf(s.result);
  if (hasTangent(result)) {
    // d_i = 0; pullback(args..., &d_i..., 1); t_result = sum_i d_i t_i
    lin_.signatureOf(&out_).custom_calls.push_back({s.loc, s.custom});
    StmtPtr pb = like(s, StmtKind::Call);
    pb->custom = s.custom_pullback;
    for (const ExprPtr &a : args) {
      pb->args.push_back(a->clone());
      pb->arg_is_output.push_back(false);
    }
    std::vector<std::pair<Var *, const Expr *>> partials;
    for (const ExprPtr &a : args) {
      if (!a->type.isDifferentiable())
        continue;
      // An address (`x.data()`): the pullback writes adjoints of an extent
      // only the call knows, not one scalar.
      if (a->address ||
          (!a->type.isReal() && a->type.kind != TypeKind::Vector)) {
        cannot(s.loc, "forward mode can use the pullback of '" + s.custom +
                          "' only with floating-point and std::vector "
                          "arguments; for an address, define " +
                          naming::pushforwardBeside(s.custom_pullback) +
                          " (docs/custom-derivatives.md)");
        return;
      }
      Var *d = temp(a->type, naming::adjointTemp());
      if (a->type.isReal()) {
        out.push_back(makeAssign(makeVarRef(d), zero(a->type), s.loc));
        Type pointer = a->type;
        pointer.kind = TypeKind::Pointer;
        pointer.elem_spelling = a->type.spelling;
        pointer.spelling = a->type.spelling + "*";
        pb->args.push_back(makeLiteral("&" + d->name, pointer));
        pb->arg_is_output.push_back(false);
      } else {
        StmtPtr sized = like(s, StmtKind::Construct);
        sized->var = d;
        sized->construct = ConstructKind::Size;
        sized->args.push_back(makeSize(a->clone()));
        out.push_back(std::move(sized));
        pb->args.push_back(makeVarRef(d));
        pb->arg_is_output.push_back(true);
      }
      partials.push_back({d, a.get()});
    }
    pb->args.push_back(makeLiteral("1", s.result->type));
    pb->arg_is_output.push_back(false);
    out.push_back(std::move(pb));
    ExprPtr sum;
    for (const auto &[d, a] : partials) {
      ExprPtr t = tangent(*a, out);
      if (!t)
        continue;
      ExprPtr term =
          d->type.isReal()
              ? makeBinary(Op::Mul, makeVarRef(d), std::move(t), result->type)
              : makeVarRef(dot(d, std::move(t), result->type, s.loc, out));
      sum = sum ? makeBinary(Op::Add, std::move(sum), std::move(term),
                             result->type)
                : std::move(term);
    }
    out.push_back(makeAssign(makeVarRef(tangentVar(result)),
                             sum ? std::move(sum) : zero(result->type), s.loc));
  }
  StmtPtr c = like(s, StmtKind::Call);
  c->custom = s.custom;
  c->custom_pullback = s.custom_pullback;
  c->custom_pushforward = s.custom_pushforward;
  c->args = std::move(args);
  c->arg_is_output = s.arg_is_output;
  c->result = result;
  out.push_back(std::move(c));
}

void TangentBuilder::pushforwardCall(const Stmt &s, Block &out) {
  lin_.signatureOf(&out_).custom_calls.push_back({s.loc, s.custom});
  std::vector<ExprPtr> args;
  for (const ExprPtr &a : s.args)
    args.push_back(prepare(*a, out));
  // pushforward(values before the call..., tangents...), then the call.
  StmtPtr pf = like(s, StmtKind::Call);
  pf->custom = s.custom_pushforward;
  for (const ExprPtr &a : args) {
    pf->args.push_back(a->clone());
    pf->arg_is_output.push_back(false);
  }
  for (size_t i = 0; i < args.size(); ++i) {
    const Expr &a = *args[i];
    if (!a.type.isDifferentiable())
      continue;
    const bool output = s.arg_is_output[i];
    ExprPtr t;
    if (isNullPointer(a)) {
      t = a.clone();
    } else if (a.address) {
      t = addressTangent(a, s.loc, out);
    } else if (!a.type.isReal() && !output && a.kind == ExprKind::VarRef &&
               !tangentTarget(a) &&
               (a.type.kind == TypeKind::Vector ||
                a.type.kind == TypeKind::Array)) {
      // A container without a tangent (data): zeros shaped like it.
      Var *zeros = tangentTemp(a.type);
      if (a.type.kind == TypeKind::Vector) {
        StmtPtr sized = like(s, StmtKind::Construct);
        sized->var = zeros;
        sized->construct = ConstructKind::Size;
        sized->args.push_back(makeSize(a.clone()));
        out.push_back(std::move(sized));
      }
      t = makeVarRef(zeros);
    } else {
      t = argumentTangent(a, output, s.loc, out);
      if (output && a.type.isReal())
        t->address = true; // a scalar output's tangent: `double *`
    }
    pf->args.push_back(std::move(t));
    pf->arg_is_output.push_back(output);
  }
  Var *result = s.result ? copyOf(s.result) : nullptr;
  if (result && result->type.isReal() && hasTangent(result))
    pf->result = tangentVar(result);
  out.push_back(std::move(pf));
  StmtPtr c = like(s, StmtKind::Call);
  c->custom = s.custom;
  c->custom_pullback = s.custom_pullback;
  c->custom_pushforward = s.custom_pushforward;
  c->args = std::move(args);
  c->arg_is_output = s.arg_is_output;
  c->result = result;
  out.push_back(std::move(c));
}

Var *TangentBuilder::dot(Var *a, ExprPtr b, const Type &real, const Loc &at,
                         Block &out) {
  TANGENT_ASSERT(b->kind == ExprKind::VarRef,
                 "a dot product with a container expression");
  Var *acc = temp(real, naming::valueTemp());
  appendDotProduct(out_, acc, a, b->var, at, out);
  return acc;
}

void TangentBuilder::swap(const Stmt &s, Block &out) {
  ExprPtr a = primal(*s.lhs), b = primal(*s.rhs);
  if (a->type.isDifferentiable()) {
    StmtPtr ts = like(s, StmtKind::Swap);
    ts->lhs = tangentTarget(*a);
    ts->rhs = tangentTarget(*b);
    out.push_back(std::move(ts));
  }
  StmtPtr ps = like(s, StmtKind::Swap);
  ps->lhs = std::move(a);
  ps->rhs = std::move(b);
  out.push_back(std::move(ps));
}

void TangentBuilder::branch(const Stmt &s, Block &out) {
  StmtPtr b = like(s, StmtKind::If);
  b->cond = primal(*s.cond);
  b->record_decision = s.record_decision;
  block(s.then_block, b->then_block);
  block(s.else_block, b->else_block);
  out.push_back(std::move(b));
}

void TangentBuilder::loop(const Stmt &s, Block &out) {
  const LoopInfo &li = *s.loop;
  StmtPtr l = like(s, StmtKind::Loop);
  l->loop = std::make_unique<LoopInfo>();
  LoopInfo &c = *l->loop;
  c.form = li.form;
  c.do_while = li.do_while;
  block(li.init, c.init);
  c.cond = li.cond ? primal(*li.cond) : nullptr;
  block(li.body, c.body);
  block(li.step, c.step);
  c.exit_flag = li.exit_flag ? copyOf(li.exit_flag) : nullptr;
  c.induction = li.induction ? copyOf(li.induction) : nullptr;
  c.start = li.start ? primal(*li.start) : nullptr;
  c.bound = li.bound ? primal(*li.bound) : nullptr;
  c.compare = li.compare;
  c.increment = li.increment;
  c.kind_name = li.kind_name;
  c.annotated = li.annotated;
  c.annotated_budget = li.annotated_budget;
  c.constant_trips = li.constant_trips;
  // A fixed point's tangent iteration converges with it, but its
  // condition reads the primal state only: the second-order adjoint tapes
  // or checkpoints it like any loop instead.
  c.fixed_point = false;
  out.push_back(std::move(l));
}

} // namespace tangent
