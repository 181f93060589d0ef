//===- test/fuzz/gen/Arrays.cpp - the unit's helpers over C arrays --------===//
///
/// \file
/// g00..g07 (shapes in Generator.h, ArrayHelpers): the callees that the
/// C-array statements of CArrays.cpp hand local C arrays to, through
/// pointers with a length, two pointers into one array, and references to
/// arrays. Their bodies are drawn from a stream of their own per helper:
/// loops over the elements (forward or backward, reading a neighbour
/// sometimes, which makes an in-place or overlapping call a recurrence), a
/// carried scalar, and bounded updates only (`out[i] = c * out[i] + s *
/// tanh(e)`), since a checked function may call them many times on the
/// same array. The probe flavour records its kinks (fz::kfmax, fz::gt) like
/// the other functions. Nothing here reads an output before writing it
/// except where the callers initialize it (g04 writes c from a and b only:
/// its output is the uninitialized third of a workspace).
//===----------------------------------------------------------------------===//
#include "Generator.h"

namespace fuzzgen {

namespace {

/// Writes one helper body: expressions over the leaves it is given.
class ArrayBody {
public:
  ArrayBody(fuzz_rng::rng &r, bool probe) : r_(r), probe_(probe) {}

  std::string constant(int lo, int hi) {
    const int v = r_.range(lo, hi);
    const int a = v < 0 ? -v : v;
    std::string text = std::to_string(a / 100) + "." +
                       (a % 100 < 10 ? "0" : "") + std::to_string(a % 100);
    return v < 0 ? "(-" + text + ")" : text;
  }

  /// A smooth expression of the leaves (bounded where it matters: every
  /// value written goes through squash()).
  std::string expr(int depth, const std::vector<std::string> &leaves) {
    if (depth <= 0 || r_.percent(25)) {
      if (r_.percent(8))
        return constant(-150, 150);
      return leaves[r_.below(static_cast<unsigned>(leaves.size()))];
    }
    const std::string a = expr(depth - 1, leaves);
    std::string b = expr(depth - 1, leaves);
    // fmax(a, a) and a > a sit at their switch for good: another operand.
    const std::string c = constant(10, 150);
    if (a == b)
      b = "(" + b + " + " + c + ")";
    switch (r_.below(9)) {
    case 0:
      return "(" + a + " + " + b + ")";
    case 1:
      return "(" + a + " - " + constant(10, 150) + " * " + b + ")";
    case 2:
      return "(" + a + " * " + b + ")";
    case 3:
      return "std::sin(" + a + ")";
    case 4:
      return "std::log(1.0 + " + a + " * " + a + ")";
    case 5:
      return "std::exp(" + constant(20, 80) + " * std::sin(" + a + "))";
    case 6:
      return "(" + a + " / std::sqrt(" + constant(20, 150) + " + " + b + " * " +
             b + "))";
    case 7: // a kink
      return probe_ ? "fz::kfmax(" + a + ", " + b + ")"
                    : "std::fmax(" + a + ", " + b + ")";
    default: { // a branch
      const std::string c = constant(-100, 100);
      const std::string test =
          probe_ ? "fz::gt(" + a + ", " + c + ")" : "(" + a + " > " + c + ")";
      return "(" + test + " ? " + b + " : " + constant(-100, 100) + " * " + a +
             ")";
    }
    }
  }

  /// Bounded by about 1.6 in magnitude.
  std::string squash(const std::vector<std::string> &leaves) {
    const std::string e = expr(2, leaves);
    switch (r_.below(4)) {
    case 0:
      return "std::tanh(" + e + ")";
    case 1:
      return "std::sin(" + e + ")";
    case 2:
      return "std::atan(" + e + ")";
    default:
      return "(" + e + " / std::sqrt(1.0 + " + e + " * " + e + "))";
    }
  }

