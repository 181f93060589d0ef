//===- Flags.cpp - the command line of tangent-rewrite --------------------===//
#include "tools/rewrite/Flags.h"

namespace tangent::rewrite::flags {

cl::OptionCategory category("tangent-rewrite options");

cl::opt<std::string> build_path(
    "p",
    cl::desc("Build directory with compile_commands.json (or the JSON "
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
cl::opt<std::string> stamp_path(
    "stamp",
    cl::desc("With --check, when everything is up to date: write <file> and "
             "<file>.d, a Makefile rule naming every file the check read "
             "(for build systems; see tangent_check in the CMake package)"),
    cl::value_desc("file"), cl::cat(category));
cl::opt<std::string>
    report_path("report",
                cl::desc("Write a JSON report of every translation unit, "
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
cl::opt<bool>
    force("force",
          cl::desc("Also replace files that are read-only (no write permission "
                   "bit); they keep their mode"),
          cl::cat(category));
cl::opt<std::string> disable_pass(
    "disable-pass",
    cl::desc("Switch off optional passes of the generator, comma-separated "
             "(`all`: every one; the list: clang -fplugin-arg-tangent-"
             "list-passes); derivatives stay the same"),
    cl::value_desc("pass,..."), cl::cat(category));
cl::opt<bool> quiet("quiet", cl::desc("No progress output"), cl::cat(category));
cl::alias quiet_short("q", cl::desc("Alias for --quiet"), cl::aliasopt(quiet),
                      cl::cat(category));

} // namespace tangent::rewrite::flags
