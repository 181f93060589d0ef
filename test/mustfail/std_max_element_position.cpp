// Must fail: the position of std::max_element (an iterator); its value
// *std::max_element(a.begin(), a.end()) is accepted.
#include <tangent/grad.hpp>

#include <algorithm>
#include <vector>
double f(const std::vector<double> &v) {
#ifdef TANGENT_FIXED
  std::size_t k = 0;
  for (std::size_t i = 1; i < v.size(); ++i)
    if (v[i] > v[k])
      k = i;
#else
  long k = std::max_element(v.begin(), v.end()) - v.begin(); // TANGENT-ERROR: std::max_element is supported as the value
#endif
  return v[k];
}
double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
