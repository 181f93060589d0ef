//===- ValidateEffect.cpp - library calls kept for their effects ----------===//
//
// `exit(1)`, `assert(x > 0)`, `printf("%g\n", x)`, `fprintf(stderr, ...)`:
// kept as statements of the forward sweep (frontend/AstShapesEffects.cpp),
// given literals, numbers and the standard streams.
//
//===----------------------------------------------------------------------===//
#include "frontend/Validator.h"

using namespace clang;

namespace tangent {

void Validator::effectCall(const CallExpr *c) {
  const std::string name = c->getDirectCallee()->getNameAsString();
  for (const clang::Expr *a : c->arguments()) {
    std::string spelling;
    switch (effectArgument(a, ctx_, spelling)) {
    case EffectArgument::Text:
    case EffectArgument::Stream:
      continue;
    case EffectArgument::Number:
      expr(a, Use::Value);
      continue;
    case EffectArgument::Invalid:
      refuse(a->getBeginLoc(),
             "'" + name +
                 "' is kept as a statement of the forward sweep, given "
                 "literals, numbers and stdout or stderr; this argument is "
                 "none of those (print the numbers it holds one by one)");
      return;
    }
  }
}

} // namespace tangent
