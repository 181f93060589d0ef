// End-to-end: raw pointers that carry no derivative (observations, weights
// left out by `wrt`) passed to callees whose pointer parameters carry one
// elsewhere: each such call runs a variant of the callee in which that
// parameter is data (no adjoint storage is needed for it), also through
// several levels of callees, as addresses into the data (`&obs[i * d]`) and
// next to differentiated pointers; the same callees stay differentiated
// where their arguments carry a derivative.
#include "check.hpp"

#include <cmath>
#include <vector>

double dot(const double *a, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

// `w` is data: dot's second parameter gets none here.
double weighted(const double *x, const double *w, int n) {
  return dot(x, w, n) + dot(x, x, n);
}

double dot2(const double *a, const double *b) {
  return a[0] * b[0] + a[1] * b[1];
}

// An address into data.
double shifted(const double *x, const double *w, int n) {
  return dot2(x, &w[n - 2]) * dot2(w, x + 1);
}

// A Gaussian-mixture-like data term: observations through three levels of
// callees, by address, and the result through `double *err`.
void subtract(int d, const double *x, const double *y, double *out) {
  for (int k = 0; k < d; ++k)
    out[k] = x[k] - y[k];
}

double sqnorm(int d, const double *x) {
  double s = 0.0;
  for (int k = 0; k < d; ++k)
    s += x[k] * x[k];
  return s;
}

void data_term(int d, int n, const double *mu, const double *x, double *err) {
  std::vector<double> centered(d);
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    subtract(d, &x[i * d], mu, centered.data());
    s += std::log(1.0 + sqnorm(d, centered.data()));
  }
  *err = s;
}

double fit(const double *mu, int d, const double *x, int n) {
  double e;
  data_term(d, n / d, mu, x, &e);
  return e;
}

// The same callee with data in one call and parameters in the other.
double both(const double *x, const double *w, int n) {
  double e1, e2;
  data_term(1, n, x, w, &e1);
  data_term(1, n, w, x, &e2);
  return e1 * e2;
}

// A literal 0 given to an integer parameter is an integer, not a null
// pointer (fuzz seeds 1 and 11 once printed it as `nullptr`).
void scale_from(const double *x, int start, double *out) {
  *out = x[start] * x[start + 1];
}

double from_zero(const double *x, int n) {
  double e;
  scale_from(x, 0, &e);
  return e;
}

constexpr auto first = tangent::options{.wrt = tangent::wrt_params(0)};

int main() {
  using namespace tangent_test;
  std::vector<double> x{0.5, -1.0, 2.0, 0.3, 0.7, -0.2};
  std::vector<double> w{0.2, 0.9, -0.4, 1.3, 0.6, 0.1};
  const int n = static_cast<int>(x.size());
  check_pullback("weighted", tangent::grad<weighted, first>(), 1.0, x.data(),
                 w.data(), n);
  check_pullback("shifted", tangent::grad<shifted, first>(), 1.0, x.data(),
                 w.data(), n);
  std::vector<double> mu{0.3, -0.2};
  check_pullback("fit", tangent::grad<fit, first>(), 1.0, mu.data(), 2,
                 x.data(), n);
  check_pullback("both", tangent::grad<both, first>(), 1.0, x.data(), w.data(),
                 n);
  check_pullback("both/everything", tangent::grad<both>(), 1.0, x.data(),
                 w.data(), n);
  check_pullback("from_zero", tangent::grad<from_zero>(), 1.0, x.data(), n);
  return summary();
}
