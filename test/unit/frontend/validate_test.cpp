//===- validate_test.cpp - what the validator refuses, where, and how --===//
//
// Each refused construct must give exactly one error, on the construct's
// line (marked `// @here` in the source), whose text names the problem;
// accepted code must give no diagnostic at all.
//
//===----------------------------------------------------------------------===//
#include "ParsedSource.h"
#include <gtest/gtest.h>

using namespace tangent::test;

namespace {

/// Validates `function` of `code` and checks that it is refused with errors
/// only (`exactly_one`: a single one), the first on the line marked
/// `// @here`, starting with "tangent: " and containing every one of
/// `words`.
::testing::AssertionResult refused(const std::string &code,
                                   std::vector<std::string> words,
                                   bool exactly_one = true,
                                   const std::string &function = "f") {
  ParsedSource src(code);
  if (!src.compileErrors().empty())
    return ::testing::AssertionFailure()
           << "the test's source does not compile:\n"
           << src.compileErrors();
  const clang::FunctionDecl *fd = src.function(function);
  if (!fd)
    return ::testing::AssertionFailure() << "no function '" << function << "'";
  unsigned here = src.lineOf("@here");
  bool accepted = true;
  std::vector<Reported> diags = src.validate(fd, &accepted);
  auto fail = [&](const std::string &why) {
    return ::testing::AssertionFailure()
           << why << " (the construct is on line " << here << "); reported:\n"
           << describe(diags);
  };
  if (accepted)
    return fail("accepted");
  if (diags.empty())
    return fail("refused without a diagnostic");
  if (exactly_one && diags.size() != 1)
    return fail("expected exactly one diagnostic");
  for (const Reported &d : diags)
    if (d.level != Reported::Error)
      return fail("expected errors only");
  const Reported &first = diags.front();
  if (first.line != here)
    return fail("the error is not on the construct's line");
  if (first.text.rfind("tangent: ", 0) != 0)
    return fail("the error does not start with 'tangent: '");
  for (const std::string &w : words)
    if (first.text.find(w) == std::string::npos)
      return fail("the error does not say '" + w + "'");
  return ::testing::AssertionSuccess();
}

/// Validates `function` of `code`: accepted, and not a word said.
::testing::AssertionResult acceptedSilently(const std::string &code,
                                            const std::string &function = "f") {
  ParsedSource src(code);
  if (!src.compileErrors().empty())
    return ::testing::AssertionFailure()
           << "the test's source does not compile:\n"
           << src.compileErrors();
  const clang::FunctionDecl *fd = src.function(function);
  if (!fd)
    return ::testing::AssertionFailure() << "no function '" << function << "'";
  bool accepted = false;
  std::vector<Reported> diags = src.validate(fd, &accepted);
  if (!accepted || !diags.empty())
    return ::testing::AssertionFailure()
           << (accepted ? "accepted" : "refused") << ", reported:\n"
           << describe(diags);
  return ::testing::AssertionSuccess();
}

} // namespace

// --- statements --------------------------------------------------------------

TEST(Validate, Goto) {
  EXPECT_TRUE(refused(R"(
double f(double x, int n) {
  int i = 0;
again:
  x = x * 1.5;
  if (++i < n)
    goto again; // @here
  return x;
}
)",
                      {"'goto' is not supported"}));
}

TEST(Validate, GotoInACalleeIsReportedInTheCallee) {
  EXPECT_TRUE(refused(R"(
double iterate(double x) {
  int i = 0;
loop:
  x = 0.5 * x + 1.0;
  if (++i < 4)
    goto loop; // @here
  return x;
}
double f(double x) { return iterate(x) * x; }
)",
                      {"'goto'"}));
}

TEST(Validate, Try) {
  EXPECT_TRUE(refused(R"(
double f(double x) {
  double y = 0.0;
  try { // @here
    y = x * x;
  } catch (...) {
    y = 1.0;
  }
  return y;
}
)",
                      {"'try' is not supported"}));
}

TEST(Validate, FunctionTryBlock) {
  EXPECT_TRUE(refused(R"(
double f(double x)
try { // @here
  return x * x;
} catch (...) {
  return 0.0;
}
)",
                      {"'try' is not supported"}));
}

TEST(Validate, Throw) {
  EXPECT_TRUE(refused(R"(
double f(double x) {
  if (x < 0.0)
    throw 1; // @here
  return x * x;
}
)",
                      {"'throw' is not supported"}));
}

