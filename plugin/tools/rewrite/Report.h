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

struct ReportContext {
  std::string mode;       ///< rewrite / check / dry-run
  bool ok = true;         ///< the run succeeded (no error)
  bool up_to_date = true; ///< no file needed a change
  std::vector<std::string> errors;
};

/// The report, pretty-printed, ending with a newline.
std::string renderReport(const std::vector<UnitResult> &units,
                         const std::vector<PlannedFile> &files,
                         const ReportContext &context);

} // namespace tangent::rewrite

#endif
