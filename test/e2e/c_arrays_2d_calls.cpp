// End-to-end: multi-dimensional C arrays given to callees whole, as
// mini-apps write them (`const double b[][8]`, which is `const double
// (*b)[8]`; `double b[3][8]` as a parameter is the same type). Tangent
// stores a local 2-D array flat, so the callee gets a pointer to its first
// element and its adjoint the caller's adjoint array likewise: callees
// reading, writing and updating such arrays in place, passing them on,
// giving their rows to `double *` parameters, with scalar outputs through
// pointers (`&det`), in loops (also checkpointed), one array given as two
// arguments (`blend(h, h, k)`), 3-D arrays (whole and by rows), float and
// integer elements, callees whose calls carry no derivative, templates
// and lambdas, and an element of LULESH as it is written.
#include "check.hpp"

#include <cmath>
#include <vector>

// Reads: the sum of squares of the first n rows.
double sum_squares(const double b[][8], int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 8; ++j)
      s += b[i][j] * b[i][j];
  return s;
}

double read_whole(double x) {
  double b[3][8];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 8; ++j)
      b[i][j] = x + i * j + std::sin(x * j);
  return sum_squares(b, 3);
}

// Writes every element, and a scalar through a pointer, as LULESH's shape
// function derivatives do (`double b[][8]`, `double *volume`).
void shape(const double x[8], double b[][8], double *det) {
  for (int j = 0; j < 8; ++j) {
    b[0][j] = x[j] * 2.0;
    b[1][j] = x[j] * x[j];
    b[2][j] = -x[j] + std::cos(x[(j + 1) % 8]);
  }
  *det = x[0] * x[7] - x[3] * x[4];
}

double write_whole(const std::vector<double> &x) {
  double xl[8];
  for (int j = 0; j < 8; ++j)
    xl[j] = x[j];
  double b[3][8];
  double det;
  shape(xl, b, &det);
  double s = det;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 8; ++j)
      s += b[i][j] * x[j] * (i + 1);
  return s;
}

// Reads and writes in place (the callee restores what it overwrites).
void relax(double g[][4], int rows, double k) {
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < 4; ++j) {
      const double left = j > 0 ? g[i][j - 1] : g[i][3];
      g[i][j] = g[i][j] + k * std::sin(left - g[i][j]);
    }
}

// The same array relaxed in a loop: each call overwrites what the previous
// one wrote.
double in_place(const std::vector<double> &x, double k, int steps) {
  double g[3][4];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      g[i][j] = x[(i * 4 + j) % x.size()] * (1.0 + 0.1 * i);
  for (int s = 0; s < steps; ++s)
    relax(g, 3, k);
  double r = 0.0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      r += g[i][j] * g[i][j] * (j + 1);
  return r;
}

// A callee passing the array on, and its rows to a `double *` parameter.
double dot(const double *a, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

double row_norms(const double m[][3], int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += std::sqrt(dot(m[i], m[i], 3));
  return s;
}

double passed_on(const double m[3][3], const double *v) {
  return row_norms(m, 3) * dot(m[1], v, 3) + m[2][2];
}

double nested(const std::vector<double> &x) {
  double m[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] = x[(i + j) % 4] * (i - j + 0.5);
  double v[3] = {x[1], x[2], x[3]};
  return passed_on(m, v);
}

// Two arrays read, a third written: a matrix product.
void matmul(const double a[][3], const double (*b)[3], double c[3][3]) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      c[i][j] = 0.0;
      for (int k = 0; k < 3; ++k)
        c[i][j] += a[i][k] * b[k][j];
    }
}

double product(const std::vector<double> &x) {
  double a[3][3], c[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      a[i][j] = x[(2 * i + j) % 5];
  matmul(a, a, c); // one array given twice, read only
  double d[3][3];
  matmul(c, a, d);
  return d[0][0] * d[1][1] - d[0][1] * d[1][0] + std::exp(0.1 * d[2][2]);
}

// A writer that also reads what it writes (an accumulation), and returns a
// value: called in a loop over the rows of a bigger computation.
double accumulate(double acc[][2], const double *w, int n) {
  double total = 0.0;
  for (int i = 0; i < n; ++i) {
    acc[i][0] += w[i] * acc[i][1];
    acc[i][1] = std::tanh(acc[i][0]);
    total += acc[i][1];
  }
  return total;
}

double in_loops(const std::vector<double> &x, int n) {
  double acc[4][2] = {{x[0], 0.5}, {x[1], -0.5}, {x[2], 0.25}, {x[3], 1.0}};
  double r = 0.0;
  for (int t = 0; t < n; ++t)
    r += accumulate(acc, &x[t % 2], 3) * (t + 1);
  return r + acc[3][0] * acc[2][1];
}

// Three dimensions: the whole array (`double t[][3][4]`) and a row of it
// (`t[i]`, a `double (*)[4]`).
double sum_rows(const double r[][4], int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 4; ++k)
      s += r[i][k] * r[i][(k + 1) % 4];
  return s;
}

