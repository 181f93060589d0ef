//===- LowerShared.cpp - calls whose arguments share storage --------------===//
//
// C++ passes references and pointers, not values: two arguments of one call
// may be the same storage (`addto(a, a)`), or one may be part of the other
// (`scale(v, v[0])`, `k(p, p.x)`, `b.push(b.x)`, a lambda given a variable
// it captures by reference, `g(x, x)` with two pointer parameters). A
// callee's adjoint treats its parameters as distinct storage, which is then
// wrong, for the value as much as for the derivative. So:
//  - an argument of a value parameter is a copy: when a written argument
//    may change its storage, it is copied before the call, as C++ copies it
//    on entry;
//  - when reference or pointer arguments may overlap and one of them is
//    written, the call gets a callee of its own, specialised for that
//    sharing (SharedStorage, Lower.h): the parameters that share storage
//    become one parameter for it (one of them that is all of it and is
//    written, or an added parameter) and each of them names that parameter
//    or its element at an index the call passes. The specialised body reads
//    and writes the one storage in the order the C++ body does, as inline
//    code would, so its value and adjoint are right whatever the indices
//    turn out to be at run time.
// Arguments are compared on the IR (after objects are split into leaves):
// an argument of a reference or pointer parameter is storage, named by its
// root variable and the indices of its element. Two of them are disjoint
// only when their roots differ, or when their indices are different
// constants at some level; otherwise they may overlap. An address (`&x[k]`,
// `x + k`) is the storage from its element on, as far as the callee goes:
// it may overlap anything else of its root, and such a call, when one of
// them is written, is refused. What cannot be specialised is refused at the
// call (Lowering::refusals).
//
//===----------------------------------------------------------------------===//
#include "frontend/AstShapes.h"
#include "frontend/lower/FunctionLowerer.h"
#include "ir/IRWalk.h"
#include "ir/Printer.h"
#include "ir/Support.h"
#include <map>
#include <utility>

using namespace clang;

