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

/// What shareStorage knows of one call as it goes: where each argument is,
/// the groups of arguments of one root (by the roots' ids, so that
/// generated code is the same from run to run), which of them the
/// specialisation shares, and its pattern, roots and indices so far.
struct SharedCall {
  SharedCall(tangent::Stmt &st, const FunctionDecl *callee,
             const std::vector<const clang::Expr *> &sources)
      : st(st), callee(callee), sources(sources), n(st.args.size()), place(n),
        special(n, false) {
    for (size_t j = 0; j < n; ++j)
      place[j] = placeOf(*st.args[j]);
  }
  tangent::Stmt &st;
  const FunctionDecl *callee;
  const std::vector<const clang::Expr *> &sources;
  const size_t n;
  std::vector<Place> place;
  std::map<int, std::vector<size_t>> groups;
  std::vector<bool> special;
  SharedStorage shared;
  std::vector<const tangent::Expr *> index_args;
  std::vector<Var *> root_args;
  std::string note;

  const Function &generic() const { return *st.callee; }
  /// Whether argument `j` is written through the callee's parameter.
  bool written(size_t j) const {
    return st.arg_is_output[j] && sharesStorage(*generic().params[j]);
  }
  /// The specialisation's index parameter for `e`, each index passed once.
  int indexSlot(const tangent::Expr *e) {
    for (size_t k = 0; k < index_args.size(); ++k)
      if (sameExpr(*index_args[k], *e))
        return int(k);
    index_args.push_back(e);
    shared.indices.push_back(e->type);
    return int(index_args.size() - 1);
  }
};

std::string FunctionLowerer::spelledArgument(const SharedCall &sc, size_t j) {
  return "'" +
         (j < sc.sources.size() && sc.sources[j] ? spelledAs(sc.sources[j], ctx)
                                                 : printExpr(*sc.st.args[j])) +
         "'";
}

void FunctionLowerer::refuseSharing(const SharedCall &sc, size_t a, size_t b,
                                    SourceLocation loc,
                                    const std::string &why) {
  lowering_.refusals.push_back({Refusal::Source::Lowering, makeLoc(ctx, loc),
                                "the arguments " + spelledArgument(sc, a) +
                                    " and " + spelledArgument(sc, b) + " of '" +
                                    sc.callee->getNameAsString() +
                                    "' may be the same storage, " + why,
                                fn_});
}

void FunctionLowerer::copyChangedValues(SharedCall &sc, SourceLocation loc,
                                        Block &pre) {
  tangent::Stmt &st = sc.st;
  for (size_t j = 0; j < sc.n; ++j) {
    if (sharesStorage(*sc.generic().params[j]) || !sc.place[j].root)
      continue;
    bool changed = false;
    for (size_t k = 0; k < sc.n; ++k)
      changed |= k != j && sc.written(k) && !disjoint(sc.place[j], sc.place[k]);
    if (!changed)
      continue;
    const Type &t = st.args[j]->type;
    Var *copy = temp(t, naming::valueTemp());
    if (t.isContainer())
      pre.push_back(copyConstruction(copy, std::move(st.args[j]), loc));
    else
      pre.push_back(assign(makeVarRef(copy), std::move(st.args[j]), loc));
    st.args[j] = makeVarRef(copy);
    sc.place[j] = placeOf(*st.args[j]);
  }
}

bool FunctionLowerer::specialGroups(SharedCall &sc, SourceLocation loc) {
  size_t flat = sc.generic().params.size();
  if (isSplit(sc.callee->getReturnType()))
    flat -= leavesOf(sc.callee->getReturnType(), loc).size();
  for (size_t j = 0; j < sc.n; ++j)
    if (sharesStorage(*sc.generic().params[j]) && sc.place[j].root)
      sc.groups[sc.place[j].root->id].push_back(j);
  bool any = false;
  for (const auto &[root, members] : sc.groups)
    for (size_t a : members)
      for (size_t b : members)
        if (a < b && (sc.written(a) || sc.written(b)) &&
            !disjoint(sc.place[a], sc.place[b])) {
          for (size_t m : members)
            sc.special[m] = true;
          any = true;
        }
  if (!any)
    return false;
  // An address into an array (`&x[k]`, `x + k`) is a view of the root at
  // its offset in the specialisation: the callee indexes the array itself,
  // as far as it goes. The address of a variable, or into a row, reaches
  // storage of an extent only the callee knows: no specialisation names it.
  for (const auto &[root, members] : sc.groups)
    for (size_t a : members)
      for (size_t b : members)
        if (a != b && sc.special[a] && sc.place[a].from &&
            (sc.place[a].path.size() != 1 ||
             sc.place[a].root->type.isNested())) {
          refuseSharing(sc, a, b, loc,
                        "and one is an address that the callee may write "
                        "through; pass separate arrays, or copy one of them");
          return false;
        }
  // Arguments still to come (a comparator's values) never share.
  if (sc.n != flat)
    unexpected(loc, "shared storage in a call with arguments to come");
  // With a leaf of an object, the other leaves of its element (an
  // object's leaves share one index).
  for (bool grew = true; grew;) {
    grew = false;
    auto mark = [&](size_t j) {
      if (sc.special[j])
        return;
      sc.special[j] = grew = true;
      for (size_t m : sc.groups[sc.place[j].root->id])
        sc.special[m] = true;
    };
    for (const SourceParam &sp : sc.generic().signature) {
      if (!sp.object || sp.first < 0 || size_t(sp.first + sp.leaves) > sc.n)
        continue;
      bool touched = false;
      for (int k = sp.first; k < sp.first + sp.leaves; ++k)
        touched |= sc.special[size_t(k)];
      if (touched)
        for (int k = sp.first; k < sp.first + sp.leaves; ++k)
          if (!sc.place[size_t(k)].path.empty())
            mark(size_t(k));
    }
  }
  return true;
}

