//===- BindingFields.cpp - how a binding reaches the fields of objects ----===//
//
// A request's binding passes an object to the generated code field by
// field (SourceParam::paths): a public field by name, a private one through
// a member pointer an explicit instantiation hands out (accessTags), a
// field of the elements of a container of objects gathered into a
// container of its own and scattered back (LeafArguments), an array a
// pointer field owns as a vector of the binding's own. The gradient of an
// object is a copy whose floating-point fields zero_gradient sets to zero.
//
//===----------------------------------------------------------------------===//
#include "codegen/Binding.h"
#include "codegen/BindingParts.h"
#include "codegen/RuntimeApi.h"
#include "ir/Naming.h"
#include "ir/Printer.h"
#include <set>

namespace tangent {
namespace binding {

/// The access tag of a field generated code may not name.
std::string tagName(const FieldStep &step) {
  return naming::accessTag(step.owner, step.name);
}

/// `object.a.b` for a field path; a field generated code may not name
/// (private, protected) goes through its member pointer (accessTags()), an
/// element of a std::tuple through std::get.
std::string fieldOf(const std::string &object, const FieldPath &path) {
  std::string out = object;
  for (const FieldStep &step : path) {
    if (step.position >= 0)
      out = "std::get<" + std::to_string(step.position) + ">(" + out + ")";
    else if (step.accessible)
      out += "." + step.name;
    else
      out = "(" + out + ".*" + rt::memberPointer() + "(" +
            rt::accessNamespace() + "::" + tagName(step) + "{}))";
  }
  return out;
}

/// The tags that hand out member pointers to the fields of `fn`'s objects
/// that generated code may not name: an explicit instantiation may name a
/// private member, and the friend function it defines returns the pointer
/// (runtime/include/tangent/grad.hpp: field_access).
CppBody accessTags(const std::vector<SourceParam> &signature) {
  CppBody out;
  std::set<std::string> seen;
  for (const SourceParam &sp : signature)
    for (const FieldPath &path : sp.paths)
      for (const FieldStep &step : path) {
        std::string tag = tagName(step);
        if (step.accessible || step.owned || !seen.insert(tag).second)
          continue;
        const std::string access = rt::accessNamespace();
        CppBody tags = {
            cpp::namespaceScope(
                access,
                {cpp::structure(
                    "struct " + tag,
                    {cpp::statement("using type = " + step.type + " " +
                                    step.owner + "::*;"),
                     cpp::statement(std::string("friend constexpr type ") +
                                    rt::memberPointer() + "(" + tag + ");")})}),
            cpp::statement("template struct " + access + "::" +
                           rt::fieldAccess() + "<\n    " + access + "::" + tag +
                           ", &" + step.owner + "::" + step.name + ">;")};
        std::string macro =
            naming::accessGuard(hex(hashText(kHashSeed, printCpp(tags))));
        out.push_back(cpp::directive("ifndef " + macro));
        out.push_back(cpp::directive("define " + macro));
        cpp::append(out, tags);
        out.push_back(cpp::directive("endif"));
      }
  return out;
}

/// Splits a path at its element step (`ps[].m`: the container `ps`, then
/// `m` of each element); false if it has none.
bool atElement(const FieldPath &path, FieldPath &container, FieldPath &field) {
  for (size_t i = 0; i < path.size(); ++i)
    if (path[i].element) {
      container.assign(path.begin(), path.begin() + i);
      field.assign(path.begin() + i + 1, path.end());
      return true;
    }
  return false;
}

/// The number of elements of container `c`, whose leaves have type `t`: a
/// fixed-size one may be a C array of objects (`Atom a[3]`), which has no
/// size().
std::string sizeOf(const std::string &c, const Type &t) {
  return t.kind == TypeKind::Vector ? c + ".size()" : "std::size(" + c + ")";
}

/// `for (std::size_t i = 0; i < n; ++i) statement`.
CppStmt eachElement(const std::string &i, const std::string &n,
                    const std::string &statement) {
  return cpp::forOne({"std::size_t " + i + " = 0", i + " < " + n, "++" + i},
                     cpp::statement(statement));
}

std::string LeafArguments::arg(const SourceParam &sp, int j,
                               const std::string &object,
                               const std::string &local, bool write_back) {
  FieldPath container, field;
  const Type &t = fn.params[sp.first + j]->type;
  // An array a pointer field owns inside the function: a vector of the
  // binding's own, empty at the start and the end (ValidateOwned.cpp).
  if (sp.paths[j].back().owned) {
    before.push_back(cpp::statement(t.spelling + " " + local + ";"));
    return local;
  }
  if (!atElement(sp.paths[j], container, field)) {
    std::string f = fieldOf(object, sp.paths[j]);
    if (sp.paths[j].back().c_array.empty())
      return f;
    // A C array field: through a std::array of its elements.
    before.push_back(cpp::statement(t.spelling + " " + local + ";"));
    before.push_back(cpp::statement(rt::fromCArray(local, f)));
    if (write_back && !sp.paths[j].back().read_only)
      after.push_back(cpp::statement(rt::toCArray(f, local)));
    return local;
  }
  std::string c = fieldOf(object, container);
  std::string n = sizeOf(c, t);
  const std::string i = names.index();
  std::string each = fieldOf(c + "[" + i + "]", field);
  before.push_back(cpp::statement(
      t.spelling + " " + local +
      (t.kind == TypeKind::Vector ? "(" + n + ")" : "{}") + ";"));
  before.push_back(eachElement(i, n, local + "[" + i + "] = " + each + ";"));
  if (write_back && !sp.paths[j].back().read_only)
    after.push_back(eachElement(i, n, each + " = " + local + "[" + i + "];"));
  return local;
}

/// `static void zero_gradient(T& d)`: sets the floating-point fields of
/// an object `d` of parameter `sp`'s type to zero. Its names are its own,
/// fresh against the type it spells.
CppStmt zeroGradient(const Function &fn, const SourceParam &sp) {
  NameScope names;
  names.reserveIdentifiers(sp.spelling);
  const std::string g = names.fresh(naming::bindingGradient());
  const std::string i = names.fresh(naming::bindingIndex());
  const std::string e = names.fresh(naming::bindingElement());
  CppBody zero;
  for (int j = 0; j < sp.leaves; ++j) {
    const Var &leaf = *fn.params[sp.first + j];
    if (!leaf.type.isDifferentiable() || leaf.data || // data: a const field
        sp.paths[j].back().owned) // owned: none outside the function
      continue;
    FieldPath container, field;
    if (atElement(sp.paths[j], container, field)) {
      std::string c = fieldOf(g, container);
      std::string f = fieldOf(c + "[" + i + "]", field);
      zero.push_back(
          eachElement(i, sizeOf(c, leaf.type),
                      leaf.type.isNested() ? rt::zeroLike(f, f) : f + " = 0;"));
      continue;
    }
    std::string f = fieldOf(g, sp.paths[j]);
    const bool c_array = !sp.paths[j].back().c_array.empty();
    zero.push_back(cpp::statement(
        c_array              ? rt::toCArray(f, leaf.type.spelling + "{}")
        : leaf.type.isReal() ? f + " = 0;"
        : leaf.type.isNested()
            ? rt::zeroLike(f, f)
            : "for (auto& " + e + " : " + f + ") " + e + " = 0;"));
  }
  return cpp::function(std::string("static void ") + rt::zeroGradientEntry() +
                           "(" + sp.spelling + "& " + g + ")",
                       std::move(zero));
}

} // namespace binding
} // namespace tangent
