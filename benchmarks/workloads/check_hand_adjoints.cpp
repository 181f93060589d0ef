//===- benchmarks/workloads/check_hand_adjoints.cpp - verify hand adjoints ===//
///
/// \file
/// Checks the hand-written adjoints of hand_adjoints.hpp, which every
/// benchmark compares tangent's gradients with:
///   - values bitwise equal to the primal workloads of workloads.hpp;
///   - gradients against central finite differences (components and random
///     directions) for W1, W2 at T = 200, W3 and W4;
///   - W2 at T = 5000 (chaotic, gradient about 1e40, out of reach of finite
///     differences) against forward-mode dual numbers along random
///     directions; the dual numbers are checked against finite differences
///     at T = 200 first.
/// Prints one line per check and a closing "N passed, M failed" line; exits
/// non-zero on any failure.
//===----------------------------------------------------------------------===//
#include "hand_adjoints.hpp"
#include "inputs.hpp"
#include "workloads.hpp"

#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace {

using vector = std::vector<double>;

//===----------------------------------------------------------------------===//
// Reporting
//===----------------------------------------------------------------------===//

int passed = 0, failed = 0;

/// Records one check: `error` (relative) must not exceed `tolerance`.
void report(const std::string &name, double error, double tolerance,
            const std::string &detail = "") {
  bool ok = error <= tolerance; // NaN fails
  (ok ? passed : failed)++;
  std::printf("%-4s %-52s rel.err %9.2e (tol %7.1e)%s%s\n", ok ? "ok" : "FAIL",
              name.c_str(), error, tolerance, detail.empty() ? "" : "  ",
              detail.c_str());
}

void report_equal(const std::string &name, double a, double b) {
  bool ok = a == b;
  (ok ? passed : failed)++;
  std::printf("%-4s %-52s %.17g %s %.17g\n", ok ? "ok" : "FAIL", name.c_str(),
              a, ok ? "==" : "!=", b);
}

double relative_error(double reference, double value) {
  return std::abs(value - reference) / std::max(std::abs(reference), 1e-300);
}

double dot(const vector &a, const vector &b) {
  double s = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    s += a[i] * b[i];
  return s;
}

double norm(const vector &a) { return std::sqrt(dot(a, a)); }

//===----------------------------------------------------------------------===//
// Finite differences
//===----------------------------------------------------------------------===//

/// Fourth-order central difference of f at x along v with step h (W2 is
/// too curved for the second-order one: its gradient is 1.6e6 at T = 200).
double central_difference(const std::function<double(const vector &)> &f,
                          const vector &x, const vector &v, double h) {
  auto at = [&](double step) {
    vector y(x);
    for (std::size_t i = 0; i < x.size(); ++i)
      y[i] += step * v[i];
    return f(y);
  };
  return (8 * (at(h) - at(-h)) - (at(2 * h) - at(-2 * h))) / (12 * h);
}

vector unit(std::size_t n, std::size_t i) {
  vector e(n, 0.0);
  e[i] = 1.0;
  return e;
}

/// A random direction of norm 1.
vector direction(std::size_t n, std::uint64_t seed) {
  vector v = workload_inputs::uniform_vector(n, -1.0, 1.0, seed);
  double s = norm(v);
  for (double &e : v)
    e /= s;
  return v;
}

/// Compares grad . v with the central difference of f along v, for the unit
/// vectors of `components` and `directions` random directions. The error is
/// relative to max(|grad . v|, scale) with scale = the gradient's norm times
/// 1e-3, so that a near-zero component is not judged by its relative error.
void check_against_fd(const std::string &name,
                      const std::function<double(const vector &)> &f,
                      const vector &x, const vector &grad,
                      const std::vector<std::size_t> &components,
                      int directions, double h, double tolerance) {
  const double scale = 1e-3 * norm(grad);
  double worst = 0;
  std::size_t worst_at = 0;
  for (std::size_t i : components) {
    double fd = central_difference(f, x, unit(x.size(), i), h);
    double e = std::abs(fd - grad[i]) / std::max(std::abs(grad[i]), scale);
    if (!(e <= worst)) {
      worst = e;
      worst_at = i;
    }
  }
  if (!components.empty())
    report(name + ": " + std::to_string(components.size()) + " components",
           worst, tolerance, "worst at " + std::to_string(worst_at));
  worst = 0;
  for (int d = 0; d < directions; ++d) {
    vector v = direction(x.size(), 1000 + d);
    double fd = central_difference(f, x, v, h);
    double ad = dot(grad, v);
    worst = std::max(worst, std::abs(fd - ad) / std::max(std::abs(ad), scale));
  }
  if (directions > 0)
    report(name + ": " + std::to_string(directions) + " directions", worst,
           tolerance);
}

