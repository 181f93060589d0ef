// End-to-end: control flow. if/else, ?:, for, while, do/while, break,
// continue, return inside loops, early returns, nested loops, switch (with
// fall-through), ++/-- on ints, integer side effects in conditions. Every
// evaluation point is well away from a branch switch: a small perturbation of
// the inputs takes the same path.
#include "check.hpp"

#include <cmath>
#include <vector>

double branches(double x) {
  double y;
  if (x > 1.0) {
    y = x * x;
  } else if (x < -1.0) {
    y = -x;
  } else {
    y = x * x * x;
  }
  return y + x;
}

double ternary(double x, double y) {
  double a = x > y ? x * y : x - y;
  double b = y > 0.0 ? std::sqrt(y) : 0.0;
  return a + b * (x < 0.0 ? -1.0 : 1.0);
}

// `?:` without a value, as a statement: one of two calls of void functions
// runs (the same callee twice, or two), lowered as an if/else. Before, it
// was a temporary `void v{};`, which does not compile.
void note() {}
void addSine(double &acc, double x) { acc += std::sin(x); }
void subtractSquare(double &acc, double x) { acc -= x * x; }

double voidTernary(double x, double y) {
  double acc = x * y;
  x > 0.5 ? note() : note();
  y > 0.5 ? note() : addSine(acc, y);
  x > y ? addSine(acc, x) : subtractSquare(acc, y);
  (x < 0.0 ? addSine(acc, y) : subtractSquare(acc, x)), acc *= 2.0;
  acc > 0.0 ? (x > 1.0 ? addSine(acc, acc) : subtractSquare(acc, y))
            : addSine(acc, x);
  return acc;
}

// A for loop counting down; the bound comes from the vector.
double horner(const std::vector<double> &c, double x) {
  double s = 0.0;
  for (int i = static_cast<int>(c.size()) - 1; i >= 0; --i)
    s = s * x + c[i];
  return s;
}

// while (n--): the trip count is an integer side effect.
double repeat_sin(double x, int n) {
  double y = x;
  while (n--) {
    y = std::sin(y) + 0.5 * x;
  }
  return y;
}

double do_loop(double x) {
  double y = 1.0;
  int k = 0;
  do {
    y = 0.5 * y + x / (k + 1);
    ++k;
  } while (k < 6);
  return y;
}

double skip_and_stop(const std::vector<double> &v, double t) {
  double s = 0.0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] < 0.0)
      continue;
    if (s > 5.0)
      break;
    s += v[i] * t;
  }
  return s;
}

// Early return before the loop, and return from inside the loop.
double early_exit(double x) {
  if (x < 0.0)
    return -x * x;
  double y = 1.0;
  for (int i = 0; i < 20; ++i) {
    y = y * x + 0.1;
    if (y > 10.0)
      return y + i;
  }
  return y;
}

double nested(const std::vector<double> &a) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j <= i; ++j)
      s += a[i] * a[j] / (1.0 + i + j);
  return s;
}

double piecewise_switch(double x, int k) {
  double y = 0.0;
  switch (k) {
  case 0:
    y = x * x;
    break;
  case 1:
  case 2:
    y = std::sin(x) * k;
    break;
  case 3:
    y = x;
    [[fallthrough]];
  case 4:
    y += std::exp(x);
    break;
  default:
    y = -x;
  }
  return y;
}

// Case labels inside the block of another case (falling into them).
double labels_in_block(double x, int k) {
  double y = x;
  switch (k) {
  case 0: {
    y = y * 2.0;
  case 1:
    y = y * std::sin(x);
    break;
  }
  case 2: {
    double t = x * 3.0;
    y = t * x;
  }
    [[fallthrough]];
  default:
    y += x;
  }
  return y;
}

// Newton's iteration for sqrt(a) with a tolerance and an iteration cap.
double newton_sqrt(double a) {
  double y = a;
  int it = 0;
  while (true) {
    double next = 0.5 * (y + a / y);
    double err = std::fabs(next - y);
    y = next;
    if (err < 1e-10 || ++it >= 50)
      break;
  }
  return y;
}

// ++ and -- on ints (prefix and postfix) inside the loop body.
double counters(double x) {
  int i = 10;
  int j = 0;
  double s = 0.0;
  while (i > 0) {
    --i;
    j++;
    s += x * j;
    i--;
  }
  return s * x;
}

