// Must fail: a Hessian-vector product of a vector-valued function.
#include <tangent/tangent.hpp>

#include <vector>

std::vector<double> twice(const std::vector<double> &x) {
  std::vector<double> y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i)
    y[i] = 2 * x[i] * x[i];
  return y;
}

void use(const std::vector<double> &x) {
  tangent::hvp<twice>()(x, x); // TANGENT-ERROR: the Hessian-vector product of 'twice' needs a function returning float or double
}
