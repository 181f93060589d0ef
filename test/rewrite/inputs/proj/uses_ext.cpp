// tangent-rewrite test input: requests the gradient of a function defined in
// a header outside the project root (../ext/ext.h).
#include <tangent/tangent.hpp>

#include "ext.h"

#include <cmath>
#include <cstdio>

int main() {
  double g = tangent::grad<ext::softplus>()(0.4);
  double expected = 1.0 / (1.0 + std::exp(-0.4));
  std::printf("%.12e\n", g);
  return std::fabs(g - expected) < 1e-12 ? 0 : 1;
}
