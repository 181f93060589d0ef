// Must fail: a std::function parameter (a type-erased callable).
#include <tangent/grad.hpp>

#include <functional>

#ifdef TANGENT_FIXED
template <class F> double f(F g, double x) { return g(x) * x; }

struct Square {
  double operator()(double t) const { return t * t; }
};

double use(double x) {
  constexpr auto second = tangent::options{.wrt = 0b10};
  return tangent::grad<f<Square>, second>()(Square{}, x);
}
#else
double f(const std::function<double(double)> &g, double x) { // TANGENT-ERROR: std::function is not supported
  return g(x) * x;
}

double use(double x) {
  return tangent::grad<f, tangent::options{.wrt = 0b10}>()(
      [](double t) { return t * t; }, x);
}
#endif
