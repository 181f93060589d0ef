// New user, program 9: 3-vector math on std::array<double, 3>.
//
// User operators (+, -, scalar *) and dot, cross and norm functions
// returning by value, used for a triangle's area, the angle between two
// vectors, a torsion (dihedral) angle, the area of a small triangle mesh
// (vertices a std::vector<Vec3>, triangles an index list), and a torque.
// Gradients with respect to the points are std::arrays; the Jacobian of
// cross. Checked against central finite differences (test/e2e/check.hpp).
#include "../e2e/check.hpp"

#include <array>
#include <cmath>
#include <string>
#include <vector>

using Vec3 = std::array<double, 3>;

Vec3 operator+(const Vec3 &a, const Vec3 &b) {
  return {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
}
Vec3 operator-(const Vec3 &a, const Vec3 &b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
Vec3 operator*(double s, const Vec3 &a) {
  return {s * a[0], s * a[1], s * a[2]};
}

double dot(const Vec3 &a, const Vec3 &b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
Vec3 cross(const Vec3 &a, const Vec3 &b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
          a[0] * b[1] - a[1] * b[0]};
}
double norm(const Vec3 &a) { return std::sqrt(dot(a, a)); }

double triangle_area(const Vec3 &a, const Vec3 &b, const Vec3 &c) {
  return 0.5 * norm(cross(b - a, c - a));
}

double angle(const Vec3 &u, const Vec3 &v) {
  return std::atan2(norm(cross(u, v)), dot(u, v));
}

// The torsion angle of four points (as in molecular mechanics).
double dihedral(const Vec3 &p0, const Vec3 &p1, const Vec3 &p2,
                const Vec3 &p3) {
  Vec3 b0 = p0 - p1;
  Vec3 b1 = p2 - p1;
  Vec3 b2 = p3 - p2;
  Vec3 n1 = cross(b0, b1);
  Vec3 n2 = cross(b1, b2);
  Vec3 m = cross(n1, (1.0 / norm(b1)) * b1);
  return std::atan2(dot(m, n2), dot(n1, n2));
}

double mesh_area(const std::vector<Vec3> &verts,
                 const std::vector<std::array<int, 3>> &tris) {
  double area = 0.0;
  for (const auto &t : tris)
    area += triangle_area(verts[t[0]], verts[t[1]], verts[t[2]]);
  return area;
}

// The squared magnitude of the torque of forces at points about a pivot.
double torque2(const std::vector<Vec3> &points, const std::vector<Vec3> &forces,
               const Vec3 &pivot) {
  Vec3 tau{0.0, 0.0, 0.0};
  for (std::size_t i = 0; i < points.size(); ++i)
    tau = tau + cross(points[i] - pivot, forces[i]);
  return dot(tau, tau);
}

int main() {
  using namespace tangent_test;
  const Vec3 a{0.1, 0.2, -0.3}, b{1.2, 0.1, 0.4}, c{0.3, 1.1, 0.2},
      d{1.0, 1.3, 1.1};

  auto dA = tangent::grad<triangle_area>();
  check("triangle_area/grad", dA, a, b, c);
  check_value_and_grad("triangle_area/value_and_grad", dA, a, b, c);
  check_pullback("triangle_area/pullback", dA, 0.5, a, b, c);
  {
    // Moving all three points together leaves the area alone.
    auto [ga, gb, gc] = dA(a, b, c);
    Vec3 sum = ga + gb + gc;
    check_near("triangle_area/translation invariance", sum, Vec3{0.0, 0.0, 0.0},
               {1e-12, 0});
  }

  check("angle/grad", tangent::grad<angle>(), a, b);
  check("dihedral/grad", tangent::grad<dihedral>(), a, b, c, d);

  std::vector<Vec3> verts{a, b, c, d, Vec3{0.5, 0.4, 1.4}};
  std::vector<std::array<int, 3>> tris{{0, 1, 2}, {1, 3, 2}, {0, 2, 4}};
  check("mesh_area/grad", tangent::grad<mesh_area>(), verts, tris);

  std::vector<Vec3> forces{Vec3{0.0, 1.0, 0.5}, Vec3{-0.3, 0.2, 0.1},
                           Vec3{0.4, -0.5, 0.2}};
  std::vector<Vec3> points{a, b, c};
  check("torque2/grad", tangent::grad<torque2>(), points, forces,
        Vec3{0.2, 0.3, 0.1});

  // The Jacobian of cross(u, v): row i is (d cross_i / du, d cross_i / dv).
  {
    auto J = tangent::jacobian<cross>()(a, b);
    check_true("cross/jacobian rows", J.size() == 3);
    for (std::size_t i = 0; i < J.size(); ++i) {
      auto ci = [i](const Vec3 &u, const Vec3 &v) { return cross(u, v)[i]; };
      check_near("cross/jacobian row " + std::to_string(i), J[i],
                 fd_gradient(ci, a, b));
    }
  }
  return summary();
}
