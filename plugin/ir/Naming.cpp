//===- Naming.cpp - every identifier the generator creates ----------------===//
#include "ir/Naming.h"
#include <cctype>

namespace tangent {

std::string NameScope::claim(const std::string &name) {
  if (!taken_.count(name)) {
    taken_.insert(name);
    return name;
  }
  return fresh(name);
}

void NameScope::reserveIdentifiers(const std::string &spelling) {
  std::string word;
  for (char c : spelling + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      word += c;
      continue;
    }
    if (!word.empty() && !std::isdigit(static_cast<unsigned char>(word[0])))
      reserve(word);
    word.clear();
  }
}

std::string NameScope::fresh(const std::string &stem) {
  std::string name = stem;
  for (int i = 2; reserved_.count(name) || taken_.count(name); ++i)
    name = stem + "_" + std::to_string(i);
  taken_.insert(name);
  return name;
}

namespace naming {
std::string adjointStem(const std::string &var) { return "d_" + var; }
std::string localAdjoint(const std::string &var) {
  return adjointStem(var) + "_local";
}
std::string viewOffset(const std::string &pointer) { return pointer + "_at"; }
std::string viewStorage(const std::string &pointer) { return pointer + "_in"; }
std::string ownedArray(const std::string &pointer) {
  return pointer + "_array";
}
std::string leafLocal(const std::string &object, std::size_t j) {
  return object + "_" + std::to_string(j);
}
std::string incoming(const std::string &parameter) { return parameter + "_in"; }
std::string accessTag(const std::string &owner, const std::string &field) {
  std::string out; // `ns::Box<int>` -> `ns_Box_int`
  for (char c : owner)
    out += std::isalnum((unsigned char)c) ? c : '_';
  return out + "_" + field;
}
std::string accessGuard(const std::string &hash) {
  return "TANGENT_ACCESS_" + hash;
}
std::string generatedGuard(const std::string &stem, const std::string &hash) {
  std::string macro = "TANGENT_GENERATED_" + stem + "_" + hash;
  for (char &c : macro)
    c = char(std::toupper((unsigned char)c));
  return macro;
}
std::string tangentStem(const std::string &var) { return "t_" + var; }
std::string jvp(const std::string &stem) { return stem + "_jvp"; }
std::string jvpLanes(const std::string &stem) { return stem + "_jvp_lanes"; }
std::string lanesType(const std::string &scalar) {
  return "tangent::lanes<" + scalar + ", " + lanesWidth() + ">";
}
std::string lanedSpelling(const std::string &spelling,
                          const std::string &scalar) {
  auto ident = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  const std::string by = lanesType(scalar);
  std::string out;
  for (size_t i = 0; i < spelling.size();) {
    const size_t end = i + scalar.size();
    const bool word = spelling.compare(i, scalar.size(), scalar) == 0 &&
                      (i == 0 || !ident(spelling[i - 1])) &&
                      (end == spelling.size() || !ident(spelling[end])) &&
                      (scalar != "double" || i < 5 ||
                       spelling.compare(i - 5, 5, "long ") != 0);
    if (word) {
      out += by;
      i = end;
    } else {
      out += spelling[i++];
    }
  }
  return out;
}
std::string hvp(const std::string &stem) { return stem + "_hvp"; }
std::string pullback(const std::string &stem) { return stem + "_pullback"; }
std::string forward(const std::string &stem) { return stem + "_forward"; }
std::string reverse(const std::string &stem) { return stem + "_reverse"; }
std::string primal(const std::string &stem) { return stem + "_primal"; }
std::string pullbackLanes(const std::string &stem) {
  return stem + "_pullback_lanes";
}
std::string reverseLanes(const std::string &stem) {
  return stem + "_reverse_lanes";
}
std::string customPullback(const std::string &function) {
  return function + "_pullback";
}
std::string customPushforward(const std::string &function) {
  return function + "_pushforward";
}
std::string pushforwardBeside(const std::string &pullback) {
  const std::size_t suffix = customPullback("").size();
  return customPushforward(pullback.substr(0, pullback.size() - suffix));
}
std::string pullbackBeside(const std::string &pushforward) {
  const std::size_t suffix = customPushforward("").size();
  return customPullback(pushforward.substr(0, pushforward.size() - suffix));
}
} // namespace naming

} // namespace tangent
