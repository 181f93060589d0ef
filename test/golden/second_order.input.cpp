// Second order: the Hessian-vector product of a scalar function is the
// adjoint of its tangent-linear function (reverse over forward); the
// tangents' computations are differentiated like any other statement, and
// the loop is checkpointed like a gradient's. Each request also gets the
// same adjoint with the directions' adjoints (`<f>_hvp_with_gradient`,
// bound as pullback_with_gradient): seeded on f's tangent, they are f's
// gradient (hvp<f>().gradient_and_hvp).
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>

double rosenbrock(const std::vector<double> &x) {
  double s = 0.0;
  for (std::size_t i = 0; i + 1 < x.size(); ++i) {
    const double a = x[i + 1] - x[i] * x[i];
    const double b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}

double orbit(double x, double w) {
  double s = x;
  for (int t = 0; t < 200; ++t)
    s = s + 0.01 * std::sin(w * s);
  return s * s;
}

auto hrosen = tangent::hessian<rosenbrock>();
auto horbit = tangent::hvp<orbit, tangent::options{.checkpoint = true}>();
