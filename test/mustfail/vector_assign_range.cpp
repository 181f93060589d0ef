// Must fail: assign(first, last) of part of a vector.
#include <tangent/grad.hpp>

#include <vector>

double f(const std::vector<double> &x) {
  std::vector<double> head;
#ifdef TANGENT_FIXED
  head.resize(2);
  for (std::size_t i = 0; i < 2; ++i)
    head[i] = x[i];
#else
  head.assign(x.begin(), x.begin() + 2); // TANGENT-ERROR: 'assign' of a range is supported over a whole named vector
#endif
  return head[0] * head[1];
}

std::vector<double> use(const std::vector<double> &x) {
  return tangent::grad<f>()(x);
}
