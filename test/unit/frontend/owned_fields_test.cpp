//===- owned_fields_test.cpp - scratch arrays of pointer fields ----------===//
//
// The decisions about arrays that pointer fields own, on sources of their
// own: which fields own their arrays (AstShapesAllocation.cpp,
// ownedField), and where, in the order the program runs, such an array may
// be used, copied and left (ValidateOwned.cpp): each refusal at its line,
// each accepted order without a word.
//
//===----------------------------------------------------------------------===//
#include "ParsedSource.h"
#include "frontend/AstShapes.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

const char *kCells = R"(
#include <cstdlib>
#include <vector>
template <class T> T *Allocate(std::size_t n) {
  return static_cast<T *>(malloc(sizeof(T) * n));
}
template <class T> void Release(T **p) {
  if (*p != NULL) {
    free(*p);
    *p = NULL;
  }
}
struct Cells {
  std::vector<double> x;
  double *m_tmp = nullptr;
  double &tmp(int i) { return m_tmp[i]; } // @use
  void AllocateTmp(int n) { m_tmp = Allocate<double>(n); }
  void DeallocateTmp() { Release(&m_tmp); }
};
struct Two {
  Cells a, b;
};
)";

/// Whether the field `name` of the class `cls` owns its arrays.
bool owns(const std::string &classes, const std::string &cls,
          const std::string &name) {
  ParsedSource src("#include <cstdlib>\n"
                   "template <class T> T *Allocate(std::size_t n) {\n"
                   "  return static_cast<T *>(malloc(sizeof(T) * n));\n}\n" +
                   classes + "\nvoid use() {}\n");
  EXPECT_EQ(src.compileErrors(), "");
  const clang::FunctionDecl *use = src.function("use");
  for (const clang::Decl *d : use->getTranslationUnitDecl()->decls())
    if (const auto *rd = clang::dyn_cast<clang::CXXRecordDecl>(d);
        rd && rd->getName() == cls && rd->hasDefinition())
      for (const clang::FieldDecl *f : rd->fields())
        if (f->getName() == name)
          return ownedField(f);
  ADD_FAILURE() << "no field " << cls << "::" << name;
  return false;
}

/// The diagnostics of validating `f` in `kCells` + `code`.
std::vector<Reported> validated(const std::string &code, bool &accepted,
                                unsigned &use_line, unsigned &here_line) {
  ParsedSource src(std::string(kCells) + code);
  EXPECT_EQ(src.compileErrors(), "");
  use_line = src.lineOf("@use");
  here_line = code.find("@here") != std::string::npos ? src.lineOf("@here") : 0;
  return src.validate(src.function("f"), &accepted);
}

::testing::AssertionResult accepted(const std::string &code) {
  bool ok = false;
  unsigned use = 0, here = 0;
  std::vector<Reported> diags = validated(code, ok, use, here);
  if (ok && diags.empty())
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "refused:\n" << describe(diags);
}

/// Refused with one error containing `words`, on the line marked @here (or,
/// with `at_use`, in the accessor, with a note at the line marked @here).
::testing::AssertionResult refused(const std::string &code,
                                   const std::string &words,
                                   bool at_use = false) {
  bool ok = true;
  unsigned use = 0, here = 0;
  std::vector<Reported> diags = validated(code, ok, use, here);
  auto fail = [&](const std::string &why) {
    return ::testing::AssertionFailure() << why << "; reported:\n"
                                         << describe(diags);
  };
  if (ok || diags.empty() || diags[0].level != Reported::Error)
    return fail("not refused");
  if (diags[0].text.find(words) == std::string::npos)
    return fail("the error does not say '" + words + "'");
  if (diags[0].line != (at_use ? use : here))
    return fail("the error is not on its line");
  int errors = 0;
  for (const Reported &d : diags)
    errors += d.level == Reported::Error;
  if (errors != 1)
    return fail("expected one error");
  if (at_use && (diags.size() < 2 || diags[1].level != Reported::Note ||
                 diags[1].line != here))
    return fail("no note at the call that leads to the use");
  return ::testing::AssertionSuccess();
}

