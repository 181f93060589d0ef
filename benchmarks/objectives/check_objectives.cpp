//===- benchmarks/objectives/check_objectives.cpp - tangent on them -------===//
///
/// \file
/// Differentiates every objective of objectives.hpp, unchanged, with the
/// tangent plugin (through the wrappers of tangent_wrappers.hpp) at the
/// small input sizes, in every kind its suite asks for: gradients (GMM,
/// LSTM, least squares, log-sum-exp, determinant, the ODE's last output,
/// k-means), Jacobians (bundle adjustment's 2x15 and 1x1 blocks, hand
/// tracking's 3 npts x 26) and k-means' Hessian diagonal. Each is checked
/// against central finite differences of the wrapper and against the
/// reference derivative (hand.hpp where one is written by hand, else the
/// dual numbers of dual.hpp). Errors are |a - b| / max(1, |b|). Prints one
/// line per objective and exits non-zero on any failure.
///
/// Build: build/bin/tangent-clang++ -O1 (CMake target check_objectives, test
/// objectives.tangent).
//===----------------------------------------------------------------------===//
#include "dual.hpp" // before objectives.hpp (see dual.hpp)
#include "hand.hpp"
#include "inputs.hpp"
#include "tangent_wrappers.hpp"

#include <tangent/lanes.hpp>
#include <tangent/tangent.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <span>
#include <vector>

