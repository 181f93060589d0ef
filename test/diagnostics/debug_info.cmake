# With -fplugin-arg-tangent-dump-dir, the injected code is named after the
# file it was dumped to, so that debug information (and a debugger) points
# at a file that exists: compile with -g and look for that path in the
# object's line table.
#
#   cmake -DCOMPILER=<tangent-clang++> -DSOURCE=<file> -DWORK=<dir> -P debug_info.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
get_filename_component(name ${SOURCE} NAME)
execute_process(
  COMMAND ${COMPILER} -g -O0 -c ${SOURCE} -o ${WORK}/out.o
          -fplugin-arg-tangent-dump-dir=${WORK}/dump
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compile failed:\n${out}${err}")
endif()
set(dumped ${WORK}/dump/${name}.tangent.cpp)
if(NOT EXISTS ${dumped})
  message(FATAL_ERROR "no dump at ${dumped}")
endif()
file(STRINGS ${WORK}/out.o strings REGEX "${name}\\.tangent\\.cpp")
if(strings STREQUAL "")
  message(FATAL_ERROR "the object's debug information does not name "
                      "${dumped}")
endif()
message(STATUS "debug information names the dumped file")
