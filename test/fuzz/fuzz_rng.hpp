//===- test/fuzz/fuzz_rng.hpp - the fuzzer's deterministic PRNG -----------===//
///
/// \file
/// xoshiro256** seeded through splitmix64, and the few draws the fuzzer
/// needs, all defined with integer arithmetic only. The standard library's
/// distributions are not used on purpose: their output differs between
/// standard libraries, and a seed must name the same functions and the same
/// evaluation points everywhere. Shared by the generator (tangent_fuzz_gen)
/// and the harness of the generated programs (fuzz_harness.hpp).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FUZZ_RNG_HPP
#define TANGENT_FUZZ_RNG_HPP

#include <cassert>
#include <cstdint>

namespace fuzz_rng {

/// One splitmix64 step: advances \p state and returns a well-mixed word.
inline std::uint64_t splitmix64(std::uint64_t &state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// The seed of an independent stream \p stream of run \p seed (so that one
/// function of a translation unit can be regenerated on its own).
inline std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t state = seed;
  std::uint64_t a = splitmix64(state);
  state = a ^ (stream * 0xd1b54a32d192ed03ULL);
  return splitmix64(state);
}

/// xoshiro256**.
class rng {
public:
  explicit rng(std::uint64_t seed) {
    for (std::uint64_t &word : s_)
      word = splitmix64(seed);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// Uniform in [0, n) (the modulo bias is irrelevant here).
  unsigned below(unsigned n) {
    assert(n > 0 && "below(0) has no value to return");
    return static_cast<unsigned>(next() % n);
  }

  /// Uniform in [lo, hi].
  int range(int lo, int hi) {
    assert(lo <= hi && "empty range");
    return lo + static_cast<int>(below(static_cast<unsigned>(hi - lo + 1)));
  }

  /// True with probability \p p percent.
  bool percent(unsigned p) { return below(100) < p; }

  /// Uniform in [0, 1), 53 random bits.
  double unit() { return static_cast<double>(next() >> 11) * 0x1p-53; }

  double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }

private:
  static std::uint64_t rotl(std::uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
  }
  std::uint64_t s_[4];
};

} // namespace fuzz_rng

#endif // TANGENT_FUZZ_RNG_HPP
