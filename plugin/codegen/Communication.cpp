//===- Communication.cpp - MPI calls, and their reverse -------------------===//
//
// An MPI call (ir/Mpi.h) goes through the runtime's adjoinable MPI layer
// (runtime/include/tangent/mpi.hpp): the forward sweep calls
// `tangent::mpi::<f>(tape, ...)`, which communicates and records what the
// reverse needs; the reverse sweep calls `tangent::mpi::<f>_reverse(tape,
// adjoints...)`, which communicates the adjoints the other way (a send's
// reverse receives its buffer's adjoint and adds it, a receive's reverse
// sends its buffer's adjoint and zeroes it, ...). A buffer the call writes
// is recorded first when the reverse sweep reads its old values, and
// restored after the call's reverse. Untaped sweeps (checkpoint replays'
// forward runs) call MPI itself, so every rank communicates the same way in
// every sweep.
//
//===----------------------------------------------------------------------===//
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/IRWalk.h"
#include "ir/Mpi.h"
#include "ir/Support.h"
#include <algorithm>

namespace tangent {

namespace {

bool isBuffer(MpiArg a) {
  return a == MpiArg::SendBuffer || a == MpiArg::RecvBuffer ||
         a == MpiArg::InOutBuffer;
}

/// The address of a buffer argument, `base` standing for its variable:
/// `&x`, `v.data()` or `v.data() + k`.
std::string address(const Expr &buffer, const std::string &base) {
  if (buffer.kind == ExprKind::VarRef)
    return "&" + base;
  long long k = -1;
  if (constInt(*buffer.ops[1], k) && k == 0)
    return base + ".data()";
  return base + ".data() + " + parenthesize(printExpr(*buffer.ops[1]));
}

} // namespace

SweepGenerator::Sweeps SweepGenerator::communication(const Stmt &s) {
  const MpiFunction &f = *s.mpi;
  Sweeps out;
  const std::string where = s.loc.str() + ": " + f.name;
  // The count of the buffer at argument i: the first count after it.
  auto countOf = [&](size_t i) {
    for (size_t k = i + 1; k < f.args.size(); ++k)
      if (f.args[k] == MpiArg::Count)
        return printExpr(*s.args[k]);
    return std::string("1");
  };
  auto argument = [&](size_t i) {
    const Expr &a = *s.args[i];
    if (isBuffer(f.args[i]))
      return address(a, rootVar(a)->name);
    if (f.args[i] == MpiArg::IntOut)
      return "&" + a.var->name;
    if (f.args[i] == MpiArg::Request) // &r, &r[k], or an array r
      return a.kind == ExprKind::VarRef && a.var->type.kind == TypeKind::CArray
                 ? a.var->name
                 : "&" + printExpr(a);
    return printExpr(a);
  };
  if (!*f.runtime || !record_) {
    // Called as it is: a query (rank, size), or an untaped sweep.
    std::string args;
    for (size_t i = 0; i < s.args.size(); ++i)
      args += (i ? ", " : "") + argument(i);
    out.fwd.statement(std::string(f.name) + "(" + args + ");");
    return out;
  }
  std::string args, adjoints;
  Code saves, dummies;
  std::vector<std::string> restores; // in the order of the saves
  for (size_t i = 0; i < s.args.size(); ++i) {
    if (f.args[i] == MpiArg::Datatype)
      continue; // always MPI_DOUBLE
    args += (args.empty() ? "" : ", ") + argument(i);
    if (!isBuffer(f.args[i]))
      continue;
    const Expr &a = *s.args[i];
    const Var *v = rootVar(a);
    std::string adj;
    if (v->active) {
      adj = address(a, v->adjoint);
    } else {
      // Not differentiated here (outside wrt): the other rank still sends
      // or waits for an adjoint, so communicate zeros.
      const std::string dz = fresh(naming::zeroAdjoint());
      dummies.statement("std::vector<double> " + dz + "(" + countOf(i) + ");");
      adj = dz + ".data()";
    }
    adjoints += (adjoints.empty() ? "" : ", ") + adj;
    if (f.args[i] != MpiArg::SendBuffer && v->read_in_reverse) {
      saves.record(rt::pushArray(argument(i), countOf(i)));
      restores.push_back(rt::popArray(argument(i), countOf(i)));
    }
  }
  out.fwd.comment(where);
  out.fwd.append(saves);
  out.fwd.recordVia(rt::mpiForward(f.runtime, args));
  out.rev.comment(where + ", reversed");
  out.rev.append(dummies);
  out.rev.statement(rt::mpiReverse(f.runtime, adjoints));
  for (auto l = restores.rbegin(); l != restores.rend(); ++l)
    out.rev.restore(*l);
  return out;
}

Code SweepGenerator::adjointRegistry() {
  Code out;
  std::vector<const Var *> buffers;
  forEachStmt(fn_.body, [&](const Stmt &s, int) {
    if (s.kind != StmtKind::Call || !s.mpi || !s.mpi->registers_adjoint)
      return;
    const Var *v = rootVar(*s.args[0]);
    if (!v->active ||
        std::find(buffers.begin(), buffers.end(), v) != buffers.end())
      return;
    // A callee's reverse function would hold a copy of its own at another
    // address (refused by the legality layer, frontend/LegalityIR.cpp).
    TANGENT_ASSERT(fn_.is_top || v->role == VarRole::Param,
                   "an MPI_Irecv buffer local to a callee reached generation");
    buffers.push_back(v);
  });
  if (buffers.empty())
    return out;
  const std::string registry = fresh(naming::mpiRegistry());
  out.comment("MPI_Irecv buffers and their adjoints (tangent/mpi.hpp)");
  out.statement(rt::mpiAdjoints(registry));
  for (const Var *v : buffers)
    out.statement(
        v->type.isReal()
            ? rt::mpiRegister(registry, "&" + v->name, "&" + v->adjoint, "1")
            : rt::mpiRegister(registry, v->name + ".data()",
                              v->adjoint + ".data()", v->name + ".size()"));
  return out;
}

} // namespace tangent
