// A header function whose generated adjoint lives in this header (inside
// the include guard), put there by tangent-rewrite.
#ifndef TANGENT_CHECKED_MODEL_H
#define TANGENT_CHECKED_MODEL_H

#include <cmath>

namespace model {
inline double spring(double x, double k) {
  return 0.5 * k * x * x + std::cos(x); // EDIT-HEADER
}
} // namespace model

#endif // TANGENT_CHECKED_MODEL_H
