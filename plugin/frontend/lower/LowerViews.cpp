//===- LowerViews.cpp - pointer fields of the function's own objects ------===//
//
// A pointer field of an object the function builds (`LayerState s{&w[k],
// h + j};`, or `s.hidden = h + j;` after `LayerState s;`) is a view, as a
// pointer local is (LowerDecl.cpp): another name for the storage it is set
// to point at. The lowering first gives such a leaf a variable of pointer
// type (objectVars), so that the object is built, copied and passed to
// callees leaf by leaf like any other; once the body is lowered,
// resolveViews replaces each of those variables by the address it was set
// to, its offset frozen where it was set:
//
//   s_hidden = h + j;        ->   s_hidden_at = j;        (the statement)
//   y = s_hidden[i];         ->   y = h[s_hidden_at + i];
//   g(s_weight, s_hidden);   ->   g(w + k, h + s_hidden_at);
//
// so that analyses see the arrays themselves. A view is set once (the
// validator refuses assignments to pointer fields elsewhere); a read before
// it is set, or a second setting, is a refusal.
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"
#include "ir/Printer.h"
#include <functional>

namespace tangent {

namespace {

class ViewResolver {
public:
  ViewResolver(Function &fn, const std::set<Var *> &views, Refusals &refusals)
      : fn_(fn), views_(views), refusals_(refusals) {}

  void block(Block &b) {
    Block out;
    for (StmtPtr &s : b)
      stmt(std::move(s), out);
    b = std::move(out);
  }

private:
  Function &fn_;
  const std::set<Var *> &views_;
  Refusals &refusals_;
  std::map<const Var *, ExprPtr> alias_;
  std::map<const Var *, const Stmt *> set_at_;
  const Stmt *current_ = nullptr;

  bool isView(const Expr &e) const {
    return e.kind == ExprKind::VarRef && views_.count(e.var);
  }

  void refuse(const Loc &at, const std::string &why) {
    addRefusal(refusals_, {Refusal::Source::Lowering, at, why, &fn_});
  }

  /// `e` with every view replaced by the address it was set to.
  void substitute(ExprPtr &e) {
    if (!e)
      return;
    if (e->kind == ExprKind::Index && isView(*e->ops[0])) {
      substitute(e->ops[1]);
      ExprPtr a = aliasOf(*e->ops[0]);
      if (!a)
        return;
      const bool address = e->address;
      e = FunctionLowerer::viewElement(std::move(a), std::move(e->ops[1]));
      e->address = address;
      return;
    }
    if (isView(*e)) {
      if (ExprPtr a = aliasOf(*e))
        e = std::move(a);
      return;
    }
    for (ExprPtr &op : e->ops)
      substitute(op);
  }

  ExprPtr aliasOf(const Expr &view) {
    auto it = alias_.find(view.var);
    if (it != alias_.end())
      return it->second->clone();
    refuse(current_ ? current_->loc : fn_.loc,
           "the pointer field '" + view.var->source_name +
               "' is read before it is set; set it where the object is "
               "built");
    return nullptr;
  }

  /// `view = address;`: the view's definition, its offset frozen.
  void define(StmtPtr s, Block &out) {
    const Var *v = s->lhs->var;
    substitute(s->rhs);
    ExprPtr &a = s->rhs;
    if (!a || isNullPointer(*a) || a->kind == ExprKind::Literal)
      return; // `LayerState s{};`: not set yet
    if (auto it = set_at_.find(v); it != set_at_.end() && it->second != s.get())
      return refuse(s->loc, "the pointer field '" + v->source_name +
                                "' is set twice; a pointer field is set once, "
                                "where its object is built (use another "
                                "object)");
    set_at_[v] = s.get();
    if (a->kind == ExprKind::VarRef && a->type.kind == TypeKind::Pointer) {
      a = makeIndex(std::move(a), makeIntLiteral(0, intType()));
      a->address = true;
    }
    if (a->kind != ExprKind::Index) {
      refuse(s->loc, "the pointer field '" + v->source_name +
                         "' is set to something other than an address into "
                         "a named array, vector or pointer");
      return;
    }
    // The offset as it is now.
    if (a->ops[1]->kind != ExprKind::Literal) {
      Var *at = fn_.addVar(naming::viewOffset(v->source_name), a->ops[1]->type,
                           VarRole::Temp);
      at->name = fn_.names.fresh(naming::viewOffset(v->name));
      out.push_back(makeAssign(makeVarRef(at), std::move(a->ops[1]), s->loc));
      a->ops[1] = makeVarRef(at);
    }
    a->address = true;
    alias_[v] = std::move(a);
  }

  void stmt(StmtPtr s, Block &out) {
    current_ = s.get();
    switch (s->kind) {
    case StmtKind::Assign:
      if (isView(*s->lhs))
        return define(std::move(s), out);
      substitute(s->lhs);
      substitute(s->rhs);
      break;
    case StmtKind::Construct:
    case StmtKind::Call:
    case StmtKind::Resize:
      for (ExprPtr &a : s->args)
        substitute(a);
      break;
    case StmtKind::Swap:
      substitute(s->lhs);
      substitute(s->rhs);
      break;
    case StmtKind::If:
      substitute(s->cond);
      block(s->then_block);
      block(s->else_block);
      break;
    case StmtKind::Loop: {
      LoopInfo &li = *s->loop;
      block(li.init);
      substitute(li.cond);
      substitute(li.start);
      substitute(li.bound);
      block(li.body);
      block(li.step);
      break;
    }
    case StmtKind::Block:
      block(s->block);
      break;
    }
    out.push_back(std::move(s));
  }
};

} // namespace

void FunctionLowerer::resolveViews() {
  if (view_leaves.empty())
    return;
  ViewResolver(*fn_, view_leaves, lowering_.refusals).block(fn_->body);
  for (Var *v : view_leaves)
    v->resolved = true;
}

} // namespace tangent
