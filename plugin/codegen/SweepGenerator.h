//===- SweepGenerator.h - forward and reverse sweeps ----------*- C++ -*-===//
///
/// \file
/// The statement-level generator behind generateAdjoint() (Generate.h). Each
/// IR statement gives forward-sweep code (the primal computation plus the
/// tape records its reverse needs) and reverse-sweep code (restores, then
/// adjoint propagation); blocks are reversed statement by statement. Its
/// members are defined one file per construct (see Generate.h).
//===----------------------------------------------------------------------===//
#ifndef TANGENT_CODEGEN_SWEEPGENERATOR_H
#define TANGENT_CODEGEN_SWEEPGENERATOR_H

#include "codegen/Emit.h"
#include "codegen/Generate.h"
#include "ir/IR.h"
#include "ir/IRWalk.h"
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tangent {

/// Generates the forward-sweep and reverse-sweep code of statements.
class SweepGenerator {
public:
  /// `lanes`: the vector reverse mode, whose adjoints are lanes
  /// (adjointType(), Generate.h).
  explicit SweepGenerator(Function &fn, bool lanes = false)
      : fn_(fn), lanes_(lanes) {}

  /// Forward-sweep code and reverse-sweep code of one piece of IR.
  struct Sweeps {
    Code fwd, rev;
  };

  Sweeps block(const Block &b);
  Sweeps stmt(const Stmt &s);
  /// The forward code of `b` without any tape record: the same statements,
  /// temporaries and expression shapes as the taped forward (so results are
  /// bitwise identical), for the untaped sweeps of checkpointed loops.
  Code untaped(const Block &b);

  Function &function() { return fn_; }
  /// At the start of a reverse sweep: the adjoint of every MPI_Irecv
  /// buffer registered with the MPI layer, whose wait_reverse sends it
  /// before irecv_reverse is reached (Communication.cpp).
  Code adjointRegistry();
  std::string fresh(const std::string &stem) { return fn_.names.fresh(stem); }

private:
  Function &fn_;
  const bool lanes_;
  /// Names of recorded values in the forward statement being generated.
  Substitutions forward_subst_;
  /// False while generating untaped forward code (see untaped()).
  bool record_ = true;
  /// Element writes whose old values the enclosing loop records in bulk.
  std::set<const Stmt *> bulk_saved_;
  /// Scalars an enclosing loop records once (analysis/HoistedRecords.cpp).
  std::set<const Var *> hoisted_;
  /// The records loop `s` takes once: pushed before it (fwd), restored
  /// after its reverse (rev); `hoisted_` holds them while its body is
  /// generated (`release` says which to take out again).
  void hoistRecords(const Stmt &s, Code &fwd, Code &rev,
                    std::vector<Var *> &release);
  /// An update `adjoint += value` of the adjoint of an active l-value,
  /// which propagate() collects instead of emitting (reverseInPasses).
  struct Contribution {
    const Expr *target = nullptr; ///< the l-value (VarRef or Index) in the IR
    std::shared_ptr<const Expr> adjoint; ///< its adjoint (`d_u[i + 1]`)
    std::shared_ptr<const Expr> value;   ///< the contribution
    /// The variable whose adjoint it updates.
    const Var *var() const { return rootVar(*target); }
    /// The index when it updates element `[index]` of var()'s adjoint (not
    /// a row's element), else null.
    const Expr *element() const {
      return target->kind == ExprKind::Index &&
                     target->ops[0]->kind == ExprKind::VarRef
                 ? target->ops[1].get()
                 : nullptr;
    }
    /// `adjoint += value;`
    CppStmt update() const { return cpp::update(adjoint, value); }
  };
  /// While set, propagate() collects contributions instead of emitting
  /// them, and never binds shared adjoints to locals.
  std::vector<Contribution> *contributions_ = nullptr;
  /// Adjoint elements that a counted loop's reverse updates at an index
  /// the loop does not change (`d_x[i]` in a loop over j), summed in a
  /// local instead (LoopAccumulate.cpp): the element's adjoint, the local's
  /// name and type, and whether an update went to it.
  struct Accumulator {
    std::shared_ptr<const Expr> element;
    std::string local, type;
    bool used = false;
  };
  std::vector<Accumulator> accumulators_;
  /// The accumulator of adjoint element `target`, or null.
  Accumulator *accumulatorOf(const Expr &target);
  /// The branches of the loop being generated whose reverse needs only the
  /// last iteration that took them (Stmt::last_taken): the locals holding
  /// it in the forward and the reverse sweep, the loop's index (as a long
  /// long), and whether
  /// the branch was generated that way.
  struct LastTaken {
    std::string local, popped, index;
    bool used = false;
  };
  std::map<const Stmt *, LastTaken> last_taken_;
  /// The accumulators of counted loop `li`'s reverse: element adjoints
  /// (`d_x[i]`), named where first used (LoopAccumulate.cpp).
  std::vector<Accumulator> loopAccumulators(const LoopInfo &li);
  /// The scalar records of a counted loop's body, which go to blocks of
  /// the tape, one per type, instead of one push each (LoopFullTape.cpp).
  /// The body has no control flow, so each iteration makes the same
  /// records: record number `slot` of its type in iteration k is element
  /// `k * per + slot` of that type's block, `per` a constant declared with
  /// the block once the body has been generated (blockPushes, blockPops).
  struct RecordBlock {
    std::string iteration; ///< the iteration's number, from 0
    struct Part {
      std::string type;               ///< the records' type
      std::string fwd_name, rev_name; ///< the block, in each sweep
      std::string fwd_per, rev_per;   ///< `per`, in each sweep
      int per = 0;                    ///< records per iteration
    };
    std::vector<Part> parts; ///< in the order of their first records
  };
  RecordBlock *record_block_ = nullptr;
  /// Before a blocked loop: its blocks pushed (forward), or popped in the
  /// opposite order (reverse), for the iterations from `begin` to `end`.
  static Code blockPushes(const RecordBlock &blk, const std::string &begin,
                          const std::string &end);
  static Code blockPops(const RecordBlock &blk, const std::string &begin,
                        const std::string &end);
  /// Records `value` (a scalar of C++ type `type`) in `fwd`; returns the
  /// expression with which the reverse sweep reads it back.
  std::string recordScalar(Code &fwd, const std::string &value,
                           const std::string &type);
  /// A counted loop's body, its records in blocks (`blk`) when the body
  /// has no control flow; false when it has none in blocks.
  bool blockBody(const LoopInfo &li, Sweeps &body, RecordBlock &blk);

  /// The reverse of a counted loop whose body is one element write
  /// `v[i] = e` as independent passes, one per adjoint it updates (each
  /// pass has no dependence between iterations, so it vectorizes); empty
  /// when the loop does not have that shape.
  Code reverseInPasses(const Stmt &loop, const CppFor &header);
  /// Those passes as one loop over the elements they update, when they all
  /// update one vector at offsets from the induction variable (the IR
  /// indices `i`, `i + 1`, `i - 2`...: `d_u[i + 1]`): each element gets the
  /// passes' updates in the passes' order, the same operations in the same
  /// order (the same bits), loaded and stored once (LoopGather.cpp). Empty
  /// when they have another shape; `distinct` gets the run-time test that
  /// the vectors involved are not one (empty when they are locals, which
  /// never are).
  Code gatherPasses(const LoopInfo &li, const Var *v,
                    const std::vector<Contribution> &contributions,
                    std::string &distinct);

  Sweeps assign(const Stmt &s);
  Sweeps assignRow(const Stmt &s);
  Sweeps construct(const Stmt &s);
  Sweeps call(const Stmt &s);
  /// What call `s` writes that its reverse (or a custom rule, called with
  /// the values from before the call) needs back: recorded in `fwd`; the
  /// code that restores it, in the opposite order (Calls.cpp).
  Code saveCallOutputs(const Stmt &s, bool active, bool result_saved,
                       Code &fwd);
  /// The adjoint a call's reverse is given for argument `a`: its adjoint,
  /// the same address in the adjoint's storage, or zeros (declared in `rev`)
  /// for an argument without a derivative.
  std::string argumentAdjoint(const Expr &a, Code &rev);
  /// The parts of call()'s sweeps (Calls.cpp): the call in the forward
  /// sweep (the callee's split forward when it records); the adjoints
  /// given to the callee's reverse; the seed for its result (declared in
  /// `rev` when the result is also an argument); the reverse call, skipped
  /// when a tapeless callee's seeds are zero; the whole reverse, which
  /// returns whether the result is also an argument.
  void forwardCall(const Stmt &s, bool active, const std::string &args,
                   Code &fwd);
  std::vector<std::string> callAdjoints(const Stmt &s, Code &rev);
  std::string callResultSeed(const Stmt &s, bool result_is_arg, Code &rev);
  void reverseCallStatement(const Stmt &s, const std::string &statement,
                            const std::string &d_res, bool result_is_arg,
                            Code &rev);
  bool reverseCall(const Stmt &s, const std::string &args, const Code &restore,
                   const std::string &old_size, bool resized_result, Code &rev);
  Sweeps communication(const Stmt &s); // Communication.cpp: MPI calls
  Sweeps swap(const Stmt &s);
  Sweeps resize(const Stmt &s);
  Sweeps branch(const Stmt &s);
  Sweeps loop(const Stmt &s);         // Loops.cpp: picks the strategy
  Sweeps loopFullTape(const Stmt &s); // LoopFullTape.cpp
  /// Its two forms: a counted loop runs its induction variable backwards; a
  /// loop of unknown trip count records the count. `note`: the reason for
  /// the strategy, for the comments; `hoisted`: the loop records scalars
  /// around it (hoistRecords).
  Sweeps countedFullTape(const Stmt &s, const std::string &note, bool hoisted);
  /// Its parts: the element writes recorded for the whole range; the body
  /// generated (its records in blocks when `blocked`; reversed at one
  /// iteration only when `alone`), with its accumulators and its branches'
  /// last iterations; the loop's reverse.
  struct CountedBody {
    Sweeps sweeps;
    RecordBlock blk;
    bool blocked = false, alone = false;
    std::vector<Accumulator> accumulators;
    std::map<const Stmt *, LastTaken> last_taken;
  };
  std::vector<const Stmt *> bulkWrites(const LoopInfo &li);
  void countedBody(const LoopInfo &li, const std::vector<const Stmt *> &bulk,
                   CountedBody &cb);
  Code countedReverse(const Stmt &s, const CountedBody &cb,
                      const std::vector<const LastTaken *> &lasts,
                      const std::string &before,
                      const std::optional<CppFor> &header);
  Sweeps uncountedFullTape(const Stmt &s, const std::string &note);
  Sweeps loopSegments(const Stmt &s);    // LoopSegments.cpp
  Sweeps loopOnline(const Stmt &s);      // LoopOnline.cpp
  Sweeps loopBudgeted(const Stmt &s);    // LoopBudget.cpp
  Sweeps loopParallel(const Stmt &s);    // LoopParallel.cpp
  Sweeps loopBudgetWhile(const Stmt &s); // LoopBudgetWhile.cpp
  Sweeps loopFixedPoint(const Stmt &s);  // LoopFixedPoint.cpp
  Sweeps loopRecompute(const Stmt &s);   // LoopRecompute.cpp
  Sweeps loopOpenMP(const Stmt &s);      // LoopOpenMP.cpp
  /// The advance and reverse lambdas of a counted loop under a budget
  /// (LoopBudget.cpp): `body` is block(li.body), `ck` its reversal.
  Code budgetedCallbacks(const LoopInfo &li, const std::string &ck,
                         const std::string &k, const Sweeps &body,
                         const std::string &advance,
                         const std::string &reverse);
  /// `save` (the recording of a loop's exit values), its bytes reported to
  /// the loop's budgeted reversal `ck` (`ck->saved(bytes)`): they count
  /// with the iteration they follow.
  Code measuredSave(const std::string &ck, const Code &save);
  /// The header of a counted loop running backwards over its iterations
  /// (`for (T i = bound; i-- > start;)`), if it has such a form.
  static std::optional<CppFor> reversedHeader(const LoopInfo &li);
  /// `iteration` in the loop form of `li` (while, do, or do-until-flag),
  /// for loops of unknown trip count (LoopOnline.cpp).
  Code whileLoop(const LoopInfo &li, const Code &iteration);
  /// The reverse of the iterations a schedule object `ck` drives
  /// (`ck->reverse(state, advance, reverse)` with its two lambdas), for
  /// loops of unknown trip count (LoopOnline.cpp); `k` names the iteration
  /// index, `st` the state.
  /// With `measured`, each replayed iteration's tape is reported
  /// (`ck->replayed(bytes)`, loops under a memory budget).
  Code scheduledReverse(const LoopInfo &li, const std::string &ck,
                        const std::string &k, const std::string &st,
                        bool measured = false);
  /// Records the loop's exit values (LoopInfo::exit_values) in `fwd`;
  /// returns the code that restores them (in the reverse order).
  Code saveExitValues(const LoopInfo &li, Code &fwd);
  /// `++i`, `i -= 2`: the step of a counted loop.
  static std::string stepText(const std::string &i, long long inc);
  /// The trip count of a counted loop, as C++.
  static std::string tripCountText(const LoopInfo &li);
  /// `a, b, c`: the names of the variables a checkpointed loop's snapshot
  /// holds (namesOf, IR.h).
  static std::string carriedNames(const LoopInfo &li) {
    return namesOf(li.carried);
  }
  /// `const T i = start + k * increment;`: a counted loop's induction
  /// variable at iteration number `k`.
  std::string inductionAt(const LoopInfo &li, const std::string &k);
  /// `std::tuple<...>` of the types of `vars` (C arrays as std::array); of
  /// the loop-carried variables' types (a snapshot).
  static std::string tupleOf(const std::vector<Var *> &vars);
  static std::string stateTuple(const LoopInfo &li) {
    return tupleOf(li.carried);
  }
  /// `[&] { return std::tuple<...>(a, b); }`: makes a snapshot.
  static std::string makeState(const LoopInfo &li);
  /// The header of a counted loop in the forward direction.
  CppFor countedHeader(const LoopInfo &li, const std::string &extra_step);
  /// One iteration of a loop as it runs forward (body, then step).
  Code iterationForward(const LoopInfo &li, bool taped);
  Code iterationReverse(const LoopInfo &li);

  /// Records the values of `e`'s needed non-cheap sub-expressions: forward
  /// evaluates and pushes them, reverse pops them (in `rev_pops`, to be
  /// emitted before the propagation). Fills `subst`.
  void recordNeeded(const Expr &e, Code &fwd, Code &rev_pops,
                    Substitutions &subst);
  /// The values of `e` that recordNeeded records, in evaluation order.
  std::vector<const Expr *> neededValues(const Expr &e);
  /// The same for the given values (in that order). Values of several
  /// expressions are recorded with one call, so that the reverse pops them
  /// in the opposite order of all the pushes.
  void recordValues(const std::vector<const Expr *> &needed, Code &fwd,
                    Code &rev_pops, Substitutions &subst);
  /// Emits `adjoint-of(e) += adj` through `e`'s operations: the rows of
  /// the rule table (Rules.def) as expressions of the generated code
  /// (rowExpr), `adj` and e's values (with `subst`'s recorded values) as
  /// their operands, printed once as each update's statement.
  void propagate(const Expr &e, ExprPtr adj, Code &out,
                 const Substitutions &subst);
  /// The same for a seed that is a name of the generated code.
  void propagate(const Expr &e, const std::string &adj, Code &out,
                 const Substitutions &subst) {
    propagate(e, makeName(adj, e.type), out, subst);
  }
  /// The adjoint of an active l-value, `d_x` or `d_v[i]` (its indices
  /// read with `subst`'s recorded values), as an expression; adjointOf()
  /// printed.
  ExprPtr adjointExpr(const Expr &lvalue, const Substitutions &subst = {});
  std::string adjointOf(const Expr &lvalue, const Substitutions &subst = {}) {
    return printExpr(*adjointExpr(lvalue, subst));
  }
  /// Saves / restores a variable (or element) overwritten by `s`.
  bool needsSave(const Stmt &s, const Var *v) const;
  void save(const Expr &target, Code &fwd, Code &rev);
  void saveWhole(Var *v, Code &fwd, Code &rev);
  /// Sets the adjoint of a whole container to zero, sized like `size_expr`.
  std::string zeroAdjoint(const Var *v, const std::string &size_expr);
  /// Whether a statement replacing all of `v` records its old value.
  bool keepsOldValue(const Stmt &s, const Var *v) const;
};

} // namespace tangent

#endif
