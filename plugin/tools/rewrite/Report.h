//===- Report.h - the JSON report of tangent-rewrite ------------*- C++ -*-===//
///
/// \file
/// Renders what a run found (every translation unit, its requests, their
/// loops with strategy and reason, diagnostics) and what it did to each file
/// as JSON (nlohmann/json). Clang-free.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_REPORT_H
#define TANGENT_REPORT_H

#include "tools/rewrite/RewritePlan.h"
#include <string>
#include <vector>

namespace tangent::rewrite {

/// A translation unit of the database that a batch run did not process.
struct SkippedUnit {
  std::string file;   ///< real path
  std::string reason; ///< e.g. "outside the --root directories"
};

struct ReportContext {
  std::string mode;        ///< rewrite / check / dry-run
  bool ok = true;          ///< the run succeeded (no error)
  bool up_to_date = false; ///< every file was planned; none needs a change
  std::vector<std::string> errors;
  std::vector<SkippedUnit> skipped;
};

/// The report, pretty-printed, ending with a newline.
std::string renderReport(const std::vector<UnitResult> &units,
                         const std::vector<PlannedFile> &files,
                         const ReportContext &context);

} // namespace tangent::rewrite

#endif