TEST(Validate, InlineAssembly) {
  EXPECT_TRUE(refused(R"(
double f(double x) {
  double y = x * x;
  asm(""); // @here
  return y;
}
)",
                      {"inline assembly is not supported"}));
}

// --- declarations ------------------------------------------------------------

TEST(Validate, LambdasAreCallees) {
  EXPECT_TRUE(acceptedSilently(R"(
template <class F> double apply(const F &g, double x) { return g(x); }
double f(double x, double k) {
  auto square = [k](double v) { return k * v * v; };
  double acc = 0;
  auto add = [&](double v) { acc += v; };
  add(square(x));
  add([&] { return apply(square, x); }());
  return acc;
}
)"));
}

// A mutable lambda's copies of the captured values change between calls.
TEST(Validate, MutableLambdaGivesOneError) {
  EXPECT_TRUE(refused(R"(
double f(double x) {
  auto next = [x]() mutable { x = x * 0.5; return x; }; // @here
  return next() + next();
}
)",
                      {"a mutable lambda is not supported"}));
}

TEST(Validate, LambdaCapturingThis) {
  EXPECT_TRUE(refused(R"(
struct S {
  double k;
  double g(double x) const {
    auto h = [this](double v) { return k * v; }; // @here
    return h(x);
  }
};
double f(double x) {
  S s{2.0};
  return s.g(x);
}
)",
                      {"a lambda that captures 'this' is not supported"},
                      /*exactly_one=*/false));
}

TEST(Validate, StaticLocalIsRefusedAtItsDeclaration) {
  EXPECT_TRUE(refused(R"(
double f(double x) {
  static double calls = 0.0; // @here
  calls += 1.0;
  return x * calls;
}
)",
                      {"static local variables are not supported"},
                      /*exactly_one=*/false));
}

// One mistake, one error: the uses of the refused static local are not
// reported again (they used to be, as a "global variable").
TEST(Validate, StaticLocalGivesOneError) {
  EXPECT_TRUE(refused(R"(
double f(double x) {
  static double calls = 0.0; // @here
  calls += 1.0;
  return x * calls;
}
)",
                      {"static local variables are not supported"}));
}

TEST(Validate, NonConstGlobalReadOnlyIsData) {
  EXPECT_TRUE(acceptedSilently(R"(
double total = 0.0;
namespace ns { int steps = 3; }
static double g(const double &t, double x) { return t * x; }
double f(double x) {
  double s = x * total;
  for (int i = 0; i < ns::steps; ++i)
    s += g(total, x);
  return s;
}
)"));
}

TEST(Validate, GlobalWrittenInTheFunctionIsRefusedAtTheWrite) {
  EXPECT_TRUE(refused(R"(
double total = 0.0;
double f(double x) {
  total += x; // @here
  return x * total;
}
)",
                      {"global variable 'total' is written here",
                       "hidden state", "pass it as a parameter"}));
}

TEST(Validate, GlobalWrittenByACalleeWithoutDerivativeIsRefused) {
  // `tick(1)` carries no derivative, so its body is not differentiated:
  // the write is found in the call tree all the same.
  EXPECT_TRUE(refused(R"(
double total = 0.0;
int tick(int n) {
  total = total + n; // @here
  return n;
}
double f(double x) {
  int k = tick(1);
  return x * total + k;
}
)",
                      {"global variable 'total', which the differentiated "
                       "code reads, may be written here (it is assigned)",
                       "pass it as a parameter"}));
}

TEST(Validate, GlobalPassedToANonConstReferenceIsRefused) {
  EXPECT_TRUE(refused(R"(
double total = 0.0;
static void reset(double &t) { t = 0.0; }
double f(double x) {
  reset(total); // @here
  return x * total;
}
)",
                      {"global variable 'total' is written here"}));
}

TEST(Validate, GlobalAddressTakenIsRefused) {
  EXPECT_TRUE(refused(R"(
double total = 0.0;
static double read(const double *p) { return *p; }
double f(double x) {
  return x * read(&total); // @here
}
)",
                      {"global variable 'total', which the differentiated "
                       "code reads, may be written here (its address is "
                       "taken)"}));
}

