//===- test/fuzz/gen/CArrays.cpp - local C arrays and their helpers -------===//
///
/// \file
/// Statements over local C arrays (`double caN[K]`, `double cmN[R][C]`):
/// declarations filled from the inputs, element writes, loops, folds into
/// doubles, and calls of the unit's C-array helpers g00..g07 (Arrays.cpp)
/// with whole arrays, parts of one (`b + k`, `&b[k]`), one array as input
/// and output (the same, its halves, overlapping), two addresses into one
/// array, a workspace (`cross(w, w + 3, w + 6)`), rows of a 2-D array, and
/// references to arrays. Also a std::vector local in the body of a long
/// loop (long-loop-vector).
///
/// All of it is drawn from the function's second stream (Writer::aux()):
/// before each statement of the main stream, a C-array statement is written
/// sometimes, with the streams swapped (AuxScope), so the main stream draws
/// the same numbers whether the C-array features are on or off. The arrays
/// are variables of their own type (VarType::CArray), which the statements
/// of the main stream never see; the main stream's expressions read them
/// only through the terms leaf() adds, drawn from aux() too. A C-array
/// statement spends nothing and leaves the read counts alone (both steer
/// the main stream), and writes only contracting updates (as in a long
/// loop: a helper with one may be called thousands of times).
//===----------------------------------------------------------------------===//
#include "Writer.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace fuzzgen {

/// While alive, the Writer draws from its second stream (see the file
/// comment) and keeps the state the main stream's draws depend on.
class AuxScope {
public:
  explicit AuxScope(Writer &w)
      : w_(w), nested_(w.swapped_), cost_(w.cost_), drifts_(w.drifts_) {
    if (!nested_) {
      std::swap(w.r_, w.rx_);
      w.swapped_ = true;
    }
    for (const Var &v : w.vars_)
      uses_.push_back(v.uses);
    ++w.longDepth_;
  }
  ~AuxScope() {
    --w_.longDepth_;
    for (std::size_t k = 0; k < uses_.size() && k < w_.vars_.size(); ++k)
      w_.vars_[k].uses = uses_[k];
    w_.cost_ = cost_;
    w_.drifts_ = drifts_;
    if (!nested_) {
      std::swap(w_.r_, w_.rx_);
      w_.swapped_ = false;
    }
  }
  AuxScope(const AuxScope &) = delete;
  AuxScope &operator=(const AuxScope &) = delete;

private:
  Writer &w_;
  bool nested_;
  double cost_;
  bool drifts_;
  std::vector<int> uses_;
};

namespace {

const char *const callFeatures[] = {
    "carray-ptr-arg",   "carray-subrange", "carray-inplace",  "carray-two-addr",
    "carray-workspace", "carray-row",      "carray-ref-param"};

} // namespace

bool Writer::arraysOn() const {
  if (on("carray-local") || on("carray-2d"))
    return true;
  for (const char *name : callFeatures)
    if (on(name))
      return arrays_.present;
  return false;
}

std::string Writer::afresh(const char *prefix) {
  return prefix + std::to_string(++acounter_);
}

std::string Writer::aconst(int lo, int hi) {
  const int v = aux().range(lo, hi);
  const int a = v < 0 ? -v : v;
  std::string text = std::to_string(a / 100) + "." + (a % 100 < 10 ? "0" : "") +
                     std::to_string(a % 100);
  return v < 0 ? "(-" + text + ")" : text;
}

std::vector<std::size_t> Writer::arraysVisible(bool twoD) const {
  std::vector<std::size_t> out;
  for (std::size_t k : visible(VarType::CArray))
    if ((vars_[k].rows > 0) == twoD)
      out.push_back(k);
  return out;
}

