// Forward mode: tangent::jvp<f>() on scalar- and vector-valued functions,
// through loops, branches, callees (in-out, recursive, vector results) and
// every container kind. Each directional derivative is checked against the
// gradient dotted with the tangent (to 1e-12: both are exact derivatives)
// and against central differences of f along the tangent.
#include "differences.hpp"

#include <array>
#include <cmath>
#include <vector>

using tangent_test::check_near;
using tangent_test::check_strategies;
using tangent_test::check_true;
using tangent_test::dot;
using tangent_test::tight_tol;

double mixed(double x, double y) {
  double s = std::sin(x) * y + std::exp(x * y) / (1 + y * y);
  if (x > y)
    s -= std::sqrt(x - y + 1);
  return s + std::pow(std::fabs(y), 1.5) + std::atan2(y, x);
}

// A while loop with a break, and an integer counter.
double iterate(double x, int cap) {
  double s = x;
  int k = 0;
  while (true) {
    s = 0.5 * s + std::cos(s) * x;
    if (++k >= cap || std::fabs(s) > 50)
      break;
  }
  return s * s;
}

void scale_into(std::vector<double> &v, double a) {
  for (std::size_t i = 0; i < v.size(); ++i)
    v[i] = a * v[i] + std::tanh(v[i]);
}

double power(double x, int n) { return n == 0 ? 1.0 : x * power(x, n - 1); }

std::vector<double> smooth(const std::vector<double> &x) {
  std::vector<double> y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] = 0.25 * x[(i + x.size() - 1) % x.size()] + 0.5 * x[i] +
           0.25 * x[(i + 1) % x.size()];
  return y;
}

// Callees: an in-out vector, recursion, a vector result; a std::array and a
// matrix (vector of rows) parameter.
double pipeline(std::vector<double> v, const std::array<double, 3> &w,
                const std::vector<std::vector<double>> &m, double a) {
  scale_into(v, a);
  std::vector<double> s = smooth(v);
  double r = power(a, 3);
  for (std::size_t i = 0; i < s.size(); ++i)
    r += w[i % 3] * s[i] * s[i];
  for (std::size_t i = 0; i < m.size(); ++i)
    for (std::size_t j = 0; j < m[i].size(); ++j)
      r += m[i][j] * v[j] * std::log1p(m[i][j] * m[i][j]);
  return r;
}

