# Compiles SOURCE and checks what the compiler says.
#
#   cmake -DCOMPILER=<c++> [-DFLAGS=<list>] -DSOURCE=<file> -DSTATUS=fail|pass
#         [-DWANT=<list of substrings>] [-DAVOID=<list>] [-DERRORS=<n>]
#         [-DQUIET=ON] -P expect.cmake
#
# STATUS: whether the compile must fail or succeed. WANT: every substring must
# appear in the diagnostics; AVOID: none may. ERRORS: the exact number of
# "error:" diagnostics. QUIET: the compile prints nothing at all.
foreach(var COMPILER SOURCE STATUS)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "expect.cmake: -D${var}=... is required")
  endif()
endforeach()
execute_process(
  COMMAND ${COMPILER} ${FLAGS} -fsyntax-only ${SOURCE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
message("${all}")
if(STATUS STREQUAL "fail" AND rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must fail")
elseif(STATUS STREQUAL "pass" AND NOT rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} failed to compile (${rc})")
endif()
foreach(want IN LISTS WANT)
  string(FIND "${all}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "missing '${want}' in the diagnostics")
  endif()
endforeach()
foreach(avoid IN LISTS AVOID)
  string(FIND "${all}" "${avoid}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "unexpected '${avoid}' in the diagnostics")
  endif()
endforeach()
if(DEFINED ERRORS)
  string(REGEX MATCHALL "error: " errors "${all}")
  list(LENGTH errors count)
  if(NOT count EQUAL ERRORS)
    message(FATAL_ERROR "${count} errors, expected exactly ${ERRORS}")
  endif()
endif()
if(QUIET AND NOT all STREQUAL "")
  message(FATAL_ERROR "the compile printed diagnostics; it must be silent")
endif()
