// Must fail: a random number engine in a differentiated function (hidden
// state); the draws are made by the caller and passed in.
#include <tangent/grad.hpp>

#include <random>
#include <vector>

#ifdef TANGENT_FIXED
double f(const std::vector<double> &x, const std::vector<double> &noise) {
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i)
    s += x[i] * x[i] * noise[i];
  return s;
}

double use(const std::vector<double> &x) {
  std::mt19937_64 engine(42);
  std::normal_distribution<double> normal;
  std::vector<double> noise(x.size());
  for (double &n : noise)
    n = normal(engine);
  constexpr tangent::options only_x{.wrt = tangent::wrt_params(0)};
  return tangent::grad<f, only_x>()(x, noise)[0];
}
#else
double f(const std::vector<double> &x) {
  std::mt19937_64 engine(42); // TANGENT-ERROR: random number engines and distributions ('std::mt19937_64') are not supported
  std::normal_distribution<double> normal;
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i)
    s += x[i] * x[i] * normal(engine);
  return s;
}

double use(const std::vector<double> &x) { return tangent::grad<f>()(x)[0]; }
#endif
