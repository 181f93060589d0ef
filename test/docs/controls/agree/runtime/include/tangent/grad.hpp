template <class P> struct param_traits {
  static constexpr bool is_scalar = true;
  static constexpr bool differentiable =
      is_scalar || is_container || is_object || is_span;
};

template <class... A> struct selection<std::tuple<A...>> {
  static constexpr std::array<bool, sizeof...(A)>
  adjoint_flags(std::uint64_t wrt, bool with_pointers) {
    ((flags[i] =
          ((wrt >> i) & 1u) && (param_traits<A>::differentiable ||
                                (with_pointers && param_traits<A>::is_pointer)),
      ++i),
     ...);
    return flags;
  }
};
