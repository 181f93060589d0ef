//===- Options.cpp - the options of a request -----------------------------===//
#include "ir/Options.h"
#include <cstdint>
#include <type_traits>

namespace tangent {

namespace {

template <class T> std::string fieldText(const T &value) {
  if constexpr (std::is_same_v<T, bool>) {
    return value ? "true" : "false";
  } else if constexpr (std::is_same_v<T, std::uint64_t>) {
    // The wrt mask: the selected parameter indices.
    std::string list;
    for (unsigned i = 0; i < 64; ++i)
      if ((value >> i) & 1u)
        list += (list.empty() ? "" : ", ") + std::to_string(i);
    return "tangent::wrt_params(" + list + ")";
  } else {
    return std::to_string(value);
  }
}

/// `{.a = x, .b = y}` for the fields that differ from the defaults.
std::string designated(const Options &o) {
  std::string fields;
  const Options defaults;
  forEachOption(o, [&](const char *name, const auto &value) {
    bool same = true;
    forEachOption(defaults, [&](const char *n, const auto &d) {
      if (std::string(n) == name)
        same = fieldText(d) == fieldText(value);
    });
    if (!same)
      fields += std::string(fields.empty() ? "" : ", ") + "." + name + " = " +
                fieldText(value);
  });
  return "{" + fields + "}";
}

} // namespace

std::string optionsLiteral(const Options &o) {
  return "tangent::options" + designated(o);
}

std::string requestName(const std::string &function, const Options &o,
                        const char *marker) {
  if (o == Options{})
    return std::string(marker) + "<" + function + ">";
  return std::string(marker) + "<" + function + ", options" + designated(o) +
         ">";
}

} // namespace tangent
