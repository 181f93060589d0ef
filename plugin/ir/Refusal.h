//===- Refusal.h - what cannot be differentiated, as a value ----*- C++ -*-===//
///
/// \file
/// Passes after validation never report a problem themselves: what the
/// lowering, an analysis or forward mode finds it cannot differentiate is a
/// Refusal they return, and the legality layer (frontend/Legality.h), the
/// one place that reports refusals, reports each once, at its location,
/// before any code is generated. Code generation only asserts.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_IR_REFUSAL_H
#define TANGENT_IR_REFUSAL_H

#include "ir/IR.h"
#include <string>
#include <vector>

namespace tangent {

/// One refusal: where, which pass found it, and why.
struct Refusal {
  /// The pass that found it.
  enum class Source {
    Lowering,     ///< arguments sharing storage in a way no callee
                  ///< specialisation handles (frontend/lower/LowerShared.cpp)
    ParallelLoop, ///< an OpenMP loop (analysis/ParallelLoops.cpp)
    FixedPoint,   ///< [[tangent::fixed_point]] (analysis/Checkpointing.cpp)
    Generation,   ///< what the generator cannot emit for the analyzed IR
                  ///< (frontend/LegalityIR.cpp)
    ForwardMode,  ///< the tangent-linear transform (forward/)
  };
  Source source = Source::Generation;
  Loc at;
  /// The message without the "tangent: " prefix the legality layer adds.
  std::string why;
  /// The function it is in (the lowering's refusals are reported only for
  /// the requests that reach it), or null.
  const Function *in = nullptr;

  bool operator==(const Refusal &o) const {
    return at.raw == o.at.raw && why == o.why;
  }
};

using Refusals = std::vector<Refusal>;

/// Appends `r` to `all` unless an equal refusal is there (replays and
/// callees shared by several requests find one problem more than once).
inline void addRefusal(Refusals &all, Refusal r) {
  for (const Refusal &o : all)
    if (o == r)
      return;
  all.push_back(std::move(r));
}

} // namespace tangent

#endif // TANGENT_IR_REFUSAL_H
