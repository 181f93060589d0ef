//===- tangent/spill.hpp - snapshots in memory first, then in files -------===//
///
/// \file
/// `tangent::spill_slots<State>`: the slot store of a checkpoint schedule
/// (store / restore / free, see schedule/actions.hpp) whose first
/// `ram_slots` slots hold states in memory (within `ram_bytes` in all, if
/// given), counted in `tangent::stats` like `snapshot_slots`, and whose
/// other slots (and states beyond `ram_bytes`) hold them in one file per
/// store, in `tangent::config::spill_directory` (the system's temporary
/// directory when empty). The file is created at the first spilled state;
/// each slot keeps a region of it (a state that outgrows its region gets
/// one twice as large at the end), written with one write and read back
/// with one read, no file opened or removed per state. The file is removed
/// when the store is cleared or destroyed, also during stack unwinding.
///
/// Read-ahead: reversal schedules restore the most recently stored
/// snapshot that is still held (their snapshots nest), so whenever a spilled
/// slot is restored or freed, the store asks the operating system to read
/// the most recently stored other state ahead (`posix_fadvise(WILLNEED)`
/// on its region, asynchronous, no thread of ours). `prefetched()` and
/// `prefetch_hits()` count the hints and the restores of a state hinted
/// since it was stored.
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

#include <algorithm>
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

/// A file name no other store uses: a tag drawn once per process and a
/// counter.
inline std::string spill_file_name() {
  static const unsigned long long tag = process_tag();
  static std::atomic<unsigned long long> counter{0};
  std::string dir = config::spill_directory.empty() ? temp_directory()
                                                    : config::spill_directory;
  if (!dir.empty() && dir.back() != '/')
    dir += '/';
  return dir + "tangent-" + std::to_string(tag) + "-" +
         std::to_string(counter.fetch_add(1)) + ".snapshots";
}

/// Asks the operating system to read `size` bytes of `file` at `offset`
/// ahead (a hint: failures are ignored; nothing happens where there is no
/// such call).
inline void read_ahead(std::FILE *file, std::size_t offset,
                       std::size_t size) noexcept {
#if defined(POSIX_FADV_WILLNEED)
  (void)::posix_fadvise(::fileno(file), static_cast<off_t>(offset),
                        static_cast<off_t>(size), POSIX_FADV_WILLNEED);
#else
  (void)file, (void)offset, (void)size;
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
    if (slot >= regions_.size()) {
      regions_.resize(slot + 1);
      order_.resize(slot + 1, 0);
      hinted_.resize(slot + 1, false);
    }
    buffer_.clear();
    detail::write_state(buffer_, state);
    open_file();
    region &r = regions_[slot];
    r.held = false; // until written completely
    if (buffer_.size() > r.capacity) {
      // Where the slot's state fits: the end of the file, with room for
      // it to grow (a state the loop appends to), its old region unused.
      r.offset = end_;
      r.capacity = std::max(buffer_.size(), 2 * r.capacity);
      end_ += r.capacity;
    }
    order_[slot] = ++stores_;
    hinted_[slot] = false;
    int error = 0;
    errno = 0; // so that a failure below reports its own reason
    if (std::fseek(file_, static_cast<long>(r.offset), SEEK_SET) != 0)
      error = errno ? errno : EIO;
    else if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(),
                                             file_) != buffer_.size())
      error = errno ? errno : ENOSPC;
    else if (std::fflush(file_) != 0)
      error = errno ? errno : ENOSPC;
    if (error != 0)
      detail::spill_error("write", path_, error);
    r.size = buffer_.size();
    r.held = true;
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
    if (slot >= regions_.size() || !regions_[slot].held)
      throw std::out_of_range("tangent::spill_slots: restore of an empty slot");
    const region &r = regions_[slot];
    std::vector<char> &in = buffer_;
    in.resize(r.size);
    int error = 0;
    errno = 0; // so that a failure below reports its own reason
    if (std::fseek(file_, static_cast<long>(r.offset), SEEK_SET) != 0)
      error = errno ? errno : EIO;
    else if (r.size != 0 && std::fread(in.data(), 1, r.size, file_) != r.size)
      error = std::ferror(file_) && errno ? errno : EIO;
    if (error != 0)
      detail::spill_error("read", path_, error);
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
    if (slot < regions_.size() && regions_[slot].held) {
      regions_[slot].held = false; // its region stays the slot's
      read_ahead_after(slot);
    }
  }

  /// Drops every state, in memory and in the file (removed).
  void clear() noexcept {
    ram_.clear();
    regions_.clear();
    order_.clear();
    hinted_.clear();
    end_ = 0;
    if (file_ != nullptr) {
      std::fclose(file_);
      std::remove(path_.c_str());
      file_ = nullptr;
    }
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

  /// Hints the most recently stored state other than `slot`'s (the next
  /// one a nested reversal restores), unless it was hinted already.
  void read_ahead_after(std::size_t slot) const noexcept {
    std::size_t next = regions_.size();
    for (std::size_t s = 0; s < regions_.size(); ++s)
      if (s != slot && regions_[s].held &&
          (next == regions_.size() || order_[s] > order_[next]))
        next = s;
    if (next == regions_.size() || hinted_[next])
      return;
    detail::read_ahead(file_, regions_[next].offset, regions_[next].size);
    hinted_[next] = true;
    ++prefetched_;
  }

  /// Creates the store's file at its first spilled state.
  void open_file() {
    if (file_ != nullptr)
      return;
    path_ = detail::spill_file_name();
    file_ = std::fopen(path_.c_str(), "w+bx"); // never an existing file
    if (file_ == nullptr)
      detail::spill_error("create", path_, errno);
  }

  /// Where a slot's spilled state lies in the file: `size` bytes at
  /// `offset`, in a region of `capacity` bytes that stays the slot's.
  struct region {
    std::size_t offset = 0;
    std::size_t capacity = 0;
    std::size_t size = 0;
    bool held = false;
  };

  std::size_t ram_slots_;
  std::size_t ram_bytes_;
  snapshot_slots<State> ram_;
  std::string path_;
  std::FILE *file_ = nullptr; ///< every spilled state, from the first
  std::size_t end_ = 0;       ///< the file's regions end here
  std::vector<region> regions_;
  std::vector<std::size_t> order_;   ///< per spilled slot: when it was stored
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
