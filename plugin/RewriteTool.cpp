//===- RewriteTool.cpp - tangent-rewrite: adjoints written into the sources ===//
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
//               report (--report) the same way
//
// Exit status: 0 success (or up to date with --check), 1 --check found
// missing or stale blocks, 2 error (nothing written).
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
#include "Report.h"
#include "RewritePlan.h"
#include "RewriteRunner.h"
#include "RewriteText.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <atomic>
#include <fstream>
#include <functional>
#include <mutex>
#include <sstream>
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
namespace cl = llvm::cl;

namespace {

cl::OptionCategory category("tangent-rewrite options");

cl::opt<std::string> build_path(
    "p", cl::desc("Build directory with compile_commands.json (or the JSON "
                  "file itself); without files, every translation unit in it"),
    cl::value_desc("build-dir"), cl::cat(category));
cl::list<std::string> sources(cl::Positional, cl::desc("<file>..."),
                              cl::cat(category));
cl::list<std::string>
    roots("root",
          cl::desc("Only files under this directory are written, besides "
                   "the files named on the command line (repeatable; "
                   "default: the current directory); with -p and no files, "
                   "the units outside it are skipped"),
          cl::value_desc("dir"), cl::cat(category));
cl::opt<bool> dry_run("dry-run",
                      cl::desc("Print a unified diff; write nothing"),
                      cl::cat(category));
cl::opt<bool> check("check",
                    cl::desc("Write nothing; exit 1 when a generated block is "
                             "missing, stale or orphaned"),
                    cl::cat(category));
cl::opt<std::string> report_path(
    "report", cl::desc("Write a JSON report of every translation unit, "
                       "request and loop"),
    cl::value_desc("report.json"), cl::cat(category));
cl::opt<unsigned> jobs("j",
                       cl::desc("Translation units processed in parallel "
                                "(default: the number of cores)"),
                       cl::value_desc("N"), cl::init(0), cl::Prefix,
                       cl::cat(category));
cl::opt<bool> no_verify(
    "no-verify",
    cl::desc("Skip re-parsing the rewritten translation units before writing"),
    cl::cat(category));
cl::opt<bool> prune(
    "prune",
    cl::desc("Also remove blocks from headers that no translation unit of "
             "this run requests (implied when a whole database is processed)"),
    cl::cat(category));
cl::opt<bool> force(
    "force",
    cl::desc("Also replace files that are read-only (no write permission "
             "bit); they keep their mode"),
    cl::cat(category));
cl::opt<bool> quiet("quiet", cl::desc("No progress output"),
                    cl::cat(category));
cl::alias quiet_short("q", cl::desc("Alias for --quiet"),
                      cl::aliasopt(quiet), cl::cat(category));

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
    llvm::SmallString<256> dir(llvm::sys::path::parent_path(
        llvm::sys::path::parent_path(exe)));
    llvm::sys::path::append(dir, "include");
    llvm::SmallString<256> header(dir);
    llvm::sys::path::append(header, "tangent", "tangent.hpp");
    if (llvm::sys::fs::exists(header))
      return std::string(dir);
  }
  return TANGENT_RUNTIME_INCLUDE_DIR;
}

/// Runs fn(i) for i in [0, n) on `threads` threads.
void parallelFor(std::size_t n, unsigned threads,
                 const std::function<void(std::size_t)> &fn) {
  std::atomic<std::size_t> next{0};
  auto worker = [&]() {
    for (std::size_t i; (i = next++) < n;)
      fn(i);
  };
  threads = std::max(1u, std::min<unsigned>(threads, unsigned(n)));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(worker);
  worker();
  for (std::thread &t : pool)
    t.join();
}

bool readFile(const std::string &path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return !in.bad();
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
    message = "no compilation database: '" + path + "' does not exist";
    return nullptr;
  }
  std::string load_error;
  auto db = JSONCompilationDatabase::loadFromFile(
      path, load_error, JSONCommandLineSyntax::AutoDetect);
  if (!db) {
    message = "cannot load the compilation database '" + path +
              "': " + load_error;
    return nullptr;
  }
  return db;
}

} // namespace

