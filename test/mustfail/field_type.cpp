// Must fail: a class with a field of a type tangent does not represent (a
// table of pointers to floating point; index tables, `int **`, are data
// read by index, test/e2e/index_tables.cpp; strings, maps and vectors of strings are carried as
// data, test/e2e/data_fields.cpp).
#include <tangent/grad.hpp>

struct Named {
  double v;
#ifndef TANGENT_FIXED
  double **table;
#endif
};

double f(const Named &n, double x) { // TANGENT-ERROR: the field 'table' of 'Named' has the type
  return n.v * x;
}

double use(const Named &n, double x) {
  return std::get<1>(tangent::grad<f>()(n, x));
}
