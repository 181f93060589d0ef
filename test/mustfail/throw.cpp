// Must fail: throw in the differentiated function.
#include <tangent/grad.hpp>

#include <cmath>
#include <stdexcept>

double f(double x) {
  if (x < 0.0)
#ifdef TANGENT_FIXED
    return 0.0;
#else
    throw std::domain_error("f"); // TANGENT-ERROR: 'throw' is not supported
#endif
  return std::sqrt(x);
}

double use(double x) { return tangent::grad<f>()(x); }
