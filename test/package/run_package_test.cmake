# Installs tangent into a prefix inside the build tree, builds the consumer
# project of consumer/ against it and runs it; then checks that
# tangent_enable refuses a compiler that is not Clang 19, that the
# installed tools use the installed files, and that tangent_check fails the
# build of checked/ (rewritten sources, another compiler) when a function
# changed after the rewrite, with the target's flags and with -p.
#
#   cmake -DBUILD_DIR=<build> -DWORK=<dir> -DCONSUMER=<consumer source>
#         -DCHECKED=<checked source> -DCLANGXX=<clang++-19>
#         -DOTHERCXX=<g++> -DGENERATOR=<generator> -P run_package_test.cmake
cmake_minimum_required(VERSION 3.20)
foreach(var BUILD_DIR WORK CONSUMER CHECKED CLANGXX OTHERCXX GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_package_test.cmake: -D${var}=... is required")
  endif()
endforeach()

function(step)
  cmake_parse_arguments(arg "WILL_FAIL" "OUTPUT" "COMMAND" ${ARGN})
  string(JOIN " " shown ${arg_COMMAND})
  message(STATUS "+ ${shown}")
  execute_process(COMMAND ${arg_COMMAND} RESULT_VARIABLE rc
    OUTPUT_VARIABLE out ERROR_VARIABLE out)
  message("${out}")
  if(arg_WILL_FAIL AND rc EQUAL 0)
    message(FATAL_ERROR "expected a failure: ${shown}")
  elseif(NOT arg_WILL_FAIL AND NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${shown}")
  endif()
  if(arg_OUTPUT)
    set(${arg_OUTPUT} "${out}" PARENT_SCOPE)
  endif()
endfunction()

set(prefix ${WORK}/prefix)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# 1. Install.
step(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(f include/tangent/tangent.hpp lib/tangent/TangentPlugin.so
          bin/tangent-clang++ bin/tangent-rewrite
          lib/cmake/Tangent/TangentConfig.cmake
          lib/cmake/Tangent/TangentConfigVersion.cmake
          lib/cmake/Tangent/TangentTargets.cmake)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "not installed: ${prefix}/${f}")
  endif()
endforeach()

# 2. The consumer, with the plugin, against the installed package.
step(COMMAND ${CMAKE_COMMAND} -S ${CONSUMER} -B ${WORK}/consumer -G ${GENERATOR}
  -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CLANGXX}
  -DCMAKE_BUILD_TYPE=Release)
step(COMMAND ${CMAKE_COMMAND} --build ${WORK}/consumer)
step(COMMAND ${WORK}/consumer/consumer OUTPUT out)
if(NOT out MATCHES "gradient ok")
  message(FATAL_ERROR "the consumer's gradient is wrong")
endif()
step(COMMAND ${WORK}/consumer/consumer_runtime_only)

# 3. tangent_enable with another compiler: a clear configuration error.
step(WILL_FAIL OUTPUT out
  COMMAND ${CMAKE_COMMAND} -S ${CONSUMER} -B ${WORK}/consumer-other
  -G ${GENERATOR} -DCMAKE_PREFIX_PATH=${prefix}
  -DCMAKE_CXX_COMPILER=${OTHERCXX})
if(NOT out MATCHES "the tangent plugin needs Clang 19")
  message(FATAL_ERROR "tangent_enable did not explain the compiler mismatch")
endif()

# 4. The installed tools use the installed plugin and headers.
step(COMMAND ${prefix}/bin/tangent-rewrite --version OUTPUT out)
if(NOT out MATCHES "runtime headers: ${prefix}/include")
  message(FATAL_ERROR "the installed tangent-rewrite does not use ${prefix}/include")
endif()
file(COPY ${CONSUMER}/main.cpp DESTINATION ${WORK}/rewrite)
step(COMMAND ${prefix}/bin/tangent-rewrite --root ${WORK}/rewrite
  ${WORK}/rewrite/main.cpp)
step(COMMAND ${OTHERCXX} -std=c++20 -I${prefix}/include ${WORK}/rewrite/main.cpp
  -o ${WORK}/rewrite/main)
step(COMMAND ${WORK}/rewrite/main OUTPUT out)
if(NOT out MATCHES "gradient ok")
  message(FATAL_ERROR "the rewritten consumer's gradient is wrong")
endif()
file(READ ${prefix}/bin/tangent-clang++ wrapper)
if(wrapper MATCHES "${BUILD_DIR}")
  message(FATAL_ERROR "the installed tangent-clang++ refers to the build tree")
endif()
step(COMMAND ${prefix}/bin/tangent-clang++ ${CONSUMER}/main.cpp
  -o ${WORK}/wrapper-main)
step(COMMAND ${WORK}/wrapper-main)

# 5. tangent_check: checked/ is rewritten, then built by the other compiler.
# An edited function (in the main file, then in a header) must fail the
# build until tangent-rewrite runs again; a build with nothing changed runs
# nothing.
function(edit file from to)
  file(READ ${file} text)
  string(FIND "${text}" "${from}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "edit: '${from}' is not in ${file}")
  endif()
  string(REPLACE "${from}" "${to}" text "${text}")
  file(WRITE ${file} "${text}")
endfunction()
function(expect_output out pattern what)
  string(FIND "${out}" "${pattern}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "${what}: the output lacks '${pattern}'")
  endif()
endfunction()
foreach(export OFF ON)
  set(src ${WORK}/checked-${export}/src)
  set(bin ${WORK}/checked-${export}/build)
  file(COPY ${CHECKED}/ DESTINATION ${src})
  set(rewrite ${prefix}/bin/tangent-rewrite --root ${src} ${src}/main.cpp --
    -I${src}/include)
  step(COMMAND ${rewrite})
  foreach(f main.cpp include/model.h)
    file(READ ${src}/${f} text)
    if(NOT text MATCHES "tangent: generated adjoints")
      message(FATAL_ERROR "tangent-rewrite wrote no block into ${f}")
    endif()
  endforeach()
  step(COMMAND ${CMAKE_COMMAND} -S ${src} -B ${bin} -G ${GENERATOR}
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${OTHERCXX}
    -DCMAKE_EXPORT_COMPILE_COMMANDS=${export})
  step(COMMAND ${CMAKE_COMMAND} --build ${bin} OUTPUT out)
  expect_output("${out}" "tangent: checking the generated adjoints of checked"
    "the first build")
  step(COMMAND ${bin}/checked OUTPUT out)
  expect_output("${out}" "gradient ok" "the rewritten program")
  if(GENERATOR STREQUAL "Ninja")
    step(COMMAND ${CMAKE_COMMAND} --build ${bin} OUTPUT out)
    expect_output("${out}" "no work to do" "a build with nothing changed")
  endif()

  edit(${src}/main.cpp "std::sin(q[i]); // EDIT-MAIN"
    "std::sin(2.0 * q[i]); // EDIT-MAIN")
  if(export STREQUAL "OFF")
    # What the guard is for: the plain compiler takes the stale block
    # silently, and the program computes the old gradient.
    step(COMMAND ${OTHERCXX} -std=c++20 -I${prefix}/include -I${src}/include
      ${src}/main.cpp -o ${WORK}/stale)
    step(WILL_FAIL COMMAND ${WORK}/stale OUTPUT out)
    expect_output("${out}" "gradient WRONG" "the stale program")
  endif()
  step(WILL_FAIL COMMAND ${CMAKE_COMMAND} --build ${bin} OUTPUT out)
  expect_output("${out}" "main.cpp: generated adjoints are missing or out of date"
    "a build after editing main.cpp")
  expect_output("${out}" "to update them, run:" "a build after editing main.cpp")
  step(WILL_FAIL COMMAND ${CMAKE_COMMAND} --build ${bin})
  step(COMMAND ${rewrite})
  step(COMMAND ${CMAKE_COMMAND} --build ${bin})
  step(COMMAND ${bin}/checked OUTPUT out)
  expect_output("${out}" "gradient ok" "the program rewritten after the edit")

  edit(${src}/include/model.h "0.5 * k * x * x" "0.25 * k * x * x * x")
  step(WILL_FAIL COMMAND ${CMAKE_COMMAND} --build ${bin} OUTPUT out)
  expect_output("${out}" "model.h: generated adjoints are missing or out of date"
    "a build after editing model.h")
  step(COMMAND ${rewrite})
  step(COMMAND ${CMAKE_COMMAND} --build ${bin})
  step(COMMAND ${bin}/checked OUTPUT out)
  expect_output("${out}" "gradient ok" "the program rewritten after the header edit")
endforeach()
