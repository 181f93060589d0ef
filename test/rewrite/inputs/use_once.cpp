// tangent-rewrite test input: requests the gradient of a function defined
// in a #pragma once header.
#include <tangent/tangent.hpp>

#include "once.h"
#include "once.h"

#include <cmath>
#include <cstdio>

int main() {
  double g = tangent::grad<bump>()(0.5);
  double expected = -2 * 0.5 * std::exp(-0.25);
  std::printf("%.12e\n", g);
  return std::fabs(g - expected) < 1e-12 ? 0 : 1;
}
