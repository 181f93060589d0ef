//===- Binding.cpp - the code that binds requests to adjoints -------------===//
#include "codegen/Binding.h"
#include "ir/IRWalk.h"
#include <cctype>
#include <cstdio>
#include <set>

namespace tangent {

const char *generatedBegin() {
  return "// ---- tangent: generated adjoints (do not edit) ----";
}
const char *generatedEnd() {
  return "// ---- tangent: end of generated adjoints ----";
}

std::uint64_t hashText(std::uint64_t h, std::string_view text) {
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

namespace {

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", (unsigned long long)v);
  return buf;
}

std::string join(const std::vector<std::string> &items) {
  std::string out;
  for (const std::string &item : items)
    out += (out.empty() ? "" : ", ") + item;
  return out;
}

/// The C++ type of a parameter as declared in f's signature.
std::string declaredParamType(const Var &p) {
  std::string base = p.type.spelling;
  if (p.by_reference)
    return (p.is_const ? "const " : "") + base + "&";
  return base;
}

/// The explicit specialization that binds a request to its adjoint: its
/// `pullback` takes f's parameters, a pointer (scalar) or reference
/// (container) per selected differentiable parameter, and the seed.
std::string specialization(const Function &fn, const Options &opts,
                           const std::string &entry, std::uint64_t hash) {
  std::vector<std::string> params, args;
  std::vector<std::string> adjoint_params, adjoint_args;
  for (const Var *p : fn.params) {
    params.push_back(declaredParamType(*p) + " " + p->name);
    args.push_back(p->name);
    std::string at = adjointParamType(*p);
    if (at.empty() || !selectsParam(opts, p->param_index))
      continue;
    std::string name = "d_" + std::to_string(p->param_index);
    if (p->type.isReal()) {
      adjoint_params.push_back(p->type.spelling + "* " + name);
      adjoint_args.push_back("*" + name);
    } else {
      adjoint_params.push_back(at + " " + name);
      adjoint_args.push_back(name);
    }
  }
  const std::string &r = fn.result.spelling;
  params.insert(params.end(), adjoint_params.begin(), adjoint_params.end());
  params.push_back("double seed");
  args.insert(args.end(), adjoint_args.begin(), adjoint_args.end());
  args.push_back("static_cast<" + r + ">(seed)");
  return "template <> struct adjoint<&" + fn.name + ", " +
         optionsLiteral(opts) + "> {\n" +
         "  static constexpr unsigned long long source_hash = 0x" + hex(hash) +
         "ull;\n  static " + r + " pullback(" + join(params) +
         ") {\n    return generated::" + entry + "(" + join(args) +
         ");\n  }\n};\n";
}

/// Generated functions in an include guard named after their content, so
/// the same code in several blocks (headers, several requests) is compiled
/// once.
std::string guarded(const std::string &stem, const std::string &text) {
  std::string macro =
      "TANGENT_GENERATED_" + stem + "_" + hex(hashText(kHashSeed, text));
  for (char &c : macro)
    c = char(std::toupper((unsigned char)c));
  return "#ifndef " + macro + "\n#define " + macro +
         "\nnamespace tangent::generated {\n" + text +
         "} // namespace tangent::generated\n#endif\n";
}

} // namespace

std::string requestBlock(const std::vector<const GeneratedPart *> &callees,
                         const GeneratedPart &top, const Options &opts,
                         std::uint64_t source_hash) {
  // Prototypes only when some call goes forward (recursion).
  bool forward_call = false;
  std::set<const Function *> emitted;
  std::string declarations;
  for (const GeneratedPart *callee : callees) {
    forEachStmt(callee->function->body, [&](const Stmt &s, int) {
      if (s.kind == StmtKind::Call && s.callee &&
          (s.callee == callee->function || !emitted.count(s.callee)))
        forward_call = true;
    });
    emitted.insert(callee->function);
    declarations += callee->code.declarations;
  }
  std::string block;
  if (forward_call)
    block += "namespace tangent::generated {\n" + declarations + "}\n";
  for (const GeneratedPart *callee : callees)
    block += guarded(callee->stem, callee->code.text);
  block += guarded(top.stem, top.code.text);
  block += "namespace tangent {\n" +
           specialization(*top.function, opts, top.code.entry, source_hash) +
           "} // namespace tangent\n";
  return block;
}

std::string stubBlock(const std::string &function, const Options &opts,
                      const std::string &result_type) {
  return "namespace tangent {\ntemplate <> struct adjoint<&" + function + ", " +
         optionsLiteral(opts) +
         "> {\n  template <class... A> static auto pullback(A &&...) {\n"
         "    return " +
         result_type + "();\n  }\n};\n}\n";
}

std::string generatedRegion(const std::string &blocks,
                            const std::string &stubs) {
  if (blocks.empty() && stubs.empty())
    return "";
  return std::string(generatedBegin()) + "\n" +
         "#pragma GCC diagnostic push\n"
         "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
         "#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n"
         "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n"
         "#include <tangent/tangent.hpp>\n" +
         blocks + stubs + "#pragma GCC diagnostic pop\n" + generatedEnd() +
         "\n";
}

} // namespace tangent
