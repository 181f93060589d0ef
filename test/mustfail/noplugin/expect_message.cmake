# Compiles SOURCE with COMPILER (no plugin) and passes only if the compile
# fails with the runtime's message about enabling the plugin: both ways to
# load it (the wrapper, -fplugin=), the rewriting tool and where the modes
# are documented. The message must not point into a build tree.
execute_process(
  COMMAND ${COMPILER} -std=c++20 -fsyntax-only -I${RUNTIME} ${SOURCE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled without the plugin")
endif()
foreach(want "needs the tangent plugin" "tangent-clang++"
             "-fplugin=<path>/TangentPlugin.so" "tangent-rewrite"
             "docs/modes.md")
  string(FIND "${err}" "${want}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "missing '${want}' in the diagnostics:\n${err}")
  endif()
endforeach()
string(FIND "${err}" "build/bin" at)
if(NOT at EQUAL -1)
  message(FATAL_ERROR "the message names a build-tree path:\n${err}")
endif()
