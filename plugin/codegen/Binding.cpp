//===- Binding.cpp - the code that binds requests to adjoints -------------===//
#include "codegen/Binding.h"
#include "codegen/BindingParts.h"
#include "codegen/RuntimeApi.h"
#include "ir/IRWalk.h"
#include "ir/Printer.h"
#include "ir/Support.h"
#include <algorithm>
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

namespace binding {

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
std::string declaredType(const SourceParam &p) {
  if (p.object_pointer)
    return (p.is_const ? "const " : "") + p.spelling + " *";
  if (p.by_reference)
    return (p.is_const ? "const " : "") + p.spelling + "&";
  return p.spelling;
}

/// The signature of `fn` as its callers see it (functions built without
/// one, in tests, have one C++ parameter per IR parameter).
std::vector<SourceParam> signatureOf(const Function &fn) {
  if (!fn.signature.empty() || fn.params.empty())
    return fn.signature;
  std::vector<SourceParam> out;
  for (const Var *p : fn.params) {
    SourceParam sp;
    sp.name = p->name;
    sp.spelling = p->type.spelling;
    sp.by_reference = p->by_reference;
    sp.is_const = p->is_const;
    sp.first = p->param_index;
    out.push_back(sp);
  }
  return out;
}

/// How generated code names the object of parameter `sp` called `name`
/// (`(*name)` for an object given by pointer).
std::string objectOf(const SourceParam &sp, const std::string &name) {
  return sp.object_pointer ? "(*" + name + ")" : name;
}

BindingNames::BindingNames(const Function &fn) {
  for (const SourceParam &sp : signatureOf(fn)) {
    scope_.reserve(sp.name);
    scope_.reserveIdentifiers(sp.spelling);
  }
  scope_.reserveIdentifiers(fn.result.spelling);
}

std::string BindingNames::named(const std::string &role,
                                const std::string &stem) {
  auto [at, added] = names_.try_emplace(role);
  if (added)
    at->second = scope_.fresh(stem);
  return at->second;
}

// The roles: what each name is for (with its parameter, leaf, object).
std::string BindingNames::adjoint(std::size_t k) {
  return named("adjoint " + std::to_string(k), naming::bindingAdjoint(k));
}
std::string BindingNames::direction(std::size_t k) {
  return named("direction " + std::to_string(k), naming::bindingDirection(k));
}
std::string BindingNames::gradientOf(std::size_t k) {
  return named("gradient " + std::to_string(k), naming::bindingGradientOf(k));
}
std::string BindingNames::seed() {
  return named("seed", naming::bindingSeed());
}
std::string BindingNames::tangentResult() {
  return named("tangent result", naming::bindingTangentResult());
}
std::string BindingNames::index() {
  return named("index", naming::bindingIndex());
}
std::string BindingNames::value() {
  return named("value", naming::bindingValue());
}
std::string BindingNames::lanesWidth() {
  return named("lanes", naming::lanesWidth());
}
std::string BindingNames::leafLocal(const std::string &object, std::size_t j) {
  return named("leaf " + object + " " + std::to_string(j),
               naming::leafLocal(object, j));
}
std::string BindingNames::incoming(const std::string &name) {
  return named("incoming " + name, naming::incoming(name));
}

/// `return call;` after `before` (gathered arguments, zero tangents); with
/// write-backs `after`, through a local `value` of type `result`.
CppBody callBody(const CppBody &before, const CppBody &after,
                 const std::string &result, const std::string &call,
                 const std::string &value) {
  CppBody out = before;
  if (after.empty()) {
    out.push_back(cpp::statement("return " + call + ";"));
    return out;
  }
  out.push_back(
      cpp::statement("const " + result + " " + value + " = " + call + ";"));
  cpp::append(out, after);
  out.push_back(cpp::statement("return " + value + ";"));
  return out;
}

/// `template <> struct <bound><address, options> { source_hash;
/// static <result> <method>(<params>) { <body> } <members> };` in namespace
/// tangent: the explicit specialization every block ends with.
CppStmt specializationOf(const char *bound, const std::string &address,
                         const Options &options, std::uint64_t hash,
                         const std::string &result, const char *method,
                         const std::vector<std::string> &params, CppBody body,
                         const CppBody &members) {
  CppBody inside = {cpp::statement("static constexpr unsigned long long " +
                                   std::string(rt::sourceHash()) + " = 0x" +
                                   hex(hash) + "ull;"),
                    cpp::function("static " + result + " " + method + "(" +
                                      join(params) + ")",
                                  std::move(body))};
  cpp::append(inside, members);
  return cpp::namespaceScope(
      rt::bindingNamespace(),
      {cpp::structure("template <> struct " + std::string(bound) + "<" +
                          address + ", " + optionsLiteral(options) + ">",
                      std::move(inside))});
}

/// Pointer parameters are distinct storage to the derivative code (its
/// adjoints or tangents are separate buffers): the same pointer for one
/// written through and another is refused at run time.
CppBody distinctPointers(const Function &fn,
                         const std::vector<SourceParam> &signature) {
  CppBody out;
  for (size_t a = 0; a < signature.size(); ++a)
    for (size_t b = 0; b < signature.size(); ++b) {
      const SourceParam &pa = signature[a], &pb = signature[b];
      if (a == b || pa.object || pb.object || (b < a && !pb.is_const))
        continue;
      const Var &va = *fn.params[pa.first], &vb = *fn.params[pb.first];
      if (va.type.kind != TypeKind::Pointer || pa.is_const ||
          vb.type.kind != TypeKind::Pointer)
        continue;
      out.push_back(cpp::statement(
          rt::requireDistinct(pa.name, pb.name, fn.name, pa.name, pb.name)));
    }
  return out;
}

/// The explicit specialization that binds a request to its adjoint: its
/// `pullback` takes f's parameters, a pointer (scalar) or reference
/// (container, object) per selected differentiable parameter, and the
/// seed, and passes objects to the generated code field by field. A field
/// of the elements of a container of objects is gathered into a container
/// of its own before the call, and its adjoint (and, for an in-out object,
/// its value) scattered back after it. `members` are added to it (the
/// vector reverse mode's entry).
CppBody specialization(const Function &fn, const Options &opts,
                       const std::string &entry, std::uint64_t hash,
                       const char *bound, const Options &literal,
                       const CppBody &members) {
  std::vector<SourceParam> signature = signatureOf(fn);
  std::vector<std::string> params, args;
  std::vector<std::string> adjoint_params, adjoint_args;
  CppBody before, after, zeroing;
  std::set<std::string> zeroed;
  bool copy_shares = false; // some object's copy shares what it frees
  // The argument for leaf j of object parameter k (`object`: the parameter
  // or its gradient).
  BindingNames names(fn);
  LeafArguments leaves(fn, names);
  auto leafArg = [&](const SourceParam &sp, int j, const std::string &object,
                     const std::string &local, bool write_back) {
    return leaves.arg(sp, j, object, local, write_back);
  };
  for (size_t k = 0; k < signature.size(); ++k) {
    const SourceParam &sp = signature[k];
    params.push_back(declaredType(sp) + " " + sp.name);
    std::string d = names.adjoint(k);
    for (int j = 0; j < sp.leaves; ++j)
      args.push_back(sp.object ? leafArg(sp, j, objectOf(sp, sp.name),
                                         names.leafLocal(sp.name, j),
                                         sp.by_reference && !sp.is_const)
                               : sp.name);
    if (!selectsParam(opts, int(k)))
      continue;
    if (sp.object) {
      // Every object gets a gradient: a copy whose floating-point fields
      // the runtime sets to zero with zero_gradient first (which `df(...)`
      // refuses where the copy shares what the destructor frees).
      adjoint_params.push_back(sp.spelling + "& " + d);
      copy_shares |= sp.copy_shares;
      if (!zeroed.insert(sp.spelling).second)
        continue;
      zeroing.push_back(zeroGradient(fn, sp));
      continue;
    }
    const Var &p = *fn.params[sp.first];
    if (!adjointParamType(p).empty())
      adjoint_params.push_back(adjointArgument(p, d).param);
  }
  // The generated function's adjoints, in its parameters' order.
  for (const Var *p : fn.params) {
    int k = p->sourceParam();
    if (adjointParamType(*p).empty() || !selectsParam(opts, k))
      continue;
    const SourceParam &sp = signature[k];
    std::string d = names.adjoint(k);
    int j = p->param_index - sp.first;
    adjoint_args.push_back(sp.object
                               ? leafArg(sp, j, d, names.leafLocal(d, j), true)
                           : p->type.isReal() ? "*" + d
                                              : d);
  }
  cpp::append(before, distinctPointers(fn, signature));
  cpp::append(before, leaves.before);
  cpp::append(after, leaves.after);
  const std::string &r = fn.result.spelling;
  params.insert(params.end(), adjoint_params.begin(), adjoint_params.end());
  const std::string seed = names.seed();
  params.push_back("double " + seed);
  args.insert(args.end(), adjoint_args.begin(), adjoint_args.end());
  // A void function has no result to seed: the adjoints of what it writes
  // through pointers are its seeds.
  if (fn.result.kind == TypeKind::Void)
    before.push_back(cpp::statement("(void)" + seed + ";"));
  else
    args.push_back("static_cast<" + r + ">(" + seed + ")");
  std::string call = std::string(naming::generatedFromBinding()) +
                     "::" + entry + "(" + join(args) + ")";
  CppBody out = accessTags(signature);
  if (copy_shares) // df(args...) cannot copy the objects (grad.hpp)
    zeroing.insert(zeroing.begin(),
                   cpp::statement(std::string("static constexpr bool ") +
                                  rt::copyShares() + " = true;"));
  cpp::append(zeroing, members);
  out.push_back(specializationOf(
      bound, fn.address, literal, hash, r, rt::pullbackEntry(), params,
      callBody(before, after, r, call, names.value()), zeroing));
  return out;
}

AdjointArgument adjointArgument(const Var &p, const std::string &name,
                                bool lanes) {
  TANGENT_ASSERT(!adjointParamType(p).empty(),
                 "a binding's adjoint for a parameter without one");
  if (p.type.isReal())
    return {adjointType(p.type, lanes).spelling + "* " + name, "*" + name};
  return {adjointParamType(p, lanes) + " " + name, name};
}

/// Generated functions in an include guard named after their content, so
/// the same code in several blocks (headers, several requests) is compiled
/// once.
void guarded(CppBody &out, const std::string &stem,
             const GeneratedFunction &code) {
  std::string macro =
      naming::generatedGuard(stem, hex(hashText(kHashSeed, code.text)));
  out.push_back(cpp::directive("ifndef " + macro));
  out.push_back(cpp::directive("define " + macro));
  out.push_back(cpp::namespaceScope(naming::generatedNamespace(), code.code));
  out.push_back(cpp::directive("endif"));
}

} // namespace binding

