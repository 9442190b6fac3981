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

std::atomic<const SocProfile*> g_active{nullptr};

const SocProfile* Initial() {
    const char* env = std::getenv("ASCEND_SIM_SOC");
    if (env != nullptr) {
        if (const SocProfile* p = FindSoc(env)) return p;
    }
    return &kProfiles[0];
}

}  // namespace

const SocProfile* FindSoc(const char* name) {
    if (name == nullptr) return nullptr;
    for (const SocProfile& p : kProfiles)
        if (std::strcmp(p.name, name) == 0) return &p;
    // accept "Ascend910B" / "ASCEND310P" spellings
    for (const SocProfile& p : kProfiles)
        if (strcasecmp(p.name, name) == 0) return &p;
    return nullptr;
}

const SocProfile& ActiveSoc() {
    const SocProfile* p = g_active.load();
    if (p == nullptr) {
        p = Initial();
        const SocProfile* expected = nullptr;
        if (!g_active.compare_exchange_strong(expected, p)) p = expected;
    }
    return *p;
}

bool SetActiveSoc(const char* name) {
    const SocProfile* p = FindSoc(name);
    if (p == nullptr) return false;
    g_active.store(p);
    return true;
}

const char* const* SocNames() {
    static const char* const names[] = {kProfiles[0].name, kProfiles[1].name, nullptr};
    return names;
}

}  // namespace ascend_sim

extern "C" void aclsimSetRecentErrMsg(const char* message);  // sim/src/acl_meta.cpp

extern "C" int aclsimSetSoc(const char* name)
{
    if (ascend_sim::SetActiveSoc(name)) return 0;
    std::string msg = std::string("[ERROR] aclsimSetSoc: name: unknown SoC profile '") +
                      (name != nullptr ? name : "(null)") + "'; accepted: ascend910b, ascend310p";
    aclsimSetRecentErrMsg(msg.c_str());  // returned, not printed: the caller decides (docs/sim.md)
    return 161002;
}
extern "C" const char* aclsimGetSoc(void) { return ascend_sim::ActiveSoc().name; }
