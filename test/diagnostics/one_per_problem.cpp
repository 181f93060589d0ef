// Two problems that three requests (and two instantiations) reach: two
// errors, each with a note naming the requests that reach it.
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>
double helper(double x) {
  goto end;
end:
  return x;
}
template <class T> T g(T x) {
  throw 1;
  return x;
}
double f(double x) { return helper(x) * g(x) + double(g(float(x))); }
double h(double x) { return helper(x) + 1; }
int main() {
  double a = tangent::grad<f>()(1.0);
  double b = tangent::grad<h>()(1.0);
  double c = tangent::grad<f, tangent::options{.checkpoint = true}>()(1.0);
  return a + b + c > 0;
}
