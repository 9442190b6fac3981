// Host-callable launcher of the UpsampleTrilinear3d kernel (implemented at the end of
// op_kernel/upsample_trilinear3d.cpp).  Called by the aclnn layer with the plan from
// ai::PlanUpsampleTrilinear3d: x/y are contiguous NCDHW (or NDHWC when the plan says channels-last),
// workspace = system reserve + user workspace (whose start holds plan.workspaceInit), tiling = the
// plan's tiling bytes.  Returns 0 on success, non-zero when the launch fails (sim: a rule violation,
// message in ascend_sim::LastError()).
#pragma once
#include <cstdint>

int LaunchUpsampleTrilinear3dKernel(uint32_t blockDim, uint64_t tilingKey, void* stream, void* x, uint64_t xBytes,
                                    void* y, uint64_t yBytes, void* workspace, uint64_t workspaceBytes, void* tiling,
                                    uint64_t tilingBytes);
