//===- tangent/snapshots.hpp - counted stores of loop-carried state -------===//
///
/// \file
/// Snapshot stores for the loop-carried state of checkpointed loops, counted
/// in `tangent::stats` by the state's deep size.
///
/// - `tangent::snapshots<State>`: a LIFO (the segment schedule's forward
///   sweep pushes, its reverse sweep pops).
/// - `tangent::snapshot_slots<State>`: a keyed store addressed by small slot
///   numbers handed out by a schedule (online and binomial checkpointing
///   store, restore and free slots in any order).
///
/// Ownership: a store owns deep copies of the states given to it. An entry's
/// memory is freed and un-counted when the entry is popped, taken, freed or
/// overwritten, by `clear()`, and by the store's destructor.
///
/// Deep size
/// ---------
/// `tangent::state_bytes(value)` is what a stored state counts:
/// - arithmetic, enum, pointer and other types without a rule: `sizeof(T)`
///   (shallow: a struct that owns heap memory should customize, see below);
/// - `std::vector<T>`: the sum of its elements' sizes (`size() * sizeof(T)`
///   for arithmetic T), independent of its capacity and without the vector
///   object itself;
/// - `std::basic_string`: `size() * sizeof(char type)`;
/// - `std::array`, `std::pair`, `std::tuple`: the sum over their elements;
/// - `std::optional<T>`: the value's size when engaged, else 0.
///
/// Customizing it for your type, either way:
/// \code
///   namespace mylib {
///   struct particles { std::vector<double> x, v; double t; };
///   // 1. a function found by argument-dependent lookup:
///   inline std::size_t tangent_state_bytes(const particles &p) {
///     return tangent::state_bytes(p.x) + tangent::state_bytes(p.v) +
///            sizeof p.t;
///   }
///   }
///   // 2. or a specialization (for types whose namespace you do not own):
///   template <> struct tangent::state_size<thirdparty::grid> {
///     static std::size_t bytes(const thirdparty::grid &g) { ... }
///   };
/// \endcode
//===----------------------------------------------------------------------===//
#ifndef TANGENT_SNAPSHOTS_HPP
#define TANGENT_SNAPSHOTS_HPP

#include "tangent/stats.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace tangent {

template <class T> std::size_t state_bytes(const T &value);

namespace detail {

template <class T>
concept has_adl_state_bytes = requires(const T &value) {
  { tangent_state_bytes(value) } -> std::convertible_to<std::size_t>;
};

template <class T> struct state_kind {
  static constexpr bool vector = false, string = false, array = false,
                        tuple = false, optional = false;
};
template <class T, class A> struct state_kind<std::vector<T, A>> {
  static constexpr bool vector = true, string = false, array = false,
                        tuple = false, optional = false;
};
template <class C, class Tr, class A>
struct state_kind<std::basic_string<C, Tr, A>> {
  static constexpr bool vector = false, string = true, array = false,
                        tuple = false, optional = false;
};
template <class T, std::size_t N> struct state_kind<std::array<T, N>> {
  static constexpr bool vector = false, string = false, array = true,
                        tuple = false, optional = false;
};
template <class... T> struct state_kind<std::tuple<T...>> {
  static constexpr bool vector = false, string = false, array = false,
                        tuple = true, optional = false;
};
template <class A, class B> struct state_kind<std::pair<A, B>> {
  static constexpr bool vector = false, string = false, array = false,
                        tuple = true, optional = false;
};
template <class T> struct state_kind<std::optional<T>> {
  static constexpr bool vector = false, string = false, array = false,
                        tuple = false, optional = true;
};

/// Elements whose deep size is always sizeof: summed in O(1).
template <class T>
inline constexpr bool flat_element =
    std::is_arithmetic_v<T> || std::is_enum_v<T> || std::is_pointer_v<T>;

} // namespace detail

/// The deep size of a T; specialize for types you cannot give a
/// `tangent_state_bytes` overload (see the file comment).
template <class T> struct state_size {
  static std::size_t bytes(const T &value) {
    using kind = detail::state_kind<T>;
    if constexpr (detail::has_adl_state_bytes<T>) {
      return static_cast<std::size_t>(tangent_state_bytes(value));
    } else if constexpr (kind::vector || kind::array) {
      using E = typename T::value_type;
      if constexpr (detail::flat_element<E>) {
        return value.size() * sizeof(E);
      } else {
        std::size_t total = 0;
        for (const auto &element : value)
          total += tangent::state_bytes(element);
        return total;
      }
    } else if constexpr (kind::string) {
      return value.size() * sizeof(typename T::value_type);
    } else if constexpr (kind::tuple) {
      return std::apply(
          [](const auto &...member) {
            return (std::size_t{0} + ... + tangent::state_bytes(member));
          },
          value);
    } else if constexpr (kind::optional) {
      return value.has_value() ? tangent::state_bytes(*value) : 0;
    } else {
      return sizeof(T);
    }
  }
};

/// The bytes a snapshot of `value` counts in `tangent::stats`.
template <class T> std::size_t state_bytes(const T &value) {
  return state_size<T>::bytes(value);
}

