//===- test/fuzz/gen/Features.cpp - switchable constructs, signatures -----===//
///
/// \file
/// The names of the constructs that --disable can switch off, and the
/// signatures of generated functions.
//===----------------------------------------------------------------------===//
#include "Generator.h"

#include <cassert>

namespace fuzzgen {

const std::vector<std::pair<std::string, std::string>> &Features::all() {
  static const std::vector<std::pair<std::string, std::string>> list = {
      // Statements.
      {"if-else", "else branches (plain if stays)"},
      {"while", "while loops (counted by an int counter)"},
      {"do-while", "do/while loops"},
      {"break", "if (c) break; in loops"},
      {"continue", "if (c) continue; in loops"},
      {"early-return", "if (c) return e; anywhere, also inside loops"},
      {"switch", "switch over an int with a fall-through"},
      {"switch-braced-break",
       "case k: { ...; break; } (else case k: { ... } break;)"},
      {"range-for", "for (double e : w), for (const double &e : w)"},
      {"range-for-ref", "for (double &e : w) writing the elements"},
      {"for-reverse", "for loops counting down"},
      {"for-step", "for loops with i += 2 or 1 <= i <= K"},
      {"for-postdec", "for (std::size_t i = w.size(); i-- > 0;)"},
      {"for-int-param", "for (int i = 0; i < n; ++i) with n a parameter"},
      {"vector-local", "std::vector<double> locals"},
      {"vector-fill-ctor", "std::vector<double> w(K, e)"},
      {"vector-assign", "whole-vector assignment w = u"},
      {"elem-write", "element writes w[i] = e, w[i] += e, ..."},
      {"at", "element reads through w.at(i)"},
      {"compound-mul", "*= updates"},
      {"compound-div", "/= updates"},
      {"param-write", "writes to by-value parameters"},
      // Calls.
      {"helpers", "calls to generated helper functions"},
      {"double-cref", "helper parameters const double &"},
      {"vector-value", "helper parameters std::vector<double> by value"},
      {"double-out", "helper parameters double & (in-out)"},
      {"vector-out", "helper parameters std::vector<double> & (in-out)"},
      {"elem-out", "vector elements passed as double & arguments"},
      {"multi-inout-call", "helpers with two or more in-out parameters"},
      {"inout-call-result",
       "d = h(x) with an in-out parameter: the result stored"},
      {"vector-return", "helpers returning std::vector<double>"},
      {"vector-self-assign-call",
       "w = h(w, ...): a vector assigned a call that reads it"},
      {"int-arg", "helper int parameters"},
      // Expressions.
      {"ternary", "c ? a : b on doubles"},
      {"div-any", "divisions by an unrestricted expression (rare)"},
      {"sin", "std::sin"},
      {"cos", "std::cos"},
      {"tan", "std::tan of a bounded argument"},
      {"tanh", "std::tanh"},
      {"atan", "std::atan"},
      {"asin", "std::asin, std::acos of 0.9 * tanh(e)"},
      {"erf", "std::erf, std::erfc"},
      {"exp", "std::exp, std::exp2, std::expm1 of bounded arguments"},
      {"log", "std::log, std::log2, std::log10, std::log1p of positive ones"},
      {"sqrt", "std::sqrt of positive arguments"},
      {"cbrt", "std::cbrt"},
      {"pow", "std::pow(positive, constant)"},
      {"pow-var", "std::pow(positive, e)"},
      {"pow-int", "std::pow(e, 2.0) and std::pow(e, 3) (an int exponent)"},
      {"sinh", "std::sinh, std::cosh of bounded arguments"},
      {"fabs", "std::fabs, std::abs"},
      {"fmin", "std::fmin, std::fmax"},
      {"minmax", "std::min, std::max"},
      {"hypot", "std::hypot"},
      {"atan2", "std::atan2"},
      {"fma", "std::fma"},
      {"floor", "std::floor, std::ceil, std::round, std::trunc"},
  };
  return list;
}

bool Features::disable(const std::string &name) {
  for (const auto &entry : all())
    if (entry.first == name) {
      disabled_.insert(name);
      return true;
    }
  return false;
}

bool Signature::pure() const {
  if (ret != ReturnKind::Double)
    return false;
  for (const Param &p : params)
    if (p.kind == ParamKind::DoubleOut || p.kind == ParamKind::VectorOut)
      return false;
  return true;
}

bool Signature::hasVectorParam() const {
  for (const Param &p : params)
    if (p.kind == ParamKind::VectorCRef || p.kind == ParamKind::VectorValue ||
        p.kind == ParamKind::VectorOut)
      return true;
  return false;
}

namespace {

const char *typeText(ParamKind kind) {
  switch (kind) {
  case ParamKind::DoubleValue:
    return "double ";
  case ParamKind::DoubleCRef:
    return "const double &";
  case ParamKind::VectorCRef:
    return "const std::vector<double> &";
  case ParamKind::VectorValue:
    return "std::vector<double> ";
  case ParamKind::DoubleOut:
    return "double &";
  case ParamKind::VectorOut:
    return "std::vector<double> &";
  case ParamKind::Int:
    return "int ";
  }
  assert(false && "unknown parameter kind");
  return "";
}

std::string twoDigits(int index) {
  return (index < 10 ? "0" : "") + std::to_string(index);
}

} // namespace

std::string Signature::head() const {
  std::string text = ret == ReturnKind::Double ? "double "
                     : ret == ReturnKind::Void ? "void "
                                               : "std::vector<double> ";
  text += name + "(";
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (i > 0)
      text += ", ";
    text += typeText(params[i].kind) + params[i].name;
  }
  return text + ")";
}

