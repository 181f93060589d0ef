//===- view_constructors_test.cpp - constructors that only set views -----===//
//
// Which constructors of the user's run in place as the views they set
// (AstShapesPointer.cpp, viewConstructor): pointer fields pointed into the
// arrays the pointer parameters point at, nested objects built by such
// constructors, integer fields from integer parameters; nothing else.
//
//===----------------------------------------------------------------------===//
#include "ParsedSource.h"
#include "frontend/AstShapes.h"
#include "clang/AST/DeclCXX.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

/// Whether the constructor of `cls` with parameters runs in place.
bool inPlace(const std::string &classes, const std::string &cls) {
  ParsedSource src(classes + "\nvoid use() {}\n");
  EXPECT_EQ(src.compileErrors(), "");
  const clang::FunctionDecl *use = src.function("use");
  for (const clang::Decl *d : use->getTranslationUnitDecl()->decls())
    if (const auto *rd = clang::dyn_cast<clang::CXXRecordDecl>(d);
        rd && rd->getName() == cls && rd->hasDefinition())
      for (const clang::CXXConstructorDecl *c : rd->ctors())
        if (c->getNumParams() > 0 && !c->isCopyOrMoveConstructor())
          return viewConstructor(c);
  ADD_FAILURE() << "no constructor of " << cls;
  return false;
}

const char *kGates = R"(
struct Gates {
  const double *f;
  const double *i;
  const double *o;
  Gates(const double *p, int h) : f(p), i(&p[h]), o(p + 2 * h) {}
};
)";

} // namespace

TEST(ViewConstructors, AddressesIntoPointerParameters) {
  EXPECT_TRUE(inPlace(kGates, "Gates"));
  // Written state, an integer field, an offset of two parameters.
  EXPECT_TRUE(inPlace("struct Cell { double *h; double *c; int n;\n"
                      "  Cell(double *s, int k, int m)\n"
                      "      : h(s + k * m), c(&s[k - 1]), n(m) {} };",
                      "Cell"));
}

TEST(ViewConstructors, NestedAndConstObjects) {
  EXPECT_TRUE(inPlace(std::string(kGates) +
                          "struct Layer { const Gates w; const Gates b;\n"
                          "  Layer(const double *p, int h)\n"
                          "      : w(p, h), b(&p[3 * h], h) {} };",
                      "Layer"));
}

TEST(ViewConstructors, AnythingElseIsACallee) {
  // A body of statements.
  EXPECT_FALSE(inPlace("struct A { const double *p; int n;\n"
                       "  A(const double *q, int m) : p(q) { n = m; } };",
                       "A"));
  // A number computed from the arguments.
  EXPECT_FALSE(inPlace("struct B { const double *p; double s;\n"
                       "  B(const double *q) : p(q), s(q[0] * 2) {} };",
                       "B"));
  // An offset that is not made of integer parameters and constants.
  EXPECT_FALSE(inPlace("int off(int);\nstruct C { const double *p;\n"
                       "  C(const double *q, int k) : p(q + off(k)) {} };",
                       "C"));
  // An address not into a parameter.
  EXPECT_FALSE(inPlace("double g[4];\nstruct D { const double *p;\n"
                       "  D(int k) : p(&g[k]) {} };",
                       "D"));
  // A base class; no views at all.
  EXPECT_FALSE(inPlace("struct Base { int n; };\n"
                       "struct E : Base { const double *p;\n"
                       "  E(const double *q) : p(q) {} };",
                       "E"));
  EXPECT_FALSE(inPlace("struct F { int n; F(int m) : n(m) {} };", "F"));
}
