// Must fail: in a Hessian-vector product, an address into a local copy of
// the direction's container (cc's tangent, t_cc, a copy of a direction:
// data) given to a callee.
#include <tangent/tangent.hpp>
#include <vector>

double sqdist(int d, const double *p, const double *c) {
  double r = 0;
  for (int l = 0; l < d; l++) {
    double e = p[l] - c[l];
    r = r + e * e;
  }
  return r;
}

double f(const std::vector<double> &c, const std::vector<double> &p) {
#ifdef TANGENT_FIXED
  return sqdist(2, p.data(), &c[0]);
#else
  std::vector<double> cc = c;
  return sqdist(2, p.data(), &cc[0]); // TANGENT-ERROR: passing an address into 't_cc', which carries no derivative
#endif
}

std::vector<double> use(const std::vector<double> &c,
                        const std::vector<double> &p,
                        const std::vector<double> &t) {
  return tangent::hvp<f, tangent::options{.wrt = tangent::wrt_params(0)}>()(
      c, p, t);
}
