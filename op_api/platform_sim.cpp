// Platform of the sim build: the active SoC profile.  Capabilities come from the architecture's
// SocCaps (the facts its kernels are compiled with); tests/cpp/test_sim_ops.cpp pins that every
// profile's own flags agree with them.
#include "platform.h"

#include "ascend_sim/soc.h"

namespace ai {
namespace api {

bool CurrentPlatform(PlatformInfo* platform, std::string* why)
{
    const std::string socError = ascend_sim::SocSelectionError();
    if (!socError.empty()) {
        *why = socError;
        return false;
    }
    *platform = PlatformOf(ascend_sim::ActiveSoc());
    return true;
}

PlatformInfo PlatformOf(const ascend_sim::SocProfile& soc)
{
    PlatformInfo p;
    p.socName = std::string(soc.name);
    p.arch = soc.npuArch;
    p.coreNum = static_cast<uint32_t>(soc.vectorCoreNum);
    p.ubBytes = static_cast<uint32_t>(soc.ubUsableBytes);
    const SocCaps caps = CapsOfArch(p.arch);
    p.hasDataCopyPad = caps.dataCopyPad;
    p.hasBf16 = caps.bf16;
    p.cost.hbmGBps = soc.hbmBandwidthGBps;
    p.cost.perCoreDmaGBps = soc.perCoreDmaGBps;
    p.cost.clockGHz = soc.clockGHz;
    p.cost.vectorBytesPerCycle = soc.vectorBytesPerCycle;
    p.cost.vectorInstrCycles = soc.vectorInstrOverheadCycles;
    p.cost.dmaInstrCycles = soc.dmaInstrOverheadCycles;
    p.cost.syncAllUs = soc.syncAllUs;
    return p;
}

}  // namespace api
}  // namespace ai
