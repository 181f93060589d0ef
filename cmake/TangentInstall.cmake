# Installation and the CMake package (included by the top-level
# CMakeLists.txt). `cmake --install build --prefix P` gives:
#
#   P/include/tangent/...             the runtime headers (Tangent::runtime)
#   P/lib/tangent/TangentPlugin.so    the plugin
#   P/bin/tangent-clang++             clang++-19 + the installed plugin/headers
#   P/bin/tangent-rewrite             the rewriting tool (finds P/include)
#   P/lib/cmake/Tangent/              find_package(Tangent CONFIG): the
#                                     Tangent::runtime target, tangent_enable(),
#                                     tangent_check()
#
# The installed tree is relocatable: the wrapper and the tool find the
# plugin and the headers relative to their own location, and the package
# relative to its own directory.
include(CMakePackageConfigHelpers)

set(TANGENT_INSTALL_BINDIR bin)
set(TANGENT_INSTALL_INCLUDEDIR include)
set(TANGENT_INSTALL_PLUGINDIR lib/tangent)
set(TANGENT_INSTALL_CMAKEDIR lib/cmake/Tangent)
set(TANGENT_PLUGIN_INSTALL_PATH ${TANGENT_INSTALL_PLUGINDIR}/TangentPlugin.so)

set_target_properties(tangent_runtime PROPERTIES EXPORT_NAME runtime)
install(TARGETS tangent_runtime EXPORT TangentTargets COMPONENT tangent)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/include/
  DESTINATION ${TANGENT_INSTALL_INCLUDEDIR} COMPONENT tangent
  FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
install(TARGETS TangentPlugin
  LIBRARY DESTINATION ${TANGENT_INSTALL_PLUGINDIR} COMPONENT tangent)
install(TARGETS tangent-rewrite
  RUNTIME DESTINATION ${TANGENT_INSTALL_BINDIR} COMPONENT tangent)

configure_file(${CMAKE_CURRENT_LIST_DIR}/tangent-clang++.installed.in
  ${CMAKE_BINARY_DIR}/cmake/tangent-clang++ @ONLY)
install(PROGRAMS ${CMAKE_BINARY_DIR}/cmake/tangent-clang++
  DESTINATION ${TANGENT_INSTALL_BINDIR} COMPONENT tangent)

install(EXPORT TangentTargets NAMESPACE Tangent::
  DESTINATION ${TANGENT_INSTALL_CMAKEDIR} COMPONENT tangent)
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/TangentConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/TangentConfig.cmake
  INSTALL_DESTINATION ${TANGENT_INSTALL_CMAKEDIR}
  PATH_VARS TANGENT_PLUGIN_INSTALL_PATH TANGENT_INSTALL_BINDIR
    TANGENT_INSTALL_INCLUDEDIR)
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/cmake/TangentConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_BINARY_DIR}/cmake/TangentConfig.cmake
  ${CMAKE_BINARY_DIR}/cmake/TangentConfigVersion.cmake
  DESTINATION ${TANGENT_INSTALL_CMAKEDIR} COMPONENT tangent)
