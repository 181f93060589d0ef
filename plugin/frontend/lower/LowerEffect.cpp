//===- LowerEffect.cpp - library calls kept for their effects -------------===//
//
// A call kept for its effects (frontend/AstShapesEffects.cpp: `exit(1)`,
// assert's `__assert_fail`, `printf`) becomes a Call statement of a custom
// function without rules: the forward sweep makes it as written, the
// reverse does nothing for it (it writes nothing the derivatives read).
// Literals and streams are spelled as written; numbers are expressions.
//
//===----------------------------------------------------------------------===//
#include "frontend/lower/FunctionLowerer.h"
#include "ir/Support.h"

using namespace clang;

namespace tangent {

bool FunctionLowerer::effectStatement(const CallExpr *c, Block &out) {
  if (!isEffectCall(c, ctx))
    return false;
  auto st = std::make_unique<tangent::Stmt>();
  st->kind = StmtKind::Call;
  st->loc = makeLoc(ctx, c->getBeginLoc());
  st->custom = qualifiedName(c->getDirectCallee(), ctx);
  for (const clang::Expr *a : c->arguments()) {
    std::string spelling;
    switch (effectArgument(a, ctx, spelling)) {
    case EffectArgument::Text:
    case EffectArgument::Stream: {
      Type t;
      t.kind = TypeKind::Opaque;
      t.spelling = "const char *";
      st->args.push_back(makeLiteral(spelling, t));
      break;
    }
    case EffectArgument::Number:
      st->args.push_back(expr(a, out));
      break;
    case EffectArgument::Invalid:
      unexpected(a->getBeginLoc(), "an effect call's argument was refused");
    }
    st->arg_is_output.push_back(false);
  }
  out.push_back(std::move(st));
  return true;
}

} // namespace tangent
