// Reproducer (not a test): a non-const pointer parameter that the function
// writes and then reads back does not compile, with or without
// checkpointing (so the "falls back to full taping, correctly" guarantee
// cannot hold for it).
//
//   build/bin/tangent-clang++ -O2 test/checkpoint/repro/pointer_read_back.cpp
//
// Expected: compiles (the loop writing `out` fully taped, remark "pointer
// state of unknown extent ('out')"), and the pullback gives the gradient of
// the result with respect to x; or a located refusal at the parameter.
// Got (plugin of 2026-11-30):
//   runtime/include/tangent/support.hpp:51: error: invalid operands to binary
//   expression ('double *' and 'double *const')
// from the generated `tangent::detail::add_to(d_out, d_out_local)`; the
// generated reverse sweep also declares `double* d_out_local = nullptr;` and
// writes `d_out_local[i] += ...`, which would dereference null.
//
// Writing through `out` without reading it back compiles and is correct
// (test/checkpoint/fallback.cpp covers that case).
#include <tangent/tangent.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

double scatter(const double *x, double *out, int n) {
  double y = 0.1;
  [[tangent::checkpoint]] for (int i = 0; i < n; ++i) {
    y = 0.5 * y + std::sin(x[i]);
    out[i] = y * y;
  }
  double r = 0.0;
  for (int i = 0; i < n; ++i)
    r += out[i] * (1.0 + i);
  return r;
}

int main() {
  auto df = tangent::grad<scatter>();
  std::vector<double> x{0.1, 0.2, 0.3, 0.4}, out(4), dx(4), dout(4);
  const double v = df.pullback(x.data(), out.data(), 4, dx.data(), dout.data());
  std::printf("value %g, dx = %g %g %g %g\n", v, dx[0], dx[1], dx[2], dx[3]);
  return 0;
}
