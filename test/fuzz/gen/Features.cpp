//===- test/fuzz/gen/Features.cpp - switchable constructs, signatures -----===//
///
/// \file
/// The names of the constructs that --disable can switch off, the
/// signatures of generated functions and the strategies of their requests.
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
      {"array-param",
       "helper parameters std::array<double, N> & and const & (N 3, 4)"},
      {"struct-param", "helper parameters Pt & and const Pt &"},
      {"ptr-param",
       "helper parameters const double * and double * (read, written)"},
      {"fn-ptr-param",
       "checked functions with a const double *p parameter (through "
       "pullback)"},
      {"fn-ptr-out",
       "checked functions with a double *q parameter, read and written "
       "(the memory after the gradient call compared with f's)"},
      {"long-vector",
       "checked functions with a long const std::vector<double> &u "
       "(300 to 3000 elements, checked along directions)"},
      {"deref", "*p reads and writes through pointers"},
      // Aliased arguments.
      {"alias-same-var",
       "h(a, a): one variable to a double & and another parameter"},
      {"alias-same-elem", "h(w[i], w[i]): one element to two parameters"},
      {"alias-elems",
       "h(w[0], w[1]), h(w[i], w[j]): two elements of one vector, array or "
       "pointer (other constant or run-time indices)"},
      {"alias-vector-elem",
       "h(w, w[i]): a vector, array or pointer and one of its elements"},
      {"alias-struct-field", "h(s, s.x): an object and one of its fields"},
      {"alias-member-field",
       "s.push(s.x), q[i].push(q[j].y): a member function given a field of "
       "its own object"},
      {"alias-member-self", "s.mix(s): a member function given its object"},
      {"alias-member-elems",
       "q[i].push(q[j].y), q[i].mix(q[j]): an element of a vector of structs "
       "given a field of, or, an element at another index (maybe the same)"},
      {"alias-lambda",
       "l(a) with l capturing a by reference and taking a double &"},
      {"alias-ptr", "h(q, q): one pointer to two pointer parameters"},
      {"local-ref",
       "local references double &r = a; (also to array elements, fields)"},
      {"alias-local-ref",
       "h(a, r) with r a reference bound to a earlier (or h(r, a[1]))"},
      {"alias-vector-twice",
       "diffuse(u, u): a std::vector to & and to another vector parameter"},
      {"alias-object-twice",
       "h(s, s), h(a, a): a Pt or std::array to & and to another "
       "parameter"},
      // Arrays, objects, lambdas.
      {"array-local", "std::array<double, N> locals"},
      {"struct-local", "Pt locals, field reads and writes"},
      {"objects-local", "std::vector<Pt> locals, q[i].x"},
      {"member-call", "member functions writing fields: s.push(e), s.mix(t)"},
      {"range-for-objects",
       "range-for over std::vector<Pt> by value, const & and &"},
      {"lambda", "lambdas capturing by reference (in-out and value ones)"},
      {"lambda-helper",
       "lambdas in helpers (capturing the helper's reference parameters)"},
      // Loops for checkpointing and budgets.
      {"long-loop",
       "counted and while loops of hundreds to thousands of iterations with "
       "cheap bodies"},
      {"elem-copy-loop",
       "double e = w[k]; then an inner recurrence on e in a loop"},
      {"checkpoint-attr",
       "[[tangent::checkpoint]] on counted and range-for loops"},
      {"checkpoint-attr-while",
       "[[tangent::checkpoint]], [[tangent::checkpoint(4)]] on while and do "
       "loops"},
      // Strategies (the options of the request).
      {"opt-taped", "tangent::options{.recompute = false}"},
      {"opt-checkpoint",
       "{.checkpoint = true, .min_length = 1} (also .budget = 3)"},
      {"opt-threads", "{.checkpoint = true, .min_length = 1, .threads = 2}"},
      {"opt-budget",
       "{.memory_budget = B}, B from 64 bytes to 1 MiB (also .threads = 2)"},
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
      // C arrays (statements of their own stream, CArrays.cpp).
      {"carray-local",
       "double b[N] locals (N 2..6): braces or fill loops from the inputs, "
       "element reads in expressions, element writes, loops over them"},
      {"carray-2d",
       "double m[R][C] locals, filled by nested loops, elements read and "
       "written"},
      {"carray-ptr-arg",
       "C arrays given whole to the helpers g00..g05 (const double *, "
       "double *, with a length)"},
      {"carray-subrange", "g(b + k, len), g(&b[k], len): part of a C array"},
      {"carray-inplace",
       "g(b, n, b), g(b, 2, b + 2), g(b, n, b + 1): input and output in one "
       "C array (the same, halves, overlapping)"},
      {"carray-inplace-mixed",
       "with carray-inplace: g04(a, b, a), g04(b, a, a): an array as input "
       "and output next to another array"},
      {"carray-two-addr",
       "g(x, &r[0], &r[1]), g(x, r, r + 1): two addresses into one array"},
      {"carray-workspace",
       "double w[9]; (fill w[0..5]) cross(w, w + 3, w + 6);"},
      {"carray-row",
       "rows m[i] of a 2-D C array given to the pointer parameters of "
       "g00, g01, g02, g05 (also &m[i][k])"},
      {"carray-row-ref",
       "with carray-row: rows m[i] given to the reference-to-array "
       "parameters of g06, g07"},
      {"carray-ref-param",
       "helpers g06, g07 with const double (&v)[N], double (&out)[2] "
       "parameters, given local C arrays"},
      // Requests other than grad (each checked function draws one).
      {"req-jvp",
       "tangent::jvp: against the gradient along a direction and central "
       "differences; value_and_jvp's value and q, pushforward bitwise"},
      {"req-hvp",
       "tangent::hvp: against central differences of gradients (functions "
       "without q)"},
      {"req-hvp-carray",
       "with req-hvp: hvp also of functions that reach a call of a C-array "
       "helper g00..g07 (else they get jvp)"},
      {"req-jacobian",
       "tangent::jacobian of fNN_rows (f's value and smooth functions of "
       "it): columns against jvp, row 0 against the gradient (functions "
       "without q)"},
      {"req-pullback", "the gradient through pullback also without pointers"},
      // Checks of the harness.
      {"nan-bitwise",
       "bitwise comparisons compare the bits (std::bit_cast): NaN equals "
       "NaN only with the same bits, and -0 differs from +0"},
      {"budget-peak",
       "under .memory_budget, tangent::stats::peak_bytes() within the bound "
       "of docs/checkpointing.md"},
      {"long-loop-vector",
       "a std::vector<double> local declared in the body of a long loop"},
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