namespace tangent {

std::string SharedStorage::key() const {
  std::string k;
  for (const Param &p : params) {
    k += std::to_string(p.root);
    for (int i : p.indices)
      k += "[" + std::to_string(i) + "]";
    k += ",";
  }
  k += ";";
  for (const Type &t : roots)
    k += t.spelling + ",";
  k += ";";
  for (const Type &t : indices)
    k += t.spelling + ",";
  return k;
}

namespace {

/// Where an argument is: a variable, and the indices of its element (none:
/// all of it). A value (a literal) has no root.
struct Place {
  Var *root = nullptr;
  std::vector<const tangent::Expr *> path;
  /// An address (Expr::address): the element and the storage after it,
  /// as far as the callee goes.
  bool from = false;
};

Place placeOf(const tangent::Expr &e) {
  Place p;
  // A row of an index table (`int **`): integers, which have no adjoint;
  // the callee reads and writes them where they are, whatever else
  // reaches them.
  if (e.kind == ExprKind::Index && e.ops[0]->type.row &&
      e.ops[0]->type.kind == TypeKind::Pointer)
    return p;
  const tangent::Expr *x = &e;
  std::vector<const tangent::Expr *> reversed;
  while (x->kind == ExprKind::Index) {
    reversed.push_back(x->ops[1].get());
    x = x->ops[0].get();
  }
  if (x->kind != ExprKind::VarRef)
    return p;
  p.root = x->var;
  p.from = e.address;
  p.path.assign(reversed.rbegin(), reversed.rend());
  return p;
}

/// Whether two places are certainly distinct storage.
bool disjoint(const Place &a, const Place &b) {
  if (!a.root || !b.root || a.root != b.root)
    return true;
  if (a.from || b.from)
    return false; // how far the callee goes is known only to it
  for (size_t l = 0; l < a.path.size() && l < b.path.size(); ++l) {
    long long x = 0, y = 0;
    if (constInt(*a.path[l], x) && constInt(*b.path[l], y)) {
      if (x != y)
        return true;
      continue;
    }
    if (!sameExpr(*a.path[l], *b.path[l]))
      return false; // indices known only at run time
  }
  return false; // one is (part of) the other
}

/// Whether a lambda in `s` (or in a lambda in it) captures `v` by
/// reference.
bool capturedByReference(const clang::Stmt *s, const VarDecl *v) {
  if (!s)
    return false;
  if (const auto *le = dyn_cast<LambdaExpr>(s)) {
    for (const LambdaCapture &c : le->captures())
      if (c.capturesVariable() && c.getCapturedVar() == v &&
          c.getCaptureKind() == LCK_ByRef)
        return true;
    if (capturedByReference(le->getBody(), v))
      return true;
  }
  for (const clang::Stmt *child : s->children())
    if (capturedByReference(child, v))
      return true;
  return false;
}

/// Whether a callee parameter is bound to its argument's storage.
bool sharesStorage(const Var &p) {
  return p.by_reference || p.type.kind == TypeKind::Pointer;
}

/// Whether the callee may write through parameter `p`.
bool writable(const Var &p) { return sharesStorage(p) && !p.is_const; }

} // namespace

void FunctionLowerer::shareStorage(
    tangent::Stmt &st, const FunctionDecl *callee,
    const std::vector<const clang::Expr *> &sources, SourceLocation loc,
    Block &pre) {
  const size_t n = st.args.size();
  std::vector<Place> place(n);
  for (size_t j = 0; j < n; ++j)
    place[j] = placeOf(*st.args[j]);
  auto spelled = [&](size_t j) {
    return "'" +
           (j < sources.size() && sources[j] ? spelledAs(sources[j], ctx)
                                             : printExpr(*st.args[j])) +
           "'";
  };
  auto cannot = [&](size_t a, size_t b, const std::string &why) {
    lowering_.refusals.push_back(
        {Refusal::Source::Lowering, makeLoc(ctx, loc),
         "the arguments " + spelled(a) + " and " + spelled(b) + " of '" +
             callee->getNameAsString() + "' may be the same storage, " + why,
         fn_});
  };
  // A custom derivative sees values: a written argument must not share
  // storage with another.
  if (!st.callee) {
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j)
        if (i != j && st.arg_is_output[i] && !disjoint(place[i], place[j]))
          return cannot(i, j,
                        "and its custom derivative cannot see that; pass a "
                        "copy of one of them");
    return;
  }
  const Function &generic = *st.callee;
  TANGENT_ASSERT(generic.params.size() >= n,
                 "a call with more arguments than its callee's parameters");
  auto written = [&](size_t j) {
    return st.arg_is_output[j] && sharesStorage(*generic.params[j]);
  };

  // 1. Value parameters: copies of what a written argument may change.
  for (size_t j = 0; j < n; ++j) {
    if (sharesStorage(*generic.params[j]) || !place[j].root)
      continue;
    bool changed = false;
    for (size_t k = 0; k < n; ++k)
      changed |= k != j && written(k) && !disjoint(place[j], place[k]);
    if (!changed)
      continue;
    const Type &t = st.args[j]->type;
    Var *copy = temp(t, naming::valueTemp());
    if (t.isContainer()) {
      auto c = std::make_unique<tangent::Stmt>();
      c->kind = StmtKind::Construct;
      c->loc = makeLoc(ctx, loc);
      c->var = copy;
      c->construct = ConstructKind::Copy;
      c->args.push_back(std::move(st.args[j]));
      pre.push_back(std::move(c));
    } else {
      pre.push_back(assign(makeVarRef(copy), std::move(st.args[j]), loc));
    }
    st.args[j] = makeVarRef(copy);
    place[j] = placeOf(*st.args[j]);
  }

