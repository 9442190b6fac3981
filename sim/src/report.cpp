// Counters and cost model of a launch, LastLaunch(), and the JSON export.
//
// Cost model (parameters per SoC in soc_profiles.cpp, documented in docs/sim.md):
//   share      = min(perCoreDmaGBps, hbmBandwidthGBps / min(blockDim, vectorCoreNum))
//   dma_us     = (gmReadSectors + gmWriteSectors) / share + ubToUb / (ubToUbBytesPerCycle * clock)
//                (GM traffic counted in whole 32 B sectors per DMA row)
//                + dmaInstructions * dmaInstrOverheadCycles / clock
//   vector_us  = (vectorRepeats * 256 / vectorBytesPerCycle + vectorInstructions * vectorInstrOverheadCycles) / clock
//   scalar_us  = (scalarUb * scalarUbAccessCycles + scalarGm * scalarGmAccessCycles) / clock
//   block_us   = max(dma_us, vector_us) + scalar_us      (DMA and vector overlap with double buffering;
//                                                          the scalar unit issues everything serially)
//   core_us    = sum of the block times a physical core runs (block b on core b % vectorCoreNum)
//   kernel_us  = max over cores; imbalance = (max - mean) / mean over the cores that ran blocks
//   With SyncAll (blockDim <= cores): the launch is a sequence of phases; each costs its slowest core,
//   kernel_us = sum over phases of max_core phase_us + (phases - 1) * syncAllUs, and a core's time is
//   the sum of its phase times plus the barriers.
//   floor_us   = floorBytes / hbmBandwidthGBps
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <mutex>

#include "sim_internal.h"

