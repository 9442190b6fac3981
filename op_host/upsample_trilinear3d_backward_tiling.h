// Host tiling of UpsampleTrilinear3dBackward: a pure function of the forward's problem (the forward
// input's shape is gradIn's, the forward output's is gradOut's; format, sizes/scales,
// align_corners, dtype) and the platform, filling the kernel plan: tiling bytes
// (tri::TrilinearBackwardTilingData), blockDim, workspace size and the tables the aclnn layer copies
// to the start of that workspace.
#pragma once
#include <string>

#include "op_common.h"
#include "upsample_trilinear3d_backward_tiling_data.h"

namespace ai {

// Returns false with a message in *err when the problem cannot be planned (invalid shape, dtype not
// on the chip, or a row whose tables do not fit the unified buffer).  Never launches anything.
bool PlanUpsampleTrilinear3dBackward(const TrilinearProblem& problem, const PlatformInfo& platform, KernelPlan* plan,
                                     std::string* err);

// The same plan, decoded (for tests and benchmarks).
bool DecodeTrilinearBackwardTiling(const KernelPlan& plan, tri::TrilinearBackwardTilingData* out);

// The planner's GM traffic budget: the fastest plan whose estimated traffic is within this factor
// of the floor (read gradOut once, write gradIn once) is taken; when no plan is, the one that moves
// the fewest bytes.  Splitting a unit re-reads the gradOut planes and rows its taps straddle, and
// HBM bandwidth is shared with the rest of a training step, so speed is not bought with more.
constexpr double kTrilinearBackwardTrafficBudget = 1.10;

}  // namespace ai