std::string Writer::arrayIndex(int size) {
  fuzz_rng::rng &a = aux();
  std::vector<std::string> options;
  for (int k = 0; k < size; ++k)
    options.push_back(std::to_string(k));
  for (VarType type : {VarType::Int, VarType::Size})
    for (std::size_t i : visible(type)) {
      const Var &x = vars_[i];
      if (x.bound > 0 && x.bound <= size) {
        options.push_back(x.name);
        options.push_back(x.name);
      } else {
        options.push_back(x.name + " % " + std::to_string(size));
      }
    }
  return options[a.below(static_cast<unsigned>(options.size()))];
}

std::string Writer::arrayElement() {
  fuzz_rng::rng &a = aux();
  std::vector<std::size_t> all = arraysVisible(false);
  for (std::size_t k : arraysVisible(true))
    all.push_back(k);
  if (all.empty())
    return "";
  const Var &v = vars_[all[a.below(static_cast<unsigned>(all.size()))]];
  const std::string name = v.name;
  const int rows = v.rows, cols = v.cols;
  if (rows == 0)
    return name + "[" + arrayIndex(cols) + "]";
  const std::string i = arrayIndex(rows);
  return name + "[" + i + "][" + arrayIndex(cols) + "]";
}

std::string Writer::leaf() {
  std::string l = plainLeaf();
  if (!arraysHere_ || inLambda_ || !on("carray-local"))
    return l;
  if (visible(VarType::CArray).empty() || !aux().percent(15))
    return l;
  const std::string e = arrayElement();
  const std::string c = aconst(20, 120);
  return "(" + l + " + " + c + " * " + e + ")";
}

std::string Writer::arrayTerms() {
  if (!arraysHere_ || visible(VarType::CArray).empty())
    return "";
  std::string terms;
  const int count = aux().range(1, 3);
  for (int t = 0; t < count; ++t) {
    const std::string c = aconst(-150, 150);
    terms += " + " + c + " * " + arrayElement();
  }
  return terms;
}

void Writer::maybeArrayStatement() {
  if (!arraysHere_ || inLambda_ || swapped_)
    return;
  if (!rx_.percent(checked_ ? 30 : 20))
    return;
  AuxScope scope(*this);
  arrayStatement();
}

void Writer::arrayStatement() {
  const bool one = !arraysVisible(false).empty();
  const bool two = !arraysVisible(true).empty() && on("carray-2d");
  const bool local = on("carray-local");
  const bool some = (one && local) || two;
  const bool doubles = !writableDoubles().empty();
  // At most four arrays in scope; with none, a declaration is always
  // possible, so some weight below is positive (arraysOn()).
  const bool room = visible(VarType::CArray).size() < 4;
  auto w = [&](const char *name, int weight) { return on(name) ? weight : 0; };
  switch (pick({room ? w("carray-local", 4) : 0, room ? w("carray-2d", 2) : 0,
                some ? 4 : 0, some ? 3 : 0, some && doubles ? 3 : 0,
                w("carray-ptr-arg", 3), w("carray-subrange", 2),
                w("carray-inplace", 3), w("carray-two-addr", 2),
                w("carray-workspace", 1), w("carray-row", 2),
                w("carray-ref-param", 2)})) {
  case 0:
    declareArray1D(r_.range(2, 6));
    return;
  case 1:
    declareArray2D();
    return;
  case 2:
    return arrayElementWrite();
  case 3:
    return arrayLoop();
  case 4:
    return arrayFold("");
  case 5:
    return arrayPtrCall();
  case 6:
    return arraySubrangeCall();
  case 7:
    return arrayInplaceCall();
  case 8:
    return arrayTwoAddrCall();
  case 9:
    return arrayWorkspace();
  case 10:
    return arrayRowCall();
  default:
    return arrayRefCall();
  }
}

