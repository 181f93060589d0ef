# Compiles SOURCE with COMPILER (no plugin) and passes only if the compile
# fails with the runtime's message about enabling the plugin.
execute_process(
  COMMAND ${COMPILER} -std=c++20 -fsyntax-only -I${RUNTIME} ${SOURCE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled without the plugin")
endif()
foreach(want "needs the tangent plugin" "tangent-clang++" "tangent-rewrite")
  string(FIND "${err}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "missing '${want}' in the diagnostics:\n${err}")
  endif()
endforeach()
