//===- test/fuzz/gen/Function.cpp - one function, scopes, output ----------===//
///
/// \file
/// The frame of a generated function (parameters, body, final statement) and
/// the Writer's bookkeeping: scopes, visible variables, weighted choices,
/// indented output.
//===----------------------------------------------------------------------===//
#include "Writer.h"

#include <cassert>

namespace fuzzgen {

Writer::Writer(std::uint64_t seed, const Signature &sig,
               const std::vector<Signature> &callees, const Features &features,
               Flavour flavour, const ArrayHelpers &arrays)
    : r_(seed), rx_(fuzz_rng::stream_seed(seed, 1)), arrays_(arrays), sig_(sig),
      callees_(callees), features_(features), flavour_(flavour),
      probe_(flavour == Flavour::Probe), checked_(sig.name[0] == 'f') {}

Written Writer::run() {
  out_ = sig_.head() + " {\n";
  // Half of the checked functions (a third of the helpers) get C-array
  // statements, drawn from the second stream (CArrays.cpp).
  arraysHere_ = arraysOn() && rx_.percent(checked_ ? 50 : 30);
  pushScope();
  declareParams();
  block(checked_ ? r_.range(6, 14) : r_.range(3, 8));
  finish();
  popScope();
  out_ += "}\n";
  Written w;
  w.text = out_;
  w.attributes = attributes_;
  w.cost = cost_;
  w.drifts = drifts_;
  return w;
}

void Writer::declareParams() {
  const bool paramWrite = features_.on("param-write");
  for (const Param &p : sig_.params) {
    Var v;
    v.name = p.name;
    switch (p.kind) {
    case ParamKind::DoubleValue:
      v.writable = paramWrite;
      break;
    case ParamKind::DoubleCRef:
      break;
    case ParamKind::VectorCRef:
      v.type = VarType::Vector;
      v.sizeClass = 0;
      break;
    case ParamKind::LongVector:
      v.type = VarType::Vector;
      v.sizeClass = LongClass;
      break;
    case ParamKind::VectorValue:
      v.type = VarType::Vector;
      v.sizeClass = 0;
      v.writable = paramWrite;
      break;
    case ParamKind::DoubleOut:
      v.writable = true;
      v.depth = -1;
      break;
    case ParamKind::VectorOut:
      v.type = VarType::Vector;
      v.sizeClass = 0;
      v.writable = true;
      v.depth = -1;
      break;
    case ParamKind::Int:
      v.type = VarType::Int;
      break;
    case ParamKind::ArrayCRef:
    case ParamKind::ArrayOut:
      v.type = VarType::Vector;
      v.cont = Cont::Arr;
      v.sizeClass = p.size;
      v.writable = p.kind == ParamKind::ArrayOut;
      v.depth = v.writable ? -1 : 0;
      break;
    case ParamKind::StructCRef:
    case ParamKind::StructOut:
      v.type = VarType::Struct;
      v.writable = p.kind == ParamKind::StructOut;
      v.depth = v.writable ? -1 : 0;
      break;
    case ParamKind::PtrIn:
    case ParamKind::PtrOut:
      // A checked function's pointers have v's size; a helper's at least 3.
      v.type = VarType::Vector;
      v.cont = Cont::Ptr;
      v.sizeClass = checked_ ? 0 : PointerClass;
      v.writable = p.kind == ParamKind::PtrOut;
      v.depth = v.writable && !checked_ ? -1 : 0;
      break;
    }
    declare(v);
  }
}

std::string Writer::finalExpr() {
  std::string e = expr(3);
  const auto doubles = visible(VarType::Double);
  const int terms = doubles.empty() ? 0 : r_.range(1, 3);
  for (int t = 0; t < terms; ++t)
    e += " + " + constant(-150, 150) + " * " +
         vars_[doubles[r_.below(doubles.size())]].name;
  const auto vectors = visible(VarType::Vector);
  if (!vectors.empty() && r_.percent(50)) {
    const Var &w = vars_[vectors[r_.below(vectors.size())]];
    e += " + " + constant(-150, 150) + " * " + w.name + "[" + index(w) + "]";
  }
  return e;
}

void Writer::finish() {
  switch (sig_.ret) {
  case ReturnKind::Double: {
    const std::string e = finalExpr();
    line("return " + e + arrayTerms() + ";");
    return;
  }
  case ReturnKind::Void:
    for (std::size_t k = 0; k < vars_.size(); ++k) {
      if (vars_[k].depth != -1 || !r_.percent(70))
        continue;
      if (vars_[k].type == VarType::Double)
        update(vars_[k].name, true);
      else if (vars_[k].type == VarType::Struct)
        update(vars_[k].name + "." + "xyz"[r_.below(3)], true);
      else
        update(vars_[k].name + "[" + index(vars_[k]) + "]", true);
    }
    return;
  case ReturnKind::Vector: {
    std::vector<std::size_t> params;
    for (std::size_t k : visible(Cont::Vec))
      if (vars_[k].sizeClass == 0)
        params.push_back(k);
    assert(!params.empty() && "a vector-returning helper has a vector "
                              "parameter");
    const std::string src = vars_[params[r_.below(params.size())]].name;
    const std::string name = fresh("r");
    Var w;
    w.name = name;
    w.type = VarType::Vector;
    w.writable = true;
    w.sizeClass = 0;
    if (r_.percent(60)) {
      line("std::vector<double> " + name + "(" + src + ".size());");
      fillLoop(declare(w));
    } else {
      line("std::vector<double> " + name + "(" + src + ");");
      const std::size_t k = declare(w);
      update(name + "[" + index(vars_[k]) + "]", false);
    }
    line("return " + name + ";");
    return;
  }
  }
}

int Writer::pick(std::initializer_list<int> weights) {
  int total = 0;
  for (int w : weights)
    total += w;
  assert(total > 0 && "no choice available");
  int roll = static_cast<int>(r_.below(static_cast<unsigned>(total)));
  int index = 0;
  for (int w : weights) {
    if (roll < w)
      return index;
    roll -= w;
    ++index;
  }
  assert(false && "roll out of range");
  return 0;
}

std::vector<std::size_t> Writer::visible(VarType type) const {
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < vars_.size(); ++k)
    if (vars_[k].type == type && !vars_[k].hidden)
      out.push_back(k);
  return out;
}

