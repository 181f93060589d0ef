// Must fail: a std::vector member function tangent has no meaning for
// (erase; push_back, resize, assign, back... are lowered).
#include <tangent/grad.hpp>

#include <vector>

double f(double x) {
  std::vector<double> v{x, 2 * x, 3 * x};
#ifdef TANGENT_FIXED
  for (std::size_t i = 0; i + 1 < v.size(); ++i)
    v[i] = v[i + 1];
  v.pop_back();
#else
  v.erase(v.begin()); // TANGENT-ERROR: member function 'erase' is not supported
#endif
  return v[0] * x;
}

double use(double x) { return tangent::grad<f>()(x); }