namespace ascend_sim {

const char* VecOpName(VecOp op) {
    static const char* const names[] = {"Duplicate", "Adds", "Muls", "Maxs", "Mins", "Add", "Sub", "Mul",
                                        "Div", "Max", "Min", "Axpy", "Cast", "Gather", "CreateVecIndex",
                                        "Compare", "Compares", "Select", "Abs", "Relu", "Exp", "Ln", "Sqrt",
                                        "Reciprocal", "MulAddDst", "FusedMulAdd"};
    const int i = static_cast<int>(op);
    return i >= 0 && i < kNumVecOps ? names[i] : "?";
}

namespace {
// Per host thread: the last kernel launch, the operator call being recorded (the aclnn layer
// brackets phase two), the last finished call, and the open profiles.  A launch runs on the thread
// that made it, so nothing here is shared between threads.
struct ThreadRecords {
    LaunchReport lastLaunch;
    bool inCall = false;
    CallReport current;
    CallReport lastCall;
    std::string nextRole;
    std::vector<std::vector<CallReport>> profiles;  // a stack: nested profiles all collect
};
thread_local ThreadRecords t_records;

// A call of the launches in `current` becomes the thread's last call and goes into every open profile.
void Publish(const CallReport& call) {
    t_records.lastCall = call;
    for (auto& profile : t_records.profiles) profile.push_back(call);
}

void Accumulate(CoreCounters& t, const CoreCounters& c) {
    t.gmReadBytes += c.gmReadBytes;
    t.gmWriteBytes += c.gmWriteBytes;
    t.ubToUbBytes += c.ubToUbBytes;
    t.gmReadSectorBytes += c.gmReadSectorBytes;
    t.gmWriteSectorBytes += c.gmWriteSectorBytes;
    t.dmaInstructions += c.dmaInstructions;
    t.vectorInstructions += c.vectorInstructions;
    t.vectorElements += c.vectorElements;
    t.vectorRepeats += c.vectorRepeats;
    t.scalarUbReads += c.scalarUbReads;
    t.scalarUbWrites += c.scalarUbWrites;
    t.scalarGmReads += c.scalarGmReads;
    t.scalarGmWrites += c.scalarGmWrites;
    t.peakUbBytes = std::max(t.peakUbBytes, c.peakUbBytes);
    t.syncAllCalls += c.syncAllCalls;
    for (int i = 0; i < kNumVecOps; ++i) {
        t.vecOps[i].instructions += c.vecOps[i].instructions;
        t.vecOps[i].elements += c.vecOps[i].elements;
    }
}

// Phase difference of the counters the cost model reads.
void Subtract(CoreCounters& a, const CoreCounters& b) {
    a.gmReadBytes -= b.gmReadBytes;
    a.gmWriteBytes -= b.gmWriteBytes;
    a.ubToUbBytes -= b.ubToUbBytes;
    a.gmReadSectorBytes -= b.gmReadSectorBytes;
    a.gmWriteSectorBytes -= b.gmWriteSectorBytes;
    a.dmaInstructions -= b.dmaInstructions;
    a.vectorInstructions -= b.vectorInstructions;
    a.vectorRepeats -= b.vectorRepeats;
    a.scalarUbReads -= b.scalarUbReads;
    a.scalarUbWrites -= b.scalarUbWrites;
    a.scalarGmReads -= b.scalarGmReads;
    a.scalarGmWrites -= b.scalarGmWrites;
}

void Model(const SocProfile& s, double shareGBps, CoreCounters& c) {
    const double cyclesPerUs = s.clockGHz * 1e3;
    c.dmaTimeUs = double(c.gmReadSectorBytes + c.gmWriteSectorBytes) / (shareGBps * 1e3) +
                  double(c.ubToUbBytes) / (s.ubToUbBytesPerCycle * cyclesPerUs) +
                  double(c.dmaInstructions) * s.dmaInstrOverheadCycles / cyclesPerUs;
    c.vectorTimeUs = (double(c.vectorRepeats) * 256.0 / s.vectorBytesPerCycle +
                      double(c.vectorInstructions) * s.vectorInstrOverheadCycles) /
                     cyclesPerUs;
    c.scalarTimeUs = (double(c.scalarUbReads + c.scalarUbWrites) * s.scalarUbAccessCycles +
                      double(c.scalarGmReads + c.scalarGmWrites) * s.scalarGmAccessCycles) /
                     cyclesPerUs;
    c.modeledTimeUs = std::max(c.dmaTimeUs, c.vectorTimeUs) + c.scalarTimeUs;
}

void Fill(LaunchReport& r, uint64_t floorBytes) {
    r.floorBytes = floorBytes;
    const double bw = r.profile.hbmBandwidthGBps;
    r.floorTimeUs = bw > 0 ? double(floorBytes) / (bw * 1e3) : 0;
    r.trafficRatio = floorBytes ? double(r.total.gmReadBytes + r.total.gmWriteBytes) / double(floorBytes) : 0;
}

void J(std::string& o, const char* k, double v, bool comma = true) {
    char b[96];
    if (!std::isfinite(v)) std::snprintf(b, sizeof b, "\"%s\": null%s", k, comma ? ", " : "");  // JSON has no inf/nan
    else std::snprintf(b, sizeof b, "\"%s\": %.6g%s", k, v, comma ? ", " : "");
    o += b;
}
void J(std::string& o, const char* k, uint64_t v, bool comma = true) {
    char b[96];
    std::snprintf(b, sizeof b, "\"%s\": %llu%s", k, (unsigned long long)v, comma ? ", " : "");
    o += b;
}
std::string Esc(const std::string& s) {
    std::string o;
    for (char ch : s) {
        if (ch == '"' || ch == '\\') { o += '\\'; o += ch; }
        else if (ch == '\n') o += "\\n";
        else if (static_cast<unsigned char>(ch) < 0x20) o += ' ';
        else o += ch;
    }
    return o;
}
void Counters(std::string& o, const CoreCounters& c) {
    J(o, "gm_read_bytes", c.gmReadBytes);
    J(o, "gm_write_bytes", c.gmWriteBytes);
    J(o, "ub_to_ub_bytes", c.ubToUbBytes);
    J(o, "gm_read_sector_bytes", c.gmReadSectorBytes);
    J(o, "gm_write_sector_bytes", c.gmWriteSectorBytes);
    J(o, "dma_instructions", c.dmaInstructions);
    J(o, "vector_instructions", c.vectorInstructions);
    J(o, "vector_elements", c.vectorElements);
    J(o, "vector_repeats", c.vectorRepeats);
    J(o, "scalar_ub_reads", c.scalarUbReads);
    J(o, "scalar_ub_writes", c.scalarUbWrites);
    J(o, "scalar_gm_reads", c.scalarGmReads);
    J(o, "scalar_gm_writes", c.scalarGmWrites);
    J(o, "peak_ub_bytes", c.peakUbBytes);
    J(o, "sync_all_calls", c.syncAllCalls);
    J(o, "dma_time_us", c.dmaTimeUs);
    J(o, "vector_time_us", c.vectorTimeUs);
    J(o, "scalar_time_us", c.scalarTimeUs);
    J(o, "modeled_time_us", c.modeledTimeUs, false);
}
}  // namespace

namespace detail {
void FinishReport(LaunchState& L, double wallMs) {
    LaunchReport r;
    r.soc = L.soc.name;
    r.kernel = L.opt.kernelName;
    r.blockDim = L.opt.blockDim;
    r.valueArgsDigest = L.opt.valueArgsDigest;
    r.status = L.error.empty() ? 0 : 1;
    r.error = L.error;
    r.hostWallMs = wallMs;
    const uint32_t cores = std::max(1u, L.soc.vectorCoreNum);
    const uint32_t active = std::max(1u, std::min(L.opt.blockDim, cores));
    r.perCoreDmaGBps = std::min(L.soc.perCoreDmaGBps, L.soc.hbmBandwidthGBps / active);
    std::vector<double> coreTime(active, 0.0);
    // SyncAll splits the launch into phases that every core finishes before any starts the next one
    size_t phases = 1;
    for (const auto& c : L.cores)
        if (c) phases = std::max(phases, c->phaseEnds.size() + 1);
    std::vector<double> phaseMax(phases, 0.0);
    for (size_t b = 0; b < L.cores.size(); ++b) {
        CoreCounters c = L.cores[b] ? L.cores[b]->counters : CoreCounters{};
        Model(L.soc, r.perCoreDmaGBps, c);
        if (phases > 1 && L.cores[b]) {
            const auto& ends = L.cores[b]->phaseEnds;
            double sumPhases = 0;
            for (size_t p = 0; p <= ends.size(); ++p) {  // a failed launch may leave cores with fewer phases
                CoreCounters ph = p < ends.size() ? ends[p] : L.cores[b]->counters;
                if (p > 0) Subtract(ph, ends[p - 1]);
                Model(L.soc, r.perCoreDmaGBps, ph);
                phaseMax[p] = std::max(phaseMax[p], ph.modeledTimeUs);
                sumPhases += ph.modeledTimeUs;
            }
            c.modeledTimeUs = sumPhases + double(phases - 1) * L.soc.syncAllUs;
        }
        coreTime[b % active] += c.modeledTimeUs;
        Accumulate(r.total, c);
        r.total.dmaTimeUs = std::max(r.total.dmaTimeUs, c.dmaTimeUs);
        r.total.vectorTimeUs = std::max(r.total.vectorTimeUs, c.vectorTimeUs);
        r.total.scalarTimeUs = std::max(r.total.scalarTimeUs, c.scalarTimeUs);
        r.cores.push_back(c);
    }
    double mx = 0, sum = 0;
    for (double t : coreTime) {
        mx = std::max(mx, t);
        sum += t;
    }
    const double maxCore = mx;
    r.phases = static_cast<uint32_t>(phases);
    if (phases > 1) {
        double t = double(phases - 1) * L.soc.syncAllUs;
        for (double p : phaseMax) t += p;
        mx = std::max(mx, t);
    }
    r.modeledTimeUs = mx;
    r.total.modeledTimeUs = mx;
    r.meanCoreTimeUs = sum / double(coreTime.size());
    r.imbalance = r.meanCoreTimeUs > 0 ? (maxCore - r.meanCoreTimeUs) / r.meanCoreTimeUs : 0;
    r.profile = L.soc;
    r.role = t_records.nextRole.empty() ? "kernel" : t_records.nextRole;
    t_records.nextRole.clear();
    t_records.lastLaunch = r;
    if (t_records.inCall) {
        t_records.current.launches.push_back(std::move(r));
    } else {  // a bare launch (no operator call open) is a call of its own
        CallReport call;
        call.launches.push_back(std::move(r));
        Publish(call);
    }
}
}  // namespace detail

LaunchReport LastLaunch() { return t_records.lastLaunch; }

double FloorTimeUs(uint64_t bytes) { return double(bytes) / (ActiveSoc().hbmBandwidthGBps * 1e3); }

void SetLastLaunchFloorBytes(uint64_t bytes) {
    Fill(t_records.lastLaunch, bytes);
    if (t_records.inCall) {  // the launch belongs to the open call, whose floor is the operator's
        if (!t_records.current.launches.empty()) Fill(t_records.current.launches.back(), bytes);
    } else if (!t_records.lastCall.launches.empty()) {  // a bare launch is a call of its own
        Fill(t_records.lastCall.launches.back(), bytes);
        t_records.lastCall.floorBytes = bytes;
    }
}

void BeginOperatorCall(const char* op, uint64_t floorBytes) {
    t_records.inCall = true;
    t_records.current = CallReport{};
    t_records.current.op = op != nullptr ? op : "";
    t_records.current.floorBytes = floorBytes;
}

void SetNextLaunchRole(const char* role) { t_records.nextRole = role != nullptr ? role : ""; }

void EndOperatorCall() {
    if (!t_records.inCall) return;
    t_records.inCall = false;
    if (!t_records.current.launches.empty()) Publish(t_records.current);
    t_records.current = CallReport{};
}

CallReport LastCall() { return t_records.lastCall; }

void ProfileBegin() { t_records.profiles.emplace_back(); }

std::vector<CallReport> ProfileEnd() {
    if (t_records.profiles.empty()) return {};
    std::vector<CallReport> calls = std::move(t_records.profiles.back());
    t_records.profiles.pop_back();
    return calls;
}

namespace {
void VectorOps(std::string& o, const CoreCounters& c) {
    o += "\"vector_ops\": {";
    bool first = true;
    for (int i = 0; i < kNumVecOps; ++i) {
        const VecOpCounter& v = c.vecOps[i];
        if (v.instructions == 0) continue;
        if (!first) o += ", ";
        first = false;
        o += "\"";
        o += VecOpName(static_cast<VecOp>(i));
        o += "\": {";
        J(o, "instructions", v.instructions);
        J(o, "elements", v.elements, false);
        o += "}";
    }
    o += "}";
}

void CostModelJson(std::string& o, const SocProfile& s) {
    o += "\"cost_model\": {";
    if (s.name != nullptr) {
        J(o, "clock_ghz", s.clockGHz);
        J(o, "hbm_bandwidth_gbps", s.hbmBandwidthGBps);
        J(o, "per_core_dma_gbps_max", s.perCoreDmaGBps);
        J(o, "vector_bytes_per_cycle", s.vectorBytesPerCycle);
        J(o, "vector_instr_overhead_cycles", s.vectorInstrOverheadCycles);
        J(o, "dma_instr_overhead_cycles", s.dmaInstrOverheadCycles);
        J(o, "ub_to_ub_bytes_per_cycle", s.ubToUbBytesPerCycle);
        J(o, "scalar_ub_access_cycles", s.scalarUbAccessCycles);
        J(o, "scalar_gm_access_cycles", s.scalarGmAccessCycles);
        J(o, "sync_all_us", s.syncAllUs);
        J(o, "vector_core_num", uint64_t(s.vectorCoreNum), false);
    }
    o += "}";
}

std::string Digest(uint64_t d) {
    char b[24];
    std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(d));
    return b;
}

// One launch of a call, compactly: what it was and what it cost.
void LaunchSummary(std::string& o, const LaunchReport& r) {
    o += "{\"role\": \"" + Esc(r.role) + "\", \"kernel\": \"" + Esc(r.kernel) + "\", ";
    J(o, "block_dim", uint64_t(r.blockDim));
    o += "\"value_args_digest\": \"" + Digest(r.valueArgsDigest) + "\", ";
    J(o, "status", uint64_t(r.status));
    J(o, "gm_read_bytes", r.total.gmReadBytes);
    J(o, "gm_write_bytes", r.total.gmWriteBytes);
    J(o, "modeled_time_us", r.modeledTimeUs);
    J(o, "imbalance", r.imbalance);
    J(o, "host_wall_ms", r.hostWallMs, false);
    o += "}";
}
}  // namespace