void scale3(double t[][3][4], int n, double by) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        t[i][j][k] *= by + 0.1 * t[i][j][k];
}

double cube(const std::vector<double> &x) {
  double t[2][3][4];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        t[i][j][k] = x[(i + 2 * j + 3 * k) % 5] * (1 + i - j + k);
  scale3(t, 2, x[0]);
  return sum_rows(t[0], 3) + sum_rows(t[1], 2) * t[1][2][3];
}

// Integer elements (data: no derivative) next to floating ones: a
// connectivity table, as a mesh code gives it.
double gather(const double (*coords)[2], const int elems[][3], int n) {
  double s = 0.0;
  for (int e = 0; e < n; ++e) {
    const int a = elems[e][0], b = elems[e][1], c = elems[e][2];
    s += (coords[b][0] - coords[a][0]) * (coords[c][1] - coords[a][1]) -
         (coords[c][0] - coords[a][0]) * (coords[b][1] - coords[a][1]);
  }
  return s;
}

double mesh(const std::vector<double> &x) {
  double coords[4][2];
  for (int i = 0; i < 4; ++i) {
    coords[i][0] = x[i] + i;
    coords[i][1] = x[(i + 1) % 4] * x[i] + (i % 2);
  }
  int elems[2][3] = {{0, 1, 2}, {0, 2, 3}};
  return gather(coords, elems, 2) * gather(coords, elems, 1);
}

// Float elements.
float trace_f(const float m[][2]) { return m[0][0] * m[1][1] + m[0][1]; }

float floats(const std::vector<float> &x) {
  float m[2][2] = {{x[0], x[1]}, {x[2] * x[0], x[3]}};
  return trace_f(m) * std::sin(m[1][0]);
}

// Rows of a 2-D parameter written in place through `double *` parameters,
// and element addresses of it (`&b[0][1]`).
void square_rows(const double *in, int n, double *out) {
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * in[i] + 0.5 * in[i];
}

void rows_in_place(double b[][3], int n) {
  for (int i = 0; i < n; ++i)
    square_rows(b[i], 3, b[i]);
  square_rows(&b[0][1], 2, &b[1][1]);
}

// Reads one array, writes another: given the same array for both
// (`blend(h, h, k)`), it reads what it has written, as C++ runs it.
void blend(const double in[][4], double out[][4], double k) {
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      out[i][j] = k * in[i][(j + 1) % 4] + std::sin(in[i][j]);
}

template <int N> double diagonal(const double m[][N]) {
  double s = 0.0;
  for (int i = 0; i < N; ++i)
    s += m[i][i] * m[i][i];
  return s;
}

