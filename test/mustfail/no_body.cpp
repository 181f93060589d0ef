// Must fail: a call to a function declared without a body and without a
// custom derivative (tangent::custom::mystery_pullback).
#include <tangent/grad.hpp>

double mystery(double x);

double f(double x) {
  return mystery(x) * x; // TANGENT-ERROR: has no body and no custom derivative
}

double use(double x) { return tangent::grad<f>()(x); }
