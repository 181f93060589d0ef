struct options {
  bool checkpoint = false;
  int budget = 32;

  friend constexpr bool operator==(const options &, const options &) = default;
};
