# One fuzz test: generate a translation unit, compile it with the plugin, run
# it; fails when any step fails, showing its output.
#
#   cmake -DGENERATOR=<tangent_fuzz_gen> -DCOMPILER=<tangent-clang++>
#         -DSEED=<n> [-DDISABLE=a,b] -DHARNESS_DIR=<test/fuzz>
#         -DWORK_DIR=<dir> -P run_fuzz.cmake
foreach(var GENERATOR COMPILER SEED HARNESS_DIR WORK_DIR)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_fuzz.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT EXISTS "${COMPILER}")
  message(FATAL_ERROR "compiler not found: ${COMPILER} (build the project "
                      "first: the wrapper and the plugin come from it)")
endif()

set(source ${WORK_DIR}/fuzz_${SEED}.cpp)
set(exe ${WORK_DIR}/fuzz_${SEED})
set(generate ${GENERATOR} --seed ${SEED} -o ${source})
if(NOT "${DISABLE}" STREQUAL "")
  list(APPEND generate --disable ${DISABLE})
endif()
execute_process(COMMAND ${generate} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "generator failed (${result})")
endif()

# -ffp-contract=off: the harness requires bitwise equal values and
# gradients, and clang's default (on) lets the optimizer evaluate a * b + c
# with one rounding where it folds constants, differently in f and in its
# adjoint (README.md, "The check").
set(compile ${COMPILER} -O1 -ffp-contract=off -D_GLIBCXX_ASSERTIONS -Wall
  -Wno-unused-variable -Wno-unused-but-set-variable -Wno-self-assign
  -I${HARNESS_DIR} ${source} -o ${exe})
list(JOIN compile " " shown)
message("${shown}")
file(REMOVE ${exe})
execute_process(COMMAND ${compile}
  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT output STREQUAL "")
  message("${output}")
endif()
if(NOT result EQUAL 0)
  message(FATAL_ERROR "compilation failed (${result}): ${source}")
endif()

execute_process(COMMAND ${exe} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${exe} failed (${result}); reproduce with: ${shown} "
                      "&& ${exe}")
endif()
