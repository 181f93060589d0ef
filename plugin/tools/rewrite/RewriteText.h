//===- RewriteText.h - generated regions in source text ---------*- C++ -*-===//
///
/// \file
/// The text side of tangent-rewrite, free of Clang: finding and removing the
/// generated regions of a file, splitting a region into one block per
/// request, choosing where a region goes, assembling it, and a unified diff.
///
/// A region is the text between the generatedBegin() and generatedEnd()
/// lines (Driver.h), both included. Inside it, each request's block is
/// introduced by a line `// tangent: block adjoint<&f, options>`, so that
/// blocks can be recognized, kept, replaced or removed one by one.
///
/// Insertion and stripping are exact inverses: a region is inserted, after
/// one blank line, right after the last non-blank line before the anchor (the
/// end of the file, or a header's final `#endif`), and stripping removes the
/// region and that one blank line. So strip(insert(S)) == S for any S whose
/// last line ends with a newline, which is what makes runs idempotent.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_REWRITETEXT_H
#define TANGENT_REWRITETEXT_H

#include <cstddef>
#include <set>
#include <string>
#include <vector>

namespace tangent::rewrite {

/// One request's generated code, as the pipeline returns it
/// (RequestResult::block), and its key: `adjoint<&f, tangent::options{...}>`.
struct Block {
  std::string key;
  std::string text;
};

/// A file's contents with its generated regions taken out.
struct Stripped {
  std::string text;          ///< the contents without regions
  std::vector<Block> blocks; ///< the blocks found in the regions, in order
  unsigned regions = 0;      ///< how many regions were removed
  /// Non-empty when a region is malformed: "<line>: what is wrong; what to
  /// do", to follow "<file>:".
  std::string error;
};

/// Removes every generated region (and the blank line inserted before it).
Stripped stripRegions(const std::string &content);

/// Whether `content` contains a generatedBegin() line at all (cheap test).
bool hasRegion(const std::string &content);

/// The key of a block: the `adjoint<&f, options>` of its explicit
/// specialization, or "" when the block has none.
std::string blockKey(const std::string &block_text);

/// How a header is protected against multiple inclusion, judged from its
/// text: `#ifndef X` / `#define X` first and `#endif` last.
struct GuardShape {
  bool guarded = false;
  std::size_t endif_offset = 0; ///< start of the line of the final #endif
};
GuardShape guardShape(const std::string &text);

/// Where a region goes: the offset right after the last non-blank line
/// before the end of the file (`inside_guard` false) or before the header's
/// final #endif (`inside_guard` true).
std::size_t anchorOffset(const std::string &stripped, bool inside_guard);

/// The region for `blocks` (already in their final order); "" for none.
std::string buildRegion(const std::vector<Block> &blocks);

/// `stripped` with `region` inserted at `offset` (from anchorOffset).
std::string insertRegion(const std::string &stripped, std::size_t offset,
                         const std::string &region);

/// A unified diff (one hunk around the changed lines, 3 lines of context)
/// from `before` to `after`; "" when they are equal.
std::string unifiedDiff(const std::string &before, const std::string &after,
                        const std::string &label);

/// The command line `args` without the options named in `flags` (-name,
/// --name, --name=value) and in `valued` (the same, and -name <value>);
/// what follows `--` is kept as it is.
std::vector<std::string> withoutOptions(const std::vector<std::string> &args,
                                        const std::set<std::string> &flags,
                                        const std::set<std::string> &valued);

/// `args` as one POSIX shell command line: each argument single-quoted when
/// it holds a character the shell would interpret.
std::string shellCommand(const std::vector<std::string> &args);

/// A Makefile rule `target: deps...` as compilers write dependency files
/// (-MD): spaces and '#' escaped with a backslash, '$' doubled.
std::string depfileRule(const std::string &target,
                        const std::set<std::string> &deps);

/// 1-based line of `offset` in `text`.
unsigned lineOf(const std::string &text, std::size_t offset);

} // namespace tangent::rewrite

#endif
