//===- tangent/tape.hpp - typed LIFO in chunked, reused storage -*- C++ -*-===//
///
/// \file
/// `tangent::tape`: the stack on which a forward sweep records what its
/// reverse sweep needs, and `tangent::thread_tape()`, one per thread.
///
/// Use
/// ---
/// \code
///   tangent::tape &tp = tangent::thread_tape();
///   tp.push(y);                      // forward sweep: any trivially copyable
///   tp.push_array(a, n);             // whole arrays in one call
///   tp.push_vector(v);               // size and elements
///   std::byte *b = tp.push_block<double>(n);  // room for n values, filled
///   ...                                         // by detail::record_at
///   const std::byte *c = tp.pop_block<double>(n); // reverse sweep: reverse
///   tp.pop_vector(v);                             // order, same types
///   tp.pop_array(a, n);
///   double y = tp.pop<double>();
/// \endcode
///
/// Storage
/// -------
/// A byte stream in a list of chunks (64 KiB growing to 1 MiB by default).
/// Values are packed without padding, so mixed types cost exactly their
/// size. A single value or block never straddles two chunks; an array may,
/// and one larger than a regular chunk gets a chunk of its own size. Chunks
/// are kept when values are popped or the tape is cleared, so a gradient
/// that runs again reuses the pages the previous call touched; `release()`
/// gives them back.
///
/// Fast path: `push` and `pop` are one compare of the top pointer against a
/// bound and a bump. The slow path (out of line) runs when the tape grows
/// past the highest 4 KiB block it has counted or crosses a chunk. Values
/// are stored as their own type, so the top pointer stays in a register.
///
/// Accounting
/// ----------
/// The bytes in use (`size_bytes()`) are counted in `tangent::stats` rounded
/// up to a multiple of `tape::block_bytes` (4 KiB). Growth is counted on the
/// slow path; pops on demand, whenever `tangent::stats` is read or a
/// snapshot is counted (the tape is a lazy source of its thread, stats.hpp).
/// Retained unused chunks are not counted. A tape is counted on the thread
/// that first pushes to it; hand_over() and take_over() move it (with its
/// `team()`, the tapes of parallel loops) to another thread.
///
/// Checks
/// ------
/// Off by default, whatever `NDEBUG` says; `-DTANGENT_TAPE_CHECKS=1` (in
/// every translation unit: it changes inline code) turns them on. Every push
/// then logs its type and element count (`tape::check_entry_bytes` per push,
/// counted like the values), and every pop checks that it matches the most
/// recent unpopped push, else throws `std::logic_error` naming both. Popping
/// more than the tape holds always throws `std::logic_error`.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_TAPE_HPP
#define TANGENT_TAPE_HPP

#include "tangent/detail/tape_team.hpp"
#include "tangent/detail/tape_values.hpp"
#include "tangent/stats.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

#ifndef TANGENT_TAPE_CHECKS
#define TANGENT_TAPE_CHECKS 0
#endif

namespace tangent {

/// A typed LIFO of trivially copyable values in chunked storage that is
/// reused across calls. Not copyable; one thread at a time.
class tape : private stats::detail::lazy_source {
public:
  /// Granularity of the accounting in `tangent::stats`.
  static constexpr std::size_t block_bytes = 4096;
  /// Default size of the first chunk.
  static constexpr std::size_t default_first_chunk_bytes = 64 * 1024;
  /// Default size that chunks grow to (doubling from the first).
  static constexpr std::size_t default_max_chunk_bytes = 1024 * 1024;
  /// Whether pushes and pops are checked (see the file comment).
  static constexpr bool checks_enabled = TANGENT_TAPE_CHECKS != 0;
  /// Bytes that the check log holds per unpopped push when checks are on.
  static constexpr std::size_t check_entry_bytes =
      sizeof(detail::tape_log_entry);

  /// An empty tape; allocates nothing until the first push. Chunk sizes are
  /// rounded up to `block_bytes`.
  explicit tape(std::size_t first_chunk_bytes = default_first_chunk_bytes,
                std::size_t max_chunk_bytes = default_max_chunk_bytes) noexcept
      : first_chunk_(round_up(detail::max_size(first_chunk_bytes, 1))),
        max_chunk_(detail::max_size(
            first_chunk_, round_up(detail::max_size(max_chunk_bytes, 1)))) {
    sync = &sync_source;
  }

