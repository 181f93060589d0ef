// A syntax error before the end of the file: the plugin does not generate,
// and the request says so (not "needs the plugin", which is loaded).
#include <tangent/tangent.hpp>

double f(double x) { return x * x }

int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
