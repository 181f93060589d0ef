// Control of run_remarks.sh: every loop marked with its exact remark, so the
// runner must pass.
#include <tangent/tangent.hpp>

double f(double x) {
  double y = x;
  for (int i = 0; i < 50; ++i) // REMARK: for loop in 'f' fully taped: trip count 50 < min_length 100 [grad<f, options{.checkpoint = true}>]
    y = 0.9 * y;
  for (int i = 0; i < 60; ++i) // REMARK: for loop in 'f' fully taped: trip count 60 < min_length 100 [grad<f, options{.checkpoint = true}>]
    y = 0.8 * y;
  return y;
}

int main() { (void)tangent::grad<f, tangent::options{.checkpoint = true}>(); }
