// Internal state of the CPU twin: one LaunchState per launch, one CoreCtx per block.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ascend_sim/core.h"
#include "ascend_sim/launch.h"
#include "ascend_sim/report.h"
#include "ascend_sim/soc.h"

namespace ascend_sim {
namespace detail {

constexpr int kNumHardEvents = 35;  // HardEvent::MAX
constexpr int kNumEventIds = 8;     // QUE_MAX_EVENT
constexpr int kNumPipes = 11;       // pipe_t values up to PIPE_FIX

// Half-open byte intervals, merged on insert.
struct IntervalSet {
    std::map<uint64_t, uint64_t> m;  // start -> end
    void Add(uint64_t b, uint64_t e);
};

enum SlotState : uint8_t { SLOT_FREE = 0, SLOT_OCCUPIED, SLOT_ENQUE, SLOT_DEQUE };
const char* SlotStateName(uint8_t s);

struct BufSlot {
    uint32_t off = 0, len = 0;
    uint8_t state = SLOT_FREE;
    int32_t que = -1;
    uint32_t gen = 1;
    int32_t freeEvt = -1;  // event id held between FreeTensor and the next AllocTensor
    int32_t enqEvt = -1;   // event id held between EnQue and DeQue
};

struct QueInfo {
    uint8_t pos = 0;
    int32_t depth = 0;
    bool isTBuf = false;
    bool bindInOut = false;
    uint32_t pipeEpoch = 0;
    uint32_t len = 0;
    std::vector<int32_t> slots;
    std::deque<int32_t> fifo;
    uint32_t cursor = 0;
};

struct LaunchState;

// Per-block pipe-hazard shadow (strict mode): one entry per 32 B UB block.
struct HzBlock {
    uint8_t wPipe = 0xFF;
    uint64_t wSeq = 0;
    uint64_t rSeq[kNumPipes] = {};
};

struct CoreCtx : CoreFast {
    LaunchState* L = nullptr;
    CoreCounters counters;
    // pipe
    void* pipe = nullptr;
    bool pipeLive = false;
    uint32_t pipeEpoch = 0;
    uint32_t ubUsed = 0;
    uint32_t numBuffers = 0;
    std::vector<BufSlot> slots;
    std::vector<QueInfo> ques;
    // events: set count, allocated flag, owner (0 user, 1 queue)
    uint8_t evSet[kNumHardEvents][kNumEventIds] = {};
    uint8_t evAlloc[kNumHardEvents][kNumEventIds] = {};
    uint8_t evOwner[kNumHardEvents][kNumEventIds] = {};
    std::vector<uint64_t> evSnap;  // hazard: source clocks at SetFlag, [evt][id][pipe] (strict mode only)
    uint64_t* Snap(int evt, int id) {
        if (evSnap.empty()) evSnap.assign(size_t(kNumHardEvents) * kNumEventIds * kNumPipes, 0);
        return &evSnap[(size_t(evt) * kNumEventIds + id) * kNumPipes];
    }
    // cross-block GM tracking, per SyncAll epoch
    uint32_t syncEpoch = 0;
    std::vector<CoreCounters> phaseEnds;  // cumulative counters when entering each SyncAll (cost model)
    std::vector<IntervalSet> gmWrites, gmReads;
    std::vector<IntervalSet> gmLineWrites;            // 64 B lines dirtied by scalar SetValue, per epoch
    std::vector<IntervalSet> gmAtomicWrites;          // SetAtomicAdd DMA writes, per epoch
    std::set<uint64_t> dirtyLines;                    // line index (addr / 64) still dirty in the DCache
    std::vector<std::vector<uint64_t>> dirtyAtSync;   // dirty lines when passing SyncAll #e
    std::map<uint64_t, uint32_t> cachedLines;         // line start -> epoch it entered the DCache
    struct StaleRead {
        uint64_t line;
        uint32_t cachedEpoch, readEpoch;
    };
    std::vector<StaleRead> staleCandidates;           // scalar reads of lines cached in an earlier phase
    uint8_t atomic = 0;  // TypeId of SetAtomicAdd, 0 none
    bool syncAllWsChecked = false;
    // deferred failure (raised in a destructor, reported when the block returns)
    std::string deferred;
    // strict hazard tracker
    std::vector<HzBlock> hz;
    uint64_t seq = 0;
    uint64_t pipeSeq[kNumPipes] = {};                 // last op seq issued by each pipe
    uint64_t synced[kNumPipes][kNumPipes] = {};       // synced[p][q]: p's ops up to this seq are visible to q
    uint64_t barrierSeq[kNumPipes] = {};              // last PipeBarrier<p> (same-pipe WAW)
    struct GmRec {
        uint64_t b, e, seq;
    };
    std::vector<GmRec> hzGmWrites;  // MTE3 writes to GM not yet known complete to MTE2/MTE3
    std::vector<GmRec> hzGmReads;   // MTE2 reads of GM not yet known complete to MTE3
};

struct LaunchState {
    LaunchOptions opt;
    std::vector<GmArg> args;
    SocProfile soc;
    uint8_t strict = 0;
    BlockBody body = nullptr;
    void* bodyCtx = nullptr;
    std::atomic<bool> abort{false};
    std::mutex errMu;
    std::string error;
    std::vector<std::unique_ptr<CoreCtx>> cores;
    // pool
    std::mutex poolMu;
    std::condition_variable doneCv;
    std::vector<std::thread> workers;
    std::atomic<uint32_t> nextBlock{0};
    uint32_t done = 0;
    // SyncAll barrier
    std::mutex barMu;
    std::condition_variable barCv;
    uint32_t arrived = 0;
    uint32_t exited = 0;
    uint64_t barGen = 0;
    int exitedBlock = -1;
    // atomics on GM
    std::mutex atomicMu;

    void SpawnWorker();
    void OnBlockWaiting();
    void Abort();
};

CoreCtx& Ctx();
std::string RuleMessage(const CoreCtx& c, const char* api, const char* rule, const std::string& what);
// Record a launch-level failure (no throw); first error wins.
void RecordError(LaunchState& L, const std::string& msg);
void FinishReport(LaunchState& L, double wallMs);
void PipeEndChecks(CoreCtx& c, const char* api, bool deferredOnly);
// Strict mode: GM round trips inside one block (MTE3 write -> MTE2 read needs MTE3_MTE2, MTE2 read ->
// MTE3 write needs MTE2_MTE3, two MTE3 writes need PipeBarrier<PIPE_MTE3>).
void HzGm(uint8_t pipe, const uint8_t* addr, uint64_t bytes, const char* api);

}  // namespace detail
}  // namespace ascend_sim

namespace ascend_sim {
namespace detail {
struct SimError {
    std::string msg;
};
struct SimAbortEx {};
extern const char* const kHardEventNames[kNumHardEvents];
const char* PosName(uint8_t pos);
}  // namespace detail
}  // namespace ascend_sim