TEST(Validate, GlobalWithAnAliasAnywhereIsRefused) {
  // The pointer is never used by f: a write through it would still be
  // hidden, so the alias is refused where it is made.
  EXPECT_TRUE(refused(R"(
double total = 0.0;
double *current = &total; // @here
double f(double x) { return x * total; }
)",
                      {"global variable 'total', which the differentiated "
                       "code reads, has its address taken"}));
}

TEST(Validate, GlobalVectorIsRefused) {
  EXPECT_TRUE(refused(R"(
#include <vector>
std::vector<double> weights(3, 1.0);
double f(double x) {
  return x * weights[0]; // @here
}
)",
                      {"global variable 'weights' is supported only when it "
                       "is a number"},
                      /*exactly_one=*/false));
}

TEST(Validate, RowViewsOfMultiDimensionalArrays) {
  EXPECT_TRUE(acceptedSilently(R"(
static double face(const double b[][8], int i) {
  const double *const px = b[0];
  const double *const py = b[i];
  return px[1] * py[2];
}
double f(double x) {
  double m[3][8] = {};
  double t[2][3][4] = {};
  m[1][2] = x;
  double *row = m[1];
  row[3] = row[2] * x;
  double *deep = t[1][2];
  deep[0] = x;
  const double *walk = t[0][0];
  ++walk;
  return face(m, 1) + t[1][2][0] + *walk;
}
)"));
}

TEST(Validate, RowViewOffsetIsRefused) {
  EXPECT_TRUE(refused(R"(
double f(double x) {
  double m[2][3] = {};
  m[1][1] = x;
  const double *p = m[1] + 1; // @here
  return p[0];
}
)",
                      {"a row of a multi-dimensional array", "`&m[i][k]`"}));
}

TEST(Validate, LocalReferenceIsRefusedAtItsDeclaration) {
  EXPECT_TRUE(refused(R"(
double f(double x, double y) {
  double &r = x > y ? x : y; // @here
  r = r * 2.0;
  return r;
}
)",
                      {"local reference 'r' is not supported"},
                      /*exactly_one=*/false));
}

// One mistake, one error: the uses of the refused reference are not
// reported again.
TEST(Validate, LocalReferenceGivesOneError) {
  EXPECT_TRUE(refused(R"(
double f(double x, double y) {
  double &r = x > y ? x : y; // @here
  r = r * 2.0;
  return r;
}
)",
                      {"local reference 'r' is not supported"}));
}

// --- expressions -------------------------------------------------------------

TEST(Validate, PointerArithmetic) {
  // `*(p + 1)`, `*(p + i - 1)`: elements of the storage.
  EXPECT_TRUE(acceptedSilently(R"(
double f(const double *p, int n) {
  double s = p[0];
  for (int i = 1; i < n; ++i)
    s += *(p + i) * *(p + i - 1);
  return s;
}
)"));
  // On a pointer to integers: refused.
  EXPECT_TRUE(refused(R"(
double f(const double *x, const int *k, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    s += x[*k];
    ++k; // @here
  }
  return s;
}
)",
                      {"pointer arithmetic is not supported"}));
}

TEST(Validate, PointerWalks) {
  // A pointer parameter and views walking their storage.
  EXPECT_TRUE(acceptedSilently(R"(
double f(const double *p, int n) {
  double s = 0.0;
  const double *end = p + n;
  for (const double *q = p; q != end; ++q)
    s += *q * double(q - p);
  while (n-- > 0)
    s += *p++;
  return s;
}
)"));
  // Reassigned to other storage: read in statements of its own only.
  EXPECT_TRUE(acceptedSilently(R"(
double g(const double *a) { return a[0] * a[1]; }
double f(const double *p, const double *q, double *out) {
  const double *r = p;
  out[0] = g(r);
  r = q + 1;
  out[1] = g(r);
  return out[0] + out[1];
}
)"));
  EXPECT_TRUE(
      refused(R"(
double f(const double *p, const double *q) {
  const double *r = p;
  r = q + 1;
  return *r; // @here
}
)",
              {"'r' points into 'p' or 'q'", "in statements of its own"}));
  // Stepping a pointer to a variable.
  EXPECT_TRUE(refused(R"(
double f(double x) {
  const double *r = &x;
  r++; // @here
  return *r;
}
)",
                      {"'r' points at a variable or a row"}));
  // Two pointers into different storage compared.
  EXPECT_TRUE(refused(R"(
double f(const double *p, const double *q, int n) {
  double s = 0.0;
  for (const double *r = p; r < q + n; ++r) // @here
    s += *r;
  return s;
}
)",
                      {"comparing or subtracting pointers is supported for "
                       "two pointers into one array"}));
}