std::vector<std::size_t> Writer::visible(Cont cont) const {
  std::vector<std::size_t> out;
  for (std::size_t k : visible(VarType::Vector))
    if (vars_[k].cont == cont)
      out.push_back(k);
  return out;
}

std::vector<std::size_t> Writer::writableDoubles() const {
  return writable(VarType::Double);
}

std::vector<std::size_t> Writer::writableVectors() const {
  return writable(VarType::Vector);
}

std::vector<std::size_t> Writer::writable(VarType type) const {
  std::vector<std::size_t> out;
  for (std::size_t k : visible(type)) {
    const Var &v = vars_[k];
    // A local reference into a container a range-for by reference runs
    // over is not written either.
    const bool intoFrozen =
        !v.referent.empty() && v.aliasOf >= 0 && vars_[v.aliasOf].frozen;
    if (v.writable && !v.frozen && !intoFrozen)
      out.push_back(k);
  }
  return out;
}

std::string Writer::fresh(const char *prefix) {
  return prefix + std::to_string(++counter_);
}

std::size_t Writer::declare(Var v) {
  vars_.push_back(std::move(v));
  return vars_.size() - 1;
}

void Writer::line(const std::string &text) {
  out_ += std::string(2 * static_cast<std::size_t>(indent_), ' ') + text + "\n";
}

void Writer::open(const std::string &text) {
  line(text);
  ++indent_;
}

void Writer::close(const std::string &text) {
  --indent_;
  line(text);
}

void Writer::pushScope() { scopes_.push_back(vars_.size()); }

void Writer::popScope() {
  assert(!scopes_.empty() && "unbalanced scopes");
  vars_.resize(scopes_.back());
  scopes_.pop_back();
}

std::string Writer::attribute(bool online) {
  const bool feature = on(online ? "checkpoint-attr-while" : "checkpoint-attr");
  // Rarely in helpers: an attribute there makes every taped twin call
  // taped copies of the helpers (more code to compile).
  const unsigned roll = r_.below(100);
  if (!feature || roll >= (checked_ ? 15u : 3u))
    return "";
  if (flavour_ != Flavour::Plain)
    return "";
  attributes_ = true;
  return online && roll % 3 == 0 ? "[[tangent::checkpoint(4)]] "
                                 : "[[tangent::checkpoint]] ";
}

Written writeFunction(std::uint64_t seed, const Signature &sig,
                      const std::vector<Signature> &callees,
                      const Features &features, Flavour flavour,
                      const ArrayHelpers &arrays) {
  Writer writer(seed, sig, callees, features, flavour, arrays);
  return writer.run();
}

} // namespace fuzzgen