std::size_t Writer::declareArray1D(int size) {
  Var a;
  a.name = afresh("ca");
  a.type = VarType::CArray;
  a.cols = size;
  a.writable = true;
  a.depth = loopDepth_;
  const std::string K = std::to_string(size);
  if (r_.percent(60)) {
    std::string init;
    for (int k = 0; k < size; ++k) {
      const std::string e = expr(2);
      init += (k ? ", " : "") + e;
    }
    line("double " + a.name + "[" + K + "] = {" + init + "};");
    return declare(a);
  }
  line("double " + a.name + "[" + K + "];");
  const std::string i = afresh("cj");
  pushScope();
  Var x;
  x.name = i;
  x.type = VarType::Int;
  x.bound = size;
  declare(x);
  open("for (int " + i + " = 0; " + i + " < " + K + "; ++" + i + ")");
  const std::string e = expr(2);
  line(a.name + "[" + i + "] = " + e + ";");
  --indent_;
  popScope();
  return declare(a);
}

std::size_t Writer::declareArray2D() {
  Var m;
  m.name = afresh("cm");
  m.type = VarType::CArray;
  m.rows = r_.range(2, 3);
  m.cols = r_.range(2, 4);
  m.writable = true;
  m.depth = loopDepth_;
  const std::string R = std::to_string(m.rows), C = std::to_string(m.cols);
  if (r_.percent(40)) {
    std::string init;
    for (int i = 0; i < m.rows; ++i) {
      init += i ? ", {" : "{";
      for (int j = 0; j < m.cols; ++j) {
        const std::string e = expr(1);
        init += (j ? ", " : "") + e;
      }
      init += "}";
    }
    line("double " + m.name + "[" + R + "][" + C + "] = {" + init + "};");
    return declare(m);
  }
  line("double " + m.name + "[" + R + "][" + C + "];");
  const std::string i = afresh("cj"), j = afresh("cj");
  pushScope();
  Var x;
  x.name = i;
  x.type = VarType::Int;
  x.bound = m.rows;
  declare(x);
  x.name = j;
  x.bound = m.cols;
  declare(x);
  open("for (int " + i + " = 0; " + i + " < " + R + "; ++" + i + ")");
  open("for (int " + j + " = 0; " + j + " < " + C + "; ++" + j + ")");
  const std::string e = expr(2);
  line(m.name + "[" + i + "][" + j + "] = " + e + ";");
  indent_ -= 2;
  popScope();
  return declare(m);
}

std::size_t Writer::array1D(int size, bool exact) {
  std::vector<std::size_t> fit;
  for (std::size_t k : arraysVisible(false))
    if (vars_[k].writable &&
        (exact ? vars_[k].cols == size : vars_[k].cols >= size))
      fit.push_back(k);
  if (!fit.empty() && r_.percent(75))
    return fit[r_.below(static_cast<unsigned>(fit.size()))];
  const int least = std::max(size, 2);
  return declareArray1D(exact ? size : r_.range(least, std::max(least, 6)));
}

/// The arrays an element write, loop or fold may use: 1-D ones under
/// carray-local, 2-D ones under carray-2d.
static std::vector<std::size_t> usable(const std::vector<std::size_t> &one,
                                       const std::vector<std::size_t> &two,
                                       bool local, bool twoD) {
  std::vector<std::size_t> out;
  if (local)
    out = one;
  if (twoD)
    out.insert(out.end(), two.begin(), two.end());
  return out;
}

void Writer::arrayElementWrite() {
  const auto all = usable(arraysVisible(false), arraysVisible(true),
                          on("carray-local"), on("carray-2d"));
  assert(!all.empty() && "an element write needs an array");
  const std::size_t k = all[r_.below(static_cast<unsigned>(all.size()))];
  const Var a = vars_[k];
  std::string target = a.name + "[";
  if (a.rows > 0) {
    const std::string i = arrayIndex(a.rows);
    target += i + "][";
  }
  target += arrayIndex(a.cols) + "]";
  update(target, a.depth < loopDepth_);
}

