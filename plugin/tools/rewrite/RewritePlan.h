//===- RewritePlan.h - what tangent-rewrite found and writes --*- C++ -*-===//
///
/// \file
/// Clang-free records of one run of tangent-rewrite: what each translation
/// unit requested (RequestRecord, UnitResult), the files as read from disk
/// (FileStore, shared by the worker threads) and the merge of all blocks
/// into new file contents (planWrites).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_REWRITEPLAN_H
#define TANGENT_REWRITEPLAN_H

#include "ir/Options.h"
#include "tools/rewrite/RewriteText.h"
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace tangent::rewrite {

/// A diagnostic Clang (or tangent, through Clang) reported.
struct DiagRecord {
  std::string severity; ///< error / warning / note / remark / fatal
  std::string file;     ///< "" when it has no location
  unsigned line = 0, column = 0;
  std::string message;
};

/// LoopDecision (Driver.h), copied out of the Clang world.
struct LoopRecord {
  std::string file;
  unsigned line = 0;
  std::string kind, strategy, reason;
};

/// One request of one translation unit.
struct RequestRecord {
  std::string function; ///< qualified name
  std::string kind;     ///< grad, jvp (jvp, jacobian), vjp (vjp, jacobian), hvp
  Options options;
  std::string key;       ///< adjoint<&f, options{...}>, "" when no block
  std::string home_file; ///< real path of the file that defines f
  std::string target;    ///< real path of the file its block goes to, or ""
  std::string placement; ///< why the block goes there
  std::string block;     ///< generated code (empty if failed/already bound)
  std::uint64_t source_hash = 0;
  bool ok = false;
  bool already_bound = false;
  std::vector<LoopRecord> loops;
  std::vector<DiagRecord> diagnostics;
};

/// One parse of one translation unit.
struct UnitResult {
  std::string file;      ///< the main file (real path)
  std::string directory; ///< the compile command's working directory
  bool ok = false;       ///< parsed and generated without errors
  std::string output;    ///< diagnostics as Clang prints them
  std::string failure;   ///< why the unit failed, besides diagnostics
  std::vector<RequestRecord> requests;
  std::vector<DiagRecord> diagnostics;
  std::set<std::string> files;  ///< every file in scope (FileStore) it read
  std::set<std::string> inputs; ///< every file it read (--stamp's depfile)
};

/// A file as read from disk, once per run.
struct FileState {
  std::string original;
  Stripped stripped;
  bool read_ok = false;
  std::string read_error;
};

/// The files of a run, read once and shared by all threads.
///
/// The files tangent-rewrite may write: those under the roots, and those
/// named on the command line (the user's choice, even outside the roots; the
/// roots then guard the headers only).
class FileStore {
public:
  explicit FileStore(std::vector<std::string> roots)
      : roots_(std::move(roots)) {}
  /// Whether `real_path` lies under one of the roots.
  bool underRoot(const std::string &real_path) const;
  /// Adds a file named on the command line (before the threads start).
  void addNamed(const std::string &real_path) { named_.insert(real_path); }
  /// Whether tangent-rewrite may write `real_path`: under a root, or named.
  bool inScope(const std::string &real_path) const {
    return named_.count(real_path) || underRoot(real_path);
  }
  /// The file, read on first use (thread-safe; the result stays valid).
  std::shared_ptr<const FileState> get(const std::string &real_path);
  /// Every file read so far.
  std::map<std::string, std::shared_ptr<const FileState>> all() const;
  const std::vector<std::string> &roots() const { return roots_; }

private:
  std::vector<std::string> roots_;
  std::set<std::string> named_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const FileState>> files_;
};

/// The new contents of one file.
struct PlannedFile {
  std::string path;
  std::string original, planned;
  bool changed = false;
  std::vector<std::string> kept; ///< keys of blocks kept from an earlier run
  std::vector<std::string> keys; ///< keys of all blocks in `planned`
};

/// Merges the blocks of every unit into new file contents: blocks go to
/// their target file, deduplicated by key; a file's blocks are sorted by
/// key. In a header (a file that is not the main file of a processed unit),
/// blocks whose request no processed unit made are kept unless `prune`.
/// Returns false (with `error`) when a file cannot be planned.
bool planWrites(const std::vector<UnitResult> &units, FileStore &store,
                bool prune, std::vector<PlannedFile> &out, std::string &error);

/// Runs fn(i) for every i in [0, n) on up to `threads` threads (the units
/// of a run are analyzed and verified this way).
void parallelFor(std::size_t n, unsigned threads,
                 const std::function<void(std::size_t)> &fn);

/// The main files of the units that read one of the files of `contents`
/// (sorted, unique): the units to parse again with the new contents.
std::vector<std::string>
unitsReading(const std::vector<UnitResult> &units,
             const std::map<std::string, std::string> &contents);

/// A file written next to its destination, renamed into place later.
struct PendingWrite {
  std::string path, temp;
};

/// Writes `content` to a new temporary file next to `path`, with the mode of
/// `path` when it exists. Returns false (with `message`) on failure.
bool writeTemporary(const std::string &path, const std::string &content,
                    PendingWrite &out, std::string &message);

/// Writes the planned contents of `files` to temporaries next to them,
/// after checking that each file still has the contents it was planned from.
/// On failure, returns false with `message` and leaves no temporary behind.
bool stageWrites(const std::vector<const PlannedFile *> &files,
                 std::vector<PendingWrite> &out, std::string &message);

/// Renames the temporaries over their files, in order. Returns how many were
/// renamed; when not all, `message` says why and the rest are removed.
std::size_t commitWrites(const std::vector<PendingWrite> &pending,
                         std::string &message);

/// Writes `content` to `path` through a temporary and a rename. Returns
/// false (with `message`, `path` untouched) on failure.
bool replaceFile(const std::string &path, const std::string &content,
                 std::string &message);

/// Removes the temporaries of `pending`.
void discardTemporaries(const std::vector<PendingWrite> &pending);

/// Why tangent-rewrite cannot write `path`, or "" when it can: its
/// directory does not exist, it is a directory, or (unless `force`) the
/// existing file is read-only, and then the reason says what to do.
/// Replacing renames a temporary over the file, which the directory's
/// permissions allow even for a read-only file, so the file's own mode is
/// checked: a file with no write permission bit is read-only for everyone,
/// root included.
std::string writeRefusal(const std::string &path, bool force);

} // namespace tangent::rewrite

#endif
