//===- LoopGather.cpp - independent passes gathered per element -----------===//
//
// The reverse of a stencil loop `for (i = lo; i < hi; ++i) du[i] = f(u[i-2],
// u[i-1], u[i], u[i+1])` is one pass per operand (LoopFullTape.cpp:
// reverseInPasses), each `d_u[i + c] += g_c(d_du[i], u...)` over all i,
// then `d_du[i] = 0`. Each pass is a vectorizable loop, but together they
// load and store every element of d_u once per pass. Gathered, one loop
// over the elements k of d_u applies to each the updates of the passes in
// their order, from i = k - c of each pass: the same operations on each
// element in the same order, hence the same bits, with one load and store
// per element. The elements near the ends, which not every pass reaches,
// run with a test; the others without, so that loop vectorizes.
//
//===----------------------------------------------------------------------===//
#include "codegen/SweepGenerator.h"

#include "ir/IRWalk.h"
#include <algorithm>

namespace tangent {

namespace {

/// The offset c when `target` is element `[i]`, `[i + c]` or `[i - c]` of
/// `array` (c a non-negative integer constant, of fewer than 7 digits), or
/// false.
bool offsetOf(const Expr &target, const Var *array, const Var *i,
              long long &c) {
  if (target.kind != ExprKind::Index ||
      target.ops[0]->kind != ExprKind::VarRef || target.ops[0]->var != array)
    return false;
  const Expr &index = *target.ops[1];
  if (index.kind == ExprKind::VarRef && index.var == i) {
    c = 0;
    return true;
  }
  if (index.kind != ExprKind::Binary ||
      (index.op != Op::Add && index.op != Op::Sub) ||
      index.ops[0]->kind != ExprKind::VarRef || index.ops[0]->var != i ||
      !constInt(*index.ops[1], c) || c < 0 || c > 999999)
    return false;
  if (index.op == Op::Sub)
    c = -c;
  return true;
}

/// `k + c` as C++.
std::string plus(const std::string &k, long long c) {
  return c == 0  ? k
         : c > 0 ? k + " + " + std::to_string(c)
                 : k + " - " + std::to_string(-c);
}

} // namespace

Code SweepGenerator::gatherPasses(
    const LoopInfo &li, const Var *v,
    const std::vector<Contribution> &contributions, std::string &distinct) {
  Code out;
  if (li.increment != 1 || li.compare != Op::Lt || contributions.size() < 2 ||
      v->type.kind != TypeKind::Vector)
    return out;
  // One vector A, the adjoint of a vector variable, updated by every pass.
  // (A value never reads A: it reads primal values and the adjoint of v,
  // which is not A.)
  const Var *a = contributions.front().var();
  if (!contributions.front().element() || a->type.kind != TypeKind::Vector ||
      a == v)
    return out;
  const std::string &array = a->adjoint;
  const std::string &i = li.induction->name;
  std::vector<long long> offsets;
  for (const Contribution &c : contributions) {
    long long offset = 0;
    if (!offsetOf(*c.target, a, li.induction, offset))
      return out;
    offsets.push_back(offset);
  }
  const long long cmin = *std::min_element(offsets.begin(), offsets.end());
  const long long cmax = *std::max_element(offsets.begin(), offsets.end());
  if (cmin == cmax)
    return out; // one offset: the passes are already one per element
  if (a->role == VarRole::Param || v->role == VarRole::Param)
    distinct = "&" + array + " != &" + v->adjoint;

  const std::string lo = fresh(naming::lowBound()),
                    hi = fresh(naming::highBound()),
                    gather = fresh(naming::gatherElement()),
                    k = fresh(naming::element()),
                    edge = fresh(naming::nearEdge()),
                    from = fresh(naming::firstElement()),
                    begin = fresh(naming::rangeBegin()),
                    end = fresh(naming::rangeEnd()),
                    to = fresh(naming::lastElement()),
                    sum = fresh(naming::elementSum());
  const std::string &t = li.induction->type.spelling;
  out.statement("const long long " + lo + " = static_cast<long long>(" +
                printExpr(*li.start) + "), " + hi +
                " = static_cast<long long>(" + printExpr(*li.bound) + ");");
  // Near the ends, each pass that reaches element k updates it; elsewhere
  // every pass does, into a local sum stored once (the same additions).
  out.openLambda(gather, "long long " + k + ", bool " + edge);
  out.openIf(edge);
  for (std::size_t p = 0; p < contributions.size(); ++p) {
    const std::string at = plus(k, -offsets[p]);
    out.openIf(at + " >= " + lo + " && " + at + " < " + hi);
    out.statement("const " + t + " " + i + " = static_cast<" + t + ">(" + at +
                  ");");
    out.add(contributions[p].update());
    out.close();
  }
  out.statement("return;");
  out.close();
  const std::string element = array + "[static_cast<std::size_t>(" + k + ")]";
  out.statement("auto " + sum + " = " + element + ";");
  for (std::size_t p = 0; p < contributions.size(); ++p) {
    out.openBlock();
    out.statement("const " + t + " " + i + " = static_cast<" + t + ">(" +
                  plus(k, -offsets[p]) + ");");
    out.update(makeName(sum, contributions[p].value->type),
               contributions[p].value);
    out.close();
  }
  out.statement(element + " = " + sum + ";");
  out.close();
  // Elements [first, last) get updates; those in [begin, end) get all.
  out.statement("const long long " + from + " = " + plus(lo, cmin) + ", " + to +
                " = " + plus(hi, cmax) + ";");
  out.statement("const long long " + begin + " = std::max(" + from + ", " +
                plus(lo, cmax) + "), " + end + " = std::max(" + begin + ", " +
                plus(hi, cmin) + ");");
  out.statement("for (long long " + k + " = " + from + "; " + k + " < " +
                begin + "; ++" + k + ") " + gather + "(" + k + ", true);");
  out.statement("for (long long " + k + " = " + begin + "; " + k + " < " + end +
                "; ++" + k + ") " + gather + "(" + k + ", false);");
  out.statement("for (long long " + k + " = " + end + "; " + k + " < " + to +
                "; ++" + k + ") " + gather + "(" + k + ", true);");
  return out;
}

} // namespace tangent