void Writer::arrayLoop() {
  const auto all = usable(arraysVisible(false), arraysVisible(true),
                          on("carray-local"), on("carray-2d"));
  assert(!all.empty() && "a loop over an array needs one");
  const std::size_t k = all[r_.below(static_cast<unsigned>(all.size()))];
  const Var a = vars_[k];
  const std::string K = std::to_string(a.cols);
  const std::string i = afresh("cj");
  pushScope();
  Var x;
  x.name = i;
  x.type = VarType::Int;
  x.bound = a.cols;
  ++loopDepth_;
  if (a.rows > 0) {
    // Over the elements of one row, or over the rows of one column.
    const bool overRow = r_.percent(50);
    const std::string fixed = arrayIndex(overRow ? a.rows : a.cols);
    x.bound = overRow ? a.cols : a.rows;
    const std::string n = std::to_string(x.bound);
    open("for (int " + i + " = 0; " + i + " < " + n + "; ++" + i + ") {");
    declare(x);
    update(overRow ? a.name + "[" + fixed + "][" + i + "]"
                   : a.name + "[" + i + "][" + fixed + "]",
           true);
    close();
  } else {
    switch (r_.below(5)) {
    case 0:
    case 1: // forward or backward, element by element
      open(r_.percent(50)
               ? "for (int " + i + " = 0; " + i + " < " + K + "; ++" + i + ") {"
               : "for (int " + i + " = " + K + " - 1; " + i + " >= 0; --" + i +
                     ") {");
      declare(x);
      update(a.name + "[" + i + "]", true);
      close();
      break;
    case 2: { // a recurrence on the previous element
      x.bound = a.cols;
      open("for (int " + i + " = 1; " + i + " < " + K + "; ++" + i + ") {");
      declare(x);
      const std::string c = aconst(20, 80), s = aconst(10, 80);
      const std::string e = squash(1);
      line(a.name + "[" + i + "] = " + c + " * " + a.name + "[" + i +
           " - 1] + " + s + " * " + e + ";");
      close();
      break;
    }
    case 3: { // range-for by reference, writing the elements
      const std::string e = afresh("ce");
      open("for (double &" + e + " : " + a.name + ") {");
      Var ev;
      ev.name = e;
      ev.writable = true;
      ev.rangeVar = true;
      ev.depth = loopDepth_ - 1;
      declare(ev);
      update(e, true);
      close();
      break;
    }
    default: { // range-for by value, folded into a double
      const auto targets = writableDoubles();
      const std::string e = afresh("ce");
      open("for (double " + e + " : " + a.name + ") {");
      if (targets.empty()) {
        const std::string target = a.name + "[" + arrayIndex(a.cols) + "]";
        const std::string c = aconst(20, 120);
        update(target, true, e + " * " + c);
      } else {
        const std::size_t t =
            targets[r_.below(static_cast<unsigned>(targets.size()))];
        const std::string value = e + " * " + expr(1);
        update(vars_[t].name, true, value);
      }
      close();
      break;
    }
    }
  }
  --loopDepth_;
  popScope();
}

void Writer::arrayFold(const std::string &value) {
  std::string rhs = value;
  if (rhs.empty()) {
    const std::string a = arrayElement(), b = arrayElement();
    rhs = r_.percent(50) ? a + " * " + b : "std::sin(" + a + " + " + b + ")";
  }
  const auto targets = writableDoubles();
  if (!targets.empty()) {
    const std::size_t t =
        targets[r_.below(static_cast<unsigned>(targets.size()))];
    return update(vars_[t].name, vars_[t].depth < loopDepth_, rhs);
  }
  // No double to fold into: into an element of a 1-D array.
  const std::size_t k = array1D(1, false);
  const Var &a = vars_[k];
  update(a.name + "[" + arrayIndex(a.cols) + "]", a.depth < loopDepth_, rhs);
}

std::string Writer::scalarArg(const std::vector<std::size_t> &written) {
  std::vector<std::size_t> hidden;
  for (std::size_t k : written)
    if (!vars_[k].hidden) {
      vars_[k].hidden = true;
      hidden.push_back(k);
    }
  const std::string e = expr(2);
  for (std::size_t k : hidden)
    vars_[k].hidden = false;
  return e;
}

static std::string num(int k) { return std::to_string(k); }

std::string Writer::arrayLength(int most) {
  if (most <= 1 || r_.percent(60))
    return num(most);
  return arrayIndex(most) + " + 1";
}

