// Must fail: a container of objects whose elements hold containers, where
// that would make a container of containers tangent does not represent (a
// std::array of objects with a vector field; a std::vector of them works).
#include <tangent/grad.hpp>

#include <array>
#include <vector>

struct Layer {
  std::vector<double> w;
  double b;
};

#ifdef TANGENT_FIXED
double f(const std::vector<Layer> &net, double x) {
  return net[0].w[0] * x + net[0].b;
}

double use(const std::vector<Layer> &net, double x) {
  return tangent::grad<f, tangent::options{.wrt = 0b10}>()(net, x);
}
#else
double f(const std::array<Layer, 2> &net, double x) { // TANGENT-ERROR: hold a container
  return net[0].w[0] * x + net[0].b;
}

double use(const std::array<Layer, 2> &net, double x) {
  return tangent::grad<f, tangent::options{.wrt = 0b10}>()(net, x);
}
#endif
