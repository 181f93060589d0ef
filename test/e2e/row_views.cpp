// End-to-end: pointer locals that view a row of a multi-dimensional C
// array (`const double *const px = b[0];`), as finite-element codes name
// the rows of their per-element tables: rows of local 2-D and 3-D arrays,
// of parameters pointing at rows (`const double b[][8]`, `double
// (*b)[4]`) and of C-array fields; constant and variable row indices (the
// view keeps the row its index designated when it was declared), reads
// and writes through the view, a view given to a callee, a view stepped
// along its row, float elements, views declared in loops (also
// checkpointed, bitwise against the full tape).
#include "check.hpp"

#include <cmath>
#include <vector>

// Reads through views of rows of a parameter pointing at rows.
static double face_sum(const double b[][8], int n) {
  const double *const px = b[0];
  const double *const py = b[1];
  const double *const pz = b[2];
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += px[i] * py[i] - 0.5 * pz[i] * px[(i + 1) % n];
  return s;
}

double shape_reads(const std::vector<double> &x) {
  double b[3][8];
  for (int j = 0; j < 8; ++j) {
    b[0][j] = x[j] * x[j];
    b[1][j] = std::sin(x[j]) + j;
    b[2][j] = x[(j + 3) % 8] - x[j];
  }
  return face_sum(b, 8);
}

// Writes through views of the rows of a parameter (`double (*b)[4]`).
static void fill_rows(double (*b)[4], const double *x, int rows) {
  for (int r = 0; r < rows; ++r) {
    double *row = b[r]; // a variable row index
    for (int j = 0; j < 4; ++j)
      row[j] = x[j] * (r + 1) + std::cos(x[(j + r) % 4]);
  }
}

double written_rows(const std::vector<double> &x) {
  double m[3][4];
  fill_rows(m, x.data(), 3);
  double s = 0.0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      s += m[i][j] * m[(i + 1) % 3][j];
  return s;
}

// A local array's rows: the view keeps its row when the index changes,
// and updates in place (`row[j] *= ...`).
double kept_row(const std::vector<double> &x, int k) {
  double m[4][3];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j)
      m[i][j] = x[(i + j) % x.size()] + i;
  int i = k;
  double *row = m[i];
  const double *next = m[i + 1];
  i = 0; // the views still see rows k and k + 1
  for (int j = 0; j < 3; ++j)
    row[j] *= next[j] + x[j];
  return m[k][0] * m[k][1] + m[k][2] + m[i][1] * next[2];
}

// A row of a 3-D array, given on to a callee, and stepped along.
static double dot(const double *a, const double *b, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

double cube_rows(const std::vector<double> &x) {
  double t[2][3][4];
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int c = 0; c < 4; ++c)
        t[a][b][c] = x[(a + b + c) % x.size()] * (a + 1) - b * c * 0.1;
  const double *lo = t[0][1];
  const double *hi = t[1][2];
  double s = dot(lo, hi, 4);
  const double *p = t[1][0];
  for (int c = 0; c < 4; ++c, ++p)
    s += *p * std::exp(0.1 * lo[c]);
  return s;
}

// A C-array field of an object the function builds.
struct Element {
  double corners[2][4];
  double weight;
};

double field_rows(const std::vector<double> &x) {
  Element e{};
  e.weight = x[0] + 1.0;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      e.corners[i][j] = x[j] * (i + 1.5);
  const double *first = e.corners[0];
  double *second = e.corners[1];
  for (int j = 0; j < 4; ++j)
    second[j] = second[j] * first[j] - e.weight;
  return e.corners[1][0] + e.corners[1][3] * e.corners[0][2];
}

// Float elements.
float float_rows(const std::vector<float> &x) {
  float m[2][3];
  for (int j = 0; j < 3; ++j) {
    m[0][j] = x[j] * x[j];
    m[1][j] = x[j] + 1.0f;
  }
  const float *a = m[0];
  float *b = m[1];
  b[1] = a[2] * b[0];
  return b[1] + a[0] * b[2];
}

// Views declared in every iteration of a checkpointed loop over a 2-D
// state.
double relaxed_views(const std::vector<double> &x, int n) {
  double g[2][4];
  for (int j = 0; j < 4; ++j) {
    g[0][j] = x[j];
    g[1][j] = x[(j + 1) % 4] * 0.5;
  }
  [[tangent::checkpoint]] for (int t = 0; t < n; ++t) {
    const double *from = g[t % 2];
    double *to = g[(t + 1) % 2];
    for (int j = 0; j < 4; ++j)
      to[j] = 0.5 * to[j] + 0.3 * std::sin(from[j]) + 0.01 * x[j];
  }
  return g[0][1] * g[1][2] + g[1][3];
}

double relaxed_taped(const std::vector<double> &x, int n) {
  double g[2][4];
  for (int j = 0; j < 4; ++j) {
    g[0][j] = x[j];
    g[1][j] = x[(j + 1) % 4] * 0.5;
  }
  for (int t = 0; t < n; ++t) {
    const double *from = g[t % 2];
    double *to = g[(t + 1) % 2];
    for (int j = 0; j < 4; ++j)
      to[j] = 0.5 * to[j] + 0.3 * std::sin(from[j]) + 0.01 * x[j];
  }
  return g[0][1] * g[1][2] + g[1][3];
}

int main() {
  using namespace tangent_test;
  const std::vector<double> x8{0.3, -0.5, 0.8, 1.1, 0.2, -0.7, 0.6, 0.9};
  const std::vector<double> x4{0.3, -0.5, 0.8, 1.1};
  check("shape_reads", tangent::grad<shape_reads>(), x8);
  check("written_rows", tangent::grad<written_rows>(), x4);
  for (int k : {0, 1, 2})
    check("kept_row/" + std::to_string(k), tangent::grad<kept_row>(), x4, k);
  check("cube_rows", tangent::grad<cube_rows>(), x4);
  check("field_rows", tangent::grad<field_rows>(), x4);
  check("float_rows", tangent::grad<float_rows>(),
        std::vector<float>{0.3f, -0.5f, 0.8f});
  for (int n : {0, 1, 20}) {
    check("relaxed_views/" + std::to_string(n), tangent::grad<relaxed_views>(),
          x4, n);
    check_same(
        "relaxed_views/checkpointed " + std::to_string(n),
        tangent::grad<relaxed_views,
                      tangent::options{.checkpoint = true, .min_length = 1}>()(
            x4, n),
        tangent::grad<relaxed_taped>()(x4, n));
  }
  return summary();
}
