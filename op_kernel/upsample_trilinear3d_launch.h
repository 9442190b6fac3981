// Host-callable launcher of the UpsampleTrilinear3d kernel (implemented at the end of
// op_kernel/upsample_trilinear3d.cpp).  Called by the aclnn layer with the plan from
// ai::PlanUpsampleTrilinear3d: x/y are contiguous NCDHW (or NDHWC when the plan says channels-last),
// workspace = the user workspace (whose start holds plan.workspaceInit), tiling = the plan's tiling
// bytes (passed to the kernel by value).  Returns 0 on success, non-zero when the launch fails (sim:
// a rule violation, message in ascend_sim::LastError()).
#pragma once
#include "kernel_launch.h"

int LaunchUpsampleTrilinear3dKernel(const KernelLaunchArgs& args);
