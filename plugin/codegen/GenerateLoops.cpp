//===- GenerateLoops.cpp - forward and reverse sweeps of loops ------------===//
//
// One function per strategy (chosen by Checkpointing.cpp):
//  - loopFullTape: every iteration records what its reverse needs.
//    Counted loops run their induction variable backwards and record nothing
//    for control; other loops record their trip count once.
//  - loopSegments: sqrt(n) segment checkpointing of a counted loop. The
//    forward sweep runs untaped and pushes a snapshot of the loop-carried
//    state every L = ceil(sqrt(n)) iterations (onto the tape, so snapshots
//    nest with everything else); the reverse sweep, from the last segment,
//    pops its snapshot, replays the segment taped and reverses it at once.
//  - loopOnline: loops whose trip count is known only at their end. The
//    forward sweep stores snapshots under tangent::online_schedule (at most
//    2 x budget); the reverse sweep lets the schedule drive replays and
//    nested binomial reversals, so memory stays bounded however long the
//    loop ran. The schedule object lives on the heap, its pointer on the tape.
// Replays run the same generated statements as the taped forward sweep, and
// the untaped forward sweep the same expressions (untaped()), so
// checkpointed gradients are bitwise identical to fully taped ones.
//
//===----------------------------------------------------------------------===//
#include "codegen/Generate.h"
#include "analysis/Analysis.h"

