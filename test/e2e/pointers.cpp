// End-to-end: raw `const double*` arrays with a size, differentiated through
// the low-level form df.pullback(args..., adjoints..., [seed]): one adjoint
// per differentiable or pointer parameter, accumulated into. Also pullback
// with scalars, vectors and arrays, and the seed.
#include "check.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

double sum_sq(const double *x, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i] * (i + 1);
  return s;
}

double weighted(const double *x, const double *w, int n, double scale) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += w[i] * std::sin(x[i] * scale);
  return s;
}

// A size_t extent, indexing from both ends.
double reversed_pairs(const double *x, std::size_t n) {
  double s = 0.0;
  for (std::size_t i = 0; i < n; ++i)
    s += x[i] * x[n - 1 - i] * (1.0 + 0.5 * i);
  return s;
}

// Array syntax for the parameter: still a pointer.
double array_syntax(const double x[], int n, double t) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += std::exp(-t * x[i]);
  return s;
}

float sum_cubes(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i] * x[i];
  return s;
}

// Callees that write through pointers: the C way of returning results.
void square0(double *x) { x[0] = x[0] * x[0]; }

double through_square0(double *x, int n) {
  square0(x);
  return x[0] * x[n - 1];
}

void residual(const double *x, double *out) { *out = x[0] * x[0] + x[1]; }

double through_out(const double *x, int n, double *out, int m) {
  residual(x, out);
  return out[m - 1] + 0.0 * x[n - 1];
}

// The caller reads the old values after the callee overwrote them: the
// callee's reverse restores what it wrote.
void smooth(double *u, int n) {
  for (int i = 1; i < n; ++i)
    u[i] = 0.5 * (u[i] + u[i - 1] * u[i - 1]);
}

double read_before(double *u, int n) {
  double before = u[1] * u[2];
  smooth(u, n);
  double s = before;
  for (int i = 0; i < n; ++i)
    s += std::sin(u[i]) * (i + 1);
  return s;
}

// One buffer under two names, and a pointer with one of its elements.
void mix(double *p, const double *q, int n) {
  for (int i = 0; i < n; ++i)
    p[i] = p[i] * q[(i + 1) % n] + 0.25;
}

double same_buffer(double *x, int n) {
  mix(x, x, n);
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
  return s;
}

void bump(double *p, double &e) {
  p[0] += e;
  e *= p[0];
}

double pointer_and_element(double *x, int n) {
  bump(x, x[1]);
  return x[0] + x[1] + n;
}

// An element of a pointer given to a callee's reference, which writes it:
// the reverse reads the old value (fmax chose q[0] before the write).
void grow(double &t) { t = 0.5 * t + std::tanh(t); }

double element_written(double *q, int n) {
  double s = std::fmax(q[1], q[0]) * q[n - 1];
  grow(q[1]);
  return s + q[1];
}

// Memory written through a pointer that the result does not read: still
// an output (its adjoint on entry is that of the values left there).
void accumulate_into(const double *x, double *out) {
  out[0] = x[0] * x[1] + std::sin(out[0]);
}

double unread_output(const double *x, int n, double *out, int m) {
  accumulate_into(x, out);
  return x[0] * x[n - 1] + 0 * m;
}

// An output written, then read back, in a checkpointed loop.
double record(const double *x, double *out, int n) {
  double y = 0.2;
  [[tangent::checkpoint]] for (int i = 0; i < n; ++i) {
    y = std::cos(y) * x[i];
    out[i] = y + x[i];
  }
  double r = 0.0;
  for (int i = 0; i < n; ++i)
    r += out[i] * out[i];
  return r;
}

// An in-out array: read, then overwritten.
double accumulate(double *acc, const double *x, int n) {
  double r = 0.0;
  for (int i = 0; i < n; ++i) {
    acc[i] += std::tanh(x[i]) * acc[i];
    r += acc[i] * acc[i];
  }
  return r;
}