TEST(Validate, CommaOperatorInsideAnOperand) {
  // A comma's value is fine; its effect inside an operand of another
  // operator is unordered against that operator's other reads.
  EXPECT_TRUE(refused(R"(
double g(double &v) { v = 2.0 * v; return v; }
double f(double x) {
  double y = x * (g(x), x); // @here
  return y;
}
)",
                      {"writes 'x', which the same expression also reads"}));
}

TEST(Validate, AddressOf) {
  EXPECT_TRUE(refused(R"(
double f(double x, bool c) {
  double y = 2.0 * x;
  const double *p = c ? &x : &y; // @here
  return *p;
}
)",
                      {"a pointer local is supported as a view initialized "
                       "to an address"}));
}

TEST(Validate, Views) {
  // Pointer locals initialized to an address, never reassigned.
  EXPECT_TRUE(acceptedSilently(R"(
void out(const double *x, double *e) { *e = x[0] * x[1]; }
double f(double *y, const double *x) {
  const double *p = x + 1;
  const double *q = p;
  double *w = &y[1];
  w[0] = p[0] * *q;
  out(q + 1, w);
  return *w + q[1];
}
)"));
}

TEST(Validate, AddressesGivenToPointerParameters) {
  // `&e`, `&v[k]`, `x + k`, `v.data() + k`, a C array decaying: the
  // storage they point at, passed by address.
  EXPECT_TRUE(acceptedSilently(R"(
void out(const double *x, double *e) { *e = x[0] * x[1]; }
double f(double *y, const double *x) {
  double e;
  double a[3] = {y[0], y[1], y[2]};
  out(&y[1], &e);
  out(x + 1, &y[0]);
  out(2 + x, a);
  out(a, &a[1]);
  return e + y[0] + a[1];
}
)"));
}

TEST(Validate, ArithmeticOnAnAddress) {
  EXPECT_TRUE(refused(R"(
void out(const double *x, double *e) { *e = x[0]; }
double f(double x) {
  double e = 0.0;
  out(&e, &e + 0); // @here
  return e;
}
)",
                      {"pointer arithmetic is not supported"}));
}

// --- calls -------------------------------------------------------------------

TEST(Validate, MemberFunctionOfAClassObject) {
  EXPECT_TRUE(refused(R"(
struct Scale {
  double k;
  double apply(double x) const { return k * x; }
};
const Scale scale{2.0};
double f(double x) {
  return scale.apply(x); // @here
}
)",
                      {"the object 'scale' is not supported here"}));
}

TEST(Validate, ObjectsOfTheUsersClasses) {
  EXPECT_TRUE(acceptedSilently(R"(
struct Vec { double x, y; };
Vec operator+(const Vec &a, const Vec &b) { return {a.x + b.x, a.y + b.y}; }
class Scale {
  double k_;
public:
  explicit Scale(double k) : k_(k) {}
  double apply(const Vec &v) const { return k_ * (v.x + v.y); }
};
double f(const Vec &p, double x) {
  Vec q{x, p.y};
  Vec r = p + q;
  Scale s(x);
  double &rx = r.x;
  rx *= 2.0;
  return s.apply(r);
}
)"));
  EXPECT_TRUE(refused(R"(
union U { double d; long long i; };
double f(U u, double x) { // @here
  return u.d * x;
}
)",
                      {"unions are not supported"}));
  EXPECT_TRUE(refused(R"(
#include <string>
struct Node { double v; std::string name; };
double f(double x) {
  Node n{x, "n"}; // @here
  return n.v;
}
)",
                      {"constructing a", "here is not supported; it is data "
                                         "tangent passes through"}));
}

TEST(Validate, MemberFunctionOfAContainer) {
  EXPECT_TRUE(refused(R"(
#include <vector>
double f(double x) {
  std::vector<double> v(2, x);
  v.erase(v.begin()); // @here
  return v[0];
}
)",
                      {"member function 'erase' is not supported"}));
}

TEST(Validate, VirtualCall) {
  EXPECT_TRUE(refused(R"(
struct Model {
  virtual ~Model() = default;
  virtual double eval(double x) const { return x * x; }
};
const Model model{};
double f(double x) {
  return model.eval(x) + x; // @here
}
)",
                      {"virtual call to 'eval' is not supported"}));
}