namespace tangent {

namespace {

std::string stepText(const std::string &i, long long inc) {
  if (inc == 1)
    return "++" + i;
  if (inc == -1)
    return "--" + i;
  return inc > 0 ? i + " += " + std::to_string(inc)
                 : i + " -= " + std::to_string(-inc);
}

/// The trip count of a counted loop, as C++.
std::string tripCountText(const LoopInfo &li) {
  if (li.constant_trips >= 0)
    return std::to_string(li.constant_trips);
  return "tangent::detail::trip_count(" + printExpr(*li.start) + ", " +
         printExpr(*li.bound) + ", " + std::to_string(li.increment) + ", \"" +
         li.compare + "\")";
}

/// Element writes `v[i] = e` at the top of a counted loop's body (i its
/// induction variable) whose container the loop touches nowhere else: their
/// old values can be recorded for the whole index range at once.
std::vector<const Stmt *> bulkCandidates(const LoopInfo &li) {
  std::vector<const Stmt *> out;
  if (li.increment != 1 || (li.compare != "<" && li.compare != "!="))
    return out;
  for (const StmtPtr &s : li.body) {
    if (s->kind != StmtKind::Assign || s->lhs->kind != ExprKind::Index)
      continue;
    const Expr &index = *s->lhs->ops[1];
    Var *v = s->lhs->ops[0]->var;
    if (index.kind != ExprKind::VarRef || index.var != li.induction ||
        !(v->type.kind == TypeKind::Vector || v->type.kind == TypeKind::Array ||
          v->type.kind == TypeKind::CArray) ||
        !onlyElement(*s->rhs, v, li.induction))
      continue;
    // The reverse of `v[i] = e` must not read v (it runs before the bulk
    // restore): e may read v[i] only where no derivative needs its value.
    std::vector<const Expr *> needed;
    collectNeededValues(*s->rhs, needed);
    bool needs_v = false;
    for (const Expr *n : needed)
      needs_v |= readsVar(*n, v);
    if (needs_v)
      continue;
    int uses = 0;
    forEachStmt(li.body, [&](const Stmt &o, int) {
      auto count = [&](const ExprPtr &e) {
        if (e && readsVar(*e, v))
          ++uses;
      };
      forEachExpr(o, [&](const Expr &e) { uses += readsVar(e, v); });
      if (o.var == v || o.result == v)
        uses += 2;
      if (o.loop) {
        count(o.loop->cond);
        count(o.loop->start);
        count(o.loop->bound);
      }
    });
    if (uses == 1 + int(readsVar(*s->rhs, v))) // only this statement
      out.push_back(s.get());
  }
  return out;
}

std::string stateType(const LoopInfo &li) {
  std::string t = "std::tuple<";
  for (size_t i = 0; i < li.carried.size(); ++i) {
    const Type &ty = li.carried[i]->type;
    t += (i ? ", " : "") + (ty.kind == TypeKind::CArray
                                ? "std::array<" + ty.elem_spelling + ", " +
                                      std::to_string(ty.extent) + ">"
                                : ty.spelling);
  }
  return t + ">";
}

std::string names(const LoopInfo &li) {
  std::string out;
  for (size_t i = 0; i < li.carried.size(); ++i)
    out += (i ? ", " : "") + li.carried[i]->name;
  return out;
}

} // namespace

SweepGenerator::Sweeps SweepGenerator::loop(const Stmt &s) {
  if (!record_)
    return loopFullTape(s); // the untaped sweep: a plain loop
  switch (s.loop->strategy) {
  case LoopStrategy::Segments:
    return loopSegments(s);
  case LoopStrategy::Online:
    return loopOnline(s);
  case LoopStrategy::FullTape:
    break;
  }
  return loopFullTape(s);
}

std::string SweepGenerator::countedHeader(const LoopInfo &li,
                                          const std::string &extra_step) {
  const std::string &i = li.induction->name;
  return "for (" + li.induction->type.spelling + " " + i + " = " +
         printExpr(*li.start) + "; " + i + " " + li.compare + " " +
         printExpr(*li.bound) + "; " + stepText(i, li.increment) + extra_step +
         ")";
}

Code SweepGenerator::iterationForward(const LoopInfo &li, bool taped) {
  Code c;
  if (taped) {
    c.append(block(li.body).fwd);
    c.append(block(li.step).fwd);
  } else {
    c.append(untaped(li.body));
    c.append(untaped(li.step));
  }
  return c;
}

Code SweepGenerator::iterationReverse(const LoopInfo &li) {
  Code c;
  c.append(block(li.step).rev);
  c.append(block(li.body).rev);
  return c;
}

Code SweepGenerator::reverseInPasses(const Stmt &loop,
                                     const std::string &header) {
  const LoopInfo &li = *loop.loop;
  Code out;
  if (li.body.size() != 1 || (li.increment != 1 && li.increment != -1))
    return out;
  const Stmt &w = *li.body.front();
  if (w.kind != StmtKind::Assign || w.lhs->kind != ExprKind::Index ||
      w.lhs->ops[1]->kind != ExprKind::VarRef ||
      w.lhs->ops[1]->var != li.induction)
    return out;
  Var *v = w.lhs->ops[0]->var;
  if (!v->active || !w.rhs->active || readsVar(*w.rhs, v))
    return out;
  // Nothing on the tape inside the loop: no record of v[i] (or one in bulk)
  // and every value the derivatives need evaluated again.
  if (needsSave(w, v) && !bulk_saved_.count(&w))
    return out;
  std::vector<const Expr *> needed;
  collectNeededValues(*w.rhs, needed);
  for (const Expr *n : needed)
    if (!recomputedInReverse(*n))
      return out;
  std::vector<std::pair<std::string, std::string>> contributions;
  contributions_ = &contributions;
  Code unused;
  std::string d = adjointOf(*w.lhs);
  propagate(*w.rhs, d, unused, {});
  contributions_ = nullptr;
  for (const auto &c : contributions)
    if (c.first.rfind(v->adjoint + "[", 0) == 0 || c.first == v->adjoint)
      return Code(); // updates the adjoint it reads
  out.comment(loop.loc.str() + ": " + li.kind_name +
              " loop, reversed in independent passes");
  for (const auto &c : contributions) {
    out.open(header);
    out.line(c.first + " += " + c.second + ";");
    out.close();
  }
  out.open(header);
  out.line(d + " = 0;");
  out.close();
  return out;
}

SweepGenerator::Sweeps SweepGenerator::loopFullTape(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  Sweeps out;
  std::string where = s.loc.str();
  std::string note = li.reason.empty() || !record_ ? "" : " (" + li.reason + ")";
  if (li.form == LoopInfo::Form::Counted) {
    // Element writes recorded for the whole range, before the loop.
    std::vector<const Stmt *> bulk;
    if (record_)
      for (const Stmt *w : bulkCandidates(li))
        if (needsSave(*w, w->lhs->ops[0]->var))
          bulk.push_back(w);
    for (const Stmt *w : bulk)
      bulk_saved_.insert(w);
    Sweeps body = block(li.body);
    for (const Stmt *w : bulk)
      bulk_saved_.erase(w);
    Code restore_bulk;
    std::vector<std::string> pops;
    for (const Stmt *w : bulk) {
      const std::string &v = w->lhs->ops[0]->var->name;
      std::string range = v + ", " + printExpr(*li.start) + ", " +
                          printExpr(*li.bound) + ");";
      out.fwd.line("tangent::detail::push_range(" + std::string(naming::tape()) +
                   ", " + range);
      pops.push_back("tangent::detail::pop_range(" +
                     std::string(naming::tape()) + ", " + range);
    }
    for (auto it = pops.rbegin(); it != pops.rend(); ++it)
      restore_bulk.line(*it);
    const std::string &i = li.induction->name;
    const std::string &t = li.induction->type.spelling;
    std::string start = printExpr(*li.start), bound = printExpr(*li.bound);
    out.fwd.comment(where + ": " + li.kind_name + " loop" + note);
    out.fwd.open(countedHeader(li, ""));
    out.fwd.append(body.fwd);
    out.fwd.close();
    if (body.rev.empty() || !record_) {
      out.rev.append(restore_bulk);
      return out;
    }
    std::string header;
    if (li.increment == 1 && (li.compare == "<" || li.compare == "!="))
      header = "for (" + t + " " + i + " = " + bound + "; " + i + "-- > " +
               start + ";)";
    else if (li.increment == 1 && li.compare == "<=")
      header = "for (" + t + " " + i + " = " + parenthesize(bound) + " + 1; " +
               i + "-- > " + start + ";)";
    else if (li.increment == -1 && (li.compare == ">" || li.compare == "!="))
      header = "for (" + t + " " + i + " = " + bound + "; " + i + "++ < " +
               start + ";)";
    else if (li.increment == -1 && li.compare == ">=")
      header = "for (" + t + " " + i + " = " + parenthesize(bound) + " - 1; " +
               i + "++ < " + start + ";)";
    if (!header.empty()) {
      for (const Stmt *w : bulk)
        bulk_saved_.insert(w);
      Code passes = reverseInPasses(s, header);
      for (const Stmt *w : bulk)
        bulk_saved_.erase(w);
      if (!passes.empty()) {
        out.rev.append(passes);
        out.rev.append(restore_bulk);
        return out;
      }
    }
    out.rev.comment(where + ": " + li.kind_name + " loop, reversed");
    if (!header.empty())
      out.rev.open(header);
    else {
      std::string k = fresh("k");
      out.rev.open("for (long long " + k + " = " + tripCountText(li) + "; " +
                   k + "-- > 0;)");
      out.rev.line("const " + t + " " + i + " = static_cast<" + t + ">(" +
                   start + " + " + k + " * " + std::to_string(li.increment) +
                   ");");
    }
    out.rev.append(body.rev);
    out.rev.close();
    // Bulk records were pushed before the loop's own: restore them last.
    out.rev.append(restore_bulk);
    return out;
  }

  Sweeps init = block(li.init);
  Sweeps body = block(li.body);
  Sweeps step = block(li.step);
  bool reverse = record_ && (!body.rev.empty() || !step.rev.empty());
  std::string trips = reverse ? fresh(naming::tripCount()) : "";
  out.fwd.append(init.fwd);
  out.fwd.comment(where + ": " + li.kind_name + " loop" +
                  (reverse ? ", trip count recorded" : "") + note);
  if (reverse)
    out.fwd.line("std::size_t " + trips + " = 0;");
  if (li.form == LoopInfo::Form::General) {
    out.fwd.open("do");
    if (reverse)
      out.fwd.line("++" + trips + ";");
    out.fwd.append(body.fwd);
    out.fwd.close("while (!" + li.exit_flag->name + ");");
  } else if (li.do_while) {
    out.fwd.open("do");
    if (reverse)
      out.fwd.line("++" + trips + ";");
    out.fwd.append(body.fwd);
    out.fwd.append(step.fwd);
    out.fwd.close("while (" + printExpr(*li.cond) + ");");
  } else {
    out.fwd.open("while (" + (li.cond ? printExpr(*li.cond) : "true") + ")");
    if (reverse)
      out.fwd.line("++" + trips + ";");
    out.fwd.append(body.fwd);
    out.fwd.append(step.fwd);
    out.fwd.close();
  }
  if (reverse) {
    out.fwd.line(std::string(naming::tape()) + ".push(" + trips + ");");
    std::string r = fresh(naming::tripCount());
    out.rev.comment(where + ": " + li.kind_name + " loop, reversed");
    out.rev.open("for (std::size_t " + r + " = " + naming::tape() +
                 ".pop<std::size_t>(); " + r + "-- > 0;)");
    out.rev.append(step.rev);
    out.rev.append(body.rev);
    out.rev.close();
  }
  out.rev.append(init.rev);
  return out;
}

SweepGenerator::Sweeps SweepGenerator::loopSegments(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  Sweeps out;
  const std::string &i = li.induction->name;
  const std::string &t = li.induction->type.spelling;
  std::string n = fresh("n"), len = fresh("L"), k = fresh("k");
  std::string where = s.loc.str() + ": " + li.kind_name + " loop";

  // Forward: untaped, a snapshot before every L-th iteration.
  out.fwd.comment(where + ", checkpointed: segments of L = ceil(sqrt(n)) "
                          "iterations, snapshot {" +
                  names(li) + "}");
  out.fwd.line("const long long " + n + " = " + tripCountText(li) + ";");
  out.fwd.line("const long long " + len + " = tangent::detail::segment_length(" +
               n + ");");
  out.fwd.open("");
  out.fwd.line("long long " + k + " = 0;");
  out.fwd.open(countedHeader(li, ", ++" + k));
  out.fwd.open("if (" + k + " % " + len + " == 0)");
  for (Var *v : li.carried) {
    Code unused;
    saveWhole(v, out.fwd, unused);
  }
  out.fwd.close();
  out.fwd.append(untaped(li.body));
  out.fwd.close();
  out.fwd.close();

  // Reverse: from the last segment, restore, replay taped, reverse.
  Sweeps body = block(li.body);
  std::string seg = fresh("segment"), begin = fresh("begin"),
              end = fresh("end");
  long long start_value = -1;
  std::string offset = constInt(*li.start, start_value) && start_value == 0
                           ? ""
                           : printExpr(*li.start) + " + ";
  std::string scaled =
      li.increment == 1 ? k : k + " * " + std::to_string(li.increment);
  std::string index = "static_cast<" + t + ">(" + offset + scaled + ")";
  out.rev.comment(where + ", reversed segment by segment");
  n = fresh("n");
  len = fresh("L");
  out.rev.line("const long long " + n + " = " + tripCountText(li) + ";");
  out.rev.line("const long long " + len + " = tangent::detail::segment_length(" +
               n + ");");
  out.rev.open("for (long long " + seg + " = (" + n + " + " + len + " - 1) / " +
               len + "; " + seg + "-- > 0;)");
  out.rev.line("const long long " + begin + " = " + seg + " * " + len + ";");
  out.rev.line("const long long " + end + " = std::min(" + n + ", " + begin +
               " + " + len + ");");
  for (auto it = li.carried.rbegin(); it != li.carried.rend(); ++it) {
    Code unused;
    saveWhole(*it, unused, out.rev);
  }
  out.rev.comment("replay the segment, taped");
  out.rev.open("for (long long " + k + " = " + begin + "; " + k + " < " + end +
               "; ++" + k + ")");
  out.rev.line("const " + t + " " + i + " = " + index + ";");
  out.rev.append(body.fwd);
  out.rev.close();
  out.rev.comment("reverse the segment, emptying its tape");
  out.rev.open("for (long long " + k + " = " + end + "; " + k + "-- > " +
               begin + ";)");
  out.rev.line("const " + t + " " + i + " = " + index + ";");
  out.rev.append(body.rev);
  out.rev.close();
  out.rev.close();
  return out;
}

SweepGenerator::Sweeps SweepGenerator::loopOnline(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  Sweeps out;
  const std::string tape = naming::tape();
  std::string where = s.loc.str() + ": " + li.kind_name + " loop";
  std::string state = stateType(li);
  std::string ck_type = "tangent::checkpointed_reversal<" + state +
                        ", tangent::online_schedule>";
  std::string ck = fresh("checkpoints"), k = fresh("k"), st = fresh("state");
  std::string make = "[&] { return " + state + "(" + names(li) + "); }";

  Sweeps init = block(li.init);
  out.fwd.append(init.fwd);
  out.fwd.comment(where + ", online checkpointing: budget " +
                  std::to_string(li.budget) + ", snapshot {" + names(li) +
                  "}");
  out.fwd.line("auto *" + ck + " = new " + ck_type +
               "(tangent::online_schedule(" + std::to_string(li.budget) +
               "));");
  out.fwd.line("tangent::step_index " + k + " = 0;");
  Code plain_body = untaped(li.body);
  Code plain_step = untaped(li.step);
  std::string before = ck + "->before_with(" + k + "++, " + make + ");";
  if (li.form == LoopInfo::Form::General) {
    out.fwd.open("do");
    out.fwd.line(before);
    out.fwd.append(plain_body);
    out.fwd.close("while (!" + li.exit_flag->name + ");");
  } else if (li.do_while) {
    out.fwd.open("do");
    out.fwd.line(before);
    out.fwd.append(plain_body);
    out.fwd.append(plain_step);
    out.fwd.close("while (" + printExpr(*li.cond) + ");");
  } else {
    out.fwd.open("while (" + (li.cond ? printExpr(*li.cond) : "true") + ")");
    out.fwd.line(before);
    out.fwd.append(plain_body);
    out.fwd.append(plain_step);
    out.fwd.close();
  }
  out.fwd.line(ck + "->finish(" + k + ");");
  out.fwd.line(tape + ".push(" + ck + ");");

  // Reverse: the schedule restores snapshots and calls back to advance
  // (untaped replay) or reverse (taped replay, then its adjoint).
  std::string b = fresh("begin"), e = fresh("end"), cur = fresh("current");
  std::string advance = fresh("advance"), reverse = fresh("reverse");
  std::string params = "(" + state + " &" + cur + ", tangent::step_index " +
                       b + ", tangent::step_index " + e + ")";
  out.rev.comment(where + ", reversed by the online schedule");
  ck = fresh("checkpoints");
  out.rev.line("auto *" + ck + " = " + tape + ".pop<" + ck_type + " *>();");
  out.rev.open("auto " + advance + " = [&]" + params);
  out.rev.line("std::tie(" + names(li) + ") = " + cur + ";");
  out.rev.open("for (tangent::step_index " + k + " = " + b + "; " + k + " < " +
               e + "; ++" + k + ")");
  out.rev.append(iterationForward(li, false));
  out.rev.close();
  out.rev.line(cur + " = " + state + "(" + names(li) + ");");
  out.rev.close(";");
  out.rev.open("auto " + reverse + " = [&]" + params);
  out.rev.line("std::tie(" + names(li) + ") = " + cur + ";");
  out.rev.open("for (tangent::step_index " + k + " = " + b + "; " + k + " < " +
               e + "; ++" + k + ")");
  out.rev.append(iterationForward(li, true));
  out.rev.close();
  out.rev.open("for (tangent::step_index " + k + " = " + e + "; " + k +
               "-- > " + b + ";)");
  out.rev.append(iterationReverse(li));
  out.rev.close();
  out.rev.close(";");
  out.rev.line(state + " " + st + ";");
  out.rev.line(ck + "->reverse(" + st + ", " + advance + ", " + reverse + ");");
  out.rev.line("delete " + ck + ";");
  out.rev.append(init.rev);
  return out;
}

} // namespace tangent
