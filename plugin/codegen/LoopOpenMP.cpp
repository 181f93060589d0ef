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

} // namespace

SweepGenerator::Sweeps SweepGenerator::loopOpenMP(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  const OmpLoop &omp = *li.omp;
  Sweeps out;
  TANGENT_ASSERT(omp.refusal.empty() && !li.fixed_point,
                 "a refused parallel loop reached generation");
  TANGENT_ASSERT(li.form == LoopInfo::Form::Counted && li.induction,
                 "a parallel loop that is not counted");
  const std::string where = s.loc.str() + ": " + li.kind_name + " loop";
  const std::string schedule = scheduleClause(omp);
  const CppFor header = countedHeader(li, "");
  // What the reverse sweep gives each thread of its own.
  std::vector<const Var *> shared, restored;
  for (const Var *v : omp.shared_adjoints) {
    if (v->adjoint.empty())
      continue;
    TANGENT_ASSERT(v->type.kind != TypeKind::CArray &&
                       v->type.kind != TypeKind::Pointer,
                   "a shared C array or pointer adjoint reached generation");
    shared.push_back(v);
  }
  for (const Var *v : omp.privates)
    if (v->read_in_reverse)
      restored.push_back(v);
  Sweeps body;
  RecordBlock blk;
  const bool blocked = restored.empty() && blockBody(li, body, blk);
  if (!blocked && !restored.empty())
    body = block(li.body);
  const std::string &i = li.induction->name;
  const std::string &it = li.induction->type.spelling;
  const std::string start = printExpr(*li.start), bound = printExpr(*li.bound);

  const bool own = !shared.empty() || !omp.privates.empty();
  std::string shared_names;
  for (const Var *v : shared)
    shared_names += (shared_names.empty() ? "" : ", ") + v->name;

  // Nothing recorded (a reduction's contributions, say, or an untaped
  // sweep, whose reverse is empty): any thread can run any iteration, as
  // with a block. Any record counts, a nested loop's block of records too:
  // its reverse reads the block back in the order it was written.
  const bool records = body.fwd.records();
  if (blocked || body.rev.empty() || (!records && restored.empty())) {
    out.fwd.comment(where + ", in parallel (OpenMP)" +
                    (blocked ? ": records at each iteration's index" : ""));
    if (blocked)
      out.fwd.append(blockPushes(blk, start, bound));
    out.fwd.pragma("omp parallel for" + schedule + privateClause(omp) +
                   reductionClauses(omp));
    out.fwd.openFor(header);
    out.fwd.append(body.fwd);
    out.fwd.close();
    if (body.rev.empty())
      return out;
    out.rev.comment(where + ", reversed in parallel (OpenMP)" +
                    (shared.empty() ? ""
                                    : "; adjoints of " + shared_names +
                                          " summed per thread"));
    if (blocked)
      out.rev.append(blockPops(blk, start, bound));
    if (!own) {
      out.rev.pragma("omp parallel for" + schedule);
      out.rev.openFor(header);
      out.rev.append(body.rev);
      out.rev.close();
      return out;
    }
    out.rev.openBlock();
    const std::string threads = fresh(naming::threads());
    out.rev.statement("const int " + threads + " = " + rt::ompThreads() + ";");
    const auto copies = declareCopies(out.rev, shared, threads, *this);
    out.rev.pragma("omp parallel num_threads(" + threads + ")");
    out.rev.openBlock();
    declareOwn(out.rev, omp, shared, copies, rt::ompThread());
    out.rev.pragma("omp for" + schedule);
    out.rev.openFor(header);
    out.rev.append(body.rev);
    out.rev.close();
    out.rev.close();
    reduceCopies(out.rev, shared, copies);
    out.rev.close();
    return out;
  }

  // One tape per thread.
  const std::string threads = fresh(naming::threads());
  const std::string team = fresh(naming::team());
  const std::string member = fresh(naming::teamMember());
  const std::string count = fresh(naming::iterations());
  out.fwd.comment(where + ", in parallel (OpenMP): each thread records its "
                          "iterations on a tape of its own");
  out.fwd.openBlock();
  out.fwd.statement("const int " + threads + " = " + rt::ompThreads() + ";");
  out.fwd.statement(rt::ompTeam(team, threads));
  out.fwd.pragma("omp parallel num_threads(" + threads + ")" +
                 privateClause(omp));
  out.fwd.openBlock();
  out.fwd.statement(rt::ompMember(member, team, ""));
  out.fwd.statement(rt::bindMemberTape(member));
  out.fwd.statement("std::size_t " + count + " = 0;");
  out.fwd.pragma("omp for" + schedule + reductionClauses(omp) + " nowait");
  out.fwd.openFor(header);
  out.fwd.append(body.fwd);
  for (const Var *v : restored)
    out.fwd.record(rt::push(v->name));
  out.fwd.record(rt::push(i));
  out.fwd.statement("++" + count + ";");
  out.fwd.close();
  out.fwd.record(rt::push(count));
  out.fwd.close();
  out.fwd.statement(rt::finishForward(team));
  out.fwd.record(rt::push(threads));
  out.fwd.close();

  const std::string threads_r = fresh(naming::threads());
  const std::string team_r = fresh(naming::team());
  const std::string member_r = fresh(naming::teamMember());
  const std::string k = fresh(naming::teamTape());
  const std::string count_r = fresh(naming::iterations());
  out.rev.comment(where +
                  ", reversed in parallel (OpenMP): each thread's "
                  "tape by one thread" +
                  (shared.empty()
                       ? ""
                       : "; adjoints of " + shared_names + " summed per tape"));
  out.rev.openBlock();
  out.rev.statement("const int " + threads_r + " = " + rt::pop("int") + ";");
  out.rev.statement(rt::ompTeam(team_r, threads_r));
  const auto copies = declareCopies(out.rev, shared, threads_r, *this);
  out.rev.pragma("omp parallel for schedule(static, 1) num_threads(" +
                 threads_r + ")");
  out.rev.openFor({"int " + k + " = 0", k + " < " + threads_r, "++" + k});
  out.rev.statement(rt::ompMember(member_r, team_r, k));
  out.rev.statement(rt::bindMemberTape(member_r));
  declareOwn(out.rev, omp, shared, copies, k);
  out.rev.openFor({"std::size_t " + count_r + " = " + rt::pop("std::size_t"),
                   count_r + "-- > 0", ""});
  out.rev.statement("const " + it + " " + i + " = " + rt::pop(it) + ";");
  for (auto v = restored.rbegin(); v != restored.rend(); ++v)
    out.rev.statement((*v)->name + " = " + rt::pop((*v)->type.spelling) + ";");
  out.rev.append(body.rev);
  out.rev.close();
  out.rev.close();
  reduceCopies(out.rev, shared, copies);
  out.rev.close();
  return out;
}

} // namespace tangent
