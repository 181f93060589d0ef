//===- benchmarks/workloads/gradient_table.cpp - speed and memory table ---===//
///
/// \file
/// Prints, per workload of workloads.hpp, the time of the primal, of
/// tangent's gradient with a full tape and with checkpointing, and of the
/// hand-written adjoint (hand_adjoints.hpp); the ratios gradient/primal and
/// gradient/hand; peak tape bytes (`tangent::stats`, and the hand adjoint's
/// own tape) and peak RSS.
///
/// Every configuration is measured in a fresh child process (this program
/// re-executed with `--child`), since peak RSS (VmHWM) is per process. The
/// children of all configurations run interleaved, round after round, so
/// that drift of a noisy machine hits them alike. Each child makes one
/// warm-up call (which also measures the tape), then times calls until
/// `--min-time` seconds have passed (at least 3 calls) and reports their
/// median; a configuration's time is the median over its `--reps` children.
///
/// Build with the plugin: `build/bin/tangent-clang++ -O2` (CMake target
/// `gradient_table`). With `-DTANGENT_TABLE_HAND_ONLY` the tangent rows are
/// left out and any C++20 compiler builds it (target `gradient_table_hand`).
///
/// Usage: gradient_table [--reps N] [--min-time S] [w1 w2 w3 w4 w1s]
//===----------------------------------------------------------------------===//
#include "hand_adjoints.hpp"
#include "inputs.hpp"
#include "workloads.hpp"

#ifndef TANGENT_TABLE_HAND_ONLY
#include <tangent/tangent.hpp>
#endif

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using vector = std::vector<double>;

//===----------------------------------------------------------------------===//
// Workloads and configurations
//===----------------------------------------------------------------------===//

enum class workload { w1, w2, w3, w4, w1s };
enum class config { primal, full, checkpointed, hand };

constexpr workload all_workloads[] = {workload::w1, workload::w2, workload::w3,
                                      workload::w4, workload::w1s};
static_assert(static_cast<int>(workload::w1s) + 1 == std::size(all_workloads),
              "all_workloads lists every workload in order");
#ifdef TANGENT_TABLE_HAND_ONLY
constexpr config all_configs[] = {config::primal, config::hand};
#else
constexpr config all_configs[] = {config::primal, config::full,
                                  config::checkpointed, config::hand};
#endif

const char *key(workload w) {
  static const char *names[] = {"w1", "w2", "w3", "w4", "w1s"};
  return names[static_cast<int>(w)];
}
const char *key(config c) {
  static const char *names[] = {"primal", "full", "checkpointed", "hand"};
  return names[static_cast<int>(c)];
}
const char *title(workload w) {
  static const char *titles[] = {
      "W1 rollout: w1_rollout, N = 1000, T = 2000, d/dx",
      "W2 lorenz96: w2_lorenz96<5000>, N = 100, RK4, d/du0",
      "W3 fixed point: w3_fixed_point, N = 1000, tol 1e-10, d/dx",
      "W4 rnn: w4_rnn, H = 64, input 16, T = 1000, d/d(W, U, b)",
      "W1 with structs: w1_rollout_struct, N = 1000, T = 2000, d/dm"};
  return titles[static_cast<int>(w)];
}
const char *label(workload w, config c) {
  switch (c) {
  case config::primal:
    return "primal";
  case config::full:
    return "tangent, full tape";
  case config::checkpointed:
    return w == workload::w3 ? "tangent, checkpoint(8)" : "tangent, checkpoint";
  case config::hand:
    return "hand adjoint";
  }
  return "?";
}

/// Something cheap that depends on every result, so nothing is optimized
/// away.
double digest(const vector &v) { return v.front() + v.back(); }
#ifndef TANGENT_TABLE_HAND_ONLY
double digest(const W1Model &m) { return digest(m.x); }
#endif
double digest(const std::tuple<vector, vector, vector> &t) {
  return digest(std::get<0>(t)) + digest(std::get<1>(t)) +
         digest(std::get<2>(t));
}

/// One measurable call of a configuration, with its tape accounting.
struct job {
  std::function<double()> call;
  std::function<void()> reset_tape;
  std::function<std::size_t()> peak_tape;
};