const char *kUsed = "may be used here before an allocation";

} // namespace

TEST(OwnedFields, FieldsTheClassOnlyAllocatesOwnTheirArrays) {
  const char *kAllocated = "struct A { double *p = nullptr; int *q;\n"
                           "  void make(int n) { p = Allocate<double>(n);\n"
                           "    q = new int[n]; }\n"
                           "  void drop() { p = nullptr; } };";
  EXPECT_TRUE(owns(kAllocated, "A", "p"));
  EXPECT_TRUE(owns(kAllocated, "A", "q")); // integers too
  // Never allocated: a view (or nothing at all).
  EXPECT_FALSE(
      owns("struct B { double *p; void at(double *x) { p = x; } };", "B", "p"));
  EXPECT_FALSE(owns("struct C { double *p; };", "C", "p"));
  // Allocated, and also set to an address: neither owner nor view.
  EXPECT_FALSE(owns("struct D { double *p;\n"
                    "  void make(int n) { p = Allocate<double>(n); }\n"
                    "  void at(double *x) { p = x; } };",
                    "D", "p"));
  // A constructor pointing it at an address; a const pointee; a step.
  EXPECT_FALSE(owns("struct E { double *p; E(double *x) : p(x) {}\n"
                    "  void make(int n) { p = Allocate<double>(n); } };",
                    "E", "p"));
  EXPECT_FALSE(owns("struct F { const double *p;\n"
                    "  void make(int n) { p = Allocate<double>(n); } };",
                    "F", "p"));
  EXPECT_FALSE(owns("struct G { double *p;\n"
                    "  void make(int n) { p = Allocate<double>(n); ++p; } };",
                    "G", "p"));
}

TEST(OwnedFields, UsesBetweenAllocationAndReleaseAreAccepted) {
  EXPECT_TRUE(accepted("double f(Cells &c, int n) {\n"
                       "  double s = 0.0;\n"
                       "  for (int t = 0; t < n; ++t) {\n"
                       "    c.AllocateTmp(2);\n"
                       "    c.tmp(0) = c.x[0] * t;\n"
                       "    s += c.tmp(0);\n"
                       "    c.DeallocateTmp();\n"
                       "    if (s > 4.0) break;\n"
                       "  }\n"
                       "  return s;\n}\n"));
  // A local object, allocated on both sides of a branch.
  EXPECT_TRUE(accepted("double f(Cells &c, int n) {\n"
                       "  Cells d = c;\n"
                       "  if (n > 2) d.AllocateTmp(3); else d.AllocateTmp(2);\n"
                       "  d.tmp(1) = d.x[0];\n"
                       "  const double s = d.tmp(1);\n"
                       "  d.DeallocateTmp();\n"
                       "  return s;\n}\n"));
}

TEST(OwnedFields, AUseWhereTheArrayMayBeReleasedIsRefusedAtTheUse) {
  EXPECT_TRUE(refused("double f(Cells &c) {\n"
                      "  return c.tmp(0); // @here\n}\n",
                      kUsed, true));
  // After the release.
  EXPECT_TRUE(refused("double f(Cells &c) {\n"
                      "  c.AllocateTmp(2);\n"
                      "  c.DeallocateTmp();\n"
                      "  return c.tmp(0); // @here\n}\n",
                      kUsed, true));
  // Allocated on one side of a branch only.
  EXPECT_TRUE(refused("double f(Cells &c, int n) {\n"
                      "  if (n > 2) c.AllocateTmp(2);\n"
                      "  const double s = c.tmp(0); // @here\n"
                      "  c.DeallocateTmp();\n"
                      "  return s;\n}\n",
                      kUsed, true));
  // Allocated in the first iteration only (the loop's fixed point).
  EXPECT_TRUE(refused("double f(Cells &c, int n) {\n"
                      "  double s = 0.0;\n"
                      "  for (int t = 0; t < n; ++t) {\n"
                      "    if (t == 0) c.AllocateTmp(2);\n"
                      "    s += c.tmp(0); // @here\n"
                      "  }\n"
                      "  c.DeallocateTmp();\n"
                      "  return s;\n}\n",
                      kUsed, true));
  // One object allocated, the other used: objects are told apart.
  EXPECT_TRUE(refused("double f(Two &w) {\n"
                      "  w.a.AllocateTmp(2);\n"
                      "  const double s = w.b.tmp(0); // @here\n"
                      "  w.a.DeallocateTmp();\n"
                      "  return s;\n}\n",
                      kUsed, true));
}

