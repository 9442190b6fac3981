// Host-callable launcher of the view_copy kernel (op_kernel/view_copy.cpp): src = x, dst = y; the
// workspace is unused (nullptr, 0).  0 = ok; non-zero = the launch failed (sim: message in
// ascend_sim::LastError()).
#pragma once
#include "kernel_launch.h"

int LaunchViewCopyKernel(const KernelLaunchArgs& args);
