// What the reverse sweep gets without a record (docs/how-it-works.md, "What
// goes on the tape"), each checked against finite differences (and, built
// for the strategy matrix, bitwise against the full tape):
//  - scalars evaluated again by a loop body's reverse
//    (analysis/Rematerialize.cpp), including one whose operand is a local of
//    a callee, which the callee's split reverse must get (a missing operand
//    gave a wrong gradient);
//  - integers stepped back, `n = n - c` (codegen/Statements.cpp), in the
//    requested function, in a while loop, and in a callee through `int &`;
//  - the reverse call of a callee that records nothing, skipped when its
//    seeds are zero (codegen/Calls.cpp), but not when it steps back an
//    integer of its caller's (Function::tapeless);
//  - second order: the tangent-linear function's counted loops stay
//    counted, so its loop-local values are evaluated again too;
//  - a callee overwriting its output twice (GMM's Qtimesx): only the first
//    overwrite records (analysis/CoveredWrites.cpp), and its restore gives
//    the caller's buffer back, which the caller's reverse reads; written
//    past the first loop's range, every overwrite records;
//  - a callee filling a caller's buffer that the caller never reads in
//    reverse: a variant that does not restore it (Lowering::lowerUnrestored);
//    a buffer read back, or an output the callee's own reverse reads, keeps
//    the restoring callee;
//  - a scalar that no reverse statement inside a loop reads (a sum of
//    terms, squared after the loop): recorded once around the loop, not at
//    each overwrite (analysis/HoistedRecords.cpp): in the requested
//    function, in a callee through pointers (the suite's least squares), in
//    a while loop, hoisted past a middle loop, not past a loop whose init
//    reads it, and in a loop nested in a checkpointed one (a twin,
//    bitwise).
#include "check.hpp"

#include <cmath>
#include <vector>

using tangent_test::check;
using tangent_test::check_near;
using tangent_test::check_same;
using tangent_test::summary;

// A loop-local value of parameters and the index: evaluated again.
double distances(const std::vector<double> &c, const std::vector<double> &p) {
  double s = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    double diff = p[i] - c[i % 3]; // c has 3 elements
    s += diff * diff * c[0];
  }
  return s;
}

// A callee whose evaluated-again value reads its own local `len`: the
// split reverse gets `len` saved.
double stretch_energy(double dx, double dy, double rest) {
  const double len = std::sqrt(dx * dx + dy * dy);
  const double stretch = len - rest;
  return stretch * stretch;
}

double chain(const std::vector<double> &x) {
  double e = 0;
  for (std::size_t i = 0; i + 3 < x.size(); i += 2)
    e += stretch_energy(x[i + 2] - x[i], x[i + 3] - x[i + 1], 0.5);
  return e;
}

// An index stepped by constants, read by the reverse: stepped back.
double strided(const std::vector<double> &x) {
  int k = 0;
  double s = 0;
  for (int t = 0; t < 6; ++t) {
    s += x[k] * x[(k + 1) % 4];
    k = k + 3;
    k = k - 2;
    if (k >= 4)
      k = k - 4;
  }
  return s;
}

// A while loop's counter, stepped back in the reverse.
double until(const std::vector<double> &x) {
  std::size_t i = 0;
  double s = 1;
  while (i < x.size() && s < 40) {
    s = s * (1 + x[i] * x[i]);
    i++;
  }
  return s;
}

// A callee that records nothing but steps its caller's counter: never
// skipped, even with a zero seed, since its reverse steps the counter back.
double bump(double a, int &n) {
  n = n + 1;
  return a * a;
}

double alternate(const std::vector<double> &x) {
  int n = 0;
  double s = 0;
  for (int t = 0; t < 4; ++t) {
    double v = bump(x[t], n);
    if (t % 2 == 0)
      s += v * x[n % 4]; // reads n after the call, in the reverse too
  }
  return s;
}

// A callee whose seeds are often zero (the nearest of several): skipped.
double sqdist(const double *p, const double *c, int d) {
  double r = 0;
  for (int l = 0; l < d; ++l) {
    double diff = p[l] - c[l];
    r += diff * diff;
  }
  return r;
}

double nearest(const std::vector<double> &c, const std::vector<double> &p) {
  const int d = 2, k = int(c.size()) / d, n = int(p.size()) / d;
  double cost = 0;
  for (int i = 0; i < n; ++i) {
    double best = sqdist(&p[i * d], &c[0], d);
    for (int j = 1; j < k; ++j) {
      double dist = sqdist(&p[i * d], &c[j * d], d);
      if (dist < best)
        best = dist;
    }
    cost += best;
  }
  return cost;
}

