# Compiles one MPI program with the tangent plugin (a test of its own, the
# fixture of the runs under mpirun):
#   cmake -DCOMPILER=<tangent-clang++> -DSOURCE=<file.cpp> -DEXE=<path>
#         "-DFLAGS=<MPI compile and link flags>" -P build_plugin_program.cmake
execute_process(
  COMMAND ${COMPILER} -std=c++20 -O2 -Wall ${FLAGS} ${SOURCE} -o ${EXE}
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "compiling ${SOURCE} with the plugin failed")
endif()
