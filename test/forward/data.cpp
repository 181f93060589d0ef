// Parameters that wrt leaves out (data) in the forward mode and second
// order: a const vector (observations) carries no tangent in the
// tangent-linear code, nor does the callee parameter it is given to by
// address; a const vector that f copies into storage it varies needs a zero
// tangent, so the request keeps one for it (only pointers are data then).
// Each Hessian-vector product and directional derivative is checked against
// the analytic one and against central differences of the gradient, with
// the strategy matrix bitwise against the full tape.
#include "../e2e/check.hpp"

#include <cmath>
#include <vector>

using tangent_test::check_near;
using tangent_test::check_strategies;
using tangent_test::tight_tol;

// sum_i w_i (x_i - p_i)^2 x_i: a callee given the observations by address.
double term(const double *x, const double *p, const double *w, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    const double r = x[i] - p[i];
    s += w[i] * r * r * x[i];
  }
  return s;
}

double fit(const std::vector<double> &x, const std::vector<double> &p,
           const std::vector<double> &w) {
  return term(x.data(), p.data(), w.data(), int(x.size()));
}

// The weights copied into a local that the function then varies.
double scaled(const std::vector<double> &x, const std::vector<double> &w) {
  std::vector<double> u = w;
  double s = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    u[i] = u[i] * x[i];
    s += u[i] * u[i];
  }
  return s;
}

constexpr auto only_x = tangent::options{.wrt = tangent::wrt_params(0)};

int main() {
  const std::vector<double> x{0.4, -0.3, 1.2, 0.7}, p{0.1, 0.2, -0.5, 0.9},
      w{1.5, 0.5, 2.0, 0.25}, v{1.0, -0.5, 0.3, 2.0};
  {
    // d2/dx_i2 of w (x - p)^2 x = w (6 x - 4 p): diagonal.
    std::vector<double> hv(x.size());
    double dir = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      hv[i] = w[i] * (6 * x[i] - 4 * p[i]) * v[i];
      const double r = x[i] - p[i];
      dir += w[i] * (r * r + 2 * r * x[i]) * v[i];
    }
    check_near("fit: hvp (observations data)",
               tangent::hvp<fit, only_x>()(x, p, w, v), hv, tight_tol);
    check_near("fit: jvp (observations data)",
               tangent::jvp<fit, only_x>()(x, p, w, v), dir, tight_tol);
    check_strategies("fit: hvp", tangent::hvp<fit, only_x>(), x, p, w, v);
  }
  {
    // sum (w_i x_i)^2: d2/dx_i2 = 2 w_i^2.
    std::vector<double> hv(x.size());
    for (std::size_t i = 0; i < x.size(); ++i)
      hv[i] = 2 * w[i] * w[i] * v[i];
    check_near("scaled: hvp (a copied constant keeps a zero tangent)",
               tangent::hvp<scaled, only_x>()(x, w, v), hv, tight_tol);
    check_strategies("scaled: hvp", tangent::hvp<scaled, only_x>(), x, w, v);
  }
  return tangent_test::summary();
}
