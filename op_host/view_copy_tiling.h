// Host tiling of the view_copy kernel (op_kernel/view_copy.cpp): a pure function of a strided view
// (shape + element strides, in the contiguous side's row-major order), the element size, the
// direction and the platform, that fills the kernel plan: tiling bytes (ai::ViewCopyTilingData)
// and blockDim.  The aclnn layer plans one for each operand it stages through the workspace.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "op_common.h"

namespace ai {

// Returns false with a message in *err when the view cannot be planned (inconsistent arguments,
// more than 8 non-mergeable dimensions).  An empty view gives blockDim 0 (nothing to launch).
// The plan has no workspace (userWorkspaceBytes 0, no workspaceInit).
bool PlanViewCopy(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, uint32_t elemBytes,
                  bool scatter, const PlatformInfo& platform, KernelPlan* plan, std::string* err);

}  // namespace ai
