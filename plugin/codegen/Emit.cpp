//===- Emit.cpp - what code records; declarations of hoisted variables ===//
#include "codegen/Emit.h"

namespace tangent {

bool Code::records() const {
  return cpp::any(
      code_, [](const CppStmt &s) { return s.kind == CppStmt::Kind::Record; });
}

bool Code::recordsThroughMembers() const {
  return cpp::any(code_, [](const CppStmt &s) {
    return s.kind == CppStmt::Kind::Record && s.members;
  });
}

std::string declareZero(const Type &type, const std::string &name) {
  switch (type.kind) {
  case TypeKind::CArray:
    return type.elem_spelling + " " + name + "[" + std::to_string(type.extent) +
           "] = {};";
  case TypeKind::Vector:
    return type.spelling + " " + name + ";";
  case TypeKind::Bool:
    return "bool " + name + " = false;";
  case TypeKind::Pointer:
    return type.spelling + " " + name + " = nullptr;";
  default:
    return type.spelling + " " + name + "{};";
  }
}

} // namespace tangent
