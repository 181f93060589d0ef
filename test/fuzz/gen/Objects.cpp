//===- test/fuzz/gen/Objects.cpp - arrays, structs, lambdas ---------------===//
///
/// \file
/// std::array locals, the unit's struct Pt (fields x y z; member functions
/// push, which writes two fields from a const double &, mix, which writes
/// fields from another Pt, and the const dot and norm), std::vector<Pt>
/// locals and range-for over them, and lambdas capturing by reference. The
/// aliasing features give a member function a field of its own object
/// (s.push(s.x)) or the object itself (s.mix(s)), and a lambda that writes a
/// captured variable that variable by reference.
//===----------------------------------------------------------------------===//
#include "Writer.h"

#include <cassert>

namespace fuzzgen {

namespace {

const char *const fields[] = {"x", "y", "z"};

} // namespace

const char *structField(unsigned i) { return fields[i % 3]; }

std::string writeStruct(std::uint64_t seed) {
  fuzz_rng::rng r(seed);
  auto c = [&](int lo, int hi) {
    const int v = r.range(lo, hi);
    return std::to_string(v / 100) + "." + (v % 100 < 10 ? "0" : "") +
           std::to_string(v % 100);
  };
  // In a namespace of its own: argument-dependent lookup of a helper
  // taking a Pt must not find the global helpers from namespace probe.
  std::string out = "// The struct of the unit: its member functions write "
                    "fields from arguments\n// that may alias them.\n"
                    "namespace pts {\nstruct Pt {\n  double x;\n  double "
                    "y;\n  double z;\n";
  // push writes every field, each from s read again after the previous
  // writes (s may be x, y or z: b.push(b.x)); mix likewise from o (which
  // may be *this: b.mix(b)). The order of the fields is drawn.
  static const char *const orders[] = {"xyz", "yzx", "zxy", "xzy"};
  const char *order = orders[r.below(4)];
  static const char *const squash[] = {"std::tanh", "std::sin"};
  out += "  void push(const double &s) {\n";
  for (int k = 0; k < 3; ++k) {
    const char f = order[k], g = order[(k + 1) % 3];
    out += std::string("    ") + f + " = " + c(40, 90) + " * " + f + " + " +
           c(10, 50) + " * " + squash[r.below(2)] + "(s" +
           (r.percent(50) ? " * " : " + ") + g + ");\n";
  }
  out += "  }\n";
  order = orders[r.below(4)];
  out += "  void mix(const Pt &o) {\n";
  for (int k = 0; k < 3; ++k) {
    const char f = order[k], g = order[(k + 1) % 3], h = order[(k + 2) % 3];
    out += std::string("    ") + f + " = " + c(40, 90) + " * " + f + " + " +
           c(10, 50) + " * " + squash[r.below(2)] + "(o." + g + " - o." + h +
           " * " + f + ");\n";
  }
  out += "  }\n";
  out += "  double dot(const Pt &o) const { return x * o.x + y * o.y + z * "
         "o.z; }\n"
         "  double norm() const { return std::sqrt(1.0 + x * x + y * y + z "
         "* z); }\n};\n} // namespace pts\nusing pts::Pt;\n";
  return out;
}

void Writer::declareArray() {
  ++vectorsDeclared_;
  const int n = r_.range(3, 4);
  const std::string name = fresh("a");
  Var a;
  a.name = name;
  a.type = VarType::Vector;
  a.cont = Cont::Arr;
  a.writable = true;
  a.depth = loopDepth_;
  a.sizeClass = n;
  const std::string type = "std::array<double, " + std::to_string(n) + ">";
  std::vector<std::size_t> copies;
  for (std::size_t k : visible(Cont::Arr))
    if (vars_[k].sizeClass == n)
      copies.push_back(k);
  switch (pick({5, copies.empty() ? 0 : 2, 2})) {
  case 0: {
    std::string init;
    for (int k = 0; k < n; ++k)
      init += (k ? ", " : "") + expr(2);
    line(type + " " + name + "{" + init + "};");
    declare(a);
    return;
  }
  case 1:
    line(type + " " + name + " = " +
         vars_[copies[r_.below(copies.size())]].name + ";");
    declare(a);
    return;
  default:
    line(type + " " + name + "{};");
    fillLoop(declare(a));
    return;
  }
}

void Writer::declareStruct() {
  ++objectsDeclared_;
  const std::string name = fresh("s");
  Var s;
  s.name = name;
  s.type = VarType::Struct;
  s.writable = true;
  s.depth = loopDepth_;
  const auto structs = visible(VarType::Struct);
  const auto objects = visible(VarType::Objects);
  switch (pick({6, structs.empty() ? 0 : 2, objects.empty() ? 0 : 2})) {
  case 0: {
    const std::string a = expr(2), b = expr(2), c = expr(2);
    line("Pt " + name + "{" + a + ", " + b + ", " + c + "};");
    break;
  }
  case 1:
    line("Pt " + name + " = " + vars_[structs[r_.below(structs.size())]].name +
         ";");
    break;
  default: {
    const Var &q = vars_[objects[r_.below(objects.size())]];
    line("Pt " + name + " = " + q.name + "[" + index(q) + "];");
    break;
  }
  }
  declare(s);
}

void Writer::declareObjects() {
  ++objectsDeclared_;
  const std::string name = fresh("q");
  Var q;
  q.name = name;
  q.type = VarType::Objects;
  q.writable = true;
  q.depth = loopDepth_;
  std::vector<std::size_t> sized;
  for (std::size_t k : visible(VarType::Vector))
    if (vars_[k].cont != Cont::Ptr && vars_[k].sizeClass != LongClass)
      sized.push_back(k);
  const std::string a = expr(2), b = expr(2), c = expr(2);
  const std::string init = "Pt{" + a + ", " + b + ", " + c + "}";
  if (!sized.empty() && r_.percent(60)) {
    const Var &src = vars_[sized[r_.below(sized.size())]];
    q.sizeClass = src.sizeClass;
    line("std::vector<Pt> " + name + "(" + src.name + ".size(), " + init +
         ");");
  } else {
    q.sizeClass = r_.range(3, 4);
    line("std::vector<Pt> " + name + "(" + std::to_string(q.sizeClass) + ", " +
         init + ");");
  }
  const std::size_t k = declare(q);
  if (!r_.percent(60))
    return;
  // Give the elements different values.
  const std::string i = fresh("i");
  pushScope();
  open("for (std::size_t " + i + " = 0; " + i + " < " + name + ".size(); ++" +
       i + ") {");
  Var x;
  x.name = i;
  x.type = VarType::Size;
  x.sizeClass = q.sizeClass;
  declare(x);
  ++loopDepth_;
  ++longDepth_;
  vars_[k].hidden = true;
  const std::string field = fields[r_.below(3)];
  const std::string value = expr(2);
  vars_[k].hidden = false;
  --longDepth_;
  --loopDepth_;
  line(name + "[" + i + "]." + field + " = " + value + ";");
  close();
  popScope();
}

std::string Writer::fieldRef(bool writableOnly, int *var) {
  std::vector<std::size_t> options =
      writableOnly ? writable(VarType::Struct) : visible(VarType::Struct);
  for (std::size_t k :
       writableOnly ? writable(VarType::Objects) : visible(VarType::Objects))
    options.push_back(k);
  if (options.empty())
    return "";
  const std::size_t k = options[r_.below(options.size())];
  if (var)
    *var = static_cast<int>(k);
  const std::string field = fields[r_.below(3)];
  if (vars_[k].type == VarType::Objects)
    return vars_[k].name + "[" + index(vars_[k]) + "]." + field;
  return vars_[k].name + "." + field;
}

std::string Writer::structLeaf(int depth) {
  std::vector<std::size_t> options = visible(VarType::Struct);
  for (std::size_t k : visible(VarType::Objects))
    options.push_back(k);
  if (options.empty())
    return "";
  const unsigned roll = r_.below(100);
  if (roll < 70 || depth <= 0 || !on("member-call"))
    return fieldRef(false);
  auto object = [&]() {
    const std::size_t k = options[r_.below(options.size())];
    if (vars_[k].type == VarType::Objects)
      return vars_[k].name + "[" + index(vars_[k]) + "]";
    return vars_[k].name;
  };
  const std::string a = object();
  if (roll < 85)
    return a + ".norm()";
  const std::string b = object();
  return "std::tanh(" + a + ".dot(" + b + "))";
}

void Writer::writeField() {
  int var = -1;
  const std::string target = fieldRef(true, &var);
  if (target.empty())
    return assignDouble();
  update(target, vars_[var].depth < loopDepth_);
}

void Writer::memberCall() {
  int var = -1;
  // The object: a writable struct, or an element of a vector of structs.
  std::vector<std::size_t> options = writable(VarType::Struct);
  for (std::size_t k : writable(VarType::Objects))
    options.push_back(k);
  if (options.empty())
    return declareDouble();
  const std::size_t k = options[r_.below(options.size())];
  var = static_cast<int>(k);
  const Var &s = vars_[k];
  std::string object = s.name, element;
  if (s.type == VarType::Objects) {
    element = "[" + index(s) + "]";
    object += element;
  }
  const unsigned roll = r_.below(100);
  const bool push = roll < 60;
  // Aliased: a field of the object itself (of the same element, or of
  // another one at a run-time index), or the object itself.
  const bool aliasField = on("alias-member-field") && r_.percent(50);
  const bool aliasSelf = on("alias-member-self") && r_.percent(50);
  std::string arg;
  if (push) {
    if (aliasField) {
      std::string other = object;
      if (s.type == VarType::Objects && r_.percent(50) &&
          on("alias-member-elems"))
        other = s.name + "[" + index(s) + "]";
      arg = other + "." + fields[r_.below(3)];
    } else {
      // No other way to its fields.
      const int container = vars_[k].aliasOf;
      vars_[k].hidden = true;
      if (container >= 0)
        vars_[container].hidden = true;
      arg = expr(2);
      vars_[k].hidden = false;
      if (container >= 0)
        vars_[container].hidden = false;
    }
    line(object + ".push(" + arg + ");");
    return;
  }
  if (aliasSelf) {
    std::string other = object;
    if (s.type == VarType::Objects && r_.percent(50) &&
        on("alias-member-elems"))
      other = s.name + "[" + index(s) + "]";
    line(object + ".mix(" + other + ");");
    return;
  }
  const int container = vars_[k].aliasOf;
  vars_[k].hidden = true;
  if (container >= 0)
    vars_[container].hidden = true;
  std::vector<std::size_t> others = visible(VarType::Struct);
  for (std::size_t j : visible(VarType::Objects))
    others.push_back(j);
  std::string other;
  if (!others.empty()) {
    const std::size_t j = others[r_.below(others.size())];
    other = vars_[j].name;
    if (vars_[j].type == VarType::Objects)
      other += "[" + index(vars_[j]) + "]";
  }
  vars_[k].hidden = false;
  if (container >= 0)
    vars_[container].hidden = false;
  if (other.empty()) {
    const std::string e = expr(2);
    line(object + ".push(" + e + ");");
  } else {
    line(object + ".mix(" + other + ");");
  }
  (void)var;
}

void Writer::rangeForObjects(int &budget) {
  const auto objects = visible(VarType::Objects);
  if (objects.empty())
    return forConstant(budget);
  const std::size_t k = objects[r_.below(objects.size())];
  const std::string e = fresh("e");
  Var x;
  x.name = e;
  x.type = VarType::Struct;
  x.rangeVar = true;
  const unsigned how = r_.below(3);
  const bool byRef = how == 0 && vars_[k].writable && !vars_[k].frozen &&
                     features_.on("range-for-ref");
  const std::string attr = attribute(false);
  const double trips = minSize(vars_[k].sizeClass) + 3;
  pushScope();
  if (byRef) {
    rangeForReference(x, k, true, attr, budget, trips);
  } else {
    // By value: a copy the body may write; by const reference: read only.
    const bool copy = how != 2;
    open(attr + "for (" + (copy ? "Pt " : "const Pt &") + e + " : " +
         vars_[k].name + ") {");
    x.writable = copy;
    x.depth = loopDepth_ + 1;
    declare(x);
    loopBody(budget, true, "", trips);
  }
  close();
  popScope();
}

void Writer::lambdaStatement() {
  const std::string name = fresh("l");
  // Variables a lambda must not capture: range-for variables and vectors of
  // structs (refused: "the lambda captures 'q' of type 'std::vector<Pt>'"),
  // pointers (not captured by the generator); hidden while it is written.
  std::vector<std::size_t> hidden;
  for (std::size_t k = 0; k < vars_.size(); ++k)
    if (!vars_[k].hidden &&
        (vars_[k].rangeVar || vars_[k].type == VarType::Objects ||
         (vars_[k].type == VarType::Vector && vars_[k].cont == Cont::Ptr))) {
      vars_[k].hidden = true;
      hidden.push_back(k);
    }
  auto unhide = [&]() {
    for (std::size_t k : hidden)
      vars_[k].hidden = false;
  };
  const bool savedLambda = inLambda_;
  const auto targets = writableDoubles();
  const bool inout = !targets.empty() && r_.percent(60);
  const int savedLoop = loopDepth_;
  if (!inout) {
    // A value lambda, read twice in an update.
    inLambda_ = true;
    pushScope();
    Var t;
    t.name = fresh("t");
    declare(t);
    const std::string body = expr(3);
    popScope();
    inLambda_ = savedLambda;
    const bool cref = r_.percent(50);
    line("auto " + name + " = [&](" + (cref ? "const double &" : "double ") +
         t.name + ") { return " + body + "; };");
    unhide();
    const std::string a = expr(1), b = leaf();
    const auto all = writableDoubles();
    if (all.empty()) {
      const std::string d = fresh("d");
      line("double " + d + " = " + name + "(" + a + ") + " + name + "(" + b +
           ");");
      Var v;
      v.name = d;
      v.writable = true;
      v.depth = loopDepth_;
      declare(v);
      return;
    }
    const Var &target = vars_[all[r_.below(all.size())]];
    update(target.name, target.depth < loopDepth_,
           name + "(" + a + ") + " + name + "(" + b + ")");
    return;
  }
  // An in-out lambda: writes a captured double `a` and its parameter t,
  // reads c. With alias-lambda it is called with a itself as t or c.
  const std::size_t ka = targets[r_.below(targets.size())];
  const std::string a = vars_[ka].name;
  const bool aliasing = on("alias-lambda") && r_.percent(60);
  const unsigned how = r_.below(3); // t = a, c = a, both
  // The argument for t, when not a: another writable double (hidden while
  // the body is written, so that the body does not reach it).
  std::vector<std::size_t> others;
  for (std::size_t k : writableDoubles())
    if (k != ka && vars_[k].aliasOf < 0)
      others.push_back(k);
  const bool tIsA = aliasing && how != 1;
  const bool cIsA = aliasing && how != 0;
  if (!tIsA && others.empty()) {
    unhide();
    return declareDouble();
  }
  const std::size_t kt = tIsA ? ka : others[r_.below(others.size())];
  const std::string targ = vars_[kt].name;
  if (!tIsA)
    vars_[kt].hidden = true;
  inLambda_ = true;
  pushScope();
  Var t, c;
  t.name = fresh("t");
  t.writable = true;
  t.depth = -1;
  c.name = fresh("c");
  declare(t);
  declare(c);
  loopDepth_ = 1; // every update inside is a bounded one
  const std::string saved = out_;
  out_.clear();
  const int savedIndent = indent_;
  indent_ = savedIndent + 1;
  update(a, true);
  update(t.name, true);
  if (r_.percent(40))
    update(a, true);
  const std::string body = out_;
  out_ = saved;
  indent_ = savedIndent;
  loopDepth_ = savedLoop;
  popScope();
  inLambda_ = savedLambda;
  if (!tIsA)
    vars_[kt].hidden = false;
  const bool cref = on("alias-lambda");
  line("auto " + name + " = [&](double &" + t.name + ", " +
       (cref ? "const double &" : "double ") + c.name + ") {");
  out_ += body;
  line("};");
  // The argument for c: a, or an expression that does not read a.
  std::string carg;
  if (cIsA) {
    carg = a;
  } else {
    vars_[ka].hidden = true;
    vars_[kt].hidden = true;
    carg = expr(1);
    vars_[ka].hidden = false;
    vars_[kt].hidden = false;
  }
  unhide();
  spend(20);
  line(name + "(" + targ + ", " + carg + ");");
  if (r_.percent(40))
    line(name + "(" + targ + ", " + carg + ");");
}

} // namespace fuzzgen

