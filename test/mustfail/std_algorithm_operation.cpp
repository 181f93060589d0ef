// Must fail: a standard algorithm given an operation (std::accumulate with a
// lambda); the message names the loop to write, which calls the lambda.
#include <tangent/grad.hpp>

#include <numeric>
#include <vector>

double f(const std::vector<double> &x) {
  auto op = [](double s, double v) { return s + v * v; };
#ifdef TANGENT_FIXED
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i)
    s = op(s, x[i]);
  return s;
#else
  return std::accumulate(x.begin(), x.end(), 0.0, op); // TANGENT-ERROR: standard library function 'std::accumulate' is given an operation
#endif
}

double use(const std::vector<double> &x) { return tangent::grad<f>()(x)[0]; }
