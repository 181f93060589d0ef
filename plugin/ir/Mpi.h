//===- Mpi.h - the MPI calls tangent differentiates -------------*- C++ -*-===//
///
/// \file
/// One row per MPI function that a differentiated function may call: what
/// each argument is, and the functions of the runtime's adjoinable MPI
/// layer (runtime/include/tangent/mpi.hpp) that generated code calls
/// instead. The forward sweep calls `tangent::mpi::<runtime>(tape, args)`
/// with the call's arguments minus its datatypes (always MPI_DOUBLE); the
/// reverse sweep calls `tangent::mpi::<runtime>_reverse(tape, adjoints)`
/// with the adjoint of each buffer, in argument order. Functions without a
/// runtime name (MPI_Comm_rank, MPI_Comm_size) are called as they are and
/// have no reverse. The validator (frontend/ValidateMPI.cpp) refuses every
/// other MPI function, and arguments of other shapes.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_IR_MPI_H
#define TANGENT_IR_MPI_H

#include <string>
#include <vector>

namespace tangent {

enum class MpiArg {
  SendBuffer,  ///< read: `&x`, `&v[k]`, `v.data()`, `v.data() + k`
  RecvBuffer,  ///< written (the same shapes)
  InOutBuffer, ///< read on the root, written elsewhere (MPI_Bcast)
  Count,       ///< the element count of the buffers before it
  Datatype,    ///< must be MPI_DOUBLE (left out of the runtime call)
  Source,      ///< a rank (not MPI_ANY_SOURCE)
  Rank,        ///< dest or root
  Tag,         ///< sent with (not MPI_ANY_TAG on a receive)
  RecvTag,     ///< a receive's tag (not MPI_ANY_TAG)
  Op,          ///< MPI_SUM or MPI_MAX (MPI_SUM only for MPI_Reduce)
  Comm,        ///< a communicator
  Status,      ///< MPI_STATUS_IGNORE
  IntOut,      ///< `&n`, an int the call writes (rank, size)
  Request,     ///< `&r`, `&r[k]` (MPI_Request variables), or `r` (an array)
  Statuses,    ///< MPI_STATUSES_IGNORE
};

struct MpiFunction {
  const char *name;    ///< e.g. "MPI_Send"
  const char *runtime; ///< e.g. "send"; empty: called as it is
  std::vector<MpiArg> args;
  bool max_allowed = false; ///< MPI_MAX accepted as its Op
  /// A non-blocking receive: the adjoint of its buffer is registered with
  /// the MPI layer when the reverse sweep starts, because the reverse of
  /// its wait sends it before the call's own reverse is reached.
  bool registers_adjoint = false;
};

/// The row of MPI function `name`, or null if tangent does not support it.
const MpiFunction *findMpiFunction(const std::string &name);

/// The supported MPI functions, for messages: "MPI_Send, MPI_Recv, ...".
std::string supportedMpiFunctions();

} // namespace tangent

#endif
