// Checkpointing: annotated blocks and nested loops.
//
//  - [[tangent::checkpoint]] { loop1; loop2; }: every loop in the block is
//    checkpointed (a counted loop with a run-time bound gets segments, a
//    while loop online checkpointing), also a loop nested in another one;
//  - nested loops: outer checkpointed with the inner one taped in each
//    replay; the inner one annotated while the outer one is fully taped;
//    both annotated; a triangular nest (inner bound = outer index); an
//    online outer loop around an annotated counted inner loop; three levels.
//
// Each function exists twice with one body (a macro taking the attribute or
// attributes): `<name>_taped` without them, `<name>_ckpt` with them; see
// twin.hpp for what is checked.
#include "twin.hpp"

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

using namespace ckpt_test;

#define CK [[tangent::checkpoint]]
#define CK3 [[tangent::checkpoint(3)]]

// Two loops in an annotated block: a counted loop (run-time bound) and a
// while loop (unknown trip count).
#define BLOCK(C)                                                               \
  {                                                                            \
    double y = x, z = 0.0;                                                     \
    int k = 0;                                                                 \
    C {                                                                        \
      for (int i = 0; i < n; ++i)                                              \
        y = 0.8 * y + 0.3 * std::sin(y + x * (1.0 + 0.01 * i));                \
      while (k < n && z < 1e100) {                                             \
        z = 0.7 * z + 0.2 * std::cos(z - y);                                   \
        ++k;                                                                   \
      }                                                                        \
    }                                                                          \
    return y * z + y;                                                          \
  }
// A nest inside an annotated block: both levels are in the block.
#define BLOCK_NEST(C)                                                          \
  {                                                                            \
    std::vector<double> s(xs.size(), 0.0);                                     \
    C {                                                                        \
      for (int t = 0; t < n; ++t) {                                            \
        for (std::size_t j = 0; j < s.size(); ++j)                             \
          s[j] = std::tanh(0.8 * s[j] + xs[j] + 0.01 * t);                     \
      }                                                                        \
    }                                                                          \
    double r = 0.0;                                                            \
    for (std::size_t j = 0; j < s.size(); ++j)                                 \
      r += s[j] * s[j];                                                        \
    return r;                                                                  \
  }
// An annotated block inside a fully taped loop body.
#define BLOCK_IN_LOOP(C)                                                       \
  {                                                                            \
    double y = x, acc = 0.0;                                                   \
    for (int t = 0; t < 4; ++t) {                                              \
      C {                                                                      \
        for (int i = 0; i < n; ++i)                                            \
          y = 0.8 * y + 0.3 * std::sin(y + 0.1 * t);                           \
      }                                                                        \
      acc = acc + y * y;                                                       \
    }                                                                          \
    return acc;                                                                \
  }
// Outer annotated, inner taped within each replay.
#define OUTER(C)                                                               \
  {                                                                            \
    std::vector<double> s(xs.size(), 0.0);                                     \
    C for (int t = 0; t < n; ++t) {                                            \
      for (std::size_t j = 0; j < s.size(); ++j)                               \
        s[j] = std::tanh(0.8 * s[j] + 0.1 * s[(j + 1) % s.size()] + xs[j]);    \
    }                                                                          \
    double r = 0.0;                                                            \
    for (std::size_t j = 0; j < s.size(); ++j)                                 \
      r += s[j] * (1.0 + j);                                                   \
    return r;                                                                  \
  }
// Inner annotated (segments over m), outer fully taped.
#define INNER(C)                                                               \
  {                                                                            \
    double y = x, acc = 0.0;                                                   \
    for (int t = 0; t < n; ++t) {                                              \
      C for (int i = 0; i < m; ++i) y =                                        \
          0.8 * y + 0.3 * std::sin(y + x * (1.0 + 0.01 * (i + t)));            \
      acc = 0.5 * acc + y;                                                     \
    }                                                                          \
    return acc * y;                                                            \
  }
