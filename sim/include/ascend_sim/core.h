// Kernel-side runtime interface of the CPU twin (internal: kernel_operator.h calls these; kernels
// never do).  Each block of a launch runs on a host thread whose "current core" is a CoreFast
// (thread-local); every API call checks whether another block already failed (Tick), and rule
// violations throw out of the offending block (Fail).
#pragma once
#include <atomic>
#include <cstdint>
#include <string>

#include "ascend_sim/arch_tables.h"
#include "ascend_sim/report.h"
#include "ascend_sim/soc.h"

namespace ascend_sim {
namespace detail {

// What a kernel-side LocalTensor carries: where its bytes are and which buffer they belong to.
struct UbRef {
    uint8_t* ptr = nullptr;  // into the core's UB arena
    uint32_t bytes = 0;      // dataLen
    uint8_t pos = 0;         // TPosition
    int32_t slot = -1;       // queue buffer index (or -1 for TBuf / foreign)
    uint32_t gen = 0;        // slot generation at AllocTensor, to catch use after FreeTensor
};

// A GlobalTensor's view: base address and element bound (UINT64_MAX: not given).
struct GmRef {
    uint8_t* addr = nullptr;
    uint64_t bytes = UINT64_MAX;
};

struct TypeInfo {
    uint32_t size;
    uint8_t id;        // TypeId (ascend_sim/arch_tables.h)
    const char* name;
};

struct CoreFast {
    std::atomic<bool>* abort = nullptr;
    uint8_t* ub = nullptr;
    uint32_t ubSize = 0;
    uint32_t blockIdx = 0;
    uint32_t blockNum = 0;
    const SocProfile* soc = nullptr;
    uint8_t* sysWorkspace = nullptr;  // SetSysWorkspace (the direct-call flow sets none)
    uint8_t strict = 0;  // 0 off, 1 MTE/V pipe hazards, 2 also scalar (PIPE_S) UB accesses
    CoreCounters* cnt = nullptr;
};

extern thread_local CoreFast* tlsCore;
[[noreturn]] void NoCore();
[[noreturn]] void ThrowAbort();
inline CoreFast& Core() {
    if (tlsCore == nullptr) NoCore();
    return *tlsCore;
}
// Called at the start of every API call: stop this block when another block already failed.
inline void Tick() {
    if (Core().abort->load(std::memory_order_relaxed)) ThrowAbort();
}
// Stop the launch: "kernel <k>, block <b>, <api>: rule <rule>: <what>".
[[noreturn]] void Fail(const char* api, const char* rule, const std::string& what);
std::string Fmt(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// ---- operands ----
// UB operand of a vector/DMA op: inside the UB arena, 32 B aligned (if align), footprint within its
// tensor, buffer still allocated.
void CheckUb(const char* api, const char* role, const UbRef& t, uint64_t footprintBytes, bool align = true);
// Scalar UB access: position and bounds; counts.
void CheckUbScalar(const char* api, const UbRef& t, uint64_t offsetBytes, uint32_t size, bool write);
// GM access by a DMA or scalar access: inside a kernel argument, aligned to elemSize; recorded for the
// cross-block race check.
void CheckGm(const char* api, const uint8_t* addr, uint64_t bytes, uint32_t elemSize, bool write);
// The per-SoC tables of ascend_sim/arch_tables.h, for the active profile's npuArch: `op` must accept t
// (dtype-unsupported otherwise; bf16 on a chip without it is named as such).  `role` names the operand
// or form in the message when it is not the op's main dtype.
void CheckOpType(const char* api, arch::Op op, const TypeInfo& t, const char* role = nullptr);
void CheckOpPair(const char* api, arch::PairOp op, const TypeInfo& dst, const TypeInfo& src);
// The API `what` needs `f` on the active chip (rule `rule` otherwise; `hint` says what to do instead).
void RequireFeature(const char* api, arch::Feature f, const char* rule, const char* what, const char* hint = nullptr);

// ---- strict pipe-hazard tracker (no-ops unless strict) ----
void HzAccess(uint8_t pipe, const uint8_t* p, uint64_t bytes, bool write, const char* api);

// ---- TPipe / TQue / TBuf ----
void PipeCreate(void* pipe);
void PipeDestroy(void* pipe, bool fromDestructor);
void PipeReset(void* pipe);
void* CurrentPipe();
// bindInOut: TQueBind<VECIN, VECOUT> (DMA in, DMA out: its events are MTE2_MTE3 / MTE3_MTE2)
bool QueInit(void* pipe, int32_t* qid, uint8_t pos, int32_t depth, uint32_t num, uint32_t len, bool isTBuf,
             bool bindInOut);
UbRef QueAlloc(int32_t qid);
void QueFree(int32_t qid, const UbRef& t);
void QueEnQue(int32_t qid, const UbRef& t);
UbRef QueDeQue(int32_t qid);
int32_t QueQuery(int32_t qid, int what);  // 0 count in queue, 1 vacant, 2 idle buffers
UbRef TBufGet(int32_t qid, uint32_t offsetBytes, uint64_t bytes, bool checkLen, const char* api);

// ---- events ----
int32_t EventFetch(uint8_t evt, bool alloc, const char* api);
void EventRelease(uint8_t evt, int32_t id, const char* api);
void EventSet(uint8_t evt, int32_t id, const char* api);
void EventWait(uint8_t evt, int32_t id, const char* api);
void PipeBarrierImpl(uint8_t pipe);

// ---- DMA engines (defined in sim/src/dma.cpp) ----
struct DmaParams {
    uint32_t blockCount, blockLenBytes;
    uint64_t srcGapBytes, dstGapBytes;
};
void DmaGmToUb(const char* api, const UbRef& dst, const GmRef& src, const TypeInfo& ti, const DmaParams& p,
               uint32_t leftPadBytes = 0, uint32_t rightPadBytes = 0, bool isPad = false,
               const void* padValue = nullptr, bool padRows = false);
void DmaUbToGm(const char* api, const GmRef& dst, const UbRef& src, const TypeInfo& ti, const DmaParams& p,
               bool padRows = false);
void DmaUbToUb(const char* api, const UbRef& dst, const UbRef& src, const TypeInfo& ti, const DmaParams& p);
void SetAtomicAdd(const TypeInfo& ti);  // UB->GM copies of ti add into GM from now on
void SetAtomicNone();

// ---- counters ----
void CountVec(VecOp op, uint64_t elements, uint64_t bytes);
// Scalar GM access through the core's DCache (64 B lines, write-back): counts, and for writes marks the
// line dirty and records the whole line as written by this block.
void ScalarGm(const uint8_t* addr, uint32_t size, bool write);
// DataCacheCleanAndInvalid: write back (and forget) the line at addr, or every line.
void Dcci(const uint8_t* addr, bool entire);

// ---- system ----
// GetUserWorkspace as on the NPU: the argument is ignored; the result is the system workspace set by
// SetSysWorkspace plus RESERVED_WORKSPACE (bounds-checked), and a failure when none was set.
uint8_t* UserWorkspace(uint8_t* workspace);
void SetSysWorkspace(uint8_t* workspace);
uint8_t* SysWorkspace();
void SyncAllSoft(const GmRef& gmWs, const UbRef& ubWs, int32_t usedCores);
void SyncAllHard();

}  // namespace detail
}  // namespace ascend_sim
