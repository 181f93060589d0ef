//===- tangent/annotations.hpp - marking loops for checkpointing ----------===//
///
/// \file
/// `[[tangent::checkpoint]]` (or `[[tangent::checkpoint(N)]]`, N the snapshot
/// budget) before a loop or a block asks the generator to checkpoint it.
/// Compilers other than tangent's own parse warn about an attribute they do
/// not know (g++ -Wall: "attributes at the beginning of statement are
/// ignored", clang: -Wunknown-attributes), which breaks -Werror builds of
/// rewritten sources. The macro spelling is silent everywhere:
///
/// \code
///   TANGENT_CHECKPOINT() for (int i = 0; i < n; ++i) ...
///   TANGENT_CHECKPOINT(64) while (err > tol) ...
/// \endcode
///
/// `[[tangent::fixed_point]]` (macro spelling `TANGENT_FIXED_POINT`) before a
/// loop that iterates x = g(x, p) until a convergence test asks for the
/// fixed-point adjoint: the reverse sweep iterates the adjoint at the final
/// state instead of reversing every iteration (docs/checkpointing.md).
///
/// Each macro is the attribute while tangent generates (the plugin and
/// tangent-rewrite define __TANGENT__), and nothing otherwise.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_ANNOTATIONS_HPP
#define TANGENT_ANNOTATIONS_HPP

#ifdef __TANGENT__
// The budget is read by the generator where the macro is written.
#define TANGENT_CHECKPOINT(...) [[tangent::checkpoint]]
#define TANGENT_FIXED_POINT [[tangent::fixed_point]]
#else
#define TANGENT_CHECKPOINT(...)
#define TANGENT_FIXED_POINT
#endif

#endif // TANGENT_ANNOTATIONS_HPP
