// Must fail: a lambda that captures `this`.
#include <tangent/grad.hpp>

struct Model {
  double k;
  double eval(double x) const {
#ifdef TANGENT_FIXED
    const double kk = k;
    auto h = [kk](double v) { return kk * v; };
#else
    auto h = [this](double v) { return k * v; }; // TANGENT-ERROR: a lambda that captures 'this' is not supported
#endif
    return h(x);
  }
};

double f(double x) {
  Model m{2.0};
  return m.eval(x);
}

double use(double x) { return tangent::grad<f>()(x); }