  // 2. Storage that overlaps where one argument is written: every argument
  //    of that root is specialised, and with a leaf of an object, the other
  //    leaves of its element (an object's leaves share one index).
  size_t flat = generic.params.size();
  if (isSplit(callee->getReturnType()))
    flat -= leavesOf(callee->getReturnType(), loc).size();
  // By root, in the order of the roots' ids (generated code is the same
  // from run to run).
  std::map<int, std::vector<size_t>> groups;
  for (size_t j = 0; j < n; ++j)
    if (sharesStorage(*generic.params[j]) && place[j].root)
      groups[place[j].root->id].push_back(j);
  std::vector<bool> special(n, false);
  bool any = false;
  for (const auto &[root, members] : groups)
    for (size_t a : members)
      for (size_t b : members)
        if (a < b && (written(a) || written(b)) &&
            !disjoint(place[a], place[b])) {
          for (size_t m : members)
            special[m] = true;
          any = true;
        }
  if (!any)
    return;
  // An address into an array (`&x[k]`, `x + k`) is a view of the root at
  // its offset in the specialisation: the callee indexes the array itself,
  // as far as it goes. The address of a variable, or into a row, reaches
  // storage of an extent only the callee knows: no specialisation names it.
  for (const auto &[root, members] : groups)
    for (size_t a : members)
      for (size_t b : members)
        if (a != b && special[a] && place[a].from &&
            (place[a].path.size() != 1 || place[a].root->type.isNested()))
          return cannot(a, b,
                        "and one is an address that the callee may write "
                        "through; pass separate arrays, or copy one of them");
  // Arguments still to come (a comparator's values) never share.
  if (n != flat)
    unexpected(loc, "shared storage in a call with arguments to come");
  for (bool grew = true; grew;) {
    grew = false;
    auto mark = [&](size_t j) {
      if (special[j])
        return;
      special[j] = grew = true;
      for (size_t m : groups[place[j].root->id])
        special[m] = true;
    };
    for (const SourceParam &sp : generic.signature) {
      if (!sp.object || sp.first < 0 || size_t(sp.first + sp.leaves) > n)
        continue;
      bool touched = false;
      for (int k = sp.first; k < sp.first + sp.leaves; ++k)
        touched |= special[size_t(k)];
      if (touched)
        for (int k = sp.first; k < sp.first + sp.leaves; ++k)
          if (!place[size_t(k)].path.empty())
            mark(size_t(k));
    }
  }

