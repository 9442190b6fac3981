# Install rules of the sim build (docs/install.md), in two components:
#   runtime      the four shared libraries, RPATH $ORIGIN so they find each other wherever they are
#                copied (what the Python wheel bundles: pyproject.toml installs this component only,
#                into ascend_interpolate/lib/);
#   development  for C users: the public headers (and the sim's acl/aclnn headers they include) in
#                include/ascend_interpolate/, and the CMake package config in
#                lib/cmake/ascend_interpolate/ exporting ascend_interpolate::ascend_interpolate:
#                  find_package(ascend_interpolate CONFIG REQUIRED)
#                  target_link_libraries(app PRIVATE ascend_interpolate::ascend_interpolate)
# `cmake --install <build> --prefix <p>` installs both.
include(CMakePackageConfigHelpers)

set(AI_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/ascend_interpolate)
set(AI_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/ascend_interpolate)
# The kernel libraries are private to libascend_interpolate.so but are exported too: an imported
# shared library names the libraries it needs (IMPORTED_LINK_DEPENDENT_LIBRARIES).
set(AI_INSTALL_TARGETS ascend_sim ${AI_SIM_KERNEL_LIBS} ascend_interpolate)
set_target_properties(${AI_INSTALL_TARGETS} PROPERTIES INSTALL_RPATH "$ORIGIN")

install(TARGETS ${AI_INSTALL_TARGETS} EXPORT ascend_interpolateTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime
        INCLUDES DESTINATION ${AI_INSTALL_INCLUDEDIR})

# The public headers: the two operators' aclnn API and what they include (aclnn/aclnn_base.h ->
# aclnn/acl_meta.h -> acl/acl_base.h), with the rest of the sim's acl runtime API (acl/acl.h,
# aclrtMalloc & co., and acl/acl_sim_ext.h: aclsimSetSoc and the launch record).  Under their own
# folder, so that a prefix shared with a CANN toolkit keeps CANN's acl/ headers apart from the sim's.
install(FILES ${CMAKE_SOURCE_DIR}/op_api/aclnn_upsample_trilinear3d.h ${CMAKE_SOURCE_DIR}/op_api/aclnn_interpolate.h
        DESTINATION ${AI_INSTALL_INCLUDEDIR} COMPONENT development)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/sim/include/acl ${CMAKE_SOURCE_DIR}/sim/include/aclnn
        DESTINATION ${AI_INSTALL_INCLUDEDIR} COMPONENT development FILES_MATCHING PATTERN "*.h")

install(EXPORT ascend_interpolateTargets NAMESPACE ascend_interpolate::
        DESTINATION ${AI_INSTALL_CMAKEDIR} COMPONENT development)
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/ascend_interpolateConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/ascend_interpolateConfig.cmake
                              INSTALL_DESTINATION ${AI_INSTALL_CMAKEDIR})
# 0.x: a minor version may break the API, so only the same MAJOR.MINOR is compatible.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/ascend_interpolateConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/ascend_interpolateConfig.cmake ${CMAKE_BINARY_DIR}/ascend_interpolateConfigVersion.cmake
        DESTINATION ${AI_INSTALL_CMAKEDIR} COMPONENT development)
