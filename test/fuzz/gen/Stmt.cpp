//===- test/fuzz/gen/Stmt.cpp - random statements -------------------------===//
///
/// \file
/// Declarations, updates, branches, loops (every loop has a constant or
/// parameter bound, so all terminate), jumps, calls. A loop body runs one loop
/// depth deeper: a variable declared outside it is "carried" and only gets
/// bounded updates there.
//===----------------------------------------------------------------------===//
#include "Writer.h"

#include <cassert>

namespace fuzzgen {

int Writer::takeBudget(int &budget, int lo, int hi) {
  int take = r_.range(lo, hi);
  if (take > budget)
    take = budget;
  if (take < 1)
    take = 1;
  budget -= take;
  return take;
}

void Writer::block(int budget) {
  while (budget > 0)
    statement(budget);
}

void Writer::statement(int &budget) {
  maybeArrayStatement();
  --budget;
  spend(1);
  const auto on = [&](const char *name, int weight) {
    return features_.on(name) ? weight : 0;
  };
  const bool canNest = nesting_ < 3 && budget > 0;
  const bool canLoop = loopDepth_ < 2 && budget > 0 && !inLambda_;
  const bool helpers = features_.on("helpers") && !callable().empty();
  const bool doubles = !writableDoubles().empty();
  const bool vectors = !writableVectors().empty();
  const bool intParam = !visible(VarType::Int).empty();
  const bool returns = sig_.ret != ReturnKind::Vector;
  const bool structs =
      !visible(VarType::Struct).empty() || !visible(VarType::Objects).empty();
  const bool writableStructs =
      !writable(VarType::Struct).empty() || !writable(VarType::Objects).empty();
  const bool objects = !visible(VarType::Objects).empty();
  enum Kind {
    DeclareDouble,
    DeclareVector,
    AssignDouble,
    WriteElement,
    If,
    ForOverVector,
    ForConstant,
    ForIntParam,
    While,
    DoWhile,
    RangeFor,
    Switch,
    Call,
    EarlyReturn,
    Break,
    Continue,
    AssignVector,
    DeclareArray,
    DeclareStruct,
    DeclareObjects,
    WriteField,
    MemberCall,
    RangeForObjects,
    Lambda,
    LongLoop,
    ElementCopyLoop,
    DeclareReference
  };
  switch (static_cast<Kind>(
      pick({inLoop_ ? 4 : 10,
            vectorsDeclared_ < 3 ? on("vector-local", 3) : 0,
            doubles ? 12 : 0,
            vectors ? on("elem-write", 5) : 0,
            canNest ? 8 : 0,
            canLoop ? 4 : 0,
            canLoop ? 3 : 0,
            canLoop && intParam ? on("for-int-param", 2) : 0,
            canLoop ? on("while", 3) : 0,
            canLoop ? on("do-while", 2) : 0,
            canLoop ? on("range-for", 2) : 0,
            canNest ? on("switch", 1) : 0,
            helpers ? 8 : 0,
            returns ? on("early-return", 2) : 0,
            breakOK_ ? on("break", 3) : 0,
            continueOK_ ? on("continue", 2) : 0,
            vectors ? on("vector-assign", 1) : 0,
            vectorsDeclared_ < 4 ? on("array-local", 2) : 0,
            objectsDeclared_ < 3 ? on("struct-local", 2) : 0,
            objectsDeclared_ < 3 ? on("objects-local", 1) : 0,
            writableStructs ? 4 : 0,
            writableStructs ? on("member-call", 3) : 0,
            canLoop && objects ? on("range-for-objects", 2) : 0,
            !inLambda_ && (checked_ || features_.on("lambda-helper"))
                ? on("lambda", 2)
                : 0,
            longAllowed() ? 2 : 0,
            canLoop ? on("elem-copy-loop", 2) : 0,
            doubles || vectors || writableStructs ? on("local-ref", 2) : 0}))) {
  case DeclareDouble:
    return declareDouble();
  case DeclareVector:
    return declareVector();
  case AssignDouble:
    return assignDouble();
  case WriteElement:
    return writeElement();
  case If:
    return ifStatement(budget);
  case ForOverVector:
    return forOverVector(budget);
  case ForConstant:
    return forConstant(budget);
  case ForIntParam:
    return forIntParam(budget);
  case While:
    return whileLoop(budget);
  case DoWhile:
    return doWhileLoop(budget);
  case RangeFor:
    return rangeFor(budget);
  case Switch:
    return switchStatement(budget);
  case Call:
    return callStatement();
  case EarlyReturn:
    return earlyReturn();
  case Break:
    return jump("break");
  case Continue:
    return jump("continue");
  case AssignVector:
    return assignVector();
  case DeclareArray:
    return declareArray();
  case DeclareStruct:
    return declareStruct();
  case DeclareObjects:
    return declareObjects();
  case WriteField:
    return writeField();
  case MemberCall:
    return memberCall();
  case RangeForObjects:
    return rangeForObjects(budget);
  case Lambda:
    return lambdaStatement();
  case LongLoop:
    return longLoop(budget);
  case ElementCopyLoop:
    return elementCopyLoop(budget);
  case DeclareReference:
    return declareReference();
  }
  (void)structs;
}

void Writer::declareDouble() {
  const std::string value = expr(3);
  const std::string name = fresh("d");
  line("double " + name + " = " + value + ";");
  Var v;
  v.name = name;
  v.type = VarType::Double;
  v.writable = true;
  v.depth = loopDepth_;
  declare(v);
}

void Writer::fillLoop(std::size_t vectorIndex) {
  const Var w = vars_[vectorIndex];
  const std::string i = fresh("i");
  const bool sized =
      w.sizeClass == 0 || w.sizeClass == LongClass || r_.percent(50);
  pushScope();
  if (sized)
    open("for (std::size_t " + i + " = 0; " + i + " < " + w.name +
         ".size(); ++" + i + ") {");
  else
    open("for (int " + i + " = 0; " + i + " < " + std::to_string(w.sizeClass) +
         "; ++" + i + ") {");
  Var x;
  x.name = i;
  x.type = sized ? VarType::Size : VarType::Int;
  x.sizeClass = w.sizeClass;
  x.bound = sized ? 0 : w.sizeClass;
  declare(x);
  ++loopDepth_;
  const double savedMult = mult_;
  mult_ *= w.sizeClass == LongClass ? 3000 : 6;
  ++longDepth_; // no long loop, and only cheap calls, in the fill
  vars_[vectorIndex].hidden = true; // its elements are being defined
  const std::string value = expr(2);
  vars_[vectorIndex].hidden = false;
  spend(1);
  --longDepth_;
  mult_ = savedMult;
  line(w.name + "[" + i + "] = " + value + ";");
  --loopDepth_;
  close();
  popScope();
}

void Writer::declareVector() {
  ++vectorsDeclared_;
  // Sources of sizes and copies: vectors (arrays give sizes only).
  std::vector<std::size_t> sources, sized;
  for (std::size_t k : visible(VarType::Vector)) {
    if (vars_[k].cont == Cont::Ptr)
      continue;
    sized.push_back(k);
    if (vars_[k].cont == Cont::Vec)
      sources.push_back(k);
  }
  const std::string name = fresh("w");
  Var w;
  w.name = name;
  w.type = VarType::Vector;
  w.writable = true;
  w.depth = loopDepth_;
  std::vector<const Signature *> makers;
  if (features_.on("helpers"))
    for (const Signature *h : callable())
      if (h->ret == ReturnKind::Vector && resultUsable(*h))
        makers.push_back(h);
  switch (pick({sized.empty() ? 0 : 4, sources.empty() ? 0 : 2,
                features_.on("vector-fill-ctor") ? 2 : 0, 2,
                makers.empty() || sources.empty() ? 0 : 3})) {
  case 0: {
    const Var &src = vars_[sized[r_.below(sized.size())]];
    w.sizeClass = src.sizeClass;
    line("std::vector<double> " + name + "(" + src.name + ".size());");
    const std::size_t k = declare(w);
    if (r_.percent(80))
      fillLoop(k);
    return;
  }
  case 1: {
    const Var &src = vars_[sources[r_.below(sources.size())]];
    w.sizeClass = src.sizeClass;
    line(r_.percent(50)
             ? "std::vector<double> " + name + "(" + src.name + ");"
             : "std::vector<double> " + name + " = " + src.name + ";");
    spend(w.sizeClass == LongClass ? 3000 : 6);
    declare(w);
    return;
  }
  case 2: {
    w.sizeClass = r_.range(3, 5);
    const std::string value = expr(2);
    line("std::vector<double> " + name + "(" + std::to_string(w.sizeClass) +
         ", " + value + ");");
    declare(w);
    return;
  }
  case 3: {
    w.sizeClass = r_.range(3, 5);
    line("std::vector<double> " + name + "(" + std::to_string(w.sizeClass) +
         ");");
    fillLoop(declare(w));
    return;
  }
  default: {
    const Signature &h = *makers[r_.below(makers.size())];
    int cls = -1;
    const std::string text = call(h, 2, &cls);
    if (text.empty()) {
      // No suitable arguments: a zero vector instead.
      w.sizeClass = 3;
      line("std::vector<double> " + name + "(3, 0.0);");
    } else {
      w.sizeClass = cls;
      line("std::vector<double> " + name + " = " + text + ";");
    }
    declare(w);
    return;
  }
  }
}

void Writer::update(const std::string &target, bool carried,
                    const std::string &rhs) {
  const bool mul = features_.on("compound-mul");
  const bool div = features_.on("compound-div");
  if (!carried) {
    switch (pick({5, 3, 2, mul ? 2 : 0, div && rhs.empty() ? 2 : 0})) {
    case 0:
      return line(target + " = " + (rhs.empty() ? expr(3) : rhs) + ";");
    case 1:
      return line(target + " += " + (rhs.empty() ? expr(3) : rhs) + ";");
    case 2:
      return line(target + " -= " + (rhs.empty() ? expr(3) : rhs) + ";");
    case 3:
      return line(target + " *= " +
                  (rhs.empty() ? expr(2) : "std::tanh(" + rhs + ")") + ";");
    default:
      return line(target + " /= " + positive(2) + ";");
    }
  }
  const std::string s = rhs.empty() ? squash(2) : "std::tanh(" + rhs + ")";
  // Over the thousands of iterations of a long loop only the contracting
  // forms stay bounded: x += c * s drifts, x *= 1 + c * s is a random walk
  // of its logarithm.
  const bool drift = longDepth_ == 0;
  const int form = pick(
      {4, 2, drift ? 3 : 0, drift ? 1 : 0, mul && drift ? 2 : 0, div ? 1 : 0});
  drifts_ |= form >= 2 && form <= 4;
  switch (form) {
  case 0:
    return line(target + " = " + constant(-90, 90) + " * " + target + " + " +
                s + ";");
  case 1:
    return line(target + " = " + constant(50, 150) + " * " + s + ";");
  case 2:
    return line(target + " += " + constant(10, 150) + " * " + s + ";");
  case 3:
    return line(target + " -= " + constant(10, 150) + " * " + s + ";");
  case 4:
    return line(target + " *= (1.0 + " + constant(5, 25) + " * " + s + ");");
  default: {
    const std::string e = expr(2);
    return line(target + " /= (1.0 + " + constant(5, 50) + " * " + e + " * " +
                e + ");");
  }
  }
}

void Writer::assignDouble() {
  const auto targets = writableDoubles();
  const Var &x = vars_[targets[r_.below(targets.size())]];
  const std::string name = x.name;
  update(name, x.depth < loopDepth_);
}

void Writer::writeElement() {
  const auto targets = writableVectors();
  const std::size_t k = targets[r_.below(targets.size())];
  std::string target = vars_[k].name + "[" + index(vars_[k]) + "]";
  const unsigned roll = r_.below(100);
  if (vars_[k].cont == Cont::Ptr && features_.on("deref") && roll < 20)
    target = "(*" + vars_[k].name + ")";
  update(target, vars_[k].depth < loopDepth_);
}

void Writer::assignVector() {
  std::vector<std::size_t> targets;
  for (std::size_t k : writableVectors())
    if (vars_[k].cont != Cont::Ptr)
      targets.push_back(k);
  if (targets.empty())
    return writeElement();
  const std::size_t k = targets[r_.below(targets.size())];
  std::vector<std::size_t> sources;
  for (std::size_t j : visible(vars_[k].cont))
    if (j != k && vars_[j].sizeClass == vars_[k].sizeClass)
      sources.push_back(j);
  if (sources.empty())
    return writeElement();
  spend(vars_[k].sizeClass == LongClass ? 3000 : 6);
  line(vars_[k].name + " = " + vars_[sources[r_.below(sources.size())]].name +
       ";");
}

void Writer::ifStatement(int &budget) {
  const std::string c = cond(1);
  ++nesting_;
  open("if (" + c + ") {");
  pushScope();
  block(takeBudget(budget, 1, 3));
  popScope();
  if (features_.on("if-else") && budget > 0 && r_.percent(50)) {
    if (r_.percent(30) && budget > 1) {
      close("} else if (" + cond(1) + ") {");
      ++indent_;
      pushScope();
      block(takeBudget(budget, 1, 2));
      popScope();
    }
    close("} else {");
    ++indent_;
    pushScope();
    block(takeBudget(budget, 1, 3));
    popScope();
  }
  close();
  --nesting_;
}

void Writer::loopBody(int &budget, bool continueOK, const std::string &first,
                      double trips) {
  const bool savedIn = inLoop_, savedBreak = breakOK_,
             savedContinue = continueOK_;
  const double savedMult = mult_;
  mult_ *= trips;
  inLoop_ = true;
  breakOK_ = true;
  continueOK_ = continueOK;
  ++loopDepth_;
  ++nesting_;
  pushScope();
  if (!first.empty())
    line(first);
  maybeLoopVector();
  block(takeBudget(budget, 1, longDepth_ > 0 ? 3 : 4));
  popScope();
  --nesting_;
  --loopDepth_;
  mult_ = savedMult;
  inLoop_ = savedIn;
  breakOK_ = savedBreak;
  continueOK_ = savedContinue;
}

/// The vectors and arrays a loop may run over here: no pointer (no size),
/// the long ones only where a long loop may start.
static std::vector<std::size_t>
loopable(const std::vector<Var> &vars, const std::vector<std::size_t> &vectors,
         bool longOK) {
  std::vector<std::size_t> out;
  for (std::size_t k : vectors)
    if (vars[k].cont != Cont::Ptr && (vars[k].sizeClass != LongClass || longOK))
      out.push_back(k);
  return out;
}

void Writer::forOverVector(int &budget) {
  const auto vectors = loopable(vars_, visible(VarType::Vector), canLong());
  if (vectors.empty())
    return forConstant(budget);
  const Var w = vars_[vectors[r_.below(vectors.size())]];
  const std::string i = fresh("i");
  Var x;
  x.name = i;
  x.sizeClass = w.sizeClass;
  x.type = VarType::Int;
  const std::string size = "static_cast<int>(" + w.name + ".size())";
  const std::string attr = attribute(false);
  pushScope();
  switch (pick({4, 2, features_.on("for-reverse") ? 2 : 0,
                features_.on("for-postdec") ? 1 : 0})) {
  case 0:
    x.type = VarType::Size;
    open(attr + "for (std::size_t " + i + " = 0; " + i + " < " + w.name +
         ".size(); ++" + i + ") {");
    break;
  case 1:
    open(attr + "for (int " + i + " = 0; " + i + " < " + size + "; ++" + i +
         ") {");
    break;
  case 2:
    open(attr + "for (int " + i + " = " + size + " - 1; " + i + " >= 0; --" +
         i + ") {");
    break;
  default:
    x.type = VarType::Size;
    open(attr + "for (std::size_t " + i + " = " + w.name + ".size(); " + i +
         "-- > 0;) {");
    break;
  }
  declare(x);
  const bool isLong = w.sizeClass == LongClass;
  longDepth_ += isLong;
  longLoops_ += isLong;
  loopBody(budget, true, "", isLong ? 3000 : minSize(w.sizeClass) + 3);
  longDepth_ -= isLong;
  close();
  popScope();
}

void Writer::forConstant(int &budget) {
  const int k = r_.range(2, 6);
  const std::string K = std::to_string(k);
  const std::string i = fresh("i");
  Var x;
  x.name = i;
  x.type = VarType::Int;
  const bool step = features_.on("for-step");
  const std::string attr = attribute(false);
  pushScope();
  switch (pick(
      {5, features_.on("for-reverse") ? 2 : 0, step ? 1 : 0, step ? 1 : 0})) {
  case 0:
    x.bound = k;
    open(attr + "for (int " + i + " = 0; " + i + " < " + K + "; ++" + i +
         ") {");
    break;
  case 1:
    x.bound = k + 1;
    open(attr + "for (int " + i + " = " + K + "; " + i + " > 0; --" + i +
         ") {");
    break;
  case 2:
    x.bound = 2 * k;
    open(attr + "for (int " + i + " = 0; " + i + " < " + std::to_string(2 * k) +
         "; " + i + " += 2) {");
    break;
  default:
    x.bound = k + 1;
    open(attr + "for (int " + i + " = 1; " + i + " <= " + K + "; ++" + i +
         ") {");
    break;
  }
  declare(x);
  loopBody(budget, true, "", k);
  close();
  popScope();
}

void Writer::forIntParam(int &budget) {
  std::vector<std::size_t> params;
  for (std::size_t j : visible(VarType::Int))
    if (vars_[j].name == "n" || vars_[j].name[0] == 'p')
      params.push_back(j);
  if (params.empty())
    return forConstant(budget);
  const std::string bound = vars_[params[r_.below(params.size())]].name;
  const std::string i = fresh("i");
  const std::string attr = attribute(false);
  pushScope();
  open(attr + "for (int " + i + " = 0; " + i + " < " + bound + "; ++" + i +
       ") {");
  Var x;
  x.name = i;
  x.type = VarType::Int;
  declare(x);
  loopBody(budget, true, "", 5);
  close();
  popScope();
}

/// The trip count of a while or do loop: 2 to 6, or a long one.
static int tripCount(fuzz_rng::rng &r, bool longOK) {
  const int k = r.range(2, 6);
  const unsigned roll = r.below(100);
  if (!longOK || roll >= 25)
    return k;
  static const int lengths[] = {120, 300, 700, 1500};
  return lengths[roll % 4];
}

void Writer::whileLoop(int &budget) {
  const int k = tripCount(r_, longAllowed());
  const bool isLong = k > 6;
  const std::string K = std::to_string(k);
  const std::string c = fresh("k");
  Var counter;
  counter.name = c;
  counter.type = VarType::Int;
  counter.bound = k + 1;
  const std::string attr = attribute(true);
  longDepth_ += isLong;
  longLoops_ += isLong;
  switch (r_.below(4)) {
  case 0:
    line("int " + c + " = 0;");
    declare(counter);
    open(attr + "while (" + c + " < " + K + ") {");
    loopBody(budget, true, "++" + c + ";", k);
    break;
  case 1:
    line("int " + c + " = 0;");
    declare(counter);
    open(attr + "while (true) {");
    loopBody(budget, false, "", k);
    line("if (++" + c + " >= " + K + ")");
    line("  break;");
    break;
  case 2: {
    line("int " + c + " = " + K + ";");
    const std::size_t kk = declare(counter);
    open(attr + "while (" + c + "-- > 0) {");
    loopBody(budget, true, "", k);
    vars_[kk].hidden = true; // -1 after the loop: no index any more
    break;
  }
  default: {
    line("int " + c + " = 0;");
    declare(counter);
    const std::string cnd = cond(0);
    open(attr + "while (" + c + " < " + K + " && " + cnd + ") {");
    loopBody(budget, false, "", k);
    line("++" + c + ";");
    break;
  }
  }
  longDepth_ -= isLong;
  close();
}

void Writer::doWhileLoop(int &budget) {
  const int k = tripCount(r_, longAllowed());
  const bool isLong = k > 6;
  const std::string K = std::to_string(k);
  const std::string c = fresh("k");
  Var counter;
  counter.name = c;
  counter.type = VarType::Int;
  counter.bound = k + 1;
  line("int " + c + " = 0;");
  declare(counter);
  open(attribute(true) + "do {");
  longDepth_ += isLong;
  longLoops_ += isLong;
  if (r_.percent(50)) {
    loopBody(budget, true, "++" + c + ";", k);
    close("} while (" + c + " < " + K + ");");
  } else {
    loopBody(budget, false, "", k);
    line("++" + c + ";");
    const std::string cnd = cond(0);
    close("} while (" + c + " < " + K + " && " + cnd + ");");
  }
  longDepth_ -= isLong;
}

void Writer::rangeFor(int &budget) {
  const auto vectors = loopable(vars_, visible(VarType::Vector), canLong());
  if (vectors.empty())
    return forConstant(budget);
  const std::size_t k = vectors[r_.below(vectors.size())];
  const std::string e = fresh("e");
  Var x;
  x.name = e;
  x.type = VarType::Double;
  x.rangeVar = true;
  const bool byRef = features_.on("range-for-ref") && vars_[k].writable &&
                     !vars_[k].frozen && r_.percent(40);
  const std::string attr = attribute(false);
  const bool isLong = vars_[k].sizeClass == LongClass;
  const double trips = isLong ? 3000 : minSize(vars_[k].sizeClass) + 3;
  longDepth_ += isLong;
  longLoops_ += isLong;
  pushScope();
  if (byRef) {
    rangeForReference(x, k, false, attr, budget, trips);
  } else {
    open(attr + "for (" + (r_.percent(50) ? "double " : "const double &") + e +
         " : " + vars_[k].name + ") {");
    x.depth = loopDepth_ + 1;
    declare(x);
    loopBody(budget, true, "", trips);
  }
  longDepth_ -= isLong;
  close();
  popScope();
}

void Writer::rangeForReference(Var x, std::size_t k, bool object,
                               const std::string &attr, int &budget,
                               double trips) {
  open(attr + "for (" + (object ? "Pt &" : "double &") + x.name + " : " +
       vars_[k].name + ") {");
  // Writes go through the element only (the container is frozen meanwhile);
  // it is carried (an element of the outer container).
  x.writable = true;
  x.depth = loopDepth_;
  x.aliasOf = static_cast<int>(k);
  vars_[k].frozen = true;
  declare(x);
  ++loopDepth_;
  update(object ? x.name + "." + structField(r_.below(3)) : x.name, true);
  --loopDepth_;
  loopBody(budget, true, "", trips);
  vars_[k].frozen = false;
}

void Writer::switchStatement(int &budget) {
  const std::string x = intExpr();
  const bool savedBreak = breakOK_, savedContinue = continueOK_;
  breakOK_ = false;
  continueOK_ = false;
  ++nesting_;
  open("switch (" + x + " % 3) {");
  for (int c = 0; c < 3; ++c) {
    open("case " + std::to_string(c) + ": {");
    pushScope();
    block(takeBudget(budget, 1, 2));
    popScope();
    if (c == 1) {
      close();
      line("  [[fallthrough]];");
    } else if (features_.on("switch-braced-break") && r_.percent(50)) {
      line("break;");
      close();
    } else {
      close();
      line("  break;");
    }
  }
  line("default:");
  line("  break;");
  close();
  --nesting_;
  breakOK_ = savedBreak;
  continueOK_ = savedContinue;
}

bool Writer::resultUsable(const Signature &h) const {
  // The result of a call with in-out arguments stored in a variable: see the
  // finding inout_args_restored_in_wrong_order.cpp.
  return h.pure() || features_.on("inout-call-result");
}

void Writer::callStatement() {
  // A helper whose arguments the variables in scope can supply, helpers
  // with references, objects, arrays and pointers more often.
  std::vector<const Signature *> hs;
  std::vector<unsigned> weights;
  unsigned total = 0;
  for (const Signature *h : callable()) {
    if (!satisfiable(*h))
      continue;
    unsigned weight = 1;
    for (const Param &p : h->params)
      weight += p.kind != ParamKind::DoubleValue && p.kind != ParamKind::Int &&
                p.kind != ParamKind::VectorCRef &&
                p.kind != ParamKind::VectorValue;
    hs.push_back(h);
    weights.push_back(weight);
    total += weight;
  }
  if (hs.empty())
    return declareDouble();
  unsigned roll = r_.below(total);
  std::size_t chosen = 0;
  while (roll >= weights[chosen])
    roll -= weights[chosen++];
  const Signature &h = *hs[chosen];
  switch (h.ret) {
  case ReturnKind::Double: {
    const auto targets = writableDoubles();
    const unsigned how = r_.below(3);
    if (!resultUsable(h)) {
      const std::string text = call(h, 2);
      return text.empty() ? declareDouble() : line(text + ";");
    }
    if (how == 0 || targets.empty()) {
      const std::string text = call(h, 2);
      if (text.empty())
        return declareDouble();
      const std::string name = fresh("d");
      line("double " + name + " = " + text + ";");
      Var v;
      v.name = name;
      v.writable = true;
      v.depth = loopDepth_;
      declare(v);
      return;
    }
    const std::size_t t = targets[r_.below(targets.size())];
    // The update reads t besides the call: the call must not write it,
    // under any name (C++ leaves the order of the two unspecified).
    std::vector<std::size_t> hidden;
    hideStorage(t, hidden);
    const std::string text = call(h, 2);
    unhide(hidden);
    if (text.empty())
      return assignDouble();
    if (how == 1 && !h.pure())
      return line(text + ";");
    return update(vars_[t].name, vars_[t].depth < loopDepth_, text);
  }
  case ReturnKind::Void: {
    const std::string text = call(h, 2);
    if (text.empty())
      return declareDouble();
    return line(text + ";");
  }
  case ReturnKind::Vector: {
    if (!resultUsable(h))
      return declareDouble();
    // Half of the time into an existing vector, of the class it fixes.
    std::vector<std::size_t> targets;
    for (std::size_t k : writableVectors())
      if (vars_[k].cont == Cont::Vec)
        targets.push_back(k);
    int cls = -1;
    std::size_t target = vars_.size();
    if (!targets.empty() && r_.percent(50)) {
      target = targets[r_.below(targets.size())];
      cls = vars_[target].sizeClass;
    }
    // w = h(w, ...): see the finding vector_self_assign_from_call_wrong.cpp.
    const bool hide =
        target < vars_.size() && !features_.on("vector-self-assign-call");
    if (hide)
      vars_[target].hidden = true;
    const std::string text = call(h, 2, &cls);
    if (hide)
      vars_[target].hidden = false;
    if (text.empty())
      return declareDouble();
    if (target < vars_.size())
      return line(vars_[target].name + " = " + text + ";");
    const std::string name = fresh("w");
    line("std::vector<double> " + name + " = " + text + ";");
    Var w;
    w.name = name;
    w.type = VarType::Vector;
    w.writable = true;
    w.depth = loopDepth_;
    w.sizeClass = cls;
    declare(w);
    return;
  }
  }
}

void Writer::earlyReturn() {
  const std::string c = cond(1);
  if (sig_.ret == ReturnKind::Void) {
    line("if (" + c + ")");
    line("  return;");
    return;
  }
  const std::string value = expr(2);
  line("if (" + c + ")");
  line("  return " + value + ";");
}

void Writer::jump(const char *keyword) {
  const std::string c = cond(1);
  line("if (" + c + ")");
  line(std::string("  ") + keyword + ";");
}

} // namespace fuzzgen
