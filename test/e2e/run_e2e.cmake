# Compiles one end-to-end program and runs it; fails if either step fails,
# showing the compiler's output.
#
#   cmake -DCOMPILER=<c++> [-DFLAGS=<list>] [-DOPT=<-O level>]
#         -DSOURCE=<topic.cpp> -DEXE=<path> [-DBITS=<reference>]
#         -P run_e2e.cmake
#
# The command is `<COMPILER> <FLAGS> <OPT> -Wall <SOURCE> -o <EXE>` (OPT
# defaults to -O1; test/checkpoint uses -O2);
# build/bin/tangent-clang++ adds -std=c++20, the plugin and the runtime
# headers itself.
cmake_policy(SET CMP0057 NEW) # if(... IN_LIST ...)
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

# The bit log (check.hpp): when a reference exists, every check's results
# must be bitwise equal (==) to those recorded there. TANGENT_UPDATE_BITS=1
# records the reference instead (with a generator whose results are the
# ones to keep). Without -DBITS (tests registered with NO_BITS) the program
# writes no log, whatever the environment says.
unset(ENV{TANGENT_TEST_BITS})
set(update_bits OFF)
if(DEFINED BITS AND NOT BITS STREQUAL "" AND
   ("$ENV{TANGENT_UPDATE_BITS}" STREQUAL "1" OR EXISTS "${BITS}"))
  set(update_bits "$ENV{TANGENT_UPDATE_BITS}")
  set(log ${EXE}.bits)
  file(REMOVE ${log})
  set(ENV{TANGENT_TEST_BITS} ${log})
endif()
execute_process(COMMAND ${EXE} RESULT_VARIABLE run_result)
if(NOT run_result EQUAL 0)
  message(FATAL_ERROR "${EXE} failed (${run_result})")
endif()
if(DEFINED log)
  if(NOT EXISTS ${log})
    file(WRITE ${log} "")
  endif()
  if(update_bits STREQUAL "1")
    configure_file(${log} ${BITS} COPYONLY)
    message("recorded ${BITS}")
  else()
    file(STRINGS ${log} got)
    file(STRINGS ${BITS} expected)
    # The first line is the math library's digest: where it differs from
    # the recording platform's, the results may differ with it.
    set(got_platform "")
    set(expected_platform "")
    if(got)
      list(GET got 0 got_platform)
    endif()
    if(expected)
      list(GET expected 0 expected_platform)
    endif()
    if(NOT got_platform STREQUAL expected_platform)
      message("bit reference ${BITS} recorded on a platform whose math "
        "library gives other results (${expected_platform}, here "
        "${got_platform}): comparison skipped")
    elseif(NOT got STREQUAL expected)
      set(diff "")
      foreach(line IN LISTS expected)
        if(NOT line IN_LIST got)
          string(APPEND diff "\n  expected ${line}")
        endif()
      endforeach()
      foreach(line IN LISTS got)
        if(NOT line IN_LIST expected)
          string(APPEND diff "\n  got      ${line}")
        endif()
      endforeach()
      message(FATAL_ERROR "results differ from the bit reference ${BITS} "
        "(the generator's results must stay bitwise equal; if a change of "
        "results is intended, rerun with TANGENT_UPDATE_BITS=1):${diff}")
    endif()
  endif()
endif()
