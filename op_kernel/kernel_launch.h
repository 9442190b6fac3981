// One launch spelling for both build targets.
//   sim: ascend_sim::LaunchKernel runs the entry on simulated cores with GM bounds per argument.
//   npu: the Ascend C kernel-call syntax kernel<<<blockDim, nullptr, stream>>>(args...).
// Each op_kernel/*.cpp defines a host-callable launcher with this macro, so op_api/ never sees
// the difference.  AI_GM(ptr, bytes, name) describes one GM argument.
#pragma once
#include <cstdint>

#if defined(ASCEND_NPU)
#define AI_GM(ptr, bytes, name) (reinterpret_cast<GM_ADDR>(ptr))
#define AI_LAUNCH_KERNEL(kernel, blockDim, tilingKey, stream, ...) \
    (kernel<<<(blockDim), nullptr, (stream)>>>(__VA_ARGS__), 0)
#else
#include "ascend_sim/launch.h"
#define AI_GM(ptr, bytes, name) (::ascend_sim::GmArg{(void*)(ptr), (uint64_t)(bytes), (name)})
#define AI_LAUNCH_KERNEL(kernel, blockDim, tilingKey, stream, ...)                                  \
    ::ascend_sim::LaunchKernel(::ascend_sim::LaunchOptions{#kernel, (uint32_t)(blockDim),           \
                                                           (uint64_t)(tilingKey)},                  \
                               kernel, {__VA_ARGS__})
#endif
