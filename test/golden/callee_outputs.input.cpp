// What a callee writing through `double *out` records. It gives its
// caller's storage back in reverse, from the record of its first overwrite
// of each element: `tri` records out[0, d) once, and its additions to
// out[j] (j within the first loop's range) record nothing; the caller reads
// `q` back (its product). A caller that never reads a buffer back in
// reverse (`k`, only summed) calls a variant that does not give it back at
// all (`rhs_unrestored_z`).
#include <tangent/grad.hpp>
#include <vector>

void tri(int d, const double *l, const double *x, double *out) {
  for (int i = 0; i < d; ++i)
    out[i] = l[i] * x[i];
  int k = d;
  for (int i = 0; i < d; ++i)
    for (int j = i + 1; j < d; ++j) {
      out[j] += l[k] * x[i];
      ++k;
    }
}

void rhs(int n, const double *p, const double *y, double *z) {
  z[0] = p[0];
  for (int i = 1; i < n; ++i)
    z[i] = p[i] * y[i - 1];
}

double stages(const std::vector<double> &p, int n) {
  std::vector<double> y(n), k(n), q(n);
  for (int i = 0; i < n; ++i)
    y[i] = p[i];
  for (int step = 0; step < 2; ++step) {
    rhs(n, p.data(), y.data(), k.data());
    tri(n, p.data(), y.data(), q.data());
    const double s = q[0] * q[n - 1];
    for (int i = 0; i < n; ++i)
      y[i] = y[i] + 0.5 * k[i] + 0.1 * s;
  }
  return y[n - 1];
}

std::vector<double> use(const std::vector<double> &p, int n) {
  return tangent::grad<stages>()(p, n);
}
