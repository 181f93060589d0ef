// Control of run_remarks.sh: the marked text differs from the remark, so the
// runner must fail.
#include <tangent/tangent.hpp>

double f(double x) {
  double y = x;
  for (int i = 0; i < 50; ++i) // REMARK: for loop in 'f' fully taped: trip count 51 < min_length 100 [grad<f, options{.checkpoint = true}>]
    y = 0.9 * y;
  return y;
}

int main() { (void)tangent::grad<f, tangent::options{.checkpoint = true}>(); }
