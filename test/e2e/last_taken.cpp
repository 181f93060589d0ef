// Selections whose reverse needs only the last iteration that took the
// branch (analysis/LastTaken.cpp): the loop records that iteration's index
// once instead of a decision per iteration. Each gradient against finite
// differences and, built for the strategy matrix, bitwise against the full
// tape (where the loop is checkpointed, it records decisions as before):
//  - k-means' nearest centroid (a callee's distance, `if (dist < best)
//    best = dist`), in a callee and in the requested function;
//  - a minimum and a maximum kept by two branches of one loop (two indices,
//    popped in reverse order), with the index of the minimum copied too;
//  - a loop counting down; indices of type std::size_t and long;
//  - then-blocks that call: a callee that records nothing, and one that
//    records (its reverse must run wherever the branch was taken); one that
//    keeps the index and sets a flag;
//  - look-alikes the pass must leave alone: the kept value read elsewhere in
//    the loop (each taken iteration moves a non-zero adjoint), a then-block
//    that computes instead of copying, a kept value that a copy reads.
// Where nothing else in the loop moves an adjoint, its reverse is the one
// iteration that took the branch last (LoopInfo::reverse_one_iteration:
// k-means, counting down, the call in the then-block); look-alikes whose
// other iterations do move one: a sum carried from iteration to iteration
// (the candidate reads it), a candidate read after the loop, a callee
// adding to a local passed by reference.
// Running extrema written with std::max / std::min (`top = std::max(top,
// x[i])`) are selections too (analysis/RunningExtrema.cpp): log-sum-exp's
// shift, a minimum of computed candidates (their values computed again for
// the one iteration reversed), in a loop counting down, in a while loop
// (a decision recorded per iteration), nested in a loop over rows; and
// look-alikes left to the rule table: the kept value second, a candidate
// reading the kept value, std::fmax.
#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

using tangent_test::check;
using tangent_test::summary;

