// Gauss-Newton on a nonlinear least-squares problem, with the Jacobian of
// the residuals from tangent::jacobian (forward mode: one sweep per
// parameter), and Newton's method on the same misfit with Hessian-vector
// products from tangent::hvp and conjugate gradients.
//
// The model is a damped oscillation y(t) = a exp(-b t) cos(w t + phi),
// fitted to 80 exact samples of known parameters: the residual vanishes at
// the solution, so Gauss-Newton converges quadratically there, as Newton
// does (the step sizes square from one iteration to the next). The program
// checks that both reach the true parameters to 1e-10, that the last steps
// shrink quadratically, and that the Jacobian matches central differences.
#include <tangent/tangent.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

using Params = std::array<double, 4>; // a, b, w, phi

std::vector<double> residuals(const Params &p, const std::vector<double> &t,
                              const std::vector<double> &y) {
  std::vector<double> r(t.size());
  for (std::size_t i = 0; i < t.size(); ++i)
    r[i] = p[0] * std::exp(-p[1] * t[i]) * std::cos(p[2] * t[i] + p[3]) - y[i];
  return r;
}

double misfit(const Params &p, const std::vector<double> &t,
              const std::vector<double> &y) {
  std::vector<double> r = residuals(p, t, y);
  double s = 0;
  for (std::size_t i = 0; i < r.size(); ++i)
    s += 0.5 * r[i] * r[i];
  return s;
}

