// Data other than MPI_DOUBLE: refused at the datatype.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  double y = 0;
  MPI_Allreduce(&x, &y, 1, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD); // TANGENT-ERROR: only MPI_DOUBLE data is differentiated
  return y;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
