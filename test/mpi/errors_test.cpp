//===- test/mpi/errors_test.cpp - what tangent::mpi refuses, and how ------===//
//
// Every refusal throws the documented exception type with a message naming
// the problem, before anything irreversible happens: after each one the
// program goes on with the right call and the reverse sweep still gives the
// right adjoint. Messages to oneself keep most cases local to a rank. Run
// with 2 ranks.
//===----------------------------------------------------------------------===//
#include "mpi_test.hpp"

#include <tangent/mpi.hpp>
#include <tangent/tape.hpp>

#include <mpi.h>

#include <stdexcept>
#include <vector>

namespace {

namespace tmpi = tangent::mpi;
using mpi_test::expect;
using mpi_test::expect_throw;

const MPI_Comm world = MPI_COMM_WORLD;
int rank() { return mpi_test::now().rank; }

void refused_arguments() {
  mpi_test::run("refused arguments", [] {
    tangent::tape tp;
    double s[2] = {1, 2}, r[2];
    expect_throw<std::invalid_argument>(
        [&] { tmpi::allreduce(tp, s, r, 2, MPI_PROD, world); }, "MPI_MAX",
        "allreduce with MPI_PROD");
    expect_throw<std::invalid_argument>(
        [&] {
          tmpi::allreduce(tp, static_cast<const double *>(MPI_IN_PLACE), r, 2,
                          MPI_SUM, world);
        },
        "allreduce_in_place", "allreduce with MPI_IN_PLACE");
    expect_throw<std::invalid_argument>(
        [&] { tmpi::allreduce(tp, s, s, 2, MPI_SUM, world); }, "overlap",
        "allreduce with s == r");
    expect_throw<std::invalid_argument>(
        [&] { tmpi::reduce(tp, s, r, 2, MPI_MAX, 0, world); }, "MPI_SUM",
        "reduce with MPI_MAX");
    expect_throw<std::invalid_argument>(
        [&] { tmpi::send(tp, nullptr, 3, 0, 0, world); }, "buf",
        "send of a null buffer");
    expect_throw<std::invalid_argument>(
        [&] { tmpi::recv(tp, r, -1, 0, 0, world); }, "negative",
        "recv with a negative count");
    expect_throw<std::invalid_argument>(
        [&] { tmpi::isend(tp, s, 1, 0, 0, world, nullptr); }, "request",
        "isend without a request");
    expect(tp.empty() && tmpi::pending().requests == 0, "nothing was recorded");

    tmpi::adjoints reg;
    std::vector<double> u(4), du(4), dv(3);
    reg.add(u, du);
    expect_throw<std::invalid_argument>(
        [&] { reg.add(u.data() + 2, dv.data(), 2); }, "overlaps",
        "overlapping registration");
    expect_throw<std::invalid_argument>(
        [&] { reg.add(std::span<const double>(u), std::span<double>(dv)); },
        "elements", "registration of different sizes");
    expect(reg.size() == 1 &&
               tmpi::adjoints::lookup(u.data() + 1, 3) == du.data() + 1,
           "a range inside a registered one maps to the same offset");
    expect(tmpi::adjoints::lookup(u.data() + 1, 4) == nullptr,
           "a range reaching past a registered one does not map");
  });
}

void mpi_failures() {
  mpi_test::run("MPI errors become std::runtime_error", [] {
    tangent::tape tp;
    MPI_Comm comm;
    MPI_Comm_dup(world, &comm);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    double x[1] = {1};
    expect_throw<std::runtime_error>(
        [&] { tmpi::send(tp, x, 1, 1000, 0, comm); }, "MPI_Send",
        "send to a rank that does not exist");
    expect_throw<std::runtime_error>([&] { tmpi::bcast(tp, x, 1, 1000, comm); },
                                     "MPI_Bcast",
                                     "bcast from a root that does not exist");
    expect(tp.empty(), "a failed call records nothing");
    MPI_Comm_free(&comm);
  });
}

void calls_out_of_order() {
  mpi_test::run("reverse calls out of order", [] {
    tangent::tape tp;
    double v[2] = {1, 2}, w[2];
    tmpi::bcast(tp, v, 2, 0, world);
    tmpi::allreduce(tp, v, w, 2, MPI_SUM, world);
    double dv[2] = {0, 0}, dw[2] = {1, 1};
    expect_throw<std::logic_error>([&] { tmpi::bcast_reverse(tp, dv); },
                                   "allreduce", "bcast_reverse first");
    expect_throw<std::logic_error>([&] { tmpi::send_reverse(tp, dv); },
                                   "reverse order", "send_reverse, no send");
    expect_throw<std::invalid_argument>(
        [&] { tmpi::allreduce_reverse(tp, std::span<double>(dv, 1), dw); },
        "d_s", "an adjoint of the wrong size");
    // The tape is as it was: the right calls still work.
    tmpi::allreduce_reverse(tp, dv, dw);
    tmpi::bcast_reverse(tp, dv);
    const double p = mpi_test::now().size;
    expect(dv[0] == (rank() == 0 ? p * p : 0), "then the right adjoint");
    tp.push(1.5);
    expect_throw<std::logic_error>([&] { tmpi::recv_reverse(tp, dv); },
                                   "no tangent::mpi record",
                                   "a user record on top");
    expect(tp.pop<double>() == 1.5, "the user record is still there");
    expect_throw<std::logic_error>([&] { tmpi::wait_reverse(tp); }, "empty",
                                   "an empty tape");
    mpi_test::expect_clean(tp);
  });
}

/// isend/irecv to oneself: out-of-order completion, foreign requests, a
/// missing registration and a wrong adjoint buffer, each refused and then
/// done right.
void request_misuse() {
  mpi_test::run("requests misused", [] {
    tangent::tape tp;
    const int me = rank();
    std::vector<double> a = {1, 2}, b(2);
    MPI_Request req[4];
    tmpi::irecv(tp, &b[0], 1, me, 5, world, &req[0]);
    tmpi::irecv(tp, &b[1], 1, me, 5, world, &req[1]);
    tmpi::isend(tp, &a[0], 1, me, 5, world, &req[2]);
    tmpi::isend(tp, &a[1], 1, me, 5, world, &req[3]);
    expect_throw<std::logic_error>([&] { tmpi::wait(tp, &req[3]); }, "order",
                                   "the second send completed first");
    expect_throw<std::logic_error>(
        [&] { tmpi::waitall(tp, 2, &req[1]); }, "order",
        "the second receive and first send completed first");
    expect(tmpi::pending().requests == 4, "nothing was completed");

    double c = 3, e = 0;
    MPI_Request foreign[2];
    MPI_Irecv(&e, 1, MPI_DOUBLE, me, 6, world, &foreign[0]);
    MPI_Isend(&c, 1, MPI_DOUBLE, me, 6, world, &foreign[1]);
    expect_throw<std::invalid_argument>([&] { tmpi::wait(tp, &foreign[0]); },
                                        "not started by tangent",
                                        "a request of plain MPI");
    MPI_Waitall(2, foreign, MPI_STATUSES_IGNORE);

    tmpi::waitall(tp, 4, req);
    expect(b[0] == 1 && b[1] == 2, "the messages arrived in order");

    std::vector<double> da = {10, 20}, db = {1, 2};
    expect_throw<std::logic_error>([&] { tmpi::waitall_reverse(tp); },
                                   "tangent::mpi::adjoints",
                                   "no registration for the receive buffer");
    tmpi::adjoints reg;
    reg.add(b, db);
    reg.add(a, da);
    tmpi::waitall_reverse(tp); // the tape was left as it was
    expect(db[0] == 0 && db[1] == 0, "the receive adjoints were zeroed");
    expect_throw<std::logic_error>([&] { tmpi::irecv_reverse(tp, &db[1]); },
                                   "should be one of irecv",
                                   "irecv_reverse before isend_reverse");
    expect_throw<std::logic_error>([&] { tmpi::isend_reverse(tp, &da[0]); },
                                   "not the adjoint registered",
                                   "isend_reverse with the wrong adjoint");
    tmpi::isend_reverse(tp, &da[1]);
    tmpi::isend_reverse(tp, &da[0]);
    expect_throw<std::logic_error>([&] { tmpi::irecv_reverse(tp, &db[0]); },
                                   "not the adjoint registered",
                                   "irecv_reverse with the wrong adjoint");
    tmpi::irecv_reverse(tp, &db[1]);
    tmpi::irecv_reverse(tp, &db[0]);
    expect(da[0] == 11 && da[1] == 22, "the adjoints went to their sends");
    expect_throw<std::logic_error>([&] { tmpi::isend_reverse(tp, &da[0]); },
                                   "empty", "one reverse too many");
    mpi_test::expect_clean(tp);
  });
}

} // namespace

int main(int argc, char **argv) {
  mpi_test::start(&argc, &argv);
  refused_arguments();
  mpi_failures();
  calls_out_of_order();
  request_misuse();
  return mpi_test::finish("mpi.errors");
}