  tape(const tape &) = delete;
  tape &operator=(const tape &) = delete;

  ~tape() {
    stats::detail::lower(counted_ + log_counted_);
    stats::detail::unlink(*this);
  }

  /// Records one value.
  template <class T> void push(const T &value) {
    static_assert(std::is_trivially_copyable_v<T>,
                  "tangent::tape::push: T must be trivially copyable");
    using V = std::remove_cv_t<T>;
    if (address(top_) + sizeof(V) <= limit_) [[likely]] {
      detail::store_value<V>(top_, value);
      top_ += sizeof(V);
    } else {
      const bounds b = push_value_slow<V>(value);
      top_ = b.top;
      limit_ = b.bound;
    }
    if constexpr (checks_enabled)
      log_push(typeid(V), scalar_entry);
  }

  /// Takes the most recently pushed value, which must be a `T`.
  template <class T> T pop() {
    static_assert(std::is_trivially_copyable_v<T>,
                  "tangent::tape::pop: T must be trivially copyable");
    using V = std::remove_cv_t<T>;
    if constexpr (checks_enabled)
      log_pop(typeid(V), scalar_entry);
    if (address(top_) - sizeof(V) >= base_) [[likely]] {
      top_ -= sizeof(V);
      return detail::load_value<V>(top_);
    }
    std::array<std::byte, sizeof(V)> raw;
    const bounds b = pop_bytes_slow(raw.data(), sizeof(V));
    top_ = b.top;
    base_ = b.bound;
    return std::bit_cast<V>(raw);
  }

  /// Records `count` values from `data` with one copy.
  template <class T> void push_array(const T *data, std::size_t count) {
    static_assert(std::is_trivially_copyable_v<T>,
                  "tangent::tape::push_array: T must be trivially copyable");
    if constexpr (checks_enabled)
      log_push(typeid(T), count);
    const std::size_t bytes = count * sizeof(T);
    if (bytes == 0)
      return;
    if (limit_ - address(top_) >= bytes) {
      std::memcpy(top_, data, bytes);
      top_ += bytes;
    } else {
      const bounds b = push_bytes_slow(data, bytes, false);
      top_ = b.top;
      limit_ = b.bound;
    }
  }

  /// Takes `count` values pushed by one `push_array<T>(..., count)` into
  /// `data`, in their original order.
  template <class T> void pop_array(T *data, std::size_t count) {
    static_assert(std::is_trivially_copyable_v<T>,
                  "tangent::tape::pop_array: T must be trivially copyable");
    if constexpr (checks_enabled)
      log_pop(typeid(T), count);
    const std::size_t bytes = count * sizeof(T);
    if (bytes == 0)
      return;
    if (static_cast<std::size_t>(top_ - begin_) >= bytes) {
      top_ -= bytes;
      std::memcpy(data, top_, bytes);
    } else {
      const bounds b = pop_bytes_slow(data, bytes);
      top_ = b.top;
      base_ = b.bound;
    }
  }

  /// Room for `count` values of `T` in one piece, filled by the caller
  /// (detail::record_at) before the next push: a loop's records with no tape
  /// call per iteration. The same bytes as `count` push<T>() calls.
  template <class T> std::byte *push_block(std::size_t count) {
    static_assert(std::is_trivially_copyable_v<T>,
                  "tangent::tape::push_block: T must be trivially copyable");
    if constexpr (checks_enabled)
      log_push(typeid(T), count);
    const std::size_t bytes = count * sizeof(T);
    if (limit_ - address(top_) >= bytes) [[likely]] {
      std::byte *at = top_;
      top_ += bytes;
      return at;
    }
    const bounds b = push_bytes_slow(nullptr, bytes, true); // room only
    top_ = b.top;
    limit_ = b.bound;
    return top_ - bytes;
  }

  /// The matching push_block()'s block (detail::recorded_at reads it),
  /// valid until the next push.
  template <class T> const std::byte *pop_block(std::size_t count) {
    static_assert(std::is_trivially_copyable_v<T>,
                  "tangent::tape::pop_block: T must be trivially copyable");
    if constexpr (checks_enabled)
      log_pop(typeid(T), count);
    const std::size_t bytes = count * sizeof(T);
    if (static_cast<std::size_t>(top_ - begin_) >= bytes) [[likely]] {
      top_ -= bytes;
      return top_;
    }
    const bounds b = pop_block_slow(bytes);
    top_ = b.top;
    base_ = b.bound;
    return top_;
  }