// Inner annotated while loop (online), outer fully taped.
#define INNER_WHILE(C)                                                         \
  {                                                                            \
    double y = x, acc = 0.0;                                                   \
    for (int t = 0; t < n; ++t) {                                              \
      int k = 0;                                                               \
      C while (k < m && y < 1e100) {                                           \
        y = 0.8 * y + 0.3 * std::sin(y + x + 0.01 * t);                        \
        ++k;                                                                   \
      }                                                                        \
      acc = 0.5 * acc + y;                                                     \
    }                                                                          \
    return acc * y;                                                            \
  }
// Both annotated.
#define BOTH(C1, C2)                                                           \
  {                                                                            \
    std::vector<double> s(xs.size(), 0.0);                                     \
    double acc = 0.0;                                                          \
    C1 for (int t = 0; t < n; ++t) {                                           \
      C2 for (int i = 0; i < m; ++i) {                                         \
        for (std::size_t j = 0; j < s.size(); ++j)                             \
          s[j] = std::tanh(0.7 * s[j] + xs[j] + 0.01 * i);                     \
      }                                                                        \
      acc = 0.9 * acc + s[t % s.size()];                                       \
    }                                                                          \
    return acc + s[0] * s[1];                                                  \
  }
// Triangular: the inner bound is the outer index.
#define TRIANGLE(C1, C2)                                                       \
  {                                                                            \
    double y = x, acc = 0.0;                                                   \
    C1 for (int t = 0; t < n; ++t) {                                           \
      C2 for (int i = 0; i < t; ++i) y = 0.9 * y + 0.1 * std::sin(y * x + i);  \
      acc = acc + y;                                                           \
    }                                                                          \
    return acc;                                                                \
  }
// Online outer loop around an annotated counted inner loop.
#define ONLINE_OUTER(C1, C2)                                                   \
  {                                                                            \
    std::vector<double> s(xs.size(), 0.0);                                     \
    double err = 1.0;                                                          \
    int k = 0;                                                                 \
    C1 while (k < n && err > 0.0) {                                            \
      err = 0.0;                                                               \
      C2 for (int i = 0; i < m; ++i) {                                         \
        for (std::size_t j = 0; j < s.size(); ++j) {                           \
          const double v = 0.5 * std::tanh(0.9 * s[j] + xs[j]);                \
          err += std::fabs(v - s[j]);                                          \
          s[j] = v;                                                            \
        }                                                                      \
      }                                                                        \
      ++k;                                                                     \
    }                                                                          \
    double r = 0.0;                                                            \
    for (std::size_t j = 0; j < s.size(); ++j)                                 \
      r += s[j] * s[j];                                                        \
    return r;                                                                  \
  }
// Three levels, the outer and innermost annotated.
#define THREE(C1, C3)                                                          \
  {                                                                            \
    double y = x;                                                              \
    C1 for (int a = 0; a < n; ++a) {                                           \
      for (int b = 0; b < 3; ++b) {                                            \
        C3 for (int c = 0; c < m; ++c) y =                                     \
            0.8 * y + 0.2 * std::cos(y + 0.1 * a - 0.2 * b + 0.01 * c);        \
      }                                                                        \
    }                                                                          \
    return y * y;                                                              \
  }

