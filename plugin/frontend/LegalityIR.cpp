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
#include "ir/Naming.h"

namespace tangent {

namespace {

class GenerationChecker {
public:
  GenerationChecker(const Function &fn, Generation gen, const Options *options)
      : fn_(fn), gen_(gen), options_(options) {}

  Refusals run() {
    block(fn_.body);
    if (gen_ == Generation::Adjoint) {
      irecvBuffers();
      pointersWithoutAdjoint();
    }
    return std::move(found_);
  }

private:
  const Function &fn_;
  Generation gen_;
  const Options *options_;
  Refusals found_;

  /// codegen/Function.cpp: a pointer parameter that gets no adjoint from
  /// the caller (left out by wrt, or data) but needs one (the function
  /// writes values through it that the result depends on) would need
  /// adjoint storage of an extent nobody knows.
  void pointersWithoutAdjoint() {
    for (const Var *p : fn_.params) {
      if (!p->active || p->type.kind != TypeKind::Pointer)
        continue;
      const bool left_out =
          fn_.is_top && options_ && !selectsParam(*options_, p->sourceParam());
      if (!left_out && !p->data)
        continue;
      Loc at = fn_.loc;
      bool found = false;
      forEachStmt(fn_.body, [&](const Stmt &s, int) {
        forEachWrite(s, [&](Var *v, bool) {
          if (v == p && !found) {
            at = s.loc;
            found = true;
          }
        });
      });
      refuse(Refusal::Source::Generation, at,
             "'" + fn_.name + "' writes values into '" + p->source_name +
                 "' that its result depends on, so '" + p->source_name +
                 "' needs an adjoint, but it gets none (" +
                 (left_out ? "options.wrt leaves it out"
                           : "the caller gives it data") +
                 ") and its size is unknown: select it with "
                 "options{.wrt = ...} and pass its adjoint, or compute "
                 "into a local array");
    }
  }

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
      for (const Var *v : omp.shared_adjoints) {
        if (!v->active)
          continue;
        // A pointer's per-thread copies grow to the indices each thread
        // touches (omp_elements): read element by element, never given to
        // a call whole.
        bool whole = false;
        if (v->type.kind == TypeKind::Pointer)
          forEachStmt(li.body, [&](const Stmt &st, int) {
            if (st.kind == StmtKind::Call)
              for (const ExprPtr &a : st.args)
                whole |= (a->address || a->kind == ExprKind::VarRef) &&
                         rootVar(*a) == v;
          });
        if (v->type.kind == TypeKind::CArray || whole)
          refuse(Refusal::Source::ParallelLoop, s.loc,
                 "the adjoint of '" + v->name +
                     "', which several iterations of this parallel loop "
                     "update, is a C array or a pointer given whole to a "
                     "call: use a std::vector or std::array");
      }
    } else if (gen_ == Generation::Adjoint && li.fixed_point &&
               li.strategy != LoopStrategy::FixedPoint) {
      // Checkpointing.cpp says why it is not one.
      refuse(Refusal::Source::FixedPoint, s.loc, li.reason);
    }
    block(li.init);
    block(li.body);
    block(li.step);
  }

  /// codegen/Calls.cpp: a custom rule is called with the values from
  /// before the call, so whatever the call writes is saved; through a
  /// pointer of unknown extent (not the address of a variable of its own),
  /// nobody knows what to save.
  void customOutputs(const Stmt &s) {
    for (size_t i = 0; i < s.args.size(); ++i) {
      const Expr &a = *s.args[i];
      const Var *v = rootVar(a);
      if (v && v->type.span) {
        refuse(Refusal::Source::Generation, s.loc,
               "a custom derivative of '" + s.custom + "' cannot be given '" +
                   v->source_name +
                   "', a std::span; copy it into a std::vector and pass "
                   "that vector's data()");
        return;
      }
      // A pushforward is called before the call: nothing to restore.
      const bool through_pointer =
          a.address || (a.kind == ExprKind::VarRef && v &&
                        v->type.kind == TypeKind::Pointer);
      if (gen_ != Generation::Adjoint || !s.arg_is_output[i] ||
          !through_pointer || !v || v->type.kind != TypeKind::Pointer)
        continue;
      std::string n = v->source_name.empty() ? v->name : v->source_name;
      refuse(Refusal::Source::Generation, s.loc,
             "'" + s.custom + "' writes through '" + n +
                 "', a pointer of unknown extent, and its custom derivative "
                 "is called with the values from before the call, which "
                 "tangent cannot restore; pass the data() of a copy in a "
                 "std::vector or a local array (std::vector<double> copy(" +
                 n + ", " + n + " + size)) and copy it back");
      return;
    }
  }

  /// codegen/Calls.cpp: the callee's reverse takes an adjoint for each
  /// differentiated parameter; for a pointer argument without one there is
  /// none to pass (its extent is unknown).
  void call(const Stmt &s) {
    const bool custom = !s.custom.empty();
    if (custom)
      customOutputs(s);
    bool active = s.result && s.result->active;
    for (size_t i = 0; i < s.args.size(); ++i)
      if (s.arg_is_output[i])
        active |= rootVar(*s.args[i])->active;
    if (!active)
      return;
    if (custom && gen_ == Generation::Adjoint && s.custom_pullback.empty()) {
      refuse(Refusal::Source::Generation, s.loc,
             "'" + s.custom +
                 "' has a custom pushforward, which forward mode uses, but "
                 "no pullback, which reverse mode needs: define " +
                 naming::pullbackBeside(s.custom_pushforward));
      return;
    }
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

Refusals generationRefusals(const Function &fn, Generation gen,
                            const Options *options) {
  return GenerationChecker(fn, gen, options).run();
}

} // namespace tangent