job make_job(workload w, config c) {
  job j;
  j.reset_tape = [] {};
  j.peak_tape = [] { return std::size_t{0}; };
  if (c == config::hand) {
    j.reset_tape = [] { hand::reset_peak(); };
    j.peak_tape = [] { return hand::peak_bytes(); };
  }
#ifndef TANGENT_TABLE_HAND_ONLY
  if (c == config::full || c == config::checkpointed) {
    j.reset_tape = [] { tangent::stats::reset(); };
    j.peak_tape = [] {
      return static_cast<std::size_t>(tangent::stats::peak_bytes());
    };
  }
#endif
  // The requests are spelled out one by one (no template over f), the
  // simplest form for the plugin to find.
  switch (w) {
  case workload::w1: {
    vector x = workload_inputs::w1_x();
    if (c == config::primal)
      j.call = [x] { return w1_rollout(x); };
    if (c == config::hand)
      j.call = [x] {
        auto [v, g] = hand::w1_rollout(x);
        return v + digest(g);
      };
#ifndef TANGENT_TABLE_HAND_ONLY
    if (c == config::full)
      j.call = [x] {
        auto [v, g] = tangent::grad<w1_rollout>().value_and_grad(x);
        return v + digest(g);
      };
    if (c == config::checkpointed)
      j.call = [x] {
        auto [v, g] =
            tangent::grad<w1_rollout, tangent::options{.checkpoint = true}>()
                .value_and_grad(x);
        return v + digest(g);
      };
#endif
    break;
  }
  case workload::w1s: {
    W1Model m{workload_inputs::w1_x()};
    if (c == config::primal)
      j.call = [m] { return w1_rollout_struct(m); };
    if (c == config::hand)
      j.call = [m] {
        auto [v, g] = hand::w1_rollout(m.x);
        return v + digest(g);
      };
#ifndef TANGENT_TABLE_HAND_ONLY
    if (c == config::full)
      j.call = [m] {
        auto [v, g] = tangent::grad<w1_rollout_struct>().value_and_grad(m);
        return v + digest(g);
      };
    if (c == config::checkpointed)
      j.call = [m] {
        auto [v, g] = tangent::grad<w1_rollout_struct,
                                    tangent::options{.checkpoint = true}>()
                          .value_and_grad(m);
        return v + digest(g);
      };
#endif
    break;
  }
  case workload::w2: {
    vector u0 = workload_inputs::w2_u0();
    if (c == config::primal)
      j.call = [u0] { return w2_lorenz96<5000>(u0); };
    if (c == config::hand)
      j.call = [u0] {
        auto [v, g] = hand::w2_lorenz96<5000>(u0);
        return v + digest(g);
      };
#ifndef TANGENT_TABLE_HAND_ONLY
    if (c == config::full)
      j.call = [u0] {
        auto [v, g] = tangent::grad<w2_lorenz96<5000>>().value_and_grad(u0);
        return v + digest(g);
      };
    if (c == config::checkpointed)
      j.call = [u0] {
        auto [v, g] = tangent::grad<w2_lorenz96<5000>,
                                    tangent::options{.checkpoint = true}>()
                          .value_and_grad(u0);
        return v + digest(g);
      };
#endif
    break;
  }
  case workload::w3: {
    vector x = workload_inputs::w3_x();
    if (c == config::primal)
      j.call = [x] { return w3_fixed_point(x); };
    if (c == config::hand)
      j.call = [x] {
        auto [v, g] = hand::w3_fixed_point(x);
        return v + digest(g);
      };
#ifndef TANGENT_TABLE_HAND_ONLY
    if (c == config::full)
      j.call = [x] {
        auto [v, g] = tangent::grad<w3_fixed_point>().value_and_grad(x);
        return v + digest(g);
      };
    if (c == config::checkpointed) // [[tangent::checkpoint(8)]] on the loop
      j.call = [x] {
        auto [v, g] = tangent::grad<w3_fixed_point_ckpt>().value_and_grad(x);
        return v + digest(g);
      };
#endif
    break;
  }
  case workload::w4: {
    workload_inputs::rnn_parameters p = workload_inputs::w4_parameters();
    if (c == config::primal)
      j.call = [p] { return w4_rnn(p.W, p.U, p.b); };
    if (c == config::hand)
      j.call = [p] {
        auto [v, g] = hand::w4_rnn(p.W, p.U, p.b);
        return v + digest(g);
      };
#ifndef TANGENT_TABLE_HAND_ONLY
    if (c == config::full)
      j.call = [p] {
        auto [v, g] = tangent::grad<w4_rnn>().value_and_grad(p.W, p.U, p.b);
        return v + digest(g);
      };
    if (c == config::checkpointed)
      j.call = [p] {
        auto [v, g] =
            tangent::grad<w4_rnn, tangent::options{.checkpoint = true}>()
                .value_and_grad(p.W, p.U, p.b);
        return v + digest(g);
      };
#endif
    break;
  }
  }
  return j;
}

