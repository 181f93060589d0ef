//===- benchmarks/workloads/tu_w2.cpp - compile-time TU of W2 -------------===//
///
/// \file
/// The translation unit compile_time.sh compiles for W2 (T = 5000): the
/// workload, one function that calls it (so its code is generated in both
/// modes) and, unless NO_REQUEST is defined, the gradient requests
/// gradient_table makes (full tape and checkpointed; with ONE_REQUEST only
/// the first, as docs/benchmarks.md describes).
//===----------------------------------------------------------------------===//
#include "workloads.hpp"

#include <tangent/tangent.hpp>
#include <vector>

double run_w2(const std::vector<double> &u0) { return w2_lorenz96<5000>(u0); }

#ifndef NO_REQUEST
std::vector<double> grad_w2(const std::vector<double> &u0) {
  return tangent::grad<w2_lorenz96<5000>>()(u0);
}
#ifndef ONE_REQUEST
std::vector<double> grad_w2_checkpointed(const std::vector<double> &u0) {
  return tangent::grad<w2_lorenz96<5000>,
                       tangent::options{.checkpoint = true}>()(u0);
}
#endif // ONE_REQUEST
#endif
