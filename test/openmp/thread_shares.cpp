// OpenMP regions of per-thread results (label: openmp): each thread
// computes a private partial result over its share of an `omp for` loop
// and stores it in a slot of its own, combined after the region, the
// hand-written reduction of OpenMP code (partial sums, a hydro code's
// per-thread time-step minima and where they are, also in a callee over an
// object's accessors). Built with -fopenmp and
// 2 threads, and without (the pragmas ignored, the thread queries stubbed).
// Checks: every gradient against central finite differences; against its
// sequential twin, bitwise where the result does not depend on how the
// iterations are shared (minima), to 1e-13 for sums.
#include "../checkpoint/twin.hpp"

#include <cmath>
#include <cstddef>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#else
int omp_get_max_threads() { return 1; }
int omp_get_thread_num() { return 0; }
#endif

using namespace ckpt_test;

// The suite's wrappers of the thread queries.
int team() { return omp_get_max_threads(); }
int me() { return omp_get_thread_num(); }

// Partial sums over a std::vector, the slot chosen by a wrapper.
double sums_par(const std::vector<double> &x) {
  std::vector<double> sums(team());
#pragma omp parallel
  {
    double sum = 0;
#pragma omp for
    for (std::size_t i = 0; i < x.size(); i++)
      sum += std::sin(x[i]) * x[i];
    sums[me()] = sum;
  }
  double s = 0;
  for (int t = 0; t < team(); t++)
    s += sums[t];
  return s;
}
double sums_seq(const std::vector<double> &x) {
  double s = 0;
  for (std::size_t i = 0; i < x.size(); i++)
    s += std::sin(x[i]) * x[i];
  return s;
}

// Over a pointer parameter every thread reads whole (a polynomial's
// coefficients), and one it reads by share: the first's adjoint is copied
// per thread, the second's updated in place.
double fit_par(const double *c, int m, const double *t, int n) {
  std::vector<double> sums(omp_get_max_threads());
#pragma omp parallel
  {
    double sum = 0;
#pragma omp for
    for (int i = 0; i < n; i++) {
      double p = 0, power = 1;
      for (int j = 0; j < m; j++) {
        p += c[j] * power;
        power *= t[i];
      }
      sum += (p - 1.0) * (p - 1.0);
    }
    sums[omp_get_thread_num()] = sum;
  }
  double s = 0;
  for (double v : sums)
    s += v;
  return s / 2;
}
double fit_seq(const double *c, int m, const double *t, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double p = 0, power = 1;
    for (int j = 0; j < m; j++) {
      p += c[j] * power;
      power *= t[i];
    }
    s += (p - 1.0) * (p - 1.0);
  }
  return s / 2;
}

// Per-thread minima and where they are, combined after the region: a time
// step from the smallest of a set of local constraints.
double step_par(const std::vector<double> &x, double dt0) {
  const int threads = omp_get_max_threads();
  std::vector<double> dt_per_thread(threads);
  std::vector<int> at_per_thread(threads);
  double scale = 2.0;
  const int n = static_cast<int>(x.size());
#pragma omp parallel firstprivate(scale)
  {
    double dt = dt0;
    int at = -1;
    int thread = omp_get_thread_num();
#pragma omp for
    for (int i = 0; i < n; ++i) {
      double c = scale * x[i] * x[i] + 0.5;
      if (c < dt) {
        dt = c;
        at = i;
      }
    }
    dt_per_thread[thread] = dt;
    at_per_thread[thread] = at;
  }
  for (int t = 1; t < threads; ++t)
    if (dt_per_thread[t] < dt_per_thread[0]) {
      dt_per_thread[0] = dt_per_thread[t];
      at_per_thread[0] = at_per_thread[t];
    }
  double dt = at_per_thread[0] != -1 ? dt_per_thread[0] : dt0;
  return dt * x[0] + std::cos(dt);
}
double step_seq(const std::vector<double> &x, double dt0) {
  double dt = dt0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    double c = 2.0 * x[i] * x[i] + 0.5;
    if (c < dt)
      dt = c;
  }
  return dt * x[0] + std::cos(dt);
}

// The same in a callee over an object's fields behind accessors, through
// an index list, the thread's number in a local, the time step written
// through a reference (as a hydro code's Courant constraint).
struct Mesh {
  std::vector<double> ss, vdov, area;
  double &sound(int i) { return ss[i]; }
  double &rate(int i) { return vdov[i]; }
  double &length(int i) { return area[i]; }
};
template <> struct tangent_test::fields<Mesh> {
  static auto of(Mesh &m) { return std::tie(m.ss, m.vdov, m.area); }
};

