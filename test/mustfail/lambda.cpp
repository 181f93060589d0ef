// Must fail: a lambda in the differentiated function (here passed to a
// helper template, where the lambda expression itself is refused).
#include <tangent/grad.hpp>

template <class F> double apply(F g, double x) { return g(x); }

double f(double x) {
  return apply([](double v) { return v * v; }, x) + x; // TANGENT-ERROR: lambdas are not supported
}

double use(double x) { return tangent::grad<f>()(x); }