using namespace binding;

std::string requestBlock(const std::vector<const GeneratedPart *> &callees,
                         const GeneratedPart &top, const Options &opts,
                         std::uint64_t source_hash, const char *bound,
                         const Options *literal, const ReverseLanes &lanes) {
  // Prototypes only when some call goes forward (recursion).
  bool forward_call = false;
  std::set<const Function *> emitted;
  CppBody declarations;
  for (const GeneratedPart *callee : callees) {
    forEachStmt(callee->function->body, [&](const Stmt &s, int) {
      if (s.kind == StmtKind::Call && s.callee &&
          (s.callee == callee->function || !emitted.count(s.callee)))
        forward_call = true;
    });
    emitted.insert(callee->function);
    cpp::append(declarations, callee->code.declarations);
  }
  for (const GeneratedPart *callee : lanes.callees)
    cpp::append(declarations, callee->code.declarations);
  CppBody block;
  if (forward_call)
    block.push_back(
        cpp::namespaceScope(naming::generatedNamespace(), declarations, false));
  for (const GeneratedPart *callee : callees)
    guarded(block, callee->stem, callee->code);
  guarded(block, top.stem, top.code);
  CppBody members;
  if (lanes.top) {
    for (const GeneratedPart *callee : lanes.callees)
      guarded(block, callee->stem, callee->code);
    guarded(block, lanes.top->stem, lanes.top->code);
    members.push_back(
        pullbackLanesMember(*top.function, opts, lanes.top->code.entry));
  }
  cpp::append(block,
              specialization(*top.function, opts, top.code.entry, source_hash,
                             bound, literal ? *literal : opts, members));
  return printCpp(block);
}

