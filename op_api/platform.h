// Device description for the tiling planners (op_host/).
//   sim: the active SoC profile of the CPU twin (ascend_sim::ActiveSoc()).
//   npu: a fixed table keyed by aclrtGetSocName() (see platform.cpp).
#pragma once

#include "op_common.h"

namespace ai {
namespace api {

PlatformInfo CurrentPlatform();

}  // namespace api
}  // namespace ai