TEST(Validate, StdLibraryFunctionWithoutRule) {
  EXPECT_TRUE(refused(R"(
#include <cmath>
double f(double a, double s) {
  return a * std::riemann_zeta(s); // @here
}
)",
                      {"standard library function 'std::riemann_zeta",
                       "has no derivative rule",
                       "tangent::custom::riemann_zeta_pullback"}));
}

// A function of yours named like a library one (a global `beta`) is
// differentiated from its body, not taken for std::beta.
TEST(Validate, OwnFunctionNamedLikeALibraryOne) {
  EXPECT_TRUE(acceptedSilently(R"(
double beta(double t) { return 2 * t * t; }
double f(double x) { return beta(x); }
)"));
  // A redeclaration of a <math.h> function is still the library's.
  EXPECT_TRUE(acceptedSilently(R"(
#include <math.h>
extern "C" double sin(double);
double f(double x) { return sin(x) * x; }
)"));
}

TEST(Validate, IntegerVariableAddressGivenToAPointerParameter) {
  EXPECT_TRUE(acceptedSilently(R"(
double g(double x, int *k) { *k = 2; return x; }
double f(double x) {
  int k = 0;
  double y = g(x, &k);
  return y * k;
}
)"));
}

TEST(Validate, LibraryCallWritingWhatItsExpressionReads) {
  // std::modf writes ip, which the same expression reads: unspecified
  // order, refused like a call of a function of yours (and modf has no
  // rule here: the runtime's is not included).
  EXPECT_TRUE(refused(R"(
#include <cmath>
double f(double x) {
  double ip = 0.0;
  return ip * x + std::modf(x, &ip); // @here
}
)",
                      {"the call", "writes 'ip'"}, /*exactly_one=*/false));
  // A function without a body (a custom derivative's) likewise.
  EXPECT_TRUE(refused(R"(
double polar(double r, double &y);
namespace tangent::custom {
inline void polar_pullback(double r, double &y, double *dr, double *dy,
                           double d) {}
}
double f(double r) {
  double y = 0.0;
  return polar(r, y) * y; // @here
}
)",
                      {"the call", "writes 'y'"}));
}

TEST(Validate, SpecialFunctionOrderIsAConstant) {
  // Literals, integers and const doubles initialized by constants.
  EXPECT_TRUE(acceptedSilently(R"(
#include <cmath>
double f(double x, int n) {
  const double nu = 0.5 * 3;
  return std::cyl_bessel_j(nu, x) + std::cyl_bessel_k(n + 0.5, x) +
         std::ellint_3(0.3, -0.4, x);
}
)"));
  // An order read from a floating-point variable: no derivative there.
  EXPECT_TRUE(refused(R"(
#include <cmath>
double f(double x, double nu) {
  return std::cyl_bessel_i(nu, x); // @here
}
)",
                      {"'cyl_bessel_i' has no derivative rule in its "
                       "argument 1 (an order)"}));
  EXPECT_TRUE(refused(R"(
#include <cmath>
double f(double x) {
  const double k = x * 0.5;
  return std::ellint_3(k, 0.1, x); // @here
}
)",
                      {"'ellint_3' has no derivative rule in its argument 1"}));
}

TEST(Validate, DataFieldsAndParametersPassThrough) {
  // Strings, maps and vectors of strings: data an object carries, and
  // parameters passed through.
  EXPECT_TRUE(acceptedSilently(R"(
#include <map>
#include <string>
#include <vector>
struct M { std::vector<std::string> names; std::string kind;
           std::map<std::string, int> at; double w; };
double g(const std::string &k, double v) { return k == "a" ? v : 2 * v; }
double f(const M &m, const std::vector<std::string> &tags, double x) {
  double s = m.kind == "sq" ? m.w * x * x : m.w * x;
  s += g(m.kind, x) + m.at.at("b") * x + double(m.names.size());
  return tags.size() > 1 ? s : -s;
}
)"));
}

TEST(Validate, AlgorithmOverRowsAndMembers) {
  EXPECT_TRUE(acceptedSilently(R"(
#include <numeric>
#include <vector>
struct Layer { std::vector<double> w; double b; };
double f(const std::vector<std::vector<double>> &W, const Layer &L,
         const std::vector<double> &x, int j) {
  const auto &row = W[1];
  return std::inner_product(W[j].begin(), W[j].end(), x.begin(), 0.0) +
         std::accumulate(W.at(0).begin(), W.at(0).end(), 0.0) +
         std::accumulate(row.begin(), row.end(), 0.0) +
         std::inner_product(L.w.begin(), L.w.end(), x.begin(), L.b);
}
)"));
  EXPECT_TRUE(
      refused(R"(
#include <numeric>
#include <vector>
double f(const std::vector<std::vector<double>> &W, int i, int j) {
  return std::accumulate(W[i].begin(), W[j].end(), 0.0); // @here
}
)",
              {"std::accumulate is supported over part of a named vector"}));
  EXPECT_TRUE(
      refused(R"(
#include <numeric>
#include <vector>
double f(const std::vector<std::vector<double>> &W, int j) {
  return std::accumulate(W[j++].begin(), W[j++].end(), 0.0); // @here
}
)",
              {"std::accumulate is supported over part of a named vector"}));
}

