//===- Report.cpp - the JSON report of tangent-rewrite --------------------===//
//
// Shape (every field always present; documented in docs/modes.md):
//
// {
//   "tool": "tangent-rewrite", "mode": "rewrite" | "check" | "dry-run",
//   "ok": bool, "up_to_date": bool, "errors": [string],
//   "translation_units": [{
//     "file": string, "directory": string, "ok": bool, "failure": string,
//     "diagnostics": [diagnostic],
//     "requests": [{
//       "function": string,
//       "kind": "grad" | "jvp" | "hvp",
//       "options": {"checkpoint": bool, "min_length": int, "budget": int,
//                   "optimized": bool, "wrt": "all" | [int], "wrt_mask": uint},
//       "ok": bool, "status": "generated" | "already_bound" | "failed",
//       "home_file": string, "written_to": string | null,
//       "placement": string, "source_hash": string,
//       "loops": [{"file": string, "line": int, "kind": string,
//                  "strategy": string, "reason": string}],
//       "diagnostics": [diagnostic]}]}],
//   "files": [{"file": string, "status": string, "blocks": [string],
//              "kept": [string]}],
//   "skipped": [{"file": string, "reason": string}]
// }
// "skipped": the units of the database a batch run (-p without files) did
// not process, and why ("outside the --root directories", "the file does
// not exist ..."); a run that processed no unit fails (ok: false).
// "up_to_date": the run planned every file and none needs a change (false
// when it failed before knowing).
// diagnostic: {"severity": string, "file": string, "line": int,
//              "column": int, "message": string}
//
//===----------------------------------------------------------------------===//
#include "tools/rewrite/Report.h"
#include <algorithm>
#include <nlohmann/json.hpp>
#include <type_traits>

namespace tangent::rewrite {

namespace {

using json = nlohmann::ordered_json;

json diagnostic(const DiagRecord &d) {
  return json{{"severity", d.severity},
              {"file", d.file},
              {"line", d.line},
              {"column", d.column},
              {"message", d.message}};
}

json diagnostics(const std::vector<DiagRecord> &ds) {
  json out = json::array();
  for (const DiagRecord &d : ds)
    out.push_back(diagnostic(d));
  return out;
}

/// Every option by name (forEachOption); the parameter mask as "wrt" ("all"
/// or the selected indices) and "wrt_mask".
json options(const Options &o) {
  json out = json::object();
  forEachOption(o, [&](const char *name, const auto &value) {
    if constexpr (std::is_same_v<std::decay_t<decltype(value)>,
                                 std::uint64_t>) {
      json wrt = json::array();
      for (unsigned i = 0; i < 64; ++i)
        if ((value >> i) & 1u)
          wrt.push_back(i);
      out[name] = value == ~std::uint64_t{0} ? json("all") : wrt;
      out[std::string(name) + "_mask"] = value;
    } else {
      out[name] = value;
    }
  });
  return out;
}

json loop(const LoopRecord &l) {
  return json{{"file", l.file},
              {"line", l.line},
              {"kind", l.kind},
              {"strategy", l.strategy},
              {"reason", l.reason}};
}

std::string hex(std::uint64_t v) {
  char buf[19];
  std::snprintf(buf, sizeof buf, "0x%016llx", (unsigned long long)v);
  return buf;
}

json request(const RequestRecord &r) {
  json loops = json::array();
  for (const LoopRecord &l : r.loops)
    loops.push_back(loop(l));
  json written = nullptr;
  if (!r.target.empty() && !r.block.empty())
    written = r.target;
  return json{{"function", r.function},
              {"kind", r.kind},
              {"options", options(r.options)},
              {"ok", r.ok},
              {"status", !r.ok             ? "failed"
                         : r.already_bound ? "already_bound"
                                           : "generated"},
              {"home_file", r.home_file},
              {"written_to", written},
              {"placement", r.placement},
              {"source_hash", hex(r.source_hash)},
              {"loops", loops},
              {"diagnostics", diagnostics(r.diagnostics)}};
}

} // namespace

std::string renderReport(const std::vector<UnitResult> &units,
                         const std::vector<PlannedFile> &files,
                         const ReportContext &context) {
  json tus = json::array();
  for (const UnitResult &u : units) {
    json requests = json::array();
    for (const RequestRecord &r : u.requests)
      requests.push_back(request(r));
    tus.push_back(json{{"file", u.file},
                       {"directory", u.directory},
                       {"ok", u.ok},
                       {"failure", u.failure},
                       {"diagnostics", diagnostics(u.diagnostics)},
                       {"requests", requests}});
  }
  json fs = json::array();
  for (const PlannedFile &f : files) {
    std::string status;
    if (context.mode == "check")
      status = f.changed ? "out_of_date" : "up_to_date";
    else if (context.mode == "dry-run")
      status = f.changed ? "would_update" : "unchanged";
    else
      status =
          f.changed ? (context.ok ? "updated" : "not_written") : "unchanged";
    fs.push_back(json{{"file", f.path},
                      {"status", status},
                      {"blocks", f.keys},
                      {"kept", f.kept}});
  }
  // After an error nothing is written: the units' own files appear as
  // not_written too when the run stopped before planning them.
  if (!context.ok)
    for (const UnitResult &u : units) {
      const bool planned =
          std::any_of(files.begin(), files.end(),
                      [&](const PlannedFile &f) { return f.path == u.file; });
      const bool listed = std::any_of(fs.begin(), fs.end(), [&](const json &j) {
        return j["file"] == u.file;
      });
      if (!planned && !listed && !u.file.empty())
        fs.push_back(json{{"file", u.file},
                          {"status", "not_written"},
                          {"blocks", json::array()},
                          {"kept", json::array()}});
    }
  json skipped = json::array();
  for (const SkippedUnit &k : context.skipped)
    skipped.push_back(json{{"file", k.file}, {"reason", k.reason}});
  json report{{"tool", "tangent-rewrite"},
              {"mode", context.mode},
              {"ok", context.ok},
              {"up_to_date", context.up_to_date},
              {"errors", context.errors},
              {"translation_units", tus},
              {"files", fs},
              {"skipped", skipped}};
  return report.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace tangent::rewrite