  // 3. The pattern: one root per group, each member that root or its
  //    element; the indices the members use, each passed once.
  SharedStorage shared;
  shared.params.resize(n);
  std::vector<const tangent::Expr *> index_args;
  auto indexSlot = [&](const tangent::Expr *e) {
    for (size_t k = 0; k < index_args.size(); ++k)
      if (sameExpr(*index_args[k], *e))
        return int(k);
    index_args.push_back(e);
    shared.indices.push_back(e->type);
    return int(index_args.size() - 1);
  };
  std::vector<Var *> root_args;
  std::string note;
  // One element under several names (`g(v[k], v[k])`): it is copied into
  // a local for the call (and back after it), so that they are one
  // variable, which a lambda may also capture. The leaves of an object are
  // all copied or all not (they share one index, or are all whole). An
  // address (`v.data()` twice) is not one element: the storage from it on.
  std::map<int, bool> copied;
  for (auto &[id, members] : groups) {
    bool one_element = !place[members.front()].path.empty();
    for (size_t m : members) {
      const Place &a = place[m], &b = place[members.front()];
      one_element &= !a.from && a.path.size() == b.path.size();
      for (size_t l = 0; one_element && l < a.path.size(); ++l)
        one_element &= sameExpr(*a.path[l], *b.path[l]);
    }
    copied[id] = one_element;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (const SourceParam &sp : generic.signature) {
      if (!sp.object || sp.leaves == 0 || size_t(sp.first + sp.leaves) > n)
        continue;
      bool all = true;
      for (int k = sp.first; k < sp.first + sp.leaves; ++k)
        all &= !place[size_t(k)].root || copied[place[size_t(k)].root->id];
      for (int k = sp.first; !all && k < sp.first + sp.leaves; ++k)
        if (place[size_t(k)].root &&
            std::exchange(copied[place[size_t(k)].root->id], false))
          changed = true;
    }
  }
  for (auto &[id, members] : groups) {
    if (!special[members.front()])
      continue;
    bool group_written = false;
    for (size_t m : members)
      group_written |= written(m);
    if (copied[id]) {
      ExprPtr element =
          frozenElement(st.args[members.front()]->clone(), loc, pre);
      Var *local = temp(element->type, naming::valueTemp());
      if (element->type.isContainer()) {
        auto c = std::make_unique<tangent::Stmt>();
        c->kind = StmtKind::Construct;
        c->loc = makeLoc(ctx, loc);
        c->var = local;
        c->construct = ConstructKind::Copy;
        c->args.push_back(element->clone());
        pre.push_back(std::move(c));
      } else {
        pre.push_back(assign(makeVarRef(local), element->clone(), loc));
      }
      if (group_written)
        written_back.push_back(
            assign(std::move(element), makeVarRef(local), loc));
      for (size_t m : members) {
        st.args[m] = makeVarRef(local);
        place[m] = placeOf(*st.args[m]);
      }
    }
    Var *root = place[members.front()].root;
    int chosen = -1;
    for (size_t m : members)
      if (place[m].path.empty() &&
          (!group_written || writable(*generic.params[m]))) {
        chosen = int(m);
        break;
      }
    if (chosen < 0) {
      chosen = int(n + shared.roots.size());
      shared.roots.push_back(root->type);
      root_args.push_back(root);
    }
    const std::string root_name =
        size_t(chosen) < n
            ? "'" + generic.params[size_t(chosen)]->source_name + "'"
            : "the storage of " + spelled(members.front());
    for (size_t m : members) {
      if (int(m) == chosen)
        continue;
      shared.params[m].root = chosen;
      for (const tangent::Expr *index : place[m].path)
        shared.params[m].indices.push_back(indexSlot(index));
      note +=
          (note.empty() ? "" : ", ") +
          ("'" + generic.params[m]->source_name + "' is ") +
          (place[m].path.empty() ? root_name : "an element of " + root_name);
    }
  }
  // An object's leaves: all whole, or all elements at one index.
  for (const SourceParam &sp : generic.signature) {
    if (!sp.object || sp.leaves == 0 || size_t(sp.first + sp.leaves) > n)
      continue;
    bool shares = false;
    for (int k = sp.first; k < sp.first + sp.leaves; ++k)
      shares |= shared.params[size_t(k)].root >= 0;
    if (!shares)
      continue;
    const auto &first = shared.params[size_t(sp.first)].indices;
    for (int k = sp.first; k < sp.first + sp.leaves; ++k) {
      const auto &ix = shared.params[size_t(k)].indices;
      bool whole =
          ix.empty() && first.empty() &&
          (shared.params[size_t(k)].root >= 0 || place[size_t(k)].path.empty());
      bool element = ix.size() == 1 && first.size() == 1 && ix == first &&
                     shared.params[size_t(k)].root >= 0;
      // An object's leaves are all its fields or all an element's (one
      // index), and a root is always all of its storage.
      if (!whole && !element)
        unexpected(loc, "shared storage that splits one object");
    }
  }

  // A parameter that is an element cannot be captured by reference (a
  // capture by reference is a variable of the closure).
  const FunctionDecl *def = nullptr;
  callee->hasBody(def);
  const size_t first_declared = generic.signature.size() -
                                callee->getNumParams() -
                                (isSplit(callee->getReturnType()) ? 1 : 0);
  for (unsigned i = 0; def && i < callee->getNumParams(); ++i) {
    const SourceParam &sp = generic.signature[first_declared + i];
    if (sp.leaves == 0 || shared.params[size_t(sp.first)].indices.empty() ||
        !capturedByReference(def->getBody(), def->getParamDecl(i)))
      continue;
    size_t other = size_t(sp.first);
    for (size_t j = 0; j < n; ++j)
      if (j != size_t(sp.first) && place[j].root == place[other].root)
        other = j;
    return cannot(size_t(sp.first), other,
                  "and '" + callee->getNameAsString() + "' captures '" +
                      def->getParamDecl(i)->getNameAsString() +
                      "' by reference in a lambda, which tangent does not "
                      "support for an element that may share storage; "
                      "capture it by value, or pass the container and the "
                      "indices instead");
  }