// An operation given to an algorithm: the loop to write instead.
TEST(Validate, AlgorithmWithAnOperation) {
  EXPECT_TRUE(
      refused(R"(
#include <numeric>
#include <vector>
double f(const std::vector<double> &x) {
  auto op = [](double s, double v) { return s + v * v; };
  return std::accumulate(x.begin(), x.end(), 0.0, op); // @here
}
)",
              {"'std::accumulate' is given an operation", "s = op(s, v[i])"}));
}

TEST(Validate, LibraryFunctionOfConstants) {
  // No rule, but nothing to differentiate: a call of constants.
  EXPECT_TRUE(acceptedSilently(R"(
#include <cmath>
double f(double a, int n) {
  return a * std::riemann_zeta(0.5 * (n + 1)) + std::riemann_zeta(2.0 + n % 3);
}
)"));
  // A floating-point variable in the arguments: refused.
  EXPECT_TRUE(refused(
      R"(
#include <cmath>
double f(double a, int n) {
  return std::riemann_zeta(a + n); // @here
}
)",
      {"standard library function 'std::riemann_zeta'",
       "has no derivative rule"}));
  // Integers read from objects and containers are constants too.
  EXPECT_TRUE(acceptedSilently(R"(
#include <cmath>
#include <vector>
struct Prior { int m; double s; std::vector<int> k; };
double f(double a, int d, const Prior &prior, const std::vector<Prior> &ps) {
  return a * std::riemann_zeta(0.5 * (d + prior.m)) * prior.s +
         a * std::riemann_zeta(prior.k[0] + 0.5 * ps.size()) +
         a * std::riemann_zeta(ps[1].m + 1.5);
}
)"));
  // A floating-point field in the arguments: refused.
  EXPECT_TRUE(refused(
      R"(
#include <cmath>
struct Prior { int m; double s; };
double f(double a, const Prior &prior) {
  return a * std::riemann_zeta(prior.m + prior.s); // @here
}
)",
      {"standard library function 'std::riemann_zeta'",
       "has no derivative rule"}));
}

TEST(Validate, FieldToContainerParameterByValue) {
  // A vector field given to a parameter by value arrives as its copy
  // construction: still the field.
  EXPECT_TRUE(acceptedSilently(R"(
#include <vector>
double h(std::vector<double> v) { v[0] *= 2.0; return v[0] + v[1]; }
struct S { std::vector<double> w; double c; };
double f(const S &s, S t) {
  S u{s.w, s.c};
  return h(s.w) * s.c + h(t.w) + h(u.w);
}
)"));
  // A choice between two fields is not one container.
  EXPECT_TRUE(refused(
      R"(
#include <vector>
double h(std::vector<double> v) { return v[0]; }
struct S { std::vector<double> w, z; double c; };
double f(const S &s) {
  return h(s.c > 0 ? s.w : s.z); // @here
}
)",
      {"pass a named container to 'h'"}));
}