/// Where a part of array \p name starts: `name + k` or `&name[k]`.
static std::string offset(fuzz_rng::rng &r, const std::string &name, int k) {
  if (k == 0)
    return r.percent(80) ? name : "&" + name + "[0]";
  return r.percent(50) ? name + " + " + num(k)
                       : "&" + name + "[" + num(k) + "]";
}

void Writer::arrayPtrCall() {
  switch (r_.below(6)) {
  case 0: {
    const std::size_t a = array1D(1, false);
    const std::string len = arrayLength(vars_[a].cols);
    return arrayFold("g00(" + vars_[a].name + ", " + len + ")");
  }
  case 1: {
    const std::size_t a = array1D(1, false);
    vars_[a].hidden = true;
    const std::size_t b = array1D(vars_[a].cols, false);
    vars_[a].hidden = false;
    const std::string len = arrayLength(vars_[a].cols);
    return line("g01(" + vars_[a].name + ", " + len + ", " + vars_[b].name +
                ");");
  }
  case 2: {
    const std::size_t a = array1D(1, false);
    const std::string len = arrayLength(vars_[a].cols);
    const std::string s = scalarArg({a});
    return line("g02(" + vars_[a].name + ", " + len + ", " + s + ");");
  }
  case 3: {
    const std::size_t a = array1D(1, false);
    vars_[a].hidden = true;
    const std::size_t b = array1D(1, false);
    vars_[a].hidden = false;
    const std::string len = arrayLength(std::min(vars_[a].cols, vars_[b].cols));
    return arrayFold("g05(" + vars_[a].name + ", " + vars_[b].name + ", " +
                     len + ")");
  }
  case 4: {
    const std::size_t a = array1D(3, false);
    vars_[a].hidden = true;
    const std::size_t b = array1D(3, false);
    vars_[b].hidden = true;
    const std::size_t c = array1D(3, false);
    vars_[a].hidden = vars_[b].hidden = false;
    return line("g04(" + vars_[a].name + ", " + vars_[b].name + ", " +
                vars_[c].name + ");");
  }
  default: {
    const std::size_t a = array1D(1, false);
    vars_[a].hidden = true;
    const std::size_t b = array1D(1, false);
    vars_[a].hidden = false;
    const std::string s = scalarArg({a, b});
    return line("g03(" + s + ", " + vars_[a].name + ", " + vars_[b].name +
                ");");
  }
  }
}

void Writer::arraySubrangeCall() {
  const std::size_t a = array1D(2, false);
  const int K = vars_[a].cols;
  const int k = r_.range(1, K - 1);
  const int most = K - k;
  const std::string from = offset(r_, vars_[a].name, k);
  switch (r_.below(4)) {
  case 0: {
    const std::string len = arrayLength(most);
    return arrayFold("g00(" + from + ", " + len + ")");
  }
  case 1: {
    vars_[a].hidden = true;
    const std::size_t b = array1D(most, false);
    vars_[a].hidden = false;
    const int j = r_.range(0, vars_[b].cols - most);
    const std::string to = offset(r_, vars_[b].name, j);
    const std::string len = arrayLength(most);
    return line("g01(" + from + ", " + len + ", " + to + ");");
  }
  case 2: {
    const std::string len = arrayLength(most);
    const std::string s = scalarArg({a});
    return line("g02(" + from + ", " + len + ", " + s + ");");
  }
  default: {
    vars_[a].hidden = true;
    const std::size_t b = array1D(most, false);
    vars_[a].hidden = false;
    const int j = r_.range(0, vars_[b].cols - most);
    const std::string other = offset(r_, vars_[b].name, j);
    const std::string len = arrayLength(most);
    return arrayFold("g05(" + from + ", " + other + ", " + len + ")");
  }
  }
}

