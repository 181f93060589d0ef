// strategies.sample.cloth: the gradients samples/cloth requests (the
// potential of a class with private fields, whose gradient is a Cloth, and
// the sag after 600 steps with its time loop under
// [[tangent::checkpoint]], against its fully taped twin) under the strategy
// matrix (test/e2e/check_strategies.hpp), on a 4 x 3 cloth.
#include "../e2e/check.hpp"

#define main sample_main
#include "../../samples/cloth/cloth.cpp"
#undef main

// The harness flattens a Cloth gradient through its fields, which are
// private: pointers to them come from explicit instantiations, which the
// language exempts from access checking (test code only).
template <class Tag, typename Tag::type M> struct expose {
  friend typename Tag::type member(Tag) { return M; }
};
#define CLOTH_FIELD(field, type_)                                              \
  struct field##tag {                                                          \
    using type = type_ Cloth::*;                                               \
    friend type member(field##tag);                                            \
  };                                                                           \
  template struct expose<field##tag, &Cloth::field>;
CLOTH_FIELD(rest_, double)
CLOTH_FIELD(mass_, double)
CLOTH_FIELD(gravity_, double)
CLOTH_FIELD(stiffness_, double)
CLOTH_FIELD(damping_, double)
CLOTH_FIELD(x_, std::vector<double>)
CLOTH_FIELD(y_, std::vector<double>)
CLOTH_FIELD(vx_, std::vector<double>)
CLOTH_FIELD(vy_, std::vector<double>)
#undef CLOTH_FIELD

template <> struct tangent_test::fields<Cloth> {
  static auto of(Cloth &c) {
    return std::tie(c.*member(rest_tag{}), c.*member(mass_tag{}),
                    c.*member(gravity_tag{}), c.*member(stiffness_tag{}),
                    c.*member(damping_tag{}), c.*member(x_tag{}),
                    c.*member(y_tag{}), c.*member(vx_tag{}),
                    c.*member(vy_tag{}));
  }
};

int main() {
  Cloth cloth(4, 3, 0.1);
  using tangent_test::check_strategies;
  Cloth bent = cloth;
  for (int a = 4; a < bent.size(); ++a)
    bent.moveY(a, -0.002 * a);
  check_strategies("potential", tangent::grad<&Cloth::potential>(), bent);
  tangent_test::check_twin_strategies("sag", tangent::grad<sag_taped>(),
                                      tangent::grad<sag>(), cloth, 40.0);
  return tangent_test::summary();
}
