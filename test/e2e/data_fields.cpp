// Objects carrying data tangent passes through: fields of type std::string,
// std::map, std::set and vectors of strings, beside the numbers that are
// differentiated. The data is read (compared, looked up, its size taken),
// given to functions taking it, copied with the object, never
// differentiated.
#include "check.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

struct Model {
  std::vector<std::string> names;
  std::string label;
  std::map<std::string, int> slot;
  std::set<std::string> frozen;
  std::vector<double> w;
  double scale = 1.0;
};

struct Layer {
  std::string activation;
  Model model;
  double bias = 0.0;
};

template <> struct tangent_test::fields<Model> {
  static auto of(Model &m) { return std::tie(m.w, m.scale); }
};
template <> struct tangent_test::fields<Layer> {
  static auto of(Layer &l) {
    return std::tie(l.model.w, l.model.scale, l.bias);
  }
};

Model make_model() {
  return {{"a", "b", "c"}, "double",         {{"a", 0}, {"b", 2}},
          {"b"},           {0.5, -1.5, 2.0}, 0.7};
}

// Comparisons and const member functions of the data fields.
double weighted(const Model &m, const std::vector<double> &x) {
  double s = 0.0;
  for (std::size_t i = 0; i < m.w.size(); ++i)
    s += m.w[i] * x[i];
  if (m.label == "double")
    s *= 2.0;
  if (m.label != "plain")
    s += m.scale * s;
  return s * m.scale + double(m.names.size()) * x[0];
}

// Lookups: an index read from a map, membership in a set.
double looked_up(const Model &m, const std::vector<double> &x) {
  const int k = m.slot.at("b");
  double s = m.w[k] * x[k];
  if (m.frozen.count("b") == 0)
    s += m.w[1] * x[1];
  return s * m.scale;
}

// A function taking the data (a pass-through parameter), given the field.
double gain(const std::string &kind, double v) {
  if (kind == "double")
    return 2.0 * v * v;
  return v * v;
}
double through_callee(const Model &m, double a) {
  return gain(m.label, a * m.scale) + gain("plain", m.w[0] * a);
}

// The object copied (its data with it), then given to a callee.
double norm_of(const Model &m) {
  double s = 0.0;
  for (double v : m.w)
    s += v * v;
  return m.label == "double" ? 2.0 * s : s;
}
double copied(const Model &m, double a) {
  Model c = m;
  c.w[0] = c.w[0] * a;
  c.scale = a;
  return norm_of(c) * c.scale + norm_of(m);
}

// Nested: a layer holding a model and a string.
double layer_out(const Layer &l, const std::vector<double> &x) {
  double s = weighted(l.model, x) + l.bias;
  if (l.activation == "tanh")
    return std::tanh(s);
  return s > 0 ? s : 0.0;
}

// A member function reading its object's data field.
struct Net {
  std::string kind;
  std::vector<double> w;
  double eval(double x) const {
    return kind == "square" ? w[0] * x * x : w[0] * x;
  }
};
template <> struct tangent_test::fields<Net> {
  static auto of(Net &n) { return std::tie(n.w); }
};
double net_twice(const Net &n, double x) { return n.eval(x) + n.eval(2 * x); }

using namespace tangent_test;

int main() {
  const Model m = make_model();
  const std::vector<double> x{0.3, -0.8, 1.1};
  check("weighted", tangent::grad<weighted>(), m, x);
  check("looked_up", tangent::grad<looked_up>(), m, x);
  check("through_callee", tangent::grad<through_callee>(), m, 0.6);
  check("copied", tangent::grad<copied>(), m, 0.6);
  Layer l{"tanh", m, 0.2};
  check("layer_out/tanh", tangent::grad<layer_out>(), l, x);
  l.activation = "relu";
  check("layer_out/relu", tangent::grad<layer_out>(), l, x);
  check("net_twice/square", tangent::grad<net_twice>(), Net{"square", {3.0}},
        0.5);
  check("net_twice/linear", tangent::grad<net_twice>(), Net{"linear", {3.0}},
        0.5);
  return summary();
}