  /// Records a vector: its elements, then its size.
  template <class T, class A> void push_vector(const std::vector<T, A> &v) {
    if constexpr (detail::is_vector<T>::value) { // a vector of vectors: row by
                                                 // row
      for (const T &row : v)
        push_vector(row);
    } else if constexpr (std::is_same_v<T, bool>) {
      for (bool b : v)
        push<bool>(b);
    } else {
      push_array(v.data(), v.size());
    }
    push<std::size_t>(v.size());
  }

  /// Takes a vector recorded by `push_vector`; resizes `v` to its size.
  template <class T, class A> void pop_vector(std::vector<T, A> &v) {
    const std::size_t n = pop<std::size_t>();
    v.resize(n);
    if constexpr (detail::is_vector<T>::value) {
      for (std::size_t i = n; i-- > 0;)
        pop_vector(v[i]);
    } else if constexpr (std::is_same_v<T, bool>) {
      for (std::size_t i = n; i-- > 0;)
        v[i] = pop<bool>();
    } else {
      pop_array(v.data(), n);
    }
  }

  /// Bytes pushed and not yet popped.
  std::size_t size_bytes() const noexcept {
    return before_ + static_cast<std::size_t>(top_ - begin_);
  }

  /// What tangent::stats counts, before rounding: size_bytes() plus, with
  /// checks on, the log's entries (what memory budgets measure).
  std::size_t held_bytes() const noexcept {
    return size_bytes() + (checks_enabled ? log_bytes() : 0);
  }

  /// Bytes of all chunks held, in use or kept for reuse.
  std::size_t capacity_bytes() const noexcept {
    std::size_t total = 0;
    for (const chunk &c : chunks_)
      total += c.size;
    return total;
  }

  /// Number of chunks held.
  std::size_t chunk_count() const noexcept { return chunks_.size(); }

  /// Whether nothing is left to pop.
  bool empty() const noexcept { return size_bytes() == 0; }

  /// Drops the contents and keeps the memory for reuse.
  void clear() noexcept {
    team_.clear();
    log_.clear();
    if (!chunks_.empty()) {
      enter_chunk(0, 0);
      top_ = begin_;
    }
    sync_count();
  }

  /// Returns the chunks that hold no values to the system (all of them when
  /// the tape is empty).
  void release() noexcept {
    if (!empty()) {
      chunks_.resize(index_ + 1);
      return;
    }
    chunks_.clear();
    begin_ = end_ = top_ = nullptr;
    base_ = no_chunk;
    index_ = 0;
    before_ = 0;
    log_.clear();
    log_.shrink_to_fit();
    sync_count();
  }

  /// Stops counting this tape on the calling thread (its bytes leave the
  /// thread's tangent::stats) so that another thread can take it over. The
  /// tape must not be used again before take_over().
  void hand_over() noexcept {
    team_.hand_over();
    sync_count();
    stats::detail::lower(counted_ + log_counted_);
    counted_ = log_counted_ = 0;
    stats::detail::unlink(*this);
    update_limit();
  }

  /// Counts this tape, as it is now, on the calling thread (after a
  /// hand_over() on the thread that filled it).
  void take_over() noexcept {
    team_.take_over();
    if (!linked)
      stats::detail::link(*this);
    sync_count();
  }

  /// The tapes of the threads of its parallel loops (openmp.hpp).
  detail::tape_team &team() noexcept { return team_; }

  /// Makes sure that `bytes` bytes in total can be pushed without allocating.
  void reserve(std::size_t bytes) {
    std::size_t total = capacity_bytes();
    while (total < bytes) {
      const std::size_t size = next_chunk_size(bytes - total);
      chunks_.push_back(make_chunk(size));
      total += size;
    }
    if (begin_ == nullptr && !chunks_.empty())
      start();
  }

private:
  struct chunk {
    detail::owned<std::byte[]> data;
    std::size_t size;
    std::size_t used; ///< Bytes in use when the tape moved past the chunk.
  };

  /// What a slow path returns: the new top and the new bound of the fast
  /// path that called it (`limit_` for a push, `base_` for a pop). The
  /// caller stores them again, so that the compiler keeps them in registers
  /// across a loop of pushes or pops.
  struct bounds {
    std::byte *top;
    std::uintptr_t bound;
  };

