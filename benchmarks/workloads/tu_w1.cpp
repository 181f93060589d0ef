//===- benchmarks/workloads/tu_w1.cpp - compile-time TU of W1 -------------===//
///
/// \file
/// The translation unit compile_time.sh compiles for W1: the workload, one
/// function that calls it (so its code is generated in both modes) and,
/// unless NO_REQUEST is defined, the gradient requests gradient_table makes
/// (full tape and checkpointed).
//===----------------------------------------------------------------------===//
#include "workloads.hpp"

#include <tangent/tangent.hpp>
#include <vector>

double run_w1(const std::vector<double> &x) { return w1_rollout(x); }

#ifndef NO_REQUEST
std::vector<double> grad_w1(const std::vector<double> &x) {
  return tangent::grad<w1_rollout>()(x);
}
#ifndef ONE_REQUEST
std::vector<double> grad_w1_checkpointed(const std::vector<double> &x) {
  return tangent::grad<w1_rollout, tangent::options{.checkpoint = true}>()(x);
}
#endif // ONE_REQUEST
#endif