std::string stubBlock(const std::string &address, const Options &opts,
                      const std::string &result_type, const char *kind) {
  const std::string value = "return " + result_type + "();";
  CppStmt stub = cpp::structure(
      "template <> struct " + std::string(kind) + "<" + address + ", " +
          optionsLiteral(opts) + ">",
      {cpp::function(std::string("template <class... A> static auto ") +
                         rt::pullbackEntry() + "(A &&...)",
                     {cpp::statement(value)}),
       cpp::function(std::string("template <class... A> static auto ") +
                         rt::jvpEntry() + "(A &&...)",
                     {cpp::statement(value)}),
       cpp::statement(std::string("template <class T> static void ") +
                      rt::zeroGradientEntry() + "(T &) {}")});
  return printCpp({cpp::namespaceScope(rt::bindingNamespace(), {stub}, false)});
}

namespace {
/// `text` with its `//` comments and the contents of its string and
/// character literals blanked: the names generated code spells, not the
/// ones its comments (source excerpts, annotations) mention.
std::string namesOnly(const std::string &text) {
  std::string out = text;
  char quote = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const char c = out[i];
    if (quote != 0) {
      if (c == '\\' && i + 1 < out.size())
        out[i] = out[i + 1] = ' ', ++i;
      else if (c == quote)
        quote = 0;
      else if (c != '\n')
        out[i] = ' ';
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '/' && i + 1 < out.size() && out[i + 1] == '/') {
      for (; i < out.size() && out[i] != '\n'; ++i)
        out[i] = ' ';
    }
  }
  return out;
}
} // namespace

