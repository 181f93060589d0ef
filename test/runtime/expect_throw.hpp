//===- test/runtime/expect_throw.hpp - exception type and message checks --===//
#ifndef TANGENT_TEST_RUNTIME_EXPECT_THROW_HPP
#define TANGENT_TEST_RUNTIME_EXPECT_THROW_HPP

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace tangent_test {

/// Expects `f()` to throw an E whose message contains `word` (typically
/// the name of the offending parameter).
template <class E, class F>
void expect_throw_naming(F &&f, const std::string &word) {
  try {
    f();
    ADD_FAILURE() << "no exception; expected one naming '" << word << "'";
  } catch (const E &e) {
    EXPECT_NE(std::string(e.what()).find(word), std::string::npos)
        << "message '" << e.what() << "' does not name '" << word << "'";
  } catch (const std::exception &e) {
    ADD_FAILURE() << "wrong exception type: " << e.what();
  }
}

template <class F>
void expect_invalid_argument(F &&f, const std::string &parameter) {
  expect_throw_naming<std::invalid_argument>(f, parameter);
}

} // namespace tangent_test

#endif // TANGENT_TEST_RUNTIME_EXPECT_THROW_HPP
