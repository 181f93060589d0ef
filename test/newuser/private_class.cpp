// New user, program 8: a class with private state and const member
// functions.
//
// `Oscillator` keeps its parameters private behind a constructor and
// accessors and computes an energy in a const member function that calls
// a private helper; `Polynomial` keeps its coefficients in a private
// std::vector and is called as a function object (`p(x)`) inside a free
// fitting loss. The requests are `tangent::grad<&Oscillator::energy>()`
// (the object first, its gradient an Oscillator whose private fields hold
// the adjoints, read through the public accessors), `&Polynomial::operator()`
// and the free loss. Checked against central finite differences
// (test/e2e/check.hpp; its `fields` specialisation is the class's only
// friend).
#include "../e2e/check.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

class Oscillator;
class Polynomial;
template <> struct tangent_test::fields<Oscillator>;
template <> struct tangent_test::fields<Polynomial>;

class Oscillator {
public:
  Oscillator(double mass, double stiffness, double damping)
      : mass_(mass), stiffness_(stiffness), damping_(damping) {}

  double mass() const { return mass_; }
  double stiffness() const { return stiffness_; }
  double damping() const { return damping_; }
  int evaluations() const { return evaluations_; }

  // Total energy at position x and velocity v, with an anharmonic term.
  double energy(double x, double v) const {
    return 0.5 * mass_ * v * v + potential(x);
  }

  // The energy lost to damping over one period at amplitude a.
  double loss_per_period(double a) const {
    const double omega = natural_frequency();
    return kPi * damping_ * omega * a * a;
  }

private:
  double potential(double x) const {
    return 0.5 * stiffness_ * x * x + kQuartic * stiffness_ * x * x * x * x;
  }
  double natural_frequency() const { return std::sqrt(stiffness_ / mass_); }

  static constexpr double kQuartic = 0.05;
  static constexpr double kPi = 3.141592653589793;

  double mass_;
  double stiffness_;
  double damping_;
  int evaluations_ = 0;

  friend struct tangent_test::fields<Oscillator>;
};

template <> struct tangent_test::fields<Oscillator> {
  static auto of(Oscillator &o) {
    return std::tie(o.mass_, o.stiffness_, o.damping_);
  }
};

class Polynomial {
public:
  explicit Polynomial(std::vector<double> coefficients)
      : c_(std::move(coefficients)) {}

  double operator()(double x) const {
    double r = 0.0;
    for (std::size_t i = c_.size(); i-- > 0;)
      r = r * x + c_[i];
    return r;
  }

  std::size_t degree() const { return c_.size() - 1; }
  double coefficient(std::size_t i) const { return c_[i]; }

private:
  std::vector<double> c_;
  friend struct tangent_test::fields<Polynomial>;
};

template <> struct tangent_test::fields<Polynomial> {
  static auto of(Polynomial &p) { return std::tie(p.c_); }
};

// Least-squares fit of a polynomial to samples of sin.
double fit_loss(const Polynomial &p, const std::vector<double> &xs) {
  double s = 0.0;
  for (double x : xs) {
    double d = p(x) - std::sin(x);
    s += d * d;
  }
  return s / xs.size();
}

int main() {
  using namespace tangent_test;
  const Oscillator osc(1.5, 4.0, 0.2);

  auto de = tangent::grad<&Oscillator::energy>();
  check("Oscillator::energy/grad", de, osc, 0.7, -0.4);
  check_value_and_grad("Oscillator::energy/value_and_grad", de, osc, 0.7, -0.4);
  check_pullback("Oscillator::energy/pullback", de, 2.0, osc, 0.7, -0.4);
  {
    // As a user reads it: through the accessors of the gradient object.
    auto [dosc, dx, dv] = de(osc, 0.7, -0.4);
    const double x = 0.7, v = -0.4;
    check_near(
        "Oscillator::energy/accessors",
        std::vector<double>{dosc.mass(), dosc.stiffness(), dosc.damping(), dx,
                            dv},
        std::vector<double>{0.5 * v * v, 0.5 * x * x + 0.05 * x * x * x * x,
                            0.0, 4.0 * x + 4 * 0.05 * 4.0 * x * x * x, 1.5 * v},
        tight_tol);
    check_true("Oscillator::energy/int field copied",
               dosc.evaluations() == osc.evaluations());
  }

  auto dl = tangent::grad<&Oscillator::loss_per_period>();
  check("Oscillator::loss_per_period/grad", dl, osc, 0.3);

  // Only the object.
  auto dobj = tangent::grad<&Oscillator::energy,
                            tangent::options{.wrt = tangent::wrt_params(0)}>();
  check("Oscillator::energy/grad wrt object", dobj, osc, 0.7, -0.4);

  const Polynomial p({0.1, 0.9, -0.05, -0.12});
  auto dp = tangent::grad<&Polynomial::operator()>();
  check("Polynomial::operator()/grad", dp, p, 0.8);
  {
    auto [dpoly, dx] = dp(p, 0.8);
    check_near("Polynomial::operator()/coefficients",
               std::vector<double>{dpoly.coefficient(0), dpoly.coefficient(1),
                                   dpoly.coefficient(2), dpoly.coefficient(3)},
               std::vector<double>{1.0, 0.8, 0.64, 0.512}, tight_tol);
    (void)dx;
  }

  std::vector<double> xs{-1.0, -0.5, 0.0, 0.4, 0.9, 1.3};
  auto df = tangent::grad<fit_loss,
                          tangent::options{.wrt = tangent::wrt_params(0)}>();
  check("fit_loss/grad", df, p, xs);
  return summary();
}
