//===- tangent/spill.hpp - snapshots in memory first, then in files -------===//
///
/// \file
/// `tangent::spill_slots<State>`: the slot store of a checkpoint schedule
/// (store / restore / free, see schedule/actions.hpp) whose first
/// `ram_slots` slots hold states in memory (within `ram_bytes` in all, if
/// given), counted in `tangent::stats` like `snapshot_slots`, and whose
/// other slots (and states beyond `ram_bytes`) hold them in files of
/// `tangent::config::spill_directory` (the system's temporary directory
/// when empty). Each spilled state is one file, written with one write and
/// read back with one read; the files are removed when their slot is freed
/// and when the store is destroyed, also during stack unwinding.
///
/// Read-ahead: reversal schedules restore the most recently stored
/// snapshot that is still held (their snapshots nest), so whenever a spilled
/// slot is restored or freed, the store asks the operating system to read
/// the most recently stored other file ahead (`posix_fadvise(WILLNEED)`,
/// asynchronous, no thread of ours). `prefetched()` and `prefetch_hits()`
/// count the hints and the restores of a file hinted since it was stored.
///
/// Errors: a file that cannot be created, written completely, flushed or
/// read back throws `std::runtime_error` naming the file and the reason
/// (a full disk, an unwritable directory): never a wrong gradient.
///
/// States are written by `tangent::detail::write_state` and read by
/// `read_state`: numbers, enums, `std::array`, `std::vector` (of vectors
/// too), `std::pair` and `std::tuple` of those.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SPILL_HPP
#define TANGENT_SPILL_HPP

#include "tangent/snapshots.hpp"
#include "tangent/tape.hpp"

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#include <fcntl.h>
#include <unistd.h>
#endif

namespace tangent {

namespace config {
/// Where spilled snapshots go; empty: the system's temporary directory
/// ($TMPDIR, $TMP, $TEMP or $TEMPDIR, else /tmp).
inline std::string spill_directory;
} // namespace config

namespace detail {

/// Appends the bytes of `value` to `out`.
template <class T> void write_state(std::vector<char> &out, const T &value) {
  if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
    const char *p = reinterpret_cast<const char *>(&value);
    out.insert(out.end(), p, p + sizeof(T));
  } else if constexpr (is_vector<T>::value) {
    write_state(out, static_cast<std::uint64_t>(value.size()));
    using E = typename T::value_type;
    if constexpr ((std::is_arithmetic_v<E> || std::is_enum_v<E>) &&
                  !std::is_same_v<E, bool>) {
      const char *p = reinterpret_cast<const char *>(value.data());
      out.insert(out.end(), p, p + value.size() * sizeof(E));
    } else {
      for (const auto &e : value)
        write_state(out, static_cast<const E &>(e));
    }
  } else {
    // std::array, std::pair, std::tuple: their parts in order.
    std::apply([&](const auto &...part) { (write_state(out, part), ...); },
               value);
  }
}

/// Reads what write_state wrote from `in` at `at` (advanced); throws
/// std::runtime_error past the end.
template <class T>
void read_state(const std::vector<char> &in, std::size_t &at, T &value) {
  auto take = [&](void *to, std::size_t bytes) {
    if (bytes > in.size() - at)
      throw std::runtime_error("tangent: a spilled snapshot is shorter than "
                               "the state it should hold");
    if (bytes == 0)
      return; // an empty vector's data() may be null
    std::memcpy(to, in.data() + at, bytes);
    at += bytes;
  };
  if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
    take(&value, sizeof(T));
  } else if constexpr (is_vector<T>::value) {
    std::uint64_t n = 0;
    take(&n, sizeof n);
    value.resize(static_cast<std::size_t>(n));
    using E = typename T::value_type;
    if constexpr ((std::is_arithmetic_v<E> || std::is_enum_v<E>) &&
                  !std::is_same_v<E, bool>) {
      take(value.data(), value.size() * sizeof(E));
    } else {
      for (std::size_t i = 0; i < value.size(); ++i) {
        E e{};
        read_state(in, at, e);
        value[i] = std::move(e);
      }
    }
  } else {
    std::apply([&](auto &...part) { (read_state(in, at, part), ...); }, value);
  }
}