namespace {

/// The groups that are one element under several names (`g(v[k], v[k])`),
/// copied into a local for the call (and back after it), so that they are
/// one variable, which a lambda may also capture. The leaves of an object
/// are all copied or all not (they share one index, or are all whole). An
/// address (`v.data()` twice) is not one element: the storage from it on.
std::map<int, bool> copiedGroups(const SharedCall &sc) {
  std::map<int, bool> copied;
  for (auto &[id, members] : sc.groups) {
    bool one_element = !sc.place[members.front()].path.empty();
    for (size_t m : members) {
      const Place &a = sc.place[m], &b = sc.place[members.front()];
      one_element &= !a.from && a.path.size() == b.path.size();
      for (size_t l = 0; one_element && l < a.path.size(); ++l)
        one_element &= sameExpr(*a.path[l], *b.path[l]);
    }
    copied[id] = one_element;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (const SourceParam &sp : sc.generic().signature) {
      if (!sp.object || sp.leaves == 0 || size_t(sp.first + sp.leaves) > sc.n)
        continue;
      bool all = true;
      for (int k = sp.first; k < sp.first + sp.leaves; ++k)
        all &=
            !sc.place[size_t(k)].root || copied[sc.place[size_t(k)].root->id];
      for (int k = sp.first; !all && k < sp.first + sp.leaves; ++k)
        if (sc.place[size_t(k)].root &&
            std::exchange(copied[sc.place[size_t(k)].root->id], false))
          changed = true;
    }
  }
  return copied;
}

} // namespace

void FunctionLowerer::copyElement(SharedCall &sc,
                                  const std::vector<size_t> &members,
                                  bool group_written, SourceLocation loc,
                                  Block &pre) {
  tangent::Stmt &st = sc.st;
  ExprPtr element = frozenElement(st.args[members.front()]->clone(), loc, pre);
  Var *local = temp(element->type, naming::valueTemp());
  if (element->type.isContainer())
    pre.push_back(copyConstruction(local, element->clone(), loc));
  else
    pre.push_back(assign(makeVarRef(local), element->clone(), loc));
  if (group_written)
    written_back.push_back(assign(std::move(element), makeVarRef(local), loc));
  for (size_t m : members) {
    st.args[m] = makeVarRef(local);
    sc.place[m] = placeOf(*st.args[m]);
  }
}

void FunctionLowerer::groupPattern(SharedCall &sc,
                                   const std::vector<size_t> &members,
                                   bool group_written) {
  const Function &generic = sc.generic();
  Var *root = sc.place[members.front()].root;
  int chosen = -1;
  for (size_t m : members)
    if (sc.place[m].path.empty() &&
        (!group_written || writable(*generic.params[m]))) {
      chosen = int(m);
      break;
    }
  if (chosen < 0) {
    chosen = int(sc.n + sc.shared.roots.size());
    sc.shared.roots.push_back(root->type);
    sc.root_args.push_back(root);
  }
  const std::string root_name =
      size_t(chosen) < sc.n
          ? "'" + generic.params[size_t(chosen)]->source_name + "'"
          : "the storage of " + spelledArgument(sc, members.front());
  for (size_t m : members) {
    if (int(m) == chosen)
      continue;
    sc.shared.params[m].root = chosen;
    for (const tangent::Expr *index : sc.place[m].path)
      sc.shared.params[m].indices.push_back(sc.indexSlot(index));
    sc.note +=
        (sc.note.empty() ? "" : ", ") +
        ("'" + generic.params[m]->source_name + "' is ") +
        (sc.place[m].path.empty() ? root_name : "an element of " + root_name);
  }
}

