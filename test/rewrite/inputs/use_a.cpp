// tangent-rewrite test input: first translation unit using model.h.
#include <tangent/tangent.hpp>

#include "model.h"

std::vector<double> gradient_from_a(const std::vector<double> &x, double k) {
  auto [gx, gk] = tangent::grad<model::energy>()(x, k);
  gx.push_back(gk);
  return gx;
}