Signature drawHelperSignature(fuzz_rng::rng &r, int index,
                              const Features &features) {
  Signature sig;
  sig.name = "h" + twoDigits(index);
  const bool outs = features.on("double-out") || features.on("vector-out");
  const unsigned roll = r.below(100);
  if (roll < 25 && outs)
    sig.ret = ReturnKind::Void;
  else if (roll >= 85 && features.on("vector-return"))
    sig.ret = ReturnKind::Vector;

  const int count = r.range(1, 4);
  auto add = [&](ParamKind kind) {
    sig.params.push_back({kind, "p" + std::to_string(sig.params.size())});
  };
  for (int i = 0; i < count; ++i) {
    const unsigned k = r.below(16);
    if (k < 5)
      add(ParamKind::DoubleValue);
    else if (k < 7)
      add(features.on("double-cref") ? ParamKind::DoubleCRef
                                     : ParamKind::DoubleValue);
    else if (k < 10)
      add(ParamKind::VectorCRef);
    else if (k < 11)
      add(features.on("vector-value") ? ParamKind::VectorValue
                                      : ParamKind::VectorCRef);
    else if (k < 13 && features.on("double-out"))
      add(ParamKind::DoubleOut);
    else if (k < 14 && features.on("vector-out"))
      add(ParamKind::VectorOut);
    else if (k < 15 && features.on("int-arg"))
      add(ParamKind::Int);
    else
      add(ParamKind::DoubleValue);
  }
  if (sig.ret == ReturnKind::Void) {
    bool hasOut = false;
    for (const Param &p : sig.params)
      hasOut |=
          p.kind == ParamKind::DoubleOut || p.kind == ParamKind::VectorOut;
    if (!hasOut)
      add(features.on("double-out") ? ParamKind::DoubleOut
                                    : ParamKind::VectorOut);
  }
  if (sig.ret == ReturnKind::Vector && !sig.hasVectorParam())
    add(ParamKind::VectorCRef);
  if (!features.on("multi-inout-call")) {
    // One in-out parameter at most: see the finding
    // inout_args_restored_in_wrong_order.cpp.
    bool seen = false;
    for (Param &p : sig.params) {
      const bool out =
          p.kind == ParamKind::DoubleOut || p.kind == ParamKind::VectorOut;
      if (out && seen)
        p.kind = p.kind == ParamKind::DoubleOut ? ParamKind::DoubleValue
                                                : ParamKind::VectorCRef;
      seen |= out;
    }
  }
  return sig;
}

Signature drawFunctionSignature(fuzz_rng::rng &r, int index) {
  Signature sig;
  sig.name = "f" + twoDigits(index);
  const int scalars = r.range(1, 3);
  for (int i = 0; i < scalars; ++i)
    sig.params.push_back({ParamKind::DoubleValue, "x" + std::to_string(i)});
  sig.params.push_back({ParamKind::VectorCRef, "v"});
  sig.params.push_back({ParamKind::Int, "n"});
  return sig;
}

} // namespace fuzzgen
