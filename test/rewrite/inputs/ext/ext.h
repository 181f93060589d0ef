// tangent-rewrite test input: a library header outside the project root.
#ifndef TANGENT_TEST_EXT_H
#define TANGENT_TEST_EXT_H

#include <cmath>

namespace ext {
inline double softplus(double x) { return std::log1p(std::exp(x)); }
} // namespace ext

#endif
