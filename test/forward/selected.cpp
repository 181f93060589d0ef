// Tangents of a call deferred to the branch that selects its value
// (forward/DeferTangents.cpp): a minimum over candidates computes each
// candidate's value alone and its tangent only where it is selected. The
// jvp, the Hessian-vector product (its adjoint) and the vector forward
// mode's Jacobian of such functions, and of look-alikes the pass must leave
// alone (a callee that writes through a pointer: calling it twice would
// count twice; a value read after the branch or in its else-branch), each
// against the gradient, analytic derivatives and central differences.
// A counted loop's selection calls the tangent-linear function once, after
// the loop, at the iteration selected last, and the first candidate's
// there too when none was (forward/SelectAfterLoop.cpp: `nearest`); and
// look-alikes it must leave in the loop: the kept value read in the loop,
// a candidate whose arguments the loop changes (an offset it steps), a
// first candidate whose arguments it changes, a candidate read from memory
// the loop writes, a candidate's arguments reading the kept value.
#include "differences.hpp"

#include <cmath>
#include <vector>

using tangent_test::check_near;
using tangent_test::check_same;
using tangent_test::check_strategies;
using tangent_test::check_true;
using tangent_test::dot;
using tangent_test::fd_along;
using tangent_test::fd_hvp;
using tangent_test::tight_tol;

// --- functions -------------------------------------------------------------

double sqdist(int d, const double *p, const double *c) {
  double r = 0;
  for (int l = 0; l < d; l++) {
    double e = p[l] - c[l];
    r = r + e * e;
  }
  return r;
}

// The nearest of k centroids to each point (deferred).
double nearest(const std::vector<double> &c, const std::vector<double> &pts) {
  const int d = 2, k = int(c.size()) / 2;
  double cost = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    double best = sqdist(d, &pts[i], &c[0]);
    for (int j = 1; j < k; j++) {
      double dist = sqdist(d, &pts[i], &c[std::size_t(j * d)]);
      if (dist < best)
        best = dist;
    }
    cost = cost + std::sin(best);
  }
  return cost;
}

// Each point's distance to its nearest centroid (a Jacobian of as many
// outputs as inputs: forward columns, in lanes).
std::vector<double> nearest_each(const std::vector<double> &c,
                                 const std::vector<double> &pts) {
  const int d = 2, k = int(c.size()) / 2;
  std::vector<double> out;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    double best = sqdist(d, &pts[i], &c[0]);
    for (int j = 1; j < k; j++) {
      double dist = sqdist(d, &pts[i], &c[std::size_t(j * d)]);
      if (dist < best)
        best = dist;
    }
    out.push_back(best);
  }
  return out;
}

// A candidate's score that also counts the calls: not deferred (a second
// call would count again).
double scored(int d, const double *p, const double *c, int *calls) {
  *calls = *calls + 1;
  return sqdist(d, p, c);
}

double counted(const std::vector<double> &c, const std::vector<double> &pts,
               int *calls) {
  const int d = 2, k = int(c.size()) / 2;
  double cost = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    double best = scored(d, &pts[i], &c[0], calls);
    for (int j = 1; j < k; j++) {
      double dist = scored(d, &pts[i], &c[std::size_t(j * d)], calls);
      if (dist < best)
        best = dist;
    }
    cost = cost + best * best;
  }
  return cost;
}

// The candidate's value is read after the branch too: not deferred.
double spread(const std::vector<double> &c, const std::vector<double> &pts) {
  const int d = 2, k = int(c.size()) / 2;
  double cost = 0, total = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    double best = sqdist(d, &pts[i], &c[0]);
    for (int j = 1; j < k; j++) {
      double dist = sqdist(d, &pts[i], &c[std::size_t(j * d)]);
      if (dist < best)
        best = dist;
      total = total + 0.25 * dist * dist;
    }
    cost = cost + best;
  }
  return cost + total;
}

// ... and in the else-branch: not deferred.
double split(const std::vector<double> &c, const std::vector<double> &pts) {
  const int d = 2, k = int(c.size()) / 2;
  double cost = 0, far = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    double best = sqdist(d, &pts[i], &c[0]);
    for (int j = 1; j < k; j++) {
      double dist = sqdist(d, &pts[i], &c[std::size_t(j * d)]);
      if (dist < best)
        best = dist;
      else
        far = far + std::sqrt(dist);
    }
    cost = cost + best * best;
  }
  return cost + far;
}

// ... and as a constant after the branch (how many candidates are within a
// radius): its tangent is never read there, its value is: not deferred.
double within(const std::vector<double> &c, const std::vector<double> &pts) {
  const int d = 2, k = int(c.size()) / 2;
  double cost = 0;
  int near = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    double best = sqdist(d, &pts[i], &c[0]);
    for (int j = 1; j < k; j++) {
      double dist = sqdist(d, &pts[i], &c[std::size_t(j * d)]);
      if (dist < best)
        best = dist;
      if (dist < 1.0)
        near = near + 1;
    }
    cost = cost + best;
  }
  return cost * near;
}

