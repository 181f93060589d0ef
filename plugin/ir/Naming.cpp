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
std::string hvp(const std::string &stem) { return stem + "_hvp"; }
std::string pullback(const std::string &stem) { return stem + "_pullback"; }
std::string forward(const std::string &stem) { return stem + "_forward"; }
std::string reverse(const std::string &stem) { return stem + "_reverse"; }
std::string primal(const std::string &stem) { return stem + "_primal"; }
std::string customPullback(const std::string &function) {
  return function + "_pullback";
}
} // namespace naming

} // namespace tangent
