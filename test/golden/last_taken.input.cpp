// A selection's decision recorded once per loop (analysis/LastTaken.cpp):
// the loop over centroids keeps `last_taken`, the last iteration whose
// branch copied the distance into `best`, and pushes it after the loop;
// the reverse takes the branch in that iteration alone. The points are
// data (`wrt` leaves them out): `sqdist` and `nearest` run their variants
// without the points' adjoint.
#include <tangent/tangent.hpp>
#include <vector>

double sqdist(int d, const double *p, const double *c) {
  double r = 0;
  for (int l = 0; l < d; l++) {
    double e = p[l] - c[l];
    r = r + e * e;
  }
  return r;
}

void nearest(int k, int n, int d, const double *points, const double *c,
             double *out) {
  double cost = 0;
  for (int i = 0; i < n; i++) {
    double best = sqdist(d, points + i * d, c);
    for (int j = 1; j < k; j++) {
      double dist = sqdist(d, points + i * d, c + j * d);
      if (dist < best)
        best = dist;
    }
    cost = cost + best;
  }
  *out = cost;
}

double kmeans(const std::vector<double> &c, const std::vector<double> &pts) {
  double out = 0;
  nearest(int(c.size()) / 2, int(pts.size()) / 2, 2, pts.data(), c.data(),
          &out);
  return out;
}

constexpr tangent::options only_c{.wrt = tangent::wrt_params(0)};
auto gkmeans = tangent::grad<kmeans, only_c>();