/// Solves the 4x4 system a x = b (Gaussian elimination, partial pivoting).
Params solve(std::array<Params, 4> a, Params b) {
  for (int c = 0; c < 4; ++c) {
    int pivot = c;
    for (int r = c + 1; r < 4; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[pivot][c]))
        pivot = r;
    std::swap(a[c], a[pivot]);
    std::swap(b[c], b[pivot]);
    for (int r = c + 1; r < 4; ++r) {
      double f = a[r][c] / a[c][c];
      for (int k = c; k < 4; ++k)
        a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  Params x{};
  for (int r = 3; r >= 0; --r) {
    double s = b[r];
    for (int k = r + 1; k < 4; ++k)
      s -= a[r][k] * x[k];
    x[r] = s / a[r][r];
  }
  return x;
}

double norm(const Params &v) {
  return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
}

int main() {
  const Params truth{2.0, 0.5, 3.0, 0.4};
  std::vector<double> t, y;
  for (int i = 0; i < 80; ++i)
    t.push_back(0.05 * i);
  y = residuals(truth, t, std::vector<double>(t.size(), 0.0));
  const Params start{1.6, 0.7, 2.85, 0.55};
  constexpr tangent::options only_p{.wrt = tangent::wrt_params(0)};
  int failures = 0;
  auto expect = [&](bool ok, const char *what) {
    std::printf("%s: %s\n", ok ? "ok" : "FAILED", what);
    failures += !ok;
  };

  // The Jacobian (80 x 4: four forward sweeps) against central differences.
  auto jacobian = tangent::jacobian<residuals, only_p>();
  {
    auto rows = jacobian(start, t, y);
    double worst = 0;
    for (int j = 0; j < 4; ++j) {
      Params up = start, down = start;
      up[j] += 1e-6;
      down[j] -= 1e-6;
      auto ru = residuals(up, t, y), rd = residuals(down, t, y);
      for (std::size_t i = 0; i < t.size(); ++i)
        worst =
            std::fmax(worst, std::fabs(rows[i][j] - (ru[i] - rd[i]) / 2e-6));
    }
    std::printf("Jacobian 80 x 4: largest difference from central "
                "differences %.1e\n",
                worst);
    expect(worst < 1e-7, "Jacobian = central differences");
  }

  // Gauss-Newton: (J^T J) step = -J^T r; returns the step taken.
  auto gauss_newton_step = [&](Params &q) {
    auto rows = jacobian(q, t, y);
    std::vector<double> r = residuals(q, t, y);
    std::array<Params, 4> jtj{};
    Params jtr{};
    for (std::size_t i = 0; i < r.size(); ++i)
      for (int a = 0; a < 4; ++a) {
        jtr[a] -= rows[i][a] * r[i];
        for (int b = 0; b < 4; ++b)
          jtj[a][b] += rows[i][a] * rows[i][b];
      }
    Params step = solve(jtj, jtr);
    for (int a = 0; a < 4; ++a)
      q[a] += step[a];
    return step;
  };
  std::printf("\nGauss-Newton with tangent::jacobian\n");
  std::printf("  it  misfit         |step|\n");
  Params p = start;
  std::vector<double> steps;
  for (int it = 0; it < 20; ++it) {
    steps.push_back(norm(gauss_newton_step(p)));
    std::printf("  %2d  %.6e  %.3e\n", it, misfit(p, t, y), steps.back());
    if (steps.back() < 1e-13)
      break;
  }
  Params error{p[0] - truth[0], p[1] - truth[1], p[2] - truth[2],
               p[3] - truth[3]};
  expect(norm(error) < 1e-10, "Gauss-Newton recovers the parameters");
  expect(steps.size() <= 8, "Gauss-Newton converges within 8 iterations");
  // Quadratic convergence: |step k+1| <= C |step k|^2 once close.
  bool quadratic = false;
  for (std::size_t k = 0; k + 1 < steps.size(); ++k)
    if (steps[k] < 1e-2 && steps[k] > 1e-7)
      quadratic = steps[k + 1] <= 50 * steps[k] * steps[k];
  expect(quadratic, "Gauss-Newton steps shrink quadratically");

  // Newton-CG: H step = -g, H applied by tangent::hvp (reverse over
  // forward), solved by conjugate gradients (exact in 4 iterations).
  std::printf("\nNewton's method with tangent::hvp and conjugate gradients\n");
  auto grad = tangent::grad<misfit, only_p>();
  auto hvp = tangent::hvp<misfit, only_p>();
  {
    // H d against central differences of the gradient.
    const Params d{0.3, -0.2, 0.5, 1.0};
    Params hd = hvp(start, t, y, d), up = start, down = start;
    for (int a = 0; a < 4; ++a) {
      up[a] += 1e-6 * d[a];
      down[a] -= 1e-6 * d[a];
    }
    Params gu = grad(up, t, y), gd = grad(down, t, y);
    double worst = 0;
    for (int a = 0; a < 4; ++a)
      worst = std::fmax(worst, std::fabs(hd[a] - (gu[a] - gd[a]) / 2e-6) /
                                   (1 + std::fabs(hd[a])));
    std::printf("  Hessian-vector product: largest relative difference from "
                "differences of gradients %.1e\n",
                worst);
    expect(worst < 1e-6, "hvp = central differences of the gradient");
  }
  // Newton's basin is smaller than Gauss-Newton's (the Hessian of the
  // misfit is indefinite at the start): start after the first Gauss-Newton
  // step.
  p = start;
  gauss_newton_step(p);
  std::printf("  it  misfit         |step|\n");
  int newton_iterations = 0;
  for (int it = 0; it < 20; ++it) {
    Params g = grad(p, t, y);
    Params x{}, r{-g[0], -g[1], -g[2], -g[3]}, d = r;
    double rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3];
    for (int k = 0; k < 8 && rr > 1e-40; ++k) {
      Params hd = hvp(p, t, y, d);
      double dhd = d[0] * hd[0] + d[1] * hd[1] + d[2] * hd[2] + d[3] * hd[3];
      double alpha = rr / dhd;
      for (int a = 0; a < 4; ++a) {
        x[a] += alpha * d[a];
        r[a] -= alpha * hd[a];
      }
      double next = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3];
      for (int a = 0; a < 4; ++a)
        d[a] = r[a] + next / rr * d[a];
      rr = next;
    }
    for (int a = 0; a < 4; ++a)
      p[a] += x[a];
    ++newton_iterations;
    std::printf("  %2d  %.6e  %.3e\n", it, misfit(p, t, y), norm(x));
    if (norm(x) < 1e-13)
      break;
  }
  Params newton_error{p[0] - truth[0], p[1] - truth[1], p[2] - truth[2],
                      p[3] - truth[3]};
  expect(norm(newton_error) < 1e-10, "Newton-CG recovers the parameters");
  expect(newton_iterations <= 10, "Newton-CG converges within 10 iterations");
  return failures == 0 ? 0 : 1;
}