// A loop condition combining an integer and a floating-point test.
double logic_loop(double x) {
  double s = 0.0;
  int k = 0;
  while (k < 10 && !(s > 3.0)) {
    s += x * (k + 1);
    ++k;
  }
  return s * s;
}

int main() {
  using namespace tangent_test;

  check("branches/x>1", tangent::grad<branches>(), 2.0);
  check("branches/x<-1", tangent::grad<branches>(), -1.5);
  check("branches/middle", tangent::grad<branches>(), 0.4);
  {
    auto df = tangent::grad<branches>();
    // 2x + 1, -1 + 1, 3x^2 + 1.
    check_near("branches/analytic",
               std::vector<double>{df(2.0), df(-1.5), df(0.5)},
               std::vector<double>{5.0, 0.0, 1.75});
  }
  check("ternary/x>y", tangent::grad<ternary>(), 1.2, 0.7);
  check("ternary/x<y", tangent::grad<ternary>(), 0.3, 0.9);
  check("ternary/x<0", tangent::grad<ternary>(), -0.4, 0.6);
  check("void_ternary/x>y", tangent::grad<voidTernary>(), 0.7, 0.3);
  check("void_ternary/x<y", tangent::grad<voidTernary>(), 0.2, 0.9);
  check("void_ternary/x<0", tangent::grad<voidTernary>(), -0.4, 0.6);
  check("void_ternary/x>1", tangent::grad<voidTernary>(), 1.1, 1.0);
  check_pullback("void_ternary/pullback", tangent::grad<voidTernary>(), 1.5,
                 0.7, 0.3);

  const std::vector<double> coefficients{1.0, -2.0, 0.5, 3.0};
  check("horner", tangent::grad<horner>(), coefficients, 0.7);
  check_value_and_grad("horner/value_and_grad", tangent::grad<horner>(),
                       coefficients, -1.3);
  check("repeat_sin", tangent::grad<repeat_sin>(), 0.8, 7);
  check("repeat_sin/n=0", tangent::grad<repeat_sin>(), 0.8, 0);
  check("do_loop", tangent::grad<do_loop>(), 1.7);

  const std::vector<double> mixed_signs{1.0, -2.0, 2.5, 3.0, -1.0, 4.0};
  check("skip_and_stop", tangent::grad<skip_and_stop>(), mixed_signs, 1.1);
  {
    // s = (v0 + v2 + v3) * t, then break: d/dv = t on 0, 2, 3; d/dt = 6.5.
    auto [dv, dt] = tangent::grad<skip_and_stop>()(mixed_signs, 1.1);
    check_near("skip_and_stop/analytic", std::tuple{dv, dt},
               std::tuple{std::vector<double>{1.1, 0, 1.1, 1.1, 0, 0}, 6.5});
  }
  check("early_exit/negative", tangent::grad<early_exit>(), -0.7);
  check("early_exit/return_in_loop", tangent::grad<early_exit>(), 1.9);
  check("early_exit/loop_completes", tangent::grad<early_exit>(), 0.5);
  check("nested", tangent::grad<nested>(),
        std::vector<double>{0.5, -1.0, 2.0, 0.25});
  for (int k = 0; k <= 5; ++k)
    check("piecewise_switch/k=" + std::to_string(k),
          tangent::grad<piecewise_switch>(), 0.6, k);
  for (int k = 0; k <= 3; ++k)
    check("labels_in_block/k=" + std::to_string(k),
          tangent::grad<labels_in_block>(), 0.6, k);
  check("newton_sqrt", tangent::grad<newton_sqrt>(), 2.0);
  check("newton_sqrt/large", tangent::grad<newton_sqrt>(), 30.0);
  // The iterate converges to sqrt(a): d/da = 1 / (2 sqrt(a)).
  check_near("newton_sqrt/analytic", tangent::grad<newton_sqrt>()(4.0), 0.25);
  check("counters", tangent::grad<counters>(), 1.3);
  // s = 15x, result 15x^2.
  check_near("counters/analytic", tangent::grad<counters>()(1.3), 39.0);
  check("logic_loop", tangent::grad<logic_loop>(), 0.4);
  check_pullback("logic_loop/pullback", tangent::grad<logic_loop>(), 1.5, 0.4);

  return summary();
}
