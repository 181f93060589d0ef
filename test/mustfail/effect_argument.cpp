// Must fail: printf in a differentiated function given something other
// than literals, numbers and the standard streams (a pointer to a string's
// characters): the call is kept as written in the forward sweep, and only
// those arguments are represented.
#include <tangent/tangent.hpp>

#include <cstdio>
#include <string>

double f(double x, const std::string &name) {
#ifdef TANGENT_FIXED
  std::printf("f: x = %g\n", x);
#else
  std::printf("%s: x = %g\n", name.c_str(), x); // TANGENT-ERROR: 'printf' is kept as a statement of the forward sweep, given literals, numbers and stdout or stderr
#endif
  return x * x;
}

double use(double x, const std::string &name) {
  auto g = tangent::grad<f>()(x, name);
  (void)g;
  return x;
}
