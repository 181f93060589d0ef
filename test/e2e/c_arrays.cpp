// End-to-end: local C arrays handed to callees that write through them.
// The callee's reverse must add into the caller's adjoint array, whatever
// the call gives it: the whole array in place (`sq(buf, n, buf)`), two
// halves of one array (`sq(buf, 2, buf + 2)`), two addresses into one array
// (`g(x, &r[0], &r[1])`, `g(x, r, r + 1)`), a workspace cut in three
// (`cross(w, w + 3, w + 6)`), and arrays bound to reference-to-array
// parameters (`const double (&v)[3]`, `double (&out)[2]`). Also the C++17
// order of an assignment's operands (`a[i++] = a[i] * 2`: the right side
// first) and counted loops whose bound is not an int (`i < n` with a double
// n runs ceil(n) times; an unsigned comparison from a negative start runs
// no time). Each was a silently wrong gradient (issue 43).
#include "check.hpp"

#include <cmath>
#include <vector>

void sq(const double *in, int n, double *out) {
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * in[i];
}

// The whole array, in place.
double in_place(const std::vector<double> &x) {
  double buf[4];
  const int n = 3;
  for (int i = 0; i < n; ++i)
    buf[i] = x[i];
  buf[3] = 0.5;
  sq(buf, n, buf);
  return buf[0] + buf[1] * x[1] + std::sin(buf[2]) + buf[3];
}

// Two halves of one array: the output is the second.
double halves(const std::vector<double> &x) {
  double buf[4];
  buf[0] = x[0];
  buf[1] = x[1];
  sq(buf, 2, buf + 2);
  return buf[2] * buf[0] + buf[3];
}

void polar_pair(double x, double *a, double *b) {
  *a = std::sin(x);
  *b = *a * x;
}

// Two addresses into one local array, by `&r[k]` and by `r + k`.
double two_addresses(double x) {
  double r[2];
  polar_pair(x, &r[0], &r[1]);
  return r[1] + 0.5 * r[0];
}

double two_offsets(double x) {
  double r[2];
  polar_pair(x, r, r + 1);
  return r[1] * r[0];
}

void cross(const double *a, const double *b, double *c) {
  c[0] = a[1] * b[2] - a[2] * b[1];
  c[1] = a[2] * b[0] - a[0] * b[2];
  c[2] = a[0] * b[1] - a[1] * b[0];
}

// A workspace: inputs and result in three thirds of one array.
double workspace(const std::vector<double> &x) {
  double w[9];
  for (int i = 0; i < 6; ++i)
    w[i] = x[i];
  cross(w, w + 3, w + 6);
  return w[6] + 2.0 * w[7] + 3.0 * w[8] * w[0];
}

// The same workspace reused: the result overwrites an input.
double workspace_again(const std::vector<double> &x) {
  double w[9];
  for (int i = 0; i < 6; ++i)
    w[i] = x[i];
  cross(w, w + 3, w + 6);
  cross(w + 6, w + 3, w);
  return w[0] * w[1] + w[2];
}