  /// `target = c * target + s * squash(...)`: a contraction.
  std::string bounded(const std::string &target,
                      const std::vector<std::string> &leaves) {
    const std::string c = constant(20, 85), s = constant(10, 90);
    return target + " = " + c + " * " + target + " + " + s + " * " +
           squash(leaves) + ";";
  }

  /// `for (int i = 0; i < n; ++i) {` or the same backwards.
  std::string loopHead(const std::string &n) {
    if (r_.percent(30))
      return "  for (int i = " + n + " - 1; i >= 0; --i) {\n";
    return "  for (int i = 0; i < " + n + "; ++i) {\n";
  }

  fuzz_rng::rng &r_;
  bool probe_;
};

std::string reduce(ArrayBody &b) {
  const std::string init = b.constant(-50, 50);
  std::string out =
      "double g00(const double *x, int n) {\n  double s = " + init + ";\n";
  out += b.loopHead("n");
  std::vector<std::string> leaves = {"x[i]", "s", "x[i]"};
  if (b.r_.percent(40))
    leaves.push_back("x[(i + 1) % n]");
  out += "    " + b.bounded("s", leaves) + "\n  }\n";
  const std::string c = b.constant(10, 100);
  return out + "  return s + " + c + " * x[0];\n}\n";
}

std::string map(ArrayBody &b) {
  const std::string init = b.constant(-50, 50);
  std::string out =
      "void g01(const double *x, int n, double *out) {\n  double s = " + init +
      ";\n";
  out += b.loopHead("n");
  std::vector<std::string> leaves = {"x[i]", "x[i]", "s"};
  if (b.r_.percent(40))
    leaves.push_back("x[(i + 1) % n]");
  // out[i] read before it is written (callers give initialized outputs),
  // or written from x alone.
  if (b.r_.percent(60)) {
    leaves.push_back("out[i]");
    out += "    " + b.bounded("out[i]", leaves) + "\n";
  } else {
    const std::string c = b.constant(-90, 90);
    out += "    out[i] = " + c + " * x[i] + " + b.squash(leaves) + ";\n";
  }
  out += "    " + b.bounded("s", {"x[i]", "out[i]", "s"}) + "\n  }\n";
  if (b.r_.percent(50)) {
    const std::string c = b.constant(30, 90), d = b.constant(5, 40);
    out += "  out[0] = " + c + " * out[0] + " + d + " * std::tanh(s);\n";
  }
  return out + "}\n";
}

std::string inout(ArrayBody &b) {
  std::string out = "void g02(double *x, int n, double s) {\n";
  out += b.loopHead("n");
  std::vector<std::string> leaves = {"x[i]", "x[i]", "s"};
  if (b.r_.percent(50))
    leaves.push_back("x[(i + n - 1) % n]");
  out += "    " + b.bounded("x[i]", leaves) + "\n";
  if (b.r_.percent(40)) {
    const std::string c = b.constant(30, 90), d = b.constant(5, 50);
    out += "    s = " + c + " * s + " + d + " * std::sin(x[i]);\n";
  }
  return out + "  }\n}\n";
}

std::string twoOutputs(ArrayBody &b) {
  std::string out = "void g03(double s, double *a, double *b) {\n";
  const bool star = b.r_.percent(50);
  const std::string a = star ? "*a" : "a[0]", bb = star ? "b[0]" : "*b";
  out += "  " + b.bounded(a, {"s", a, "s"}) + "\n";
  // b reads what a holds now: the order of the writes matters when the
  // callers pass overlapping storage (they do not: r, r + 1).
  out += "  " + b.bounded(bb, {a, bb, "s"}) + "\n";
  if (b.r_.percent(40))
    out += "  " + b.bounded(a, {a, bb}) + "\n";
  return out + "}\n";
}

std::string cross(ArrayBody &b) {
  std::string out = "void g04(const double *a, const double *b, double *c) {\n";
  for (int k = 0; k < 3; ++k) {
    const std::string i = std::to_string((k + 1) % 3),
                      j = std::to_string((k + 2) % 3);
    const std::string e =
        "a[" + i + "] * b[" + j + "] - a[" + j + "] * b[" + i + "]";
    const std::string c = b.constant(50, 150), d = b.constant(5, 40);
    const std::string s = b.squash(
        {"a[" + std::to_string(k) + "]", "b[" + std::to_string(k) + "]"});
    out += "  c[" + std::to_string(k) + "] = " + c + " * std::tanh(" + e +
           ") + " + d + " * " + s + ";\n";
  }
  return out + "}\n";
}

std::string dot(ArrayBody &b) {
  const std::string init = b.constant(-50, 50);
  std::string out = "double g05(const double *a, const double *b, int n) {\n"
                    "  double s = " +
                    init + ";\n";
  out += b.loopHead("n");
  out +=
      "    " + b.bounded("s", {"a[i] * b[i]", "a[i]", "b[i]", "s"}) + "\n  }\n";
  return out + "  return s;\n}\n";
}

std::string refReduce(ArrayBody &b, int k) {
  const std::string init = b.constant(-50, 50);
  std::string out = "double g06(const double (&v)[" + std::to_string(k) +
                    "]) {\n  double s = " + init + ";\n";
  std::vector<std::string> leaves;
  for (int i = 0; i < k; ++i)
    leaves.push_back("v[" + std::to_string(i) + "]");
  if (b.r_.percent(50)) {
    out += "  for (const double &e : v)\n    " +
           b.bounded("s", {"e", "e", "s", leaves[0]}) + "\n";
  } else {
    out += "  for (int i = 0; i < " + std::to_string(k) + "; ++i)\n    " +
           b.bounded("s", {"v[i]", "v[i]", "s"}) + "\n";
  }
  const std::string c = b.constant(10, 90);
  out += "  return s + " + c + " * " + b.squash(leaves) + ";\n}\n";
  return out;
}

std::string refOut(ArrayBody &b, int k) {
  std::string out = "void g07(const double (&v)[" + std::to_string(k) +
                    "], double (&out)[2]) {\n";
  std::vector<std::string> leaves;
  for (int i = 0; i < k; ++i)
    leaves.push_back("v[" + std::to_string(i) + "]");
  leaves.push_back("out[0]");
  out += "  " + b.bounded("out[0]", leaves) + "\n";
  leaves.push_back("out[1]");
  out += "  " + b.bounded("out[1]", leaves) + "\n";
  return out + "}\n";
}

enum Stream : std::uint64_t { Shape = 9000, Body = 9100 };

} // namespace

ArrayHelpers drawArrayHelpers(std::uint64_t seed, const Features &features) {
  ArrayHelpers a;
  for (const char *name :
       {"carray-ptr-arg", "carray-subrange", "carray-inplace",
        "carray-two-addr", "carray-workspace", "carray-row",
        "carray-ref-param"})
    a.present |= features.on(name);
  fuzz_rng::rng r(fuzz_rng::stream_seed(seed, Shape));
  a.k6 = r.range(3, 4);
  a.k7 = r.range(3, 4);
  return a;
}

std::string writeArrayHelpers(std::uint64_t seed, const ArrayHelpers &arrays,
                              Flavour flavour) {
  if (!arrays.present)
    return "";
  const bool probe = flavour == Flavour::Probe;
  std::string out;
  for (int j = 0; j < 8; ++j) {
    fuzz_rng::rng r(fuzz_rng::stream_seed(seed, Body + j));
    ArrayBody b(r, probe);
    switch (j) {
    case 0:
      out += reduce(b);
      break;
    case 1:
      out += map(b);
      break;
    case 2:
      out += inout(b);
      break;
    case 3:
      out += twoOutputs(b);
      break;
    case 4:
      out += cross(b);
      break;
    case 5:
      out += dot(b);
      break;
    case 6:
      out += refReduce(b, arrays.k6);
      break;
    default:
      out += refOut(b, arrays.k7);
      break;
    }
    out += "\n";
  }
  return out;
}

} // namespace fuzzgen
