// Must fail: a virtual member call through a reference to a base class (the
// class has virtual functions: its objects are refused where they enter).
#include <tangent/grad.hpp>

#ifdef TANGENT_FIXED
struct Square {
  double eval(double x) const { return x * x; }
};

template <class M> double f(double x, const M &m) { return m.eval(x) + x; }

double use(double x) {
  Square s;
  return std::get<0>(tangent::grad<f<Square>>()(x, s));
}
#else
struct Model {
  virtual ~Model() = default;
  virtual double eval(double x) const = 0;
};

struct Square : Model {
  double eval(double x) const override { return x * x; }
};

double f(double x, const Model &m) { // TANGENT-ERROR: has virtual functions or virtual bases
  return m.eval(x) + x;
}

double use(double x) {
  Square s;
  return tangent::grad<f>()(x, s);
}
#endif
