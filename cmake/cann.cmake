# ASCEND_TARGET=npu: build the same op_kernel/ sources with the CANN toolkit's Ascend C compiler.
# Cannot run on our machines (no NPU, no toolkit); kept compiling "in principle" and reviewed by hand.
if(NOT DEFINED ENV{ASCEND_HOME_PATH})
  message(FATAL_ERROR "ASCEND_TARGET=npu needs a CANN toolkit: source <cann>/set_env.sh so ASCEND_HOME_PATH is set")
endif()
set(ASCEND_CANN_PACKAGE_PATH $ENV{ASCEND_HOME_PATH})
set(SOC_VERSION "ascend910b1" CACHE STRING "SoC the kernels are compiled for (ascend910b1, ascend310p3, ...)")
set(ASCENDC_CMAKE_DIR ${ASCEND_CANN_PACKAGE_PATH}/compiler/tikcpp/ascendc_kernel_cmake)
if(NOT EXISTS ${ASCENDC_CMAKE_DIR}/ascendc.cmake)
  set(ASCENDC_CMAKE_DIR ${ASCEND_CANN_PACKAGE_PATH}/tools/tikcpp/ascendc_kernel_cmake)
endif()
include(${ASCENDC_CMAKE_DIR}/ascendc.cmake)

function(ai_add_npu_targets)
  # Device code: every kernel entry and its <<<>>> launch stub (kernel_launch.h picks the NPU form).
  ascendc_library(ascend_interpolate_kernels STATIC ${AI_OP_KERNEL_SOURCES})
  ascendc_compile_definitions(ascend_interpolate_kernels PRIVATE ASCEND_NPU=1)
  # Host code: aclnn API and tiling against the real acl/aclnn headers.
  add_library(ascend_interpolate SHARED ${AI_OP_API_SOURCES} ${AI_OP_HOST_SOURCES})
  target_compile_definitions(ascend_interpolate PRIVATE ASCEND_NPU=1)
  target_include_directories(ascend_interpolate PUBLIC
    ${CMAKE_SOURCE_DIR}/op_api ${CMAKE_SOURCE_DIR}/op_host ${CMAKE_SOURCE_DIR}/op_kernel
    ${ASCEND_CANN_PACKAGE_PATH}/include ${ASCEND_CANN_PACKAGE_PATH}/include/aclnn)
  target_link_directories(ascend_interpolate PUBLIC ${ASCEND_CANN_PACKAGE_PATH}/lib64)
  target_link_libraries(ascend_interpolate PUBLIC ascend_interpolate_kernels ascendcl nnopbase runtime)
endfunction()
