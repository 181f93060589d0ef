// Must fail: the position of std::max_element (an iterator); its value
// *std::max_element(a.begin(), a.end()) is accepted.
#include <tangent/grad.hpp>

#include <algorithm>
#include <vector>
double f(const std::vector<double> &v) {
  long k = std::max_element(v.begin(), v.end()) - v.begin(); // TANGENT-ERROR: std::max_element is supported as the value
  return v[k];
}
double use(const std::vector<double> &v) { return tangent::grad<f>()(v)[0]; }
