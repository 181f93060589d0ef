//===- Options.h - the options of a request ---------------------*- C++ -*-===//
///
/// \file
/// The generator uses the runtime's own `tangent::options`
/// (runtime/include/tangent/options.hpp): one definition, compared with its
/// defaulted `operator==`. forEachOption() is the one list of its fields by
/// name, used to read them from Clang's template arguments, to print them as
/// C++ and to report them.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_IR_OPTIONS_H
#define TANGENT_IR_OPTIONS_H

#include "tangent/options.hpp"
#include <string>

namespace tangent {

using Options = options;

/// Calls `fn(name, field)` for every field of `o` (an Options, const or
/// not), in declaration order.
template <class O, class Fn> void forEachOption(O &o, Fn &&fn) {
  // Stops compiling when tangent::options gains a field not listed here.
  auto &[checkpoint, min_length, budget, optimized, wrt, memory_budget, threads,
         recompute] = o;
  fn("checkpoint", checkpoint);
  fn("min_length", min_length);
  fn("budget", budget);
  fn("optimized", optimized);
  fn("wrt", wrt);
  fn("memory_budget", memory_budget);
  fn("threads", threads);
  fn("recompute", recompute);
}

/// C++ for `o`: `tangent::options{}`, or designated initializers of the
/// fields that differ from the defaults, in order
/// (`tangent::options{.checkpoint = true, .wrt = tangent::wrt_params(0, 2)}`).
std::string optionsLiteral(const Options &o);

/// How remarks name a request: `grad<f>` or `grad<f, options{...}>`.
std::string requestName(const std::string &function, const Options &o,
                        const char *marker = "grad");

/// Whether parameter `index` is selected by `o.wrt`.
inline bool selectsParam(const Options &o, int index) {
  return index >= 0 && index < 64 && ((o.wrt >> index) & 1u);
}

} // namespace tangent

#endif
