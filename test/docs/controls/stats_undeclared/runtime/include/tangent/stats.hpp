namespace tangent::stats {
inline void reset() noexcept {}
namespace detail {
inline std::size_t peak_bytes() noexcept { return 0; }
} // namespace detail
} // namespace tangent::stats
