//===- Emit.h - C++ text: code blocks and expressions -----------*- C++ -*-===//
///
/// \file
/// Generated code as text: an indented line buffer. Expressions print with
/// the IR's printer (ir/Printer.h). A buffer also knows whether it records
/// onto the tape, so that no pass searches the code it emitted.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_EMIT_H
#define TANGENT_EMIT_H

#include "ir/IR.h"
#include "ir/Printer.h"
#include <map>
#include <string>
#include <vector>

namespace tangent {

/// Lines of C++ with relative indentation.
class Code {
public:
  void line(std::string text) { lines_.push_back({depth_, std::move(text)}); }
  /// A line that records values onto the tape through one of its members
  /// (`tape.push(x);`, push_vector, push_array: RuntimeApi.h).
  void record(std::string text) {
    line(std::move(text));
    records_ = member_records_ = true;
  }
  /// A line that records values through a runtime helper, which takes the
  /// tape as an argument (push_block, push_range, record_resize,
  /// push_shape, the MPI layer) or writes a block of it (record_at).
  void recordVia(std::string text) {
    line(std::move(text));
    records_ = true;
  }
  void comment(const std::string &text) { line("// " + text); }
  /// `header {` and indent.
  void open(const std::string &header) {
    line(header.empty() ? "{" : header + " {");
    ++depth_;
  }
  /// Dedent and `}` (or `} trailer`).
  void close(const std::string &trailer = "") {
    --depth_;
    line(trailer.empty() || trailer == ";" ? "}" + trailer : "} " + trailer);
  }
  /// `} header {`: closes a block and opens the next (else branches).
  void reopen(const std::string &header) {
    --depth_;
    line("} " + header + " {");
    ++depth_;
  }
  /// Appends another block, indented at the current depth.
  void append(const Code &other) {
    for (const auto &l : other.lines_)
      lines_.push_back({depth_ + l.first, l.second});
    records_ |= other.records_;
    member_records_ |= other.member_records_;
  }
  bool empty() const { return lines_.empty(); }
  /// Whether some line, or some block appended, was a record() or a
  /// recordVia(); a record() only.
  bool records() const { return records_; }
  bool recordsThroughMembers() const { return member_records_; }
  std::string str(int indent = 0) const;

private:
  std::vector<std::pair<int, std::string>> lines_;
  int depth_ = 0;
  bool records_ = false, member_records_ = false;
};

/// The declaration of a hoisted variable with a zero/empty initializer.
std::string declareZero(const Type &type, const std::string &name);

} // namespace tangent

#endif