TEST(Validate, StdAlgorithmsOverRanges) {
  EXPECT_TRUE(acceptedSilently(R"(
#include <algorithm>
#include <numeric>
#include <vector>
double f(const std::vector<double> &v, double x) {
  std::vector<double> w(v.size());
  std::fill(w.begin(), w.end(), x);
  std::copy(std::begin(v), std::end(v), w.begin());
  return std::accumulate(w.cbegin(), w.cend(), 0.0) +
         std::inner_product(v.begin(), v.end(), w.begin(), x) +
         *std::max_element(v.begin(), v.end()) -
         *std::min_element(std::begin(w), std::end(w));
}
)"));
  // Parts of containers, pointer ranges, memcpy and memset of doubles.
  EXPECT_TRUE(acceptedSilently(R"(
#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>
double f(const std::vector<double> &v, const double *x, int n) {
  std::vector<double> w(x, x + n);
  std::fill(w.begin() + 1, w.end() - 1, 2.0);
  std::copy(x + 1, x + n, w.data());
  std::memcpy(w.data(), x, 2 * sizeof(double));
  std::memset(w.data() + 2, 0, 1 * sizeof(double));
  return std::accumulate(v.begin() + 1, v.end(), 0.0) +
         std::inner_product(x, x + n, w.begin(), 0.0) +
         *std::max_element(&x[1], &x[1] + 2);
}
)"));
  EXPECT_TRUE(refused(R"(
#include <numeric>
#include <vector>
double f(const std::vector<double> &v, const std::vector<double> &u) {
  return std::accumulate(v.begin() + 1, u.end(), 0.0); // @here
}
)",
                      {"std::accumulate: the two ends of the range must point "
                       "into the same array"}));
  EXPECT_TRUE(refused(R"(
#include <numeric>
#include <vector>
double f(const std::vector<double> &v) {
  return std::accumulate(v.begin(), v.end(), 0); // @here
}
)",
                      {"sums in the type of its initial value, here 'int'"}));
}

TEST(Validate, VoidLibraryFunctionSuggestsNoCustomDerivative) {
  const std::string code = R"(
#include <algorithm>
#include <vector>
double f(double x) {
  std::vector<double> w(3, x);
  std::reverse(w.begin(), w.end()); // @here
  return w[0];
}
)";
  EXPECT_TRUE(refused(code, {"standard library function 'std::reverse",
                             "write the loop yourself"}));
  ParsedSource src(code);
  bool accepted = true;
  std::vector<Reported> diags = src.validate(src.function("f"), &accepted);
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].text.find("custom"), std::string::npos) << diags[0].text;
}

TEST(Validate, FunctionPointerParameterGivesOneError) {
  EXPECT_TRUE(refused(R"(
double f(double x, double (*g)(double)) { // @here
  return g(x) * x;
}
)",
                      {"function pointers are not supported"}));
}

TEST(Validate, FunctionPointerCall) {
  EXPECT_TRUE(refused(R"(
double twice(double x) { return 2.0 * x; }
double thrice(double x) { return 3.0 * x; }
double f(double x, bool fast) {
  return (fast ? twice : thrice)(x) + x; // @here
}
)",
                      {"call through a function pointer is not supported"}));
}

TEST(Validate, FunctionWithoutBody) {
  EXPECT_TRUE(refused(R"(
double mystery(double x);
double f(double x) {
  return mystery(x) * x; // @here
}
)",
                      {"function 'mystery' has no body and no custom "
                       "derivative",
                       "tangent::custom::mystery_pullback"}));
}

// --- accepted code -----------------------------------------------------------

