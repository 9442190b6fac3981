// Host-callable launcher of the UpsampleTrilinear3dBackward kernel (implemented at the end of
// op_kernel/upsample_trilinear3d_backward.cpp).  Called by the aclnn layer with the plan from
// ai::PlanUpsampleTrilinear3dBackward: x = gradOut and y = gradIn, contiguous NCDHW (or NDHWC when
// the plan folds the channels into the rows), workspace = the user workspace (whose start holds
// plan.workspaceInit), tiling = the plan's tiling bytes (passed by value).  Returns 0 on success,
// non-zero when the launch fails (sim: a rule violation, message in ascend_sim::LastError()).
#pragma once
#include "kernel_launch.h"

int LaunchUpsampleTrilinear3dBackwardKernel(const KernelLaunchArgs& args);
