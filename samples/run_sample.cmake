# Builds one sample at test time and runs it; fails if any step fails.
#
# With the plugin (the default):
#   cmake -DCOMPILER=<build>/bin/tangent-clang++ -DSOURCE=<sample.cpp>
#         -DEXE=<path> [-DFLAGS=<list>] -P run_sample.cmake
#   runs `<COMPILER> <FLAGS> -O2 -Wall <SOURCE> -o <EXE>`, then `<EXE>`.
#
# Without the plugin, from tangent-rewrite output:
#   cmake -DREWRITE=<build>/bin/tangent-rewrite -DWORKDIR=<dir>
#         -DRUNTIME_INCLUDE=<repo>/runtime/include -DCOMPILER=g++-12
#         -DSOURCE=<sample.cpp> -DEXE=<path> -P run_sample.cmake
#   copies SOURCE into WORKDIR (the sources in the repository are never
#   touched), runs `tangent-rewrite <copy> -- -std=c++20 -I<RUNTIME_INCLUDE>`
#   on the copy, checks that a generated block was written, then compiles the
#   copy with `<COMPILER> -std=c++20 -O2 -Wall -I<RUNTIME_INCLUDE>` and runs it.
foreach(var COMPILER SOURCE EXE)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "run_sample.cmake: -D${var}=... is required")
  endif()
endforeach()
if(IS_ABSOLUTE "${COMPILER}" AND NOT EXISTS "${COMPILER}")
  message(FATAL_ERROR "compiler not found: ${COMPILER} (build the project "
                      "first: the wrapper and the plugin come from it)")
endif()

# Runs a command, echoing it and its output; fails the test on error.
function(run_step what)
  list(JOIN ARGN " " shown)
  message("${shown}")
  execute_process(COMMAND ${ARGN}
    RESULT_VARIABLE result
    OUTPUT_VARIABLE output
    ERROR_VARIABLE output)
  if(NOT output STREQUAL "")
    message("${output}")
  endif()
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${what} failed (${result})")
  endif()
endfunction()

set(source ${SOURCE})
set(flags ${FLAGS})
if(DEFINED REWRITE AND NOT REWRITE STREQUAL "")
  foreach(var WORKDIR RUNTIME_INCLUDE)
    if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
      message(FATAL_ERROR "run_sample.cmake: -D${var}=... is required with "
                          "-DREWRITE")
    endif()
  endforeach()
  if(NOT EXISTS "${REWRITE}")
    message(FATAL_ERROR "tangent-rewrite not found: ${REWRITE} (build the "
                        "tangent-rewrite target first)")
  endif()
  get_filename_component(name ${SOURCE} NAME)
  file(REMOVE_RECURSE ${WORKDIR})
  file(MAKE_DIRECTORY ${WORKDIR})
  configure_file(${SOURCE} ${WORKDIR}/${name} COPYONLY)
  set(source ${WORKDIR}/${name})
  run_step("tangent-rewrite" ${REWRITE} --root=${WORKDIR} ${source}
           -- -std=c++20 -I${RUNTIME_INCLUDE})
  file(READ ${source} rewritten)
  string(FIND "${rewritten}" "// ---- tangent: generated adjoints (do not edit) ----" begin)
  string(FIND "${rewritten}" "// ---- tangent: end of generated adjoints ----" end)
  if(begin EQUAL -1 OR end EQUAL -1)
    message(FATAL_ERROR "tangent-rewrite wrote no generated block into ${source}")
  endif()
  list(APPEND flags -std=c++20 -I${RUNTIME_INCLUDE})
endif()

file(REMOVE ${EXE})
run_step("compilation" ${COMPILER} ${flags} -O2 -Wall ${source} -o ${EXE})

# The program's report goes to the test log as it runs.
message("${EXE}")
execute_process(COMMAND ${EXE} RESULT_VARIABLE run_result)
if(NOT run_result EQUAL 0)
  message(FATAL_ERROR "${EXE} failed (${run_result}): its check did not pass")
endif()