TEST(Validate, AcceptedControlFlowSaysNothing) {
  EXPECT_TRUE(acceptedSilently(R"(
double f(double x, int n, bool c) {
  double s = 0.0, a = 0.0, b = 1.0;
  for (int i = 0; i < n; ++i) {
    if (s > 100.0)
      break;
    if (i % 3 == 0)
      continue;
    s += x * i;
  }
  int k = 0;
  while (k < 3)
    ++k;
  do {
    s *= 0.5;
  } while (s > 10.0);
  switch (n) {
  case 0:
    s = -s;
  case 1:
    s += 1.0;
    break;
  default:
    return s;
  }
  (c ? a : b) = s;
  return c ? a : b * 2.0;
}
)"));
}

TEST(Validate, AcceptedCallsAndContainersSayNothing) {
  EXPECT_TRUE(acceptedSilently(R"(
#include <array>
#include <cmath>
#include <limits>
#include <vector>
double mystery(double x);
namespace tangent::custom {
void mystery_pullback(double x, double *d_x, double d_result) {
  *d_x += d_result * x;
}
} // namespace tangent::custom
void scale(double &y, double k) { y = y * k; }
double norm(const std::vector<double> &v) {
  double s = 0.0;
  for (double e : v)
    s += e * e;
  return std::sqrt(s);
}
double f(const std::vector<double> &v, const std::array<double, 3> &w,
         double x) {
  static const double table[3] = {0.5, 0.25, 0.125};
  const double &w0 = w[0];
  std::vector<double> copy = v;
  double y = norm(copy) + mystery(x) * w0;
  scale(y, table[1]);
  for (const double &e : w)
    y += std::pow(e, 2.0) + std::numeric_limits<double>::epsilon();
  return y + copy.size();
}
)"));
}

TEST(Validate, StrayCustomRuleWarnsAndIsAccepted) {
  ParsedSource src(R"(
namespace a {
double g(double x) { return x * x; }
}
namespace tangent::custom {
void g_pullback(double x, double *d_x, double d_result);
}
double f(double x) {
  return a::g(x); // @here
}
)");
  ASSERT_EQ(src.compileErrors(), "");
  bool accepted = false;
  std::vector<Reported> diags = src.validate(src.function("f"), &accepted);
  EXPECT_TRUE(accepted);
  ASSERT_EQ(diags.size(), 1u) << describe(diags);
  EXPECT_EQ(diags[0].level, Reported::Warning);
  EXPECT_EQ(diags[0].line, src.lineOf("@here"));
  EXPECT_NE(diags[0].text.find("tangent::custom::g_pullback is not used for "
                               "'a::g'"),
            std::string::npos)
      << diags[0].text;
}

// --- the checks above can fail -----------------------------------------------

TEST(ValidateHarness, WrongLineWordsOrCountFail) {
  const char *code = R"(
volatile double total = 0.0;
double f(double x) {
  double y = x * total; // @here
  return y * total;
}
)";
  // Two errors (each use of the global): right with exactly_one false.
  EXPECT_TRUE(refused(code, {"global variable 'total'"}, false));
  EXPECT_FALSE(refused(code, {"global variable 'total'"}, true));
  EXPECT_FALSE(refused(code, {"global variable 'sum'"}, false));
  EXPECT_FALSE(refused(R"(
volatile double total = 0.0;
double f(double x) { // @here
  return x * total;
}
)",
                       {"global variable"}));
  EXPECT_FALSE(refused("double f(double x) { return x; } // @here", {}));
  EXPECT_FALSE(acceptedSilently(code));
  EXPECT_FALSE(acceptedSilently("double f(double x) { return x +; }"));
}

// --- calls that write what their expression reads (ValidateOrder.cpp) -------

TEST(Validate, CallWritingAVariableItsExpressionReads) {
  EXPECT_TRUE(refused(R"(
double h(double &p) { p = 0.5 * p + 1.0; return p * p; }
double f(double x) {
  double y = x * h(x); // @here
  return y;
}
)",
                      {"the call 'h(x)' writes 'x'", "statement of its own"}));
}

TEST(Validate, CallWritingThroughAReferenceBoundEarlier) {
  EXPECT_TRUE(refused(R"(
double h(double &p) { p = 0.5 * p + 1.0; return p; }
double f(double x) {
  double &r = x;
  x = 0.12 * x + h(r); // @here
  return x;
}
)",
                      {"the call 'h(r)' writes 'x'"}));
}

TEST(Validate, LambdaWritingItsCaptureInAnExpressionReadingIt) {
  EXPECT_TRUE(refused(R"(
double f(double x) {
  double a = x;
  auto grow = [&](double t) { a += t; return a; };
  return a * grow(0.5); // @here
}
)",
                      {"the call 'grow(0.5)' writes 'a'"}));
}

TEST(Validate, MemberFunctionWritingItsObjectInAnExpressionReadingIt) {
  EXPECT_TRUE(refused(R"(
struct P {
  double x;
  double step() { x = 0.5 * x + 1.0; return x; }
};
double f(double x) {
  P p{x};
  return p.x + p.step(); // @here
}
)",
                      {"writes 'p'"}));
}

TEST(Validate, CallsWhoseOrderIsFixedOrThatWriteNothingElseRead) {
  EXPECT_TRUE(acceptedSilently(R"(
double h(double &p) { p = 0.5 * p + 1.0; return p * p; }
double peek(double &p) { return p * p; }
struct P {
  double x;
  double norm() { return x * x; }
};
double f(double x) {
  x = h(x);
  x += h(x);
  double y = h(x);
  P p{x};
  return y + x * peek(x) + p.norm() * p.x;
}
)"));
}