// An in-out vector by reference.
double smooth_in_place(std::vector<double> &v, double a) {
  for (int sweep = 0; sweep < 3; ++sweep)
    for (std::size_t i = 1; i + 1 < v.size(); ++i)
      v[i] = (1 - a) * v[i] + 0.5 * a * (v[i - 1] + v[i + 1]);
  double r = 0.0;
  for (double e : v)
    r += e * e;
  return r;
}

double prod3(double a, double b, double c) { return a * b * c + a / c; }

double norm2(const std::vector<double> &v) {
  double s = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i)
    s += v[i] * v[i];
  return std::sqrt(s);
}

double spring_energy(const std::array<double, 3> &q, double k) {
  double e = 0.0;
  for (int i = 0; i < 3; ++i)
    e += 0.5 * k * q[i] * q[i];
  return e + q[0] * q[1];
}

int main() {
  using namespace tangent_test;

  const std::vector<double> x{0.5, -1.2, 2.0, 0.7};
  const int n = static_cast<int>(x.size());
  auto sum_sq_of = [&](const std::vector<double> &v) {
    return sum_sq(v.data(), n);
  };
  {
    auto df = tangent::grad<sum_sq>();
    std::vector<double> dx(x.size(), 0.25);
    double y = df.pullback(x.data(), n, dx.data());
    check_near("sum_sq/value", y, sum_sq(x.data(), n), value_tol);
    check_near(
        "sum_sq/pullback", dx,
        accumulated({0.25, 0.25, 0.25, 0.25}, 1.0, fd_gradient(sum_sq_of, x)));
    // Exact: d/dx_i = 2 (i + 1) x_i.
    std::vector<double> exact(x.size(), 0.0);
    df.pullback(x.data(), n, exact.data());
    check_near("sum_sq/analytic", exact,
               std::vector<double>{1.0, -4.8, 12.0, 5.6});
    // With a seed: the adjoint accumulates seed * gradient.
    std::vector<double> seeded(x.size(), -1.0);
    df.pullback(x.data(), n, seeded.data(), 2.5);
    check_near("sum_sq/seed", seeded,
               accumulated({-1, -1, -1, -1}, 2.5, fd_gradient(sum_sq_of, x)));
  }
  {
    const std::vector<double> w{1.5, -0.5, 0.25, 2.0};
    double scale = 0.8;
    std::vector<double> dx(x.size(), 0.0), dw(w.size(), 0.0);
    double dscale = 0.0;
    auto df = tangent::grad<weighted>();
    double y = df.pullback(x.data(), w.data(), n, scale, dx.data(), dw.data(),
                           &dscale);
    check_near("weighted/value", y, weighted(x.data(), w.data(), n, scale),
               value_tol);
    check_near(
        "weighted/pullback", std::tuple{dx, dw, dscale},
        fd_gradient(
            [&](const std::vector<double> &xv, const std::vector<double> &wv,
                double s) { return weighted(xv.data(), wv.data(), n, s); },
            x, w, scale));
  }
  {
    const std::vector<double> v{0.3, 1.1, -0.9, 0.6, 1.7};
    std::vector<double> dv(v.size(), 0.5);
    tangent::grad<reversed_pairs>().pullback(v.data(), v.size(), dv.data());
    check_near("reversed_pairs/pullback", dv,
               accumulated(std::vector<double>(v.size(), 0.5), 1.0,
                           fd_gradient(
                               [&](const std::vector<double> &u) {
                                 return reversed_pairs(u.data(), u.size());
                               },
                               v)));
  }
  {
    double dt = 0.0;
    std::vector<double> dx(x.size(), 0.0);
    tangent::grad<array_syntax>().pullback(x.data(), n, 0.6, dx.data(), &dt);
    check_near(
        "array_syntax/pullback", std::tuple{dx, dt},
        fd_gradient([&](const std::vector<double> &xv,
                        double t) { return array_syntax(xv.data(), n, t); },
                    x, 0.6));
  }
  {
    const std::vector<float> xf{0.5f, -1.5f, 1.25f};
    std::vector<float> dx(xf.size(), 0.0f);
    tangent::grad<sum_cubes>().pullback(xf.data(), 3, dx.data());
    // Exact: 3 x_i^2.
    check_near("sum_cubes/pullback", dx,
               std::vector<double>{0.75, 6.75, 4.6875}, float_tol);
  }
  {
    // Writes through pointers in callees: d/dx of the result, from adjoints
    // that start at zero (an adjoint of written memory holds, on entry, the
    // adjoint of its final values: zero for the gradient of the result).
    auto pointer_check = [](const char *name, auto df, auto f,
                            std::vector<double> v) {
      const std::vector<double> original = v;
      std::vector<double> dv(v.size(), 0.0);
      df(v.data(), dv.data());
      check_near(std::string(name) + "/restored", v, original, tolerance{0, 0});
      check_near(name, dv,
                 fd_gradient([&](std::vector<double> c) { return f(c.data()); },
                             original));
    };
    pointer_check(
        "square0/pullback",
        [](double *x, double *dx) {
          tangent::grad<through_square0>().pullback(x, 2, dx);
        },
        [](double *x) { return through_square0(x, 2); },
        std::vector<double>{1.3, -0.7});
    {
      double y[2] = {3.0, 1.0}, o[1] = {0.0}, dy[2] = {0, 0}, dout[1] = {0};
      tangent::grad<through_out>().pullback(y, 2, o, 1, dy, dout);
      check_near("residual/pullback", std::vector<double>{dy[0], dy[1]},
                 std::vector<double>{6.0, 1.0});
    }
    pointer_check(
        "read_before/pullback",
        [](double *u, double *du) {
          tangent::grad<read_before>().pullback(u, 4, du);
        },
        [](double *u) { return read_before(u, 4); },
        std::vector<double>{0.4, -0.3, 0.8, 0.2});
    pointer_check(
        "element_written/pullback",
        [](double *q, double *dq) {
          tangent::grad<element_written>().pullback(q, 3, dq);
        },
        [](double *q) { return element_written(q, 3); },
        std::vector<double>{1.0, 0.9, 0.7});
#ifndef TANGENT_E2E_SELFTEST // (finite differences of the result alone)
    {
      // d(x0 x1 + 0.5 out0')/d(x, out0) with out0' = x0 x1 + sin(out0).
      double x[2] = {0.3, 0.4}, out[1] = {1.0}, dx[2] = {0, 0}, dout[1] = {0.5};
      double y =
          tangent::grad<unread_output>().pullback(x, 2, out, 1, dx, dout);
      double fresh[1] = {1.0};
      check_near("unread_output/value", y, unread_output(x, 2, fresh, 1),
                 tolerance{0, 0});
      check_near("unread_output/restored", out[0], 1.0, tolerance{0, 0});
      check_near(
          "unread_output/pullback", std::vector<double>{dx[0], dx[1], dout[0]},
          std::vector<double>{0.4 + 0.2, 0.3 + 0.15, 0.5 * std::cos(1.0)});
    }
#endif
    pointer_check(
        "same_buffer/pullback",
        [](double *u, double *du) {
          tangent::grad<same_buffer>().pullback(u, 3, du);
        },
        [](double *u) { return same_buffer(u, 3); },
        std::vector<double>{0.4, -0.3, 0.8});
    pointer_check(
        "pointer_and_element/pullback",
        [](double *u, double *du) {
          tangent::grad<pointer_and_element>().pullback(u, 2, du);
        },
        [](double *u) { return pointer_and_element(u, 2); },
        std::vector<double>{0.4, -1.3});
  }
  {
    // Scalars: one double* adjoint each, accumulated, with a seed.
    auto df = tangent::grad<prod3>();
    double da = 1.0, db = 0.0, dc = -2.0;
    double y = df.pullback(1.5, -0.5, 2.0, &da, &db, &dc, 0.5);
    check_near("prod3/value", y, prod3(1.5, -0.5, 2.0), value_tol);
    check_near(
        "prod3/pullback", std::tuple{da, db, dc},
        accumulated({1.0, 0.0, -2.0}, 0.5, fd_grad<prod3>(1.5, -0.5, 2.0)));
    check_pullback("prod3/check_pullback", df, -3.0, 0.7, 1.9, -1.1);
  }
  {
    // A vector: std::vector<double>& adjoint.
    const std::vector<double> v{3.0, -4.0, 12.0};
    std::vector<double> dv(3, 0.0);
    double y = tangent::grad<norm2>().pullback(v, dv, 2.0);
    check_near("norm2/value", y, 13.0, value_tol);
    // Exact: 2 * v / |v|.
    check_near("norm2/pullback_seed", dv,
               std::vector<double>{6.0 / 13.0, -8.0 / 13.0, 24.0 / 13.0});
    check_pullback("norm2/check_pullback", tangent::grad<norm2>(), 0.75, v);
  }
  {
    // A std::array: std::array<double, 3>& adjoint.
    const std::array<double, 3> q{0.4, -1.2, 0.9};
    std::array<double, 3> dq{};
    double dk = 0.0;
    tangent::grad<spring_energy>().pullback(q, 3.0, dq, &dk);
    check_near("spring_energy/pullback", std::tuple{dq, dk},
               fd_grad<spring_energy>(q, 3.0));
    check_value_and_grad("spring_energy/value_and_grad",
                         tangent::grad<spring_energy>(), q, 3.0);
  }

  {
    // check_pullback on raw pointers (copied by the harness, sized by the
    // nearest integral parameter after them) and on written memory: the
    // adjoints against finite differences, the value bitwise against a
    // plain call, and the memory of written pointers and references left
    // as the pullback found it (docs/api.md; an output's adjoint starts at
    // 0: check.hpp).
    const std::vector<double> v{0.5, -1.2, 2.0, 0.7, 0.3};
    const int m = static_cast<int>(v.size());
    check_pullback("sum_sq/check_pullback", tangent::grad<sum_sq>(), 1.0,
                   v.data(), m);
    check_pullback("sum_sq/check_pullback seed", tangent::grad<sum_sq>(), -2.5,
                   v.data(), m);
    const std::vector<double> w{1.5, -0.5, 0.25, 2.0, 0.75};
    check_pullback("weighted/check_pullback", tangent::grad<weighted>(), 0.5,
                   v.data(), w.data(), m, 0.8);
    check_pullback(
        "weighted/check_pullback wrt x",
        tangent::grad<weighted,
                      tangent::options{.wrt = tangent::wrt_params(0)}>(),
        1.0, v.data(), w.data(), m, 0.8);
    check_pullback("reversed_pairs/check_pullback",
                   tangent::grad<reversed_pairs>(), 1.0, v.data(), v.size());
    const std::vector<float> vf{0.5f, -1.5f, 1.25f};
    check_pullback("sum_cubes/check_pullback", tangent::grad<sum_cubes>(), 1.0,
                   vf.data(), 3);
    std::vector<double> out(v.size(), 0.0);
    check_pullback("record", tangent::grad<record>(), 1.0, v.data(), out.data(),
                   m);
    check_pullback("record/n=0", tangent::grad<record>(), 1.0, v.data(),
                   out.data(), 0);
    std::vector<double> acc{0.2, 0.4, -0.6, 0.8, 1.0};
    check_pullback("accumulate", tangent::grad<accumulate>(), 1.5, acc.data(),
                   v.data(), m);
    check_pullback("smooth_in_place", tangent::grad<smooth_in_place>(), 1.0, v,
                   0.3);
  }
  return summary();
}
