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
  --budget;
  const auto on = [&](const char *name, int weight) {
    return features_.on(name) ? weight : 0;
  };
  const bool canNest = nesting_ < 3 && budget > 0;
  const bool canLoop = loopDepth_ < 2 && budget > 0;
  const bool helpers = features_.on("helpers") && !callees_.empty();
  const bool doubles = !writableDoubles().empty();
  const bool vectors = !writableVectors().empty();
  const bool intParam = !visible(VarType::Int).empty();
  const bool returns = sig_.ret != ReturnKind::Vector;
  switch (
      pick({inLoop_ ? 4 : 10, vectorsDeclared_ < 3 ? on("vector-local", 3) : 0,
            doubles ? 12 : 0, vectors ? on("elem-write", 5) : 0,
            canNest ? 8 : 0, canLoop ? 4 : 0, canLoop ? 3 : 0,
            canLoop && intParam ? on("for-int-param", 2) : 0,
            canLoop ? on("while", 3) : 0, canLoop ? on("do-while", 2) : 0,
            canLoop ? on("range-for", 2) : 0, canNest ? on("switch", 1) : 0,
            helpers ? 6 : 0, returns ? on("early-return", 2) : 0,
            breakOK_ ? on("break", 3) : 0, continueOK_ ? on("continue", 2) : 0,
            vectors ? on("vector-assign", 1) : 0})) {
  case 0:
    return declareDouble();
  case 1:
    return declareVector();
  case 2:
    return assignDouble();
  case 3:
    return writeElement();
  case 4:
    return ifStatement(budget);
  case 5:
    return forOverVector(budget);
  case 6:
    return forConstant(budget);
  case 7:
    return forIntParam(budget);
  case 8:
    return whileLoop(budget);
  case 9:
    return doWhileLoop(budget);
  case 10:
    return rangeFor(budget);
  case 11:
    return switchStatement(budget);
  case 12:
    return callStatement();
  case 13:
    return earlyReturn();
  case 14:
    return jump("break");
  case 15:
    return jump("continue");
  default:
    return assignVector();
  }
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
  const bool sized = w.sizeClass == 0 || r_.percent(50);
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
  vars_[vectorIndex].hidden = true; // its elements are being defined
  const std::string value = expr(2);
  vars_[vectorIndex].hidden = false;
  line(w.name + "[" + i + "] = " + value + ";");
  --loopDepth_;
  close();
  popScope();
}

