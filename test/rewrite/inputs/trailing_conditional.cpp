// tangent-rewrite test input: the file ends with an inactive conditional
// group; the pipeline runs at its #endif, as in the plugin.
#include <tangent/tangent.hpp>

#include <cstdio>

double sq(double x) { return x * x * 3.0; }

int main() { return tangent::grad<sq>()(2.0) == 12.0 ? 0 : 1; }

#ifdef NEVER_DEFINED
int unused;
#endif
