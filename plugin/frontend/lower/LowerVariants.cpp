//===- LowerVariants.cpp - a callee lowered again for its callers ---------===//
//
// A callee's variants: the same function lowered again with some of its
// parameters marked, for the calls that need it (frontend/PipelineSupport.cpp
// decides which): data (the callers give no derivative for them), unrestored
// (no caller reads them back), unzeroed (every caller assigns their adjoint
// again). Each variant is named after the parameters it marks.
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"
#include "ir/Naming.h"

using namespace clang;

namespace tangent {

Function *Lowering::lowerData(const Function *of, std::uint64_t data) {
  return lowerVariant(of, data, 0, 0);
}

Function *Lowering::lowerUnrestored(const Function *of,
                                    std::uint64_t unrestored,
                                    std::uint64_t unzeroed) {
  return lowerVariant(of, 0, unrestored, unzeroed);
}

namespace {

/// The names of `fn`'s parameters in `bits` ("'x', 'y'"), each appended
/// to its variant name too: an object's once, by its C++ name (`points`,
/// not each of its leaves `points_x`, `points_y`).
std::string markParams(Function &fn, std::uint64_t bits,
                       const std::function<void(Var &)> &mark) {
  std::string names;
  int last = -1;
  for (Var *p : fn.params)
    if (const int source = p->sourceParam();
        source < 64 && ((bits >> source) & 1u)) {
      mark(*p);
      if (source == last)
        continue;
      last = source;
      const std::string name =
          size_t(source) < fn.signature.size() && fn.signature[source].object
              ? fn.signature[source].name
              : p->name;
      fn.variant += "_" + name;
      names += (names.empty() ? "'" : ", '") + name + "'";
    }
  return names;
}

} // namespace

Function *Lowering::lowerVariant(const Function *of, std::uint64_t data,
                                 std::uint64_t unrestored,
                                 std::uint64_t unzeroed) {
  auto plain = plain_.find(of);
  if (plain == plain_.end())
    return nullptr;
  const auto [decl, data_before, unrestored_before, unzeroed_before] =
      plain->second;
  data |= data_before;
  unrestored |= unrestored_before;
  unzeroed |= unzeroed_before;
  auto key = std::make_tuple(decl, data, unrestored, unzeroed);
  if (auto it = variants_.find(key); it != variants_.end())
    return it->second.get(); // lowered, or being lowered (recursion)
  auto &slot = variants_[key];
  slot = std::make_unique<Function>();
  Function *fn = slot.get();
  plain_[fn] = key;
  FunctionLowerer(*this, definition(decl), fn).run();
  std::vector<std::string> notes;
  if (data) {
    fn->variant = naming::dataVariant();
    const std::string names =
        markParams(*fn, data, [](Var &p) { p.data = true; });
    notes.push_back(
        "for data: " + names +
        (names.find(',') == std::string::npos ? " carries" : " carry") +
        " no derivative");
  }
  if (unrestored) {
    fn->variant += (fn->variant.empty() ? "" : "_") +
                   std::string(naming::unrestoredVariant());
    const std::string names =
        markParams(*fn, unrestored, [](Var &p) { p.unrestored = true; });
    notes.push_back("for callers that never read " + names +
                    " back: not restored");
  }
  if (unzeroed) {
    fn->variant += (fn->variant.empty() ? "" : "_") +
                   std::string(naming::unzeroedVariant());
    const std::string names =
        markParams(*fn, unzeroed, [](Var &p) { p.unzeroed = true; });
    notes.push_back("for callers that assign the adjoint of " + names +
                    " again: not zeroed");
  }
  for (const std::string &n : notes)
    fn->variant_note += (fn->variant_note.empty() ? "" : "; ") + n;
  order_.push_back(fn);
  return fn;
}

} // namespace tangent
