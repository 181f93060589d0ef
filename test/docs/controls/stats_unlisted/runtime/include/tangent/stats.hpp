namespace tangent::stats {
inline void reset() noexcept {}
/// Declared, but not in docs/api.md's table.
inline std::size_t peak_bytes() noexcept { return 0; }
} // namespace tangent::stats
