// Must fail: a function pointer parameter (refused once, at the parameter;
// the call through it is not reported again).
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
template <class G> double f(double x, G g) { return g(x) * x; }

struct Square {
  double operator()(double x) const { return x * x; }
};

double use(double x) {
  return std::get<0>(tangent::grad<f<Square>>()(x, Square{}));
}
#else
double f(double x, double (*g)(double)) { // TANGENT-ERROR: function pointers are not supported
  return g(x) * x;
}

double square(double x) { return x * x; }

double use(double x) { return tangent::grad<f>()(x, square); }
#endif
