# MPI for the programs that tests and samples compile with the tangent
# plugin and run under mpirun (test/mpi, samples/heat_inverse_mpi). Sets:
#   TANGENT_MPI_FOUND     MPI for C++ and an mpirun were found
#   TANGENT_MPIRUN        mpirun (or mpiexec)
#   TANGENT_MPIRUN_FLAGS  Open MPI: more ranks than cores, not pinned (the
#                         machine is shared)
#   TANGENT_MPIRUN_ENV    Open MPI: what a root user (containers) needs
#   TANGENT_MPI_INCLUDES  -I flags of mpi.h
#   TANGENT_MPI_FLAGS     those, MPI's compile options and its libraries:
#                         what tangent-clang++ needs to build an MPI program
set(MPI_CXX_SKIP_MPICXX ON) # the deprecated C++ bindings: not needed
find_package(MPI COMPONENTS CXX)
find_program(TANGENT_MPIRUN NAMES mpirun mpiexec HINTS ${MPIEXEC_EXECUTABLE})
set(TANGENT_MPI_FOUND FALSE)
if(MPI_CXX_FOUND AND TANGENT_MPIRUN)
  set(TANGENT_MPI_FOUND TRUE)
endif()

set(TANGENT_MPIRUN_FLAGS)
set(TANGENT_MPIRUN_ENV)
set(TANGENT_MPI_INCLUDES)
set(TANGENT_MPI_FLAGS)
if(TANGENT_MPI_FOUND)
  execute_process(COMMAND ${TANGENT_MPIRUN} --version
                  OUTPUT_VARIABLE mpirun_version ERROR_QUIET)
  if(mpirun_version MATCHES "Open MPI|OpenRTE")
    set(TANGENT_MPIRUN_FLAGS --oversubscribe --bind-to none)
    set(TANGENT_MPIRUN_ENV
        OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1)
  endif()
  foreach(dir ${MPI_CXX_INCLUDE_DIRS})
    list(APPEND TANGENT_MPI_INCLUDES -I${dir})
  endforeach()
  set(TANGENT_MPI_FLAGS ${TANGENT_MPI_INCLUDES} ${MPI_CXX_COMPILE_OPTIONS}
      ${MPI_CXX_LIBRARIES} ${MPI_CXX_LINK_FLAGS})
endif()
