// Parallel loops that write through index tables (label: openmp): each
// element a statement assigns is used only by that statement (`a[t[i]] =
// 0;`, `e[k] = e[k] * s + x[k];`), which a loop free of data races lets no
// other iteration touch, so its adjoint is the iteration's too. The shapes
// of a hydro code's boundary conditions (a symmetry plane's accelerations
// zeroed through member functions), of its equation of state (results
// stored at a region's element list) and of a force scatter over a
// permutation of nodes, and its force assembly (per-element blocks with
// several threads, a fixed-size array declared before the loop with one).
// Built with -fopenmp and 2 threads (the assembly with 1 too), and without.
// Checks: against finite differences, and against the sequential twin:
// bitwise where only the iteration's elements are updated, to 1e-13 where
// an adjoint of data several iterations read is summed per thread.
#include "../checkpoint/twin.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

using namespace ckpt_test;

struct Plane {
  std::vector<double> acc, energy;
  std::vector<int> symm, region;
  double &a(int k) { return acc[k]; }
  int plane(int k) const { return symm[k]; }
};
template <> struct tangent_test::fields<Plane> {
  static auto of(Plane &p) { return std::tie(p.acc, p.energy); }
};

#ifdef _OPENMP
#define OMP_THREADS(t) t = omp_get_max_threads()
#else
#define OMP_THREADS(t)
#endif
static void corners(double s, double *out) {
  for (int c = 0; c < 4; ++c)
    out[c] = std::sin(s + 0.5 * c) * s;
}

// clang-format off
#define PAR _Pragma("omp parallel for")
#define SEQ
#define PLANE(P) {                                                             \
    const int n = static_cast<int>(p.symm.size());                             \
    for (std::size_t i = 0; i < p.acc.size(); ++i)                             \
      p.acc[i] = p.acc[i] * p.acc[i] + p.energy[i];                            \
    P for (int i = 0; i < n; ++i)                                              \
      p.a(p.plane(i)) = 0.0;                                                   \
    const int m = static_cast<int>(p.region.size());                           \
    P for (int i = 0; i < m; ++i) {                                            \
      const int k = p.region[i];                                               \
      p.energy[k] = p.energy[k] * std::sin(p.acc[i]) + 0.5 * p.acc[k];         \
    }                                                                          \
    double r = 0;                                                              \
    for (std::size_t i = 0; i < p.acc.size(); ++i)                             \
      r += p.acc[i] * p.energy[i];                                             \
    return r;                                                                  \
  }
// Each element's corner forces added to its nodes, through a table that
// gives every node once (a permutation), and rows of a matrix chosen by it.
#define FORCES(P) {                                                            \
    const int elems = static_cast<int>(nodes.size()) / 4;                      \
    std::vector<double> f(x.size(), 0.0);                                      \
    std::vector<std::vector<double>> rows(elems, std::vector<double>(2, 1.0)); \
    P for (int e = 0; e < elems; ++e) {                                        \
      double local[4];                                                         \
      for (int c = 0; c < 4; ++c)                                              \
        local[c] = std::cos(x[nodes[4 * e + c]]) * x[4 * e + (c + 1) % 4];     \
      for (int c = 0; c < 4; ++c)                                              \
        f[nodes[4 * e + c]] += local[c] * local[(c + 2) % 4];                  \
      const int row = order[e];                                                \
      rows[row][1] = rows[row][1] * local[0] + local[3];                       \
    }                                                                          \
    double r = 0;                                                              \
    for (std::size_t i = 0; i < f.size(); ++i)                                 \
      r += f[i] * x[i];                                                        \
    for (int e = 0; e < elems; ++e)                                            \
      r += rows[e][1] * rows[e][0];                                            \
    return r;                                                                  \
  }
