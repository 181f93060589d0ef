// tangent-rewrite test input: a header protected by #pragma once.
#pragma once

#include <cmath>

inline double bump(double x) { return std::exp(-x * x); }
