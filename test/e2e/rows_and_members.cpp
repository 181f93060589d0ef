// What a new user writes with standard algorithms and constructors: the
// algorithms over a row of a matrix (`W[j].begin(), W[j].end()`, a
// reference to a row, `m.at(1)`) and over an object's vector member
// (`L.w.begin()`), std::fill and std::copy into rows of a local matrix, and
// containers made by a constructor call (`V(n)`, `V(n, x)`) in a struct's
// braces, an initialization, `auto` and arguments. Each against finite
// differences.
#include "check.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

using V = std::vector<double>;
using Matrix = std::vector<V>;

struct Layer {
  V w;
  double b;
};

template <> struct tangent_test::fields<Layer> {
  static auto of(Layer &l) { return std::tie(l.w, l.b); }
};

// A dense layer with its rows read by the algorithms.
double dense(const Matrix &W, const V &x) {
  double s = 0.0;
  for (std::size_t j = 0; j < W.size(); ++j) {
    s +=
        std::tanh(std::inner_product(W[j].begin(), W[j].end(), x.begin(), 0.0));
    const auto &row = W[j];
    s += std::accumulate(row.begin(), row.end(), 0.0) * x[j];
    s += *std::max_element(W[j].begin(), W[j].end());
  }
  return s + std::accumulate(W.at(1).begin(), W.at(1).end(), 0.5);
}

// An object's vector member as a range.
double neuron(const Layer &L, const V &x) {
  return std::tanh(std::inner_product(L.w.begin(), L.w.end(), x.begin(), L.b));
}

// Rows of a local matrix filled, copied into and summed.
double rows_written(const V &x, double s) {
  Matrix m(2, V(x.size(), 0.0));
  std::copy(x.begin(), x.end(), m[1].begin());
  std::fill(m[0].begin(), m[0].end(), s * s);
  return std::accumulate(m[1].begin(), m[1].end(), 0.0) * m[0][2] +
         *std::min_element(m[1].begin(), m[1].end());
}

struct State {
  V a;
  V b;
  double c;
};

double total_squares(const V &v) {
  double s = 0.0;
  for (double e : v)
    s += e * e;
  return s;
}

// Containers made by a constructor call (also as arguments).
double constructed(const V &x) {
  State d{V(x.size()), V(x.size(), 0.5), x[0]};
  V e = V(x.size());
  auto g = V(3, x[1]);
  double s = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    d.a[i] = x[i] * d.b[i];
    e[i] = d.a[i] * x[i];
    s += d.a[i] * d.c + e[i] * g[i % 3];
  }
  return s + total_squares(V(x)) * total_squares(V(2, x[2]));
}

using namespace tangent_test;

int main() {
  Matrix W{{0.1, 0.2, 0.3}, {-0.4, 0.5, 0.6}, {0.7, -0.8, 0.9}};
  V x{0.3, -0.7, 1.2};
  check("dense", tangent::grad<dense>(), W, x);
  check("neuron", tangent::grad<neuron>(), Layer{{0.5, 0.25, -1.0}, 0.3}, x);
  check("rows_written", tangent::grad<rows_written>(), x, 0.8);
  check("constructed", tangent::grad<constructed>(), V{0.3, -0.7, 1.2, 0.9});
  return summary();
}
