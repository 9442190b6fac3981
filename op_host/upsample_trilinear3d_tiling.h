// Host tiling of UpsampleTrilinear3d: a pure function of the problem (shape, format, sizes/scales,
// align_corners, dtype) and the platform (core count, usable UB, chip features) that fills the
// kernel plan: tiling bytes (tri::UpsampleTrilinear3dTilingData), blockDim, tiling key, user
// workspace size and the tap tables the aclnn layer copies to the start of that workspace.
#pragma once
#include <string>

#include "op_common.h"
#include "upsample_trilinear3d_tiling_data.h"

namespace ai {

// Returns false with a message in *err when the problem cannot be planned (invalid shape, dtype not
// on the chip, or a row too long for the unified buffer).  Never launches anything.
bool PlanUpsampleTrilinear3d(const TrilinearProblem& problem, const PlatformInfo& platform, KernelPlan* plan,
                             std::string* err);

// "" when the kernels can take the problem on this platform, else why not (shape, dtype on this
// SoC, no cores).  The backward planner asks the same question of the forward's shapes.
std::string ValidateTrilinearProblem(const TrilinearProblem& problem, const PlatformInfo& platform);

// The start both trilinear planners share: *plan reset, the problem validated and its tensors within
// the planners' bound (1 << 40 elements; the aclnn layer's limits are far below).  False (with *err)
// when it cannot be planned; *empty when N = 0 (success with nothing to launch and no workspace).
bool StartTrilinearPlan(const TrilinearProblem& problem, const PlatformInfo& platform, KernelPlan* plan,
                        std::string* err, bool* empty);

// The same plan, decoded (for tests and benchmarks).
bool DecodeTrilinearTiling(const KernelPlan& plan, tri::UpsampleTrilinear3dTilingData* out);

// UB bytes the kernel will InitBuffer for this tiling (the planner keeps it <= platform.ubBytes).
uint64_t TrilinearUbBytes(const tri::UpsampleTrilinear3dTilingData& t);

}  // namespace ai
