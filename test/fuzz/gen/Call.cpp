//===- test/fuzz/gen/Call.cpp - calls of helpers, aliased arguments -------===//
///
/// \file
/// The arguments of a helper call. Output arguments (double &, vectors,
/// arrays, objects and pointers written by the callee) are drawn first and
/// hidden from the other arguments, so that no argument reaches what the
/// callee writes through another one. Then, sometimes, alias() rewrites one
/// argument on purpose to name the same variable, element, field or pointer
/// as another (the aliasing features): C++ allows it, and the callee's
/// adjoint must then see the writes through one parameter in the other.
/// A whole std::vector passed twice with one of them written (diffuse(u, u))
/// is its own feature, alias-vector-twice.
//===----------------------------------------------------------------------===//
#include "Writer.h"

#include <algorithm>
#include <cassert>

namespace fuzzgen {

namespace {

/// A parameter that an alias may be given: a reference to a double (a
/// double by value only copies).
bool scalarParam(ParamKind kind) {
  return kind == ParamKind::DoubleCRef || kind == ParamKind::DoubleOut;
}

const char *const fieldNames[] = {".x", ".y", ".z"};

bool constantIndex(const std::string &text) {
  return text == "0" || text == "1" || text == "2";
}

} // namespace

void Writer::hideStorage(std::size_t j, std::vector<std::size_t> &hidden) {
  auto hide = [&](std::size_t k) {
    if (!vars_[k].hidden) {
      vars_[k].hidden = true;
      hidden.push_back(k);
    }
  };
  hide(j);
  // What it is part of or refers to, and what refers to it.
  if (vars_[j].aliasOf >= 0)
    hide(static_cast<std::size_t>(vars_[j].aliasOf));
  if (vars_[j].refOf >= 0)
    hide(static_cast<std::size_t>(vars_[j].refOf));
  for (std::size_t k = 0; k < vars_.size(); ++k)
    if (vars_[k].aliasOf == static_cast<int>(j) ||
        vars_[k].refOf == static_cast<int>(j))
      hide(k);
}

void Writer::unhide(const std::vector<std::size_t> &hidden) {
  for (std::size_t j : hidden)
    vars_[j].hidden = false;
}

bool Writer::satisfiable(const Signature &h) const {
  auto any = [&](VarType type, bool out, auto &&fits) {
    for (std::size_t k : out ? writable(type) : visible(type))
      if (fits(vars_[k]))
        return true;
    return false;
  };
  auto yes = [](const Var &) { return true; };
  for (const Param &p : h.params) {
    auto cont = [&](Cont c, int size) {
      return [c, size](const Var &w) {
        return w.cont == c && (size == 0 || w.sizeClass == size);
      };
    };
    bool ok = true;
    switch (p.kind) {
    case ParamKind::VectorOut:
      ok = any(VarType::Vector, true, cont(Cont::Vec, 0));
      break;
    case ParamKind::VectorCRef:
    case ParamKind::VectorValue:
    case ParamKind::LongVector:
      ok = any(VarType::Vector, false, cont(Cont::Vec, 0));
      break;
    case ParamKind::ArrayOut:
      ok = any(VarType::Vector, true, cont(Cont::Arr, p.size));
      break;
    case ParamKind::ArrayCRef:
      ok = any(VarType::Vector, false, cont(Cont::Arr, p.size));
      break;
    case ParamKind::PtrOut:
      ok = any(VarType::Vector, true, cont(Cont::Ptr, 0));
      break;
    case ParamKind::PtrIn:
      ok = any(VarType::Vector, false, cont(Cont::Ptr, 0));
      break;
    case ParamKind::StructOut:
      ok = any(VarType::Struct, true, yes) || any(VarType::Objects, true, yes);
      break;
    case ParamKind::StructCRef:
      ok =
          any(VarType::Struct, false, yes) || any(VarType::Objects, false, yes);
      break;
    case ParamKind::DoubleOut:
      ok = any(VarType::Double, true, yes) || any(VarType::Vector, true, yes) ||
           any(VarType::Struct, true, yes) || any(VarType::Objects, true, yes);
      break;
    default:
      break;
    }
    if (!ok)
      return false;
  }
  return true;
}

std::string Writer::call(const Signature &h, int depth, int *vectorClass) {
  // The size class of the vector arguments: one with enough vectors.
  int needVectors = 0, needOut = 0;
  for (const Param &p : h.params) {
    needVectors += p.kind == ParamKind::VectorCRef ||
                   p.kind == ParamKind::VectorValue ||
                   p.kind == ParamKind::VectorOut;
    needOut += p.kind == ParamKind::VectorOut;
  }
  int cls = -1;
  if (needVectors > 0) {
    // Every output needs its own writable vector; inputs need one more
    // vector of the class that is not an output.
    std::vector<int> classes;
    // Never the long vectors: a helper's nested loops over them, with a
    // vector copied in the inner one, would run for minutes.
    for (int c : {0, 3, 4, 5}) {
      int all = 0, writable = 0;
      for (std::size_t j : visible(Cont::Vec))
        all += vars_[j].sizeClass == c;
      for (std::size_t j : writableVectors())
        writable += vars_[j].cont == Cont::Vec && vars_[j].sizeClass == c;
      if (all > 0 && writable >= needOut &&
          (needVectors == needOut || all > needOut))
        classes.push_back(c);
    }
    if (vectorClass && *vectorClass >= 0) {
      const bool allowed = std::find(classes.begin(), classes.end(),
                                     *vectorClass) != classes.end();
      classes.assign(allowed ? 1 : 0, *vectorClass);
    }
    if (classes.empty())
      return "";
    cls = classes[r_.below(classes.size())];
  }
  if (vectorClass)
    *vectorClass = cls;
  spend(h.cost);

  // Outputs first, hidden from every other argument (no aliasing).
  std::vector<Arg> args(h.params.size());
  std::vector<std::size_t> hidden;
  auto take = [&](Arg &arg, std::size_t j, const std::string &part = "") {
    arg.text = vars_[j].name + part;
    arg.var = static_cast<int>(j);
    arg.part = part;
    hideStorage(j, hidden);
  };
  // A struct to pass: a variable or an element of a vector of structs.
  auto object = [&](Arg &arg, bool out) {
    std::vector<std::size_t> options =
        out ? writable(VarType::Struct) : visible(VarType::Struct);
    for (std::size_t j :
         out ? writable(VarType::Objects) : visible(VarType::Objects))
      options.push_back(j);
    if (options.empty())
      return;
    const std::size_t j = options[r_.below(options.size())];
    if (vars_[j].type == VarType::Objects)
      take(arg, j, "[" + index(vars_[j]) + "]");
    else
      take(arg, j);
  };
  for (std::size_t k = 0; k < h.params.size(); ++k) {
    const Param &param = h.params[k];
    switch (param.kind) {
    case ParamKind::VectorOut: {
      std::vector<std::size_t> options;
      for (std::size_t j : writableVectors())
        if (vars_[j].cont == Cont::Vec && vars_[j].sizeClass == cls)
          options.push_back(j);
      if (!options.empty())
        take(args[k], options[r_.below(options.size())]);
      break;
    }
    case ParamKind::ArrayOut: {
      std::vector<std::size_t> options;
      for (std::size_t j : writableVectors())
        if (vars_[j].cont == Cont::Arr && vars_[j].sizeClass == param.size)
          options.push_back(j);
      if (!options.empty())
        take(args[k], options[r_.below(options.size())]);
      break;
    }
    case ParamKind::PtrOut: {
      std::vector<std::size_t> options;
      for (std::size_t j : writableVectors())
        if (vars_[j].cont == Cont::Ptr)
          options.push_back(j);
      if (!options.empty())
        take(args[k], options[r_.below(options.size())]);
      break;
    }
    case ParamKind::StructOut:
      object(args[k], true);
      break;
    case ParamKind::DoubleOut: {
      const auto doubles = writableDoubles();
      const auto vectors = writableVectors();
      std::vector<std::size_t> structs = writable(VarType::Struct);
      for (std::size_t j : writable(VarType::Objects))
        structs.push_back(j);
      const unsigned roll = r_.below(100);
      if (features_.on("elem-out") && !vectors.empty() && roll < 25) {
        const std::size_t j = vectors[r_.below(vectors.size())];
        take(args[k], j, "[" + index(vars_[j]) + "]");
      } else if (!structs.empty() && roll >= 85) {
        const std::size_t j = structs[r_.below(structs.size())];
        std::string part = fieldNames[r_.below(3)];
        if (vars_[j].type == VarType::Objects)
          part = "[" + index(vars_[j]) + "]" + part;
        take(args[k], j, part);
      } else if (!doubles.empty()) {
        take(args[k], doubles[r_.below(doubles.size())]);
      }
      break;
    }
    default:
      break;
    }
  }
  bool ok = true;
  for (std::size_t k = 0; k < h.params.size(); ++k) {
    const Param &param = h.params[k];
    Arg &arg = args[k];
    switch (param.kind) {
    case ParamKind::VectorOut:
    case ParamKind::ArrayOut:
    case ParamKind::PtrOut:
    case ParamKind::StructOut:
    case ParamKind::DoubleOut:
      ok &= !arg.text.empty();
      break;
    case ParamKind::VectorCRef:
    case ParamKind::VectorValue:
    case ParamKind::LongVector:
    case ParamKind::ArrayCRef:
    case ParamKind::PtrIn: {
      std::vector<std::size_t> options;
      for (std::size_t j : visible(VarType::Vector)) {
        const Var &w = vars_[j];
        if (param.kind == ParamKind::ArrayCRef
                ? w.cont == Cont::Arr && w.sizeClass == param.size
            : param.kind == ParamKind::PtrIn
                ? w.cont == Cont::Ptr
                : w.cont == Cont::Vec && w.sizeClass == cls)
          options.push_back(j);
      }
      if (options.empty()) {
        ok = false;
      } else {
        const std::size_t j = options[r_.below(options.size())];
        arg.text = vars_[j].name;
        arg.var = static_cast<int>(j);
      }
      break;
    }
    case ParamKind::StructCRef: {
      object(arg, false);
      ok &= !arg.text.empty();
      break;
    }
    case ParamKind::Int:
      arg.text = intExpr();
      break;
    case ParamKind::DoubleValue:
    case ParamKind::DoubleCRef:
      arg.text = expr(depth < 2 ? depth : 2);
      break;
    }
  }
  // Inputs passed as objects are read only: they may be seen again.
  unhide(hidden);
  if (!ok)
    return "";
  // Which features may rewrite an argument: drawn every time, so that the
  // stream does not depend on them.
  const unsigned roll = r_.below(100);
  if (roll < 50)
    alias(h, args);
  std::string text = h.name + "(";
  for (std::size_t k = 0; k < args.size(); ++k)
    text += (k > 0 ? ", " : "") + args[k].text;
  return text + ")";
}

void Writer::alias(const Signature &h, std::vector<Arg> &args) {
  struct Rewrite {
    std::size_t from, to;
    const char *feature;
    int how; // see below
  };
  std::vector<Rewrite> options;
  const auto &P = h.params;
  auto writableVar = [&](int var) {
    return var >= 0 && vars_[var].writable && !vars_[var].frozen &&
           !vars_[var].hidden;
  };
  for (std::size_t i = 0; i < P.size(); ++i) {
    const Arg &a = args[i];
    if (a.var < 0)
      continue;
    const Var &w = vars_[a.var];
    for (std::size_t j = 0; j < P.size(); ++j) {
      if (j == i)
        continue;
      const ParamKind from = P[i].kind, to = P[j].kind;
      auto add = [&](const char *feature, int how) {
        if (on(feature))
          options.push_back({i, j, feature, how});
      };
      if (from == ParamKind::DoubleOut && scalarParam(to) && a.part.empty() &&
          (w.refOf >= 0 || !w.referent.empty()))
        add("alias-local-ref", 5); // what the reference is bound to
      if (from == ParamKind::DoubleOut && scalarParam(to) && a.part.empty())
        for (const Var &r : vars_)
          if (r.refOf == a.var && !r.hidden) {
            add("alias-local-ref", 6); // a reference bound to it
            break;
          }
      if (from == ParamKind::DoubleOut && scalarParam(to)) {
        if (a.part.empty() || a.part[0] == '.')
          add("alias-same-var", 0); // the same variable or field
        else if (w.type == VarType::Vector) {
          add("alias-same-elem", 0);
          add("alias-elems", 1); // another element of the same vector
        } else {
          add("alias-same-elem", 0);
        }
      }
      const bool container = w.type == VarType::Vector;
      if ((from == ParamKind::VectorOut || from == ParamKind::ArrayOut ||
           from == ParamKind::PtrOut) &&
          scalarParam(to))
        add("alias-vector-elem", 2);
      if ((from == ParamKind::VectorCRef || from == ParamKind::ArrayCRef ||
           from == ParamKind::PtrIn) &&
          container && to == ParamKind::DoubleOut && writableVar(a.var))
        add("alias-vector-elem", 2);
      if (from == ParamKind::StructOut && scalarParam(to))
        add("alias-struct-field", 3);
      if (from == ParamKind::StructCRef && to == ParamKind::DoubleOut &&
          writableVar(a.var))
        add("alias-struct-field", 3);
      if (from == ParamKind::PtrOut &&
          (to == ParamKind::PtrIn || to == ParamKind::PtrOut))
        add("alias-ptr", 4);
      if (from == ParamKind::PtrIn && to == ParamKind::PtrOut &&
          writableVar(a.var))
        add("alias-ptr", 4);
      const bool sameArray = P[i].size == P[j].size;
      if ((from == ParamKind::StructOut &&
           (to == ParamKind::StructCRef || to == ParamKind::StructOut)) ||
          (from == ParamKind::StructCRef && to == ParamKind::StructOut &&
           writableVar(a.var)) ||
          (from == ParamKind::ArrayOut && sameArray &&
           (to == ParamKind::ArrayCRef || to == ParamKind::ArrayOut)) ||
          (from == ParamKind::ArrayCRef && to == ParamKind::ArrayOut &&
           sameArray && writableVar(a.var)))
        add("alias-object-twice", 4);
      // diffuse(u, u): a vector as input and output (refused until
      // d30bded; all vector arguments of a call have one size class).
      if ((from == ParamKind::VectorOut &&
           (to == ParamKind::VectorCRef || to == ParamKind::VectorValue ||
            to == ParamKind::VectorOut)) ||
          (from == ParamKind::VectorCRef && to == ParamKind::VectorOut &&
           writableVar(a.var)))
        add("alias-vector-twice", 4);
    }
  }
  if (options.empty())
    return;
  const Rewrite &w = options[r_.below(options.size())];
  const Arg &a = args[w.from];
  Arg &b = args[w.to];
  const Var &var = vars_[a.var];
  switch (w.how) {
  case 0: // the same text
  case 4:
    b = a;
    return;
  case 5: // the storage a reference is bound to
    b.text = var.referent;
    b.var = var.refOf >= 0 ? var.refOf : var.aliasOf;
    b.part.clear();
    return;
  case 6: // a reference bound to the variable
    for (std::size_t k = 0; k < vars_.size(); ++k)
      if (vars_[k].refOf == a.var && !vars_[k].hidden) {
        b.text = vars_[k].name;
        b.var = static_cast<int>(k);
        b.part.clear();
        return;
      }
    return;
  case 1: { // another element: another constant, or a run-time index
    const std::string i = a.part.substr(1, a.part.size() - 2);
    std::string j = index(var);
    if (constantIndex(i) && r_.percent(50))
      j = std::to_string((std::stoi(i) + 1 + r_.below(2)) % 3);
    b.text = var.name + "[" + j + "]";
    b.var = a.var;
    b.part = "[" + j + "]";
    return;
  }
  case 2: { // an element of the vector, array or pointer
    const std::string j = index(var);
    b.text = var.name + "[" + j + "]";
    b.var = a.var;
    b.part = "[" + j + "]";
    return;
  }
  default: { // a field of the object (of the same element, or another)
    std::string element = a.part;
    if (var.type == VarType::Objects && r_.percent(40))
      element = "[" + index(var) + "]";
    const std::string field = fieldNames[r_.below(3)];
    b.text = var.name + element + field;
    b.var = a.var;
    b.part = element + field;
    return;
  }
  }
}

} // namespace fuzzgen
