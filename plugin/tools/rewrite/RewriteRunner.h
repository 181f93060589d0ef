//===- RewriteRunner.h - parsing units for tangent-rewrite ----*- C++ -*-===//
///
/// \file
/// The Clang side of tangent-rewrite: one syntax-only parse of one
/// translation unit (a ClangTool of its own, so threads can run several)
/// that runs the pipeline at the end of the parse, with Sema available.
///
/// Files are seen through a file system that substitutes contents: for the
/// analysis, every file under the roots with generated regions is seen
/// without them (so every request is generated afresh, and blocks of
/// requests that are gone disappear); for the verification, every file is
/// seen with its planned new contents.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_REWRITERUNNER_H
#define TANGENT_REWRITERUNNER_H

#include "ir/Passes.h"
#include "tools/rewrite/RewritePlan.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <map>
#include <string>
#include <vector>

namespace tangent::rewrite {

/// Arguments added to every compile command.
struct RunnerConfig {
  std::string runtime_include; ///< -I for <tangent/tangent.hpp>
  std::string resource_dir;    ///< Clang's builtin headers
  PassSet passes;              ///< optional passes off (--disable-pass)
};

/// Parses `file` (every compile command the database has for it) with the
/// generated regions of files under the roots stripped, and records each
/// request with the file its block goes to. One result per compile command.
std::vector<UnitResult>
analyzeUnit(const clang::tooling::CompilationDatabase &db,
            const std::string &file, FileStore &store,
            const RunnerConfig &config);

/// Parses `file` with the planned contents substituted and checks that it
/// compiles and that every request is bound by up-to-date generated code.
std::vector<UnitResult>
verifyUnit(const clang::tooling::CompilationDatabase &db,
           const std::string &file,
           const std::map<std::string, std::string> &planned,
           const RunnerConfig &config);

/// The canonical (absolute, symlinks resolved) form of a path; the path
/// made absolute when it does not exist.
std::string canonicalPath(const std::string &path,
                          const std::string &base_directory = "");

} // namespace tangent::rewrite

#endif
