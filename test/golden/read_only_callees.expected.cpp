// ---- tangent: generated adjoints (do not edit) ----
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-variable"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#include <tangent/grad.hpp>
#include <tangent/tape.hpp>
#include <tangent/support.hpp>
#ifndef TANGENT_GENERATED_STRETCH_328BBE99DD2A4941
#define TANGENT_GENERATED_STRETCH_328BBE99DD2A4941
namespace tangent::generated {
// tangent: adjoint of stretch (read_only_callees.input.cpp:14), forward sweep
inline double stretch_forward(std::vector<double>& m_x, std::vector<double>& m_f, std::vector<int>& m_nodes, int e) {
  double result{};
  result = m_x[static_cast<unsigned long>(m_nodes[static_cast<unsigned long>(e + 1)])] - m_x[static_cast<unsigned long>(m_nodes[static_cast<unsigned long>(e)])];
  return result;
}

// tangent: adjoint of stretch (read_only_callees.input.cpp:14), reverse sweep
inline void stretch_reverse(std::vector<double>& m_x, std::vector<double>& m_f, std::vector<int>& m_nodes, int e, std::vector<double>& d_m_x, std::vector<double>& d_m_f, double d_result) {
  double result{};
  const double d = d_result;
  d_result = 0;
  d_m_x[static_cast<unsigned long>(m_nodes[static_cast<unsigned long>(e + 1)])] += d;
  d_m_x[static_cast<unsigned long>(m_nodes[static_cast<unsigned long>(e)])] += -d;
}

// tangent: stretch on the fields of its objects
inline double stretch_primal(std::vector<double>& m_x, std::vector<double>& m_f, std::vector<int>& m_nodes, int e) {
  double result{};
  result = m_x[static_cast<unsigned long>(m_nodes[static_cast<unsigned long>(e + 1)])] - m_x[static_cast<unsigned long>(m_nodes[static_cast<unsigned long>(e)])];
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_FORCE_67BD7CCCE36D6E23
#define TANGENT_GENERATED_FORCE_67BD7CCCE36D6E23
namespace tangent::generated {
// tangent: adjoint of force (read_only_callees.input.cpp:23), forward sweep
inline void force_forward(std::vector<double>& m_x, std::vector<double>& m_f, std::vector<int>& m_nodes, int e) {
  tangent::tape &tape = tangent::thread_tape();
  double v{};
  // read_only_callees.input.cpp:23: call stretch
  v = tangent::generated::stretch_forward(m_x, m_f, m_nodes, e);
  m_f[static_cast<unsigned long>(e)] = -std::sin(v);
  tape.push(v);
  return;
}

// tangent: adjoint of force (read_only_callees.input.cpp:23), reverse sweep
inline void force_reverse(std::vector<double>& m_x, std::vector<double>& m_f, std::vector<int>& m_nodes, int e, std::vector<double>& d_m_x, std::vector<double>& d_m_f) {
  tangent::tape &tape = tangent::thread_tape();
  double v{};
  double d_v{};
  v = tape.pop<double>();
  const double d = d_m_f[static_cast<unsigned long>(e)];
  d_m_f[static_cast<unsigned long>(e)] = 0;
  d_v += -d * std::cos(v);
  // read_only_callees.input.cpp:23: reverse of the call
  tangent::generated::stretch_reverse(m_x, m_f, m_nodes, e, d_m_x, d_m_f, d_v);
  d_v = 0;
  (void)tape;
}

// tangent: force on the fields of its objects
inline void force_primal(std::vector<double>& m_x, std::vector<double>& m_f, std::vector<int>& m_nodes, int e) {
  double v{};
  // read_only_callees.input.cpp:23: call stretch
  v = tangent::generated::stretch_primal(m_x, m_f, m_nodes, e);
  m_f[static_cast<unsigned long>(e)] = -std::sin(v);
  return;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_ENERGY_C98859071A478471
#define TANGENT_GENERATED_ENERGY_C98859071A478471
namespace tangent::generated {
// tangent: adjoint of energy (read_only_callees.input.cpp:17), forward sweep
inline double energy_forward(std::vector<double>& m_x, std::vector<double>& m_f, std::vector<int>& m_nodes, int e) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double d{};
  // read_only_callees.input.cpp:18: call stretch
  d = tangent::generated::stretch_forward(m_x, m_f, m_nodes, e);
  result = 0.5 * d * d;
  tape.push(d);
  return result;
}

// tangent: adjoint of energy (read_only_callees.input.cpp:17), reverse sweep
inline void energy_reverse(std::vector<double>& m_x, std::vector<double>& m_f, std::vector<int>& m_nodes, int e, std::vector<double>& d_m_x, std::vector<double>& d_m_f, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double d{};
  double d_d{};
  d = tape.pop<double>();
  const double d_2 = d_result;
  d_result = 0;
  d_d += 0.5 * (d_2 * d);
  d_d += 0.5 * d * d_2;
  // read_only_callees.input.cpp:18: reverse of the call
  tangent::generated::stretch_reverse(m_x, m_f, m_nodes, e, d_m_x, d_m_f, d_d);
  d_d = 0;
  (void)tape;
}

// tangent: energy on the fields of its objects
inline double energy_primal(std::vector<double>& m_x, std::vector<double>& m_f, std::vector<int>& m_nodes, int e) {
  double result{};
  double d{};
  // read_only_callees.input.cpp:18: call stretch
  d = tangent::generated::stretch_primal(m_x, m_f, m_nodes, e);
  result = 0.5 * d * d;
  return result;
}
} // namespace tangent::generated
#endif
#ifndef TANGENT_GENERATED_STEP_404B47FCF1DDEFE9
#define TANGENT_GENERATED_STEP_404B47FCF1DDEFE9
namespace tangent::generated {
// tangent: adjoint of step (read_only_callees.input.cpp:25)
inline double step_pullback(std::vector<double>& m_x, std::vector<double>& m_f, std::vector<int>& m_nodes, int n, std::vector<double>& d_m_x, std::vector<double>& d_m_f, double d_result) {
  tangent::tape &tape = tangent::thread_tape();
  double result{};
  double s{};
  double v{};
  // forward sweep
  s = 0.0;
  // read_only_callees.input.cpp:27: for loop (checkpointing not requested)
  for (int e = 0; e < n; ++e) {
    tape.push_vector(m_f);
    // read_only_callees.input.cpp:28: call force
    tangent::generated::force_forward(m_x, m_f, m_nodes, e);
    tape.push(v);
    // read_only_callees.input.cpp:29: call energy
    v = tangent::generated::energy_forward(m_x, m_f, m_nodes, e);
    s = s + v * m_f[static_cast<unsigned long>(e)];
  }
  result = s;
  const double value = result;
  // reverse sweep
  double d_s{};
  double d_v{};
  const double d = d_result;
  d_result = 0;
  d_s += d;
  // read_only_callees.input.cpp:27: for loop, reversed
  for (int e = n; e-- > 0;) {
    d_v += d_s * m_f[static_cast<unsigned long>(e)];
    d_m_f[static_cast<unsigned long>(e)] += v * d_s;
    // read_only_callees.input.cpp:29: reverse of the call
    tangent::generated::energy_reverse(m_x, m_f, m_nodes, e, d_m_x, d_m_f, d_v);
    d_v = 0;
    v = tape.pop<double>();
    // read_only_callees.input.cpp:28: reverse of the call
    tangent::generated::force_reverse(m_x, m_f, m_nodes, e, d_m_x, d_m_f);
    tape.pop_vector(m_f);
  }
  d_s = 0;
  return value;
}
} // namespace tangent::generated
#endif
namespace tangent {
template <> struct adjoint<&step, tangent::options{}> {
  static constexpr unsigned long long source_hash = 0x643b2354c2641c2eull;
  static double pullback(Mesh& m, int n, Mesh& d_0, double seed) {
    return generated::step_pullback(m.x, m.f, m.nodes, n, d_0.x, d_0.f, static_cast<double>(seed));
  }
  static void zero_gradient(Mesh& d) {
    for (auto& e : d.x) e = 0;
    for (auto& e : d.f) e = 0;
  }
};
} // namespace tangent
#pragma GCC diagnostic pop
// ---- tangent: end of generated adjoints ----