  using entry = detail::tape_log_entry;
  static constexpr std::size_t scalar_entry = ~std::size_t{0};
  /// `base_` without a chunk: no pop takes the fast path.
  static constexpr std::uintptr_t no_chunk = ~std::uintptr_t{0};

  static std::uintptr_t address(const std::byte *p) noexcept {
    return reinterpret_cast<std::uintptr_t>(p);
  }
  static constexpr std::size_t round_up(std::size_t n) noexcept {
    return (n + block_bytes - 1) / block_bytes * block_bytes;
  }

  static chunk make_chunk(std::size_t size) {
    return chunk{detail::make_owned_for_overwrite<std::byte>(size), size, 0};
  }

  std::size_t next_chunk_size(std::size_t wanted) const noexcept {
    std::size_t size =
        chunks_.empty()
            ? first_chunk_
            : detail::min_size(max_chunk_, chunks_[index_].size * 2);
    // An array larger than a regular chunk gets a chunk of its own size
    // rather than being split over many chunks.
    if (wanted > size)
      size = round_up(wanted);
    return size;
  }

  void enter_chunk(std::size_t index, std::size_t bytes_before) noexcept {
    index_ = index;
    before_ = bytes_before;
    begin_ = chunks_[index].data.get();
    end_ = begin_ + chunks_[index].size;
    base_ = address(begin_);
  }

  /// First use: joins the thread's lazy sources, enters the first chunk.
  void start() {
    if (!linked)
      stats::detail::link(*this);
    if (chunks_.empty())
      chunks_.push_back(make_chunk(next_chunk_size(0)));
    enter_chunk(0, 0);
    top_ = begin_;
  }

  /// Moves to the next chunk, which must have room for `at_least` bytes
  /// (a chunk of size `wanted` or more is made if needed).
  void next_chunk(std::size_t at_least, std::size_t wanted) {
    chunks_[index_].used = static_cast<std::size_t>(top_ - begin_);
    const std::size_t after = before_ + chunks_[index_].used;
    const std::size_t next = index_ + 1;
    if (next == chunks_.size() || chunks_[next].size < at_least)
      chunks_.insert(chunks_.begin() + static_cast<std::ptrdiff_t>(next),
                     make_chunk(next_chunk_size(wanted)));
    enter_chunk(next, after);
    top_ = begin_;
  }

  /// Moves back to the end of the previous chunk's values.
  void previous_chunk() noexcept {
    const std::size_t index = index_ - 1;
    const std::size_t used = chunks_[index].used;
    enter_chunk(index, before_ - used);
    top_ = begin_ + used;
  }

  /// The push bound: as far as the counted bytes reach, within the chunk.
  void update_limit() noexcept {
    if (begin_ == nullptr) {
      limit_ = 0;
      return;
    }
    const auto room = static_cast<std::size_t>(end_ - begin_);
    const std::size_t counted = counted_ > before_ ? counted_ - before_ : 0;
    limit_ = address(begin_) + detail::min_size(room, counted);
  }

  /// Counts growth beyond the counted blocks.
  void count_growth() noexcept {
    const std::size_t used = size_bytes();
    if (used > counted_) {
      const std::size_t counted = round_up(used);
      stats::detail::raise(counted - counted_);
      counted_ = counted;
    }
    update_limit();
  }

  /// Brings `counted` to `bytes` rounded up to blocks, in tangent::stats too.
  static void recount(std::size_t &counted, std::size_t bytes) noexcept {
    const std::size_t exact = round_up(bytes);
    if (exact < counted)
      stats::detail::lower(counted - exact);
    else if (exact > counted)
      stats::detail::raise(exact - counted);
    counted = exact;
  }

  /// Makes the count exact (after pops) and lowers the push bound to it.
  void sync_count() noexcept {
    recount(counted_, size_bytes());
    if constexpr (checks_enabled)
      recount(log_counted_, log_bytes());
    update_limit();
  }

  static void sync_source(stats::detail::lazy_source &source) noexcept {
    static_cast<tape &>(source).sync_count();
  }

