// Host-callable launcher of the Interpolate-4 kernel (op_kernel/interpolate.cpp).  One launch of the
// `interpolate_separable` entry runs every separable pass of the plan (op_host/interpolate_tiling.h) in order.
// 0 = ok; non-zero = the launch failed (sim: a rule violation, message in ascend_sim::LastError()).
// `workspace` is the user workspace with the plan's workspaceInit already copied to its start;
// `tiling` is the plan's tiling bytes (passed to the kernel by value).
#pragma once
#include "kernel_launch.h"

int LaunchInterpolateKernel(const KernelLaunchArgs& args);
