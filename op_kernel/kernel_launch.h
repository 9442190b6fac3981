// Host side of a kernel launch, one spelling for both build targets (the kernel direct-call flow,
// docs/npu.md).  Each op_kernel/*.cpp ends with a host-callable launcher
//
//     int AI_KERNEL_LAUNCHER(LaunchXxxKernel)(const KernelLaunchArgs& a)
//
// that copies the plan's tiling bytes into the kernel's tiling struct and launches the entry with
// AI_LAUNCH_KERNEL(entry, blockDim, stream, AI_GM(x ...), AI_GM(y ...), AI_GM(workspace ...), tiling):
// GM pointers, then the tiling struct by value.
//   npu: one SoC per build; the launcher is LaunchXxxKernel and the launch is the Ascend C
//        kernel-call syntax entry<<<blockDim, nullptr, stream>>>(args...).
//   sim: the kernels are compiled once per architecture into their own library (AI_KERNEL_SOC_ARCH
//        set); the launcher is LaunchXxxKernel_<arch> and the sim-only dispatcher
//        (op_api/kernel_dispatch_sim.cpp) picks the one of the active SoC profile's architecture.
#pragma once
#include <stdint.h>

#include "soc_caps.h"

// Everything the aclnn layer hands to a launcher.  Sizes are bytes; tiling points at the plan's
// tiling bytes (host memory), which the launcher passes by value.
struct KernelLaunchArgs {
    uint32_t blockDim;
    void* stream;
    void* x;
    uint64_t xBytes;
    void* y;
    uint64_t yBytes;
    void* workspace;
    uint64_t workspaceBytes;
    const void* tiling;
    uint64_t tilingBytes;
};

// The tiling struct of a launch, from the plan's bytes; false when the sizes differ.
template <typename T>
inline bool CopyTilingArg(const KernelLaunchArgs& a, T* out)
{
    if (a.tiling == nullptr || a.tilingBytes != sizeof(T)) return false;
    const uint8_t* from = static_cast<const uint8_t*>(a.tiling);
    uint8_t* to = reinterpret_cast<uint8_t*>(out);
    for (uint64_t i = 0; i < sizeof(T); ++i) to[i] = from[i];  // POD bytes (no libc in kernel sources)
    return true;
}

#define AI_KERNEL_CONCAT_(a, b) a##_##b
#define AI_KERNEL_CONCAT(a, b) AI_KERNEL_CONCAT_(a, b)

#if defined(ASCEND_NPU)
#define AI_KERNEL_LAUNCHER(name) name
#define AI_GM(ptr, bytes, name) (reinterpret_cast<GM_ADDR>(ptr))
#define AI_LAUNCH_KERNEL(kernel, blockDim, stream, ...) (kernel<<<(blockDim), nullptr, (stream)>>>(__VA_ARGS__), 0)
#else
#include "ascend_sim/launch.h"
#define AI_KERNEL_LAUNCHER(name) __attribute__((visibility("default"))) AI_KERNEL_CONCAT(name, AI_KERNEL_ARCH)
#define AI_GM(ptr, bytes, name) (::ascend_sim::GmArg{(void*)(ptr), (uint64_t)(bytes), (name)})
#define AI_LAUNCH_KERNEL(kernel, blockDim, stream, ...) \
    ((void)(stream), ::ascend_sim::LaunchKernel(::ascend_sim::LaunchOptions{#kernel, (uint32_t)(blockDim)}, kernel, __VA_ARGS__))
#endif
