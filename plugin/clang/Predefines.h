//===- Predefines.h - macros the generator defines --------------*- C++ -*-===//
///
/// \file
/// While tangent generates (the plugin, or tangent-rewrite's parse), the
/// translation unit sees `__TANGENT__` defined to 1. The runtime uses it to
/// tell "the plugin is missing" from "generation did not run because of
/// earlier errors", and `TANGENT_CHECKPOINT(...)` expands to the
/// [[tangent::checkpoint]] attribute only then (so that plain compilers see
/// nothing, and warn about nothing).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_CLANG_PREDEFINES_H
#define TANGENT_CLANG_PREDEFINES_H

#include "clang/Frontend/CompilerInstance.h"

namespace tangent {

/// Adds the generator's macros to the predefines of `ci`'s preprocessor.
/// Call before the main file is entered (from CreateASTConsumer).
void defineGeneratorMacros(clang::CompilerInstance &ci);

} // namespace tangent

#endif