void FunctionLowerer::checkObjectLeaves(const SharedCall &sc,
                                        SourceLocation loc) {
  const SharedStorage &shared = sc.shared;
  for (const SourceParam &sp : sc.generic().signature) {
    if (!sp.object || sp.leaves == 0 || size_t(sp.first + sp.leaves) > sc.n)
      continue;
    bool shares = false;
    for (int k = sp.first; k < sp.first + sp.leaves; ++k)
      shares |= shared.params[size_t(k)].root >= 0;
    if (!shares)
      continue;
    const auto &first = shared.params[size_t(sp.first)].indices;
    for (int k = sp.first; k < sp.first + sp.leaves; ++k) {
      const auto &ix = shared.params[size_t(k)].indices;
      bool whole = ix.empty() && first.empty() &&
                   (shared.params[size_t(k)].root >= 0 ||
                    sc.place[size_t(k)].path.empty());
      bool element = ix.size() == 1 && first.size() == 1 && ix == first &&
                     shared.params[size_t(k)].root >= 0;
      // An object's leaves are all its fields or all an element's (one
      // index), and a root is always all of its storage.
      if (!whole && !element)
        unexpected(loc, "shared storage that splits one object");
    }
  }
}

bool FunctionLowerer::refusesCapturedElements(const SharedCall &sc,
                                              SourceLocation loc) {
  const FunctionDecl *callee = sc.callee;
  const Function &generic = sc.generic();
  const FunctionDecl *def = nullptr;
  callee->hasBody(def);
  const size_t first_declared = generic.signature.size() -
                                callee->getNumParams() -
                                (isSplit(callee->getReturnType()) ? 1 : 0);
  for (unsigned i = 0; def && i < callee->getNumParams(); ++i) {
    const SourceParam &sp = generic.signature[first_declared + i];
    if (sp.leaves == 0 || sc.shared.params[size_t(sp.first)].indices.empty() ||
        !capturedByReference(def->getBody(), def->getParamDecl(i)))
      continue;
    size_t other = size_t(sp.first);
    for (size_t j = 0; j < sc.n; ++j)
      if (j != size_t(sp.first) && sc.place[j].root == sc.place[other].root)
        other = j;
    refuseSharing(sc, size_t(sp.first), other, loc,
                  "and '" + callee->getNameAsString() + "' captures '" +
                      def->getParamDecl(i)->getNameAsString() +
                      "' by reference in a lambda, which tangent does not "
                      "support for an element that may share storage; "
                      "capture it by value, or pass the container and the "
                      "indices instead");
    return true;
  }
  return false;
}

void FunctionLowerer::callSpecialisation(SharedCall &sc) {
  tangent::Stmt &st = sc.st;
  std::vector<ExprPtr> args;
  std::vector<bool> outputs;
  for (size_t j = 0; j < sc.n; ++j)
    if (sc.shared.params[j].root < 0) {
      args.push_back(std::move(st.args[j]));
      outputs.push_back(st.arg_is_output[j]);
    }
  for (Var *r : sc.root_args) {
    args.push_back(makeVarRef(r));
    outputs.push_back(true);
  }
  for (const tangent::Expr *index : sc.index_args) {
    args.push_back(index->clone());
    outputs.push_back(false);
  }
  st.args = std::move(args);
  st.arg_is_output = std::move(outputs);
  sc.shared.note = sc.note;
  st.callee = lowering_.lowerShared(sc.callee, sc.shared);
}

void FunctionLowerer::shareStorage(
    tangent::Stmt &st, const FunctionDecl *callee,
    const std::vector<const clang::Expr *> &sources, SourceLocation loc,
    Block &pre) {
  SharedCall sc(st, callee, sources);
  // A custom derivative sees values: a written argument must not share
  // storage with another.
  if (!st.callee) {
    for (size_t i = 0; i < sc.n; ++i)
      for (size_t j = 0; j < sc.n; ++j)
        if (i != j && st.arg_is_output[i] &&
            !disjoint(sc.place[i], sc.place[j]))
          return refuseSharing(sc, i, j, loc,
                               "and its custom derivative cannot see that; "
                               "pass a copy of one of them");
    return;
  }
  TANGENT_ASSERT(sc.generic().params.size() >= sc.n,
                 "a call with more arguments than its callee's parameters");
  // 1. Value parameters: copies of what a written argument may change.
  copyChangedValues(sc, loc, pre);
  // 2. Storage that overlaps where one argument is written: every argument
  //    of that root is specialised, and with a leaf of an object, the other
  //    leaves of its element (an object's leaves share one index).
  if (!specialGroups(sc, loc))
    return;
  // 3. The pattern: one root per group, each member that root or its
  //    element; the indices the members use, each passed once.
  sc.shared.params.resize(sc.n);
  std::map<int, bool> copied = copiedGroups(sc);
  for (auto &[id, members] : sc.groups) {
    if (!sc.special[members.front()])
      continue;
    bool group_written = false;
    for (size_t m : members)
      group_written |= sc.written(m);
    if (copied[id])
      copyElement(sc, members, group_written, loc, pre);
    groupPattern(sc, members, group_written);
  }
  // An object's leaves: all whole, or all elements at one index.
  checkObjectLeaves(sc, loc);
  // A parameter that is an element cannot be captured by reference (a
  // capture by reference is a variable of the closure).
  if (refusesCapturedElements(sc, loc))
    return;
  // 4. The call of the specialisation: the kept arguments, the roots, the
  //    indices.
  callSpecialisation(sc);
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