double shared(const std::vector<double> &x) {
  double b[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      b[i][j] = x[(i + j) % 4] + 0.5 * i;
  rows_in_place(b, 3);
  double g[2][4], h[2][4];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      g[i][j] = x[j] * (i + 1);
  blend(g, h, x[0]);
  blend(h, h, 0.5);
  auto corner = [](const double m[][3]) { return m[0][1] * m[2][0]; };
  return b[2][2] * b[0][1] + h[1][2] * h[0][3] + diagonal<3>(b) + corner(b);
}

// The same callee in a long checkpointed loop (the snapshots are the flat
// array), and fully taped: bitwise equal gradients.
double relaxed(const std::vector<double> &x, int n) {
  double g[2][4];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      g[i][j] = x[j] * (i + 1);
  [[tangent::checkpoint]] for (int t = 0; t < n; ++t)
    blend(g, g, 0.5 + 0.01 * x[1]);
  return g[1][2] + g[0][0] * g[1][3];
}

double relaxed_taped(const std::vector<double> &x, int n) {
  double g[2][4];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      g[i][j] = x[j] * (i + 1);
  for (int t = 0; t < n; ++t)
    blend(g, g, 0.5 + 0.01 * x[1]);
  return g[1][2] + g[0][0] * g[1][3];
}

// Calls without a derivative: an integer result from an integer table and
// a number from a constant array (run as they are, on the flat storage).
int count(const int e[][3], int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += e[i][0] + e[i][2];
  return s;
}

double weight(const double c[][2]) { return c[0][0] + c[1][1] * c[0][1]; }

double inactive(double x) {
  int el[2][3] = {{0, 1, 2}, {3, 4, 5}};
  const double c[2][2] = {{1.0, 2.0}, {3.0, 4.0}};
  return x * count(el, 2) + std::sin(x) * weight(c);
}

// As LULESH writes an element's forces (CalcElemShapeFunctionDerivatives,
// SumElemStressesToNodeForces, the hourglass gammas): `double b[][8]` written
// with the volume through `double *const`, read whole by another callee, a
// local `double hourgam[8][4]` given to `const double hourgam[][4]`.
static inline void shape_derivatives(const double x[], const double y[],
                                     const double z[], double b[][8],
                                     double *const volume) {
  const double x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3], x4 = x[4], x5 = x[5],
               x6 = x[6], x7 = x[7];
  const double y0 = y[0], y1 = y[1], y2 = y[2], y3 = y[3], y4 = y[4], y5 = y[5],
               y6 = y[6], y7 = y[7];
  const double z0 = z[0], z1 = z[1], z2 = z[2], z3 = z[3], z4 = z[4], z5 = z[5],
               z6 = z[6], z7 = z[7];
  double fjxxi = .125 * ((x6 - x0) + (x5 - x3) - (x7 - x1) - (x4 - x2));
  double fjxet = .125 * ((x6 - x0) - (x5 - x3) + (x7 - x1) - (x4 - x2));
  double fjxze = .125 * ((x6 - x0) + (x5 - x3) + (x7 - x1) + (x4 - x2));
  double fjyxi = .125 * ((y6 - y0) + (y5 - y3) - (y7 - y1) - (y4 - y2));
  double fjyet = .125 * ((y6 - y0) - (y5 - y3) + (y7 - y1) - (y4 - y2));
  double fjyze = .125 * ((y6 - y0) + (y5 - y3) + (y7 - y1) + (y4 - y2));
  double fjzxi = .125 * ((z6 - z0) + (z5 - z3) - (z7 - z1) - (z4 - z2));
  double fjzet = .125 * ((z6 - z0) - (z5 - z3) + (z7 - z1) - (z4 - z2));
  double fjzze = .125 * ((z6 - z0) + (z5 - z3) + (z7 - z1) + (z4 - z2));
  double cjxxi = (fjyet * fjzze) - (fjzet * fjyze);
  double cjxet = -(fjyxi * fjzze) + (fjzxi * fjyze);
  double cjxze = (fjyxi * fjzet) - (fjzxi * fjyet);
  double cjyxi = -(fjxet * fjzze) + (fjzet * fjxze);
  double cjyet = (fjxxi * fjzze) - (fjzxi * fjxze);
  double cjyze = -(fjxxi * fjzet) + (fjzxi * fjxet);
  double cjzxi = (fjxet * fjyze) - (fjyet * fjxze);
  double cjzet = -(fjxxi * fjyze) + (fjyxi * fjxze);
  double cjzze = (fjxxi * fjyet) - (fjyxi * fjxet);
  b[0][0] = -cjxxi - cjxet - cjxze;
  b[0][1] = cjxxi - cjxet - cjxze;
  b[0][2] = cjxxi + cjxet - cjxze;
  b[0][3] = -cjxxi + cjxet - cjxze;
  b[0][4] = -b[0][2];
  b[0][5] = -b[0][3];
  b[0][6] = -b[0][0];
  b[0][7] = -b[0][1];
  b[1][0] = -cjyxi - cjyet - cjyze;
  b[1][1] = cjyxi - cjyet - cjyze;
  b[1][2] = cjyxi + cjyet - cjyze;
  b[1][3] = -cjyxi + cjyet - cjyze;
  b[1][4] = -b[1][2];
  b[1][5] = -b[1][3];
  b[1][6] = -b[1][0];
  b[1][7] = -b[1][1];
  b[2][0] = -cjzxi - cjzet - cjzze;
  b[2][1] = cjzxi - cjzet - cjzze;
  b[2][2] = cjzxi + cjzet - cjzze;
  b[2][3] = -cjzxi + cjzet - cjzze;
  b[2][4] = -b[2][2];
  b[2][5] = -b[2][3];
  b[2][6] = -b[2][0];
  b[2][7] = -b[2][1];
  *volume = double(8.) * (fjxet * cjxet + fjyet * cjyet + fjzet * cjzet);
}
static inline void sum_forces(const double B[][8], const double stress_xx,
                              const double stress_yy, const double stress_zz,
                              double fx[], double fy[], double fz[]) {
  for (int i = 0; i < 8; i++) {
    fx[i] = -(stress_xx * B[0][i]);
    fy[i] = -(stress_yy * B[1][i]);
    fz[i] = -(stress_zz * B[2][i]);
  }
}
static inline void hourglass(const double hourgam[][4], const double *xd,
                             double coefficient, double *hgf) {
  for (int i = 0; i < 8; ++i) {
    double s = 0;
    for (int k = 0; k < 4; ++k) {
      double h = 0;
      for (int j = 0; j < 8; ++j)
        h += hourgam[j][k] * xd[j];
      s += hourgam[i][k] * h;
    }
    hgf[i] = coefficient * s;
  }
}
double lulesh_element(const std::vector<double> &c, double sig) {
  double x[8], y[8], z[8];
  for (int i = 0; i < 8; ++i) {
    x[i] = ((i & 1) ? 1.0 : 0.0) + 0.05 * c[i];
    y[i] = ((i & 2) ? 1.0 : 0.0) + 0.04 * c[(i + 1) % 8];
    z[i] = ((i & 4) ? 1.0 : 0.0) + 0.03 * c[(i + 3) % 8];
  }
  double B[3][8];
  double det;
  shape_derivatives(x, y, z, B, &det);
  double fx[8], fy[8], fz[8];
  sum_forces(B, sig, 0.5 * sig, 0.25 * sig, fx, fy, fz);
  double hourgam[8][4];
  for (int i = 0; i < 8; ++i)
    for (int k = 0; k < 4; ++k)
      hourgam[i][k] = B[k % 3][i] * (k + 1) / det;
  double hgf[8];
  hourglass(hourgam, x, 0.01, hgf);
  double r = det;
  for (int i = 0; i < 8; ++i)
    r += fx[i] * x[i] + fy[i] * y[i] + fz[i] * z[i] + hgf[i] * z[i];
  return r;
}
int main() {
  using namespace tangent_test;
  const std::vector<double> x8{0.3, -0.5, 0.8, 1.1, 0.2, -0.7, 0.6, 0.9};
  const std::vector<double> x5{0.3, -0.5, 0.8, 1.1, 0.2};
  const std::vector<double> x4{0.3, -0.5, 0.8, 1.1};
  check("read_whole", tangent::grad<read_whole>(), 0.3);
  check("write_whole", tangent::grad<write_whole>(), x8);
  for (int steps : {0, 1, 3})
    check("in_place/" + std::to_string(steps), tangent::grad<in_place>(), x5,
          0.4, steps);
  check("nested", tangent::grad<nested>(), x4);
  check("product", tangent::grad<product>(), x5);
  for (int n : {0, 1, 5})
    check("in_loops/" + std::to_string(n), tangent::grad<in_loops>(), x4, n);
  check("cube", tangent::grad<cube>(), x5);
  check("mesh", tangent::grad<mesh>(), x4);
  check("shared", tangent::grad<shared>(), x4);
  for (int n : {0, 1, 20}) {
    check("relaxed/" + std::to_string(n), tangent::grad<relaxed>(), x4, n);
    check_same(
        "relaxed/checkpointed " + std::to_string(n),
        tangent::grad<relaxed, tangent::options{.checkpoint = true,
                                                .min_length = 1}>()(x4, n),
        tangent::grad<relaxed_taped>()(x4, n));
  }
  check("inactive", tangent::grad<inactive>(), 0.7);
  check("lulesh_element", tangent::grad<lulesh_element>(), x8, 1.3);
  check("floats", tangent::grad<floats>(),
        std::vector<float>{0.3f, -0.5f, 0.8f, 1.1f});
  return summary();
}