// out[0, d) overwritten, then added to in place: the additions need no
// records of their own.
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

// The same, adding up to out[e - 1], past the first loop's out[0, d).
void tri_wide(int d, int e, const double *l, const double *x, double *out) {
  for (int i = 0; i < d; ++i)
    out[i] = l[i] * x[i];
  for (int i = 0; i < d; ++i)
    for (int j = i + 1; j < e; ++j)
      out[j] += l[i] * x[i];
}

// p: x (3), then l (6). buf's values before each call are read by the
// caller's reverse (the products), so each call's reverse must give them
// back.
double covered(const std::vector<double> &p) {
  std::vector<double> buf(4);
  for (int i = 0; i < 4; ++i)
    buf[i] = p[i % 3] * p[3 + i];
  double s = buf[0] * buf[1] * buf[2] * buf[3];
  tri(3, &p[3], &p[0], buf.data());
  s += buf[0] * buf[1] + buf[2] * buf[3];
  tri_wide(3, 4, &p[3], &p[0], buf.data());
  return s + buf[0] * buf[3] + buf[1] * buf[2];
}

// RK-like stages (the ODE objective): k is filled by rhs, then only summed
// (its values are never read in reverse: the unrestored variant); y is read
// by rhs (restored).
void rhs(int n, const double *p, const double *y, double *z) {
  z[0] = p[0];
  for (int i = 1; i < n; ++i)
    z[i] = p[i] * y[i - 1];
}

// Squares what it wrote: its own reverse reads z, so it is restored.
void rhs_squared(int n, const double *p, const double *y, double *z) {
  for (int i = 0; i < n; ++i)
    z[i] = p[i] * y[i];
  for (int i = 0; i < n; ++i)
    z[i] = z[i] * z[i];
}

double stages(const std::vector<double> &p) {
  const int n = 4;
  std::vector<double> y(n, 0.5), k(n), q(n), r(n);
  for (int step = 0; step < 3; ++step) {
    rhs(n, p.data(), y.data(), k.data()); // k never read back
    rhs(n, p.data(), y.data(), q.data()); // q read back below
    double prod = q[0] * q[1] * q[2] * q[3];
    rhs_squared(n, p.data(), y.data(), r.data()); // its own reverse reads r
    for (int i = 0; i < n; ++i)
      y[i] = y[i] + 0.1 * (k[i] + r[i]) + 0.01 * prod;
  }
  return y[0] * y[1] + y[2] * y[3];
}

// Least squares: the residual sums the polynomial's terms; power is read
// by the derivative in c[k] (it keeps its records), residual only after the
// inner loop (recorded once per sample).
double misfit(const std::vector<double> &c, const std::vector<double> &t) {
  double total = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    double residual = std::sin(t[i]);
    double power = 1;
    for (std::size_t k = 0; k < c.size(); ++k) {
      residual -= c[k] * power;
      power *= t[i];
    }
    total += residual * residual;
  }
  return 0.5 * total;
}

// The same through pointers in a callee, as the suite's objective writes it,
// with a while loop for the terms.
void misfit_into(std::size_t n, std::size_t m, const double *c, const double *t,
                 double *out) {
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double residual = t[i] < 0 ? -1.0 : 1.0;
    double power = 1;
    std::size_t k = 0;
    while (k < m) {
      residual = residual - c[k] * power;
      power = power * t[i];
      ++k;
    }
    total = total + residual * residual;
  }
  *out = total / 2;
}
double misfit_callee(const std::vector<double> &c,
                     const std::vector<double> &t) {
  double out = 0;
  misfit_into(t.size(), c.size(), c.data(), t.data(), &out);
  return out;
}

// Three levels: the sum is read after the middle loop, so its records are
// taken once per run of the middle loop (around it), none inside.
double levels(const std::vector<double> &c, const std::vector<double> &t) {
  double total = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    double sum = t[i];
    for (std::size_t k = 0; k < c.size(); ++k)
      for (int r = 0; r < 2; ++r)
        sum = sum + c[k] * t[(i + k + r) % t.size()];
    total += 0.1 * sum * sum;
  }
  return total;
}

