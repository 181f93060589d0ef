// A class that breaks the rule of three (a destructor that frees, the
// implicit copy constructor) given to a gradient: df(args...) would make
// the object's gradient by copying it, and both copies would be freed.
// Refused at compile time with one error; pullback with a gradient object
// of the caller's compiles (OBJECT_COPY_PULLBACK).
#include <tangent/tangent.hpp>
#include <cmath>
#include <vector>

class Table {
public:
  explicit Table(int n) : x(n), m_rows(new int[n]) {
    for (int i = 0; i < n; ++i)
      m_rows[i] = (i + 1) % n;
  }
  ~Table() { delete[] m_rows; }
  std::vector<double> x;
  int row(int i) const { return m_rows[i]; }

private:
  int *m_rows;
};

double energy(Table &t) {
  double s = 0.0;
  for (int i = 0; i < int(t.x.size()); ++i)
    s += t.x[i] * std::sin(t.x[t.row(i)]);
  return s;
}

int main() {
  Table t(4), g(4);
  for (int i = 0; i < 4; ++i)
    t.x[i] = 0.1 * i, g.x[i] = 0.0;
#ifdef OBJECT_COPY_PULLBACK
  tangent::grad<energy>().pullback(t, g);
  return g.x[0] != 0.0 ? 0 : 1;
#else
  const Table d = tangent::grad<energy>()(t);
  return d.x[0] != 0.0 ? 0 : 1;
#endif
}
