// Names the generator hands out never meet the user's, nor each other
// (plugin/ir/Naming.h):
//  - a callee's two loops that each sum one loop-invariant adjoint element
//    in a local (codegen/LoopAccumulate.cpp) and whose bodies are
//    generated twice (codegen/LoopFullTape.cpp: records in one block, a
//    reverse of the one iteration that took a branch last). Before, the
//    second generation gave back the first's names while the accumulator
//    kept its own: both loops declared `sum` ("redefinition of 'sum'");
//  - parameters named like the names of a request's binding (seed, d_0,
//    d_1, direction_0, gradient_0, tangent_result, tangent_w, value, i,
//    and i_0, d_0_0: the locals of an object's leaves), which the binding
//    declares beside them (codegen/Binding.cpp: BindingNames). Before,
//    "redefinition of parameter 'seed'";
//  - parameters and locals named like the generated functions' names
//    (d_x, t_x, d_x_local for a parameter x, d_result, result, tape, sum,
//    records, v, d, taken, trips, ...), and an enum type named like a
//    generated local, which generated code spells after it;
// each requested with grad, value_and_grad, pullback, jvp and hvp (where
// the function's parameters allow it), against finite differences.
#include "check.hpp"

#include <cmath>
#include <utility>
#include <vector>

using tangent_test::check;
using tangent_test::check_near;
using tangent_test::check_pullback;
using tangent_test::check_value_and_grad;
using tangent_test::summary;

// --- loops whose body is generated twice ------------------------------------

// Each loop's records fit one block per iteration (two doubles): its body
// is generated once to count them, then again to write them there.
double twoBlocked(const std::vector<double> &w, int n) {
  double a = 0, b = 0;
  for (int i = 0; i < n; ++i)
    a += w[0] * std::sin(a + i);
  for (int i = 0; i < n; ++i)
    b += w[0] * std::cos(b + i);
  return a + b;
}

double blocked(const std::vector<double> &v, int n) {
  return twoBlocked(v, n) * v[1];
}

// Each loop's reverse is the iteration that took its branch last: the body
// is generated again once it proves to record nothing.
double twoLastTaken(const std::vector<double> &w, const std::vector<double> &x,
                    int n) {
  double a = -1e300, b = 1e300;
  for (int i = 0; i < n; ++i) {
    double v = w[0] * x[i];
    if (v > a)
      a = v;
  }
  for (int i = 0; i < n; ++i) {
    double v = w[0] * x[i] * x[i];
    if (v < b)
      b = v;
  }
  return a * b;
}

double lastTaken(const std::vector<double> &v, const std::vector<double> &x) {
  return twoLastTaken(v, x, static_cast<int>(x.size())) * v[1];
}

// --- names of the bindings --------------------------------------------------

double bindingNames(double seed, double d_0, double d_1) {
  return seed * std::sin(d_0) + d_1 * d_1 * seed;
}

double forwardNames(double direction_0, double gradient_0,
                    double tangent_result, double tangent_w) {
  return direction_0 * std::exp(gradient_0 * tangent_result) +
         tangent_w * tangent_w * direction_0;
}

struct Point {
  double x, m;
};
struct Cloud {
  std::vector<Point> ps;
  double g;
};
template <> struct tangent_test::fields<Point> {
  static auto of(Point &p) { return std::tie(p.x, p.m); }
};
template <> struct tangent_test::fields<Cloud> {
  static auto of(Cloud &c) { return std::tie(c.ps, c.g); }
};

// The binding gathers i.ps[].x and i.ps[].m into locals (i_0, i_1) with a
// loop over an index `i`, and d_0's into d_0_0, d_0_1.
double objectNames(const Cloud &i, double i_0, double d_0_0, double value) {
  double s = 0;
  for (std::size_t k = 0; k < i.ps.size(); ++k)
    s += i.ps[k].x * i.ps[k].m * i.g * i_0 + std::sin(d_0_0 * value);
  return s;
}

// Written through: the binding keeps the result in a local `value` while
// it scatters the leaves back.
double writtenBack(Cloud &value, double i, double d_0) {
  for (std::size_t k = 0; k < value.ps.size(); ++k)
    value.ps[k].x *= i * d_0;
  return value.ps[0].x * value.g + std::sin(value.ps[1].x);
}

double pointerNames(const double *seed, double *d_0, int n) {
  double s = 0;
  for (int k = 0; k < n; ++k) {
    d_0[k] = seed[k] * seed[k];
    s += d_0[k] * seed[(k + 1) % n];
  }
  return s;
}

