// Tangents deferred to the branch that selects a call's value
// (forward/DeferTangents.cpp): `nearest` computes each candidate distance
// alone (`candidate`) and calls the distance's tangent-linear function
// again only in the branch that takes it, in its jvp and so in its
// Hessian-vector product (whose reverse takes the branch in the last
// iteration that took it: LastTaken.cpp). `within` also reads it after:
// its calls stay as they are; so do `guarded`'s, whose branch tests the
// value before using it (no selection: it is usually taken).
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>

double sqdist(int d, const double *p, const double *c) {
  double r = 0;
  for (int l = 0; l < d; l++) {
    double e = p[l] - c[l];
    r = r + e * e;
  }
  return r;
}

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
    cost = cost + best;
  }
  return cost;
}

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

double guarded(const std::vector<double> &c, const std::vector<double> &pts) {
  double r = 0;
  const double s = sqdist(2, &pts[0], &c[0]);
  if (s > 1e-12)
    r = std::sqrt(s) + s;
  return r;
}

constexpr tangent::options only_c{.wrt = tangent::wrt_params(0)};
auto hnearest = tangent::hvp<nearest, only_c>();
auto jwithin = tangent::jvp<within, only_c>();
auto jguarded = tangent::jvp<guarded, only_c>();