/// The system's temporary directory, as std::filesystem's
/// temp_directory_path() finds it on POSIX (without <filesystem>, a large
/// share of the cost of including the budgets: docs/api.md, "Include
/// cost").
inline std::string temp_directory() {
  for (const char *name : {"TMPDIR", "TMP", "TEMP", "TEMPDIR"})
    if (const char *dir = std::getenv(name); dir != nullptr && *dir != '\0')
      return dir;
  return "/tmp";
}

/// A number that differs between the processes that may share a spill
/// directory: the process id, the time and an address (randomized by
/// ASLR), mixed. A clash cannot overwrite a file (they are created
/// exclusively); it would be reported as an error.
inline unsigned long long process_tag() {
  static const int here = 0;
  unsigned long long tag = static_cast<unsigned long long>(std::time(nullptr));
#if defined(__unix__) || defined(__APPLE__)
  tag = tag * 1000003u ^ static_cast<unsigned long long>(::getpid());
#endif
  tag = tag * 1000003u ^ reinterpret_cast<std::uintptr_t>(&here);
  return tag;
}

/// A file name no other store uses: a tag drawn once per process, a
/// counter, the slot.
inline std::string spill_file_name(std::size_t slot) {
  static const unsigned long long tag = process_tag();
  static std::atomic<unsigned long long> counter{0};
  std::string dir = config::spill_directory.empty() ? temp_directory()
                                                    : config::spill_directory;
  if (!dir.empty() && dir.back() != '/')
    dir += '/';
  return dir + "tangent-" + std::to_string(tag) + "-" +
         std::to_string(counter.fetch_add(1)) + "-" + std::to_string(slot) +
         ".snapshot";
}

/// Asks the operating system to read the file at `path` ahead (a hint:
/// failures are ignored; nothing happens where there is no such call).
inline void read_ahead(const std::string &path) noexcept {
#if defined(POSIX_FADV_WILLNEED)
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd >= 0) {
    (void)::posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED);
    (void)::close(fd);
  }
#else
  (void)path;
#endif
}

[[noreturn]] inline void spill_error(const std::string &what,
                                     const std::string &path, int error) {
  throw std::runtime_error(
      "tangent: cannot " + what + " the spilled snapshot '" + path +
      "': " + std::strerror(error) + " (tangent::config::spill_directory)");
}

} // namespace detail