/// A LIFO of state snapshots, counted in `tangent::stats`.
template <class State> class snapshots {
public:
  snapshots() = default;
  snapshots(const snapshots &) = delete;
  snapshots &operator=(const snapshots &) = delete;
  snapshots(snapshots &&other) noexcept
      : entries_(std::move(other.entries_)), bytes_(other.bytes_) {
    other.entries_.clear();
    other.bytes_ = 0;
  }
  snapshots &operator=(snapshots &&other) noexcept {
    if (this != &other) {
      clear();
      entries_ = std::move(other.entries_);
      bytes_ = other.bytes_;
      other.entries_.clear();
      other.bytes_ = 0;
    }
    return *this;
  }
  ~snapshots() { clear(); }

  /// Stores a copy of `state` on top.
  void push(const State &state) { push_entry(State(state)); }
  /// Stores `state` on top.
  void push(State &&state) { push_entry(std::move(state)); }

  /// Removes the top snapshot and returns it.
  State pop() {
    require_nonempty("pop");
    entry &top = entries_.back();
    State state = std::move(top.state);
    uncount(top.bytes);
    entries_.pop_back();
    return state;
  }

  /// The top snapshot.
  const State &top() const {
    require_nonempty("top");
    return entries_.back().state;
  }

  /// Number of snapshots held.
  std::size_t size() const noexcept { return entries_.size(); }
  bool empty() const noexcept { return entries_.empty(); }
  /// Bytes counted for the snapshots held.
  std::size_t bytes() const noexcept { return bytes_; }

  /// Drops every snapshot.
  void clear() noexcept {
    stats::detail::sub(bytes_);
    bytes_ = 0;
    entries_.clear();
  }

private:
  struct entry {
    State state;
    std::size_t bytes;
  };

  void push_entry(State &&state) {
    const std::size_t bytes = state_bytes(state);
    entries_.push_back(entry{std::move(state), bytes});
    bytes_ += bytes;
    stats::detail::add(bytes);
  }

  void uncount(std::size_t bytes) noexcept {
    bytes_ -= bytes;
    stats::detail::sub(bytes);
  }

  void require_nonempty(const char *what) const {
    if (entries_.empty())
      throw std::logic_error(std::string("tangent::snapshots::") + what +
                             ": no snapshot held");
  }

  std::vector<entry> entries_;
  std::size_t bytes_ = 0;
};

/// A keyed store of state snapshots, counted in `tangent::stats`. Keys are
/// slot numbers: small non-negative integers (a schedule hands out slots
/// 0, 1, 2, ... and reuses freed ones), so storage is a dense array.
template <class State> class snapshot_slots {
public:
  snapshot_slots() = default;
  snapshot_slots(const snapshot_slots &) = delete;
  snapshot_slots &operator=(const snapshot_slots &) = delete;
  snapshot_slots(snapshot_slots &&other) noexcept
      : slots_(std::move(other.slots_)), bytes_(other.bytes_),
        held_(other.held_) {
    other.slots_.clear();
    other.bytes_ = 0;
    other.held_ = 0;
  }
  snapshot_slots &operator=(snapshot_slots &&other) noexcept {
    if (this != &other) {
      clear();
      slots_ = std::move(other.slots_);
      bytes_ = other.bytes_;
      held_ = other.held_;
      other.slots_.clear();
      other.bytes_ = 0;
      other.held_ = 0;
    }
    return *this;
  }
  ~snapshot_slots() { clear(); }

  /// Stores a copy of `state` in `slot`, replacing what it held.
  void store(std::size_t slot, const State &state) {
    store_entry(slot, State(state));
  }
  /// Stores `state` in `slot`, replacing what it held.
  void store(std::size_t slot, State &&state) {
    store_entry(slot, std::move(state));
  }

  /// The state in `slot`; throws std::out_of_range if the slot is empty.
  const State &get(std::size_t slot) const { return *held(slot, "get").state; }

  /// Copies the state in `slot` into `target` (copy assignment, so a
  /// vector target reuses its capacity); the slot keeps its state.
  void restore(std::size_t slot, State &target) const {
    target = *held(slot, "restore").state;
  }

  /// Removes the state from `slot` and returns it.
  State take(std::size_t slot) {
    entry &e = held(slot, "take");
    State state = std::move(*e.state);
    drop(e);
    return state;
  }

  /// Drops the state in `slot`; throws std::out_of_range if it is empty.
  void free(std::size_t slot) { drop(held(slot, "free")); }

  /// Whether `slot` holds a state.
  bool contains(std::size_t slot) const noexcept {
    return slot < slots_.size() && slots_[slot].state.has_value();
  }

  /// Number of states held.
  std::size_t size() const noexcept { return held_; }
  bool empty() const noexcept { return held_ == 0; }
  /// Bytes counted for the states held.
  std::size_t bytes() const noexcept { return bytes_; }

  /// Drops every state.
  void clear() noexcept {
    stats::detail::sub(bytes_);
    bytes_ = 0;
    held_ = 0;
    slots_.clear();
  }

private:
  struct entry {
    std::optional<State> state;
    std::size_t bytes = 0;
  };

  void store_entry(std::size_t slot, State &&state) {
    if (slot >= slots_.size())
      slots_.resize(slot + 1);
    entry &e = slots_[slot];
    if (e.state.has_value())
      drop(e);
    const std::size_t bytes = state_bytes(state);
    e.state.emplace(std::move(state));
    e.bytes = bytes;
    bytes_ += bytes;
    ++held_;
    stats::detail::add(bytes);
  }

  void drop(entry &e) noexcept {
    e.state.reset();
    bytes_ -= e.bytes;
    stats::detail::sub(e.bytes);
    e.bytes = 0;
    --held_;
  }

  entry &held(std::size_t slot, const char *what) {
    if (!contains(slot))
      throw std::out_of_range(std::string("tangent::snapshot_slots::") + what +
                              ": slot " + std::to_string(slot) +
                              " holds no state");
    return slots_[slot];
  }
  const entry &held(std::size_t slot, const char *what) const {
    return const_cast<snapshot_slots *>(this)->held(slot, what);
  }

  std::vector<entry> slots_;
  std::size_t bytes_ = 0;
  std::size_t held_ = 0;
};

} // namespace tangent

#endif // TANGENT_SNAPSHOTS_HPP
