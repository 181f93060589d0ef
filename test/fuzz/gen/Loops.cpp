//===- test/fuzz/gen/Loops.cpp - loops for checkpointing and budgets ------===//
///
/// \file
/// Long counted loops (hundreds to thousands of iterations with cheap
/// bodies), on which sqrt(n) segments, memory budgets and helper threads act,
/// and loops that copy an element into a local and run an inner recurrence on
/// it. A long loop only starts in a checked function outside any other loop,
/// at most twice per function; inside it, calls go to cheap helpers only
/// (Writer::callable), so a unit stays quick to run.
//===----------------------------------------------------------------------===//
#include "Writer.h"

namespace fuzzgen {

namespace {

/// A helper is cheap enough to be called in a long loop.
constexpr double CheapCall = 80;

} // namespace

bool Writer::canLong() const {
  return checked_ && longDepth_ == 0 && loopDepth_ == 0 && longLoops_ < 2 &&
         !inLambda_;
}

bool Writer::longAllowed() const { return canLong() && on("long-loop"); }

std::vector<const Signature *> Writer::callable() const {
  std::vector<const Signature *> out;
  for (const Signature &h : callees_)
    if (longDepth_ == 0 || (h.cost <= CheapCall && (h.pure() || !h.drifts)))
      out.push_back(&h);
  return out;
}

std::vector<const Signature *> Writer::pureCallees() const {
  std::vector<const Signature *> out;
  for (const Signature *h : callable())
    if (h->pure())
      out.push_back(h);
  return out;
}

void Writer::longLoop(int &budget) {
  static const int lengths[] = {150, 300, 600, 1000, 2000, 3000};
  const int L = lengths[r_.below(6)];
  const std::string i = fresh("i");
  const std::string attr = attribute(false);
  Var x;
  x.name = i;
  x.type = VarType::Int;
  x.bound = L;
  ++longLoops_;
  ++longDepth_;
  pushScope();
  if (r_.percent(70))
    open(attr + "for (int " + i + " = 0; " + i + " < " + std::to_string(L) +
         "; ++" + i + ") {");
  else
    open(attr + "for (int " + i + " = " + std::to_string(L) + "; " + i +
         " > 0; --" + i + ") {");
  declare(x);
  loopBody(budget, true, "", L);
  close();
  popScope();
  --longDepth_;
}

void Writer::elementCopyLoop(int &budget) {
  // The outer loop runs over a vector or array (u too, where a long loop may
  // start), the inner one over a few steps of a recurrence on a carried
  // double `a` declared before the loop.
  std::vector<std::size_t> vectors;
  for (std::size_t k : visible(VarType::Vector))
    if (vars_[k].cont != Cont::Ptr &&
        (vars_[k].sizeClass != LongClass || canLong()))
      vectors.push_back(k);
  if (vectors.empty())
    return forConstant(budget);
  const Var w = vars_[vectors[r_.below(vectors.size())]];
  auto targets = writableDoubles();
  std::string a;
  if (targets.empty() || r_.percent(30)) {
    a = fresh("a");
    line("double " + a + " = " + expr(2) + ";");
    Var d;
    d.name = a;
    d.writable = true;
    d.depth = loopDepth_;
    declare(d);
  } else {
    a = vars_[targets[r_.below(targets.size())]].name;
  }
  const bool isLong = w.sizeClass == LongClass;
  const std::string k = fresh("i");
  const std::string attr = attribute(false);
  pushScope();
  open(attr + "for (std::size_t " + k + " = 0; " + k + " < " + w.name +
       ".size(); ++" + k + ") {");
  Var x;
  x.name = k;
  x.type = VarType::Size;
  x.sizeClass = w.sizeClass;
  declare(x);
  longDepth_ += isLong;
  longLoops_ += isLong;
  const double savedMult = mult_;
  mult_ *= isLong ? 3000 : minSize(w.sizeClass) + 3;
  ++loopDepth_;
  const std::string e = fresh("e");
  line("double " + e + " = " + w.name + "[" + (r_.percent(70) ? k : index(w)) +
       "];");
  Var ev;
  ev.name = e;
  ev.writable = true;
  ev.depth = loopDepth_;
  declare(ev);
  const int T = r_.range(2, 8);
  const std::string t = fresh("t");
  open(attribute(false) + "for (int " + t + " = 0; " + t + " < " +
       std::to_string(T) + "; ++" + t + ") {");
  const std::string c1 = constant(50, 95), c2 = constant(5, 40);
  const std::string other = leaf();
  line(a + " = " + c1 + " * " + a + " + " + c2 + " * std::sin(" + other +
       " * " + e + " + " + a + ");");
  spend(T);
  close();
  --loopDepth_;
  mult_ = savedMult;
  // More of the body after the recurrence, sometimes.
  if (budget > 0 && r_.percent(50))
    loopBody(budget, true, "", isLong ? 3000 : minSize(w.sizeClass) + 3);
  longDepth_ -= isLong;
  close();
  popScope();
}

} // namespace fuzzgen
