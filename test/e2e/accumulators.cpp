// Adjoint elements that a callee's loop updates at an index the loop does
// not change (d_x[i] in the reverse of a matrix-vector product over j) are
// summed in a local and added once after the loop
// (codegen/LoopAccumulate.cpp). Each gradient against finite differences
// and, built for the strategy matrix, bitwise against the full tape (the
// requested function's time loop checkpointed, the callee's loops taped
// with the same code):
//  - a triangular product, GMM's Qtimesx shape;
//  - the same with its two const inputs overlapping (the matrix and the
//    vector are one array), so that the local's element is also updated
//    through the other adjoint in the loop: both updates must arrive;
//  - an element read in an inner loop whose index the outer loop changes
//    (summed per run of the inner loop only), and one the callee also
//    passes to a callee (left in memory).
#include "check.hpp"

#include <cmath>
#include <vector>

using tangent_test::check;
using tangent_test::summary;

// out = (diag(q) + strictly lower L) x, L packed column by column.
void tri(int d, const double *q, const double *l, const double *x,
         double *out) {
  for (int i = 0; i < d; ++i)
    out[i] = q[i] * x[i];
  int k = 0;
  for (int i = 0; i < d; ++i)
    for (int j = i + 1; j < d; ++j) {
      out[j] = out[j] + l[k] * x[i];
      k++;
    }
}

double steps(const std::vector<double> &p, int n) {
  const int d = 4;
  std::vector<double> x{0.5, -0.2, 0.9, 0.1}, y(d);
  for (int t = 0; t < n; ++t) {
    tri(d, p.data(), p.data() + d, x.data(), y.data());
    for (int i = 0; i < d; ++i)
      x[i] = std::sin(y[i]);
  }
  double s = 0;
  for (int i = 0; i < d; ++i)
    s += x[i] * x[i];
  return s;
}

// The matrix's entries and the vector overlap: l and x are the same array
// (both const, which the callee's plain variant takes).
double overlapping(const std::vector<double> &w) {
  const int d = 4;
  std::vector<double> out(d);
  tri(d, w.data(), w.data() + 2, w.data() + 3, out.data());
  double s = 0;
  for (int i = 0; i < d; ++i)
    s += out[i] * out[i] * (1.0 + 0.1 * i);
  return s;
}

double scale(double a, const double *b) { return a * b[0]; }

// An element read in an inner loop at the outer index (a local per run of
// the inner loop), and an element passed to a callee in a loop (left in
// memory).
double nested(const std::vector<double> &a, const std::vector<double> &b) {
  double s = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      s += a[i] * b[j] * (j + 1);
  return s;
}

double passing(const double *a, const double *b, int n) {
  double s = 0;
  for (int j = 0; j < n; ++j)
    s += scale(a[j], b + 0) + b[0] * a[j] * a[j];
  return s;
}

double through(const std::vector<double> &a, const std::vector<double> &b) {
  return nested(a, b) + passing(a.data(), b.data(), 3);
}

int main() {
  std::vector<double> p{0.9, 1.1, 0.8, 1.2, 0.3, -0.2, 0.4, 0.1, -0.5, 0.25};
  check("steps (triangular product in a callee, time loop)",
        tangent::grad<steps>(), p, 6);
  check("steps, checkpointed",
        tangent::grad<steps, tangent::options{.checkpoint = true}>(), p, 6);
  check("overlapping (the product's inputs are one array)",
        tangent::grad<overlapping>(),
        std::vector<double>{0.7, -0.4, 1.1, 0.3, 0.9, -0.6, 0.5, 1.2, -0.8});
  check("through (inner loops, an element passed to a callee)",
        tangent::grad<through>(), std::vector<double>{0.5, -1.5, 2.0},
        std::vector<double>{1.0, 0.25, -0.75, 1.5});
  return summary();
}
