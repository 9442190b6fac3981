// Device description for the tiling planners (op_host/).
//   sim: the active SoC profile of the CPU twin (ascend_sim::ActiveSoc()).
//   npu: a fixed table keyed by aclrtGetSocName() (see platform.cpp).
#pragma once

#include "op_common.h"
#if !defined(ASCEND_NPU)
#include "ascend_sim/soc.h"
#endif

namespace ai {
namespace api {

PlatformInfo CurrentPlatform();

#if !defined(ASCEND_NPU)
// The tiling view of one sim SoC profile (CurrentPlatform() uses the active one).
PlatformInfo PlatformOf(const ascend_sim::SocProfile& soc);
#endif

}  // namespace api
}  // namespace ai
