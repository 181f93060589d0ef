// Must fail: a Hessian-vector product of a vector-valued function.
#include <tangent/tangent.hpp>

#include <vector>

std::vector<double> twice(const std::vector<double> &x) {
  std::vector<double> y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] = 2 * x[i] * x[i];
  return y;
}

#ifdef TANGENT_FIXED
double total(const std::vector<double> &x) {
  std::vector<double> y = twice(x);
  double s = 0.0;
  for (std::size_t i = 0; i < y.size(); ++i)
    s += y[i];
  return s;
}

void use(const std::vector<double> &x) {
  tangent::hvp<total>()(x, x);
}
#else
void use(const std::vector<double> &x) {
  tangent::hvp<twice>()(x, x); // TANGENT-ERROR: the Hessian-vector product of 'twice' needs a function returning float or double
}
#endif
