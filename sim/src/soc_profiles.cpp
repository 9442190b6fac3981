// SoC profiles of the CPU twin: every device value the sim enforces or models, with its source.
// Sources: "ref" = a fact from the public asc-devkit headers and API docs or ops-cv; "est" = an estimate,
// reasoning given.  docs/sim.md repeats this table.  Which APIs, dtypes and Cast modes each chip has
// lives in ascend_sim/arch_tables.h (by npuArch); the capability flags below are read from there.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>
#include <strings.h>

#include "ascend_sim/arch_tables.h"
#include "ascend_sim/soc.h"

namespace ascend_sim {
namespace {

constexpr uint32_t KiB = 1024;
constexpr uint64_t MiB = 1024ull * 1024ull;

const SocProfile kProfiles[] = {
    {
        "ascend910b",
        48,                     // ref: 910B1/B2 have 24 AI cores x 2 AIV = 48 (ops-cv UTs use 48); B3/B4 have 40
        192 * KiB,              // ref: TOTAL_UB_SIZE 192 KB on arch 2201
        192 * KiB - 8 * KiB - 256,  // ref: 192 KB - 8 KB API scratch (TMP_UB_OFFSET) - 256 B = 192 KiB - 8.25 KiB
        16 * MiB,               // ref: RESERVED_WORKSPACE 16 MB on 2201
        arch::HasDataCopyPad(arch::kAscend910b),  // ref: arch_tables.h
        arch::HasBf16(arch::kAscend910b),         // ref: arch_tables.h (bf16 storage, Cast, Duplicate, DataCopy; no arithmetic)
        arch::HasHardSyncAll(arch::kAscend910b),  // ref: arch_tables.h
        1.8,                    // est: AIV clock ~1.8 GHz (public 910B figures quote 1.65-1.85 GHz)
        1600.0,                 // est: ~1.6 TB/s HBM2e for 910B (public product sheets: 1.6 TB/s class)
        100.0,                  // est: one core's MTE cannot saturate HBM; ~100 GB/s per core ceiling
        256.0,                  // ref: one repeat = 256 B (8 blocks of 32 B) per cycle
        16.0,                   // est: issue/startup of a vector instruction (count mode) ~16 cycles
        200.0,                  // est: DMA descriptor + first-burst latency, partly hidden; ~200 cycles
        128.0,                  // est: UB->UB copy at half the vector width
        20.0,                   // est: scalar UB access incl. the S<->V sync auto-sync inserts
        200.0,                  // est: scalar GM access through the DCache (miss ~100 ns)
        arch::kAscend910b,      // ref: arch code of A2/A3
        2.0,                    // est: soft/hard SyncAll = flag write + GM polling round trips, ~2 us
    },
    {
        "ascend310p",
        8,                      // ref: 310P3 has 8 AI cores (coupled, vector unit inside each AI core)
        256 * KiB,              // ref: TOTAL_UB_SIZE 256 KB on arch 2002
        256 * KiB - 8 * KiB,    // ref: TMP_UB_OFFSET 248 KB on 2002 (last 8 KB is API scratch)
        2 * MiB,                // ref: RESERVED_WORKSPACE 2 MB on 2002
        arch::HasDataCopyPad(arch::kAscend310p),  // ref: arch_tables.h (dav_m200 reports DataCopyPad "not supported")
        arch::HasBf16(arch::kAscend310p),         // ref: arch_tables.h (no bf16 on 310P)
        arch::HasHardSyncAll(arch::kAscend310p),  // ref: arch_tables.h (hard SyncAll "not supported"; soft only)
        1.08,                   // est: 310P AI core clock ~1.08 GHz
        204.8,                  // est: LPDDR4X 204.8 GB/s (Atlas 300I Pro product sheet)
        50.0,                   // est: per-core DMA ceiling
        256.0,                  // ref: 256 B repeat
        16.0,                   // est
        200.0,                  // est
        128.0,                  // est
        20.0,                   // est
        200.0,                  // est
        arch::kAscend310p,      // ref: arch code of 310P
        3.0,                    // est: soft SyncAll over slower LPDDR, ~3 us
    },
};

// CANN's SoC names (SOC_VERSION, npu-smi "Name" prefixed with Ascend, the platform_config/*.ini file
// names) for the parts the two families cover.  A name selects its family's profile; the vector
// core count follows the part where a public platform_config ini gives it (ref: Ascend910B2.ini
// ai_core_cnt 24 / vector_core_cnt 48; Ascend910B3.ini, Ascend910B4.ini, Ascend910B4-1.ini 20 / 40);
// est: Ascend910B1 like B2 (48), Ascend910B2C like B2, Ascend910_93xx (A3) like B2 (parts differ:
// Ascend910_9362.ini reports 40), Ascend310P1 like Ascend310P3 (8 AI Cores).
struct CannName {
    const char* name;
    const char* family;
    uint32_t vectorCoreNum;
};
const CannName kCannNames[] = {
    {"Ascend910B1", "ascend910b", 48}, {"Ascend910B2", "ascend910b", 48}, {"Ascend910B2C", "ascend910b", 48},
    {"Ascend910B3", "ascend910b", 40}, {"Ascend910B4", "ascend910b", 40}, {"Ascend910B4-1", "ascend910b", 40},
    {"Ascend910_9391", "ascend910b", 48}, {"Ascend910_9381", "ascend910b", 48}, {"Ascend910_9372", "ascend910b", 40},
    {"Ascend910_9362", "ascend910b", 40}, {"Ascend310P1", "ascend310p", 8}, {"Ascend310P3", "ascend310p", 8},
};

const SocProfile* FamilyProfile(const char* family) {
    for (const SocProfile& p : kProfiles)
        if (std::strcmp(p.name, family) == 0) return &p;
    return nullptr;
}

// Every selectable profile: the two families, then one per CANN name (its family's values with the
// part's name and vector core count).
const std::vector<SocProfile>& AllProfiles() {
    static const std::vector<SocProfile> all = [] {
        std::vector<SocProfile> v(std::begin(kProfiles), std::end(kProfiles));
        for (const CannName& n : kCannNames) {
            SocProfile p = *FamilyProfile(n.family);
            p.name = n.name;
            p.vectorCoreNum = n.vectorCoreNum;
            v.push_back(p);
        }
        return v;
    }();
    return all;
}

std::string AcceptedNames() {
    std::string s;
    for (const SocProfile& p : AllProfiles()) s += (s.empty() ? "" : ", ") + std::string(p.name);
    return s;
}

std::atomic<const SocProfile*> g_active{nullptr};
std::mutex g_envErrorMu;
std::string g_envError;  // set at the first ActiveSoc() when $ASCEND_SIM_SOC names no profile

const SocProfile* Initial() {
    const char* env = std::getenv("ASCEND_SIM_SOC");
    if (env != nullptr && *env != '\0') {
        if (const SocProfile* p = FindSoc(env)) return p;
        std::lock_guard<std::mutex> lock(g_envErrorMu);
        g_envError = std::string("ASCEND_SIM_SOC: unknown SoC name '") + env + "'; accepted (any case): " +
                     AcceptedNames();
    }
    return &kProfiles[0];
}

}  // namespace

const SocProfile* FindSoc(const char* name) {
    if (name == nullptr) return nullptr;
    for (const SocProfile& p : AllProfiles())
        if (std::strcmp(p.name, name) == 0) return &p;
    for (const SocProfile& p : AllProfiles())  // any case: "ASCEND910B", "ascend910b3"
        if (strcasecmp(p.name, name) == 0) return &p;
    return nullptr;
}

const SocProfile& FamilyOf(const SocProfile& soc) {
    for (const SocProfile& p : kProfiles)
        if (p.npuArch == soc.npuArch) return p;
    return soc;
}

const SocProfile& ActiveSoc() {
    const SocProfile* p = g_active.load();
    if (p == nullptr) {
        static std::once_flag once;
        static const SocProfile* initial = nullptr;
        std::call_once(once, [] { initial = Initial(); });
        const SocProfile* expected = nullptr;
        p = g_active.compare_exchange_strong(expected, initial) ? initial : expected;
    }
    return *p;
}

std::string SocSelectionError() {
    (void)ActiveSoc();  // reads $ASCEND_SIM_SOC on first use
    std::lock_guard<std::mutex> lock(g_envErrorMu);
    return g_envError;
}

bool SetActiveSoc(const char* name) {
    const SocProfile* p = FindSoc(name);
    if (p == nullptr) return false;
    (void)ActiveSoc();  // an explicit choice replaces (and clears) a bad $ASCEND_SIM_SOC
    {
        std::lock_guard<std::mutex> lock(g_envErrorMu);
        g_envError.clear();
    }
    g_active.store(p);
    return true;
}

const char* const* SocNames() {
    static const std::vector<const char*> names = [] {
        std::vector<const char*> v;
        for (const SocProfile& p : AllProfiles()) v.push_back(p.name);
        v.push_back(nullptr);
        return v;
    }();
    return names.data();
}

}  // namespace ascend_sim

extern "C" void aclsimSetRecentErrMsg(const char* message);  // sim/src/acl_meta.cpp

extern "C" int aclsimSetSoc(const char* name)
{
    if (ascend_sim::SetActiveSoc(name)) return 0;
    std::string accepted;
    for (const char* const* n = ascend_sim::SocNames(); *n != nullptr; ++n) accepted += (accepted.empty() ? "" : ", ") + std::string(*n);
    std::string msg = std::string("[ERROR] aclsimSetSoc: name: unknown SoC name '") + (name != nullptr ? name : "(null)") +
                      "'; accepted (any case): " + accepted;
    aclsimSetRecentErrMsg(msg.c_str());  // returned, not printed: the caller decides (docs/sim.md)
    return 161002;
}
extern "C" const char* aclsimGetSoc(void) { return ascend_sim::ActiveSoc().name; }
extern "C" const char* aclsimSocSelectionError(void)
{
    static thread_local std::string error;
    error = ascend_sim::SocSelectionError();
    return error.c_str();
}
