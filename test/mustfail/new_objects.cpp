// Must fail: an array made with new[] of a class with default member
// initializers (the generated code's vectors would start as zeros); a
// std::vector of them (one container per field) runs them.
#include <tangent/grad.hpp>

#include <vector>

struct Body {
  double m = 1.0, x;
};

double f(const std::vector<double> &x) {
  double s = 0.0;
#ifdef TANGENT_FIXED
  std::vector<Body> b(x.size());
#else
  Body *b = new Body[x.size()]; // TANGENT-ERROR: objects made with new of a class with a default constructor or default member initializers ('Body') are not supported; use a std::vector<Body>
#endif
  for (std::size_t i = 0; i < x.size(); ++i) {
    b[i].x = x[i];
    s += b[i].m * b[i].x * b[i].x;
  }
#ifndef TANGENT_FIXED
  delete[] b;
#endif
  return s;
}

double use(const std::vector<double> &x) { return tangent::grad<f>()(x)[0]; }