// A loop whose init statement reads the sum in reverse (y = v * v): the
// sum keeps its records there (restored before the init's reverse).
double init_reads(const std::vector<double> &x) {
  double v = x[0], y = 0, total = 0;
  for (int round = 0; round < 2; ++round) {
    int k = 0;
    for (y = v * v; k < 3; ++k) {
      v = v + x[1];
      y = y + v;
    }
    total += y * x[2];
  }
  return total;
}

// In a checkpointed loop (and its taped twin): the inner loop runs in the
// forward sweep and again when the segments are replayed.
double damped(const std::vector<double> &c, const std::vector<double> &t) {
  double x = 1, total = 0;
  [[tangent::checkpoint]] for (int s = 0; s < 30; ++s) {
    double sum = x;
    for (std::size_t k = 0; k < c.size(); ++k)
      sum = sum - 0.1 * c[k] * t[(k + s) % t.size()];
    x = std::tanh(sum);
    total += x * x;
  }
  return total;
}
double damped_taped(const std::vector<double> &c,
                    const std::vector<double> &t) {
  double x = 1, total = 0;
  for (int s = 0; s < 30; ++s) {
    double sum = x;
    for (std::size_t k = 0; k < c.size(); ++k)
      sum = sum - 0.1 * c[k] * t[(k + s) % t.size()];
    x = std::tanh(sum);
    total += x * x;
  }
  return total;
}

int main() {
  const std::vector<double> c{0.3, -0.2, 0.8}, p{0.1, 0.5, -0.4, 0.9, 0.2};
  check("distances", tangent::grad<distances>(), c, p);
  check("chain (callee's local read by its evaluated-again value)",
        tangent::grad<chain>(), std::vector<double>{0, 0, 1, 0.2, 1.7, 0.9});
  check("strided (index stepped back)", tangent::grad<strided>(),
        std::vector<double>{0.5, -0.7, 1.1, 0.3});
  check("until (while counter stepped back)", tangent::grad<until>(),
        std::vector<double>{1.2, 0.9, 1.5, 0.8, 1.1, 2.0});
  check("alternate (callee stepping int &, zero seeds)",
        tangent::grad<alternate>(), std::vector<double>{0.4, -1.3, 0.7, 0.2});
  const std::vector<double> centroids{0.0, 0.0, 1.0, 1.0, -1.0, 0.5};
  const std::vector<double> points{0.1, 0.2, 0.9, 1.3, -0.8, 0.4, 0.6, 0.5};
  check("nearest (zero seeds skipped)", tangent::grad<nearest>(), centroids,
        points);
  check("covered (overwrites of an overwritten output, not recorded)",
        tangent::grad<covered>(),
        std::vector<double>{0.7, -0.4, 1.1, 0.3, 0.9, -0.6, 0.5, 1.2, -0.8});
  check("stages (a buffer filled and never read back: not restored)",
        tangent::grad<stages>(), std::vector<double>{0.9, -0.7, 1.3, 0.6});
  const std::vector<double> coef{0.4, -0.3, 0.2, 0.1};
  const std::vector<double> samples{-0.9, -0.4, 0.3, 0.7, 1.1};
  check("misfit (a sum recorded once around its loop)", tangent::grad<misfit>(),
        coef, samples);
  check("misfit_callee (through pointers, a while loop)",
        tangent::grad<misfit_callee>(), coef, samples);
  check("levels (recorded around the middle loop)", tangent::grad<levels>(),
        coef, samples);
  check("init_reads (a reader in the loop's init)", tangent::grad<init_reads>(),
        std::vector<double>{0.7, -0.3, 1.2});
  check("damped (in a checkpointed loop)", tangent::grad<damped>(), coef,
        samples);
  check("damped_taped", tangent::grad<damped_taped>(), coef, samples);
  check_same("damped/checkpointed==taped",
             tangent::grad<damped>()(coef, samples),
             tangent::grad<damped_taped>()(coef, samples));
#ifndef TANGENT_E2E_SELFTEST
  // Second order through the skipped callees: the Hessian in the centroids
  // is diagonal, 2 per point assigned to the centroid, in each coordinate
  // (points 0; 1 and 3; 2 go to centroids 0, 1, 2).
  const std::vector<double> ones(centroids.size(), 1.0);
  check_near(
      "nearest/hvp(ones) = Hessian diagonal",
      tangent::hvp<nearest, tangent::options{.wrt = tangent::wrt_params(0)}>()(
          centroids, points, ones),
      std::vector<double>{2, 2, 4, 4, 2, 2});
#endif
  return summary();
}
