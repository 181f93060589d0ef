// tangent-rewrite test input: a translation unit without requests.
#include <cmath>

double plain(double x) { return std::sqrt(x * x + 1.0); }