template <class State> class spill_slots {
public:
  /// Slots [0, ram_slots) in memory, the others in files. With `ram_bytes`,
  /// a state goes to memory only while the states there stay within that
  /// many bytes (`tangent::state_bytes`), and to a file otherwise: a plan
  /// made with one state's size holds, in memory, no more than it reserved
  /// when the state grows later (a vector the loop appends to).
  explicit spill_slots(std::size_t ram_slots = 0,
                       std::size_t ram_bytes = static_cast<std::size_t>(-1))
      : ram_slots_(ram_slots), ram_bytes_(ram_bytes) {}
  spill_slots(const spill_slots &) = delete;
  spill_slots &operator=(const spill_slots &) = delete;
  ~spill_slots() { clear(); }

  void store(std::size_t slot, const State &state) {
    if (in_memory(slot, state))
      return ram_.store(slot, state);
    if (ram_.contains(slot))
      ram_.free(slot);
    if (slot >= files_.size()) {
      files_.resize(slot + 1);
      order_.resize(slot + 1, 0);
      hinted_.resize(slot + 1, false);
    }
    remove(slot);
    buffer_.clear();
    detail::write_state(buffer_, state);
    std::string path = detail::spill_file_name(slot);
    std::FILE *f = std::fopen(path.c_str(), "wbx"); // never an existing file
    if (f == nullptr)
      detail::spill_error("create", path, errno);
    files_[slot] = path; // removed by free/clear from here on
    order_[slot] = ++stores_;
    hinted_[slot] = false;
    const std::size_t written =
        buffer_.empty() ? 0 : std::fwrite(buffer_.data(), 1, buffer_.size(), f);
    const int write_error = written == buffer_.size() ? 0 : errno;
    const bool flushed = std::fflush(f) == 0;
    const int flush_error = flushed ? 0 : errno;
    const bool closed = std::fclose(f) == 0;
    if (write_error != 0 || written != buffer_.size())
      detail::spill_error("write", path, write_error ? write_error : ENOSPC);
    if (!flushed || !closed)
      detail::spill_error("write", path, flush_error ? flush_error : ENOSPC);
    ++spilled_;
    spilled_bytes_ += buffer_.size();
  }
  void store(std::size_t slot, State &&state) {
    if (in_memory(slot, state))
      return ram_.store(slot, std::move(state));
    store(slot, static_cast<const State &>(state));
  }

  void restore(std::size_t slot, State &target) const {
    if (ram_.contains(slot))
      return ram_.restore(slot, target);
    if (slot >= files_.size() || files_[slot].empty())
      throw std::out_of_range("tangent::spill_slots: restore of an empty slot");
    const std::string &path = files_[slot];
    std::FILE *f = std::fopen(path.c_str(), "rb");
    if (f == nullptr)
      detail::spill_error("read", path, errno);
    std::vector<char> &in = buffer_;
    in.clear();
    char chunk[1 << 16];
    for (std::size_t got; (got = std::fread(chunk, 1, sizeof chunk, f)) > 0;)
      in.insert(in.end(), chunk, chunk + got);
    const bool failed = std::ferror(f) != 0;
    const int error = errno;
    std::fclose(f);
    if (failed)
      detail::spill_error("read", path, error);
    std::size_t at = 0;
    detail::read_state(in, at, target);
    if (hinted_[slot])
      ++prefetch_hits_;
    hinted_[slot] = false;
    read_ahead_after(slot);
  }

  void free(std::size_t slot) {
    if (ram_.contains(slot))
      return ram_.free(slot);
    const bool spilled = slot < files_.size() && !files_[slot].empty();
    remove(slot);
    if (spilled)
      read_ahead_after(slot);
  }

  /// Drops every state, in memory and in files.
  void clear() noexcept {
    ram_.clear();
    for (std::size_t slot = 0; slot < files_.size(); ++slot)
      remove(slot);
  }

  /// States written to files so far, and their bytes.
  std::size_t spilled() const noexcept { return spilled_; }
  std::size_t spilled_bytes() const noexcept { return spilled_bytes_; }
  std::size_t ram_slots() const noexcept { return ram_slots_; }
  /// Read-ahead hints given, and restores of a file hinted since its store.
  std::size_t prefetched() const noexcept { return prefetched_; }
  std::size_t prefetch_hits() const noexcept { return prefetch_hits_; }

private:
  /// Whether `state` goes to memory in `slot`: a memory slot, with room for
  /// it beside the states there (less the one it replaces).
  bool in_memory(std::size_t slot, const State &state) const {
    if (slot >= ram_slots_)
      return false;
    if (ram_bytes_ == static_cast<std::size_t>(-1))
      return true;
    std::size_t held = ram_.bytes();
    if (ram_.contains(slot))
      held -= state_bytes(ram_.get(slot));
    const std::size_t bytes = state_bytes(state);
    return held <= ram_bytes_ && bytes <= ram_bytes_ - held;
  }

  /// Hints the most recently stored file other than `slot`'s (the next one
  /// a nested reversal restores), unless it was hinted already.
  void read_ahead_after(std::size_t slot) const noexcept {
    std::size_t next = files_.size();
    for (std::size_t s = 0; s < files_.size(); ++s)
      if (s != slot && !files_[s].empty() &&
          (next == files_.size() || order_[s] > order_[next]))
        next = s;
    if (next == files_.size() || hinted_[next])
      return;
    detail::read_ahead(files_[next]);
    hinted_[next] = true;
    ++prefetched_;
  }

  void remove(std::size_t slot) noexcept {
    if (slot < files_.size() && !files_[slot].empty()) {
      std::remove(files_[slot].c_str());
      files_[slot].clear();
    }
  }

  std::size_t ram_slots_;
  std::size_t ram_bytes_;
  snapshot_slots<State> ram_;
  std::vector<std::string> files_;
  std::vector<std::size_t> order_;   ///< per file slot: when it was stored
  mutable std::vector<bool> hinted_; ///< read ahead since it was stored
  std::size_t stores_ = 0;
  mutable std::size_t prefetched_ = 0;
  mutable std::size_t prefetch_hits_ = 0;
  mutable std::vector<char> buffer_;
  std::size_t spilled_ = 0;
  std::size_t spilled_bytes_ = 0;
};

} // namespace tangent

#endif // TANGENT_SPILL_HPP
