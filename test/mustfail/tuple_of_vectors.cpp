// Must fail: a std::tuple holding a container; tuples of numbers work.
#include <tangent/grad.hpp>

#include <tuple>
#include <vector>

double f(double x) {
#ifdef TANGENT_FIXED
  std::vector<double> t0{x};
  double t1 = x;
  return t1;
#else
  std::tuple<std::vector<double>, double> t{{x}, x}; // TANGENT-ERROR: local variable type 'std::tuple<std::vector<double>, double>' is not supported
  return std::get<1>(t);
#endif
}

double use(double x) { return tangent::grad<f>()(x); }