bool isOutput(ParamKind kind) {
  return kind == ParamKind::DoubleOut || kind == ParamKind::VectorOut ||
         kind == ParamKind::ArrayOut || kind == ParamKind::StructOut ||
         kind == ParamKind::PtrOut;
}

bool Signature::pure() const {
  if (ret != ReturnKind::Double)
    return false;
  for (const Param &p : params)
    if (isOutput(p.kind))
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

bool Signature::has(ParamKind kind) const {
  for (const Param &p : params)
    if (p.kind == kind)
      return true;
  return false;
}

namespace {

std::string typeText(const Param &p) {
  switch (p.kind) {
  case ParamKind::DoubleValue:
    return "double ";
  case ParamKind::DoubleCRef:
    return "const double &";
  case ParamKind::VectorCRef:
  case ParamKind::LongVector:
    return "const std::vector<double> &";
  case ParamKind::VectorValue:
    return "std::vector<double> ";
  case ParamKind::DoubleOut:
    return "double &";
  case ParamKind::VectorOut:
    return "std::vector<double> &";
  case ParamKind::Int:
    return "int ";
  case ParamKind::ArrayCRef:
    return "const std::array<double, " + std::to_string(p.size) + "> &";
  case ParamKind::ArrayOut:
    return "std::array<double, " + std::to_string(p.size) + "> &";
  case ParamKind::StructCRef:
    return "const Pt &";
  case ParamKind::StructOut:
    return "Pt &";
  case ParamKind::PtrIn:
    return "const double *";
  case ParamKind::PtrOut:
    return "double *";
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
    text += typeText(params[i]) + params[i].name;
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

  auto add = [&](ParamKind kind, int size = 0) {
    sig.params.push_back({kind, "p" + std::to_string(sig.params.size()), size});
  };
  // Almost half of the helpers start with a pair of parameters that calls
  // can alias (addto(double &a, const double &b), scale_by(std::vector<double>
  // &v, const double &s), k(Pt &p, const double &x), sq(const double *x,
  // double *out), ...) or with a pointer the helper writes (square0(double
  // *x)); random parameters follow.
  const unsigned tpl = r.below(100), which = r.below(10);
  const int tplSize = r.range(3, 4);
  using K = ParamKind;
  struct Template {
    const char *feature;
    K a, b;
    bool pair;
  };
  static const Template templates[] = {
      {"double-out", K::DoubleOut, K::DoubleCRef, true},
      {"vector-out", K::VectorOut, K::DoubleCRef, true},
      {"double-out", K::VectorCRef, K::DoubleOut, true},
      {"struct-param", K::StructOut, K::DoubleCRef, true},
      {"struct-param", K::StructCRef, K::DoubleOut, true},
      {"ptr-param", K::PtrIn, K::PtrOut, true},
      {"ptr-param", K::PtrOut, K::PtrOut, false},
      {"array-param", K::ArrayOut, K::DoubleCRef, true},
      {"double-out", K::DoubleOut, K::DoubleOut, true},
      {"struct-param", K::StructOut, K::StructCRef, true},
  };
  const Template &t = templates[which];
  const bool templated = tpl < 45 && features.on(t.feature) &&
                         (t.b != K::DoubleCRef || features.on("double-cref"));
  if (templated) {
    add(t.a, tplSize);
    if (t.pair)
      add(t.b, tplSize);
  }
  const int count = templated ? r.range(0, 2) : r.range(1, 4);
  for (int i = 0; i < count; ++i) {
    const unsigned k = r.below(22);
    // Drawn whatever the features say, so that switching one off leaves
    // the other draws alone.
    const bool written = r.percent(50);
    const int size = r.range(3, 4);
    if (k < 4)
      add(ParamKind::DoubleValue);
    else if (k < 6 || k >= 20)
      add(features.on("double-cref") ? ParamKind::DoubleCRef
                                     : ParamKind::DoubleValue);
    else if (k < 9)
      add(ParamKind::VectorCRef);
    else if (k < 10)
      add(features.on("vector-value") ? ParamKind::VectorValue
                                      : ParamKind::VectorCRef);
    else if (k < 12 && features.on("double-out"))
      add(ParamKind::DoubleOut);
    else if (k < 13 && features.on("vector-out"))
      add(ParamKind::VectorOut);
    else if (k < 14 && features.on("int-arg"))
      add(ParamKind::Int);
    else if (k >= 14 && k < 16 && features.on("array-param"))
      add(written ? ParamKind::ArrayOut : ParamKind::ArrayCRef, size);
    else if (k >= 16 && k < 18 && features.on("struct-param"))
      add(written ? ParamKind::StructOut : ParamKind::StructCRef);
    else if (k >= 18 && k < 20 && features.on("ptr-param"))
      add(written ? ParamKind::PtrOut : ParamKind::PtrIn);
    else
      add(ParamKind::DoubleValue);
  }
  if (sig.ret == ReturnKind::Void) {
    bool hasOut = false;
    for (const Param &p : sig.params)
      hasOut |= isOutput(p.kind);
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
      const bool out = isOutput(p.kind);
      if (out && seen)
        p.kind = p.kind == ParamKind::DoubleOut   ? ParamKind::DoubleValue
                 : p.kind == ParamKind::VectorOut ? ParamKind::VectorCRef
                 : p.kind == ParamKind::ArrayOut  ? ParamKind::ArrayCRef
                 : p.kind == ParamKind::StructOut ? ParamKind::StructCRef
                                                  : ParamKind::PtrIn;
      seen |= out;
    }
  }
  return sig;
}

Signature drawFunctionSignature(fuzz_rng::rng &r, int index,
                                const Features &features) {
  Signature sig;
  sig.name = "f" + twoDigits(index);
  const int scalars = r.range(1, 3);
  for (int i = 0; i < scalars; ++i)
    sig.params.push_back({ParamKind::DoubleValue, "x" + std::to_string(i)});
  sig.params.push_back({ParamKind::VectorCRef, "v"});
  const bool longVector = r.percent(20), in = r.percent(30),
             out = r.percent(35);
  if (longVector && features.on("long-vector"))
    sig.params.push_back({ParamKind::LongVector, "u"});
  if (in && features.on("fn-ptr-param"))
    sig.params.push_back({ParamKind::PtrIn, "p"});
  if (out && features.on("fn-ptr-out"))
    sig.params.push_back({ParamKind::PtrOut, "q"});
  sig.params.push_back({ParamKind::Int, "n"});
  return sig;
}

Strategy drawStrategy(fuzz_rng::rng &r, const Features &features) {
  struct Choice {
    const char *feature, *name, *options;
    int weight;
  };
  static const Choice choices[] = {
      {nullptr, "default", "", 25},
      {"opt-taped", "taped", ".recompute = false", 8},
      {"opt-checkpoint", "checkpoint", ".checkpoint = true, .min_length = 1",
       14},
      {"opt-checkpoint", "checkpoint-b3",
       ".checkpoint = true, .min_length = 1, .budget = 3", 4},
      {"opt-threads", "checkpoint-threads",
       ".checkpoint = true, .min_length = 1, .threads = 2", 10},
      {"opt-budget", "budget-64", ".memory_budget = 64", 9},
      {"opt-budget", "budget-2k", ".memory_budget = 2048", 7},
      {"opt-budget", "budget-8k", ".memory_budget = 8192", 7},
      {"opt-budget", "budget-64k", ".memory_budget = 65536", 5},
      {"opt-budget", "budget-1m", ".memory_budget = 1048576", 3},
      {"opt-budget", "budget-4k-threads", ".memory_budget = 4096, .threads = 2",
       4},
  };
  int total = 0;
  for (const Choice &c : choices)
    total += !c.feature || features.on(c.feature) ? c.weight : 0;
  int roll = static_cast<int>(r.below(static_cast<unsigned>(total)));
  for (const Choice &c : choices) {
    if (c.feature && !features.on(c.feature))
      continue;
    if (roll < c.weight) {
      Strategy s;
      s.name = c.name;
      if (*c.options)
        s.options = std::string("tangent::options{") + c.options + "}";
      s.taped = s.name == "taped";
      return s;
    }
    roll -= c.weight;
  }
  assert(false && "roll out of range");
  return {};
}

const char *requestName(RequestKind kind) {
  switch (kind) {
  case RequestKind::Grad:
    return "";
  case RequestKind::Pullback:
    return "pullback";
  case RequestKind::Jvp:
    return "jvp";
  case RequestKind::Hvp:
    return "hvp";
  case RequestKind::Jacobian:
    return "jacobian";
  }
  assert(false && "unknown request kind");
  return "";
}

Request drawRequest(fuzz_rng::rng &r, const Signature &sig,
                    const Features &features) {
  struct Choice {
    const char *feature;
    RequestKind kind;
    int weight;
  };
  static const Choice choices[] = {
      {nullptr, RequestKind::Grad, 50},
      {"req-pullback", RequestKind::Pullback, 8},
      {"req-jvp", RequestKind::Jvp, 16},
      {"req-hvp", RequestKind::Hvp, 14},
      {"req-jacobian", RequestKind::Jacobian, 12},
  };
  // Every draw is made whatever the features say.
  const unsigned roll = r.below(100);
  const int outputs = r.percent(25) ? 12 : r.range(2, 3);
  Request q;
  int total = 0;
  for (const Choice &c : choices)
    total += !c.feature || features.on(c.feature) ? c.weight : 0;
  int pick = static_cast<int>(roll % static_cast<unsigned>(total));
  for (const Choice &c : choices) {
    if (c.feature && !features.on(c.feature))
      continue;
    if (pick < c.weight) {
      q.kind = c.kind;
      break;
    }
    pick -= c.weight;
  }
  const bool writes = sig.has(ParamKind::PtrOut);
  if (writes && (q.kind == RequestKind::Hvp || q.kind == RequestKind::Jacobian))
    q.kind = features.on("req-jvp") ? RequestKind::Jvp : RequestKind::Grad;
  // The Jacobian's other outputs: smooth functions of f's value r and of
  // the parameters.
  std::vector<std::string> xs;
  for (const Param &p : sig.params)
    if (p.kind == ParamKind::DoubleValue)
      xs.push_back(p.name);
  const bool ptr = sig.has(ParamKind::PtrIn);
  for (int k = 1; k < outputs; ++k) {
    const unsigned form = r.below(ptr ? 5 : 4);
    const std::string x = xs[r.below(static_cast<unsigned>(xs.size()))];
    const std::string j = std::to_string(r.below(3));
    const int c = r.range(20, 150);
    const std::string cs = std::to_string(c / 100) + "." +
                           (c % 100 < 10 ? "0" : "") + std::to_string(c % 100);
    std::string e;
    switch (form) {
    case 0:
      e = cs + " * std::sin(r) + " + x;
      break;
    case 1:
      e = "std::tanh(" + cs + " * r + " + x + ")";
      break;
    case 2:
      e = "r * v[" + j + "]";
      break;
    case 3:
      e = "std::atan(r) * " + x;
      break;
    default:
      e = "std::cos(r) * p[" + j + "]";
      break;
    }
    q.outputs.push_back(e);
  }
  if (q.kind != RequestKind::Jacobian)
    q.outputs.clear();
  return q;
}

} // namespace fuzzgen
