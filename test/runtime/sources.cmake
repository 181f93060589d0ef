# Test sources of the runtime, shared by test/runtime/CMakeLists.txt (main
# build) and standalone/CMakeLists.txt (the g++-12 build). Paths are relative
# to test/runtime/.
set(TANGENT_RUNTIME_TEST_SOURCES
  tape_test.cpp
  stats_test.cpp
  snapshots_test.cpp
  segment_schedule_test.cpp
  binomial_schedule_test.cpp
  online_schedule_test.cpp
  driver_test.cpp
  checkpoint_loop_test.cpp
  checkpoint_layers_test.cpp
  budget_test.cpp
  parallel_test.cpp
  umbrella_test.cpp
  polygamma_test.cpp
  omp_elements_test.cpp
)
# Built with TANGENT_TAPE_CHECKS=1 as a separate program: the checks change
# inline code, so they must not be mixed with unchecked translation units.
set(TANGENT_RUNTIME_CHECKS_TEST_SOURCES
  tape_checks_test.cpp
)
# The tape's defaults, as a user's `-O2` build without NDEBUG gets them: a
# separate program, since the test undefines NDEBUG for itself.
set(TANGENT_RUNTIME_DEFAULTS_TEST_SOURCES
  tape_defaults_test.cpp
)
set(TANGENT_RUNTIME_TEST_WARNINGS -Wall -Wextra -Werror)
