// Counters of a launch: what each simulated core did, and the cost model's reading of it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

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
};

// The most recent launch (thread-safe copy).
LaunchReport LastLaunch();
// Memory-bound floor for a byte count on the active profile, in microseconds.
double FloorTimeUs(uint64_t bytes);
// The launcher tells the sim the minimal GM traffic of the kernel just launched (read input once,
// write output once); fills floorBytes / floorTimeUs / trafficRatio of the last launch.
void SetLastLaunchFloorBytes(uint64_t bytes);
// JSON of the last launch (also exported as aclsimLastLaunchJson).
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
