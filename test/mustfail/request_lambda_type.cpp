// Must fail: a request for a function template instantiated with a
// lambda's closure type, which generated code cannot name.
#include <tangent/grad.hpp>

template <class F> double f(F g, double x) { return g(x) * x; }

#ifdef TANGENT_FIXED
struct Square {
  double operator()(double t) const { return t * t; }
};
double use(double x) {
  constexpr auto second = tangent::options{.wrt = 0b10};
  return tangent::grad<f<Square>, second>()(Square{}, x);
}
#else
auto square = [](double t) { return t * t; };
double use(double x) {
  constexpr auto second = tangent::options{.wrt = 0b10};
  return tangent::grad<f<decltype(square)>, second>()(square, x); // TANGENT-ERROR: is requested for a lambda's type
}
#endif
