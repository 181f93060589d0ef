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
/// It is the attribute while tangent generates (the plugin and
/// tangent-rewrite define __TANGENT__), and nothing otherwise.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_ANNOTATIONS_HPP
#define TANGENT_ANNOTATIONS_HPP

#ifdef __TANGENT__
// The budget is read by the generator where the macro is written.
#define TANGENT_CHECKPOINT(...) [[tangent::checkpoint]]
#else
#define TANGENT_CHECKPOINT(...)
#endif

#endif // TANGENT_ANNOTATIONS_HPP
