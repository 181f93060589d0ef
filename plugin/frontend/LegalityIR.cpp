//===- LegalityIR.cpp - what the generator cannot emit, found first -------===//
//
// The analyzed IR's part of the legality layer (Legality.h): each rule
// below is a case the generator (codegen/) cannot emit, checked here before
// any code is generated, so the generator only asserts. Clang-free.
//
//===----------------------------------------------------------------------===//
#include "codegen/Generate.h"
#include "frontend/Legality.h"
#include "ir/IRWalk.h"
#include "ir/Mpi.h"

namespace tangent {

namespace {

class GenerationChecker {
public:
  GenerationChecker(const Function &fn, Generation gen) : fn_(fn), gen_(gen) {}

  Refusals run() {
    block(fn_.body);
    if (gen_ == Generation::Adjoint)
      irecvBuffers();
    return std::move(found_);
  }

private:
  const Function &fn_;
  Generation gen_;
  Refusals found_;

  void refuse(Refusal::Source source, const Loc &at, std::string why) {
    addRefusal(found_, {source, at, std::move(why), &fn_});
  }

  void block(const Block &b) {
    for (const StmtPtr &s : b)
      stmt(*s);
  }

  void stmt(const Stmt &s) {
    switch (s.kind) {
    case StmtKind::Call:
      if (gen_ == Generation::Adjoint && !s.mpi)
        call(s);
      return;
    case StmtKind::If:
      block(s.then_block);
      block(s.else_block);
      return;
    case StmtKind::Loop:
      loop(s);
      return;
    case StmtKind::Block:
      block(s.block);
      return;
    case StmtKind::Assign:
    case StmtKind::Construct:
    case StmtKind::Swap:
    case StmtKind::Resize:
      return;
    }
  }

  /// codegen/LoopOpenMP.cpp and Loops.cpp.
  void loop(const Stmt &s) {
    const LoopInfo &li = *s.loop;
    if (li.omp) {
      const OmpLoop &omp = *li.omp;
      if (li.fixed_point) {
        refuse(Refusal::Source::ParallelLoop, s.loc,
               "[[tangent::fixed_point]] on a parallel loop is not supported");
        return; // its body is never generated
      }
      if (!omp.refusal.empty()) {
        refuse(Refusal::Source::ParallelLoop, s.loc, omp.refusal);
        return;
      }
      for (const Var *v : omp.shared_adjoints)
        if (v->active && (v->type.kind == TypeKind::CArray ||
                          v->type.kind == TypeKind::Pointer))
          refuse(Refusal::Source::ParallelLoop, s.loc,
                 "the adjoint of '" + v->name +
                     "', which several iterations of this parallel loop "
                     "update, is a C array or pointer: use a std::vector or "
                     "std::array");
    } else if (gen_ == Generation::Adjoint && li.fixed_point &&
               li.strategy != LoopStrategy::FixedPoint) {
      // Checkpointing.cpp says why it is not one.
      refuse(Refusal::Source::FixedPoint, s.loc, li.reason);
    }
    block(li.init);
    block(li.body);
    block(li.step);
  }

  /// codegen/Calls.cpp: the callee's reverse takes an adjoint for each
  /// differentiated parameter; for a pointer argument without one there is
  /// none to pass (its extent is unknown).
  void call(const Stmt &s) {
    const bool custom = !s.custom.empty();
    bool active = s.result && s.result->active;
    for (size_t i = 0; i < s.args.size(); ++i)
      if (s.arg_is_output[i])
        active |= rootVar(*s.args[i])->active;
    if (!active)
      return;
    for (size_t i = 0; i < s.args.size(); ++i) {
      const Expr &a = *s.args[i];
      const bool differentiated =
          custom ? a.type.isDifferentiable()
                 : !adjointParamType(*s.callee->params[i]).empty();
      const Var *base = rootVar(a);
      if (differentiated && a.type.kind == TypeKind::Pointer &&
          !isNullPointer(a) && !(base && base->active))
        refuse(Refusal::Source::Generation, s.loc,
               "passing a pointer that carries no derivative to '" +
                   (custom ? s.custom : s.callee->name) + "' is not supported");
      // An address into an array that carries no derivative: the callee's
      // reverse needs an adjoint array, whose extent is unknown here unless
      // the array is a parameter's container (dataAddress: it gets zeros
      // of its shape; a variable's own address is given a zero of its own).
      if (differentiated && a.address && a.kind == ExprKind::Index &&
          !(base && base->active) && !dataAddress(a))
        refuse(Refusal::Source::Generation, s.loc,
               "passing an address into '" + base->name +
                   "', which carries no derivative, to '" +
                   (custom ? s.custom : s.callee->name) + "' is not supported");
    }
  }

  /// codegen/Communication.cpp (adjointRegistry): a callee's reverse
  /// function holds a copy of a local buffer at another address.
  void irecvBuffers() {
    forEachStmt(fn_.body, [&](const Stmt &s, int) {
      if (s.kind != StmtKind::Call || !s.mpi || !s.mpi->registers_adjoint)
        return;
      const Var *v = rootVar(*s.args[0]);
      if (v->active && !fn_.is_top && v->role != VarRole::Param)
        refuse(Refusal::Source::Generation, s.loc,
               "the buffer of an MPI_Irecv in a called function must be one "
               "of its parameters (or move the call into the differentiated "
               "function)");
    });
  }
};

} // namespace

Refusals generationRefusals(const Function &fn, Generation gen) {
  return GenerationChecker(fn, gen).run();
}

} // namespace tangent