// The kept value read in the loop: its tangent is needed there.
double running(const std::vector<double> &c, const std::vector<double> &pts) {
  const int d = 2, k = int(c.size()) / 2;
  double cost = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    double best = sqdist(d, &pts[i], &c[0]), acc = 0;
    for (int j = 1; j < k; j++) {
      double dist = sqdist(d, &pts[i], &c[std::size_t(j * d)]);
      if (dist < best)
        best = dist;
      acc = acc + best * best;
    }
    cost = cost + acc;
  }
  return cost;
}

// The candidate's arguments read an offset the loop steps.
double stepped(const std::vector<double> &c, const std::vector<double> &pts) {
  const int d = 2, k = int(c.size()) / 2;
  double cost = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    double best = sqdist(d, &pts[i], &c[0]);
    int at = 0;
    for (int j = 1; j < k; j++) {
      at = at + d;
      double dist = sqdist(d, &pts[i], &c[std::size_t(at)]);
      if (dist < best)
        best = dist;
    }
    cost = cost + best * best;
  }
  return cost;
}

// The first candidate reads an offset the loop changes (centroid 1 first,
// then every centroid from 0: points nearest to 1 select none).
double restarted(const std::vector<double> &c, const std::vector<double> &pts) {
  const int d = 2, k = int(c.size()) / 2;
  double cost = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    int base = d;
    double best = sqdist(d, &pts[i], &c[std::size_t(base)]);
    for (int j = 0; j < k; j++) {
      base = 0; // read by the first candidate only
      double dist = sqdist(d, &pts[i], &c[std::size_t(j * d)]);
      if (dist < best)
        best = dist;
    }
    cost = cost + std::sin(best);
  }
  return cost;
}

// The candidate is read from memory the loop writes (after it compares:
// the candidate selected last is read again changed). Its jvp alone: a
// Hessian-vector product refuses addresses into a local container
// (docs/limitations.md).
double copied(const std::vector<double> &c, const std::vector<double> &pts) {
  const int d = 2, k = int(c.size()) / 2;
  double cost = 0;
  std::vector<double> cc = c;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    double best = sqdist(d, &pts[i], &c[0]);
    for (int j = 1; j < k; j++) {
      double dist = sqdist(d, &pts[i], &cc[std::size_t(j * d)]);
      if (dist < best)
        best = dist;
      cc[std::size_t(j * d)] = 1.5 * cc[std::size_t(j * d)];
    }
    cost = cost + best * best;
  }
  return cost;
}

// The candidate's arguments read the kept value (each candidate is scored
// against the best so far).
double against(int d, const double *p, const double *c, double ref) {
  return sqdist(d, p, c) + 0.25 * ref;
}

double relative(const std::vector<double> &c, const std::vector<double> &pts) {
  const int d = 2, k = int(c.size()) / 2;
  double cost = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); i += 2) {
    double best = sqdist(d, &pts[i], &c[0]);
    for (int j = 1; j < k; j++) {
      double dist = against(d, &pts[i], &c[std::size_t(j * d)], best);
      if (dist < best)
        best = dist;
    }
    cost = cost + best * best;
  }
  return cost;
}

using Objective = double (*)(const std::vector<double> &,
                             const std::vector<double> &);

// jvp against the gradient and differences, hvp against differences of
// gradients.
template <Objective F, bool second_order = true>
void check_selection(const std::string &name, const std::vector<double> &c,
                     const std::vector<double> &pts,
                     const std::vector<double> &t) {
  constexpr tangent::options only_c{.wrt = tangent::wrt_params(0)};
  const double jv = tangent::jvp<F, only_c>()(c, pts, t);
  check_near(name + ": jvp = gradient . t", jv,
             dot(tangent::grad<F, only_c>()(c, pts), t), tight_tol);
  check_near(name + ": jvp = FD along t", jv,
             fd_along([&](const auto &y) { return F(y, pts); }, c, t));
  if constexpr (second_order)
    check_near(name + ": hvp = FD of gradients",
               tangent::hvp<F, only_c>()(c, pts, t),
               fd_hvp(tangent::grad<F, only_c>(), c, t, pts));
}

int counted_calls(const std::vector<double> &c,
                  const std::vector<double> &pts) {
  int calls = 0;
  counted(c, pts, &calls);
  return calls;
}