namespace fuzzgen {

void Writer::declareReference() {
  // A variable (not itself a reference or a range-for variable), an
  // element of a std::array (never reallocated, unlike a vector a call's
  // result may be moved into) or a field of a struct or of an element of a
  // vector of structs.
  std::vector<std::size_t> options;
  for (std::size_t k : writableDoubles())
    if (vars_[k].aliasOf < 0 && vars_[k].refOf < 0 && !vars_[k].rangeVar)
      options.push_back(k);
  for (std::size_t k : writableVectors())
    if (vars_[k].cont == Cont::Arr)
      options.push_back(k);
  for (std::size_t k : writable(VarType::Struct))
    if (!vars_[k].rangeVar)
      options.push_back(k);
  for (std::size_t k : writable(VarType::Objects))
    options.push_back(k);
  if (options.empty())
    return declareDouble();
  const std::size_t k = options[r_.below(options.size())];
  const Var &t = vars_[k];
  Var r;
  r.name = fresh("r");
  r.writable = true;
  r.depth = t.depth;
  r.rangeVar = true; // not captured by lambdas
  if (t.type == VarType::Double) {
    r.referent = t.name;
    r.refOf = static_cast<int>(k);
  } else {
    if (t.type == VarType::Vector)
      r.referent = t.name + "[" + index(t) + "]";
    else if (t.type == VarType::Objects)
      r.referent = t.name + "[" + index(t) + "]." + fields[r_.below(3)];
    else
      r.referent = t.name + "." + fields[r_.below(3)];
    r.aliasOf = static_cast<int>(k);
  }
  line("double &" + r.name + " = " + r.referent + ";");
  declare(r);
}

} // namespace fuzzgen