std::vector<std::string> runtimeIncludes(const std::string &text) {
  const std::string code = namesOnly(text);
  std::vector<std::string> out;
  auto add = [&](const std::string &h) {
    if (std::find(out.begin(), out.end(), h) == out.end())
      out.push_back(h);
  };
  for (const char *const *h = rt::baseHeaders(); *h != nullptr; ++h)
    add(*h);
  auto word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  // The names: each qualified `tangent::` name, and each binding template
  // a block specializes inside `namespace tangent` (`template <> struct
  // tangent_linear<`: forward.hpp, which a header that tangent-rewrite
  // writes blocks into need not include itself).
  const std::string ns = std::string(rt::bindingNamespace()) + "::";
  const std::string spec = "template <> struct ";
  std::vector<std::string> names;
  for (const std::string &lead : {ns, spec})
    for (std::size_t at = code.find(lead); at != std::string::npos;
         at = code.find(lead, at + 1)) {
      if (at > 0 && word(code[at - 1]))
        continue;
      // The name: words joined by `::`.
      std::size_t end = at + lead.size();
      while (
          end < code.size() &&
          (word(code[end]) || (code.compare(end, 2, "::") == 0 &&
                               end + 2 < code.size() && word(code[end + 2]))))
        end += code[end] == ':' ? 2 : 1;
      std::string name = code.substr(at + lead.size(), end - at - lead.size());
      if (lead == spec && name.compare(0, ns.size(), ns) == 0)
        continue; // qualified: found as such
      names.push_back(std::move(name));
    }
  for (const std::string &name : names) {
    const rt::RuntimeName *known = nullptr;
    for (const rt::RuntimeName *n = rt::runtimeHeaders(); n->name; ++n) {
      const std::string k = n->name;
      // `generated`, `custom` and `mpi` are namespaces: any name in them.
      bool space = k == "generated" || k == "custom" || k == "mpi";
      if (name == k || (space && name.compare(0, k.size() + 2, k + "::") == 0))
        known = n;
    }
    if (known == nullptr) {
      add(rt::header()); // a name not listed: the whole runtime
      continue;
    }
    if (*known->header != '\0')
      add(known->header);
  }
  return out;
}

std::string generatedRegion(const std::string &blocks,
                            const std::string &stubs) {
  if (blocks.empty() && stubs.empty())
    return "";
  CppBody head = {cpp::statement(generatedBegin()),
                  cpp::directive("pragma GCC diagnostic push")};
  for (const char *warning :
       {"-Wunused-variable", "-Wunused-parameter", "-Wunused-but-set-variable"})
    head.push_back(cpp::directive(
        std::string("pragma GCC diagnostic ignored \"") + warning + "\""));
  for (const std::string &h : runtimeIncludes(blocks + stubs))
    head.push_back(cpp::directive("include <" + h + ">"));
  CppBody tail = {cpp::directive("pragma GCC diagnostic pop"),
                  cpp::statement(generatedEnd())};
  return printCpp(head) + blocks + stubs + printCpp(tail);
}

} // namespace tangent
