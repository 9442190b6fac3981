// Platform of the npu build: the CANN platform queries (tiling/platform/platform_ascendc.h) for the
// device in use.  The library holds the kernels of one architecture (AI_KERNEL_SOC_ARCH, set by
// cmake/cann.cmake from ./build.sh --npu --soc=...); a device of another family is refused.
// Written against the public headers and never compiled here (docs/npu.md).
#include "platform.h"

#include "tiling/platform/platform_ascendc.h"

namespace ai {
namespace api {

namespace {
// The SoC families whose kernels an architecture's build holds.
bool FamilyRunsArch(platform_ascendc::SocVersion soc, uint32_t arch)
{
    using platform_ascendc::SocVersion;
    if (arch == kArchAtlasA2) return soc == SocVersion::ASCEND910B || soc == SocVersion::ASCEND910_93;
    if (arch == kArchAtlasInference) return soc == SocVersion::ASCEND310P;
    return false;
}

// UB the kernels may use: the core's UB minus the Ascend C API scratch (TMP_UB_OFFSET: 8 KiB at the
// end, and 256 B more on dav-c220), as the sim profiles model it (docs/sim.md).
uint32_t UsableUbBytes(uint64_t ubBytes, uint32_t arch)
{
    const uint64_t reserve = arch == kArchAtlasA2 ? 8 * 1024 + 256 : 8 * 1024;
    return static_cast<uint32_t>(ubBytes > reserve ? ubBytes - reserve : 0);
}
}  // namespace

bool CurrentPlatform(PlatformInfo* platform, std::string* why)
{
    auto* ascendc = platform_ascendc::PlatformAscendCManager::GetInstance();
    if (ascendc == nullptr) {
        *why = "the CANN platform information is not available (is a device set with aclrtSetDevice?)";
        return false;
    }
    PlatformInfo p;
    p.arch = AI_KERNEL_SOC_ARCH;
    if (!FamilyRunsArch(ascendc->GetSocVersion(), p.arch)) {
        *why = std::string("this library holds kernels for __NPU_ARCH__ ") + std::to_string(p.arch) +
               " (./build.sh --npu --soc=...), which this device's SoC family does not run; rebuild for its SoC";
        return false;
    }
    p.socName = p.arch == kArchAtlasA2 ? "ascend910b" : "ascend310p";
    p.coreNum = ascendc->GetCoreNumAiv();
    uint64_t ub = 0;
    ascendc->GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
    p.ubBytes = UsableUbBytes(ub, p.arch);
    const SocCaps caps = CapsOfArch(p.arch);
    p.hasDataCopyPad = caps.dataCopyPad;
    p.hasBf16 = caps.bf16;
    // The planners' cost figures: the estimates the sim's profiles use for these SoCs
    // (docs/sim.md "Parameters and sources"); only the ranking of candidate tilings depends on them.
    if (p.arch == kArchAtlasInference) {
        p.cost.hbmGBps = 204.8;
        p.cost.perCoreDmaGBps = 50.0;
        p.cost.clockGHz = 1.08;
        p.cost.syncAllUs = 3.0;
    }
    *platform = p;
    return true;
}

}  // namespace api
}  // namespace ai
