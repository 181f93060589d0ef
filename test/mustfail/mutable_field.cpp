// Must fail: a mutable field (written by a const member function).
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
struct Model {
  double k;
  double energy(double x) const { return 0.5 * k * x * x; }
};
#else
struct Model {
  double k;
  mutable int calls = 0;
  double energy(double x) const { // TANGENT-ERROR: is mutable, which is not supported
    ++calls;
    return 0.5 * k * x * x;
  }
};
#endif

double use(Model &m, double x) {
  return std::get<1>(tangent::grad<&Model::energy>()(m, x));
}
