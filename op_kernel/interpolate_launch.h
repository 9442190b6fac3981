// Host-callable launcher of the Interpolate-4 kernel (op_kernel/interpolate.cpp).  One launch of the
// `interpolate_separable` entry runs every separable pass of the plan (op_host/interpolate_tiling.h) in order.
// 0 = ok; non-zero = the sim rejected a launch (message in ascend_sim::LastError()).
// `workspace` is the whole workspace (system reserve + user part, workspaceBytes in total) with the
// plan's workspaceInit already copied to the start of the user part; `tiling` is the plan's tiling.
#pragma once
#include <cstdint>

int LaunchInterpolateKernel(uint32_t blockDim, uint64_t tilingKey, void* stream, void* x, uint64_t xBytes, void* y,
                            uint64_t yBytes, void* workspace, uint64_t workspaceBytes, void* tiling,
                            uint64_t tilingBytes);
