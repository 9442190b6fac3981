// Host planner of the view_copy kernel: a strided view (shape + element strides, in the contiguous
// side's row-major order) -> tiling bytes (the path inside) and blockDim.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "op_common.h"

namespace ai {
namespace api {

struct ViewCopyPlan {
    uint32_t blockDim = 0;  // 0: nothing to copy
    std::vector<uint8_t> tiling;
};

bool PlanViewCopy(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, uint32_t elemBytes,
                  bool scatter, const PlatformInfo& platform, ViewCopyPlan* plan, std::string* err);

}  // namespace api
}  // namespace ai
