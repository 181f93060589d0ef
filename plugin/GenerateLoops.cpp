//===- GenerateLoops.cpp - forward and reverse sweeps of loops ------------===//
//
// One function per strategy. Full taping (this file's loopFullTape) reverses
// every loop form:
//  - Counted: the reverse runs the induction variable backwards; nothing is
//    recorded for control;
//  - Structured / General: the forward counts iterations and records the
//    count once; the reverse runs the reversed body that many times.
// Checkpointing strategies (sqrt(n) segments, online) plug in at loop().
//
//===----------------------------------------------------------------------===//
#include "Generate.h"

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

} // namespace

SweepGenerator::Sweeps SweepGenerator::loop(const Stmt &s) {
  return loopFullTape(s);
}

SweepGenerator::Sweeps SweepGenerator::loopFullTape(const Stmt &s) {
  const LoopInfo &li = *s.loop;
  Sweeps out;
  std::string where = s.loc.str();
  if (li.form == LoopInfo::Form::Counted) {
    Sweeps body = block(li.body);
    const std::string &i = li.induction->name;
    const std::string &t = li.induction->type.spelling;
    std::string start = printExpr(*li.start), bound = printExpr(*li.bound);
    out.fwd.comment(where + ": " + li.kind_name + " loop");
    out.fwd.open("for (" + t + " " + i + " = " + start + "; " + i + " " +
                 li.compare + " " + bound + "; " + stepText(i, li.increment) +
                 ")");
    out.fwd.append(body.fwd);
    out.fwd.close();
    if (body.rev.empty())
      return out;
    out.rev.comment(where + ": " + li.kind_name + " loop, reversed");
    bool up = li.increment > 0;
    if (li.increment == 1 && (li.compare == "<" || li.compare == "!="))
      out.rev.open("for (" + t + " " + i + " = " + bound + "; " + i +
                   "-- > " + start + ";)");
    else if (li.increment == 1 && li.compare == "<=")
      out.rev.open("for (" + t + " " + i + " = " + parenthesize(bound) +
                   " + 1; " + i + "-- > " + start + ";)");
    else if (li.increment == -1 && (li.compare == ">" || li.compare == "!="))
      out.rev.open("for (" + t + " " + i + " = " + bound + "; " + i +
                   "++ < " + start + ";)");
    else if (li.increment == -1 && li.compare == ">=")
      out.rev.open("for (" + t + " " + i + " = " + parenthesize(bound) +
                   " - 1; " + i + "++ < " + start + ";)");
    else {
      std::string k = fresh("k");
      out.rev.open("for (long long " + k + " = tangent::detail::trip_count(" +
                   start + ", " + bound + ", " +
                   std::to_string(li.increment) + ", \"" + li.compare +
                   "\"); " + k + "-- > 0;)");
      out.rev.line("const " + t + " " + i + " = static_cast<" + t + ">(" +
                   start + " + " + k + " * " + std::to_string(li.increment) +
                   ");");
    }
    (void)up;
    out.rev.append(body.rev);
    out.rev.close();
    return out;
  }

  Sweeps init = block(li.init);
  Sweeps body = block(li.body);
  Sweeps step = block(li.step);
  bool reverse = !body.rev.empty() || !step.rev.empty();
  std::string trips = reverse ? fresh(naming::tripCount()) : "";
  out.fwd.append(init.fwd);
  out.fwd.comment(where + ": " + li.kind_name + " loop" +
                  (reverse ? ", trip count recorded" : ""));
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

} // namespace tangent
