#include "platform.h"

#include <cstring>
#include <string>

#if defined(ASCEND_NPU)
#include "acl/acl.h"
#else
#include "ascend_sim/soc.h"
#endif

namespace ai {
namespace api {

#if defined(ASCEND_NPU)
// npu builds: platform facts by SoC name (aclrtGetSocName), from the Ascend C hardware facts in
// shared/reference/ascendc-api.md §1.1/§3.  Vector core counts are per product; unknown names fall
// back to the smallest 910B part so tiling never asks for more cores than exist.
//
//   SoC name prefix | vector cores | usable UB                 | system workspace | DataCopyPad | bf16
//   Ascend910B1/B2  | 48           | 192 KiB - 8 KiB - 256 B   | 16 MiB           | yes         | yes
//   Ascend910B3/B4  | 40           | 192 KiB - 8 KiB - 256 B   | 16 MiB           | yes         | yes
//   Ascend910_93    | 48           | 192 KiB - 8 KiB - 256 B   | 16 MiB           | yes         | yes
//   Ascend310P      | 8 (AI Cores) | 256 KiB - 8 KiB           | 2 MiB            | no          | no
//   Ascend950       | 64           | 248 KiB                   | 16 MiB           | yes         | yes
PlatformInfo CurrentPlatform()
{
    PlatformInfo p;
    const char* name = aclrtGetSocName();
    std::string soc = name != nullptr ? name : "";
    p.socName = soc;
    p.ubBytes = 192 * 1024 - 8 * 1024 - 256;
    p.arch = kArchAtlasA2;
    if (soc.rfind("Ascend910B1", 0) == 0 || soc.rfind("Ascend910B2", 0) == 0 || soc.rfind("Ascend910_93", 0) == 0) {
        p.coreNum = 48;
    } else if (soc.rfind("Ascend310P", 0) == 0) {
        p.coreNum = 8;
        p.ubBytes = 256 * 1024 - 8 * 1024;
        p.arch = kArchAtlasInference;
    } else if (soc.rfind("Ascend950", 0) == 0) {
        p.coreNum = 64;
        p.ubBytes = 248 * 1024;
    } else {
        p.coreNum = 40;
    }
    const SocCaps caps = CapsOfArch(p.arch);
    p.hasDataCopyPad = caps.dataCopyPad;
    p.hasBf16 = caps.bf16;
    return p;
}
#else
PlatformInfo CurrentPlatform() { return PlatformOf(ascend_sim::ActiveSoc()); }

PlatformInfo PlatformOf(const ascend_sim::SocProfile& soc)
{
    PlatformInfo p;
    p.socName = std::string(soc.name);
    p.coreNum = static_cast<uint32_t>(soc.vectorCoreNum);
    p.ubBytes = static_cast<uint32_t>(soc.ubUsableBytes);
    p.arch = soc.npuArch;
    const SocCaps caps = CapsOfArch(p.arch);
    p.hasDataCopyPad = caps.dataCopyPad;
    p.hasBf16 = caps.bf16;
    return p;
}
#endif

}  // namespace api
}  // namespace ai
