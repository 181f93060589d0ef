//===- test/fuzz/gen/Expr.cpp - random expressions and conditions ---------===//
///
/// \file
/// Double expressions, positive and bounded ones, conditions, indices and
/// calls. In the probe flavour, comparisons and kinks go through the
/// recorders of fuzz_harness.hpp (fz::lt, fz::kfabs, ...), which compute the
/// same value.
//===----------------------------------------------------------------------===//
#include "Writer.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>

namespace fuzzgen {

namespace {

std::string paren(const std::string &text) { return "(" + text + ")"; }

std::string fn(const char *name, const std::string &a) {
  return std::string("std::") + name + "(" + a + ")";
}
std::string fn(const char *name, const std::string &a, const std::string &b) {
  return std::string("std::") + name + "(" + a + ", " + b + ")";
}

} // namespace

std::string Writer::kink(const char *name, const std::string &args) {
  return (probe_ ? std::string("fz::k") : std::string("std::")) + name + "(" +
         args + ")";
}

std::string Writer::other(const std::string &a, const std::string &b) {
  // A constant in that case, drawn in both flavours alike.
  const std::string c = constant(10, 150);
  return a == b ? c : b;
}

std::string Writer::constant(int lo, int hi) {
  const int v = r_.range(lo, hi);
  const int a = std::abs(v);
  std::string text = std::to_string(a / 100) + "." + (a % 100 < 10 ? "0" : "") +
                     std::to_string(a % 100);
  return v < 0 ? "(-" + text + ")" : text;
}

std::string Writer::intExpr() {
  std::vector<std::string> options;
  for (std::size_t i : visible(VarType::Int))
    options.push_back(vars_[i].name);
  for (std::size_t i : visible(VarType::Size))
    options.push_back("static_cast<int>(" + vars_[i].name + ")");
  if (options.empty() || r_.percent(25))
    return std::to_string(r_.range(0, 4));
  return options[r_.below(options.size())];
}

std::string Writer::sizeText(const Var &w) const {
  // A checked function's pointers have the size of its vector v.
  if (w.type == VarType::Vector && w.cont == Cont::Ptr)
    return "v.size()";
  return w.name + ".size()";
}

std::string Writer::index(const Var &w) {
  std::vector<std::string> options = {"0", "1", "2"};
  auto add = [&](const std::string &text, int weight) {
    for (int k = 0; k < weight; ++k)
      options.push_back(text);
  };
  for (VarType type : {VarType::Int, VarType::Size})
    for (std::size_t i : visible(type)) {
      const Var &x = vars_[i];
      if (x.sizeClass >= 0 && x.sizeClass == w.sizeClass &&
          w.sizeClass != PointerClass) {
        add(x.name, 6);
        add(sizeText(w) + " - 1 - " + x.name, 1);
        add("(" + x.name + " + 1) % " + sizeText(w), 1);
      } else if (x.bound > 0 && x.bound <= minSize(w.sizeClass)) {
        add(x.name, 4);
      } else {
        add(x.name + " % 3", 2);
      }
    }
  return options[r_.below(options.size())];
}

std::string Writer::plainLeaf() {
  const auto doubles = visible(VarType::Double);
  const auto vectors = visible(VarType::Vector);
  auto ints = visible(VarType::Int);
  for (std::size_t i : visible(VarType::Size))
    ints.push_back(i);
  const bool structs =
      !visible(VarType::Struct).empty() || !visible(VarType::Objects).empty();
  switch (pick({doubles.empty() ? 0 : 10, 3, vectors.empty() ? 0 : 5,
                ints.empty() ? 0 : 1, structs ? 3 : 0})) {
  case 0: {
    // Prefer variables nobody has read yet: fewer dead computations.
    unsigned total = 0;
    for (std::size_t k : doubles)
      total += vars_[k].uses == 0 ? 3 : 1;
    unsigned roll = r_.below(total);
    for (std::size_t k : doubles) {
      const unsigned w = vars_[k].uses == 0 ? 3 : 1;
      if (roll < w) {
        ++vars_[k].uses;
        return vars_[k].name;
      }
      roll -= w;
    }
    assert(false && "roll out of range");
    return "0.0";
  }
  case 1:
    return constant(-200, 200);
  case 2: {
    const Var &w = vars_[vectors[r_.below(vectors.size())]];
    const std::string i = index(w);
    const unsigned roll = r_.below(100);
    if (w.cont == Cont::Vec && features_.on("at") && roll < 15)
      return w.name + ".at(" + i + ")";
    if (w.cont == Cont::Ptr && features_.on("deref") && roll < 20)
      return "(*" + w.name + ")";
    return w.name + "[" + i + "]";
  }
  case 3: {
    const Var &x = vars_[ints[r_.below(ints.size())]];
    return paren(constant(10, 60) + " * static_cast<double>(" + x.name + ")");
  }
  default:
    return structLeaf(1);
  }
}

std::string Writer::squash(int depth) {
  const std::string e = expr(depth);
  switch (
      pick({4, 3, features_.on("atan") ? 2 : 0, features_.on("sqrt") ? 1 : 0,
            features_.on("erf") ? 1 : 0, features_.on("fabs") ? 1 : 0, 1})) {
  case 0:
    return fn("tanh", e);
  case 1:
    return fn("sin", e);
  case 2:
    return fn("atan", e);
  case 3:
    return paren(e + " / " + fn("sqrt", "1.0 + " + e + " * " + e));
  case 4:
    return fn("erf", e);
  case 5:
    return paren(e + " / (1.0 + " + kink("fabs", e) + ")");
  default:
    return fn("cos", e);
  }
}

std::string Writer::positive(int depth) {
  const std::string e = expr(depth);
  switch (
      pick({5, features_.on("fabs") ? 2 : 0, 2, features_.on("exp") ? 2 : 0,
            features_.on("hypot") ? 1 : 0, 2, features_.on("sqrt") ? 1 : 0})) {
  case 0:
    return paren(constant(10, 200) + " + " + e + " * " + e);
  case 1:
    return paren(constant(10, 200) + " + " + kink("fabs", e));
  case 2:
    return paren("2.0 + " + fn(r_.percent(50) ? "sin" : "cos", e));
  case 3:
    return fn("exp", constant(20, 100) + " * " + fn("sin", e));
  case 4:
    return fn("hypot", e, constant(10, 150));
  case 5:
    return paren("1.5 + " + fn("tanh", e));
  default:
    return fn("sqrt", constant(10, 200) + " + " + e + " * " + e);
  }
}

std::string Writer::expr(int depth) {
  if (depth <= 0 || r_.percent(25))
    return leaf();
  const int d = depth - 1;
  const bool callable = features_.on("helpers") && !pureCallees().empty();
  const auto on = [&](const char *name, int weight) {
    return features_.on(name) ? weight : 0;
  };
  switch (pick({10,
                7,
                2,
                4,
                on("div-any", 1),
                3,
                3,
                3,
                on("tanh", 3),
                on("atan", 2),
                on("erf", 1),
                on("exp", 3),
                on("log", 3),
                on("sqrt", 2),
                on("pow", 2),
                on("pow-var", 1),
                on("pow-int", 1),
                on("fabs", 2),
                on("fmin", 2),
                on("minmax", 1),
                on("hypot", 1),
                on("atan2", 1),
                on("sinh", 1),
                on("cbrt", 1),
                on("floor", 1),
                on("ternary", 3),
                callable ? 4 : 0,
                on("fma", 1),
                on("tan", 1),
                on("asin", 1)})) {
  case 0: {
    // x - x would be identically zero: a permanent kink under fabs or cbrt.
    const std::string a = expr(d), b = expr(d);
    const bool minus = r_.percent(40);
    return paren(a + (minus && a != b ? " - " : " + ") + b);
  }
  case 1:
    return paren(expr(d) + " * " + expr(d));
  case 2:
    return paren("-" + expr(d));
  case 3:
    return paren(expr(d) + " / " + positive(d));
  case 4: {
    // The probe records how close the denominator is to zero. x / x is
    // exactly 1: its derivative is zero up to rounding, and rounding times a
    // steep callee is no finite-difference check.
    const std::string a = expr(d), b = other(a, expr(d));
    return paren(a + " / " + (probe_ ? "fz::kden(" + b + ")" : paren(b)));
  }
  case 5:
    return features_.on("sin") ? fn("sin", expr(d)) : fn("tanh", expr(d));
  case 6:
    return features_.on("cos") ? fn("cos", expr(d)) : fn("tanh", expr(d));
  case 7: {
    const std::string a = expr(d), b = expr(d);
    return paren(a + " * " + constant(-150, 150) + " + " + b);
  }
  case 8:
    return fn("tanh", expr(d));
  case 9:
    return fn("atan", expr(d));
  case 10:
    return fn(r_.percent(70) ? "erf" : "erfc", expr(d));
  case 11: {
    const unsigned k = r_.below(4);
    const std::string arg = constant(20, 120) + " * " + squash(d);
    return fn(k == 0 ? "exp2" : k == 1 ? "expm1" : "exp", arg);
  }
  case 12: {
    const unsigned k = r_.below(5);
    if (k == 4) {
      const std::string e = expr(d);
      return fn("log1p", e + " * " + e);
    }
    return fn(k == 0 ? "log2" : k == 1 ? "log10" : "log", positive(d));
  }
  case 13:
    return fn("sqrt", positive(d));
  case 14: {
    static const char *exponents[] = {"0.5",    "1.5", "2.0", "(-0.5)",
                                      "(-1.5)", "3.0", "0.25"};
    return fn("pow", positive(d), exponents[r_.below(7)]);
  }
  case 15:
    return fn("pow", positive(d), constant(50, 150) + " * " + squash(d));
  case 16:
    return fn("pow", expr(d), r_.percent(50) ? "2.0" : "3");
  case 17: {
    const std::string e = expr(d);
    const bool abs = r_.percent(25);
    return kink(abs ? "abs" : "fabs", e);
  }
  case 18: {
    const std::string a = expr(d), b = other(a, expr(d));
    const bool min = r_.percent(50);
    return kink(min ? "fmin" : "fmax", a + ", " + b);
  }
  case 19: {
    const std::string a = expr(d), b = other(a, expr(d));
    const bool min = r_.percent(50);
    return kink(min ? "min" : "max", a + ", " + b);
  }
  case 20: {
    const std::string a = expr(d), b = other(a, expr(d));
    return kink("hypot", a + ", " + b);
  }
  case 21: {
    const std::string a = expr(d);
    return fn("atan2", a, positive(d));
  }
  case 22:
    return fn(r_.percent(50) ? "sinh" : "cosh", squash(d));
  case 23: {
    const std::string e = expr(d);
    return kink("cbrt", e);
  }
  case 24: {
    static const char *names[] = {"floor", "ceil", "round", "trunc"};
    const char *name = names[r_.below(4)];
    const std::string e = expr(d);
    const std::string c = constant(10, 100);
    return paren(c + " * " + kink(name, e));
  }
  case 25: {
    const std::string c = cond(d > 0 ? d - 1 : 0);
    const std::string a = expr(d), b = expr(d);
    return paren(c + " ? " + a + " : " + b);
  }
  case 26: {
    const auto pure = pureCallees();
    const std::string text = call(*pure[r_.below(pure.size())], d);
    return text.empty() ? leaf() : text;
  }
  case 27: {
    const std::string a = expr(d), b = expr(d), c = expr(d);
    return "std::fma(" + a + ", " + b + ", " + c + ")";
  }
  case 28:
    return fn("tan", constant(20, 120) + " * " + fn("tanh", expr(d)));
  default:
    return fn(r_.percent(50) ? "asin" : "acos", "0.9 * " + fn("tanh", expr(d)));
  }
}

std::string Writer::cond(int depth) {
  static const char *ops[] = {" < ", " > ", " <= ", " >= "};
  static const char *recorders[] = {"fz::lt(", "fz::gt(", "fz::le(", "fz::ge("};
  auto ints = visible(VarType::Int);
  for (std::size_t i : visible(VarType::Size))
    ints.push_back(i);
  switch (pick({6, 4, ints.empty() ? 1 : 3, depth > 0 ? 1 : 0,
                depth > 0 ? 1 : 0, depth > 0 ? 1 : 0})) {
  case 0:
  case 1: {
    const std::string a = expr(2);
    const std::string b =
        r_.percent(50) ? other(a, expr(2)) : constant(-150, 150);
    const unsigned op = r_.below(4);
    if (probe_)
      return std::string(recorders[op]) + a + ", " + b + ")";
    return paren(a + ops[op] + b);
  }
  case 2: {
    const std::string x = intExpr();
    switch (r_.below(3)) {
    case 0:
      return paren(x + " % 2 == 0");
    case 1:
      return paren(x + " > " + std::to_string(r_.range(0, 3)));
    default:
      return paren(x + " < " + std::to_string(r_.range(1, 4)));
    }
  }
  case 3:
    return paren(cond(depth - 1) + " && " + cond(depth - 1));
  case 4:
    return paren(cond(depth - 1) + " || " + cond(depth - 1));
  default:
    return "!" + paren(cond(depth - 1));
  }
}

} // namespace fuzzgen