  [[gnu::noinline]] bounds push_bytes_slow(const void *source,
                                           std::size_t bytes, bool whole) {
    const std::byte *from = static_cast<const std::byte *>(source);
    if (begin_ == nullptr)
      start();
    else if (!linked) // handed over: the pushing thread counts it now
      stats::detail::link(*this);
    if (whole) {
      if (static_cast<std::size_t>(end_ - top_) < bytes)
        next_chunk(bytes, bytes);
      if (from) // else a block: room only
        std::memcpy(top_, from, bytes);
      top_ += bytes;
    } else {
      while (bytes > 0) {
        if (top_ == end_)
          next_chunk(1, bytes);
        const std::size_t n =
            detail::min_size(bytes, static_cast<std::size_t>(end_ - top_));
        std::memcpy(top_, from, n);
        top_ += n;
        from += n;
        bytes -= n;
      }
    }
    count_growth();
    return {top_, limit_};
  }

  [[gnu::noinline]] bounds pop_bytes_slow(void *target, std::size_t bytes) {
    if (bytes > size_bytes())
      throw std::logic_error("tangent::tape: pop of " + std::to_string(bytes) +
                             " bytes from a tape holding " +
                             std::to_string(size_bytes()));
    std::byte *to = static_cast<std::byte *>(target) + bytes;
    while (bytes > 0) {
      if (top_ == begin_)
        previous_chunk();
      const std::size_t n =
          detail::min_size(bytes, static_cast<std::size_t>(top_ - begin_));
      top_ -= n;
      to -= n;
      std::memcpy(to, top_, n);
      bytes -= n;
    }
    update_limit();
    return {top_, base_};
  }

  /// A pop_block() from an empty chunk: the block ends an earlier one.
  [[gnu::noinline]] bounds pop_block_slow(std::size_t bytes) {
    while (bytes <= size_bytes() && top_ == begin_)
      previous_chunk();
    if (bytes > static_cast<std::size_t>(top_ - begin_))
      throw std::logic_error("tangent::tape: pop_block of " +
                             std::to_string(bytes) +
                             " bytes that no push_block pushed");
    top_ -= bytes;
    update_limit();
    return {top_, base_};
  }

  // The value is passed by value so that the fast path never takes its
  // address.
  template <class V> [[gnu::noinline]] bounds push_value_slow(V value) {
    return push_bytes_slow(&value, sizeof(V), true);
  }

  /// Bytes of the check log's entries in use.
  std::size_t log_bytes() const noexcept { return log_.size() * sizeof(entry); }

  void log_push(const std::type_info &type, std::size_t count) {
    log_.push_back(entry{&type, count});
    if (log_bytes() > log_counted_)
      count_log_growth();
  }

  /// Counts the check log's growth past its counted blocks. A tape that has
  /// logged only empty arrays holds no chunk yet, so it joins its thread's
  /// lazy sources here too (its pops are counted on demand).
  [[gnu::noinline]] void count_log_growth() noexcept {
    if (!linked)
      stats::detail::link(*this);
    recount(log_counted_, log_bytes());
  }

  static std::string describe(const std::type_info &type, std::size_t count) {
    std::string s = type.name();
    if (count != scalar_entry)
      s += "[" + std::to_string(count) + "]";
    return s;
  }

  void log_pop(const std::type_info &type, std::size_t count) {
    if (log_.empty())
      throw std::logic_error("tangent::tape: pop of " + describe(type, count) +
                             " from an empty tape");
    const entry last = log_.back();
    if (*last.type != type || last.count != count)
      throw std::logic_error("tangent::tape: pop of " + describe(type, count) +
                             " but the last push was " +
                             describe(*last.type, last.count));
    log_.pop_back();
  }

  // Hot members first.
  std::byte *top_ = nullptr;       ///< Next free byte.
  std::uintptr_t limit_ = 0;       ///< Pushes below this address are fast.
  std::uintptr_t base_ = no_chunk; ///< Pops above this address are fast.
  std::byte *begin_ = nullptr;     ///< The current chunk.
  std::byte *end_ = nullptr;
  std::size_t index_ = 0;       ///< Index of the current chunk.
  std::size_t before_ = 0;      ///< Bytes in use in the chunks before it.
  std::size_t counted_ = 0;     ///< Bytes counted in tangent::stats.
  std::size_t log_counted_ = 0; ///< Log bytes counted (checks only).
  std::size_t first_chunk_;
  std::size_t max_chunk_;
  std::vector<chunk> chunks_;
  std::vector<entry> log_; ///< Pushes not yet popped (checks only).
  detail::tape_team team_;
};

} // namespace tangent

// thread_tape(), the tape generated code records onto.
#include "tangent/thread_tape.hpp"

#endif // TANGENT_TAPE_HPP
