//===- Flags.h - the command line of tangent-rewrite ------------*- C++ -*-===//
///
/// \file
/// The options of tangent-rewrite (llvm::cl), defined in Flags.cpp and read
/// by the steps of a run (RewriteTool.cpp).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_TOOLS_REWRITE_FLAGS_H
#define TANGENT_TOOLS_REWRITE_FLAGS_H

#include "llvm/Support/CommandLine.h"
#include <string>

namespace tangent::rewrite::flags {

namespace cl = llvm::cl;

extern cl::OptionCategory category;
extern cl::opt<std::string> build_path;
extern cl::list<std::string> sources;
extern cl::list<std::string> roots;
extern cl::opt<bool> dry_run;
extern cl::opt<bool> check;
extern cl::opt<std::string> stamp_path;
extern cl::opt<std::string> report_path;
extern cl::opt<unsigned> jobs;
extern cl::opt<bool> no_verify;
extern cl::opt<bool> prune;
extern cl::opt<bool> force;
extern cl::opt<std::string> disable_pass;
extern cl::opt<bool> quiet;
extern cl::alias quiet_short;

} // namespace tangent::rewrite::flags

#endif
