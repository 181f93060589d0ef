// A struct parameter (its gradient is a Params), a class with private
// fields, a constructor and operators, and a member-function request.
#include <tangent/tangent.hpp>
#include <cmath>

struct Params {
  double k, c;
  int n;
};

struct Vec2 {
  double x, y;
};
Vec2 operator+(const Vec2 &a, const Vec2 &b) { return {a.x + b.x, a.y + b.y}; }

class Spring {
  double k_, rest_;

public:
  Spring(double k, double rest) : k_(k), rest_(rest) {}
  double energy(const Vec2 &p) const {
    double d = std::sqrt(p.x * p.x + p.y * p.y) - rest_;
    return 0.5 * k_ * d * d;
  }
};

double model(const Params &p, double x) {
  Vec2 a{x, p.c};
  Vec2 b = a + Vec2{p.k, 1.0};
  Spring s(p.k, 0.5 * p.n);
  return s.energy(b) + p.c * x;
}

auto dmodel = tangent::grad<model>();
auto denergy = tangent::grad<&Spring::energy>();
