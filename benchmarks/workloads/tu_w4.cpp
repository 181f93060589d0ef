//===- benchmarks/workloads/tu_w4.cpp - compile-time TU of W4 -------------===//
///
/// \file
/// The translation unit compile_time.sh compiles for W4: the workload, one
/// function that calls it (so its code is generated in both modes) and,
/// unless NO_REQUEST is defined, the gradient requests gradient_table makes
/// (full tape and checkpointed).
//===----------------------------------------------------------------------===//
#include "workloads.hpp"

#include <tangent/tangent.hpp>
#include <tuple>
#include <vector>

using vector = std::vector<double>;

double run_w4(const vector &W, const vector &U, const vector &b) {
  return w4_rnn(W, U, b);
}

#ifndef NO_REQUEST
std::tuple<vector, vector, vector> grad_w4(const vector &W, const vector &U,
                                           const vector &b) {
  return tangent::grad<w4_rnn>()(W, U, b);
}
std::tuple<vector, vector, vector>
grad_w4_checkpointed(const vector &W, const vector &U, const vector &b) {
  return tangent::grad<w4_rnn, tangent::options{.checkpoint = true}>()(W, U, b);
}
#endif
