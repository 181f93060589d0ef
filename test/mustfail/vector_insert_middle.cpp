// Must fail: std::vector::insert anywhere but at the end.
#include <tangent/grad.hpp>

#include <vector>

double f(double x) {
  std::vector<double> v(3, x);
#ifdef TANGENT_FIXED
  v.push_back(0.0);
  for (std::size_t i = v.size() - 1; i > 0; --i)
    v[i] = v[i - 1];
  v[0] = x * x;
#else
  v.insert(v.begin(), x * x); // TANGENT-ERROR: insert is supported at the end of a vector only
#endif
  return v[0] * x;
}

double use(double x) { return tangent::grad<f>()(x); }
