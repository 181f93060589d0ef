// Least squares the C way: a model over raw arrays and sizes, residuals
// returned through `double *r`, helpers writing into the caller's
// buffers; tangent differentiates it as it is. The gradient of the sum of
// squares comes from `pullback` with raw pointers; the Jacobian of the
// residuals (a void function: its results are what it writes through `r`)
// from `tangent::jacobian` given a std::span for each pointer it needs
// sized; a Gauss-Newton iteration fits a damped oscillation.
//
//   build/bin/tangent-clang++ -O2 samples/least_squares_c/least_squares_c.cpp
//
// Checks: gradient = J^T r and = central differences; Jacobian = central
// differences; the fit recovers the parameters the data were made with.
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>
#include <span>

enum { NP = 4, MAXM = 256 };

/* y(t) = a exp(-b t) cos(w t + phi), p = {a, b, w, phi} */
void model(const double *p, const double *t, int m, double *out) {
  for (int i = 0; i < m; ++i)
    out[i] = p[0] * exp(-p[1] * t[i]) * cos(p[2] * t[i] + p[3]);
}

void residuals(const double *p, const double *t, const double *y, int m,
               double *r) {
  model(p, t, m, r);
  for (int i = 0; i < m; ++i)
    r[i] -= y[i];
}

double sse(const double *p, const double *t, const double *y, int m) {
  double r[MAXM];
  residuals(p, t, y, m, r);
  double s = 0.0;
  for (int i = 0; i < m; ++i)
    s += r[i] * r[i];
  return 0.5 * s;
}

/* Solves the n x n system a x = b (row-major a, overwritten) by Gaussian
   elimination with partial pivoting. */
static void solve(double *a, double *b, int n) {
  for (int k = 0; k < n; ++k) {
    int piv = k;
    for (int i = k + 1; i < n; ++i)
      if (fabs(a[i * n + k]) > fabs(a[piv * n + k]))
        piv = i;
    for (int j = 0; j < n; ++j) {
      double tmp = a[k * n + j];
      a[k * n + j] = a[piv * n + j];
      a[piv * n + j] = tmp;
    }
    double tb = b[k];
    b[k] = b[piv];
    b[piv] = tb;
    for (int i = k + 1; i < n; ++i) {
      const double f = a[i * n + k] / a[k * n + k];
      for (int j = k; j < n; ++j)
        a[i * n + j] -= f * a[k * n + j];
      b[i] -= f * b[k];
    }
  }
  for (int k = n - 1; k >= 0; --k) {
    for (int j = k + 1; j < n; ++j)
      b[k] -= a[k * n + j] * b[j];
    b[k] /= a[k * n + k];
  }
}

int main() {
  const int m = 120;
  double t[MAXM], y[MAXM];
  const double truth[NP] = {2.0, 0.35, 3.1, 0.4};
  for (int i = 0; i < m; ++i) {
    t[i] = 0.05 * i;
    y[i] = 0.0;
  }
  model(truth, t, m, y); /* exact data: the fit must recover truth */

  double p[NP] = {1.6, 0.25, 2.95, 0.2};
  int failures = 0;

  /* The gradient, three ways. */
  double g[NP] = {0, 0, 0, 0};
  constexpr auto params_only = tangent::options{.wrt = tangent::wrt_params(0)};
  tangent::grad<sse, params_only>().pullback(p, t, y, m, g);
  constexpr auto p_and_r = tangent::options{.wrt = tangent::wrt_params(0, 4)};
  double r[MAXM];
  auto J = tangent::jacobian<residuals, p_and_r>()(
      std::span<const double>(p, NP), t, y, m, std::span<double>(r, m));
  double worst_jtr = 0.0, worst_fd = 0.0, worst_jfd = 0.0;
  for (int k = 0; k < NP; ++k) {
    double jtr = 0.0;
    for (int i = 0; i < m; ++i)
      jtr += J[i][k] * r[i];
    worst_jtr = fmax(worst_jtr, fabs(jtr - g[k]) / (1.0 + fabs(g[k])));
    double q[NP];
    for (int j = 0; j < NP; ++j)
      q[j] = p[j];
    const double h = 1e-6;
    q[k] = p[k] + h;
    const double up = sse(q, t, y, m);
    double rp[MAXM], rm[MAXM];
    residuals(q, t, y, m, rp);
    q[k] = p[k] - h;
    const double down = sse(q, t, y, m);
    residuals(q, t, y, m, rm);
    worst_fd =
        fmax(worst_fd, fabs((up - down) / (2 * h) - g[k]) / (1.0 + fabs(g[k])));
    for (int i = 0; i < m; ++i)
      worst_jfd = fmax(worst_jfd, fabs((rp[i] - rm[i]) / (2 * h) - J[i][k]));
  }
  printf("gradient of sse (pullback, raw pointers) vs J^T r: %.1e, vs "
         "central differences: %.1e\n",
         worst_jtr, worst_fd);
  printf("Jacobian of residuals (%d x %d, spans) vs central differences: "
         "%.1e\n",
         m, NP, worst_jfd);
  failures += worst_jtr > 1e-12;
  failures += worst_fd > 1e-6;
  failures += worst_jfd > 1e-7;

  /* Gauss-Newton. */
  printf("\n iter   sse            |step|\n");
  double step_norm = 1.0;
  for (int it = 0; it < 20 && step_norm > 1e-14; ++it) {
    auto rows = tangent::jacobian<residuals, p_and_r>()(
        std::span<const double>(p, NP), t, y, m, std::span<double>(r, m));
    double a[NP * NP] = {0}, b[NP] = {0};
    for (int i = 0; i < m; ++i) {
      const auto &ji = rows[i];
      for (int k = 0; k < NP; ++k) {
        b[k] -= ji[k] * r[i];
        for (int l = 0; l < NP; ++l)
          a[k * NP + l] += ji[k] * ji[l];
      }
    }
    solve(a, b, NP);
    step_norm = 0.0;
    for (int k = 0; k < NP; ++k) {
      p[k] += b[k];
      step_norm += b[k] * b[k];
    }
    step_norm = sqrt(step_norm);
    printf(" %4d   %.6e   %.2e\n", it + 1, sse(p, t, y, m), step_norm);
  }
  double worst = 0.0;
  for (int k = 0; k < NP; ++k)
    worst = fmax(worst, fabs(p[k] - truth[k]));
  printf("\nrecovered a = %.10f, b = %.10f, w = %.10f, phi = %.10f (error "
         "%.1e)\n",
         p[0], p[1], p[2], p[3], worst);
  failures += worst > 1e-9;
  printf("%s\n", failures ? "FAILED" : "OK");
  return failures ? 1 : 0;
}
