// Must fail: a container of objects whose elements hold containers (a
// container of containers).
#include <tangent/grad.hpp>

#include <vector>

struct Layer {
  std::vector<double> w;
  double b;
};

double f(const std::vector<Layer> &net, double x) { // TANGENT-ERROR: hold a container
  return net[0].w[0] * x + net[0].b;
}

double use(const std::vector<Layer> &net, double x) {
  return tangent::grad<f, tangent::options{.wrt = 0b10}>()(net, x);
}
