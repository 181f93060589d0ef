// Parallel loops whose iterations own blocks of elements (label: openmp):
// written at `f[3 * i + k]`, through a scalar set to the block's start
// (`int i3 = 3 * i;`, a hydro code's corner forces), through addresses a
// callee writes a constant extent from (`project(&err[2 * i], ...)`, a
// bundle adjustment's residuals) or one element at (`volume(..., &v[i])`),
// through a pointer declared in the body and set to the block in a branch
// (`out = &h[i3];`, a hydro code's hourglass forces), by a callee's loop
// over a constant extent (`spread(&f[i3], &g[i3])`) and at an index an
// inner loop computes (`jj = 3 * i + k`, k < 3); a loop whose bound is an
// accessor of a table of sizes;
// a gather whose member functions read other fields than the one written.
// Built with -fopenmp and 2 threads, and without. Checks: against finite
// differences, and bitwise against the sequential twin (every adjoint
// update is to the iteration's own elements).
#include "../checkpoint/twin.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

using namespace ckpt_test;

static void project(const double *p, double *err) {
  err[0] = std::sin(p[0]) * p[1];
  err[1] = p[0] * p[0] - std::cos(p[1]);
}

static void volume(const double *corners, double *out) {
  *out = corners[0] * corners[1] + corners[2];
}

static void spread(const double *in, double *out) {
  for (int k = 0; k < 3; ++k)
    out[k] = in[k] * in[(k + 1) % 3];
}

// clang-format off
#define PAR _Pragma("omp parallel for")
#define SEQ
#define BLOCKS(P) {                                                            \
    const int n = static_cast<int>(x.size()) / 3;                              \
    std::vector<double> f(3 * n), err(2 * n), v(n), h(3 * n), g(3 * n);        \
    P for (int i = 0; i < n; ++i) {                                            \
      double *out;                                                             \
      const int i3 = 3 * i;                                                    \
      if (x[i3] > -0.5) {                                                      \
        out = &h[i3];                                                          \
        out[0] = x[i3] * x[i3 + 2];                                            \
        out[2] = std::cos(x[i3 + 1]);                                          \
      }                                                                        \
      f[i3] = x[i3] * x[i3 + 1];                                               \
      f[i3 + 1] = std::exp(0.1 * x[i3 + 2]);                                   \
      f[3 * i + 2] = f[i3] + f[i3 + 1];                                        \
      project(&x[i3], &err[2 * i]);                                            \
      volume(&f[i3], &v[i]);                                                   \
      spread(&f[i3], &g[i3]);                                                  \
      for (int k = 0; k < 3; ++k) {                                            \
        const int jj = 3 * i + k;                                              \
        g[jj] = g[jj] * x[jj];                                                 \
      }                                                                        \
    }                                                                          \
    double r = 0;                                                              \
    for (int i = 0; i < n; ++i)                                                \
      r += err[2 * i] * err[2 * i + 1] + v[i] + h[3 * i] * h[3 * i + 2] +      \
           g[3 * i] - g[3 * i + 2];                                            \
    return r;                                                                  \
  }
double blocks_seq(const std::vector<double> &x) BLOCKS(SEQ)
double blocks_par(const std::vector<double> &x) BLOCKS(PAR)
    // clang-format on

    // A gather: each node sums what its corners hold, through member functions
    // of the object that read other fields than the one the loop writes.
    struct Nodes {
  std::vector<double> force, weight;
  std::vector<int> start, corners, sizes;
  double &f(int n) { return force[n]; }
  int &size_of(int r) { return sizes[r]; }
  int count(int n) { return start[n + 1] - start[n]; }
  int corner(int n, int k) { return corners[start[n] + k]; }
};
template <> struct tangent_test::fields<Nodes> {
  static auto of(Nodes &m) { return std::tie(m.force, m.weight); }
};
#define GATHER(P)                                                              \
  {                                                                            \
    const int nodes = static_cast<int>(m.force.size());                        \
    P for (int n = 0; n < nodes; ++n) {                                        \
      double sum = 0;                                                          \
      for (int k = 0; k < m.count(n); ++k)                                     \
        sum += std::sin(m.weight[m.corner(n, k)]);                             \
      m.f(n) = m.f(n) * sum;                                                   \
    }                                                                          \
    double r = 0;                                                              \
    for (int n = 0; n < nodes; ++n)                                            \
      r += m.force[n];                                                         \
    return r;                                                                  \
  }
// A region's nodes, the loop's bound an accessor of a table of sizes
// (`i < m.size_of(r)`, r never changed): a counted loop.
#define REGION(P)                                                              \
  {                                                                            \
    P for (int i = 0; i < m.size_of(r); ++i) m.f(i) =                          \
        m.f(i) * std::sin(m.weight[i]);                                        \
    double s = 0;                                                              \
    for (std::size_t i = 0; i < m.force.size(); ++i)                           \
      s += m.force[i];                                                         \
    return s;                                                                  \
  }
// clang-format off
double gather_seq(Nodes &m) GATHER(SEQ)
double gather_par(Nodes &m) GATHER(PAR)
double region_seq(Nodes &m, int r) REGION(SEQ)
double region_par(Nodes &m, int r) REGION(PAR)
    // clang-format on

    int main() {
#ifdef _OPENMP
  omp_set_num_threads(2);
#endif
  twin("blocks", expect::any, tangent::grad<blocks_seq>(),
       tangent::grad<blocks_par>(), wave(3 * 13, 0.7));
  Nodes m{wave(5, 0.6, 1.1),
          wave(12, 0.9),
          {0, 2, 5, 7, 9, 12},
          {0, 3, 1, 4, 7, 2, 5, 8, 11, 6, 9, 10},
          {2, 4}};
  check("gather/par~fd", tangent::grad<gather_par>(), m);
  check_same("gather/par==seq", tangent::grad<gather_par>()(m),
             tangent::grad<gather_seq>()(m));
  check("region/par~fd", tangent::grad<region_par>(), m, 1);
  check_same("region/par==seq", tangent::grad<region_par>()(m, 1),
             tangent::grad<region_seq>()(m, 1));
  return summary();
}
