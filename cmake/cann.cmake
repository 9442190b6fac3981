# ASCEND_TARGET=npu: the kernel direct-call flow of a CANN toolkit (docs/npu.md).
#   - The kernels (op_kernel/*.cpp) are Ascend C sources compiled by bisheng for ONE architecture
#     (--npu-arch=dav-<arch>), host launchers included: entry<<<blockDim, nullptr, stream>>>(args),
#     the tiling struct passed by value.
#   - The aclnn layer and the tiling (op_api/, op_host/) are host C++ in libcust_opapi.so, the name a
#     CANN custom operator package gives its aclnn library (op_api/lib/libcust_opapi.so), which
#     torch_npu and the Python binding load.
# Written to the asc-devkit's documented CMake flow (find_package(ASC), LANGUAGE ASC) and never run
# here: no machine of ours has a toolkit.  ./build.sh --npu checks for one before it configures.
if(NOT DEFINED ENV{ASCEND_HOME_PATH} OR NOT EXISTS "$ENV{ASCEND_HOME_PATH}")
  message(FATAL_ERROR "ASCEND_TARGET=npu needs a CANN toolkit: source <cann>/set_env.sh so ASCEND_HOME_PATH is set")
endif()
set(ASCEND_CANN_PACKAGE_PATH $ENV{ASCEND_HOME_PATH})

# The SoC family decides the architecture the kernels are compiled for (op_kernel/soc_caps.h).
set(AI_NPU_SOC "ascend910b" CACHE STRING "SoC family the kernels are built for: ascend910b or ascend310p")
set_property(CACHE AI_NPU_SOC PROPERTY STRINGS ascend910b ascend310p)
if(AI_NPU_SOC STREQUAL "ascend910b")
  set(AI_NPU_ARCH 2201)
elseif(AI_NPU_SOC STREQUAL "ascend310p")
  set(AI_NPU_ARCH 2002)
else()
  message(FATAL_ERROR "AI_NPU_SOC must be ascend910b or ascend310p, got '${AI_NPU_SOC}'")
endif()
set(CMAKE_ASC_ARCHITECTURES "dav-${AI_NPU_ARCH}" CACHE STRING "bisheng --npu-arch of the kernels" FORCE)

find_package(ASC REQUIRED CONFIG
             HINTS ${ASCEND_CANN_PACKAGE_PATH}/compiler/tikcpp/ascendc_kernel_cmake
                   ${ASCEND_CANN_PACKAGE_PATH}/tools/tikcpp/ascendc_kernel_cmake)
enable_language(ASC)

function(ai_add_npu_targets)
  # Device code and its host launchers, for the chosen architecture only.
  ascendc_library(ascend_interpolate_kernels STATIC ${AI_OP_KERNEL_SOURCES})
  target_include_directories(ascend_interpolate_kernels PRIVATE ${CMAKE_SOURCE_DIR}/op_kernel)
  target_compile_definitions(ascend_interpolate_kernels PRIVATE ASCEND_NPU=1 AI_KERNEL_SOC_ARCH=${AI_NPU_ARCH})
  target_compile_options(ascend_interpolate_kernels PRIVATE
                         $<$<COMPILE_LANGUAGE:ASC>:--npu-arch=${CMAKE_ASC_ARCHITECTURES}>)

  # The aclnn library: checks, tiling, executors, the npu runtime glue.
  file(GLOB npu_glue CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/op_api/*_npu.cpp)
  add_library(cust_opapi SHARED ${AI_OP_API_SOURCES} ${AI_OP_HOST_SOURCES} ${npu_glue})
  target_compile_definitions(cust_opapi PRIVATE ASCEND_NPU=1 AI_KERNEL_SOC_ARCH=${AI_NPU_ARCH})
  target_include_directories(cust_opapi PUBLIC ${AI_INCLUDE_DIRS}
                             ${ASCEND_CANN_PACKAGE_PATH}/include ${ASCEND_CANN_PACKAGE_PATH}/include/aclnn)
  target_link_directories(cust_opapi PUBLIC ${ASCEND_CANN_PACKAGE_PATH}/lib64)
  target_link_libraries(cust_opapi PRIVATE ascend_interpolate_kernels PUBLIC ascendcl nnopbase platform)
  ai_set_warnings(cust_opapi)

  # The custom operator package layout torch_npu searches (ASCEND_CUSTOM_OPP_PATH=<prefix>/vendors/
  # ascend_interpolate): op_api/lib/libcust_opapi.so and op_api/include/aclnn_*.h.
  set(vendor vendors/ascend_interpolate)
  install(TARGETS cust_opapi LIBRARY DESTINATION ${vendor}/op_api/lib)
  install(FILES ${CMAKE_SOURCE_DIR}/op_api/aclnn_upsample_trilinear3d.h ${CMAKE_SOURCE_DIR}/op_api/aclnn_interpolate.h
                ${CMAKE_SOURCE_DIR}/op_api/ascend_interpolate_log.h
          DESTINATION ${vendor}/op_api/include)
  # What an npu wheel bundles (pyproject.toml installs the runtime component into ascend_interpolate/;
  # docs/install.md): the library alone, in lib/.  Not part of a plain `cmake --install`.
  install(TARGETS cust_opapi LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime EXCLUDE_FROM_ALL)
endfunction()
