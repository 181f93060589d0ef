// Checkpointing: a checkpointed loop inside a fully taped loop, writing a
// variable that each of its iterations writes before reading it (dead at
// the loop's entry, so its value there needs no snapshot of its own) and
// that something else reads in reverse: the statement after the inner loop
// (`acc += t * t`), or, in a Hessian-vector product with two threads, the
// reverse of the inner loop's own last segment in the previous outer
// iteration (taped in the forward sweep, reversed without a replay). The
// reversal of each inner loop must give those variables back as it found
// them: before the fix the gradient was 3.97 for -8.50, silently. Counted
// inner loops (sqrt(n) segments, sequential and on two threads), a while
// loop (online), and a budget; each bitwise against the full tape and
// checked against finite differences (twin.hpp); the Hessian-vector product
// against the fully taped one.
#include "twin.hpp"

#include <cmath>

using namespace ckpt_test;

// clang-format off
#define AFTER_BODY(CK)                                                         \
  {                                                                            \
    double t = 0, acc = 0;                                                     \
    for (int k = 0; k < 3; ++k) {                                              \
      CK for (int i = 0; i < n; ++i) {                                         \
        t = std::sin(x * i + k);                                               \
        y = y * 0.9 + t;                                                       \
      }                                                                        \
      acc += t * t;                                                            \
    }                                                                          \
    return acc + y;                                                            \
  }
double after_taped(double x, double y, int n) AFTER_BODY()
double after_ckpt(double x, double y, int n)
    AFTER_BODY([[tangent::checkpoint]])

#define WHILE_BODY(CK)                                                         \
  {                                                                            \
    double t = 0, acc = 0;                                                     \
    for (int k = 0; k < 3; ++k) {                                              \
      int i = 0;                                                               \
      CK while (i < n) {                                                       \
        t = std::sin(x * i + k);                                               \
        y = y * 0.9 + t;                                                       \
        ++i;                                                                   \
        if (y > 50)                                                            \
          break;                                                               \
      }                                                                        \
      acc += t * t;                                                            \
    }                                                                          \
    return acc + y;                                                            \
  }
double while_taped(double x, double y, int n) WHILE_BODY()
double while_ckpt(double x, double y, int n)
    WHILE_BODY([[tangent::checkpoint(3)]])
    // clang-format on

    // The hvp case: a tanh inside the inner loop, read by the tangent's
    // reverse in the last iteration of each inner loop.
    double inner_read(double x0, double x1, double x2) {
  double ca[5];
  for (int j = 0; j < 5; ++j)
    ca[j] = 0.57 / std::exp(0.9 * std::sin(x2 + j));
  int k = 0;
  while (k < 4) {
    ++k;
    for (double c : ca)
      x1 = 0.31 * x1 + std::tanh(c * (x2 * x0));
    x2 *= 1.0 + 0.12 * std::atan(x2);
    if (x2 * 0.3 >= std::tanh(x2))
      break;
  }
  return x1 * x1 + x2;
}

int main() {
  for (int n : {1, 5, 17}) {
    const std::string s = "/n=" + std::to_string(n);
    twin("after" + s, expect::any, tangent::grad<after_taped>(),
         tangent::grad<after_ckpt>(), 0.7, 0.2, n);
    twin("after_threads" + s, expect::any, tangent::grad<after_taped>(),
         tangent::grad<after_ckpt, options{.threads = 2}>(), 0.7, 0.2, n);
    twin("after_budget" + s, expect::any, tangent::grad<after_taped>(),
         tangent::grad<after_ckpt, options{.memory_budget = 600}>(), 0.7, 0.2,
         n);
    twin("while" + s, expect::any, tangent::grad<while_taped>(),
         tangent::grad<while_ckpt>(), 0.7, 0.2, n);
  }
  constexpr options two{.checkpoint = true, .min_length = 1, .threads = 2};
  constexpr options one{.checkpoint = true, .min_length = 1};
  const auto taped =
      tangent::hvp<inner_read>()(0.7, -0.4, 0.9, 1.0, 0.5, -0.25);
  check_same("inner_read/hvp/threads==taped",
             tangent::hvp<inner_read, two>()(0.7, -0.4, 0.9, 1.0, 0.5, -0.25),
             taped);
  check_same("inner_read/hvp/segments==taped",
             tangent::hvp<inner_read, one>()(0.7, -0.4, 0.9, 1.0, 0.5, -0.25),
             taped);
  check_same("inner_read/grad/threads==taped",
             tangent::grad<inner_read, two>()(0.7, -0.4, 0.9),
             tangent::grad<inner_read>()(0.7, -0.4, 0.9));
  return summary();
}