double sqdist(int d, const double *p, const double *c) {
  double res = 0;
  for (int l = 0; l < d; l++) {
    double diff = p[l] - c[l];
    res = res + diff * diff;
  }
  return res;
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

// The points are data (`wrt` leaves them out): the callee runs its variant
// without their adjoint.
double kmeans(const std::vector<double> &c, const std::vector<double> &points) {
  double out = 0;
  nearest(3, 6, 2, points.data(), c.data(), &out);
  return out;
}

// The same loop in the requested function, over a centroid table.
double kmeansHere(const std::vector<double> &c,
                  const std::vector<double> &points) {
  double cost = 0;
  for (int i = 0; i < 6; i++) {
    double best = 1e300;
    for (int j = 0; j < 3; j++) {
      double dx = points[2 * i] - c[2 * j],
             dy = points[2 * i + 1] - c[2 * j + 1];
      double dist = dx * dx + dy * dy;
      if (dist <= best)
        best = dist;
    }
    cost = cost + std::sqrt(best);
  }
  return cost;
}

// Two branches in one loop: the range of a * x[j] + sin(x[j]).
double range(const std::vector<double> &x, double a) {
  double lo = 1e300, hi = -1e300, at = 0;
  for (int j = 0; j < static_cast<int>(x.size()); j++) {
    double w = x[j];
    double v = a * w + std::sin(w);
    if (v < lo) {
      lo = v;
      at = w;
    }
    if (v > hi)
      hi = v;
  }
  return (hi - lo) * (hi + 2 * lo) + at * at;
}

double countingDown(const std::vector<double> &x) {
  double best = -1e300;
  for (int j = static_cast<int>(x.size()) - 1; j >= 0; j--) {
    double v = x[j] * x[j] - 0.5 * x[j];
    if (v > best)
      best = v;
  }
  return best * best;
}

// The same selections over indices of other integer types: std::size_t
// counting up, long counting down.
double nearestUnsigned(const std::vector<double> &x) {
  double best = 1e300;
  for (std::size_t j = 0; j < x.size(); ++j) {
    double v = x[j] * x[j] + 0.3 * x[j];
    if (v < best)
      best = v;
  }
  return best * best;
}

double countingDownLong(const std::vector<double> &x) {
  double best = -1e300;
  for (long j = static_cast<long>(x.size()) - 1; j >= 0; j--) {
    double v = std::sin(x[j]) * x[j];
    if (v > best)
      best = v;
  }
  return best * best;
}

// A then-block that calls: `scaled` records nothing, so the reverse calls
// it in the last iteration that took the branch alone; `logged` records
// (exp's value), so every taken iteration's reverse must pop it: the loop
// records its decisions as before.
double scaled(double w) { return 3.0 * w + w * w; }
double logged(double w) { return std::exp(0.5 * w) * w; }

double callsInBranch(const std::vector<double> &x) {
  double best = 10.0, val = 0, rec = 0;
  for (int j = 0; j < static_cast<int>(x.size()); j++) {
    double c = x[j] * x[j] - x[j];
    if (c < best) {
      best = c;
      val = scaled(x[j]);
      rec = logged(x[j]);
    }
  }
  return best + val * val + rec;
}

double callInBranch(const std::vector<double> &x) {
  double best = 10.0, val = 0;
  for (int j = 0; j < static_cast<int>(x.size()); j++) {
    double c = x[j] * x[j] - x[j];
    if (c < best) {
      best = c;
      val = scaled(x[j]);
    }
  }
  return best * val;
}

// Look-alikes.
double readInLoop(const std::vector<double> &x) {
  double best = 1e300, acc = 0;
  for (int j = 0; j < static_cast<int>(x.size()); j++) {
    double v = std::cos(x[j]) + x[j];
    if (v < best)
      best = v;
    acc = acc + 2.0 * best; // every iteration reads the kept value
  }
  return acc + best;
}

double computes(const std::vector<double> &x) {
  double best = 10.0;
  for (int j = 0; j < static_cast<int>(x.size()); j++) {
    double v = x[j] * x[j] + 0.3 * x[j];
    if (v < best)
      best = 0.5 * (v + best); // not a copy
  }
  return best;
}

double chained(const std::vector<double> &x) {
  double best = 10.0, prev = 0;
  for (int j = 0; j < static_cast<int>(x.size()); j++) {
    double v = x[j] * x[j] + 0.3 * x[j];
    if (v < best) {
      prev = best; // a copy that reads the kept value
      best = v;
    }
  }
  return best + 0.25 * prev * std::sin(prev);
}

// A then-block that also keeps the index and a flag (constants and copies
// of the index: nothing to reverse).
double withIndex(const std::vector<double> &x) {
  double best = 1e300;
  int at = 0;
  bool found = false;
  for (int j = 0; j < static_cast<int>(x.size()); j++) {
    double v = std::cos(2.0 * x[j]) + 0.3 * x[j];
    if (v < best) {
      best = v;
      at = j;
      found = true;
    }
  }
  return found ? best * x[static_cast<std::size_t>(at)] : 0.0;
}

// The reverse reads a value of the body (w, for w * w): computed again in
// the iteration reversed, or recorded, and then the loop walks.
double squares(const std::vector<double> &x, double a) {
  double best = 1e300;
  for (int j = 0; j < static_cast<int>(x.size()); j++) {
    double w = std::sin(a * x[j]);
    double v = w * w - 0.4 * x[j];
    if (v < best)
      best = v;
  }
  return best;
}

// Other iterations' reverse moves adjoints too.
double carried(const std::vector<double> &x) {
  double best = 1e300, s = x[0];
  for (int j = 1; j < static_cast<int>(x.size()); j++) {
    s = s + x[j]; // read before the body writes it
    double v = x[j] * x[j] + s;
    if (v < best)
      best = v;
  }
  return best;
}

double candidateAfter(const std::vector<double> &x) {
  double best = 1e300, v = 0;
  for (int j = 0; j < static_cast<int>(x.size()); j++) {
    v = x[j] * x[j] - 0.7 * x[j];
    if (v < best)
      best = v;
  }
  return best + v * v; // the last candidate
}

void addTo(double w, double &acc) { acc = acc + 0.5 * w; }

double byReference(const std::vector<double> &x) {
  double best = 1e300, acc = 0;
  for (int j = 0; j < static_cast<int>(x.size()); j++) {
    addTo(x[j], acc); // reads acc before writing it
    double v = x[j] * x[j] + acc;
    if (v < best)
      best = v;
  }
  return best;
}

double logSumExp(const std::vector<double> &x) {
  const std::size_t n = x.size();
  double top = x[0];
  for (std::size_t i = 1; i < n; i++)
    top = std::max(top, x[i]);
  double s = 0;
  for (std::size_t i = 0; i < n; i++)
    s += std::exp(x[i] - top);
  return std::log(s) + top;
}

double smallestComputed(const std::vector<double> &x, double c) {
  double low = 1e300;
  for (int i = 0; i < int(x.size()); ++i)
    low = std::min(low, std::sin(c * x[i]) + x[i] * x[i]);
  return low * c;
}

double maxCountingDown(const std::vector<double> &x) {
  double top = -1e300;
  for (long i = long(x.size()) - 1; i >= 0; --i)
    top = std::max(top, x[i] * x[i]);
  return std::sqrt(top);
}

double maxWhile(const std::vector<double> &x) {
  double top = x[0];
  std::size_t i = 1;
  while (i < x.size() && x[i] < 1.5) {
    top = std::max(top, 2.0 * x[i]);
    ++i;
  }
  return top * top;
}

double rowMaxima(const std::vector<double> &x) {
  double sum = 0;
  for (int r = 0; r < 2; ++r) {
    double top = x[3 * r];
    for (int j = 1; j < 3; ++j)
      top = std::max(top, x[3 * r + j]);
    sum = sum + top * x[r + 4];
  }
  return sum;
}

double extremaLeftAlone(const std::vector<double> &x) {
  double a = x[0], b = x[0], c = x[0];
  for (std::size_t i = 1; i < x.size(); ++i) {
    a = std::max(x[i], a);           // the kept value second
    b = std::min(b, b * 0.5 + x[i]); // the candidate reads it
    c = std::fmax(c, x[i] * 0.8);    // another rule for NaN
  }
  return a * b + c;
}

int main() {
  const std::vector<double> c{0.0, 0.5, 1.0, -0.5, -0.6, 0.4};
  const std::vector<double> x{0.3, -1.2, 0.8, 1.9, -0.4, 0.6, -2.1};
  const std::vector<double> points{0.1, 0.9,  -0.4, 0.3, 1.2,  -0.7,
                                   0.5, -0.2, 0.8,  1.1, -1.0, 0.05};
  constexpr tangent::options centroids{.wrt = tangent::wrt_params(0)};
  check("k-means, the nearest centroid in a callee",
        tangent::grad<kmeans, centroids>(), c, points);
  check("k-means, also with respect to the points", tangent::grad<kmeans>(), c,
        points);
  check("k-means, in the requested function",
        tangent::grad<kmeansHere, centroids>(), c, points);
  check("minimum and maximum in one loop", tangent::grad<range>(), x, 0.7);
  check("a loop counting down", tangent::grad<countingDown>(), x);
  check("a std::size_t index", tangent::grad<nearestUnsigned>(), x);
  check("a long index counting down", tangent::grad<countingDownLong>(), x);
  check("a call in the then-block", tangent::grad<callInBranch>(), x);
  check("a call that records in the then-block", tangent::grad<callsInBranch>(),
        x);
  check("the kept value read in the loop", tangent::grad<readInLoop>(), x);
  check("a then-block that computes", tangent::grad<computes>(), x);
  check("a copy reading the kept value", tangent::grad<chained>(),
        std::vector<double>{0.9, 0.2, -0.1, 0.4, -0.3});
  // Its minimum in the middle: iterations before it matter.
  const std::vector<double> y{0.5, -0.9, 0.2, 1.3, -0.6, 0.4};
  check("the index and a flag kept too", tangent::grad<withIndex>(), x);
  check("a value of the body read by the reverse", tangent::grad<squares>(), x,
        1.3);
  check("a sum carried by the loop", tangent::grad<carried>(), y);
  check("the candidate read after the loop", tangent::grad<candidateAfter>(),
        x);
  check("a callee adding to a local", tangent::grad<byReference>(), y);
  check("log-sum-exp, std::max", tangent::grad<logSumExp>(), x);
  check("a minimum of computed candidates, std::min",
        tangent::grad<smallestComputed>(), x, 0.9);
  check("std::max counting down", tangent::grad<maxCountingDown>(), x);
  check("std::max in a while loop", tangent::grad<maxWhile>(), y);
  check("std::max per row", tangent::grad<rowMaxima>(), x);
  check("running extrema the rule table differentiates",
        tangent::grad<extremaLeftAlone>(), x);
  return summary();
}
