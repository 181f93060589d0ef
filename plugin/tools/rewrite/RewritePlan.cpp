//===- RewritePlan.cpp - merging blocks into new file contents ------------===//
#include "tools/rewrite/RewritePlan.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

namespace tangent::rewrite {

bool FileStore::underRoot(const std::string &path) const {
  for (const std::string &root : roots_) {
    if (path == root)
      return true;
    std::string prefix = root;
    if (prefix.empty() || prefix.back() != '/')
      prefix += '/';
    if (path.compare(0, prefix.size(), prefix) == 0)
      return true;
  }
  return false;
}

namespace {

/// The whole file, or false when it cannot be read.
bool readWholeFile(const std::string &path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return !in.bad();
}

} // namespace

std::shared_ptr<const FileState> FileStore::get(const std::string &path) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = files_.find(path);
    if (it != files_.end())
      return it->second;
  }
  auto state = std::make_shared<FileState>();
  if (!readWholeFile(path, state->original)) {
    state->original.clear();
    state->read_error = "cannot read the file";
  } else {
    state->read_ok = true;
    if (hasRegion(state->original))
      state->stripped = stripRegions(state->original);
    else
      state->stripped.text = state->original;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  auto [it, inserted] = files_.emplace(path, std::move(state));
  return it->second; // another thread may have been first: same contents
}

std::map<std::string, std::shared_ptr<const FileState>> FileStore::all() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return files_;
}

bool planWrites(const std::vector<UnitResult> &units, FileStore &store,
                bool prune, std::vector<PlannedFile> &out, std::string &error) {
  std::set<std::string> mains, requested, paths;
  // file -> key -> candidate texts (several units may generate a block for
  // the same request; each is correct, the choice must be stable).
  std::map<std::string, std::map<std::string, std::set<std::string>>> contrib;
  // key -> headers that hold its block
  std::map<std::string, std::set<std::string>> in_headers;
  for (const UnitResult &u : units) {
    mains.insert(u.file);
    for (const RequestRecord &r : u.requests) {
      if (!r.key.empty())
        requested.insert(r.key);
      if (!r.target.empty() && !r.block.empty() && r.target != u.file)
        in_headers[r.key].insert(r.target);
    }
  }
  for (const UnitResult &u : units) {
    paths.insert(u.file);
    for (const RequestRecord &r : u.requests) {
      if (r.target.empty() || r.block.empty())
        continue;
      if (r.target == u.file) {
        // Already provided by a header this unit includes (placed there by
        // another unit): do not define it twice.
        bool covered = false;
        for (const std::string &h : in_headers[r.key])
          covered = covered || u.files.count(h);
        if (covered)
          continue;
      }
      contrib[r.target][r.key].insert(r.block);
      paths.insert(r.target);
    }
  }
  for (const auto &[path, state] : store.all())
    if (state->read_ok && state->stripped.regions > 0 && store.inScope(path))
      paths.insert(path);

  for (const std::string &path : paths) {
    if (!store.inScope(path))
      continue;
    std::shared_ptr<const FileState> state = store.get(path);
    if (!state->read_ok) {
      error = path + ": " + state->read_error;
      return false;
    }
    if (!state->stripped.error.empty()) {
      error = path + ":" + state->stripped.error;
      return false;
    }
    std::map<std::string, std::string> existing;
    for (const Block &b : state->stripped.blocks)
      existing.emplace(b.key, b.text);
    PlannedFile pf;
    pf.path = path;
    pf.original = state->original;
    std::map<std::string, std::string> final_blocks;
    if (auto it = contrib.find(path); it != contrib.end()) {
      for (const auto &[key, texts] : it->second) {
        auto e = existing.find(key);
        final_blocks[key] = e != existing.end() && texts.count(e->second)
                                ? e->second
                                : *texts.begin();
      }
    }
    bool is_main = mains.count(path) != 0;
    if (!is_main && !prune)
      for (const auto &[key, text] : existing)
        if (!requested.count(key) && !final_blocks.count(key) && !key.empty()) {
          final_blocks[key] = text;
          pf.kept.push_back(key);
        }
    std::vector<Block> blocks;
    for (const auto &[key, text] : final_blocks) {
      blocks.push_back({key, text});
      pf.keys.push_back(key);
    }
    const std::string &stripped = state->stripped.text;
    pf.planned = insertRegion(stripped, anchorOffset(stripped, !is_main),
                              buildRegion(blocks));
    pf.changed = pf.planned != pf.original;
    out.push_back(std::move(pf));
  }
  return true;
}

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

