// The C++17 special functions of <cmath> (plugin/rules/Rules.def), against
// finite differences in their variables (and the forward mode with
// -DTANGENT_E2E_FORWARD): Bessel and Neumann functions of integer and
// fractional orders, the spherical ones, the orthogonal polynomials
// (integer degrees), Legendre's associated functions, and the elliptic
// integrals in their modulus, characteristic and amplitude. An order is a
// constant: a literal, an integer variable or a const double.
#include "check.hpp"

#include <cmath>

double s_bessel(double x) {
  const double nu = 1.5;
  return std::cyl_bessel_j(0, x) + std::cyl_bessel_j(2, x) * x +
         std::cyl_bessel_j(nu, x) + std::cyl_bessel_i(1, x) +
         std::cyl_bessel_i(0.5, x);
}
double s_bessel_second_kind(double x, int n) {
  return std::cyl_bessel_k(n, x) + std::cyl_neumann(n + 0.5, x) * x +
         std::cyl_bessel_k(0, x * x);
}
double s_spherical(double x) {
  return std::sph_bessel(0, x) + std::sph_bessel(2, x) * x +
         std::sph_neumann(1, x);
}
double s_polynomials(double x, unsigned n) {
  // (The Laguerre polynomials are defined for x >= 0.)
  return std::hermite(n, x) + std::hermite(0, x) + std::laguerre(n, x + 1) +
         std::assoc_laguerre(n, 2, x + 1) + std::legendre(n, x) +
         std::legendre(0, x) * x;
}
double s_legendre_functions(double x, double theta) {
  return std::assoc_legendre(3, 1, x) + std::assoc_legendre(2, 2, x) * x +
         std::assoc_legendre(4, 0, x) + std::sph_legendre(3, 1, theta) +
         std::sph_legendre(2, 2, theta) + std::sph_legendre(2, 0, theta);
}
double s_complete(double k, double nu) {
  return std::comp_ellint_1(k) + std::comp_ellint_2(k) * k +
         std::comp_ellint_3(k, nu);
}
double s_incomplete(double k, double phi) {
  return std::ellint_1(k, phi) + std::ellint_2(k, phi) * phi +
         std::ellint_3(0.3, -0.4, phi * k);
}
float s_float(float x) {
  return std::cyl_bessel_jf(1, x) + std::comp_ellint_1f(0.5f * x) +
         std::hermitef(3, x);
}
// At the origin the Bessel rows write their limits.
double s_at_zero(double x) {
  return std::cyl_bessel_j(1, x) + std::cyl_bessel_j(3, x) +
         std::cyl_bessel_i(1, x) + std::sph_bessel(1, x) +
         std::comp_ellint_2(x) + std::comp_ellint_3(x, 0.0);
}
double s_nextafter(double x, double y) {
  return std::nextafter(x, y) * x + std::nexttoward(y, 0.0L);
}

using namespace tangent_test;

int main() {
  for (double x : {0.7, 2.3}) {
    check("bessel", tangent::grad<s_bessel>(), x);
    check("bessel_second_kind", tangent::grad<s_bessel_second_kind>(), x, 2);
    check("spherical", tangent::grad<s_spherical>(), x);
    check("float", tangent::grad<s_float>(), static_cast<float>(x / 3));
  }
  for (double x : {-0.6, 0.3, 0.85}) {
    check("polynomials", tangent::grad<s_polynomials>(), x, 3u);
    check("polynomials/degree_0", tangent::grad<s_polynomials>(), x, 0u);
    check("legendre_functions", tangent::grad<s_legendre_functions>(), x,
          1.2 + x);
  }
  check("complete", tangent::grad<s_complete>(), 0.4, 0.3);
  check("complete/negative_nu", tangent::grad<s_complete>(), -0.6, -0.5);
  check("complete/nu_0", tangent::grad<s_complete>(), 0.5, 0.0);
  check("incomplete", tangent::grad<s_incomplete>(), 0.6, 0.9);
  check("incomplete/negative", tangent::grad<s_incomplete>(), -0.3, -1.2);
  // J1'(0) = I1'(0) = 1/2, j1'(0) = 1/3, J3'(0) = E'(0) = K'(0) = 0 (not in
  // the self-test: finite differences would step below 0, out of the
  // Bessel functions' domain).
  if constexpr (!self_test)
    check_near("at_zero", tangent::grad<s_at_zero>()(0.0), 0.5 + 0.5 + 1.0 / 3);
  check("nextafter", tangent::grad<s_nextafter>(), 0.8, 2.0);
  return summary();
}
