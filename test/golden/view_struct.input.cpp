// A struct of views (pointer fields into one parameter buffer), built in
// the requested function and given to a callee by reference: the callee's
// pointer fields are pointer parameters; in the caller each field is
// replaced by the address it views, its offset frozen where it is set
// (`l_bias_at`), so the analyses see the buffer itself.
#include <tangent/grad.hpp>
#include <cmath>

struct Layer {
  const double *weight; // n x n
  const double *bias;   // n
  int n;
};

void apply(const Layer &l, const double *x, double *y) {
  for (int i = 0; i < l.n; ++i) {
    double s = l.bias[i];
    for (int k = 0; k < l.n; ++k)
      s += l.weight[i * l.n + k] * x[k];
    y[i] = std::tanh(s);
  }
}

double layer_loss(const double *params, const double *x, int n) {
  Layer l{params, params + n * n, n};
  double y[4];
  apply(l, x, y);
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += y[i] * y[i];
  return s;
}

double use(const double *params, const double *x, double *dp, double *dx) {
  return tangent::grad<layer_loss>().pullback(params, x, 4, dp, dx);
}