void Writer::arrayInplaceCall() {
  unsigned how = r_.below(6);
  // Two arrays, one of them passed twice: carray-inplace-mixed.
  if (how == 4 && !on("carray-inplace-mixed"))
    how = 0;
  switch (how) {
  case 0: { // the same array in and out
    const std::size_t a = array1D(1, false);
    const std::string len = arrayLength(vars_[a].cols);
    const std::string name = vars_[a].name;
    return line("g01(" + name + ", " + len + ", " + name + ");");
  }
  case 1: { // its halves, either way
    const std::size_t a = array1D(2, false);
    const int h = vars_[a].cols / 2;
    const std::string name = vars_[a].name;
    const std::string half = offset(r_, name, h);
    if (r_.percent(50))
      return line("g01(" + name + ", " + num(h) + ", " + half + ");");
    return line("g01(" + half + ", " + num(h) + ", " + name + ");");
  }
  case 2: { // overlapping: shifted by one, either way
    const std::size_t a = array1D(2, false);
    const int K = vars_[a].cols;
    const std::string name = vars_[a].name;
    const std::string next = offset(r_, name, 1);
    const std::string len = arrayLength(K - 1);
    if (r_.percent(50))
      return line("g01(" + name + ", " + len + ", " + next + ");");
    return line("g01(" + next + ", " + len + ", " + name + ");");
  }
  case 3: { // any two parts of one array
    const std::size_t a = array1D(2, false);
    const int K = vars_[a].cols;
    const int k = r_.range(0, K - 1), j = r_.range(0, K - 1);
    const std::string name = vars_[a].name;
    const std::string from = offset(r_, name, k);
    const std::string to = offset(r_, name, j);
    const std::string len = arrayLength(K - std::max(k, j));
    return line("g01(" + from + ", " + len + ", " + to + ");");
  }
  case 4: { // the output is one of the inputs
    const std::size_t a = array1D(3, false);
    vars_[a].hidden = true;
    const std::size_t b = array1D(3, false);
    vars_[a].hidden = false;
    const std::string x = vars_[a].name, y = vars_[b].name;
    if (r_.percent(50))
      return line("g04(" + x + ", " + y + ", " + x + ");");
    return line("g04(" + y + ", " + x + ", " + x + ");");
  }
  default: { // one array as both inputs
    const std::size_t a = array1D(1, false);
    const std::string len = arrayLength(vars_[a].cols);
    const std::string name = vars_[a].name;
    return arrayFold("g05(" + name + ", " + name + ", " + len + ")");
  }
  }
}

void Writer::arrayTwoAddrCall() {
  const std::size_t a = array1D(2, false);
  const int K = vars_[a].cols;
  const int i = r_.range(0, K - 1);
  int j = r_.range(0, K - 2);
  if (j >= i)
    ++j;
  const std::string name = vars_[a].name;
  const std::string s = scalarArg({a});
  std::string first, second;
  switch (r_.below(3)) {
  case 0:
    first = "&" + name + "[" + num(i) + "]";
    second = "&" + name + "[" + num(j) + "]";
    break;
  case 1:
    first = i == 0 ? name : name + " + " + num(i);
    second = j == 0 ? name : name + " + " + num(j);
    break;
  default:
    first = name;
    second = name + " + 1";
    break;
  }
  line("g03(" + s + ", " + first + ", " + second + ");");
}

void Writer::arrayWorkspace() {
  Var w;
  w.name = afresh("cw");
  w.type = VarType::CArray;
  w.cols = 9;
  w.writable = true;
  w.depth = loopDepth_;
  line("double " + w.name + "[9];");
  const std::string i = afresh("cj");
  pushScope();
  Var x;
  x.name = i;
  x.type = VarType::Int;
  x.bound = 6;
  declare(x);
  open("for (int " + i + " = 0; " + i + " < 6; ++" + i + ")");
  const std::string e = expr(2);
  line(w.name + "[" + i + "] = " + e + ";");
  --indent_;
  popScope();
  const std::string &n = w.name;
  switch (r_.below(3)) {
  case 0:
    line("g04(" + n + ", " + n + " + 3, " + n + " + 6);");
    break;
  case 1:
    line("g04(&" + n + "[3], &" + n + "[0], &" + n + "[6]);");
    break;
  default:
    line("g04(" + n + ", " + n + " + 3, " + n + " + 6);");
    line("g04(" + n + " + 6, " + n + ", " + n + " + 3);");
    break;
  }
  declare(w);
}

