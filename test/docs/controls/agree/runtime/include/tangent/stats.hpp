#define TANGENT_STATS_COUNT(x)                                                 \
  namespace tangent::stats {                                                   \
  void macro();                                                                \
  }
namespace tangent::stats {

namespace detail {
struct counters {
  std::size_t peak = 0;
  void raise(std::size_t bytes) noexcept { peak += bytes; }
};
inline void add(std::size_t bytes) noexcept {}
} // namespace detail

/// Not a declaration: `helper() {`.
inline std::size_t peak_bytes() noexcept {
  const char *text = "}; void quoted() {";
  if (text[0] == '{')
    return 0;
  return detail::thread_counters.peak;
}

} // namespace tangent::stats
