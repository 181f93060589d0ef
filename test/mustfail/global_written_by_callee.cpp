// Must fail: a global that the differentiated code reads, written by a
// callee whose call carries no derivative (its body is never
// differentiated, but it runs between the reads).
#include <tangent/grad.hpp>

double scale = 2.0;

#ifdef TANGENT_FIXED
int tick(int n, double &s) {
  s += n;
  return n;
}
double f(double x, double s) {
  int k = tick(1, s);
  return x * s + k;
}
auto use(double x) { return tangent::grad<f>()(x, scale); }
#else
int tick(int n) {
  scale += n; // TANGENT-ERROR: global variable 'scale', which the differentiated code reads, may be written here (it is assigned)
  return n;
}
double f(double x) {
  int k = tick(1);
  return x * scale + k;
}
double use(double x) { return tangent::grad<f>()(x); }
#endif
