// Host-callable launcher of the view_copy kernel (op_kernel/view_copy.cpp).  Same argument list as
// the operator launchers: src = x, dst = y.  0 = ok; non-zero = the sim rejected the kernel
// (message in ascend_sim::LastError()).  The workspace is unused (pass nullptr, 0).
#pragma once
#include <cstdint>

int LaunchViewCopyKernel(uint32_t blockDim, uint64_t tilingKey, void* stream, void* src, uint64_t srcBytes, void* dst,
                         uint64_t dstBytes, void* workspace, uint64_t workspaceBytes, void* tiling,
                         uint64_t tilingBytes);
