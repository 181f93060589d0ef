//===- object_arrays_test.cpp - which pointers to objects are arrays -----===//
//
// The decisions of AstShapesObjectArrays.cpp on sources of their own: which
// pointer parameters to objects are arrays (indexed, offset, declared as
// arrays, or given to a callee's array parameter) and which stay one object
// by reference; which arguments such a parameter takes; which locals own
// objects made with new[]; and which expressions name an array of objects.
//
//===----------------------------------------------------------------------===//
#include "ParsedSource.h"
#include "frontend/AstShapes.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <gtest/gtest.h>

using namespace tangent;
using namespace tangent::test;

namespace {

const char *kSource = R"(
struct Atom { double x, y; int type; };
struct Init { double x = 1; };
double indexed(const Atom *a, int n) { return a[n - 1].x; }
double one(const Atom *a) { return a->x * (*a).y; }
double declared(Atom a[]) { return 0; }
double sized(const Atom a[3]) { return 0; }
double offset(const Atom *a, int n) { return one(a + n); }
double passes(const Atom *a, int n) { return indexed(a, n); }
double passes_one(const Atom *a) { return one(a); }
double recursive(const Atom *a, int n) {
  return n == 0 ? 0 : recursive(a, n - 1);
}
double recursive_indexed(const Atom *a, int n) {
  return n == 0 ? a[0].x : recursive_indexed(a, n - 1);
}
double declaration_only(const Atom *a, int n);
double declaration_only(const Atom *a, int n) { return a[n].y; }
double by_reference(const Atom &a) { return a.x; }
double numbers(const double *p) { return p[1]; }

double caller(double s, int n) {
  Atom as[3] = {{s, 1, 0}, {2, s, 1}, {s, s, 2}};
  Atom *heap = new Atom[n];
  Init *init = new Init[n];
  Atom *single = new Atom;
  const Atom *first = as;
  const Atom *from = as + 1;
  const Atom *at = &as[2];
  Atom lone{s, s, 0};
  const Atom *only = &lone;
  const Atom *of_view = from + 1;
  double r = indexed(as, 3) + indexed(as + 1, 2) + indexed(&as[1], 2) +
             indexed(heap, n) + indexed(&heap[0], n) + indexed(&as[0], 1) +
             indexed(first, 1) + declaration_only(as, 1) + only->x +
             of_view->y + at->x;
  delete[] heap;
  delete[] init;
  delete single;
  return r + as[1].x;
}
)";

struct Finder : clang::RecursiveASTVisitor<Finder> {
  std::map<std::string, const clang::VarDecl *> vars;
  std::vector<const clang::CallExpr *> calls;
  std::vector<const clang::ArraySubscriptExpr *> subscripts;
  bool VisitVarDecl(clang::VarDecl *vd) {
    vars[vd->getNameAsString()] = vd;
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *c) {
    calls.push_back(c);
    return true;
  }
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *s) {
    subscripts.push_back(s);
    return true;
  }
};

class ObjectArrays : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(src.compileErrors(), "");
    ASSERT_NE(src.function("caller"), nullptr);
    find.TraverseStmt(src.function("caller")->getBody());
  }
  /// Whether the first parameter of `name` is an array of objects.
  bool arrayParam(const char *name) {
    const clang::FunctionDecl *fd = src.function(name);
    EXPECT_NE(fd, nullptr) << name;
    return fd && objectArrayParam(fd->getParamDecl(0));
  }
  ParsedSource src{kSource};
  Finder find;
};

TEST_F(ObjectArrays, APointerParameterIndexedOrOffsetIsAnArray) {
  EXPECT_TRUE(arrayParam("indexed"));
  EXPECT_TRUE(arrayParam("offset"));
  EXPECT_TRUE(arrayParam("declared"));
  EXPECT_TRUE(arrayParam("sized"));
  EXPECT_TRUE(arrayParam("recursive_indexed"));
}

TEST_F(ObjectArrays, APointerGivenOnToAnArrayParameterIsAnArray) {
  EXPECT_TRUE(arrayParam("passes"));
  EXPECT_FALSE(arrayParam("passes_one"));
}

TEST_F(ObjectArrays, APointerOnlyDereferencedIsOneObject) {
  EXPECT_FALSE(arrayParam("one"));
  EXPECT_FALSE(arrayParam("recursive")); // given only to itself
  EXPECT_FALSE(arrayParam("by_reference"));
  EXPECT_FALSE(arrayParam("numbers")); // numbers: not objects
}

TEST_F(ObjectArrays, TheDefinitionDecidesForEveryDeclaration) {
  const clang::FunctionDecl *def = src.function("declaration_only");
  ASSERT_NE(def, nullptr);
  const clang::FunctionDecl *first = def->getPreviousDecl();
  ASSERT_NE(first, nullptr);
  EXPECT_TRUE(objectArrayParam(first->getParamDecl(0)));
}

TEST_F(ObjectArrays, ArraysFromNewOfObjectsAreOwned) {
  EXPECT_NE(ownedObjects(find.vars["heap"]), nullptr);
  EXPECT_NE(ownedObjects(find.vars["init"]), nullptr);   // refused later
  EXPECT_EQ(ownedObjects(find.vars["single"]), nullptr); // one object
  EXPECT_EQ(ownedObjects(find.vars["first"]), nullptr);  // a pointer
  EXPECT_EQ(ownedObjects(find.vars["as"]), nullptr);
}

TEST_F(ObjectArrays, PointerLocalsIntoArraysAreViews) {
  EXPECT_TRUE(objectView(find.vars["first"]));   // = as
  EXPECT_TRUE(objectView(find.vars["from"]));    // = as + 1
  EXPECT_TRUE(objectView(find.vars["at"]));      // = &as[2]
  EXPECT_TRUE(objectView(find.vars["of_view"])); // = from + 1
  EXPECT_FALSE(objectView(find.vars["only"]));   // = &lone: one object
  EXPECT_FALSE(objectView(find.vars["heap"]));   // owns its array
}

TEST_F(ObjectArrays, TheArgumentsAnArrayParameterTakes) {
  // indexed(as, 3), (as + 1), (&as[1]), (heap), (&heap[0]), (&as[0]),
  // (first): the base each names, an offset, and one element's address.
  std::vector<std::string> got;
  for (const clang::CallExpr *c : find.calls) {
    const auto *callee = c->getDirectCallee();
    if (!callee || callee->getName() != "indexed")
      continue;
    ObjectArrayArgument arg;
    if (!objectArrayArgument(c->getArg(0), arg)) {
      got.push_back("refused");
      continue;
    }
    std::string what = arg.one ? "one" : arg.offset ? "offset" : "whole";
    got.push_back(what);
  }
  // `first` views `as`: whole, like the array itself.
  EXPECT_EQ(got, (std::vector<std::string>{"whole", "offset", "one", "whole",
                                           "one", "one", "whole"}));
}

TEST_F(ObjectArrays, ElementsOfCArraysAndOwnedArraysOfObjects) {
  size_t elements = 0;
  for (const clang::ArraySubscriptExpr *s : find.subscripts)
    if (elementOf(s).container)
      ++elements;
  // as[2] (the view `at`), as[1] (twice: the argument &as[1] and the
  // result), heap[0], as[0].
  EXPECT_EQ(elements, 5u);
}

} // namespace
