//===- allocation_test.cpp - which allocations and frees a pointer owns --===//
//
// The decisions of AstShapesAllocation.cpp on sources of their own: which
// initializers make a pointer local the owner of an array (and with what
// element count), and which calls free one (and which pointer). Shapes
// that are not recognised must stay unrecognised: the validator then
// refuses them at the declaration or the call.
//
//===----------------------------------------------------------------------===//
#include "ParsedSource.h"
#include "frontend/AstShapes.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

const char *kHelpers = R"(
#include <cstdlib>
template <typename T> T *Allocate(std::size_t n) {
  return static_cast<T *>(malloc(sizeof(T) * n));
}
template <typename T> T *Wrapped(std::size_t n) { return Allocate<T>(n); }
template <typename T> T *Eight() { return Allocate<T>(8); }
template <typename T> T *Twice(std::size_t n) { return Allocate<T>(2 * n); }
template <typename T> void Release(T **p) {
  if (*p != NULL) {
    free(*p);
    *p = NULL;
  }
}
template <typename T> void ReleaseCounted(T **p, int &count) {
  free(*p);
  ++count;
}
template <typename T> void Forget(T **p) { *p = NULL; }
)";

/// The source text of `e`.
std::string text(ParsedSource &src, const clang::Expr *e) {
  auto &sm = src.context().getSourceManager();
  return clang::Lexer::getSourceText(
             clang::CharSourceRange::getTokenRange(e->getSourceRange()), sm,
             src.context().getLangOpts())
      .str();
}

struct Finder : clang::RecursiveASTVisitor<Finder> {
  std::string name;
  const clang::VarDecl *var = nullptr;
  std::vector<const clang::CallExpr *> calls;
  bool VisitVarDecl(clang::VarDecl *vd) {
    if (vd->getName() == name)
      var = vd;
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *c) {
    calls.push_back(c);
    return true;
  }
};

/// Whether the local `p` of `f` in `body` owns an array; its count's text
/// ("1" for one element) goes to `count`.
bool owns(const std::string &body, std::string &count) {
  ParsedSource src(std::string(kHelpers) + "void f(int n) {\n" + body +
                   "\n}\n");
  EXPECT_EQ(src.compileErrors(), "");
  const clang::FunctionDecl *fd = src.function("f");
  if (!fd)
    return false;
  Finder find;
  find.name = "p";
  find.TraverseStmt(fd->getBody());
  EXPECT_NE(find.var, nullptr);
  OwnedArray oa;
  if (!find.var || !ownedArray(find.var, oa))
    return false;
  count = oa.count ? text(src, oa.count) : "1";
  return true;
}

/// The text of what the last call of `body` frees ("" for nothing).
std::string freed(const std::string &body) {
  ParsedSource src(std::string(kHelpers) + "void f(int n, double *q) {\n" +
                   body + "\n}\n");
  EXPECT_EQ(src.compileErrors(), "");
  Finder find;
  find.TraverseStmt(src.function("f")->getBody());
  const clang::Expr *p =
      find.calls.empty() ? nullptr : freedPointer(find.calls.back());
  return p ? text(src, p) : "";
}

TEST(Allocation, CAllocationsOwnTheirArray) {
  std::string count;
  EXPECT_TRUE(owns("double *p = (double *)malloc(n * sizeof(double));", count));
  EXPECT_EQ(count, "n");
  EXPECT_TRUE(owns("float *p = static_cast<float *>(std::malloc(sizeof(float) "
                   "* (n + 1)));",
                   count));
  EXPECT_EQ(count, "(n + 1)");
  EXPECT_TRUE(owns("double *p = (double *)malloc(sizeof(double));", count));
  EXPECT_EQ(count, "1");
  EXPECT_TRUE(owns("int *p = (int *)calloc(n, sizeof(int));", count));
  EXPECT_EQ(count, "n");
  EXPECT_TRUE(owns("double *p = new double[n]();", count));
  EXPECT_EQ(count, "n");
}

TEST(Allocation, WrappersGiveTheirArgumentAsTheCount) {
  std::string count;
  EXPECT_TRUE(owns("double *p = Allocate<double>(3 * n);", count));
  EXPECT_EQ(count, "3 * n");
  EXPECT_TRUE(owns("int *p = Wrapped<int>(n);", count)); // two deep
  EXPECT_EQ(count, "n");
  EXPECT_TRUE(owns("double *p = Eight<double>();", count)); // a literal
  EXPECT_EQ(count, "8");
}

TEST(Allocation, OtherShapesAreNotOwners) {
  std::string count;
  // Bytes that are not a count of elements of the pointer's type.
  EXPECT_FALSE(owns("double *p = (double *)malloc(n * sizeof(float));", count));
  EXPECT_FALSE(owns("double *p = (double *)malloc(n);", count));
  EXPECT_FALSE(owns("double *p = (double *)calloc(n, 8);", count));
  // realloc keeps the old values: not a fresh array.
  EXPECT_FALSE(owns("double *q = (double *)malloc(8 * sizeof(double));\n"
                    "double *p = (double *)realloc(q, n * sizeof(double));",
                    count));
  // A wrapper whose count is not one of its parameters.
  EXPECT_FALSE(owns("double *p = Twice<double>(n);", count));
}

TEST(Allocation, DeclaredFirstAndAllocatedByAssignments) {
  std::string count;
  EXPECT_TRUE(
      owns("double *p;\nif (n > 1)\n  p = Allocate<double>(n);", count));
  EXPECT_EQ(count, "1"); // sized at each allocation, none at the declaration
  EXPECT_TRUE(owns("int *p;\nfor (int k = 0; k < 3; ++k) {\n"
                   "  p = (int *)malloc((n + k) * sizeof(int));\n"
                   "  free(p);\n}",
                   count));
  // Also assigned an address, stepped, or never allocated: not an owner.
  EXPECT_FALSE(owns("double a[4];\ndouble *p;\np = Allocate<double>(n);\n"
                    "p = a;",
                    count));
  EXPECT_FALSE(owns("double *p;\np = Allocate<double>(n);\n++p;", count));
  EXPECT_FALSE(owns("double *p;", count));
}

TEST(Allocation, FreesAndReleasingWrappers) {
  EXPECT_EQ(freed("double *p = (double *)malloc(n * sizeof(double));\n"
                  "free(p);"),
            "p");
  EXPECT_EQ(freed("double *p = Allocate<double>(n);\nstd::free(p);"), "p");
  EXPECT_EQ(freed("double *p = Allocate<double>(n);\nRelease(&p);"), "p");
  // A parameter is freed too (the validator refuses that: not owned).
  EXPECT_EQ(freed("Release(&q);"), "q");
}

TEST(Allocation, WrappersThatDoMoreOrLessDoNotFree) {
  // Something besides the free (a counter), or no free at all.
  EXPECT_EQ(freed("int k = 0;\ndouble *p = Allocate<double>(n);\n"
                  "ReleaseCounted(&p, k);"),
            "");
  EXPECT_EQ(freed("double *p = Allocate<double>(n);\nForget(&p);"), "");
}

} // namespace
