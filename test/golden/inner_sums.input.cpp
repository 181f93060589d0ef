// A least-squares fit of a polynomial to samples: the inner loop sums the
// polynomial's terms into `residual`, which the outer loop squares after
// it. No reverse statement of the inner loop reads `residual` (its terms
// are linear in it), so the inner loop records `residual` once, before it
// runs, and not at each of its overwrites; `power` is read there (the
// derivative by c[k]) and keeps one record per term.
#include <tangent/tangent.hpp>
#include <vector>

double misfit(const std::vector<double> &c, const std::vector<double> &t,
              const std::vector<double> &y) {
  double total = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    double residual = y[i];
    double power = 1;
    for (std::size_t k = 0; k < c.size(); ++k) {
      residual -= c[k] * power;
      power *= t[i];
    }
    total += residual * residual;
  }
  return 0.5 * total;
}

auto dmisfit =
    tangent::grad<misfit, tangent::options{.wrt = tangent::wrt_params(0)}>();
auto dmisfit_taped = tangent::grad<
    misfit,
    tangent::options{.wrt = tangent::wrt_params(0), .recompute = false}>();
