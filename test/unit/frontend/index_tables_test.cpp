//===- index_tables_test.cpp - integers reached through pointers --------===//
//
// The decisions that make index tables data: which pointer types are an
// index table (Types.cpp: lowerType), and which functions returning a
// pointer are accessors substituted where they are called (AstShapes.cpp:
// accessorValue), on sources of their own.
//
//===----------------------------------------------------------------------===//
#include "ParsedSource.h"
#include "frontend/AstShapes.h"
#include "frontend/Types.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

const char *kSource = R"(
#include <vector>
struct Mesh {
  std::vector<int> conn;
  int **regions;
  const int *const *frozen;
  double **values;
  int *sizes;
  int *region(int r) { return regions[r]; }
  const int *corners(int e) const { return &conn[8 * e]; }
  int *fresh() { return new int[3]; }
  int *sized(int r) { return r > 0 ? sizes : nullptr; }
  double *row(int r) { return values[r]; }
  int &size(int r) { return sizes[r]; }
};
void f(Mesh &m) {}
)";

const clang::FieldDecl *field(const clang::CXXRecordDecl *rd,
                              llvm::StringRef name) {
  for (const clang::FieldDecl *f : rd->fields())
    if (f->getName() == name)
      return f;
  return nullptr;
}

const clang::CXXMethodDecl *method(const clang::CXXRecordDecl *rd,
                                   llvm::StringRef name) {
  for (const clang::CXXMethodDecl *m : rd->methods())
    if (m->getIdentifier() && m->getName() == name)
      return m;
  return nullptr;
}

TEST(IndexTables, PointersToPointersToIntegersAreTables) {
  ParsedSource src(kSource);
  ASSERT_EQ(src.compileErrors(), "");
  const clang::CXXRecordDecl *mesh =
      src.function("f")->getParamDecl(0)->getType()->getPointeeCXXRecordDecl();
  ASSERT_NE(mesh, nullptr);
  Type t;
  ASSERT_TRUE(lowerType(src.context(), field(mesh, "regions")->getType(), t));
  EXPECT_EQ(t.kind, TypeKind::Pointer);
  ASSERT_TRUE(t.row);
  EXPECT_EQ(t.row->kind, TypeKind::Pointer);
  EXPECT_EQ(t.row->elem_spelling, "int");
  EXPECT_FALSE(t.elem_real);
  EXPECT_FALSE(t.isDifferentiable());
  ASSERT_TRUE(lowerType(src.context(), field(mesh, "frozen")->getType(), t));
  EXPECT_TRUE(t.row && t.pointee_const && t.row->pointee_const);
  // Pointers to pointers to floating point stay unrepresented.
  EXPECT_FALSE(lowerType(src.context(), field(mesh, "values")->getType(), t));
}

TEST(IndexTables, AccessorsReturningAnAddressOrARowOfIntegers) {
  ParsedSource src(kSource);
  ASSERT_EQ(src.compileErrors(), "");
  const clang::CXXRecordDecl *mesh =
      src.function("f")->getParamDecl(0)->getType()->getPointeeCXXRecordDecl();
  EXPECT_NE(accessorValue(method(mesh, "region")), nullptr);
  EXPECT_NE(accessorValue(method(mesh, "corners")), nullptr);
  EXPECT_NE(accessorValue(method(mesh, "size")), nullptr); // a reference
  // A fresh array, a choice of pointers, a row of floating point: no.
  EXPECT_EQ(accessorValue(method(mesh, "fresh")), nullptr);
  EXPECT_EQ(accessorValue(method(mesh, "sized")), nullptr);
  EXPECT_EQ(accessorValue(method(mesh, "row")), nullptr);
}

} // namespace
