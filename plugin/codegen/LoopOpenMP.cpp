//===- LoopOpenMP.cpp - `#pragma omp parallel for` loops, in parallel -----===//
//
// A parallel loop's iterations are independent (analysis/ParallelLoops.cpp
// checked it), so its forward sweep runs them in parallel as the user's loop
// does, and so does its reverse sweep:
//  - a body whose records are scalars of one type, a fixed number per
//    iteration, writes them into one tape block at the iteration's index
//    (as LoopFullTape.cpp does): any thread can reverse any iteration;
//  - any other body records on the tape of its thread (openmp.hpp): each
//    iteration's records, then its index, then how many iterations the
//    thread ran; the reverse sweep gives each team tape to one thread.
// Adjoint updates: an element `[i]` belongs to one iteration and is updated
// in place; adjoints that several iterations update (of data they all read)
// are privatised, one zeroed copy per thread, summed after the loop in
// thread order; variables private to an iteration get a copy per thread.
// Without -fopenmp the pragmas are ignored: one thread, the same code.
//
//===----------------------------------------------------------------------===//
#include "codegen/RuntimeApi.h"
#include "codegen/SweepGenerator.h"
#include "ir/Support.h"

namespace tangent {

namespace {

std::string scheduleClause(const OmpLoop &omp) {
  if (omp.schedule == OmpLoop::Schedule::Default)
    return "";
  std::string s = omp.schedule == OmpLoop::Schedule::Dynamic
                      ? " schedule(dynamic"
                      : " schedule(static";
  if (omp.chunk > 0)
    s += ", " + std::to_string(omp.chunk);
  return s + ")";
}

/// `firstprivate(a, b)` for the iteration's own variables (first: the
/// forward sweep records a copy's value before it overwrites it).
std::string privateClause(const OmpLoop &omp) {
  return omp.privates.empty() ? ""
                              : " firstprivate(" + namesOf(omp.privates) + ")";
}

/// The reductions left as clauses (not floating: not differentiated).
std::string reductionClauses(const OmpLoop &omp) {
  std::string s;
  for (const auto &r : omp.reductions)
    s += std::string(" reduction(") + OmpLoop::spelling(r.op) + ": " +
         r.var->name + ")";
  return s;
}

/// `auto copies = omp_private(d_x, threads);` for each shared adjoint.
std::vector<std::string> declareCopies(Code &c,
                                       const std::vector<const Var *> &shared,
                                       const std::string &threads,
                                       SweepGenerator &gen) {
  std::vector<std::string> copies;
  for (const Var *v : shared) {
    copies.push_back(gen.fresh(naming::perThread()));
    c.statement("auto " + copies.back() + " = " +
                rt::ompPrivate(v->adjoint, threads) + ";");
  }
  return copies;
}

/// What one thread (or team tape `k`) of the reverse sweep has of its own:
/// its copy of each shared adjoint, under the adjoint's name, and the
/// variables private to an iteration with their adjoints.
void declareOwn(Code &c, const OmpLoop &omp,
                const std::vector<const Var *> &shared,
                const std::vector<std::string> &copies, const std::string &k) {
  for (size_t n = 0; n < shared.size(); ++n)
    c.statement("auto &" + shared[n]->adjoint + " = " + copies[n] + "[" + k +
                "];");
  for (const Var *v : omp.privates) {
    c.statement(declareZero(v->type, v->name));
    if (!v->adjoint.empty())
      c.statement(declareZero(v->type, v->adjoint));
  }
}

/// Adds each thread's copies into the shared adjoints, in thread order.
void reduceCopies(Code &c, const std::vector<const Var *> &shared,
                  const std::vector<std::string> &copies) {
  for (size_t n = 0; n < shared.size(); ++n)
    c.statement(rt::ompReduce(shared[n]->adjoint, copies[n]));
}

/// What the sweeps of a parallel loop share: where it is (for comments),
/// its schedule and header, the adjoints that several iterations update
/// (a copy per thread in the reverse sweep), and the variables private to
/// an iteration that the reverse reads (restored from the tape).
struct ParallelLoop {
  const OmpLoop &omp;
  std::string where, schedule;
  CppFor header;
  std::vector<const Var *> shared, restored;
  std::string shared_names;
};

ParallelLoop parallelLoop(const Stmt &s, CppFor header) {
  const LoopInfo &li = *s.loop;
  ParallelLoop pl{*li.omp,
                  s.loc.str() + ": " + li.kind_name + " loop",
                  scheduleClause(*li.omp),
                  std::move(header),
                  {},
                  {},
                  ""};
  for (const Var *v : pl.omp.shared_adjoints) {
    if (v->adjoint.empty())
      continue;
    TANGENT_ASSERT(v->type.kind != TypeKind::CArray,
                   "a shared C array adjoint reached generation");
    pl.shared.push_back(v);
  }
  for (const Var *v : pl.omp.privates)
    if (v->read_in_reverse)
      pl.restored.push_back(v);
  for (const Var *v : pl.shared)
    pl.shared_names += (pl.shared_names.empty() ? "" : ", ") + v->name;
  return pl;
}

/// Closes a reverse sweep that gives each thread its own copies: `body` in
/// the innermost loop, then, after the parallel region, the copies summed.
void finishPerThread(Code &c, const Code &body, const ParallelLoop &pl,
                     const std::vector<std::string> &copies) {
  c.append(body);
  c.close();
  c.close();
  reduceCopies(c, pl.shared, copies);
  c.close();
}

/// The forward sweep when any thread can run any iteration: the user's
/// loop, after `pushes` (the tape block of a blocked body, else empty).
Code sharedTapeForward(const ParallelLoop &pl, const Code &body,
                       const Code *pushes) {
  Code c;
  c.comment(pl.where + ", in parallel (OpenMP)" +
            (pushes ? ": records at each iteration's index" : ""));
  if (pushes)
    c.append(*pushes);
  c.pragma("omp parallel for" + pl.schedule + privateClause(pl.omp) +
           reductionClauses(pl.omp));
  c.openFor(pl.header);
  c.append(body);
  c.close();
  return c;
}

/// Its reverse: the same parallel loop, each thread with its own copies
/// (when there are any), summed in thread order after it.
Code sharedTapeReverse(const ParallelLoop &pl, const Code &body,
                       const Code *pops, SweepGenerator &gen) {
  Code c;
  c.comment(pl.where + ", reversed in parallel (OpenMP)" +
            (pl.shared.empty()
                 ? ""
                 : "; adjoints of " + pl.shared_names + " summed per thread"));
  if (pops)
    c.append(*pops);
  if (pl.shared.empty() && pl.omp.privates.empty()) {
    c.pragma("omp parallel for" + pl.schedule);
    c.openFor(pl.header);
    c.append(body);
    c.close();
    return c;
  }
  c.openBlock();
  const std::string threads = gen.fresh(naming::threads());
  c.statement("const int " + threads + " = " + rt::ompThreads() + ";");
  const auto copies = declareCopies(c, pl.shared, threads, gen);
  c.pragma("omp parallel num_threads(" + threads + ")");
  c.openBlock();
  declareOwn(c, pl.omp, pl.shared, copies, rt::ompThread());
  c.pragma("omp for" + pl.schedule);
  c.openFor(pl.header);
  finishPerThread(c, body, pl, copies);
  return c;
}

/// The forward sweep with one tape per thread: each iteration's records,
/// the restored privates and its index; then each thread's count.
Code threadTapesForward(const ParallelLoop &pl, const LoopInfo &li,
                        const Code &body, SweepGenerator &gen) {
  const std::string threads = gen.fresh(naming::threads());
  const std::string team = gen.fresh(naming::team());
  const std::string member = gen.fresh(naming::teamMember());
  const std::string count = gen.fresh(naming::iterations());
  Code c;
  c.comment(pl.where + ", in parallel (OpenMP): each thread records its "
                       "iterations on a tape of its own");
  c.openBlock();
  c.statement("const int " + threads + " = " + rt::ompThreads() + ";");
  c.statement(rt::ompTeam(team, threads));
  c.pragma("omp parallel num_threads(" + threads + ")" + privateClause(pl.omp));
  c.openBlock();
  c.statement(rt::ompMember(member, team, ""));
  c.statement(rt::bindMemberTape(member));
  c.statement("std::size_t " + count + " = 0;");
  c.pragma("omp for" + pl.schedule + reductionClauses(pl.omp) + " nowait");
  c.openFor(pl.header);
  c.append(body);
  for (const Var *v : pl.restored)
    c.record(v->type.kind == TypeKind::CArray
                 ? rt::pushArray(v->name, std::to_string(v->type.extent))
                 : rt::push(v->name));
  c.record(rt::push(li.induction->name));
  c.statement("++" + count + ";");
  c.close();
  c.record(rt::push(count));
  c.close();
  c.statement(rt::finishForward(team));
  c.record(rt::push(threads));
  c.close();
  return c;
}

/// Its reverse: each team tape reversed by one thread, its iterations in
/// the opposite order.
Code threadTapesReverse(const ParallelLoop &pl, const LoopInfo &li,
                        const Code &body, SweepGenerator &gen) {
  const std::string &i = li.induction->name;
  const std::string &it = li.induction->type.spelling;
  const std::string threads_r = gen.fresh(naming::threads());
  const std::string team_r = gen.fresh(naming::team());
  const std::string member_r = gen.fresh(naming::teamMember());
  const std::string k = gen.fresh(naming::teamTape());
  const std::string count_r = gen.fresh(naming::iterations());
  Code c;
  c.comment(pl.where +
            ", reversed in parallel (OpenMP): each thread's "
            "tape by one thread" +
            (pl.shared.empty()
                 ? ""
                 : "; adjoints of " + pl.shared_names + " summed per tape"));
  c.openBlock();
  c.restore("const int " + threads_r + " = " + rt::pop("int") + ";");
  c.statement(rt::ompTeam(team_r, threads_r));
  const auto copies = declareCopies(c, pl.shared, threads_r, gen);
  c.pragma("omp parallel for schedule(static, 1) num_threads(" + threads_r +
           ")");
  c.openFor({"int " + k + " = 0", k + " < " + threads_r, "++" + k});
  c.statement(rt::ompMember(member_r, team_r, k));
  c.statement(rt::bindMemberTape(member_r));
  declareOwn(c, pl.omp, pl.shared, copies, k);
  c.openFor({"std::size_t " + count_r + " = " + rt::pop("std::size_t"),
             count_r + "-- > 0", ""});
  c.restore("const " + it + " " + i + " = " + rt::pop(it) + ";");
  for (auto v = pl.restored.rbegin(); v != pl.restored.rend(); ++v)
    c.restore((*v)->type.kind == TypeKind::CArray
                  ? rt::popArray((*v)->name, std::to_string((*v)->type.extent))
                  : (*v)->name + " = " + rt::pop((*v)->type.spelling) + ";");
  finishPerThread(c, body, pl, copies);
  return c;
}

} // namespace

SweepGenerator::Sweeps SweepGenerator::loopOpenMP(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  Sweeps out;
  TANGENT_ASSERT(li.omp->refusal.empty() && !li.fixed_point,
                 "a refused parallel loop reached generation");
  TANGENT_ASSERT(li.form == LoopInfo::Form::Counted && li.induction,
                 "a parallel loop that is not counted");
  const ParallelLoop pl = parallelLoop(s, countedHeader(li, ""));
  if (!record_) { // an untaped sweep (a callee's primal): the user's loop
    out.fwd = sharedTapeForward(pl, untaped(li.body), nullptr);
    return out;
  }
  Sweeps body;
  RecordBlock blk;
  const bool blocked = pl.restored.empty() && blockBody(li, body, blk);
  if (!blocked && !pl.restored.empty())
    body = block(li.body);

  // Nothing recorded (a reduction's contributions, say, or an untaped
  // sweep, whose reverse is empty): any thread can run any iteration, as
  // with a block. Any record counts, a nested loop's block of records too:
  // its reverse reads the block back in the order it was written.
  const bool records = body.fwd.records();
  if (blocked || body.rev.empty() || (!records && pl.restored.empty())) {
    const std::string start = printExpr(*li.start),
                      bound = printExpr(*li.bound);
    const Code pushes = blocked ? blockPushes(blk, start, bound) : Code();
    out.fwd = sharedTapeForward(pl, body.fwd, blocked ? &pushes : nullptr);
    if (body.rev.empty())
      return out;
    const Code pops = blocked ? blockPops(blk, start, bound) : Code();
    out.rev = sharedTapeReverse(pl, body.rev, blocked ? &pops : nullptr, *this);
    return out;
  }
  // One tape per thread.
  out.fwd = threadTapesForward(pl, li, body.fwd, *this);
  out.rev = threadTapesReverse(pl, li, body.rev, *this);
  return out;
}

} // namespace tangent
