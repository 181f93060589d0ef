//===- RewriteTool.cpp - tangent-rewrite: adjoints into the sources ------===//
//
//   tangent-rewrite [options] <file>... [-- <compile flags>]
//   tangent-rewrite -p <build-dir> [options] [<file>...]
//
// A run has four steps; nothing is written unless all of them succeed.
//   1. analyze  every translation unit, in parallel (one ClangTool per
//               thread), parsed with the generated regions of the files
//               under --root stripped; the pipeline generates one block per
//               request, and each block gets a target file (RewriteRunner)
//   2. plan     the blocks of all units are merged per target file,
//               deduplicated by request (RewritePlan)
//   3. verify   every unit that reads a changed file is parsed again with
//               the planned contents: it must compile and every request
//               must be bound by the new blocks
//   4. write    temporary files next to the originals, then renames; the
//               report (--report) the same way. A read-only file (no write
//               permission bit) stops the run before any write, unless
//               --force.
//
// Exit status: 0 success (or up to date with --check), 1 --check found
// missing or stale blocks (it prints the command that updates them), 2 error
// (nothing written), also when a batch processed no unit. --check --stamp
// writes a stamp and its Makefile dependency file when up to date (the
// CMake package's tangent_check).
//
// Where a block goes (RewriteRunner.cpp, UnitConsumer::place):
//   - f defined in the main file: the end of the main file;
//   - f defined in a header under --root that has an include guard (before
//     its final #endif) or #pragma once (at its end), when everything the
//     generated code needs (f, its callees, their custom derivatives) is
//     declared before that point: the header, once for every unit;
//   - otherwise (a header outside --root, such as a system or third-party
//     header, or a header without a guard): the end of the main file of
//     each requesting unit, as the plugin does. Files outside --root are
//     never written, except the files named on the command line (the
//     user's choice: --root then guards the headers only).
// Blocks of a header that no unit of the run requests are kept (other units
// may need them) unless the whole database is processed or --prune is given.
//
// Compile commands: `--` flags, or -p's compile_commands.json (entries as
// they are, no interpolation), or none (default flags only). Every command
// gets -std=c++20 (a later -std wins), -I<runtime headers> (installed: the
// prefix's include/) and Clang's resource directory; -fplugin=...Tangent...
// and -fplugin-arg-tangent-* are dropped (the tool does the plugin's work).
//
//===----------------------------------------------------------------------===//
#include "tools/rewrite/Flags.h"
#include "tools/rewrite/Report.h"
#include "tools/rewrite/RewritePlan.h"
#include "tools/rewrite/RewriteRunner.h"
#include "tools/rewrite/RewriteText.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#ifndef TANGENT_RUNTIME_INCLUDE_DIR
#define TANGENT_RUNTIME_INCLUDE_DIR ""
#endif
#ifndef TANGENT_CLANG_RESOURCE_DIR
#define TANGENT_CLANG_RESOURCE_DIR ""
#endif
#ifndef TANGENT_VERSION
#define TANGENT_VERSION "unknown"
#endif

using namespace clang::tooling;
using namespace tangent::rewrite;
using namespace tangent::rewrite::flags;
namespace cl = llvm::cl;

