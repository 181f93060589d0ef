//===- Pipeline.h - one pipeline per request kind ---------------*- C++ -*-===//
///
/// \file
/// How one request becomes a block of generated C++. Every kind runs the
/// same first steps (RequestPipeline::run):
///   check      the request as written (Legality::request, done for every
///              request first, in the driver)
///   prepare    instantiate f, hash its source, find a block already bound
///   validate   the source (Legality::source: the validator)
///   lower      Clang AST -> IR (frontend/lower/), with the lowering's
///              refusals reported (Legality::report)
/// and then its own (differentiate()):
///   gradient, vjp (GradientPipeline): analyze the new callees and f,
///              check what generation needs (generationRefusals), generate
///              the adjoints, bind;
///   jvp (ForwardPipeline): the tangent-linear function of f
///              (forward/TangentLinear.h), printed, bound;
///   hvp (SecondOrderPipeline): that function analyzed and differentiated
///              again, bound.
/// What requests share (callees lowered, analyzed and generated once per
/// translation unit, generated stems, tangent-linear functions) is a
/// SharedWork that every pipeline of the translation unit takes.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_FRONTEND_PIPELINE_H
#define TANGENT_FRONTEND_PIPELINE_H

#include "codegen/Binding.h"
#include "forward/TangentLinear.h"
#include "frontend/Driver.h"
#include "frontend/Legality.h"
#include "frontend/lower/Lower.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tangent {

/// A stem for generated names from a qualified C++ name (`ns::f<int>` ->
/// `ns_f_int`, `operator*` -> `operator_times`).
std::string sanitize(std::string name);

/// A generated function of the shared work, or its refusal.
struct SharedPart {
  GeneratedPart part;
  bool refused = false; ///< reported once; a request reaching it fails
  /// The callee (which generation names), and its vector reverse mode's
  /// reverse (generateAdjointLanes), once a request needs it.
  Function *callee = nullptr;
  GeneratedPart lanes;
};

/// What the requests of one translation unit share.
struct SharedWork {
  SharedWork(DriverInput &in, Legality &legality);

  DriverInput &in;
  clang::ASTContext &ctx;
  Legality &legality;
  Lowering lowering;
  /// Stems of generated functions, unique in the translation unit.
  NameScope stems;
  /// Callees' adjoints, in the order they were lowered.
  std::map<const Function *, SharedPart> callees;
  /// Forward mode: tangent-linear functions, printed once (jvp) and
  /// differentiated once (hvp).
  TangentLinearizer linearizer;
  std::map<const Function *, SharedPart> jvp_parts, hvp_parts;
  /// The blocks of the requests served so far.
  std::string blocks;

  /// Calls the dump-ir hook (when set) with `title` and `fn` printed.
  void dump(const std::string &title, const Function &fn) const;
};

/// The steps every request kind runs first, and the kind's own ones.
class RequestPipeline {
public:
  RequestPipeline(SharedWork &work, const Request &request, RequestResult &r);
  virtual ~RequestPipeline() = default;

  /// All steps. False when the request failed (its problems reported) and
  /// must be bound to a stub.
  bool run();

protected:
  SharedWork &work_;
  const Request &request_;
  RequestResult &r_;
  Legality &legality_;
  unsigned errors_at_start_ = 0;

  /// Instantiates f, records its file and source hash. When a block that
  /// tangent-rewrite wrote binds it already: whether that block is up to
  /// date (the request is then served); else nothing.
  std::optional<bool> prepare();
  /// Validates and lowers f (its IR is its own; callees are shared).
  Function *lower();
  /// The kind's own steps on the lowered f.
  virtual bool differentiate(Function &top) = 0;

  /// Whether no error was reported since the request started.
  bool clean() const { return legality_.errorCount() == errors_at_start_; }
  /// Analyzes `fn` under `opts`, dumping the IR after each analysis.
  Analyzed analyze(Function &fn, const Options &opts, const std::string &title);
  /// Generates the adjoints of `fresh` callees, analyzed (`analyzed`, in the
  /// same order), into `into`, with the stem each got; the refused ones are
  /// reported and marked. `remarks`: dump each callee's IR and remark on its
  /// loops (the callees of gradients; not the tangent-linear callees of
  /// second order, whose IR and loops forward mode made).
  void generateCallees(const std::vector<Function *> &fresh,
                       const std::vector<Analyzed> &analyzed,
                       std::map<const Function *, SharedPart> &into,
                       bool remarks);
  /// Prints the tangent-linear functions of `used` not printed yet
  /// (SharedWork::jvp_parts).
  void printCallees(const std::vector<Function *> &used);
  /// The tangent-linear functions of `used` (callees first), printed and
  /// differentiated (SharedWork::jvp_parts, hvp_parts) where not done yet;
  /// false when one was refused (reported).
  bool differentiateLinear(const std::vector<Function *> &used);
  /// Points the calls of nested gradients in `fns` (Stmt::along) at the
  /// tangent-linear functions of their callees, then differentiates the
  /// tangent-linear functions `fns` reach (PipelineNested.cpp); false when
  /// one was refused (reported).
  bool nestedGradients(const std::vector<Function *> &fns);
  /// Whether every function in `used` has its part in `parts`, not refused.
  static bool usable(const std::vector<Function *> &used,
                     const std::map<const Function *, SharedPart> &parts);
  /// The strategy of each loop of `fn` (`loops`, its classified loops): a
  /// remark at the loop naming `label`, and, `in_report`, an entry of the
  /// request's batch report.
  void reportLoops(const Function &fn, const LoopForms &loops,
                   const std::string &label, bool in_report);
};

