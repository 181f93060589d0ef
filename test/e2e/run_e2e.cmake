# Compiles one end-to-end program and runs it; fails if either step fails,
# showing the compiler's output.
#
#   cmake -DCOMPILER=<c++> [-DFLAGS=<list>] [-DOPT=<-O level>]
#         -DSOURCE=<topic.cpp> -DEXE=<path> -P run_e2e.cmake
#
# The command is `<COMPILER> <FLAGS> <OPT> -Wall <SOURCE> -o <EXE>` (OPT
# defaults to -O1; test/checkpoint uses -O2);
# build/bin/tangent-clang++ adds -std=c++20, the plugin and the runtime
# headers itself.
foreach(var COMPILER SOURCE EXE)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_e2e.cmake: -D${var}=... is required")
  endif()
endforeach()
if(IS_ABSOLUTE "${COMPILER}" AND NOT EXISTS "${COMPILER}")
  message(FATAL_ERROR "compiler not found: ${COMPILER} (build the project "
                      "first: the wrapper and the plugin come from it)")
endif()

if(NOT DEFINED OPT OR OPT STREQUAL "")
  set(OPT -O1)
endif()
set(compile ${COMPILER} ${FLAGS} ${OPT} -Wall ${SOURCE} -o ${EXE})
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