// --- names of the generated functions ---------------------------------------

double adjointNames(double x, double d_x, double t_x, double d_x_local,
                    double d_result, double result, double tape) {
  double v = x * d_x + std::sin(t_x * d_x_local);
  double d = v * d_result + result * tape;
  x = d * x; // written: x gets a local adjoint (d_x_local)
  return x + std::cos(v) * tape;
}

enum class taken { no, yes };

// Locals named like the generator's: accumulators, record blocks, trip
// counts, decisions, flags, the loops' schedule, a type named like the
// decision's flag.
double stems(const std::vector<double> &w, int n) {
  double sum = 0, records = 0, trips = 0, v = 0, d = 0, broke = 0;
  for (int k = 0; k < n; ++k)
    sum += w[0] * std::sin(sum + k);
  for (int k = 0; k < n; ++k)
    records += w[0] * std::cos(records + k);
  int skip = 0;
  while (trips < 2.0) {
    trips += w[1] * w[1] + 0.5;
    ++skip;
  }
  taken last = taken::no;
  for (int L = 0; L < n; ++L) {
    double lo = w[L % 2], hi = lo * lo;
    if (hi > 0.1) {
      v += hi;
      last = taken::yes;
    } else {
      d -= lo;
      last = taken::no;
    }
    if (v > 100)
      break;
    broke += std::exp(-lo);
  }
  double returned = last == taken::yes ? 1.0 : 2.0;
  return sum + records + trips * skip + v + d + broke * returned;
}

double generatedNames(const std::vector<double> &w, double checkpoints,
                      double state, double current, double segment) {
  double s = stems(w, 4);
  [[tangent::checkpoint]] for (int k = 0; k < 6; ++k)
    s = std::sin(s + checkpoints * w[k % 2]) + state * current * segment;
  return s;
}

// --- Hessian-vector products against differences of gradients --------------

/// (H v)_j by central differences of f's gradient along v, f of N scalars.
template <auto F, std::size_t... I>
std::vector<double> differencedHvp(const std::vector<double> &x,
                                   const std::vector<double> &v,
                                   std::index_sequence<I...>) {
  const double h = 1e-5;
  auto at = [&](double t) {
    return tangent_test::flatten(tangent::grad<F>()((x[I] + t * v[I])...));
  };
  std::vector<double> plus = at(h), minus = at(-h), out(x.size());
  for (std::size_t j = 0; j < out.size(); ++j)
    out[j] = (plus[j] - minus[j]) / (2 * h);
  return out;
}

template <auto F, std::size_t... I>
void checkHvp(const std::string &name, const std::vector<double> &x,
              const std::vector<double> &v, std::index_sequence<I...> seq) {
  check_near(name + "/hvp", tangent::hvp<F>()(x[I]..., v[I]...),
             differencedHvp<F>(x, v, seq), {1e-5, 1e-5});
}

/// The directional derivative against the gradient along v.
template <auto F, std::size_t... I>
void checkJvp(const std::string &name, const std::vector<double> &x,
              const std::vector<double> &v, std::index_sequence<I...>) {
  const std::vector<double> g =
      tangent_test::flatten(tangent::grad<F>()(x[I]...));
  double along = 0;
  for (std::size_t j = 0; j < g.size(); ++j)
    along += g[j] * v[j];
  check_near(name + "/jvp", tangent::jvp<F>()(x[I]..., v[I]...), along);
}

/// grad, value_and_grad, pullback, jvp and hvp of f of scalars.
template <auto F, class... X>
void allRequests(const std::string &name, X... x) {
  check(name, tangent::grad<F>(), x...);
  check_value_and_grad(name + "/value", tangent::grad<F>(), x...);
  check_pullback(name + "/pullback", tangent::grad<F>(), 1.5, x...);
#ifndef TANGENT_E2E_SELFTEST
  const std::vector<double> at{x...}, v{0.3, -0.7, 0.5, 0.2, -0.4, 0.6, 0.1};
  constexpr auto seq = std::make_index_sequence<sizeof...(X)>{};
  checkJvp<F>(name, at, v, seq);
  checkHvp<F>(name, at, v, seq);
#endif
}