namespace {

using vec = std::vector<double>;
namespace in = objectives::inputs;
namespace w = wrappers;
using in::preset;

const double tolerance = 1e-6;
int failures = 0;

double error(const vec &got, const vec &want) {
  double e = 0;
  for (size_t i = 0; i < got.size(); i++)
    e = std::max(e, std::fabs(got[i] - want[i]) /
                        std::max(1.0, std::fabs(want[i])));
  return got.size() == want.size() ? e : INFINITY;
}

/// Central differences of `f` along each entry of `x` (restored).
vec differences(double *x, int n, const std::function<double()> &f) {
  vec g(n);
  for (int i = 0; i < n; i++) {
    const double x0 = x[i], h = 1e-6 * std::max(1.0, std::fabs(x0));
    x[i] = x0 + h;
    const double up = f();
    x[i] = x0 - h;
    const double down = f();
    x[i] = x0;
    g[i] = (up - down) / (2 * h);
  }
  return g;
}

void report(const char *name, const char *what, double fd, double ref) {
  const bool ok = fd <= tolerance && ref <= tolerance;
  failures += !ok;
  std::printf("%-7s: %-30s tangent/FD %.2e, tangent/reference %.2e  %s\n", name,
              what, fd, ref, ok ? "ok" : "FAIL");
}

/// A check that must hold exactly (bitwise results of the vector forward
/// mode against the scalar one).
void require(const char *name, const char *what, bool ok) {
  failures += !ok;
  std::printf("%-7s: %-30s %s\n", name, what, ok ? "ok" : "FAIL");
}

vec join(const vec &a, const vec &b) {
  vec out = a;
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

void gmm() {
  in::gmm_input g = in::make_gmm(preset::small);
  const int d = g.d, k = g.k, n = g.n;
  vec da(k), dm(k * d), di(g.icf.size());
  tangent::grad<w::gmm, w::first_three>().pullback(
      g.alphas.data(), g.means.data(), g.icf.data(), d, k, n, g.x.data(),
      g.wishart.gamma, g.wishart.m, da.data(), dm.data(), di.data());
  const vec got = join(join(da, dm), di);
  auto f = [&] {
    return w::gmm(g.alphas.data(), g.means.data(), g.icf.data(), d, k, n,
                  g.x.data(), g.wishart.gamma, g.wishart.m);
  };
  vec fd = join(join(differences(g.alphas.data(), k, f),
                     differences(g.means.data(), k * d, f)),
                differences(g.icf.data(), int(g.icf.size()), f));
  vec hand(got.size());
  double err;
  objectives::gmm_gradient(d, k, n, g.alphas.data(), g.means.data(),
                           g.icf.data(), g.x.data(), g.wishart, &err,
                           hand.data());
  report("gmm", "gradient", error(got, fd), error(got, hand));
}

void ba() {
  in::ba_input b = in::make_ba(preset::small);
  double worst_fd = 0, worst_ref = 0;
  const int ncam = objectives::BA_NCAMPARAMS;
  for (int i = 0; i < b.p; i++) {
    double *cam = &b.cams[b.obs[2 * i] * ncam];
    double *X = &b.X[b.obs[2 * i + 1] * 3];
    double *wi = &b.w[i];
    const double *feat = &b.feats[2 * i];
    // tangent::jacobian of the void function writing err (given spans):
    // 2 rows over (cam, X, w); J column-major.
    vec J(2 * (ncam + 4)), fd(J.size()), ref(J.size());
    double e2[2];
    const auto rows = tangent::jacobian<w::ba_reproj, w::ba_reproj_wrt>()(
        std::span<const double>(cam, ncam), std::span<const double>(X, 3),
        std::span<const double>(wi, 1), feat, std::span<double>(e2, 2));
    for (int row = 0; row < 2; row++) {
      const auto &[dcam, dX, dw] = rows[size_t(row)];
      for (int c = 0; c < ncam; c++)
        J[c * 2 + row] = dcam[size_t(c)];
      for (int c = 0; c < 3; c++)
        J[(ncam + c) * 2 + row] = dX[size_t(c)];
      J[(ncam + 3) * 2 + row] = dw[0];
      auto f = [&] {
        double out[2];
        w::ba_reproj(cam, X, wi, feat, out);
        return out[row];
      };
      vec g = join(join(differences(cam, ncam, f), differences(X, 3, f)),
                   differences(wi, 1, f));
      for (size_t c = 0; c < g.size(); c++)
        fd[c * 2 + row] = g[c];
    }
    double e[2];
    objectives::ba_reproj_jacobian_dual(cam, X, wi, feat, e, ref.data());
    worst_fd = std::max(worst_fd, error(J, fd));
    worst_ref = std::max(worst_ref, error(J, ref));
    // The weight error's 1x1 block.
    double ew, jw;
    const double dw = tangent::jacobian<w::ba_weight>()(
        std::span<const double>(wi, 1), std::span<double>(&ew, 1))[0][0];
    objectives::ba_weight_jacobian_dual(wi, &ew, &jw);
    worst_ref = std::max(worst_ref, std::fabs(dw - jw));
    worst_fd = std::max(worst_fd, std::fabs(dw + 2 * *wi));
  }
  report("ba", "Jacobian blocks 2x15, 1x1", worst_fd, worst_ref);
  // The vector forward mode's low-level entry: 15 columns in one sweep of
  // 16 lanes, bitwise the scalar pushforward's columns.
  bool same = true;
  using lane = tangent::lanes<double, 16>;
  std::array<lane, 15> seeds{};
  for (int j = 0; j < 15; j++)
    seeds[j][j] = 1;
  for (int i = 0; i < b.p; i++) {
    double *cam = &b.cams[b.obs[2 * i] * ncam];
    double *X = &b.X[b.obs[2 * i + 1] * 3];
    double e[2];
    lane te[2];
    tangent::jvp<w::ba_reproj, w::ba_reproj_wrt>().pushforward_lanes<16>(
        cam, X, &b.w[i], &b.feats[2 * i], e, &seeds[0], &seeds[ncam],
        &seeds[ncam + 3], te);
    for (int j = 0; j < 15; j++) {
      vec t(15, 0.0);
      t[j] = 1;
      double te1[2] = {0, 0};
      tangent::jvp<w::ba_reproj, w::ba_reproj_wrt>().pushforward(
          cam, X, &b.w[i], &b.feats[2 * i], e, t.data(), t.data() + ncam,
          t.data() + ncam + 3, te1);
      same = same && te1[0] == te[0][j] && te1[1] == te[1][j];
    }
  }
  require("ba", "pushforward_lanes<16> == scalar", same);
}

void lstm() {
  in::lstm_input s = in::make_lstm(preset::small);
  const int nm = int(s.main_params.size()), ne = int(s.extra_params.size());
  vec dm(nm), de(ne);
  tangent::grad<w::lstm, w::first_two>().pullback(
      s.main_params.data(), s.extra_params.data(), s.l, s.c, s.b,
      s.state.data(), s.sequence.data(), dm.data(), de.data());
  auto f = [&] {
    return w::lstm(s.main_params.data(), s.extra_params.data(), s.l, s.c, s.b,
                   s.state.data(), s.sequence.data());
  };
  const vec got = join(dm, de);
  const vec fd = join(differences(s.main_params.data(), nm, f),
                      differences(s.extra_params.data(), ne, f));
  vec ref(nm + ne);
  double loss;
  objectives::lstm_gradient_dual(s.l, s.c, s.b, s.main_params.data(),
                                 s.extra_params.data(), s.state.data(),
                                 s.sequence.data(), &loss, ref.data());
  report("lstm", "gradient", error(got, fd), error(got, ref));
}

void hand() {
  in::hand_input h = in::make_hand(preset::small);
  const int rows = 3 * h.npts, cols = objectives::HAND_NTHETA;
  vec J(rows * cols), fd(J.size()), ref(J.size()), e(rows);
  // tangent::jacobian of the void function writing err: 26 forward
  // columns (fewer inputs than outputs).
  const auto jrows = tangent::jacobian<w::hand, w::hand_wrt>()(
      std::span<const double>(h.theta), h.model, h.correspondences.data(),
      h.npts, h.points.data(), std::span<double>(e));
  for (int row = 0; row < rows; row++) {
    const vec &dtheta = jrows[size_t(row)];
    auto f = [&] {
      w::hand(h.theta.data(), h.model, h.correspondences.data(), h.npts,
              h.points.data(), e.data());
      return e[row];
    };
    const vec g = differences(h.theta.data(), cols, f);
    for (int c = 0; c < cols; c++) {
      J[c * rows + row] = dtheta[c];
      fd[c * rows + row] = g[c];
    }
  }
  objectives::hand_jacobian_dual(h.theta.data(), h.model,
                                 h.correspondences.data(), h.npts,
                                 h.points.data(), e.data(), ref.data());
  report("ht", "Jacobian 3 npts x 26", error(J, fd), error(J, ref));
  // The Jacobian's columns came from the vector forward mode (16 lanes per
  // sweep): bitwise the scalar forward mode's.
  bool same = true;
  for (int c = 0; c < cols; c++) {
    vec t(cols, 0.0), te(rows, 0.0);
    t[size_t(c)] = 1;
    tangent::jvp<w::hand, w::hand_wrt>().pushforward(
        h.theta.data(), h.model, h.correspondences.data(), h.npts,
        h.points.data(), e.data(), t.data(), te.data());
    for (int row = 0; row < rows; row++)
      same = same && te[size_t(row)] == jrows[size_t(row)][size_t(c)];
  }
  require("ht", "lanes columns == scalar jvp", same);
}

void llsq() {
  in::llsq_input q = in::make_llsq(preset::small);
  vec got(q.n), hand(q.n);
  tangent::grad<w::llsq, w::first>().pullback(q.x.data(), q.n, q.m, got.data());
  const vec fd = differences(q.x.data(), q.n,
                             [&] { return w::llsq(q.x.data(), q.n, q.m); });
  double out;
  objectives::llsq_gradient(q.n, q.m, q.x.data(), &out, hand.data());
  report("llsq", "gradient", error(got, fd), error(got, hand));
}

void lse() {
  in::lse_input q = in::make_lse(preset::small);
  vec got(q.n), hand(q.n);
  tangent::grad<w::lse, w::first>().pullback(q.x.data(), q.n, got.data());
  const vec fd =
      differences(q.x.data(), q.n, [&] { return w::lse(q.x.data(), q.n); });
  double out;
  objectives::lse_gradient(q.n, q.x.data(), &out, hand.data());
  report("lse", "gradient", error(got, fd), error(got, hand));
}

void det() {
  in::det_input q = in::make_det(preset::small);
  const int n = q.ell * q.ell;
  vec got(n), ref(n);
  tangent::grad<w::det, w::first>().pullback(q.a.data(), q.ell, got.data());
  const vec fd =
      differences(q.a.data(), n, [&] { return w::det(q.a.data(), q.ell); });
  double out;
  objectives::det_gradient_dual(q.ell, q.a.data(), &out, ref.data());
  report("det", "gradient", error(got, fd), error(got, ref));
}

void ode() {
  in::ode_input q = in::make_ode(preset::small);
  vec got(q.n), hand(q.n), y(q.n);
  tangent::grad<w::ode, w::first>().pullback(q.x.data(), q.n, q.s, got.data());
  const vec fd = differences(q.x.data(), q.n,
                             [&] { return w::ode(q.x.data(), q.n, q.s); });
  objectives::ode_last_gradient(q.n, q.s, q.x.data(), y.data(), hand.data());
  report("ode", "gradient of the last output", error(got, fd),
         error(got, hand));
}

void kmeans() {
  in::kmeans_input q = in::make_kmeans(preset::small);
  const int n = q.k * q.d;
  vec got(n), hand(n), hess(n);
  tangent::grad<w::kmeans, w::first>().pullback(
      q.centroids.data(), q.k, q.n, q.d, q.points.data(), got.data());
  auto f = [&] {
    return w::kmeans(q.centroids.data(), q.k, q.n, q.d, q.points.data());
  };
  const vec fd = differences(q.centroids.data(), n, f);
  double out;
  objectives::kmeans_gradient_hessian(q.k, q.n, q.d, q.points.data(),
                                      q.centroids.data(), &out, hand.data(),
                                      hess.data());
  report("kmeans", "gradient", error(got, fd), error(got, hand));
  // The Hessian diagonal, against finite differences of the gradient.
  const std::vector<std::vector<double>> H =
      tangent::hessian<w::kmeans_of, w::first>()(q.centroids, q.k, q.n, q.d,
                                                 q.points);
  vec diag(n), fd_diag(n);
  for (int i = 0; i < n; i++) {
    diag[i] = H[i][i];
    const double c0 = q.centroids[i], h = 1e-5;
    vec up(n), down(n);
    q.centroids[i] = c0 + h;
    tangent::grad<w::kmeans, w::first>().pullback(
        q.centroids.data(), q.k, q.n, q.d, q.points.data(), up.data());
    q.centroids[i] = c0 - h;
    tangent::grad<w::kmeans, w::first>().pullback(
        q.centroids.data(), q.k, q.n, q.d, q.points.data(), down.data());
    q.centroids[i] = c0;
    fd_diag[i] = (up[i] - down[i]) / (2 * h);
  }
  report("kmeans", "Hessian diagonal", error(diag, fd_diag), error(diag, hess));
  // Its Hessian is diagonal: one Hessian-vector product with ones.
  const vec ones(size_t(n), 1.0);
  const vec hv = tangent::hvp<w::kmeans_of, w::first>()(q.centroids, q.k, q.n,
                                                        q.d, q.points, ones);
  report("kmeans", "Hessian diagonal (hvp of ones)", error(hv, fd_diag),
         error(hv, hess));
  // Both from the product's one sweep (the table's row).
  const auto [g1, hv1] =
      tangent::hvp<w::kmeans_of, w::first>().gradient_and_hvp(
          q.centroids, q.k, q.n, q.d, q.points, ones);
  report("kmeans", "gradient (gradient_and_hvp)", error(g1, fd),
         error(g1, hand));
  report("kmeans", "Hessian diagonal (gradient_and_hvp)", error(hv1, fd_diag),
         error(hv1, hess));
}

} // namespace

int main() {
  gmm();
  ba();
  lstm();
  hand();
  llsq();
  lse();
  det();
  ode();
  kmeans();
  std::printf(failures ? "%d FAILED\n" : "all ok\n", failures);
  return failures != 0;
}