  // 4. The call of the specialisation: the kept arguments, the roots, the
  //    indices.
  std::vector<ExprPtr> args;
  std::vector<bool> outputs;
  for (size_t j = 0; j < n; ++j)
    if (shared.params[j].root < 0) {
      args.push_back(std::move(st.args[j]));
      outputs.push_back(st.arg_is_output[j]);
    }
  for (Var *r : root_args) {
    args.push_back(makeVarRef(r));
    outputs.push_back(true);
  }
  for (const tangent::Expr *index : index_args) {
    args.push_back(index->clone());
    outputs.push_back(false);
  }
  st.args = std::move(args);
  st.arg_is_output = std::move(outputs);
  shared.note = note;
  st.callee = lowering_.lowerShared(callee, shared);
}

void FunctionLowerer::bindShared(
    const std::vector<Var *> &own,
    const std::vector<std::pair<const ParmVarDecl *, int>> &scalars,
    const std::vector<std::pair<Object *, int>> &objects_shared) {
  const SharedStorage &sh = *shared;
  const int flat = int(sh.params.size());
  if (int(own.size()) != flat)
    unexpected(fd->getLocation(), "a shared-storage pattern of another arity");
  std::vector<Var *> roots, indices;
  auto added = [&](const char *stem, const Type &t, bool by_reference) {
    Var *v = fn_->addVar(stem, t, VarRole::Param);
    v->name = fn_->names.fresh(stem);
    SourceParam sp;
    sp.name = v->name;
    sp.spelling = t.spelling;
    sp.by_reference = by_reference;
    addParameter(std::move(sp), {v});
    return v;
  };
  for (const Type &t : sh.roots)
    roots.push_back(
        added(naming::sharedRoot(), t, t.kind != TypeKind::Pointer));
  for (const Type &t : sh.indices)
    indices.push_back(added(naming::sharedIndex(), t, false));
  // What flat parameter j is.
  auto storage = [&](int j) -> ExprPtr {
    const SharedStorage::Param &p = sh.params[size_t(j)];
    if (p.root < 0)
      return makeVarRef(own[size_t(j)]);
    Var *root =
        p.root < flat ? own[size_t(p.root)] : roots[size_t(p.root - flat)];
    if (!root)
      unexpected(fd->getLocation(), "a shared parameter as a root");
    ExprPtr e = makeVarRef(root);
    for (int k : p.indices)
      e = makeIndex(std::move(e), makeVarRef(indices[size_t(k)]));
    return e;
  };
  for (const auto &[p, j] : scalars) {
    ExprPtr e = storage(j);
    // A pointer given an address into the storage: a view of it there.
    if (p->getType()->isPointerType() && e->kind == ExprKind::Index)
      e->address = true;
    if (e->kind == ExprKind::VarRef)
      vars[p] = e->var;
    else
      aliases[p] = std::move(e);
  }
  for (const auto &[object, first] : objects_shared) {
    Object bound;
    for (size_t k = 0; k < object->size(); ++k) {
      ExprPtr e = storage(first + int(k));
      if (e->kind == ExprKind::Index) {
        if (!bound.index)
          bound.index = e->ops[1]->clone();
        e = std::move(e->ops[0]);
      }
      if (e->kind != ExprKind::VarRef)
        unexpected(fd->getLocation(), "an object shared at two levels");
      bound.vars.push_back(e->var);
    }
    *object = std::move(bound);
  }
  fn_->variant_note = "for arguments that share storage (" + sh.note + ")";
}

ExprPtr FunctionLowerer::global(const DeclRefExpr *e, const VarDecl *vd) {
  clang::Expr::EvalResult result;
  if (vd->getType().isConstQualified() && e->EvaluateAsRValue(result, ctx) &&
      (result.Val.isInt() || result.Val.isFloat()))
    return literal(result.Val, e->getType()); // a constant: folded
  if (!readOnlyGlobal(vd))
    unexpected(e->getBeginLoc(), "the global '" + vd->getNameAsString() + "'");
  // Read where it is declared: generated code is in namespace tangent.
  std::string name;
  llvm::raw_string_ostream os(name);
  PrintingPolicy policy(ctx.getLangOpts());
  policy.SuppressUnwrittenScope = true;
  vd->printQualifiedName(os, policy);
  os.flush();
  return makeLiteral("::" + name, typeOf(e->getType(), e->getBeginLoc()));
}

} // namespace tangent