int main() {
  const std::vector<double> w{0.3, 0.7}, x{0.1, 0.9, 0.4, 0.8, 0.2};
  check("blocked (two loops summing d_w[0])", tangent::grad<blocked>(), w, 5);
  check_value_and_grad("blocked/value", tangent::grad<blocked>(), w, 5);
  check("last taken (two loops summing d_w[0])", tangent::grad<lastTaken>(), w,
        x);
  check_pullback("last taken/pullback", tangent::grad<lastTaken>(), 0.5, w, x);

  allRequests<bindingNames>("bindingNames (seed, d_0, d_1)", 0.3, 0.4, 0.5);
  allRequests<forwardNames>(
      "forwardNames (direction_0, gradient_0, tangent_result, tangent_w)", 0.3,
      0.4, 0.5, 0.6);
  allRequests<adjointNames>(
      "adjointNames (x, d_x, t_x, d_x_local, d_result, result, tape)", 0.3, 0.4,
      0.5, 0.6, 0.7, 0.8, 0.9);

  const Cloud cloud{{{0.3, 1.0}, {0.5, 2.0}}, 0.9};
  check("objectNames (i, i_0, d_0_0, value)", tangent::grad<objectNames>(),
        cloud, 0.2, 0.3, 0.4);
  check_value_and_grad("objectNames/value", tangent::grad<objectNames>(), cloud,
                       0.2, 0.3, 0.4);
  check_pullback("objectNames/pullback", tangent::grad<objectNames>(), 1.5,
                 cloud, 0.2, 0.3, 0.4);
  // (check's forward-mode variant takes no object f writes: pullback's.)
  check_value_and_grad("writtenBack (value, i, d_0)/value",
                       tangent::grad<writtenBack>(), cloud, 0.2, 0.3);
  check_pullback("writtenBack/pullback", tangent::grad<writtenBack>(), 1.5,
                 cloud, 0.2, 0.3);
  double seed[3] = {0.3, 0.4, -0.2}, out[3] = {0, 0, 0};
  check_pullback("pointerNames (seed, d_0)/pullback",
                 tangent::grad<pointerNames>(), 1.5, seed, out, 3);

  check("generatedNames (checkpoints, state, current, segment)",
        tangent::grad<generatedNames>(), w, 0.2, 0.3, 0.4, 0.5);
  check_pullback("generatedNames/pullback", tangent::grad<generatedNames>(),
                 0.5, w, 0.2, 0.3, 0.4, 0.5);
#ifndef TANGENT_E2E_SELFTEST
  check_near("objectNames/jvp",
             tangent::jvp<objectNames>()(cloud, 0.2, 0.3, 0.4,
                                         Cloud{{{0, 0}, {0, 0}}, 0}, 1.0, 0.0,
                                         0.0),
             std::get<1>(tangent::grad<objectNames>()(cloud, 0.2, 0.3, 0.4)));
  {
    // Its direction comes as a copy, whose fields its jvp writes.
    Cloud c = cloud;
    const Cloud dc{{{0.5, -1.0}, {0.25, 0.0}}, 2.0};
    const double dg = tangent::jvp<writtenBack>()(c, 0.2, 0.3, dc, 0.5, 0.0);
    c = cloud;
    const auto [g, gi, gd] = tangent::grad<writtenBack>()(c, 0.2, 0.3);
    check_near("writtenBack/jvp", dg,
               g.ps[0].x * 0.5 - g.ps[0].m + g.ps[1].x * 0.25 + g.g * 2.0 +
                   gi * 0.5);
  }
  const std::vector<double> dw{1.0, 0.0};
  check_near(
      "generatedNames/jvp",
      tangent::jvp<generatedNames>()(w, 0.2, 0.3, 0.4, 0.5, dw, 0.0, 0.0, 0.0,
                                     0.0),
      std::get<0>(tangent::grad<generatedNames>()(w, 0.2, 0.3, 0.4, 0.5))[0]);
  // H v along w[0]: differences of the gradient's w part.
  auto gradientAt = [&](double t) {
    return tangent_test::flatten(std::get<0>(tangent::grad<generatedNames>()(
        std::vector<double>{w[0] + t, w[1]}, 0.2, 0.3, 0.4, 0.5)));
  };
  const std::vector<double> plus = gradientAt(1e-5), minus = gradientAt(-1e-5);
  check_near("generatedNames/hvp",
             std::get<0>(tangent::hvp<generatedNames>()(
                 w, 0.2, 0.3, 0.4, 0.5, dw, 0.0, 0.0, 0.0, 0.0)),
             std::vector<double>{(plus[0] - minus[0]) / 2e-5,
                                 (plus[1] - minus[1]) / 2e-5},
             {1e-5, 1e-5});
#endif
  return summary();
}