int main() {
  // Three centroids, six points, each nearer to one centroid than to the
  // others by a margin (differences do not cross a switch).
  const std::vector<double> c{0.1, 0.2, 1.0, 1.1, -0.8, 0.4};
  const std::vector<double> pts{0.0, 0.3, 1.2, 0.9, -1.0, 0.5,
                                0.9, 1.3, 0.3, 0.1, -0.6, 0.2};
  const std::vector<double> t{0.5, -1.0, 2.0, 0.25, 1.5, -0.75};
  constexpr tangent::options only_c{.wrt = tangent::wrt_params(0)};

  {
    auto g = tangent::grad<nearest, only_c>()(c, pts);
    const double jv = tangent::jvp<nearest, only_c>()(c, pts, t);
    check_near("nearest: jvp = gradient . t", jv, dot(g, t), tight_tol);
    check_near("nearest: jvp = FD along t", jv,
               fd_along([&](const auto &y) { return nearest(y, pts); }, c, t));
    auto hv = tangent::hvp<nearest, only_c>();
    check_near("nearest: hvp = FD of gradients", hv(c, pts, t),
               fd_hvp(tangent::grad<nearest, only_c>(), c, t, pts));
    auto [gg, hg] = hv.gradient_and_hvp(c, pts, t);
    check_same("nearest: gradient_and_hvp's gradient == grad", gg, g);
    check_same("nearest: gradient_and_hvp's product == hvp", hg, hv(c, pts, t));
    check_strategies("nearest: hvp", hv, c, pts, t);
  }
  {
    auto rows = tangent::jacobian<nearest_each, only_c>()(c, pts);
    auto vj = tangent::vjp<nearest_each, only_c>();
    bool same = rows.size() == 6;
    for (std::size_t i = 0; same && i < rows.size(); ++i) {
      std::vector<double> u(6, 0.0);
      u[i] = 1.0;
      same = rows[i] == vj(c, pts, u);
    }
    check_true("nearest_each: jacobian rows == vjp of unit vectors", same);
    for (std::size_t i = 0; i < rows.size(); ++i)
      check_near(
          "nearest_each: jacobian row " + std::to_string(i) + " . t",
          dot(rows[i], t),
          fd_along([&](const auto &y) { return nearest_each(y, pts)[i]; }, c,
                   t));
  }
  {
    // Not deferred: the jvp calls the counting callee as often as f does.
    int calls = 0;
    const double jv = tangent::jvp<counted, only_c>()(c, pts, &calls, t);
    check_true("counted: the jvp counts each call once",
               calls == counted_calls(c, pts));
    int dummy = 0;
    check_near(
        "counted: jvp = FD along t", jv,
        fd_along([&](const auto &y) { return counted(y, pts, &dummy); }, c, t));
    calls = 0;
    auto hv = tangent::hvp<counted, only_c>()(c, pts, &calls, t);
    // (a pullback gives back what f writes: the count it found)
    check_true("counted: the hvp leaves the count as it found it", calls == 0);
    check_near("counted: hvp = FD of gradients", hv,
               fd_hvp(
                   [&](const std::vector<double> &y) {
                     int n = 0;
                     return tangent::grad<counted, only_c>()(y, pts, &n);
                   },
                   c, t));
  }
  {
    const double jv = tangent::jvp<spread, only_c>()(c, pts, t);
    check_near("spread: jvp = gradient . t", jv,
               dot(tangent::grad<spread, only_c>()(c, pts), t), tight_tol);
    check_near("spread: jvp = FD along t", jv,
               fd_along([&](const auto &y) { return spread(y, pts); }, c, t));
    check_near("spread: hvp = FD of gradients",
               tangent::hvp<spread, only_c>()(c, pts, t),
               fd_hvp(tangent::grad<spread, only_c>(), c, t, pts));
  }
  {
    const double jv = tangent::jvp<split, only_c>()(c, pts, t);
    check_near("split: jvp = gradient . t", jv,
               dot(tangent::grad<split, only_c>()(c, pts), t), tight_tol);
    check_near("split: jvp = FD along t", jv,
               fd_along([&](const auto &y) { return split(y, pts); }, c, t));
    check_near("split: hvp = FD of gradients",
               tangent::hvp<split, only_c>()(c, pts, t),
               fd_hvp(tangent::grad<split, only_c>(), c, t, pts));
  }
  {
    auto [value, jv] = tangent::jvp<within, only_c>().value_and_jvp(c, pts, t);
    check_true("within: value_and_jvp's value == f", value == within(c, pts));
    check_near("within: jvp = gradient . t", jv,
               dot(tangent::grad<within, only_c>()(c, pts), t), tight_tol);
    check_near("within: jvp = FD along t", jv,
               fd_along([&](const auto &y) { return within(y, pts); }, c, t));
  }
  check_selection<running>("running", c, pts, t);
  check_selection<stepped>("stepped", c, pts, t);
  check_selection<restarted>("restarted", c, pts, t);
  check_selection<copied, false>("copied", c, pts, t);
  check_selection<relative>("relative", c, pts, t);
  return tangent_test::summary();
}
