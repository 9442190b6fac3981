// Device description for the tiling planners (op_host/), from the runtime glue of the build:
//   sim: the active SoC profile of the CPU twin (platform_sim.cpp);
//   npu: the CANN platform queries for the device in use (platform_npu.cpp).
#pragma once

#include "op_common.h"

namespace ascend_sim {
struct SocProfile;
}

namespace ai {
namespace api {

// The platform the next plan is for.  On npu it fails (false, with `why`) when the device is not the
// SoC family this library's kernels were compiled for.
bool CurrentPlatform(PlatformInfo* platform, std::string* why);

// sim builds: the tiling view of one SoC profile (CurrentPlatform uses the active one).
PlatformInfo PlatformOf(const ascend_sim::SocProfile& soc);

}  // namespace api
}  // namespace ai
