//===- Mpi.cpp - the table of MPI calls (Mpi.h) ---------------------------===//
#include "ir/Mpi.h"

namespace tangent {

namespace {

using A = MpiArg;

const std::vector<MpiFunction> &table() {
  static const std::vector<MpiFunction> rows = {
      {"MPI_Send",
       "send",
       {A::SendBuffer, A::Count, A::Datatype, A::Rank, A::Tag, A::Comm}},
      {"MPI_Recv",
       "recv",
       {A::RecvBuffer, A::Count, A::Datatype, A::Source, A::RecvTag, A::Comm,
        A::Status}},
      {"MPI_Sendrecv",
       "sendrecv",
       {A::SendBuffer, A::Count, A::Datatype, A::Rank, A::Tag, A::RecvBuffer,
        A::Count, A::Datatype, A::Source, A::RecvTag, A::Comm, A::Status}},
      {"MPI_Allreduce",
       "allreduce",
       {A::SendBuffer, A::RecvBuffer, A::Count, A::Datatype, A::Op, A::Comm},
       true},
      {"MPI_Reduce",
       "reduce",
       {A::SendBuffer, A::RecvBuffer, A::Count, A::Datatype, A::Op, A::Rank,
        A::Comm}},
      {"MPI_Bcast",
       "bcast",
       {A::InOutBuffer, A::Count, A::Datatype, A::Rank, A::Comm}},
      {"MPI_Isend",
       "isend",
       {A::SendBuffer, A::Count, A::Datatype, A::Rank, A::Tag, A::Comm,
        A::Request}},
      {"MPI_Irecv",
       "irecv",
       {A::RecvBuffer, A::Count, A::Datatype, A::Source, A::RecvTag, A::Comm,
        A::Request},
       false,
       true},
      {"MPI_Wait", "wait", {A::Request, A::Status}},
      {"MPI_Waitall", "waitall", {A::Count, A::Request, A::Statuses}},
      {"MPI_Comm_rank", "", {A::Comm, A::IntOut}},
      {"MPI_Comm_size", "", {A::Comm, A::IntOut}},
  };
  return rows;
}

} // namespace

const MpiFunction *findMpiFunction(const std::string &name) {
  for (const MpiFunction &f : table())
    if (name == f.name)
      return &f;
  return nullptr;
}

std::string supportedMpiFunctions() {
  std::string out;
  for (const MpiFunction &f : table())
    out += (out.empty() ? "" : ", ") + std::string(f.name);
  return out;
}

} // namespace tangent
