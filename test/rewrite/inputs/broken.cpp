// tangent-rewrite test input: does not parse (missing semicolon below).
#include <tangent/tangent.hpp>

double f(double x) { return x * x }

int main() { return tangent::grad<f>()(1.0) == 2.0 ? 0 : 1; }
