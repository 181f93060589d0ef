//===- test/fuzz/gen/Unit.cpp - one generated translation unit ------------===//
///
/// \file
/// The struct Pt, helpers h00.., checked functions f00.., the same again as
/// probes in namespace probe, taped twins (without [[tangent::checkpoint]]
/// attributes) in namespace taped where a bitwise reference needs them, and
/// main(). Every signature, body and strategy has its own random stream
/// derived from the seed, so `--only k` writes the same f<k> (and the same
/// helpers) as the full unit.
//===----------------------------------------------------------------------===//
#include "Generator.h"

namespace fuzzgen {

namespace {

enum Stream : std::uint64_t {
  HelperSignature = 1000,
  HelperBody = 2000,
  FunctionSignature = 3000,
  FunctionBody = 4000,
  FunctionStrategy = 6000,
  StructBody = 7000,
  FunctionRequest = 8000
};

/// The request text `tangent::<what><name[, options]>()`.
std::string requestText(const char *what, const std::string &name,
                        const std::string &options) {
  return std::string("tangent::") + what + "<" + name +
         (options.empty() ? "" : ", " + options) + ">()";
}

/// The Jacobian's function: f's value and smooth functions of it, for a
/// checked function without `double *q` (all its parameters passed on).
std::string rowsWrapper(const Signature &f, const Request &q) {
  Signature w = f;
  w.name = f.name + "_rows";
  w.ret = ReturnKind::Vector;
  std::string args;
  for (const Param &p : f.params)
    args += (args.empty() ? "" : ", ") + p.name;
  std::string out = w.head() + " {\n  const double r = " + f.name + "(" + args +
                    ");\n  return {r";
  for (const std::string &e : q.outputs)
    out += ", " + e;
  return out + "};\n}\n";
}

/// The harness's extra check of a request other than grad: the last
/// argument of `s.check`. \p reference: the function of the fully taped
/// reference (`f`, `taped::f`), or empty without one.
std::string extraCheck(const Signature &f, const Request &q, const Strategy &s,
                       const std::string &reference) {
  switch (q.kind) {
  case RequestKind::Grad:
    return "";
  case RequestKind::Pullback:
    return "fz::pullback_of()";
  case RequestKind::Jvp:
    return "fz::jvp_of(" + requestText("jvp", f.name, s.options) + ")";
  case RequestKind::Hvp: {
    std::string text = "fz::hvp_of(" + requestText("hvp", f.name, s.options);
    if (!reference.empty())
      text += ",\n      " + requestText("hvp", reference,
                                        "tangent::options{.recompute = false}");
    return text + ")";
  }
  case RequestKind::Jacobian:
    return "fz::jacobian_of(" +
           requestText("jacobian", f.name + "_rows", s.options) + ",\n      " +
           requestText("jvp", f.name + "_rows", s.options) + ")";
  }
  return "";
}

/// Whether \p text calls one of the C-array helpers g00..g07 or one of
/// \p callers.
bool reachesArrayHelper(const std::string &text,
                        const std::vector<std::string> &callers) {
  for (int j = 0; j < 8; ++j)
    if (text.find("g0" + std::to_string(j) + "(") != std::string::npos)
      return true;
  for (const std::string &name : callers)
    if (text.find(name + "(") != std::string::npos)
      return true;
  return false;
}

/// The line of main() that checks checked function \p k.
std::string checkCall(const UnitOptions &o, int k, const Signature &f,
                      const Strategy &s, const Request &q,
                      const std::string &reference) {
  const std::string &name = f.name;
  const std::string ref =
      reference.empty() ? ""
                        : requestText("grad", reference,
                                      "tangent::options{.recompute = false}");
  const std::string extra = extraCheck(f, q, s, reference);
  std::string out = "  s.check<" + std::string(o.probes ? "probe::" : "") +
                    name + ">(\"" + name + "\", " + std::to_string(k) + ", \"" +
                    s.name + "\", " + requestText("grad", name, s.options);
  if (extra.empty())
    out += ref.empty() ? "" : ",\n      " + ref;
  else
    out += ",\n      " + (ref.empty() ? "fz::no_reference" : ref) +
           ",\n      " + extra;
  return out + ");\n";
}

std::string commandLine(const UnitOptions &o) {
  std::string text = "tangent_fuzz_gen --seed " + std::to_string(o.seed) +
                     " --functions " + std::to_string(o.functions) +
                     " --helpers " + std::to_string(o.helpers) + " --points " +
                     std::to_string(o.points);
  if (o.only >= 0)
    text += " --only " + std::to_string(o.only);
  if (!o.skip.empty()) {
    text += " --skip ";
    bool first = true;
    for (int k : o.skip) {
      text += (first ? "" : ",") + std::to_string(k);
      first = false;
    }
  }
  if (!o.probes)
    text += " --no-probe";
  if (!o.features.disabled().empty()) {
    text += " --disable ";
    bool first = true;
    for (const std::string &name : o.features.disabled()) {
      text += (first ? "" : ",") + name;
      first = false;
    }
  }
  return text;
}

} // namespace

std::string writeUnit(const UnitOptions &o) {
  using fuzz_rng::rng;
  using fuzz_rng::stream_seed;

  std::vector<Signature> helpers;
  const int helperCount = o.features.on("helpers") ? o.helpers : 0;
  for (int j = 0; j < helperCount; ++j) {
    rng r(stream_seed(o.seed, HelperSignature + j));
    helpers.push_back(drawHelperSignature(r, j, o.features));
  }
  std::vector<Signature> functions;
  std::vector<Strategy> strategies;
  std::vector<Request> requests;
  for (int k = 0; k < o.functions; ++k) {
    rng r(stream_seed(o.seed, FunctionSignature + k));
    functions.push_back(drawFunctionSignature(r, k, o.features));
    rng s(stream_seed(o.seed, FunctionStrategy + k));
    strategies.push_back(drawStrategy(s, o.features));
    rng q(stream_seed(o.seed, FunctionRequest + k));
    requests.push_back(drawRequest(q, functions.back(), o.features));
  }
  const ArrayHelpers arrays = drawArrayHelpers(o.seed, o.features);
  auto selected = [&](int k) {
    return (o.only < 0 || o.only == k) && o.skip.count(k) == 0;
  };

  // The helpers, plain: their costs (for the callers' choices) and whether
  // any has an attribute (then the taped twins need taped helpers).
  std::string plainHelpers;
  bool helperAttributes = false;
  // The helpers that reach a call of a C-array helper (req-hvp-carray).
  std::vector<std::string> arrayCallers;
  for (int j = 0; j < helperCount; ++j) {
    const std::vector<Signature> callees(helpers.begin(), helpers.begin() + j);
    const Written w =
        writeFunction(stream_seed(o.seed, HelperBody + j), helpers[j], callees,
                      o.features, Flavour::Plain, arrays);
    helpers[j].cost = w.cost;
    helpers[j].drifts = w.drifts;
    helperAttributes |= w.attributes;
    plainHelpers += w.text + "\n";
    if (reachesArrayHelper(w.text, arrayCallers))
      arrayCallers.push_back(helpers[j].name);
  }
  auto helperText = [&](Flavour flavour) {
    std::string text;
    for (int j = 0; j < helperCount; ++j) {
      const std::vector<Signature> callees(helpers.begin(),
                                           helpers.begin() + j);
      text += writeFunction(stream_seed(o.seed, HelperBody + j), helpers[j],
                            callees, o.features, flavour, arrays)
                  .text +
              "\n";
    }
    return text;
  };
  auto functionText = [&](int k, Flavour flavour) {
    return writeFunction(stream_seed(o.seed, FunctionBody + k), functions[k],
                         helpers, o.features, flavour, arrays);
  };

  std::string plainFunctions, wrappers;
  // Per checked function: the function of the request's reference (`f`,
  // `taped::f`), when it has one.
  std::vector<std::string> references(functions.size());
  std::string tapedFunctions;
  for (int k = 0; k < o.functions; ++k) {
    if (!selected(k))
      continue;
    const Written w = functionText(k, Flavour::Plain);
    plainFunctions += w.text + "\n";
    // tangent refuses the Hessian-vector product of some calls handing a
    // C array without a derivative to a callee (README.md, "Requests").
    if (requests[k].kind == RequestKind::Hvp &&
        !o.features.on("req-hvp-carray") &&
        reachesArrayHelper(w.text, arrayCallers))
      requests[k].kind =
          o.features.on("req-jvp") ? RequestKind::Jvp : RequestKind::Grad;
    if (requests[k].kind == RequestKind::Jacobian)
      wrappers += rowsWrapper(functions[k], requests[k]) + "\n";
    const Strategy &s = strategies[k];
    const bool twin = w.attributes || helperAttributes;
    if (!twin && (s.options.empty() || s.taped))
      continue; // the default request, or the fully taped one itself
    const std::string &name = functions[k].name;
    references[k] = (twin ? "taped::" : "") + name;
    if (twin)
      tapedFunctions += functionText(k, Flavour::Taped).text + "\n";
  }

  std::string out =
      "// Generated by: " + commandLine(o) +
      "\n"
      "// Random functions whose tangent gradients are checked against\n"
      "// central finite differences and, for other strategies than the\n"
      "// default, bitwise against the fully taped gradient; see\n"
      "// test/fuzz/README.md.\n"
      "#include \"fuzz_harness.hpp\"\n\n"
      "#include <algorithm>\n#include <array>\n#include <cmath>\n"
      "#include <cstddef>\n#include <vector>\n\n" +
      writeStruct(stream_seed(o.seed, StructBody)) + "\n";
  if (arrays.present)
    out += "// Helpers over C arrays: pointers with a length, references to "
           "arrays.\n" +
           writeArrayHelpers(o.seed, arrays, Flavour::Plain);
  out += plainHelpers + plainFunctions;
  if (!wrappers.empty())
    out +=
        "// The vector-valued functions of the Jacobian requests.\n" + wrappers;
  if (o.probes) {
    out += "// The same functions, recording how close each comparison and "
           "kink is\n// to switching.\nnamespace probe {\n\n" +
           writeArrayHelpers(o.seed, arrays, Flavour::Probe) +
           helperText(Flavour::Probe);
    for (int k = 0; k < o.functions; ++k)
      if (selected(k))
        out += functionText(k, Flavour::Probe).text + "\n";
    out += "} // namespace probe\n\n";
  }
  if (!tapedFunctions.empty()) {
    out += "// Twins without [[tangent::checkpoint]]: their gradients with\n"
           "// .recompute = false are the fully taped references.\n"
           "namespace taped {\n\n" +
           (helperAttributes ? helperText(Flavour::Taped) : "") +
           tapedFunctions + "} // namespace taped\n\n";
  }

  out += "int main(int argc, char **argv) {\n  fz::session s(" +
         std::to_string(o.seed) + "ULL, " + std::to_string(o.points) +
         ", argc, argv);\n";
  if (o.features.on("nan-bitwise"))
    out += "  s.exact_bits(true);\n";
  if (o.features.on("budget-peak"))
    out += "  s.check_peaks(true);\n";
  for (int k = 0; k < o.functions; ++k)
    if (selected(k))
      out += checkCall(o, k, functions[k], strategies[k], requests[k],
                       references[k]);
  out += "  return s.finish();\n}\n";
  return out;
}

} // namespace fuzzgen
