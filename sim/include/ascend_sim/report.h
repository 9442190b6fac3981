// Counters of a launch: what each simulated core did, and the cost model's reading of it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ascend_sim/soc.h"

namespace ascend_sim {

// Vector instructions the sim counts separately (index into CoreCounters::vecOps).
enum class VecOp : uint8_t {
    Duplicate, Adds, Muls, Maxs, Mins, Add, Sub, Mul, Div, Max, Min, Axpy, Cast, Gather,
    CreateVecIndex, Compare, Compares, Select, Abs, Relu, Exp, Ln, Sqrt, Reciprocal,
    MulAddDst, FusedMulAdd, Count_
};
const char* VecOpName(VecOp op);
constexpr int kNumVecOps = static_cast<int>(VecOp::Count_);

struct VecOpCounter {
    uint64_t instructions = 0;
    uint64_t elements = 0;
};

struct CoreCounters {
    uint64_t gmReadBytes = 0;    // GM -> UB (MTE2)
    uint64_t gmWriteBytes = 0;   // UB -> GM (MTE3)
    uint64_t ubToUbBytes = 0;    // UB -> UB DataCopy
    uint64_t gmReadSectorBytes = 0;   // the same GM traffic in whole 32 B sectors per DMA row (cost model)
    uint64_t gmWriteSectorBytes = 0;
    uint64_t dmaInstructions = 0;
    uint64_t vectorInstructions = 0;
    uint64_t vectorElements = 0;
    uint64_t vectorRepeats = 0;  // sum over instructions of ceil(bytes / 256): cycles at full width
    uint64_t scalarUbReads = 0, scalarUbWrites = 0;  // LocalTensor GetValue / SetValue
    uint64_t scalarGmReads = 0, scalarGmWrites = 0;  // GlobalTensor GetValue / SetValue
    uint64_t peakUbBytes = 0;    // high-water mark of InitBuffer allocations
    uint64_t syncAllCalls = 0;
    VecOpCounter vecOps[kNumVecOps];
    // cost model (microseconds)
    double dmaTimeUs = 0, vectorTimeUs = 0, scalarTimeUs = 0, modeledTimeUs = 0;
};

struct LaunchReport {
    std::string soc;
    std::string kernel;
    uint32_t blockDim = 0;
    uint64_t valueArgsDigest = 0;  // FNV-1a 64 of the by-value arguments' bytes (the tiling struct)
    int status = 0;            // 0 ok, else the launch failed (error holds the message)
    std::string error;
    CoreCounters total;        // sums (peakUbBytes: max)
    std::vector<CoreCounters> cores;
    double modeledTimeUs = 0;  // sum over SyncAll phases of the slowest core, plus the barriers
    uint32_t phases = 1;       // SyncAll phases (SyncAll calls per block + 1)
    double meanCoreTimeUs = 0;
    double imbalance = 0;      // (max - mean) / mean of per-core modeled time
    double perCoreDmaGBps = 0; // bandwidth share used for this launch
    uint64_t floorBytes = 0;   // set by the launcher after the launch (SetLastLaunchFloorBytes)
    double floorTimeUs = 0;    // floorBytes at the full GM bandwidth
    double trafficRatio = 0;   // (gmRead + gmWrite) / floorBytes
    double hostWallMs = 0;     // how long the simulation took on the host
    std::string role;          // within an operator call: "kernel", or the staging role ("gather", "scatter")
    SocProfile profile{};      // the profile the launch ran on (cost-model parameters)
};

// What one aclnn phase two did: its launches in order (view_copy staging and the operator kernel).
struct CallReport {
    std::string op;                      // the aclnn API ("" for a bare launch, which is a call of its own)
    std::vector<LaunchReport> launches;
    uint64_t floorBytes = 0;             // read the input once, write the output once
};

// Everything below is per host thread: a launch is recorded on the thread that made it.
// The last kernel launch.
LaunchReport LastLaunch();
// The aclnn layer brackets phase two: the launches in between form one call record, each launch
// tagged with the role set just before it (default "kernel").
void BeginOperatorCall(const char* op, uint64_t floorBytes);
void SetNextLaunchRole(const char* role);
void EndOperatorCall();
// The last call (a bare launch outside any operator call counts as one).
CallReport LastCall();
// Profiles: every call between ProfileBegin and ProfileEnd (nested profiles each collect).
void ProfileBegin();
std::vector<CallReport> ProfileEnd();
// JSON of a call: the operator kernel's record with counters, modeled time and traffic summed over
// the call's launches (staging included), the operator's floor, and "launches" in order.
std::string CallJson(const CallReport& call);
std::string ProfileJson(const std::vector<CallReport>& calls);
// Memory-bound floor for a byte count on the active profile, in microseconds.
double FloorTimeUs(uint64_t bytes);
// The launcher tells the sim the minimal GM traffic of the kernel just launched (read input once,
// write output once); fills floorBytes / floorTimeUs / trafficRatio of the last launch.
void SetLastLaunchFloorBytes(uint64_t bytes);
// JSON of the last call (also exported as aclsimLastLaunchJson).
std::string LastLaunchJson();

// Strict pipe-hazard mode: UB written by one pipe and read by another needs a sync edge.
// Level 1: MTE2 / V / MTE3 (what --cce-auto-sync=on does not cover); level 2: also scalar GetValue /
// SetValue on UB (PIPE_S), i.e. code compiled without auto-sync.  Default 1; $ASCEND_SIM_STRICT sets
// the start value (0 turns the tracker off).
void SetStrict(bool on);  // level 1 or 0
void SetStrictLevel(int level);
int StrictLevel();
bool Strict();

}  // namespace ascend_sim
