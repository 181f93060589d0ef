//===- Support.h - invariants of tangent's own code -------------*- C++ -*-===//
///
/// \file
/// TANGENT_ASSERT states an invariant of the generator. It is checked in
/// every build (Release included) and, when it fails, throws InternalError,
/// which the driver turns into a located "tangent: internal error" for the
/// request being differentiated: a bug in tangent stops that request with a
/// clear message, never with a crash or with wrong code.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_IR_SUPPORT_H
#define TANGENT_IR_SUPPORT_H

#include <stdexcept>
#include <string>

namespace tangent {

/// A broken invariant of tangent's own code (not of the user's).
class InternalError : public std::logic_error {
public:
  using std::logic_error::logic_error;
};

[[noreturn]] inline void internalError(const char *what, const char *file,
                                       int line) {
  std::string where = file;
  where = where.substr(where.find_last_of('/') + 1);
  throw InternalError(std::string(what) + " (" + where + ":" +
                      std::to_string(line) + ")");
}

} // namespace tangent

#define TANGENT_ASSERT(cond, why)                                              \
  do {                                                                         \
    if (!(cond))                                                               \
      ::tangent::internalError(why, __FILE__, __LINE__);                       \
  } while (false)

#define TANGENT_UNREACHABLE(why)                                               \
  ::tangent::internalError(why, __FILE__, __LINE__)

#endif
