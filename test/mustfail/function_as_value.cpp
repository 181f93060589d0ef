// Must fail: a function used as a value (passed as a function pointer).
#include <tangent/grad.hpp>

double square(double v) { return v * v; }
#ifdef TANGENT_FIXED
template <class G> double apply(G g, double x) { return x; }
#else
double apply(double (*g)(double), double x) { return x; }
#endif

double f(double x) {
#ifdef TANGENT_FIXED
  return apply([](double v) { return square(v); }, x) * x;
#else
  return apply(square, x) * x; // TANGENT-ERROR: function pointers are not supported
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
