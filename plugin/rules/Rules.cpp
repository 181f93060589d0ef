//===- Rules.cpp - the table of derivative rules --------------------------===//
#include "rules/Rules.h"

namespace tangent {

namespace {
const std::vector<Rule> &table() {
  static const std::vector<Rule> rules = [] {
    std::vector<Rule> r;
#define TANGENT_RULE(name, arity, p0, p1, p2)                                  \
  r.push_back(Rule{#name, arity, {p0, p1, p2}});                               \
  r.back().partials.resize(arity);
#include "rules/Rules.def"
#undef TANGENT_RULE
    return r;
  }();
  return rules;
}
} // namespace

bool Rule::partialUsesResult(unsigned arg) const {
  return partials[arg].find("$r") != std::string::npos;
}

bool Rule::partialUsesArg(unsigned arg, unsigned i) const {
  return partials[arg].find("$" + std::to_string(i)) != std::string::npos;
}

const Rule *findRule(std::string_view name) {
  for (const Rule &rule : table())
    if (rule.name == name)
      return &rule;
  return nullptr;
}

std::string instantiatePartial(const std::string &partial,
                               const std::vector<std::string> &args,
                               const std::string &result) {
  std::string out;
  for (size_t i = 0; i < partial.size(); ++i) {
    if (partial[i] == '$' && i + 1 < partial.size()) {
      char c = partial[i + 1];
      if (c == 'r') {
        out += result;
        ++i;
        continue;
      }
      if (c >= '0' && c <= '9' && unsigned(c - '0') < args.size()) {
        out += args[c - '0'];
        ++i;
        continue;
      }
    }
    out += partial[i];
  }
  return out;
}

} // namespace tangent