using vec = std::vector<double>;
// clang-format off
double block_taped(double x, int n) BLOCK()
double block_ckpt(double x, int n) BLOCK(CK)
double block_nest_taped(const vec &xs, int n) BLOCK_NEST()
double block_nest_ckpt(const vec &xs, int n) BLOCK_NEST(CK)
double block_in_loop_taped(double x, int n) BLOCK_IN_LOOP()
double block_in_loop_ckpt(double x, int n) BLOCK_IN_LOOP(CK)
double outer_taped(const vec &xs, int n) OUTER()
double outer_ckpt(const vec &xs, int n) OUTER(CK)
double inner_taped(double x, int n, int m) INNER()
double inner_ckpt(double x, int n, int m) INNER(CK)
double inner_while_taped(double x, int n, int m) INNER_WHILE()
double inner_while_ckpt(double x, int n, int m) INNER_WHILE(CK3)
double both_taped(const vec &xs, int n, int m) BOTH(,)
double both_ckpt(const vec &xs, int n, int m) BOTH(CK, CK)
double triangle_taped(double x, int n) TRIANGLE(,)
double triangle_outer_ckpt(double x, int n) TRIANGLE(CK,)
double triangle_inner_ckpt(double x, int n) TRIANGLE(, CK)
double triangle_both_ckpt(double x, int n) TRIANGLE(CK, CK)
double online_outer_taped(const vec &xs, int n, int m) ONLINE_OUTER(,)
double online_outer_ckpt(const vec &xs, int n, int m) ONLINE_OUTER(CK3, CK)
double three_taped(double x, int n, int m) THREE(,)
double three_ckpt(double x, int n, int m) THREE(CK, CK)
    // clang-format on

    // The outer loop of OUTER with a constant bound, requested with
    // checkpoint = true (no attribute): outer segments, inner taped.
    double outer_option(const vec &xs) {
  std::vector<double> s(xs.size(), 0.0);
  for (int t = 0; t < 300; ++t) {
    for (std::size_t j = 0; j < s.size(); ++j)
      s[j] = std::tanh(0.8 * s[j] + 0.1 * s[(j + 1) % s.size()] + xs[j]);
  }
  double r = 0.0;
  for (std::size_t j = 0; j < s.size(); ++j)
    r += s[j] * (1.0 + j);
  return r;
}
// checkpoint = true on the outer loop, the inner loop annotated as well
// (checkpointed itself within each replay of the outer one).
#define OPTION_INNER(C)                                                        \
  {                                                                            \
    double y = x, acc = 0.0;                                                   \
    for (int t = 0; t < 150; ++t) {                                            \
      C for (int i = 0; i < t % 7; ++i) y =                                    \
          0.8 * y + 0.3 * std::sin(y + x * (1.0 + 0.01 * (i + t)));            \
      acc = 0.5 * acc + y;                                                     \
    }                                                                          \
    return acc * y;                                                            \
  }
// clang-format off
double option_inner_taped(double x) OPTION_INNER()
double option_inner_ckpt(double x) OPTION_INNER(CK)
// clang-format on

#define TWIN(name, taped, ckpt, ...)                                           \
  twin(std::string(name) + "/n=" + std::to_string(n), expect::any,             \
       tangent::grad<taped>(), tangent::grad<ckpt>(), __VA_ARGS__)

        int main() {
  const double x = 0.39;
  const vec xs = wave(6, 0.8);
  for (int n : {0, 1, 7, 100}) {
    TWIN("block", block_taped, block_ckpt, x, n);
    TWIN("block_nest", block_nest_taped, block_nest_ckpt, xs, n);
    TWIN("block_in_loop", block_in_loop_taped, block_in_loop_ckpt, x, n);
    TWIN("outer", outer_taped, outer_ckpt, xs, n);
    TWIN("triangle/outer", triangle_taped, triangle_outer_ckpt, x, n);
    TWIN("triangle/inner", triangle_taped, triangle_inner_ckpt, x, n);
    TWIN("triangle/both", triangle_taped, triangle_both_ckpt, x, n);
    for (int m : {0, 1, 5, 40}) {
      const std::string nm = "/m=" + std::to_string(m);
      TWIN("inner" + nm, inner_taped, inner_ckpt, x, n, m);
      TWIN("inner_while" + nm, inner_while_taped, inner_while_ckpt, x, n, m);
      TWIN("both" + nm, both_taped, both_ckpt, xs, n, m);
      TWIN("online_outer" + nm, online_outer_taped, online_outer_ckpt, xs, n,
           m);
      TWIN("three" + nm, three_taped, three_ckpt, x, n, m);
    }
  }
  twin("outer_option", expect::less, tangent::grad<outer_option>(),
       tangent::grad<outer_option, options{.checkpoint = true}>(), wave(64));
  twin("option_inner", expect::any, tangent::grad<option_inner_taped>(),
       tangent::grad<option_inner_ckpt, options{.checkpoint = true}>(), x);
  return summary();
}
