// Addresses given to pointer parameters: a result through `double *err`
// (the caller's `&e`), and sub-arrays by address (`&x[3 * i]`, `mu.data()`).
// The callee's adjoint gets the same addresses in the adjoints' storage
// (`&d_e`, `d_x.data() + 3 * i`); it restores what it writes through them.
// A view (`const double *last = &x[...]`) is another name for its element.
#include <tangent/grad.hpp>
#include <vector>

void residual(const double *p, const double *mu, double *err) {
  double s = 0.0;
  for (int k = 0; k < 3; ++k)
    s += (p[k] - mu[k]) * (p[k] - mu[k]);
  *err = s;
}

double fit(const std::vector<double> &x, const std::vector<double> &mu) {
  double total = 0.0;
  for (int i = 0; i < 2; ++i) {
    double e;
    residual(&x[3 * i], mu.data(), &e);
    const double *last = &x[3 * i + 2]; // a view: last[0] is x[3 * i + 2]
    total += e * e * last[0];
  }
  return total;
}

std::vector<double> use(const std::vector<double> &x,
                        const std::vector<double> &mu) {
  return std::get<0>(tangent::grad<fit>()(x, mu));
}