TEST(OwnedFields, AnArrayLeftAllocatedAtTheReturnIsRefused) {
  const char *kLeft = "when 'f' returns, the field 'm_tmp' may still hold";
  EXPECT_TRUE(refused("double f(Cells &c) { // @here\n"
                      "  c.AllocateTmp(2);\n"
                      "  return c.x[0];\n}\n",
                      kLeft));
  // Through an early return, and through a break past the release.
  EXPECT_TRUE(refused("double f(Cells &c, int n) { // @here\n"
                      "  c.AllocateTmp(2);\n"
                      "  if (n > 2) return c.x[0];\n"
                      "  c.DeallocateTmp();\n"
                      "  return c.x[1];\n}\n",
                      kLeft));
  EXPECT_TRUE(refused("double f(Cells &c, int n) { // @here\n"
                      "  for (int t = 0; t < n; ++t) {\n"
                      "    c.AllocateTmp(2);\n"
                      "    if (t == 3) break;\n"
                      "    c.DeallocateTmp();\n"
                      "  }\n"
                      "  return c.x[1];\n}\n",
                      kLeft));
}

TEST(OwnedFields, ACopyWhileTheArrayMayBeAllocatedIsRefused) {
  const char *kCopy = "copying an object whose field 'm_tmp' may hold";
  EXPECT_TRUE(refused("double f(Cells &c) {\n"
                      "  c.AllocateTmp(2);\n"
                      "  Cells d = c; // @here\n"
                      "  c.DeallocateTmp();\n"
                      "  return d.x[0];\n}\n",
                      kCopy));
  EXPECT_TRUE(refused("double g(Cells c) { return c.x[0]; }\n"
                      "double f(Cells &c) {\n"
                      "  c.AllocateTmp(2);\n"
                      "  const double s = g(c); // @here\n"
                      "  c.DeallocateTmp();\n"
                      "  return s;\n}\n",
                      kCopy));
}

namespace {

/// copySharesStorage of class `cls` in `classes`.
bool shares(const std::string &classes, const std::string &cls) {
  ParsedSource src("#include <vector>\n" + classes + "\nvoid use() {}\n");
  EXPECT_EQ(src.compileErrors(), "");
  for (const clang::Decl *d :
       src.function("use")->getTranslationUnitDecl()->decls())
    if (const auto *rd = clang::dyn_cast<clang::CXXRecordDecl>(d);
        rd && rd->getName() == cls && rd->hasDefinition())
      return copySharesStorage(rd);
  ADD_FAILURE() << "no class " << cls;
  return false;
}

} // namespace

TEST(OwnedFields, ACopyThatSharesWhatTheDestructorFreesIsTold) {
  // The rule of three broken: a destructor, the implicit copy, a pointer.
  EXPECT_TRUE(shares("struct A { int *p; ~A() { delete[] p; } };", "A"));
  EXPECT_TRUE(shares("struct In { double *q; };\n"
                     "struct B { In in; std::vector<double> x; ~B() {} };",
                     "B")); // a pointer of an object it holds
  // A copy constructor of its own, deleted, or no destructor, no pointer.
  EXPECT_FALSE(shares("struct C { int *p; ~C() { delete[] p; }\n"
                      "  C(const C &o) : p(new int[1]) { p[0] = o.p[0]; } };",
                      "C"));
  EXPECT_FALSE(
      shares("struct D { int *p; ~D() {} D(const D &) = delete; };", "D"));
  EXPECT_FALSE(shares("struct E { int *p; };", "E"));
  EXPECT_FALSE(shares("struct F { std::vector<double> x; ~F() {} };", "F"));
}
