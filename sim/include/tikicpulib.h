// CANN CPU-twin debugging API (tikicpulib) spelled as in the Ascend C docs, on top of the sim:
//   uint8_t* x = (uint8_t*)AscendC::GmAlloc(bytes);  ...
//   ICPU_RUN_KF(kernel, blockDim, x, y, workspace);   AscendC::GmFree(x);
// GM bounds come from the GmAlloc sizes; every kernel argument must come from GmAlloc (pointer-only
// kernels).  ICPU_SET_TILING_KEY is not provided: it feeds TILING_KEY_IS, which the kernel
// direct-call flow does not have (a kernel dispatches on its own arguments).
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>

#include "ascend_sim/launch.h"
#include "kernel_operator.h"

namespace AscendC {
void* GmAlloc(size_t size);
void GmFree(void* ptr);
}  // namespace AscendC

namespace ascend_sim {
// Size of a GmAlloc block (0 when ptr is not one).
uint64_t GmAllocSize(const void* ptr);

template <typename... A, std::size_t... I>
int LaunchKernelWithGmArgs(const char* name, void (*kernel)(A...), uint32_t blockDim, const GmArg* args,
                           std::index_sequence<I...>) {
    return LaunchKernel(LaunchOptions{name, blockDim}, kernel, args[I]...);
}

template <typename... A, typename... P>
int RunKf(const char* name, void (*kernel)(A...), uint32_t blockDim, P... ptrs) {
    static_assert(sizeof...(A) == sizeof...(P), "ICPU_RUN_KF: one pointer per kernel parameter");
    static_assert(sizeof...(A) <= 32, "ICPU_RUN_KF: at most 32 arguments");
    static const char* const names[32] = {"arg0",  "arg1",  "arg2",  "arg3",  "arg4",  "arg5",  "arg6",  "arg7",
                                           "arg8",  "arg9",  "arg10", "arg11", "arg12", "arg13", "arg14", "arg15",
                                           "arg16", "arg17", "arg18", "arg19", "arg20", "arg21", "arg22", "arg23",
                                           "arg24", "arg25", "arg26", "arg27", "arg28", "arg29", "arg30", "arg31"};
    const void* ptrList[sizeof...(A)] = {(const void*)ptrs...};
    GmArg args[sizeof...(A)];
    for (size_t i = 0; i < sizeof...(A); ++i)
        args[i] = GmArg{const_cast<void*>(ptrList[i]), GmAllocSize(ptrList[i]), names[i]};
    return LaunchKernelWithGmArgs(name, kernel, blockDim, args, std::index_sequence_for<A...>{});
}
}  // namespace ascend_sim

#define ICPU_RUN_KF(func, blockDim, ...) ::ascend_sim::RunKf(#func, func, (uint32_t)(blockDim), __VA_ARGS__)