std::vector<std::size_t> all_components(std::size_t n) {
  std::vector<std::size_t> c(n);
  for (std::size_t i = 0; i < n; ++i)
    c[i] = i;
  return c;
}

//===----------------------------------------------------------------------===//
// Forward mode: dual numbers
//===----------------------------------------------------------------------===//

/// A first-order dual number v + d eps, eps^2 = 0.
struct dual {
  double v = 0, d = 0;
};
dual operator+(dual a, dual b) { return {a.v + b.v, a.d + b.d}; }
dual operator-(dual a, dual b) { return {a.v - b.v, a.d - b.d}; }
dual operator*(dual a, dual b) { return {a.v * b.v, a.d * b.v + a.v * b.d}; }
dual operator+(dual a, double b) { return {a.v + b, a.d}; }
dual operator*(double a, dual b) { return {a * b.v, a * b.d}; }

/// Lorenz-96 with RK4 over any scalar, written independently of
/// workloads.hpp but with the same operations in the same order, so that
/// the primal part of a dual run equals the double run bitwise.
template <class S> S lorenz96(const std::vector<S> &u0, int steps) {
  const double F = 8.0, dt = 0.01;
  const std::size_t n = u0.size();
  auto rhs = [&](const std::vector<S> &u, std::vector<S> &du) {
    for (std::size_t i = 0; i < n; ++i)
      du[i] =
          (u[(i + 1) % n] - u[(i + n - 2) % n]) * u[(i + n - 1) % n] - u[i] + F;
  };
  std::vector<S> u(u0), k1(n), k2(n), k3(n), k4(n), tmp(n);
  for (int t = 0; t < steps; ++t) {
    rhs(u, k1);
    for (std::size_t i = 0; i < n; ++i)
      tmp[i] = u[i] + 0.5 * dt * k1[i];
    rhs(tmp, k2);
    for (std::size_t i = 0; i < n; ++i)
      tmp[i] = u[i] + 0.5 * dt * k2[i];
    rhs(tmp, k3);
    for (std::size_t i = 0; i < n; ++i)
      tmp[i] = u[i] + dt * k3[i];
    rhs(tmp, k4);
    for (std::size_t i = 0; i < n; ++i)
      u[i] = u[i] + dt / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
  }
  S r{};
  for (std::size_t i = 0; i < n; ++i)
    r = r + u[i] * u[i];
  return r;
}

/// The directional derivative of lorenz96 at u0 along v, by dual numbers.
dual lorenz96_tangent(const vector &u0, const vector &v, int steps) {
  std::vector<dual> u(u0.size());
  for (std::size_t i = 0; i < u0.size(); ++i)
    u[i] = {u0[i], v[i]};
  return lorenz96(u, steps);
}

//===----------------------------------------------------------------------===//
// The checks, one function per workload
//===----------------------------------------------------------------------===//

void check_w1() {
  const vector x = workload_inputs::w1_x();
  auto [value, grad] = hand::w1_rollout(x);
  report_equal("W1 value == primal", value, w1_rollout(x));
  check_against_fd("W1 vs finite differences", w1_rollout, x, grad,
                   {0, 1, 2, 377, 500, 998, 999}, 2, 1e-4, 1e-7);
}