int main(int argc, const char **argv) {
  llvm::InitLLVM init(argc, argv);
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
  const std::string mode = check ? "check" : dry_run ? "dry-run" : "rewrite";

  // Roots.
  std::vector<std::string> root_dirs;
  if (roots.empty())
    root_dirs.push_back(canonicalPath(current_directory()));
  for (const std::string &r : roots) {
    std::string dir = canonicalPath(r);
    if (!llvm::sys::fs::is_directory(dir)) {
      error("--root '" + r + "' is not a directory");
      return 2;
    }
    root_dirs.push_back(dir);
  }
  FileStore store(root_dirs);

  // The report path must be writable; checked again when writing.
  std::string report_file;
  if (!report_path.empty()) {
    report_file = canonicalPath(report_path);
    std::string dir = std::string(llvm::sys::path::parent_path(report_file));
    if (!llvm::sys::fs::is_directory(dir)) {
      error("cannot write the report '" + std::string(report_path) +
            "': directory '" + dir + "' does not exist");
      return 2;
    }
    if (llvm::sys::fs::is_directory(report_file)) {
      error("cannot write the report '" + std::string(report_path) +
            "': it is a directory");
      return 2;
    }
    std::string refusal = force ? "" : writeRefusal(report_file);
    if (!refusal.empty()) {
      error("cannot write the report: '" + display(report_file) + "' " +
            refusal + "; make it writable (chmod u+w), choose another "
            "--report path, or pass --force to replace it");
      return 2;
    }
  }

  // Database and translation units.
  std::string db_error;
  std::unique_ptr<CompilationDatabase> db =
      loadDatabase(std::move(fixed), db_error);
  if (!db) {
    error(db_error);
    return 2;
  }
  bool whole_database = false;
  std::vector<std::string> files;
  if (sources.empty()) {
    if (build_path.empty()) {
      error("no input files (give files, or -p <build-dir> for a whole "
            "compilation database); see --help");
      return 2;
    }
    whole_database = true;
    for (const std::string &f : db->getAllFiles()) {
      std::string path = canonicalPath(f);
      if (!store.underRoot(path)) {
        note("skipping " + display(path) + " (outside the --root directories)");
        continue;
      }
      files.push_back(path);
    }
  } else {
    for (const std::string &s : sources) {
      std::string path = canonicalPath(s);
      if (!llvm::sys::fs::exists(path)) {
        error("no such file: '" + s + "'");
        return 2;
      }
      if (db->getCompileCommands(path).empty()) {
        error("no compile command for '" + s + "' in the compilation "
              "database '" + std::string(build_path) + "'; add it to the "
              "build, or name only files of the database");
        return 2;
      }
      if (!store.underRoot(path))
        note("note: " + display(path) + " is outside the --root directories; "
             "it is written because it is named on the command line (headers "
             "outside --root are not)");
      store.addNamed(path);
      files.push_back(path);
    }
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  for (const std::string &f : files)
    for (const CompileCommand &c : db->getCompileCommands(f))
      if (!llvm::sys::fs::is_directory(c.Directory)) {
        error("the compile command for '" + display(f) +
              "' runs in directory '" + c.Directory +
              "', which does not exist");
        return 2;
      }
  if (files.empty()) {
    note("no translation units to process");
    return 0;
  }

  RunnerConfig config;
  config.runtime_include = runtime_include_dir;
  config.resource_dir = TANGENT_CLANG_RESOURCE_DIR;
  unsigned threads = jobs ? jobs : std::max(1u, std::thread::hardware_concurrency());

  // 1. Analyze.
  std::vector<std::vector<UnitResult>> analyzed(files.size());
  std::atomic<std::size_t> done{0};
  parallelFor(files.size(), threads, [&](std::size_t i) {
    analyzed[i] = analyzeUnit(*db, files[i], store, config);
    std::size_t k = ++done;
    std::lock_guard<std::mutex> lock(output_mutex);
    if (!quiet)
      llvm::errs() << "[" << k << "/" << files.size() << "] "
                   << display(files[i]) << "\n";
    for (UnitResult &u : analyzed[i]) {
      llvm::errs() << u.output;
      if (!u.ok)
        llvm::errs() << "tangent-rewrite: error: " << display(files[i]) << ": "
                     << u.failure << "\n";
    }
  });
  std::vector<UnitResult> units;
  for (auto &v : analyzed)
    for (UnitResult &u : v) {
      if (u.directory.empty())
        for (const CompileCommand &c : db->getCompileCommands(u.file))
          u.directory = c.Directory;
      units.push_back(std::move(u));
    }

  ReportContext context;
  context.mode = mode;
  std::vector<PlannedFile> planned;
  auto finishWithReport = [&](int status) -> int {
    if (report_file.empty())
      return status;
    PendingWrite p;
    std::string message;
    if (!writeTemporary(report_file,
                        renderReport(units, planned, context), p, message)) {
      error("cannot write the report: " + message);
      return 2;
    }
    if (std::error_code ec = llvm::sys::fs::rename(p.temp, p.path)) {
      discardTemporaries({p});
      error("cannot write the report '" + report_file + "': " + ec.message());
      return 2;
    }
    return status;
  };

  std::size_t failed = 0;
  for (const UnitResult &u : units)
    failed += !u.ok;
  if (failed) {
    context.ok = false;
    context.errors.push_back(std::to_string(failed) +
                             " translation unit(s) failed");
    error(std::to_string(failed) + " of " + std::to_string(units.size()) +
          " translation unit(s) failed; no file was written");
    return finishWithReport(2);
  }

  // 2. Plan.
  std::string plan_error;
  if (!planWrites(units, store, prune || whole_database, planned,
                  plan_error)) {
    context.ok = false;
    context.errors.push_back(plan_error);
    error(plan_error + "; no file was written");
    return finishWithReport(2);
  }
  for (const UnitResult &u : units)
    for (const RequestRecord &r : u.requests)
      if (!r.block.empty() && r.target != r.home_file && !r.home_file.empty() &&
          r.home_file != u.file)
        note("note: the adjoint of '" + r.function + "' goes into " +
             display(r.target) + ": " + r.placement);
  std::vector<const PlannedFile *> changed;
  for (const PlannedFile &f : planned) {
    if (f.changed)
      changed.push_back(&f);
    for (const std::string &k : f.kept)
      note("note: kept the block for " + k + " in " + display(f.path) +
           " (no translation unit of this run requests it; --prune removes "
           "it)");
  }
  context.up_to_date = changed.empty();

  // Read-only files are replaced only with --force; a dry run says so.
  std::vector<std::string> refused;
  for (const PlannedFile *f : changed) {
    std::string refusal = force ? "" : writeRefusal(f->path);
    if (refusal.empty())
      continue;
    if (dry_run || check) {
      note("note: '" + display(f->path) + "' " + refusal +
           "; a rewrite needs --force to replace it");
      continue;
    }
    refused.push_back("'" + display(f->path) + "' " + refusal);
    error(refused.back() + "; tangent-rewrite would replace it. Make it "
          "writable (chmod u+w " + display(f->path) + ") or pass --force to "
          "replace it anyway (its mode is kept)");
  }
  if (!refused.empty()) {
    context.ok = false;
    for (const std::string &r : refused)
      context.errors.push_back(r + " (--force replaces it)");
    error(std::to_string(refused.size()) +
          " file(s) to update are read-only; no file was written");
    return finishWithReport(2);
  }

  if (check) {
    for (const PlannedFile *f : changed)
      llvm::errs() << display(f->path)
                   << ": generated adjoints are missing or out of date\n";
    if (!changed.empty())
      llvm::errs() << "tangent-rewrite: " << changed.size()
                   << " file(s) out of date; run tangent-rewrite\n";
    else
      note("generated adjoints are up to date");
    return finishWithReport(changed.empty() ? 0 : 1);
  }

  // 3. Verify.
  if (!no_verify && !changed.empty()) {
    std::map<std::string, std::string> contents;
    for (const PlannedFile *f : changed)
      contents[f->path] = f->planned;
    std::vector<std::string> affected;
    for (const UnitResult &u : units) {
      bool reads_changed = contents.count(u.file) != 0;
      for (const std::string &f : u.files)
        reads_changed = reads_changed || contents.count(f);
      if (reads_changed)
        affected.push_back(u.file);
    }
    std::sort(affected.begin(), affected.end());
    affected.erase(std::unique(affected.begin(), affected.end()),
                   affected.end());
    std::atomic<std::size_t> broken{0};
    parallelFor(affected.size(), threads, [&](std::size_t i) {
      for (const UnitResult &u :
           verifyUnit(*db, affected[i], contents, config)) {
        if (u.ok)
          continue;
        ++broken;
        std::lock_guard<std::mutex> lock(output_mutex);
        llvm::errs() << u.output << "tangent-rewrite: error: "
                     << display(affected[i])
                     << ": the rewritten sources fail to compile ("
                     << u.failure << ")\n";
      }
    });
    if (broken) {
      context.ok = false;
      context.errors.push_back("the rewritten sources fail to compile");
      error("the rewritten sources would not compile; no file was written "
            "(this is a bug in tangent; --dry-run shows the change)");
      return finishWithReport(2);
    }
  }

  if (dry_run) {
    for (const PlannedFile *f : changed)
      llvm::outs() << unifiedDiff(f->original, f->planned, f->path);
    llvm::outs().flush();
    note(changed.empty() ? "nothing to change"
                         : std::to_string(changed.size()) +
                               " file(s) would change (dry run: nothing "
                               "written)");
    return finishWithReport(0);
  }

  // 4. Write: every file to a temporary next to it, then rename.
  std::vector<PendingWrite> pending;
  for (const PlannedFile *f : changed) {
    std::string now;
    if (!readFile(f->path, now) || now != f->original) {
      discardTemporaries(pending);
      error("'" + display(f->path) +
            "' changed while tangent-rewrite ran; no file was written");
      context.ok = false;
      return finishWithReport(2);
    }
    PendingWrite p;
    std::string message;
    if (!writeTemporary(f->path, f->planned, p, message)) {
      discardTemporaries(pending);
      error(message + "; no file was written");
      context.ok = false;
      return finishWithReport(2);
    }
    pending.push_back(p);
  }
  // The report goes first: if it cannot be written, nothing is.
  int status = finishWithReport(0);
  if (status != 0) {
    discardTemporaries(pending);
    return status;
  }
  for (std::size_t i = 0; i < pending.size(); ++i) {
    if (std::error_code ec =
            llvm::sys::fs::rename(pending[i].temp, pending[i].path)) {
      discardTemporaries(std::vector<PendingWrite>(pending.begin() + i, pending.end()));
      error("cannot replace '" + pending[i].path + "': " + ec.message());
      return 2;
    }
    note("updated " + display(pending[i].path) + " (" +
         std::to_string(changed[i]->keys.size()) + " adjoint block(s))");
  }
  if (changed.empty())
    note("everything is up to date");
  return 0;
}
