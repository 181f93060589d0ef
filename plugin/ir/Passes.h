//===- Passes.h - the pass list, its switches and its manager ---*- C++ -*-===//
///
/// \file
/// The passes are listed, in the order they run, in Passes.def. A PassSet
/// says which optional ones are switched off; every Function carries the
/// set that applies to it (Function::passes: the translation unit's
/// switches, and for the requested function of an `optimized = false`
/// request, every optional pass off). A pass asks `fn.passes.on(Pass::X)`.
///
/// PassManager runs the passes of one stage on one function: in the order
/// of the list (running one before a pass that already ran is an internal
/// error), each only when switched on, and verifies the IR after each
/// (ir/Verify.h).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_IR_PASSES_H
#define TANGENT_IR_PASSES_H

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tangent {

struct Function;

enum class Pass {
#define TANGENT_PASS(Id, name, stage, kind, what) Id,
#include "ir/Passes.def"
};

enum class PassStage { Analysis, Tangent, Adjoint };
enum class PassKind { Required, Optional, Rule };

struct PassInfo {
  Pass id;
  const char *name;
  PassStage stage;
  PassKind kind;
  const char *what;
};

/// Every pass, in the order of Passes.def.
const std::vector<PassInfo> &passList();
const PassInfo &passInfo(Pass p);

/// Which optional passes are switched off (required ones never are).
class PassSet {
public:
  bool on(Pass p) const { return !((off_ >> static_cast<unsigned>(p)) & 1u); }
  /// Switches `p` off; false (and nothing changed) if it is required.
  bool disable(Pass p);
  /// Every optional pass off (`optimized = false`).
  PassSet requiredOnly() const;
  /// Reads "name[,name...]" into this set, in order: `all` switches every
  /// optional pass off, `-name` one back on ("all,-loop-accumulate"); false
  /// with `error` set (naming the unknown or required pass and listing the
  /// optional ones), and nothing changed, otherwise.
  bool disable(const std::string &names, std::string &error);
  /// The names of the passes switched off, comma-separated ("" if none).
  std::string str() const;
  bool operator==(const PassSet &) const = default;

private:
  std::uint64_t off_ = 0;
};

/// "running-extrema, rematerialize, ...": every pass that can be switched off.
std::string optionalPassNames();

/// The pass list as text, one pass a line (name, stage, kind, what it
/// does), for -fplugin-arg-tangent-list-passes and tangent-rewrite
/// --list-passes.
std::string passListText();

/// Runs the passes of one function in the order of Passes.def.
class PassManager {
public:
  /// `after` (if set) is called with each pass's name once it ran.
  PassManager(Function &fn, std::function<void(const char *)> after = {});
  /// Runs `body` as pass `p` when `fn.passes.on(p)`, then verifies the IR;
  /// whether it ran. An internal error if `p` comes before a pass that ran.
  bool run(Pass p, const std::function<void()> &body);
  /// Lets the passes from `p` on run again: a fixed-point iteration (the
  /// callees' to-be-recorded and checkpointing, which recursion makes
  /// depend on each other) starts each round there.
  void restartAt(Pass p);

private:
  Function &fn_;
  std::function<void(const char *)> after_;
  int last_ = -1;
};

} // namespace tangent

#endif