void Writer::arrayRowCall() {
  const auto two = arraysVisible(true);
  const std::size_t m = two.empty() || r_.percent(25)
                            ? declareArray2D()
                            : two[r_.below(static_cast<unsigned>(two.size()))];
  const int R = vars_[m].rows, C = vars_[m].cols;
  const std::string name = vars_[m].name;
  const std::string i = arrayIndex(R);
  const std::string row = name + "[" + i + "]";
  unsigned how = r_.below(6);
  // A row to a reference-to-array parameter: carray-row-ref.
  if ((how == 4 && (C != arrays_.k6 || !on("carray-row-ref"))) ||
      (how == 5 && (C != arrays_.k7 || !on("carray-row-ref"))))
    how = 0;
  switch (how) {
  case 0: {
    if (r_.percent(30)) {
      const int k = r_.range(0, C - 1);
      const std::string len = arrayLength(C - k);
      return arrayFold("g00(&" + row + "[" + num(k) + "], " + len + ")");
    }
    return arrayFold("g00(" + row + ", " + num(C) + ")");
  }
  case 1: {
    const std::string j = arrayIndex(R);
    const std::string len = arrayLength(C);
    return line("g01(" + row + ", " + len + ", " + name + "[" + j + "]);");
  }
  case 2: {
    const std::string s = scalarArg({m});
    return line("g02(" + row + ", " + num(C) + ", " + s + ");");
  }
  case 3: {
    const std::string j = arrayIndex(R);
    return arrayFold("g05(" + row + ", " + name + "[" + j + "], " + num(C) +
                     ")");
  }
  case 4:
    return arrayFold("g06(" + row + ")");
  default: {
    vars_[m].hidden = true;
    const std::size_t o = array1D(2, true);
    vars_[m].hidden = false;
    return line("g07(" + row + ", " + vars_[o].name + ");");
  }
  }
}

void Writer::arrayRefCall() {
  if (r_.percent(50)) {
    const std::size_t a = array1D(arrays_.k6, true);
    return arrayFold("g06(" + vars_[a].name + ")");
  }
  const std::size_t a = array1D(arrays_.k7, true);
  vars_[a].hidden = true;
  const std::size_t o = array1D(2, true);
  vars_[a].hidden = false;
  line("g07(" + vars_[a].name + ", " + vars_[o].name + ");");
}

void Writer::maybeLoopVector() {
  if (!on("long-loop-vector") || !checked_ || longDepth_ == 0 || swapped_ ||
      inLambda_)
    return;
  if (!rx_.percent(35))
    return;
  AuxScope scope(*this);
  std::vector<std::size_t> targets;
  for (std::size_t k : writableDoubles())
    if (vars_[k].depth < loopDepth_)
      targets.push_back(k);
  if (targets.empty())
    return;
  const std::size_t t =
      targets[r_.below(static_cast<unsigned>(targets.size()))];
  const int K = r_.range(2, 5);
  const std::string v = afresh("cv"), i = afresh("cj");
  line("std::vector<double> " + v + "(" + num(K) + ");");
  pushScope();
  Var x;
  x.name = i;
  x.type = VarType::Int;
  x.bound = K;
  declare(x);
  open("for (int " + i + " = 0; " + i + " < " + num(K) + "; ++" + i + ")");
  const std::string e = expr(1);
  line(v + "[" + i + "] = " + e + ";");
  --indent_;
  popScope();
  const int a = r_.range(0, K - 1), b = r_.range(0, K - 1);
  update(vars_[t].name, true,
         v + "[" + num(a) + "] * " + v + "[" + num(b) + "]");
}

} // namespace fuzzgen
