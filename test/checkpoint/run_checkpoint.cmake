# Compiles one checkpointing test program with the plugin wrapper at -O2 and
# runs it; fails if either step fails, showing the compiler's output.
#
#   cmake -DCOMPILER=<tangent-clang++> -DSOURCE=<name.cpp> -DEXE=<path>
#         -P run_checkpoint.cmake
#
# The command is `<COMPILER> -O2 -Wall <SOURCE> -o <EXE>` (the wrapper adds
# -std=c++20, the plugin and the runtime headers). The program prints one
# line per check and "N passed, M failed", and exits non-zero on a failure.
foreach(var COMPILER SOURCE EXE)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_checkpoint.cmake: -D${var}=... is required")
  endif()
endforeach()
if(IS_ABSOLUTE "${COMPILER}" AND NOT EXISTS "${COMPILER}")
  message(FATAL_ERROR "compiler not found: ${COMPILER} (build the project "
                      "first: the wrapper and the plugin come from it)")
endif()

set(compile ${COMPILER} -O2 -Wall ${SOURCE} -o ${EXE})
list(JOIN compile " " shown)
message("${shown}")
file(REMOVE ${EXE})
execute_process(COMMAND ${compile}
  RESULT_VARIABLE compile_result
  OUTPUT_VARIABLE compile_output
  ERROR_VARIABLE compile_output)
if(NOT compile_output STREQUAL "")
  message("${compile_output}")
endif()
if(NOT compile_result EQUAL 0)
  message(FATAL_ERROR "compilation failed (${compile_result}): ${SOURCE}")
endif()

execute_process(COMMAND ${EXE} RESULT_VARIABLE run_result)
if(NOT run_result EQUAL 0)
  message(FATAL_ERROR "${EXE} failed (${run_result})")
endif()
