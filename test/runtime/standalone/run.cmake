# cmake -DSOURCE_DIR=... -DBINARY_DIR=... -DCOMPILER=... [-DGENERATOR=...]
#       [-DBUILD_TYPE=...] -P run.cmake
# Configures the standalone test project with COMPILER, builds it and runs
# its test programs; fails if any step fails.
foreach(var SOURCE_DIR BINARY_DIR COMPILER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT GENERATOR)
  set(GENERATOR Ninja)
endif()
if(NOT BUILD_TYPE)
  set(BUILD_TYPE Release)
endif()

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "runtime_tests_gcc: ${what} failed (${result})")
  endif()
endfunction()

run_step(configure ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR}
         -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${COMPILER}
         -DCMAKE_BUILD_TYPE=${BUILD_TYPE})
run_step(build ${CMAKE_COMMAND} --build ${BINARY_DIR} -j 2)
run_step("tangent_runtime_tests" ${BINARY_DIR}/tangent_runtime_tests
         --gtest_brief=1)
run_step("tangent_runtime_checks_tests"
         ${BINARY_DIR}/tangent_runtime_checks_tests --gtest_brief=1)
run_step("tangent_runtime_defaults_tests"
         ${BINARY_DIR}/tangent_runtime_defaults_tests --gtest_brief=1)