void check_w2() {
  const vector u0 = workload_inputs::w2_u0();
  {
    auto [value, grad] = hand::w2_lorenz96<200>(u0);
    report_equal("W2 T=200 value == primal", value, w2_lorenz96<200>(u0));
    report_equal("W2 T=200 dual value == primal",
                 lorenz96_tangent(u0, unit(u0.size(), 0), 200).v, value);
    check_against_fd("W2 T=200 vs finite differences", w2_lorenz96<200>, u0,
                     grad, all_components(u0.size()), 3, 3e-6, 1e-6);
    // The dual numbers themselves, against finite differences.
    double worst = 0;
    for (int d = 0; d < 3; ++d) {
      vector v = direction(u0.size(), 2000 + d);
      worst = std::max(
          worst,
          relative_error(lorenz96_tangent(u0, v, 200).d,
                         central_difference(w2_lorenz96<200>, u0, v, 3e-6)));
    }
    report("W2 T=200 dual numbers vs finite differences", worst, 1e-6);
    worst = 0;
    for (int d = 0; d < 3; ++d) {
      vector v = direction(u0.size(), 2000 + d);
      worst = std::max(
          worst, relative_error(lorenz96_tangent(u0, v, 200).d, dot(grad, v)));
    }
    report("W2 T=200 vs dual numbers: 3 directions", worst, 1e-10);
  }
  {
    auto [value, grad] = hand::w2_lorenz96<5000>(u0);
    report_equal("W2 T=5000 value == primal", value, w2_lorenz96<5000>(u0));
    double worst = 0;
    for (int d = 0; d < 4; ++d) {
      vector v = d == 0 ? unit(u0.size(), 0) : direction(u0.size(), 3000 + d);
      worst = std::max(
          worst, relative_error(lorenz96_tangent(u0, v, 5000).d, dot(grad, v)));
    }
    char detail[64];
    std::snprintf(detail, sizeof detail, "|grad| = %.3e", norm(grad));
    report("W2 T=5000 vs dual numbers: e_0 + 3 directions", worst, 1e-8,
           detail);
  }
}

void check_w3() {
  const vector x = workload_inputs::w3_x();
  int iterations = 0;
  auto [value, grad] = hand::w3_fixed_point(x, &iterations);
  report_equal("W3 value == primal", value, w3_fixed_point(x));
  report_equal("W3 value == w3_iterations(x, " + std::to_string(iterations) +
                   ")",
               value, w3_iterations(x, iterations));
  // Reverse mode differentiates the iterations that ran; with their number
  // fixed the function is smooth, so compare with w3_iterations.
  auto fixed = [&](const vector &v) { return w3_iterations(v, iterations); };
  check_against_fd("W3 vs finite differences", fixed, x, grad, {0, 1, 500, 999},
                   2, 1e-4, 1e-7);
  // The converged loop itself: its iteration count may change under the
  // perturbation, which moves the value by at most about tol.
  check_against_fd("W3 vs finite differences of the while loop", w3_fixed_point,
                   x, grad, {0, 999}, 1, 1e-4, 1e-5);

  auto [value_k, grad_k] = hand::w3_iterations(x, 1000);
  report_equal("W3 iters=1000 value == primal", value_k,
               w3_iterations(x, 1000));
  auto thousand = [](const vector &v) { return w3_iterations(v, 1000); };
  check_against_fd("W3 iters=1000 vs finite differences", thousand, x, grad_k,
                   {0, 999}, 1, 1e-4, 1e-7);
}

void check_w4() {
  const workload_inputs::rnn_parameters p = workload_inputs::w4_parameters();
  auto [value, grads] = hand::w4_rnn(p.W, p.U, p.b);
  auto &[dW, dU, db] = grads;
  report_equal("W4 value == primal", value, w4_rnn(p.W, p.U, p.b));
  check_against_fd(
      "W4 d/dW vs finite differences",
      [&](const vector &W) { return w4_rnn(W, p.U, p.b); }, p.W, dW,
      {0, 1, 65, 2080, 4095}, 2, 1e-4, 1e-7);
  check_against_fd(
      "W4 d/dU vs finite differences",
      [&](const vector &U) { return w4_rnn(p.W, U, p.b); }, p.U, dU,
      {0, 17, 1023}, 1, 1e-4, 1e-7);
  check_against_fd(
      "W4 d/db vs finite differences",
      [&](const vector &b) { return w4_rnn(p.W, p.U, b); }, p.b, db, {0, 63}, 1,
      1e-4, 1e-7);
}

} // namespace

int main() {
  check_w1();
  check_w2();
  check_w3();
  check_w4();
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
