// SoC profiles of the CPU twin: the device facts the sim enforces and the cost-model parameters.
// Every value, with its source or reasoning, is defined once in sim/src/soc_profiles.cpp (the per-chip
// API tables, by npuArch, in ascend_sim/arch_tables.h) and documented in docs/sim.md.  Host code (tiling, aclnn layer) reads the active profile here.
#pragma once
#include <cstdint>
#include <string>

namespace ascend_sim {

struct SocProfile {
    const char* name;                 // "ascend910b", "ascend310p"
    uint32_t vectorCoreNum;           // cores a vector kernel can run on (GetCoreNumAiv on the host)
    uint32_t ubTotalBytes;            // physical Unified Buffer per core
    uint32_t ubUsableBytes;           // what InitBuffer may hand out (UB minus the API reserve)
    uint64_t reservedWorkspaceBytes;  // RESERVED_WORKSPACE: system part at the start of the workspace
    // capability flags for host code, initialised from ascend_sim/arch_tables.h (by npuArch)
    bool hasDataCopyPad;              // DataCopyPad exists on this chip
    bool hasBf16;                     // bfloat16_t storage/Cast/Duplicate/DataCopy exist on this chip
    bool hasHardSyncAll;              // SyncAll<isAIVOnly>() without workspace arguments
    // ---- cost model (estimates; see soc_profiles.cpp for sources) ----
    double clockGHz;                  // vector core clock
    double hbmBandwidthGBps;          // GM bandwidth shared by all cores (GB/s = 1e9 B/s)
    double perCoreDmaGBps;            // ceiling of one core's DMA bandwidth
    double vectorBytesPerCycle;       // vector unit width: one 256 B repeat per cycle
    double vectorInstrOverheadCycles; // fixed issue/startup cost per vector instruction
    double dmaInstrOverheadCycles;    // fixed cost per DMA instruction (descriptor, first burst)
    double ubToUbBytesPerCycle;       // UB->UB DataCopy bandwidth
    double scalarUbAccessCycles;      // one GetValue/SetValue on a LocalTensor (incl. S<->V sync)
    double scalarGmAccessCycles;      // one GetValue/SetValue on a GlobalTensor (DCache miss path)
    uint32_t npuArch;                 // __NPU_ARCH__ of the chip: 2201 (910B), 2002 (310P)
    double syncAllUs;                 // cost of one SyncAll barrier (all cores meet)
};

// The profile used by the next launch (default: ascend910b, or $ASCEND_SIM_SOC at start-up).
const SocProfile& ActiveSoc();
// Select by name; returns false (and keeps the current one) for an unknown name.
bool SetActiveSoc(const char* name);
// Lookup without activating; nullptr when unknown.
const SocProfile* FindSoc(const char* name);
// Names of all profiles, nullptr-terminated: the families ascend910b, ascend310p, then CANN's SoC names
// (Ascend910B1..B4, Ascend910_93xx, Ascend310P1/3), each selecting its family's profile.
const char* const* SocNames();
// The family profile (ascend910b / ascend310p) of a profile selected by a CANN name.
const SocProfile& FamilyOf(const SocProfile& soc);
// Non-empty when $ASCEND_SIM_SOC names no profile: launches and plans then fail with this message
// (never a silent fallback) until SetActiveSoc picks one.
std::string SocSelectionError();

}  // namespace ascend_sim
