// A pointer that walks: a view stepped through its storage (`*p++`) and a
// pointer parameter stepped in its function (`x += stride`, up to an end
// pointer). Each gets an integer offset in the storage it views (`p_at`,
// `x_at`); `*p` is the element there, the reverse sweep reads the offset's
// recorded values like any integer's.
#include <tangent/grad.hpp>
#include <cmath>
#include <vector>

double stride_sum(const double *x, int n, int stride) {
  double s = 0.0;
  for (const double *end = x + n; x < end; x += stride)
    s += *x * std::cos(*x);
  return s;
}

double walk(const std::vector<double> &x) {
  const double *p = x.data();
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i)
    s += (1.0 + 0.5 * double(i)) * std::sin(*p++);
  return s + stride_sum(x.data() + 1, static_cast<int>(x.size()) - 1, 2);
}

std::vector<double> use(const std::vector<double> &x) {
  return tangent::grad<walk>()(x);
}