// A hydro code's force assembly: with several threads each element's
// corner forces go to its own block, gathered per node after the loop;
// with one, to a fixed-size array declared before the loop and added to
// the nodes at once.
#define ASSEMBLY(P) {                                                          \
    int threads = 1;                                                           \
    OMP_THREADS(threads);                                                      \
    const int elems = static_cast<int>(nodes.size()) / 4;                      \
    std::vector<double> f(x.size(), 0.0), fe(nodes.size());                    \
    double local[4];                                                           \
    P for (int e = 0; e < elems; ++e) {                                        \
      if (threads > 1) {                                                       \
        corners(x[e], &fe[4 * e]);                                             \
      } else {                                                                 \
        corners(x[e], local);                                                  \
        for (int c = 0; c < 4; ++c)                                            \
          f[nodes[4 * e + c]] += local[c];                                     \
      }                                                                        \
    }                                                                          \
    if (threads > 1) {                                                         \
      P for (int n = 0; n < static_cast<int>(f.size()); ++n)                   \
        f[n] += fe[corner_of[n]];                                              \
    }                                                                          \
    double r = 0;                                                              \
    for (std::size_t i = 0; i < f.size(); ++i)                                 \
      r += f[i] * f[i] * x[i];                                                 \
    return r;                                                                  \
  }
double plane_seq(Plane &p) PLANE(SEQ)
double plane_par(Plane &p) PLANE(PAR)
double forces_seq(const std::vector<double> &x, const std::vector<int> &nodes,
                  const std::vector<int> &order) FORCES(SEQ)
double forces_par(const std::vector<double> &x, const std::vector<int> &nodes,
                  const std::vector<int> &order) FORCES(PAR)
double assembly_seq(const std::vector<double> &x, const std::vector<int> &nodes,
                    const std::vector<int> &corner_of) ASSEMBLY(SEQ)
double assembly_par(const std::vector<double> &x, const std::vector<int> &nodes,
                    const std::vector<int> &corner_of) ASSEMBLY(PAR)
    // clang-format on

    int main() {
#ifdef _OPENMP
  omp_set_num_threads(2);
#endif
  Plane p{wave(9, 0.7, 0.3), wave(9, 0.4, 1.2), {0, 3, 6, 8}, {7, 2, 5, 0, 4}};
  check("plane/par~fd", tangent::grad<plane_par>(), p);
  check_same("plane/par==seq", tangent::grad<plane_par>()(p),
             tangent::grad<plane_seq>()(p));
  const std::vector<int> nodes{5, 2, 9, 0, 11, 3, 7, 1, 4, 10, 6, 8};
  const std::vector<int> order{2, 0, 1};
  // x is read by several iterations: its adjoint is summed per thread.
  const auto x = wave(12, 0.8);
  check("forces/seq~fd", tangent::grad<forces_seq>(), x, nodes, order);
  check("forces/par~fd", tangent::grad<forces_par>(), x, nodes, order);
  const auto par = tangent::grad<forces_par>()(x, nodes, order);
  for (int run = 0; run < 3; ++run)
    check_same("forces/run==run", par,
               tangent::grad<forces_par>()(x, nodes, order));
  check_near("forces/par~seq", par,
             tangent::grad<forces_seq>()(x, nodes, order),
             tolerance{1e-13, 1e-13});
  // Each node is one element's corner (corner_of inverts nodes), with two
  // threads and with one (the array before the loop, private per thread).
  std::vector<int> corner_of(nodes.size());
  for (std::size_t k = 0; k < nodes.size(); ++k)
    corner_of[static_cast<std::size_t>(nodes[k])] = static_cast<int>(k);
  for (int threads : {2, 1}) {
#ifdef _OPENMP
    omp_set_num_threads(threads);
#endif
    const std::string name = "assembly" + std::to_string(threads);
    check(name + "/par~fd", tangent::grad<assembly_par>(), x, nodes, corner_of);
    check_same(name + "/par==seq",
               tangent::grad<assembly_par>()(x, nodes, corner_of),
               tangent::grad<assembly_seq>()(x, nodes, corner_of));
  }
  return summary();
}