std::vector<std::string>
unitsReading(const std::vector<UnitResult> &units,
             const std::map<std::string, std::string> &contents) {
  std::set<std::string> affected;
  for (const UnitResult &u : units) {
    bool reads = contents.count(u.file) != 0;
    for (const std::string &f : u.files)
      reads = reads || contents.count(f);
    if (reads)
      affected.insert(u.file);
  }
  return {affected.begin(), affected.end()};
}

bool writeTemporary(const std::string &path, const std::string &content,
                    PendingWrite &out, std::string &message) {
  llvm::SmallString<256> model(llvm::sys::path::parent_path(path));
  if (model.empty())
    model = ".";
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(path).str() +
                                     ".tangent-%%%%%%.tmp");
  int fd = -1;
  llvm::SmallString<256> temp;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(model, fd, temp)) {
    message = "cannot create a temporary file next to '" + path +
              "': " + ec.message() +
              " (tangent-rewrite needs write access to the directory)";
    return false;
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << content;
    os.close();
    if (os.has_error()) {
      message =
          "cannot write '" + std::string(temp) + "': " + os.error().message();
      os.clear_error();
      llvm::sys::fs::remove(temp);
      return false;
    }
  }
  if (auto perms = llvm::sys::fs::getPermissions(path))
    llvm::sys::fs::setPermissions(temp, *perms);
  out = {path, std::string(temp)};
  return true;
}

bool stageWrites(const std::vector<const PlannedFile *> &files,
                 std::vector<PendingWrite> &out, std::string &message) {
  for (const PlannedFile *f : files) {
    std::string now;
    PendingWrite p;
    if (!readWholeFile(f->path, now) || now != f->original) {
      message = "'" + f->path +
                "' changed while tangent-rewrite ran (run it "
                "again)";
    } else if (writeTemporary(f->path, f->planned, p, message)) {
      out.push_back(p);
      continue;
    }
    discardTemporaries(out);
    out.clear();
    return false;
  }
  return true;
}

std::size_t commitWrites(const std::vector<PendingWrite> &pending,
                         std::string &message) {
  for (std::size_t i = 0; i < pending.size(); ++i)
    if (std::error_code ec =
            llvm::sys::fs::rename(pending[i].temp, pending[i].path)) {
      message = "cannot replace '" + pending[i].path + "': " + ec.message();
      discardTemporaries(
          std::vector<PendingWrite>(pending.begin() + i, pending.end()));
      return i;
    }
  return pending.size();
}

bool replaceFile(const std::string &path, const std::string &content,
                 std::string &message) {
  PendingWrite p;
  if (!writeTemporary(path, content, p, message))
    return false;
  return commitWrites({p}, message) == 1;
}

void discardTemporaries(const std::vector<PendingWrite> &pending) {
  for (const PendingWrite &p : pending)
    llvm::sys::fs::remove(p.temp);
}

std::string writeRefusal(const std::string &path, bool force) {
  namespace fs = llvm::sys::fs;
  std::string dir(llvm::sys::path::parent_path(path));
  if (!dir.empty() && !fs::is_directory(dir))
    return "its directory '" + dir + "' does not exist";
  if (fs::is_directory(path))
    return "it is a directory";
  llvm::ErrorOr<fs::perms> perms = fs::getPermissions(path);
  if (!perms || force)
    return "";
  std::string why;
  if ((*perms & (fs::owner_write | fs::group_write | fs::others_write)) == 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", unsigned(*perms & fs::all_perms));
    why = std::string("it is read-only (mode ") + mode + ")";
  } else if (fs::access(path, fs::AccessMode::Write)) {
    why = "you have no write permission for it";
  } else {
    return "";
  }
  return why + "; make it writable (chmod u+w '" + path +
         "') or pass --force to replace it (it keeps its mode)";
}

} // namespace tangent::rewrite