void courant(Mesh &m, int length, const int *elems, double qqc,
             double &dtcourant) {
  const int threads = omp_get_max_threads();
  std::vector<double> dt_per_thread(threads);
  std::vector<int> at_per_thread(threads);
#pragma omp parallel firstprivate(length, qqc)
  {
    double qqc2 = 64.0 * qqc * qqc;
    double dt = dtcourant;
    int at = -1;
    int thread = omp_get_thread_num();
#pragma omp for
    for (int i = 0; i < length; ++i) {
      int e = elems[i];
      double dtf = m.sound(e) * m.sound(e);
      if (m.rate(e) < 0.0)
        dtf = dtf + qqc2 * m.length(e) * m.length(e) * m.rate(e) * m.rate(e);
      dtf = m.length(e) / std::sqrt(dtf);
      if (m.rate(e) != 0.0) {
        if (dtf < dt) {
          dt = dtf;
          at = e;
        }
      }
    }
    dt_per_thread[thread] = dt;
    at_per_thread[thread] = at;
  }
  for (int t = 1; t < threads; ++t)
    if (dt_per_thread[t] < dt_per_thread[0]) {
      dt_per_thread[0] = dt_per_thread[t];
      at_per_thread[0] = at_per_thread[t];
    }
  if (at_per_thread[0] != -1)
    dtcourant = dt_per_thread[0];
}
double courant_par(Mesh &m) {
  const int n = static_cast<int>(m.ss.size());
  std::vector<int> elems(n);
  for (int i = 0; i < n; ++i)
    elems[i] = n - 1 - i;
  double dt = 10.0;
  courant(m, n, elems.data(), 0.3, dt);
  return dt * m.ss[0];
}
double courant_seq(Mesh &m) {
  const int n = static_cast<int>(m.ss.size());
  double dt = 10.0;
  for (int i = n - 1; i >= 0; --i) {
    double dtf = m.ss[i] * m.ss[i];
    if (m.vdov[i] < 0.0)
      dtf = dtf +
            64.0 * 0.3 * 0.3 * m.area[i] * m.area[i] * m.vdov[i] * m.vdov[i];
    dtf = m.area[i] / std::sqrt(dtf);
    if (m.vdov[i] != 0.0 && dtf < dt)
      dt = dtf;
  }
  return dt * m.ss[0];
}

int main() {
#ifdef _OPENMP
  omp_set_num_threads(2);
  std::printf("OpenMP: %d threads\n", omp_get_max_threads());
#else
  std::printf("without OpenMP: the pragmas are ignored\n");
#endif
  const auto x = wave(37, 0.7);
  check("sums/par~fd", tangent::grad<sums_par>(), x);
  check_near("sums/par~seq", tangent::grad<sums_par>()(x),
             tangent::grad<sums_seq>()(x), tolerance{1e-13, 1e-13});

  const auto c = wave(6, 0.4);
  const auto t = wave(29, 0.9);
  std::vector<double> gp(c.size(), 0.0), gs(c.size(), 0.0);
  std::vector<double> tp(t.size(), 0.0), ts(t.size(), 0.0);
  tangent::grad<fit_par>().pullback(c.data(), 6, t.data(), 29, gp.data(),
                                    tp.data());
  tangent::grad<fit_seq>().pullback(c.data(), 6, t.data(), 29, gs.data(),
                                    ts.data());
  check_near("fit/par~seq coefficients", gp, gs, tolerance{1e-12, 1e-12});
  check_same("fit/par==seq points", tp, ts);
  check_pullback("fit/par~fd", tangent::grad<fit_par>(), 1.0, c.data(), 6,
                 t.data(), 29);

  const auto y = wave(41, 0.8, 0.3);
  check("step/par~fd", tangent::grad<step_par>(), y, 3.0);
  check_same("step/par==seq", tangent::grad<step_par>()(y, 3.0),
             tangent::grad<step_seq>()(y, 3.0));
  Mesh m{wave(23, 0.5, 1.2), wave(23, 0.4, -0.1), wave(23, 0.3, 0.8)};
  check("courant/par~fd", tangent::grad<courant_par>(), m);
  check_same("courant/par==seq", tangent::grad<courant_par>()(m),
             tangent::grad<courant_seq>()(m));
  return summary();
}
