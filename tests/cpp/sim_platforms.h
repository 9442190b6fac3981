// Tiling inputs for the two sim SoC profiles, taken from the profiles themselves (sim/src/soc_profiles.cpp)
// so that tiling tests follow the one place where the device numbers live.
#pragma once

#include "ascend_sim/soc.h"
#include "op_common.h"
#include "platform.h"

inline ai::PlatformInfo SimPlatform(const char* socName)
{
    const ascend_sim::SocProfile* soc = ascend_sim::FindSoc(socName);
    return soc != nullptr ? ai::api::PlatformOf(*soc) : ai::PlatformInfo{};
}

inline ai::PlatformInfo Ascend910b() { return SimPlatform("ascend910b"); }
inline ai::PlatformInfo Ascend310p() { return SimPlatform("ascend310p"); }
