//===- tangent/mpi.hpp - adjoinable MPI for double data ---------*- C++ -*-===//
///
/// \file
/// `tangent::mpi`: MPI calls whose reverse is a communication of adjoints.
/// Not part of tangent.hpp; include it explicitly (it includes <mpi.h>) and
/// link with MPI.
///
/// Each forward function makes its MPI call and records on the given tape
/// what its reverse needs (counts, peers, tags, the communicator handle,
/// request bookkeeping, and for MPI_MAX which rank holds each maximum).
/// Each reverse function pops that record: call them in exactly the
/// reverse order of the forward calls, on the same tape, with adjoint
/// buffers of the same shapes. Reverses accumulate into adjoints (`+=`),
/// except for buffers the forward call overwrote (receive buffers, a
/// bcast's buffer off the root, an in-place allreduce's buffer), whose
/// adjoints are sent or reduced and then zeroed or replaced.
///
/// \code
///   #include <tangent/mpi.hpp>
///   namespace tmpi = tangent::mpi;
///   tangent::tape &tp = tangent::thread_tape();
///   // forward sweep
///   MPI_Request req[4];
///   tmpi::irecv(tp, &u[0], 1, left, 0, comm, &req[0]);
///   tmpi::irecv(tp, &u[n + 1], 1, right, 1, comm, &req[1]);
///   tmpi::isend(tp, &u[1], 1, left, 1, comm, &req[2]);
///   tmpi::isend(tp, &u[n], 1, right, 0, comm, &req[3]);
///   tmpi::waitall(tp, 4, req);
///   ...
///   // reverse sweep
///   tmpi::adjoints reg;             // where the adjoint of u lives
///   reg.add(u, d_u);
///   ...
///   tmpi::waitall_reverse(tp);      // starts all adjoint messages
///   tmpi::isend_reverse(tp, &d_u[n]);
///   tmpi::isend_reverse(tp, &d_u[1]);
///   tmpi::irecv_reverse(tp, &d_u[n + 1]);
///   tmpi::irecv_reverse(tp, &d_u[0]);
/// \endcode
///
/// Calls (docs/mpi.md has the rules of each reversal):
/// - blocking point to point (mpi/blocking.hpp): send, recv, sendrecv;
/// - nonblocking (mpi/nonblocking.hpp): isend, irecv, wait, waitall, with
///   the registry of adjoint buffers (mpi/adjoints.hpp);
/// - collectives (mpi/collectives.hpp): allreduce (MPI_SUM, MPI_MAX),
///   allreduce_in_place, reduce (MPI_SUM), bcast.
///
/// Every call takes a pointer and a count, or a std::span (a std::vector
/// converts to one). Data is double only. Errors: MPI return codes other
/// than MPI_SUCCESS throw std::runtime_error naming the call; bad arguments
/// throw std::invalid_argument; calls out of order and requests completed
/// out of order on one channel throw std::logic_error. A reverse call that
/// throws before communicating leaves the tape as it was.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_MPI_HPP
#define TANGENT_MPI_HPP

#include "tangent/mpi/adjoints.hpp"
#include "tangent/mpi/blocking.hpp"
#include "tangent/mpi/collectives.hpp"
#include "tangent/mpi/core.hpp"
#include "tangent/mpi/nonblocking.hpp"

#endif // TANGENT_MPI_HPP
