//===- Rules.h - the table of derivative rules ------------------*- C++ -*-===//
///
/// \file
/// Read-only access to Rules.def. The generator never special-cases a math
/// function: it substitutes arguments into the table's partials.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_RULES_H
#define TANGENT_RULES_H

#include <string>
#include <string_view>
#include <vector>

namespace tangent {

struct Rule {
  std::string name;
  unsigned arity;
  std::vector<std::string> partials; ///< one per argument, "" = zero

  /// Whether partial `arg` mentions the result ($r) / argument `i` ($i).
  bool partialUsesResult(unsigned arg) const;
  bool partialUsesArg(unsigned arg, unsigned i) const;
};

/// The rule for a math function (unqualified name), or null.
const Rule *findRule(std::string_view name);

/// Substitutes `$0..$2` and `$r` in a partial with the given texts.
std::string instantiatePartial(const std::string &partial,
                               const std::vector<std::string> &args,
                               const std::string &result);

} // namespace tangent

#endif
