//===- test/mpi/mpi_test.hpp - checks for programs run under mpirun -------===//
//
// A small harness for the tests of tangent/mpi.hpp: every rank runs every
// case; a failed check prints the rank, the case and what failed; finish()
// sums the failures over the ranks and the program exits with 1 if any rank
// failed (mpirun then fails). An unexpected exception aborts all ranks, so
// that a failure can never turn into a hang.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_TEST_MPI_TEST_HPP
#define TANGENT_TEST_MPI_TEST_HPP

#include <tangent/mpi.hpp>

#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <exception>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace mpi_test {

struct state {
  int rank = 0;
  int size = 1;
  int failures = 0;
  int checks = 0;
  std::string current = "setup";
};

inline state &now() {
  static state s;
  return s;
}

inline void expect(bool ok, const std::string &what) {
  state &s = now();
  ++s.checks;
  if (!ok) {
    ++s.failures;
    std::fprintf(stderr, "rank %d: FAIL [%s] %s\n", s.rank, s.current.c_str(),
                 what.c_str());
  }
}

/// |a - b| <= rel * scale, printing both values when it fails.
inline void expect_close(double a, double b, double rel, double scale,
                         const std::string &what) {
  const bool ok = std::abs(a - b) <= rel * scale;
  char text[160];
  std::snprintf(text, sizeof text, ": %.17g vs %.17g (diff %.3g, allowed %.3g)",
                a, b, std::abs(a - b), rel * scale);
  expect(ok, what + (ok ? "" : text));
}

/// Expects f() to throw an E whose message contains `word`.
template <class E, class F>
void expect_throw(F &&f, const std::string &word, const std::string &what) {
  try {
    f();
    expect(false, what + ": no exception (expected one naming '" + word + "')");
  } catch (const E &e) {
    const std::string message = e.what();
    expect(message.find(word) != std::string::npos,
           what + ": message '" + message + "' does not name '" + word + "'");
  } catch (const std::exception &e) {
    expect(false, what + ": wrong exception type: " + e.what());
  }
}

/// Runs one case on every rank; an unexpected exception aborts the job.
inline void run(const std::string &name, const std::function<void()> &body) {
  now().current = name;
  try {
    body();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "rank %d: FAIL [%s] unexpected exception: %s\n",
                 now().rank, name.c_str(), e.what());
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
}

/// MPI_Init, rank and size.
inline void start(int *argc, char ***argv) {
  MPI_Init(argc, argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &now().rank);
  MPI_Comm_size(MPI_COMM_WORLD, &now().size);
}

/// Sums the failures over the ranks, reports, finalizes; the exit code.
inline int finish(const char *program) {
  state &s = now();
  int failures = 0;
  int checks = 0;
  MPI_Allreduce(&s.failures, &failures, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&s.checks, &checks, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (s.rank == 0)
    std::printf("%s: %s, %d checks on %d ranks, %d failed\n", program,
                failures == 0 ? "PASS" : "FAIL", checks, s.size, failures);
  MPI_Finalize();
  return failures == 0 ? 0 : 1;
}

/// Uniform values in [-1, 1), different on every rank and for every seed.
inline std::vector<double> random_values(std::size_t n, unsigned seed) {
  std::mt19937_64 g(seed * 1000003u + static_cast<unsigned>(now().rank));
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> v(n);
  for (double &x : v)
    x = u(g);
  return v;
}

/// The sum over all ranks of a local value.
inline double sum_over_ranks(double local) {
  double total = 0.0;
  MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return total;
}

/// Whether a condition holds on every rank.
inline bool on_all_ranks(bool local) {
  int mine = local ? 1 : 0;
  int all = 0;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return all == 1;
}

/// After a case: the tape is empty and no request or transfer is open.
inline void expect_clean(const tangent::tape &t) {
  expect(t.empty(), "the tape is empty after the reverse sweep");
  const tangent::mpi::pending_counts p = tangent::mpi::pending();
  expect(p.requests == 0 && p.adjoint_transfers == 0,
         "no request or adjoint transfer left open");
}

} // namespace mpi_test

#endif // TANGENT_TEST_MPI_TEST_HPP