//===----------------------------------------------------------------------===//
// Child: measure one configuration
//===----------------------------------------------------------------------===//

/// Peak resident set size of this process in bytes (VmHWM), 0 if unknown.
std::size_t peak_rss_bytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0)
      return std::strtoull(line.c_str() + 6, nullptr, 10) * 1024;
  return 0;
}

double median(std::vector<double> v) {
  if (v.empty())
    return NAN;
  std::sort(v.begin(), v.end());
  std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

volatile double sink;

/// Prints "median_ns min_ns calls tape_bytes rss_bytes".
int run_child(workload w, config c, double min_seconds) {
  using clock = std::chrono::steady_clock;
  job j = make_job(w, c);
  j.reset_tape();
  sink = j.call();
  std::size_t tape = j.peak_tape();
  std::vector<double> times;
  clock::time_point begin = clock::now();
  while (times.size() < 3 ||
         (std::chrono::duration<double>(clock::now() - begin).count() <
              min_seconds &&
          times.size() < 10000)) {
    clock::time_point t0 = clock::now();
    sink = j.call();
    clock::time_point t1 = clock::now();
    times.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
  }
  std::printf("%.0f %.0f %zu %zu %zu\n", median(times),
              *std::min_element(times.begin(), times.end()), times.size(), tape,
              peak_rss_bytes());
  return 0;
}

//===----------------------------------------------------------------------===//
// Parent: run the children, print the tables
//===----------------------------------------------------------------------===//

struct sample {
  double median_ns, min_ns;
  std::size_t calls, tape_bytes, rss_bytes;
};

struct measurement {
  std::vector<sample> samples;
  int failures = 0;
  double time_ns() const {
    std::vector<double> m;
    for (const sample &s : samples)
      m.push_back(s.median_ns);
    return median(m);
  }
  double min_ns() const {
    double m = INFINITY;
    for (const sample &s : samples)
      m = std::min(m, s.min_ns);
    return m;
  }
  std::size_t tape_bytes() const {
    std::size_t m = 0;
    for (const sample &s : samples)
      m = std::max(m, s.tape_bytes);
    return m;
  }
  std::size_t rss_bytes() const {
    std::size_t m = 0;
    for (const sample &s : samples)
      m = std::max(m, s.rss_bytes);
    return m;
  }
  bool ok() const { return !samples.empty(); }
};

std::string self_path() {
  char buffer[4096];
  ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (n <= 0)
    return "";
  return std::string(buffer, static_cast<std::size_t>(n));
}

/// Runs one child; false if it failed.
bool measure(const std::string &self, workload w, config c, double min_seconds,
             sample &out) {
  int fd[2];
  if (pipe(fd) != 0)
    return false;
  pid_t pid = fork();
  if (pid < 0)
    return false;
  if (pid == 0) {
    dup2(fd[1], STDOUT_FILENO);
    close(fd[0]);
    close(fd[1]);
    std::string seconds = std::to_string(min_seconds);
    execl(self.c_str(), self.c_str(), "--child", key(w), key(c),
          seconds.c_str(), static_cast<char *>(nullptr));
    _exit(127);
  }
  close(fd[1]);
  std::string text;
  char buffer[256];
  ssize_t n;
  while ((n = read(fd[0], buffer, sizeof buffer)) > 0)
    text.append(buffer, static_cast<std::size_t>(n));
  close(fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return false;
  return std::sscanf(text.c_str(), "%lf %lf %zu %zu %zu", &out.median_ns,
                     &out.min_ns, &out.calls, &out.tape_bytes,
                     &out.rss_bytes) == 5;
}

std::string megabytes(std::size_t bytes) {
  char s[32];
  if (bytes == 0)
    return "-";
  std::snprintf(s, sizeof s, "%.2f MB", bytes / 1e6);
  return s;
}

std::string ratio(double a, double b) {
  char s[32];
  if (!(a > 0) || !(b > 0))
    return "-";
  std::snprintf(s, sizeof s, "%.2f", a / b);
  return s;
}

std::string milliseconds(double ns) {
  char s[32];
  if (!(ns >= 0))
    return "failed";
  std::snprintf(s, sizeof s, "%.3f", ns / 1e6);
  return s;
}

void print_table(workload w, const measurement (&m)[4]) {
  const measurement &primal = m[static_cast<int>(config::primal)];
  const measurement &hand = m[static_cast<int>(config::hand)];
  std::printf("\n%s\n", title(w));
  std::printf("  %-24s %10s %10s %9s %8s %12s %12s\n", "configuration",
              "median ms", "min ms", "x primal", "x hand", "peak tape",
              "peak RSS");
  for (config c : all_configs) {
    const measurement &r = m[static_cast<int>(c)];
    double t = r.ok() ? r.time_ns() : NAN;
    std::printf("  %-24s %10s %10s %9s %8s %12s %12s", label(w, c),
                milliseconds(t).c_str(),
                milliseconds(r.ok() ? r.min_ns() : NAN).c_str(),
                ratio(t, primal.ok() ? primal.time_ns() : NAN).c_str(),
                ratio(t, hand.ok() ? hand.time_ns() : NAN).c_str(),
                megabytes(r.tape_bytes()).c_str(),
                megabytes(r.rss_bytes()).c_str());
    if (r.failures)
      std::printf("  (%d of %zu runs failed)", r.failures,
                  r.samples.size() + r.failures);
    std::printf("\n");
  }
}

#ifndef TANGENT_TABLE_HAND_ONLY
/// Largest |a_i - b_i| / max_i |b_i|.
double difference(const vector &a, const vector &b) {
  double d = 0, s = 0;
  for (std::size_t i = 0; i < b.size(); ++i) {
    d = std::max(d, std::abs(a[i] - b[i]));
    s = std::max(s, std::abs(b[i]));
  }
  return a.size() == b.size() ? d / s : INFINITY;
}
double difference(const std::tuple<vector, vector, vector> &a,
                  const std::tuple<vector, vector, vector> &b) {
  return std::max({difference(std::get<0>(a), std::get<0>(b)),
                   difference(std::get<1>(a), std::get<1>(b)),
                   difference(std::get<2>(a), std::get<2>(b))});
}

template <class G>
void print_agreement(const G &full, const G &ckpt, const G &hand) {
  std::printf("  gradients: full vs hand %.2e, checkpointed vs hand %.2e, "
              "checkpointed %s full (max abs difference / max abs hand)\n",
              difference(full, hand), difference(ckpt, hand),
              full == ckpt ? "bitwise ==" : "!=");
}

/// Computes each tangent gradient once in this process and compares it
/// with the hand adjoint: a fast wrong gradient is worth nothing.
void print_agreement(workload w) {
  switch (w) {
  case workload::w1: {
    vector x = workload_inputs::w1_x();
    print_agreement(
        tangent::grad<w1_rollout>()(x),
        tangent::grad<w1_rollout, tangent::options{.checkpoint = true}>()(x),
        hand::w1_rollout(x).second);
    break;
  }
  case workload::w1s: {
    W1Model m{workload_inputs::w1_x()};
    print_agreement(tangent::grad<w1_rollout_struct>()(m).x,
                    tangent::grad<w1_rollout_struct,
                                  tangent::options{.checkpoint = true}>()(m)
                        .x,
                    hand::w1_rollout(m.x).second);
    break;
  }
  case workload::w2: {
    vector u0 = workload_inputs::w2_u0();
    print_agreement(tangent::grad<w2_lorenz96<5000>>()(u0),
                    tangent::grad<w2_lorenz96<5000>,
                                  tangent::options{.checkpoint = true}>()(u0),
                    hand::w2_lorenz96<5000>(u0).second);
    break;
  }
  case workload::w3: {
    vector x = workload_inputs::w3_x();
    print_agreement(tangent::grad<w3_fixed_point>()(x),
                    tangent::grad<w3_fixed_point_ckpt>()(x),
                    hand::w3_fixed_point(x).second);
    break;
  }
  case workload::w4: {
    workload_inputs::rnn_parameters p = workload_inputs::w4_parameters();
    print_agreement(
        tangent::grad<w4_rnn>()(p.W, p.U, p.b),
        tangent::grad<w4_rnn, tangent::options{.checkpoint = true}>()(p.W, p.U,
                                                                      p.b),
        hand::w4_rnn(p.W, p.U, p.b).second);
    break;
  }
  }
}
#endif

bool parse_workload(const char *s, workload &w) {
  for (workload c : all_workloads)
    if (std::strcmp(s, key(c)) == 0) {
      w = c;
      return true;
    }
  return false;
}

bool parse_config(const char *s, config &c) {
  for (config k :
       {config::primal, config::full, config::checkpointed, config::hand})
    if (std::strcmp(s, key(k)) == 0) {
      c = k;
      return true;
    }
  return false;
}

int usage() {
  std::fprintf(stderr, "usage: gradient_table [--reps N] [--min-time SECONDS] "
                       "[w1 w2 w3 w4 w1s]\n");
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 5 && std::strcmp(argv[1], "--child") == 0) {
    workload w;
    config c;
    if (!parse_workload(argv[2], w) || !parse_config(argv[3], c))
      return usage();
    return run_child(w, c, std::atof(argv[4]));
  }

  int reps = 7;
  double min_seconds = 0.2;
  std::vector<workload> selected;
  for (int i = 1; i < argc; ++i) {
    workload w;
    if (std::strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
      reps = std::max(1, std::atoi(argv[++i]));
    else if (std::strcmp(argv[i], "--min-time") == 0 && i + 1 < argc)
      min_seconds = std::atof(argv[++i]);
    else if (parse_workload(argv[i], w))
      selected.push_back(w);
    else
      return usage();
  }
  if (selected.empty())
    selected.assign(std::begin(all_workloads), std::end(all_workloads));

  const std::string self = self_path();
  if (self.empty()) {
    std::fprintf(stderr, "gradient_table: cannot find /proc/self/exe\n");
    return 1;
  }

  measurement results[std::size(all_workloads)][4];
  for (int rep = 0; rep < reps; ++rep) {
    std::fprintf(stderr, "\rround %d of %d", rep + 1, reps);
    for (workload w : selected)
      for (config c : all_configs) {
        sample s;
        measurement &m = results[static_cast<int>(w)][static_cast<int>(c)];
        if (measure(self, w, c, min_seconds, s))
          m.samples.push_back(s);
        else
          ++m.failures;
      }
  }
  std::fprintf(stderr, "\n");

  std::printf("gradient_table: %s%s, %d processes per configuration "
              "(interleaved), each timing calls for >= %.2f s after one "
              "warm-up call\n",
#ifdef TANGENT_TABLE_HAND_ONLY
              "hand-only build (no tangent rows)",
#else
              "tangent build",
#endif
#ifdef __OPTIMIZE__
              "",
#else
              ", NOT OPTIMIZED",
#endif
              reps, min_seconds);
  std::printf("median ms: median over processes of each process's median "
              "call; min ms: fastest call; x primal, x hand: median ms / "
              "the primal's, the hand adjoint's; peak tape: bytes held by "
              "the tape at its peak (tangent::stats, or the hand adjoint's "
              "own); peak RSS: VmHWM of the process (MB = 1e6 bytes)\n");
  bool any_failed = false;
  for (workload w : selected) {
    print_table(w, results[static_cast<int>(w)]);
#ifndef TANGENT_TABLE_HAND_ONLY
    print_agreement(w);
#endif
    for (const measurement &m : results[static_cast<int>(w)])
      any_failed = any_failed || m.failures > 0;
  }
  return any_failed ? 1 : 0;
}