double norm3(const double (&v)[3]) {
  return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

void polar(double r, double t, double (&out)[2]) {
  out[0] = r * std::cos(t);
  out[1] = r * std::sin(t);
}

// Arrays bound to reference-to-array parameters, read and written.
double by_reference(const std::vector<double> &x) {
  double v[3] = {x[0], x[1], x[2]};
  double o[2];
  polar(norm3(v), x[1], o);
  return o[0] + 3.0 * o[1];
}

// A row of a local array written in a loop, then handed on whole.
double accumulate_rows(const std::vector<double> &x) {
  double acc[3] = {0.0, 0.0, 0.0};
  for (int k = 0; k < 3; ++k) {
    double v[3] = {x[k], x[k + 1], x[k + 2]};
    acc[k] = norm3(v);
  }
  sq(acc, 3, acc);
  return acc[0] + acc[1] * acc[2];
}

// C++17: the right operand of `=` and `op=` is sequenced before the left.
double post_index(std::vector<double> a) {
  int i = 0;
  a[i++] = a[i] * 2.0;
  return a[0] * a[0] + 3.0 * a[1] + i;
}

double post_index_compound(std::vector<double> a) {
  int i = 0;
  a[i++] += a[i] * a[1];
  return a[0] * a[0] + 3.0 * a[1];
}

double walking_pointer(const std::vector<double> &x) {
  double a[2] = {x[0], x[1]};
  double *p = a;
  *p++ = *p * 3.0;
  *p = *p * x[0];
  return a[0] * a[0] + a[1];
}

// Bounds that are not ints.
double double_bound(const std::vector<double> &x, double n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += x[0] * x[0] * (i + 1);
  return s;
}

double unsigned_bound(const std::vector<double> &x, int start) {
  double s = x[0];
  for (int i = start; i < x.size(); ++i) // -1 < x.size() is false
    s += x[i] * x[i];
  return s;
}

// One adjoint reached twice per iteration (`u[2]` and `u[j % 3]`): the
// full tape's reverse must add in the checkpointed reverse's order.
double invariant_twice(double x, const std::vector<double> &u) {
  double w[9];
  for (int j = 0; j < 6; ++j)
    w[j] = u[2] + (x + u[j % 3]);
  cross(w, w + 3, w + 6);
  return 1.11 * w[3] + 0.8 * w[6] + 0.3 * w[7] + 0.2 * w[8];
}

int main() {
  using namespace tangent_test;
  const std::vector<double> x{0.7, -1.2, 0.4, 1.1, 0.3, -0.8};
  check("in_place", tangent::grad<in_place>(), x);
  check("halves", tangent::grad<halves>(), x);
  check("two_addresses", tangent::grad<two_addresses>(), 1.3);
  check("two_offsets", tangent::grad<two_offsets>(), 0.9);
  check("workspace", tangent::grad<workspace>(), x);
  check("workspace_again", tangent::grad<workspace_again>(), x);
  check("by_reference", tangent::grad<by_reference>(), x);
  check("accumulate_rows", tangent::grad<accumulate_rows>(), x);
  check("post_index", tangent::grad<post_index>(),
        std::vector<double>{2.0, 0.5});
  check("post_index_compound", tangent::grad<post_index_compound>(),
        std::vector<double>{2.0, 0.5});
  check("walking_pointer", tangent::grad<walking_pointer>(),
        std::vector<double>{3.0, 1.5});
  for (double n : {2.2, 2.5, 3.9})
    check("double_bound " + std::to_string(n), tangent::grad<double_bound>(), x,
          n);
  check("unsigned_bound", tangent::grad<unsigned_bound>(), x, -1);
  check("unsigned_bound from 2", tangent::grad<unsigned_bound>(), x, 2);
  // Hand-derived: the in-place square of buf[0..3) seen by a sum.
  check_near("double_bound by hand", tangent::grad<double_bound>()(x, 2.5),
             std::make_tuple(
                 std::vector<double>{2.0 * x[0] * 6.0, 0, 0, 0, 0, 0}, 0.0));
  const std::vector<double> u{-1.8000142637660428, 1.4729648635621788,
                              1.8160331211052165};
  check("invariant_twice", tangent::grad<invariant_twice>(), 0.9837665069, u);
  check_same(
      "invariant_twice checkpointed == taped",
      tangent::grad<invariant_twice,
                    tangent::options{.checkpoint = true, .min_length = 1}>()(
          0.98376650690988976, u),
      tangent::grad<invariant_twice>()(0.98376650690988976, u));
#ifndef TANGENT_E2E_SELFTEST
  {
    // Second order through the in-place call: H = diag(2, 2, 2) for the
    // sum of squares of buf, computed in place.
    auto hv =
        tangent::hvp<in_place>()(x, std::vector<double>{1, 0, 0, 0, 0, 0});
    check_near("in_place/hvp e0", hv[0], 2.0);
    const double jv =
        tangent::jvp<in_place>()(x, std::vector<double>{1, 1, 1, 0, 0, 0});
    const std::vector<double> g = tangent::grad<in_place>()(x);
    check_near("in_place/jvp", jv, g[0] + g[1] + g[2], tight_tol);
  }
#endif
  return summary();
}