void Writer::declareVector() {
  ++vectorsDeclared_;
  const auto sources = visible(VarType::Vector);
  const std::string name = fresh("w");
  Var w;
  w.name = name;
  w.type = VarType::Vector;
  w.writable = true;
  w.depth = loopDepth_;
  std::vector<const Signature *> makers;
  if (features_.on("helpers"))
    for (const Signature &h : callees_)
      if (h.ret == ReturnKind::Vector && resultUsable(h))
        makers.push_back(&h);
  switch (pick({sources.empty() ? 0 : 4, sources.empty() ? 0 : 2,
                features_.on("vector-fill-ctor") ? 2 : 0, 2,
                makers.empty() || sources.empty() ? 0 : 3})) {
  case 0: {
    const Var &src = vars_[sources[r_.below(sources.size())]];
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
  switch (pick({4, 2, 3, 1, mul ? 2 : 0, div ? 1 : 0})) {
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
  const std::string target = vars_[k].name + "[" + index(vars_[k]) + "]";
  update(target, vars_[k].depth < loopDepth_);
}

void Writer::assignVector() {
  const auto targets = writableVectors();
  const std::size_t k = targets[r_.below(targets.size())];
  std::vector<std::size_t> sources;
  for (std::size_t j : visible(VarType::Vector))
    if (j != k && vars_[j].sizeClass == vars_[k].sizeClass)
      sources.push_back(j);
  if (sources.empty())
    return writeElement();
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

void Writer::loopBody(int &budget, bool continueOK, const std::string &first) {
  const bool savedIn = inLoop_, savedBreak = breakOK_,
             savedContinue = continueOK_;
  inLoop_ = true;
  breakOK_ = true;
  continueOK_ = continueOK;
  ++loopDepth_;
  ++nesting_;
  pushScope();
  if (!first.empty())
    line(first);
  block(takeBudget(budget, 1, 4));
  popScope();
  --nesting_;
  --loopDepth_;
  inLoop_ = savedIn;
  breakOK_ = savedBreak;
  continueOK_ = savedContinue;
}

void Writer::forOverVector(int &budget) {
  const auto vectors = visible(VarType::Vector);
  if (vectors.empty())
    return forConstant(budget);
  const Var w = vars_[vectors[r_.below(vectors.size())]];
  const std::string i = fresh("i");
  Var x;
  x.name = i;
  x.sizeClass = w.sizeClass;
  x.type = VarType::Int;
  const std::string size = "static_cast<int>(" + w.name + ".size())";
  pushScope();
  switch (pick({4, 2, features_.on("for-reverse") ? 2 : 0,
                features_.on("for-postdec") ? 1 : 0})) {
  case 0:
    x.type = VarType::Size;
    open("for (std::size_t " + i + " = 0; " + i + " < " + w.name +
         ".size(); ++" + i + ") {");
    break;
  case 1:
    open("for (int " + i + " = 0; " + i + " < " + size + "; ++" + i + ") {");
    break;
  case 2:
    open("for (int " + i + " = " + size + " - 1; " + i + " >= 0; --" + i +
         ") {");
    break;
  default:
    x.type = VarType::Size;
    open("for (std::size_t " + i + " = " + w.name + ".size(); " + i +
         "-- > 0;) {");
    break;
  }
  declare(x);
  loopBody(budget, true);
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
  pushScope();
  switch (pick(
      {5, features_.on("for-reverse") ? 2 : 0, step ? 1 : 0, step ? 1 : 0})) {
  case 0:
    x.bound = k;
    open("for (int " + i + " = 0; " + i + " < " + K + "; ++" + i + ") {");
    break;
  case 1:
    x.bound = k + 1;
    open("for (int " + i + " = " + K + "; " + i + " > 0; --" + i + ") {");
    break;
  case 2:
    x.bound = 2 * k;
    open("for (int " + i + " = 0; " + i + " < " + std::to_string(2 * k) + "; " +
         i + " += 2) {");
    break;
  default:
    x.bound = k + 1;
    open("for (int " + i + " = 1; " + i + " <= " + K + "; ++" + i + ") {");
    break;
  }
  declare(x);
  loopBody(budget, true);
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
  pushScope();
  open("for (int " + i + " = 0; " + i + " < " + bound + "; ++" + i + ") {");
  Var x;
  x.name = i;
  x.type = VarType::Int;
  declare(x);
  loopBody(budget, true);
  close();
  popScope();
}

void Writer::whileLoop(int &budget) {
  const int k = r_.range(2, 6);
  const std::string K = std::to_string(k);
  const std::string c = fresh("k");
  Var counter;
  counter.name = c;
  counter.type = VarType::Int;
  counter.bound = k + 1;
  switch (r_.below(4)) {
  case 0:
    line("int " + c + " = 0;");
    declare(counter);
    open("while (" + c + " < " + K + ") {");
    loopBody(budget, true, "++" + c + ";");
    break;
  case 1:
    line("int " + c + " = 0;");
    declare(counter);
    open("while (true) {");
    loopBody(budget, false);
    line("if (++" + c + " >= " + K + ")");
    line("  break;");
    break;
  case 2: {
    line("int " + c + " = " + K + ";");
    const std::size_t k = declare(counter);
    open("while (" + c + "-- > 0) {");
    loopBody(budget, true);
    vars_[k].hidden = true; // -1 after the loop: no index any more
    break;
  }
  default: {
    line("int " + c + " = 0;");
    declare(counter);
    const std::string cnd = cond(0);
    open("while (" + c + " < " + K + " && " + cnd + ") {");
    loopBody(budget, false);
    line("++" + c + ";");
    break;
  }
  }
  close();
}

void Writer::doWhileLoop(int &budget) {
  const int k = r_.range(2, 6);
  const std::string K = std::to_string(k);
  const std::string c = fresh("k");
  Var counter;
  counter.name = c;
  counter.type = VarType::Int;
  counter.bound = k + 1;
  line("int " + c + " = 0;");
  declare(counter);
  open("do {");
  if (r_.percent(50)) {
    loopBody(budget, true, "++" + c + ";");
    close("} while (" + c + " < " + K + ");");
  } else {
    loopBody(budget, false);
    line("++" + c + ";");
    const std::string cnd = cond(0);
    close("} while (" + c + " < " + K + " && " + cnd + ");");
  }
}

void Writer::rangeFor(int &budget) {
  const auto vectors = visible(VarType::Vector);
  if (vectors.empty())
    return forConstant(budget);
  const std::size_t k = vectors[r_.below(vectors.size())];
  const std::string e = fresh("e");
  Var x;
  x.name = e;
  x.type = VarType::Double;
  const bool byRef = features_.on("range-for-ref") && vars_[k].writable &&
                     !vars_[k].frozen && r_.percent(40);
  pushScope();
  if (byRef) {
    open("for (double &" + e + " : " + vars_[k].name + ") {");
    // Writes go through e only; e is carried (an element of the outer w).
    x.writable = true;
    x.depth = loopDepth_;
    x.aliasOf = static_cast<int>(k);
    vars_[k].frozen = true;
    declare(x);
    ++loopDepth_;
    update(e, true);
    --loopDepth_;
    loopBody(budget, true);
    vars_[k].frozen = false;
  } else {
    open(std::string("for (") +
         (r_.percent(50) ? "double " : "const double &") + e + " : " +
         vars_[k].name + ") {");
    x.depth = loopDepth_ + 1;
    declare(x);
    loopBody(budget, true);
  }
  close();
  popScope();
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
  const Signature &h = callees_[r_.below(callees_.size())];
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
    vars_[t].hidden = true;
    const std::string text = call(h, 2);
    vars_[t].hidden = false;
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
    const auto targets = writableVectors();
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
