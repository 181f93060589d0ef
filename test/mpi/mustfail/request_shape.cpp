// A request that is not a variable of the function.
#include <tangent/mpi.hpp>
#include <tangent/tangent.hpp>
double f(double x) {
  MPI_Wait(nullptr, MPI_STATUS_IGNORE); // TANGENT-ERROR: pass a request variable of this function
  return x * x;
}
int main() { return tangent::grad<f>()(1.0) > 0 ? 0 : 1; }