/// grad<f> and vjp<f> (the gradient of cotangent . f).
class GradientPipeline : public RequestPipeline {
public:
  using RequestPipeline::RequestPipeline;

private:
  bool differentiate(Function &top) override;
  /// The vector reverse mode's variant of the request (f's in `out`) and
  /// of its callees `used`, for jacobian<f>'s rows, where
  /// vectorReverseRefusal() allows one; else empty.
  ReverseLanes reverseLanes(Function &top, const std::vector<Function *> &used,
                            const Options &options, GeneratedPart &out);
};

/// jvp<f>, jacobian<f> by columns: the tangent-linear function, printed
/// (PipelineForward.cpp).
class ForwardPipeline : public RequestPipeline {
public:
  using RequestPipeline::RequestPipeline;

protected:
  bool differentiate(Function &top) override;
  /// The tangent-linear function of `top` in `form` with the callees it
  /// reaches in `used` (callees first); null when refused.
  Function *linearize(Function &top, TangentForm form,
                      std::vector<Function *> &used);

private:
  /// The vector forward mode's variant of `top` (after linearize), into
  /// `main` and `used`; false, reporting nothing, when it cannot be made
  /// (the request keeps the scalar forward mode).
  bool lanesVariant(Function &top, GeneratedPart &main,
                    std::vector<Function *> &used);
  /// Which parameters that wrt leaves out are data (no tangent).
  enum class DataKinds {
    Pointers,  ///< pointers only
    Unwritten, ///< and const parameters
    Every,     ///< every one (the vector forward mode)
  };
  /// The parameters of `top` that wrt leaves out and `kinds` makes data.
  std::uint64_t dataParams(const Function &top, DataKinds kinds) const;
};

/// hvp<f>, hessian<f>: the adjoint of the tangent-linear function
/// (PipelineForward.cpp).
class SecondOrderPipeline : public ForwardPipeline {
public:
  using ForwardPipeline::ForwardPipeline;

private:
  bool differentiate(Function &top) override;
};

/// The pipeline for a request's kind.
std::unique_ptr<RequestPipeline>
pipelineFor(SharedWork &work, const Request &request, RequestResult &r);

/// Gives each call in `fn` (analyzed) that passes storage without a
/// derivative (a pointer, or an address into storage, that is not active:
/// observations, constants) to a differentiated pointer parameter the
/// variant of its callee in which that parameter carries none
/// (Lowering::lowerData), so that no adjoint storage is needed for it.
void specialiseForData(Function &fn, Lowering &lowering);
/// Gives the calls of analyzed `fn` whose callee restores storage `fn`
/// never reads in reverse (Stmt::unrestored), or zeroes an adjoint `fn`
/// assigns again (Stmt::unzeroed), the callee's variant that does not
/// (Lowering::lowerUnrestored).
void specialiseUnrestored(Function &fn, Lowering &lowering);

/// The same for forward mode, before `top` is linearized: a pointer
/// without a tangent is one of top's pointer parameters whose bit is set
/// in `data` (those options.wrt leaves out) or a data variant's data
/// parameter; every call passing one (or an address into one) to a
/// differentiated pointer parameter gets the variant of its callee in which
/// that parameter is data, in `top` and, in turn, in the variants. With
/// `whole_values` (the vector forward mode, where every parameter wrt
/// leaves out is data), so does a callee parameter given a data parameter
/// as it is (a container, or every leaf of a data object: HandModel's
/// vectors), unless the callee may write it.
void specialiseForDataForward(Function &top, Lowering &lowering,
                              std::uint64_t data, bool whole_values = false);

/// Callees reachable from `fn`, callees first.
std::vector<Function *> reachableCallees(const Function &fn);
/// `functions` and every callee they reach, each after its callees (one
/// walk for all of them).
std::vector<Function *> calleesFirst(const std::vector<Function *> &functions);

/// The hash of the source text of `fd`, of the user functions it calls and
/// of the options: a block whose hash differs is stale.
std::uint64_t sourceHash(clang::ASTContext &ctx, const clang::FunctionDecl *fd,
                         const Options &opts);

} // namespace tangent

#endif // TANGENT_FRONTEND_PIPELINE_H
