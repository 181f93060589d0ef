//===- Predefines.cpp - macros the generator defines ----------------------===//
//
// The preprocessor reads its predefines buffer when the main file is
// entered, which happens after the front-end action created its AST
// consumer; appending to it there is enough.
//
//===----------------------------------------------------------------------===//
#include "clang/Predefines.h"
#include "clang/Lex/Preprocessor.h"

namespace tangent {

void defineGeneratorMacros(clang::CompilerInstance &ci) {
  clang::Preprocessor &pp = ci.getPreprocessor();
  pp.setPredefines(pp.getPredefines() + "#define __TANGENT__ 1\n");
}

} // namespace tangent