// A call: the operator kernel's record (its cores, blockDim, imbalance, SyncAll phases), with the
// counters, modeled time and host time summed over every launch of the call (staging included) and
// the floor of the operator, plus the launches in order.
std::string CallJson(const CallReport& call) {
    if (call.launches.empty()) return "{}";
    const LaunchReport* kernel = &call.launches.front();
    for (const LaunchReport& r : call.launches)
        if (r.role == "kernel") kernel = &r;
    CoreCounters total;
    double modeled = 0, wall = 0;
    int status = 0;
    std::string error;
    for (const LaunchReport& r : call.launches) {
        Accumulate(total, r.total);
        modeled += r.modeledTimeUs;
        wall += r.hostWallMs;
        if (status == 0 && r.status != 0) {
            status = r.status;
            error = r.error;
        }
    }
    LaunchReport floor;  // the floor and traffic ratio of the call's totals
    floor.total = total;
    floor.profile = kernel->profile;
    Fill(floor, call.floorBytes);
    std::string o = "{";
    o += "\"operator\": \"" + Esc(call.op) + "\", \"soc\": \"" + Esc(kernel->soc) + "\", \"kernel\": \"" +
         Esc(kernel->kernel) + "\", ";
    J(o, "block_dim", uint64_t(kernel->blockDim));
    o += "\"value_args_digest\": \"" + Digest(kernel->valueArgsDigest) + "\", ";
    J(o, "status", uint64_t(status));
    o += "\"error\": \"" + Esc(error) + "\", ";
    total.modeledTimeUs = modeled;
    total.dmaTimeUs = kernel->total.dmaTimeUs;
    total.vectorTimeUs = kernel->total.vectorTimeUs;
    total.scalarTimeUs = kernel->total.scalarTimeUs;
    Counters(o, total);
    o += ", ";
    J(o, "phases", uint64_t(kernel->phases));
    J(o, "mean_core_time_us", kernel->meanCoreTimeUs);
    J(o, "imbalance", kernel->imbalance);
    J(o, "per_core_dma_gbps", kernel->perCoreDmaGBps);
    J(o, "floor_bytes", floor.floorBytes);
    J(o, "floor_time_us", floor.floorTimeUs);
    J(o, "traffic_ratio", floor.trafficRatio);
    J(o, "host_wall_ms", wall);
    VectorOps(o, total);
    o += ", ";
    CostModelJson(o, kernel->profile);
    o += ", \"cores\": [";
    for (size_t b = 0; b < kernel->cores.size(); ++b) {
        if (b) o += ", ";
        o += "{";
        J(o, "block", uint64_t(b));
        Counters(o, kernel->cores[b]);
        o += "}";
    }
    o += "], \"launches\": [";
    for (size_t i = 0; i < call.launches.size(); ++i) {
        if (i) o += ", ";
        LaunchSummary(o, call.launches[i]);
    }
    o += "]}";
    return o;
}

std::string LastLaunchJson() { return CallJson(t_records.lastCall); }

std::string ProfileJson(const std::vector<CallReport>& calls) {
    std::string o = "[";
    for (size_t i = 0; i < calls.size(); ++i) {
        if (i) o += ", ";
        o += CallJson(calls[i]);
    }
    return o + "]";
}

}  // namespace ascend_sim

extern "C" const char* aclsimLastLaunchJson(void) {
    static thread_local std::string s;
    s = ascend_sim::LastLaunchJson();
    return s.c_str();
}
extern "C" void aclsimProfileBegin(void) { ascend_sim::ProfileBegin(); }
extern "C" const char* aclsimProfileEndJson(void) {
    static thread_local std::string s;
    s = ascend_sim::ProfileJson(ascend_sim::ProfileEnd());
    return s.c_str();
}
