# Generates the adjoints of SOURCE (dumped by the plugin) and compares them
# with EXPECTED; TANGENT_UPDATE_GOLDEN=1 in the environment rewrites EXPECTED.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
# Extra compiler flags of an input: a line `// golden-flags: <flags>`.
file(STRINGS ${SOURCE} flags_line REGEX "^// golden-flags: " LIMIT_COUNT 1)
string(REPLACE "// golden-flags: " "" flags "${flags_line}")
separate_arguments(flags)
execute_process(
  COMMAND ${COMPILER} -fsyntax-only -fplugin-arg-tangent-dump-dir=${WORK}
          ${flags} ${SOURCE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling ${SOURCE} failed:\n${out}${err}")
endif()
get_filename_component(name ${SOURCE} NAME)
set(generated ${WORK}/${name}.tangent.cpp)
if(NOT EXISTS ${generated})
  message(FATAL_ERROR "no generated code for ${SOURCE}")
endif()
if(DEFINED ENV{TANGENT_UPDATE_GOLDEN})
  file(COPY_FILE ${generated} ${EXPECTED})
  message(STATUS "updated ${EXPECTED}")
  return()
endif()
file(READ ${generated} actual)
file(READ ${EXPECTED} expected)
if(NOT actual STREQUAL expected)
  execute_process(COMMAND diff -u ${EXPECTED} ${generated})
  message(FATAL_ERROR "generated code differs from ${EXPECTED} (see the diff "
                      "above; refresh with TANGENT_UPDATE_GOLDEN=1 after review)")
endif()