namespace {

const char *kOverview =
    "tangent-rewrite: writes the adjoints of tangent::grad<f> requests into "
    "the sources\n\n"
    "  tangent-rewrite [options] <file>... [-- <compile flags>]\n"
    "  tangent-rewrite -p <build-dir> [options] [<file>...]\n\n"
    "Each generated block goes into the header that defines f (inside its "
    "include guard) when that header is under --root, else at the end of the "
    "main file. Runs are idempotent; -std=c++20 and the tangent runtime "
    "headers are added to every compile command.\n\n"
    "Exit status: 0 success, 1 --check found blocks to update, 2 error "
    "(nothing written).\n";

std::mutex output_mutex;

void error(const std::string &message) {
  std::lock_guard<std::mutex> lock(output_mutex);
  llvm::errs() << "tangent-rewrite: error: " << message << "\n";
}
void note(const std::string &message) {
  if (quiet)
    return;
  std::lock_guard<std::mutex> lock(output_mutex);
  llvm::errs() << "tangent-rewrite: " << message << "\n";
}

std::string current_directory() {
  llvm::SmallString<256> cwd;
  llvm::sys::fs::current_path(cwd);
  return std::string(cwd);
}

/// A path for messages: relative to the current directory when under it.
std::string display(const std::string &path) {
  std::string cwd = current_directory();
  if (!cwd.empty() && cwd.back() != '/')
    cwd += '/';
  if (path.compare(0, cwd.size(), cwd) == 0)
    return path.substr(cwd.size());
  return path;
}

/// The runtime headers: next to an installed tool (<prefix>/include), else
/// the source tree's.
std::string runtimeInclude(const char *argv0) {
  std::string exe =
      llvm::sys::fs::getMainExecutable(argv0, (void *)&runtimeInclude);
  if (!exe.empty()) {
    llvm::SmallString<256> dir(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
    llvm::sys::path::append(dir, "include");
    llvm::SmallString<256> header(dir);
    llvm::sys::path::append(header, "tangent", "tangent.hpp");
    if (llvm::sys::fs::exists(header))
      return std::string(dir);
  }
  return TANGENT_RUNTIME_INCLUDE_DIR;
}

/// The compilation database: `--` flags, -p, or none (default flags only).
std::unique_ptr<CompilationDatabase>
loadDatabase(std::unique_ptr<FixedCompilationDatabase> fixed,
             std::string &message) {
  if (fixed) {
    if (!build_path.empty()) {
      message = "give either -p <build-dir> or compile flags after '--', "
                "not both";
      return nullptr;
    }
    return fixed;
  }
  if (build_path.empty())
    return std::make_unique<FixedCompilationDatabase>(
        current_directory(), std::vector<std::string>{});
  std::string path = canonicalPath(build_path);
  if (llvm::sys::fs::is_directory(path)) {
    llvm::SmallString<256> json(path);
    llvm::sys::path::append(json, "compile_commands.json");
    path = std::string(json);
  }
  if (!llvm::sys::fs::exists(path)) {
    message = "no compilation database: '" + path +
              "' does not exist; give "
              "the build directory that has compile_commands.json (CMake "
              "writes it with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)";
    return nullptr;
  }
  std::string load_error;
  auto db = JSONCompilationDatabase::loadFromFile(
      path, load_error, JSONCommandLineSyntax::AutoDetect);
  if (!db) {
    message =
        "cannot load the compilation database '" + path + "': " + load_error;
    return nullptr;
  }
  return db;
}

/// What the steps of a run share: its inputs, what it found, the report.
struct Run {
  std::string mode; ///< rewrite / check / dry-run
  std::unique_ptr<FileStore> store;
  std::unique_ptr<CompilationDatabase> db;
  std::string database;           ///< the -p database, for messages
  std::string report_file;        ///< "" without --report
  std::vector<std::string> files; ///< the translation units to process
  bool whole_database = false;
  RunnerConfig config;
  unsigned threads = 1;
  ReportContext context;
  std::vector<UnitResult> units;
  std::vector<PlannedFile> planned;
  std::vector<const PlannedFile *> changed;
  std::string update_command; ///< this command line without --check

  /// Writes the report (with --report) and returns `status`, or 2 when the
  /// report cannot be written.
  int finish(int status) {
    std::string message;
    if (report_file.empty() ||
        replaceFile(report_file, renderReport(units, planned, context),
                    message))
      return status;
    error("cannot write the report: " + message);
    return 2;
  }
  /// Prints an error, records it (or `summary`) in the report, and finishes
  /// with status 2.
  int fail(const std::string &message, const std::string &summary = "") {
    error(message);
    context.ok = false;
    context.errors.push_back(summary.empty() ? message : summary);
    return finish(2);
  }
};

/// What a step returns to let the run go on.
constexpr int kContinue = -1;

/// Roots, the report's path and the compilation database. Errors here come
/// before any report.
int configure(Run &run, std::unique_ptr<FixedCompilationDatabase> fixed) {
  std::vector<std::string> root_dirs;
  if (roots.empty())
    root_dirs.push_back(canonicalPath(current_directory()));
  for (const std::string &r : roots) {
    std::string dir = canonicalPath(r);
    if (!llvm::sys::fs::is_directory(dir)) {
      error("--root '" + r +
            "' is not a directory (give the directory "
            "whose files may be written)");
      return 2;
    }
    root_dirs.push_back(dir);
  }
  run.store = std::make_unique<FileStore>(root_dirs);

  // The report and the stamp must be writable; checked again when written.
  run.report_file = report_path.empty() ? "" : canonicalPath(report_path);
  for (const std::string *path : {&run.report_file, &stamp_path.getValue()}) {
    std::string refusal = path->empty() ? "" : writeRefusal(*path, force);
    if (!refusal.empty()) {
      error(
          "cannot write " +
          std::string(path == &run.report_file ? "the report" : "the --stamp") +
          " '" + display(canonicalPath(*path)) + "': " + refusal);
      return 2;
    }
  }

  std::string db_error;
  if (!build_path.empty())
    run.database = canonicalPath(build_path);
  run.db = loadDatabase(std::move(fixed), db_error);
  if (!run.db) {
    error(db_error);
    return 2;
  }
  return kContinue;
}

/// The translation units: the named files, or every unit of the database
/// that is under the roots and exists (the others are skipped and listed in
/// the report). From here on the report is always written.
int selectUnits(Run &run) {
  CompilationDatabase &db = *run.db;
  if (sources.empty()) {
    if (build_path.empty()) {
      error("no input files (give files, or -p <build-dir> for a whole "
            "compilation database); see --help");
      return 2;
    }
    run.whole_database = true;
    for (const std::string &f : db.getAllFiles()) {
      std::string path = canonicalPath(f);
      std::string why;
      if (!run.store->underRoot(path))
        why = "outside the --root directories";
      else if (!llvm::sys::fs::exists(path))
        why = "the file does not exist (a stale entry of the database?)";
      if (why.empty()) {
        run.files.push_back(path);
        continue;
      }
      note("skipping " + display(path) + " (" + why + ")");
      run.context.skipped.push_back({path, why});
    }
  } else {
    for (const std::string &s : sources) {
      std::string path = canonicalPath(s);
      if (!llvm::sys::fs::exists(path))
        return run.fail("no such file: '" + s + "'");
      if (llvm::sys::fs::is_directory(path))
        return run.fail("'" + s +
                        "' is a directory: name its source files, or give "
                        "-p <build-dir> to rewrite every file of a "
                        "compilation database");
      if (auto read = llvm::MemoryBuffer::getFile(path); !read)
        return run.fail("cannot read '" + s +
                        "': " + read.getError().message());
      if (db.getCompileCommands(path).empty())
        return run.fail("no compile command for '" + s +
                        "' in the compilation database '" + run.database +
                        "'; add it to the build, or name only files of the "
                        "database");
      if (!run.store->underRoot(path))
        note("note: " + display(path) +
             " is outside the --root directories; "
             "it is written because it is named on the command line (headers "
             "outside --root are not)");
      run.store->addNamed(path);
      run.files.push_back(path);
    }
  }
  std::vector<std::string> &files = run.files;
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  for (const std::string &f : files)
    for (const CompileCommand &c : db.getCompileCommands(f))
      if (!llvm::sys::fs::is_directory(c.Directory))
        return run.fail("the compile command for '" + display(f) +
                        "' runs in directory '" + c.Directory +
                        "', which does not exist; regenerate the compilation "
                        "database");
  if (!files.empty())
    return kContinue;
  if (run.context.skipped.empty())
    return run.fail("the compilation database '" + run.database +
                    "' has no entries; no translation unit was processed");
  std::map<std::string, std::size_t> reasons;
  for (const SkippedUnit &k : run.context.skipped)
    ++reasons[k.reason];
  std::string why, roots_shown;
  for (const auto &[reason, n] : reasons)
    why += (why.empty() ? "" : ", ") + std::to_string(n) + " " + reason;
  for (const std::string &r : run.store->roots())
    roots_shown += (roots_shown.empty() ? "" : ", ") + display(r);
  return run.fail(
      "no translation unit was processed: the " +
          std::to_string(run.context.skipped.size()) +
          " unit(s) of the compilation database '" + run.database +
          "' were skipped (" + why + "; --root: " + roots_shown +
          "). Run tangent-rewrite from the project's source directory, pass "
          "--root <dir> (repeatable), or name the files to process",
      "no translation unit was processed: every unit was skipped");
}

/// 1. Analyze every unit, in parallel.
int analyze(Run &run) {
  std::vector<std::vector<UnitResult>> analyzed(run.files.size());
  std::atomic<std::size_t> done{0};
  parallelFor(run.files.size(), run.threads, [&](std::size_t i) {
    const std::string &file = run.files[i];
    analyzed[i] = analyzeUnit(*run.db, file, *run.store, run.config);
    std::size_t k = ++done;
    std::lock_guard<std::mutex> lock(output_mutex);
    if (!quiet)
      llvm::errs() << "[" << k << "/" << run.files.size() << "] "
                   << display(file) << "\n";
    for (UnitResult &u : analyzed[i]) {
      llvm::errs() << u.output;
      if (!u.ok)
        llvm::errs() << "tangent-rewrite: error: " << display(file) << ": "
                     << u.failure << "\n";
    }
  });
  std::size_t failed = 0;
  for (auto &v : analyzed)
    for (UnitResult &u : v) {
      if (u.directory.empty())
        for (const CompileCommand &c : run.db->getCompileCommands(u.file))
          u.directory = c.Directory;
      failed += !u.ok;
      run.units.push_back(std::move(u));
    }
  if (!failed)
    return kContinue;
  return run.fail(std::to_string(failed) + " of " +
                      std::to_string(run.units.size()) +
                      " translation unit(s) failed (see above); no file was "
                      "written",
                  std::to_string(failed) + " translation unit(s) failed");
}

/// 2. Plan the new contents of every file; read-only files are replaced
/// only with --force.
int plan(Run &run) {
  std::string plan_error;
  if (!planWrites(run.units, *run.store, prune || run.whole_database,
                  run.planned, plan_error))
    return run.fail(plan_error + "; no file was written", plan_error);
  for (const UnitResult &u : run.units)
    for (const RequestRecord &r : u.requests)
      if (!r.block.empty() && r.target != r.home_file && !r.home_file.empty() &&
          r.home_file != u.file)
        note("note: the adjoint of '" + r.function + "' goes into " +
             display(r.target) + ": " + r.placement);
  for (const PlannedFile &f : run.planned) {
    if (f.changed)
      run.changed.push_back(&f);
    for (const std::string &k : f.kept)
      note("note: kept the block for " + k + " in " + display(f.path) +
           " (no translation unit of this run requests it; --prune removes "
           "it)");
  }
  run.context.up_to_date = run.changed.empty();

  std::size_t refused = 0;
  for (const PlannedFile *f : run.changed) {
    std::string refusal = writeRefusal(f->path, force);
    if (refusal.empty())
      continue;
    std::string shown = "'" + display(f->path) + "': " + refusal;
    if (dry_run || check) {
      note("note: a rewrite cannot write " + shown);
      continue;
    }
    ++refused;
    error("cannot write " + shown);
    run.context.errors.push_back("cannot write " + shown);
  }
  if (!refused)
    return kContinue;
  error(std::to_string(refused) +
        " file(s) to update cannot be written; no file was written");
  run.context.ok = false;
  return run.finish(2);
}

/// --check: exit 1 when a file would change, with the command that updates
/// it; else 0 and, with --stamp, the stamp and its dependency file.
int checkResult(Run &run) {
  std::string stamp = stamp_path.empty() ? "" : canonicalPath(stamp_path);
  if (!run.changed.empty()) {
    if (!stamp.empty())
      llvm::sys::fs::remove(stamp);
    for (const PlannedFile *f : run.changed)
      llvm::errs() << display(f->path)
                   << ": generated adjoints are missing or out of date\n";
    llvm::errs() << "tangent-rewrite: " << run.changed.size()
                 << " file(s) out of date; to update them, run:\n  "
                 << run.update_command << "\n";
    return run.finish(1);
  }
  note("generated adjoints are up to date");
  if (!stamp.empty()) {
    std::set<std::string> inputs;
    for (const UnitResult &u : run.units)
      inputs.insert(u.inputs.begin(), u.inputs.end());
    std::string message;
    if (!replaceFile(stamp + ".d", depfileRule(stamp, inputs), message) ||
        !replaceFile(stamp, "tangent-rewrite --check: up to date\n", message))
      return run.fail("cannot write the --stamp: " + message);
  }
  return run.finish(0);
}

/// 3. Parse every unit that reads a changed file again, with the planned
/// contents: it must compile and bind every request.
int verify(Run &run) {
  std::map<std::string, std::string> contents;
  for (const PlannedFile *f : run.changed)
    contents[f->path] = f->planned;
  std::vector<std::string> affected = unitsReading(run.units, contents);
  std::atomic<std::size_t> broken{0};
  parallelFor(affected.size(), run.threads, [&](std::size_t i) {
    for (const UnitResult &u :
         verifyUnit(*run.db, affected[i], contents, run.config)) {
      if (u.ok)
        continue;
      ++broken;
      std::lock_guard<std::mutex> lock(output_mutex);
      llvm::errs() << u.output
                   << "tangent-rewrite: error: " << display(affected[i])
                   << ": the rewritten sources fail to compile (" << u.failure
                   << ")\n";
    }
  });
  if (!broken)
    return kContinue;
  return run.fail("the rewritten sources would not compile; no file was "
                  "written (this is a bug in tangent: please report it; "
                  "--dry-run shows the change)",
                  "the rewritten sources fail to compile");
}

/// 4. Write: every file to a temporary next to it, then the report, then
/// the renames.
int write(Run &run) {
  std::vector<PendingWrite> pending;
  std::string message;
  if (!stageWrites(run.changed, pending, message))
    return run.fail(message + "; no file was written", message);
  // The report goes first: if it cannot be written, nothing is.
  if (int status = run.finish(0); status != 0) {
    discardTemporaries(pending);
    return status;
  }
  std::size_t renamed = commitWrites(pending, message);
  for (std::size_t i = 0; i < renamed; ++i) {
    std::size_t blocks = run.changed[i]->keys.size();
    note("updated " + display(pending[i].path) + " (" +
         (blocks ? std::to_string(blocks) + " adjoint block(s))"
                 : std::string("generated adjoints removed)")));
  }
  if (renamed < pending.size()) {
    error(message + (renamed ? " (the files above were updated; run "
                               "tangent-rewrite again to finish)"
                             : "; no file was written"));
    return 2;
  }
  if (run.changed.empty())
    note("everything is up to date");
  return 0;
}

} // namespace

int main(int argc, const char **argv) {
  llvm::InitLLVM init(argc, argv);
  // The whole command line (loadFromCommandLine cuts it at `--`).
  std::vector<std::string> command_line(argv, argv + argc);
  std::string fixed_error;
  std::unique_ptr<FixedCompilationDatabase> fixed =
      FixedCompilationDatabase::loadFromCommandLine(argc, argv, fixed_error,
                                                    current_directory());
  if (!fixed_error.empty()) {
    error(fixed_error);
    return 2;
  }
  static std::string runtime_include_dir = runtimeInclude(argv[0]);
  cl::HideUnrelatedOptions(category);
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "tangent-rewrite " << TANGENT_VERSION << "\n"
       << "  runtime headers: " << runtime_include_dir << "\n"
       << "  clang resource directory: " << TANGENT_CLANG_RESOURCE_DIR << "\n";
  });
  if (!cl::ParseCommandLineOptions(argc, argv, kOverview, &llvm::errs()))
    return 2;
  if (check && dry_run) {
    error("--check and --dry-run cannot be combined");
    return 2;
  }
  if (!stamp_path.empty() && !check) {
    error("--stamp needs --check");
    return 2;
  }

  Run run;
  run.update_command =
      shellCommand(withoutOptions(command_line, {"check"}, {"stamp"}));
  run.context.mode = run.mode = check     ? "check"
                                : dry_run ? "dry-run"
                                          : "rewrite";
  run.config.runtime_include = runtime_include_dir;
  run.config.resource_dir = TANGENT_CLANG_RESOURCE_DIR;
  run.threads = jobs ? jobs : std::max(1u, std::thread::hardware_concurrency());
  if (disable_pass.getNumOccurrences()) {
    std::string why;
    if (!run.config.passes.disable(disable_pass, why)) {
      error("--disable-pass: " + why);
      return 2;
    }
  }
  if (int status = configure(run, std::move(fixed)); status != kContinue)
    return status;
  for (int (*step)(Run &) : {selectUnits, analyze, plan})
    if (int status = step(run); status != kContinue)
      return status;
  if (check)
    return checkResult(run);
  if (!no_verify && !run.changed.empty())
    if (int status = verify(run); status != kContinue)
      return status;
  if (dry_run) {
    for (const PlannedFile *f : run.changed)
      llvm::outs() << unifiedDiff(f->original, f->planned, f->path);
    llvm::outs().flush();
    note(run.changed.empty() ? "nothing to change"
                             : std::to_string(run.changed.size()) +
                                   " file(s) would change (dry run: nothing "
                                   "written)");
    return run.finish(0);
  }
  return write(run);
}
