// Must fail: two elements at run-time indices, which may be one element,
// passed to a callee that captures one of them by reference in a lambda
// (a capture by reference is a variable of the closure; an element that
// shares storage is not a variable there).
#include <tangent/grad.hpp>

#include <vector>

void grow(double &a, double &b) {
#ifdef TANGENT_FIXED
  auto twice = [a] { return 2.0 * a; };
#else
  auto twice = [&a] { return 2.0 * a; };
#endif
  b += twice();
  a *= b;
}

double f(const std::vector<double> &x, int i, int j) {
  std::vector<double> v = x;
  grow(v[i], v[j]); // TANGENT-ERROR: the arguments 'v[i]' and 'v[j]' of 'grow' may be the same storage, and 'grow' captures 'a' by reference in a lambda
  return v[0] + v[1];
}

std::vector<double> use(const std::vector<double> &x) {
  return tangent::grad<f>()(x, 0, 1);
}
