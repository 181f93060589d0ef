//===- benchmarks/workloads/tu_w3.cpp - compile-time TU of W3 -------------===//
///
/// \file
/// The translation unit compile_time.sh compiles for W3: the workload and
/// its [[tangent::checkpoint(8)]] copy, one function that calls each (so
/// their code is generated in both modes) and, unless NO_REQUEST is defined,
/// the gradient requests gradient_table makes (full tape of w3_fixed_point,
/// w3_fixed_point_ckpt).
//===----------------------------------------------------------------------===//
#include "workloads.hpp"

#include <tangent/tangent.hpp>
#include <vector>

double run_w3(const std::vector<double> &x) { return w3_fixed_point(x); }
double run_w3_ckpt(const std::vector<double> &x) {
  return w3_fixed_point_ckpt(x);
}

#ifndef NO_REQUEST
std::vector<double> grad_w3(const std::vector<double> &x) {
  return tangent::grad<w3_fixed_point>()(x);
}
#ifndef ONE_REQUEST
std::vector<double> grad_w3_checkpointed(const std::vector<double> &x) {
  return tangent::grad<w3_fixed_point_ckpt>()(x);
}
#endif // ONE_REQUEST
#endif