// Vector-valued: a map of R^n x R to R^n.
std::vector<double> field(const std::vector<double> &x, double p) {
  std::vector<double> r(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    r[i] = p * x[i] * x[(i + 1) % x.size()] + std::cos(x[i]) / (1 + p * p);
  return r;
}

std::array<double, 2> polar(double r, double t) {
  return {r * std::cos(t), r * std::sin(t)};
}

// A loop checkpointed in reverse mode: forward mode needs no tape at all.
double rollout(const std::vector<double> &x) {
  std::vector<double> s(x.size(), 0.0);
  [[tangent::checkpoint]] for (int t = 0; t < 300; ++t)
    for (std::size_t j = 0; j < x.size(); ++j)
      s[j] = std::tanh(1.01 * s[j] + x[j]);
  double r = 0;
  for (double e : s)
    r += e;
  return r;
}

// Objects and member functions: a tangent of an object is an object of its
// type holding the tangents in its floating-point fields.
struct Params {
  double k, c;
  int n;
};
struct Particle {
  double x, v;
};
class Spring {
  double k_, rest_;

public:
  Spring(double k, double rest) : k_(k), rest_(rest) {}
  double energy(double x) const { return 0.5 * k_ * (x - rest_) * (x - rest_); }
};

double potential(const Params &p, const std::vector<Particle> &ps, double x) {
  double s = 0.5 * p.k * x * x + p.c * std::sin(x) * p.n;
  for (const Particle &q : ps)
    s += q.x * q.v * x + std::cos(q.x);
  return s;
}

// Custom derivatives: forward mode takes the partial derivatives from the
// pullback (seed 1). This one is deliberately twice the truth, so that a
// jvp that ignored it would differ.
double twisted(double x, const std::vector<double> &w) {
  return std::sin(x) * w[0] + w[1] * w[1];
}
namespace tangent::custom {
inline void twisted_pullback(double x, const std::vector<double> &w,
                             double *d_x, std::vector<double> &d_w, double d) {
  *d_x += 2 * d * std::cos(x) * w[0];
  d_w[0] += 2 * d * std::sin(x);
  d_w[1] += 2 * d * 2 * w[1];
}
} // namespace tangent::custom
double uses_twisted(double x, const std::vector<double> &w) {
  return 3 * twisted(x * x, w) + x;
}

// A rule-table call inside a test that `&&` may skip: it must not be
// evaluated ahead of the test (v[i] past the end when i >= v.size()).
double guarded(const std::vector<double> &v) {
  double s = 0;
  for (std::size_t i = 0; i < 5; ++i) {
    bool big = i < v.size() && std::exp(v[i]) > 1.5;
    s += big ? v[0] * v[1] : v[1];
  }
  return s;
}

template <class F> double central(const F &along, double h = 1e-5) {
  return (8 * (along(h) - along(-h)) - (along(2 * h) - along(-2 * h))) /
         (12 * h);
}

int main() {
  {
    auto jv = tangent::jvp<mixed>();
    for (auto [x, y] : {std::pair{0.3, 0.7}, std::pair{1.2, -0.4}}) {
      auto [gx, gy] = tangent::grad<mixed>()(x, y);
      const double vx = 0.6, vy = -1.3;
      check_near("mixed: jvp = grad.v", jv(x, y, vx, vy), gx * vx + gy * vy,
                 tight_tol);
      check_near("mixed: jvp = FD", jv(x, y, vx, vy), central([&](double h) {
                   return mixed(x + h * vx, y + h * vy);
                 }));
      auto [value, dir] = jv.value_and_jvp(x, y, vx, vy);
      check_true("mixed: value_and_jvp value", value == mixed(x, y));
      check_true("mixed: value_and_jvp tangent", dir == jv(x, y, vx, vy));
      // -DTANGENT_TEST_STRATEGIES: the value against a plain call, and the
      // gradient's strategy matrix (test/e2e/check_strategies.hpp); nothing
      // otherwise.
      check_strategies("mixed: jvp", jv, x, y, vx, vy);
      check_strategies("mixed: grad", tangent::grad<mixed>(), x, y);
    }
  }
  {
    auto jv = tangent::jvp<iterate>();
    double g = tangent::grad<iterate>()(0.8, 7);
    check_near("iterate: jvp = grad.v", jv(0.8, 7, 2.0), 2.0 * g, tight_tol);
    check_near("iterate: jvp = FD", jv(0.8, 7, 1.0),
               central([](double h) { return iterate(0.8 + h, 7); }));
    check_strategies("iterate: jvp", jv, 0.8, 7, 2.0);
    check_strategies("iterate: grad", tangent::grad<iterate>(), 0.8, 7);
  }
  {
    std::vector<double> v{0.3, -0.2, 0.5, 0.1};
    std::array<double, 3> w{1.5, -0.5, 0.25};
    std::vector<std::vector<double>> m{{0.2, 0.1, 0.0, -0.3},
                                       {0.5, -0.4, 0.3, 0.2}};
    std::vector<double> tv{0.7, -0.1, 0.4, 1.0};
    std::array<double, 3> tw{-0.2, 0.9, 0.3};
    std::vector<std::vector<double>> tm{{0.1, -0.5, 0.2, 0.3},
                                        {0.4, 0.6, -0.7, 0.1}};
    const double ta = 0.8;
    auto [gv, gw, gm, ga] = tangent::grad<pipeline>()(v, w, m, 1.1);
    double expected = dot(gv, tv) + ga * ta;
    for (int i = 0; i < 3; ++i)
      expected += gw[i] * tw[i];
    for (std::size_t i = 0; i < m.size(); ++i)
      expected += dot(gm[i], tm[i]);
    double got = tangent::jvp<pipeline>()(v, w, m, 1.1, tv, tw, tm, ta);
    check_near("pipeline: jvp = grad.v", got, expected, tight_tol);
    check_near("pipeline: jvp = FD", got, central([&](double h) {
                 auto v2 = v;
                 auto m2 = m;
                 auto w2 = w;
                 for (std::size_t i = 0; i < v.size(); ++i)
                   v2[i] += h * tv[i];
                 for (int i = 0; i < 3; ++i)
                   w2[i] += h * tw[i];
                 for (std::size_t i = 0; i < m.size(); ++i)
                   for (std::size_t j = 0; j < m[i].size(); ++j)
                     m2[i][j] += h * tm[i][j];
                 return pipeline(v2, w2, m2, 1.1 + h * ta);
               }));
    // Only `a` selected: one tangent.
    constexpr tangent::options only_a{.wrt = tangent::wrt_params(3)};
    check_near("pipeline: jvp wrt a = grad_a",
               tangent::jvp<pipeline, only_a>()(v, w, m, 1.1, 1.0), ga,
               tight_tol);
    check_strategies("pipeline: jvp", tangent::jvp<pipeline>(), v, w, m, 1.1,
                     tv, tw, tm, ta);
    check_strategies("pipeline: jvp wrt a", tangent::jvp<pipeline, only_a>(), v,
                     w, m, 1.1, 1.0);
    check_strategies("pipeline: grad", tangent::grad<pipeline>(), v, w, m, 1.1);
  }
  {
    std::vector<double> x{0.4, -0.3, 1.1, 0.2, -0.8};
    std::vector<double> tx{1.0, 0.5, -0.5, 0.25, 2.0};
    auto [value, dir] = tangent::jvp<field>().value_and_jvp(x, 1.7, tx, -0.4);
    check_near("field: value", value, field(x, 1.7), tight_tol);
    std::vector<double> fd(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
      fd[i] = central([&](double h) {
        auto x2 = x;
        for (std::size_t j = 0; j < x.size(); ++j)
          x2[j] += h * tx[j];
        return field(x2, 1.7 - 0.4 * h)[i];
      });
    check_near("field: jvp = FD", dir, fd);
    // Row i of the Jacobian dotted with the tangent.
    auto rows = tangent::jacobian<field>()(x, 1.7);
    std::vector<double> jt(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
      jt[i] = dot(std::get<0>(rows[i]), tx) - 0.4 * std::get<1>(rows[i]);
    check_near("field: jvp = J.v", dir, jt, tight_tol);
    check_strategies("field: jvp", tangent::jvp<field>(), x, 1.7, tx, -0.4);
  }
  {
    auto d = tangent::jvp<polar>()(2.0, 0.5, 0.1, 1.0);
    check_near("polar: std::array result", d,
               std::array<double, 2>{0.1 * std::cos(0.5) - 2 * std::sin(0.5),
                                     0.1 * std::sin(0.5) + 2 * std::cos(0.5)},
               tight_tol);
    check_strategies("polar: jvp", tangent::jvp<polar>(), 2.0, 0.5, 0.1, 1.0);
  }
  {
    std::vector<double> x(40), t(40);
    for (int i = 0; i < 40; ++i) {
      x[i] = 0.01 * i - 0.2;
      t[i] = std::sin(0.3 * i);
    }
    auto g = tangent::grad<rollout>()(x);
    check_near("rollout: jvp = grad.v", tangent::jvp<rollout>()(x, t),
               dot(g, t), tight_tol);
    constexpr tangent::options ck{.checkpoint = true};
    check_true("rollout: jvp with checkpoint options is the same",
               tangent::jvp<rollout, ck>()(x, t) ==
                   tangent::jvp<rollout>()(x, t));
    check_strategies("rollout: jvp", tangent::jvp<rollout>(), x, t);
    check_strategies("rollout: jvp, checkpoint options",
                     tangent::jvp<rollout, ck>(), x, t);
    check_strategies("rollout: grad", tangent::grad<rollout>(), x);
  }
  {
    Params p{2.0, 0.5, 3};
    std::vector<Particle> ps{{0.1, 0.2}, {0.3, -0.4}};
    auto [gp, gps, gx] = tangent::grad<potential>()(p, ps, 0.7);
    Params tp{0.3, -1.0, 0};
    std::vector<Particle> tps{{1.0, 0.5}, {-0.25, 2.0}};
    double expected = gp.k * 0.3 - gp.c + gx * 0.2;
    for (std::size_t i = 0; i < ps.size(); ++i)
      expected += gps[i].x * tps[i].x + gps[i].v * tps[i].v;
    check_near("objects: jvp = grad.v",
               tangent::jvp<potential>()(p, ps, 0.7, tp, tps, 0.2), expected,
               tight_tol);
    Spring s(3.0, 1.0);
    auto [gs, gsx] = tangent::grad<&Spring::energy>()(s, 1.4);
    (void)gs;
    check_near("member function: jvp along x",
               tangent::jvp<&Spring::energy>()(s, 1.4, Spring(0, 0), 1.0), gsx,
               tight_tol);
    check_near("member function: jvp along the private k_",
               tangent::jvp<&Spring::energy>()(s, 1.4, Spring(1, 0), 0.0),
               0.5 * 0.4 * 0.4, tight_tol);
    check_strategies("objects: jvp", tangent::jvp<potential>(), p, ps, 0.7, tp,
                     tps, 0.2);
    check_strategies("member function: jvp", tangent::jvp<&Spring::energy>(), s,
                     1.4, Spring(0, 0), 1.0);
  }
  {
    std::vector<double> w{0.5, -1.5}, tw{0.25, 1.0};
    auto [gx, gw] = tangent::grad<uses_twisted>()(0.8, w);
    double got = tangent::jvp<uses_twisted>()(0.8, w, 0.3, tw);
    check_near("custom derivative: jvp = grad.v", got,
               gx * 0.3 + gw[0] * tw[0] + gw[1] * tw[1], tight_tol);
    // The truth with the custom derivative's factor 2.
    const double u = 0.64;
    double expected = 3 * 2 *
                          (std::cos(u) * w[0] * 2 * 0.8 * 0.3 +
                           std::sin(u) * tw[0] + 2 * w[1] * tw[1]) +
                      0.3;
    check_near("custom derivative: jvp uses it", got, expected, tight_tol);
    check_strategies("custom derivative: jvp", tangent::jvp<uses_twisted>(),
                     0.8, w, 0.3, tw);
  }
  {
    std::vector<double> v{0.5, 0.3}, t{1.0, 2.0};
    auto g = tangent::grad<guarded>()(v);
    check_near("short-circuit test: jvp = grad.v",
               tangent::jvp<guarded>()(v, t), g[0] * t[0] + g[1] * t[1],
               tight_tol);
    check_strategies("short-circuit test: jvp", tangent::jvp<guarded>(), v, t);
  }
  return tangent_test::summary();
}
