// Must fail: an array of objects made with new[]; a std::vector of them
// (one container per field) is what to write.
#include <tangent/grad.hpp>

#include <vector>

struct Body {
  double m, x;
};

double f(const std::vector<double> &x) {
  double s = 0.0;
#ifdef TANGENT_FIXED
  std::vector<Body> b(x.size());
#else
  Body *b = new Body[x.size()]; // TANGENT-ERROR: objects made with new ('Body') are not supported; use a std::vector<Body>
#endif
  for (std::size_t i = 0; i < x.size(); ++i) {
    b[i].x = x[i];
    s += b[i].x * b[i].x;
  }
#ifndef TANGENT_FIXED
  delete[] b;
#endif
  return s;
}

double use(const std::vector<double> &x) { return tangent::grad<f>()(x)[0]; }
