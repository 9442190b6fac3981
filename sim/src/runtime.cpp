// The CPU twin's runtime: launcher (blocks as threads), per-block core context, rule failures, GM
// bounds and cross-block race tracking, TPipe/TQue/TBuf state machines, the event ledger, SyncAll and
// the strict pipe-hazard tracker.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "kernel_operator.h"
#include "sim_internal.h"

namespace ascend_sim {
namespace detail {

thread_local CoreFast* tlsCore = nullptr;

const char* const kHardEventNames[kNumHardEvents] = {
    "MTE2_MTE1", "MTE1_MTE2", "MTE1_M", "M_MTE1", "MTE2_V", "V_MTE2", "MTE3_V", "V_MTE3", "M_V",
    "V_M", "V_V", "MTE3_MTE1", "MTE1_MTE3", "MTE1_V", "MTE2_M", "M_MTE2", "V_MTE1", "M_FIX",
    "FIX_M", "MTE3_MTE2", "MTE2_MTE3", "S_V", "V_S", "S_MTE2", "MTE2_S", "S_MTE3", "MTE3_S",
    "MTE2_FIX", "FIX_MTE2", "FIX_S", "M_S", "FIX_MTE3", "MTE1_FIX", "FIX_MTE1", "FIX_FIX"};

const char* PosName(uint8_t pos) {
    static const char* const names[] = {"GM", "A1", "A2", "B1", "B2", "C1", "C2", "CO1", "CO2", "VECIN",
                                        "VECOUT", "VECCALC", "SPM", "TSCM", "C2PIPE2GM", "C2PIPE2LOCAL"};
    return pos < sizeof(names) / sizeof(names[0]) ? names[pos] : "?";
}
const char* SlotStateName(uint8_t s) {
    switch (s) {
        case SLOT_FREE: return "FREE";
        case SLOT_OCCUPIED: return "OCCUPIED (allocated)";
        case SLOT_ENQUE: return "ENQUE";
        case SLOT_DEQUE: return "DEQUE";
    }
    return "?";
}

void NoCore() {
    std::fprintf(stderr, "ascend_sim: an Ascend C kernel API was called outside a kernel launch\n");
    std::abort();
}
void ThrowAbort() { throw SimAbortEx{}; }

CoreCtx& Ctx() { return static_cast<CoreCtx&>(Core()); }

std::string Fmt(const char* fmt, ...) {
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    std::vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return buf;
}

std::string RuleMessage(const CoreCtx& c, const char* api, const char* rule, const std::string& what) {
    return Fmt("kernel %s, block %u, %s: rule %s: %s", c.L->opt.kernelName, c.blockIdx, api, rule, what.c_str());
}

void RecordError(LaunchState& L, const std::string& msg) {
    std::lock_guard<std::mutex> lk(L.errMu);
    if (L.error.empty()) L.error = msg;
}

void LaunchState::Abort() {
    abort.store(true);
    std::lock_guard<std::mutex> lk(barMu);
    barCv.notify_all();
}

void Fail(const char* api, const char* rule, const std::string& what) {
    CoreCtx& c = Ctx();
    std::string msg = RuleMessage(c, api, rule, what);
    RecordError(*c.L, msg);
    c.L->Abort();
    throw SimError{msg};
}

// ------------------------------------------------------------------ intervals
void IntervalSet::Add(uint64_t b, uint64_t e) {
    if (b >= e) return;
    auto it = m.upper_bound(b);
    if (it != m.begin()) {
        auto prev = std::prev(it);
        if (prev->second >= b) {
            if (prev->second >= e) return;
            b = prev->first;
            it = prev;
        }
    }
    while (it != m.end() && it->first <= e) {
        e = std::max(e, it->second);
        it = m.erase(it);
    }
    m.emplace(b, e);
}

// ------------------------------------------------------------------ operands
static uint32_t UbOff(const CoreCtx& c, const uint8_t* p) { return static_cast<uint32_t>(p - c.ub); }

static void CheckSlot(CoreCtx& c, const char* api, const char* role, const UbRef& t) {
    if (t.slot < 0) return;
    const BufSlot& s = c.slots[t.slot];
    if (s.gen != t.gen)
        Fail(api, "queue-state",
             Fmt("%s (UB offset %u) uses a buffer after FreeTensor or TPipe reset/destroy", role, UbOff(c, t.ptr)));
}

void CheckUb(const char* api, const char* role, const UbRef& t, uint64_t footprint, bool align) {
    CoreCtx& c = Ctx();
    if (t.ptr == nullptr || t.ptr < c.ub || t.ptr > c.ub + c.ubSize)
        Fail(api, "ub-bounds", Fmt("%s is not a UB tensor (uninitialised LocalTensor?)", role));
    if (align && UbOff(c, t.ptr) % 32 != 0)
        Fail(api, "ub-alignment", Fmt("%s at UB offset %u is not 32-byte aligned", role, UbOff(c, t.ptr)));
    if (footprint > t.bytes)
        Fail(api, "ub-bounds",
             Fmt("%s footprint %" PRIu64 " B exceeds the tensor's %u B (UB offset %u)", role, footprint, t.bytes,
                 UbOff(c, t.ptr)));
    CheckSlot(c, api, role, t);
}

void CheckUbScalar(const char* api, const UbRef& t, uint64_t off, uint32_t size, bool write) {
    CoreCtx& c = Ctx();
    if (t.ptr == nullptr || t.ptr < c.ub || t.ptr > c.ub + c.ubSize)
        Fail(api, "ub-bounds", "not a UB tensor (uninitialised LocalTensor?)");
    if (t.pos != static_cast<uint8_t>(AscendC::TPosition::VECIN) &&
        t.pos != static_cast<uint8_t>(AscendC::TPosition::VECOUT) &&
        t.pos != static_cast<uint8_t>(AscendC::TPosition::VECCALC))
        Fail(api, "scalar-position",
             Fmt("scalar access on a %s tensor (only VECIN/VECCALC/VECOUT allow GetValue/SetValue)", PosName(t.pos)));
    if (off + size > t.bytes)
        Fail(api, "ub-bounds",
             Fmt("element index %" PRIu64 " is beyond the tensor's %u elements", off / size, t.bytes / size));
    CheckSlot(c, api, "tensor", t);
    if (c.strict >= 2) HzAccess(PIPE_S, t.ptr + off, size, write, api);
    if (write) ++c.counters.scalarUbWrites;
    else ++c.counters.scalarUbReads;
}

constexpr uint64_t kLine = 64;  // DCache line

// Device GM buffers are (at least) 64 B aligned while host test buffers may not be: cache lines are
// taken relative to the start of the kernel argument that holds the address.  Returns [start, end) of
// the line holding a, clipped to the argument.
static void LineOf(const CoreCtx& c, uint64_t a, uint64_t* s, uint64_t* e) {
    for (const GmArg& g : c.L->args) {
        const uint64_t base = reinterpret_cast<uintptr_t>(g.addr);
        if (g.addr && a >= base && a < base + g.bytes) {
            *s = base + (a - base) / kLine * kLine;
            *e = std::min(*s + kLine, base + g.bytes);
            return;
        }
    }
    *s = a / kLine * kLine;
    *e = *s + kLine;
}

void ScalarGm(const uint8_t* addr, uint32_t size, bool write) {
    CoreCtx& c = Ctx();
    const uint64_t a = reinterpret_cast<uintptr_t>(addr);
    uint64_t s, e, s2, e2;
    LineOf(c, a, &s, &e);
    LineOf(c, a + size - 1, &s2, &e2);
    for (uint64_t line : {s, s2}) {
        auto it = c.cachedLines.find(line);
        if (it == c.cachedLines.end()) {
            c.cachedLines.emplace(line, c.syncEpoch);
        } else if (!write && it->second < c.syncEpoch) {
            const auto& v = c.staleCandidates;
            if ((v.empty() || v.back().line != line || v.back().readEpoch != c.syncEpoch) && v.size() < 65536)
                c.staleCandidates.push_back({line, it->second, c.syncEpoch});
        }
    }
    if (!write) {
        ++c.counters.scalarGmReads;
        return;
    }
    ++c.counters.scalarGmWrites;
    if (c.gmLineWrites.size() <= c.syncEpoch) c.gmLineWrites.resize(c.syncEpoch + 1);
    c.gmLineWrites[c.syncEpoch].Add(s, e2);
    c.dirtyLines.insert(s);
    c.dirtyLines.insert(s2);
}

void Dcci(const uint8_t* addr, bool entire) {
    CoreCtx& c = Ctx();
    if (entire) {
        c.dirtyLines.clear();
        c.cachedLines.clear();
        return;
    }
    uint64_t s, e;
    LineOf(c, reinterpret_cast<uintptr_t>(addr), &s, &e);
    c.dirtyLines.erase(s);
    c.cachedLines.erase(s);
}

// Does a sorted set of line starts hold a line overlapping [b, e)?
template <typename C>
static bool LinesOverlap(const C& lines, uint64_t b, uint64_t e) {
    auto it = std::lower_bound(lines.begin(), lines.end(), b >= kLine - 1 ? b - (kLine - 1) : 0);
    return it != lines.end() && *it < e;
}

// A DMA touching GM bytes whose scalar write is still only in this core's DCache.
static void CheckDirty(CoreCtx& c, const char* api, const uint8_t* addr, uint64_t bytes, bool write) {
    if (c.dirtyLines.empty() || bytes == 0) return;
    const uint64_t a = reinterpret_cast<uintptr_t>(addr);
    if (LinesOverlap(c.dirtyLines, a, a + bytes))
        Fail(api, "dcache-dirty",
             Fmt("the DMA %s GM in a 64 B line this core changed with GlobalTensor::SetValue and has not written back "
                 "(call DataCacheCleanAndInvalid after SetValue, before DMA or other cores use the line)",
                 write ? "writes" : "reads"));
}

void CountVec(VecOp op, uint64_t elements, uint64_t bytes) {
    CoreCtx& c = Ctx();
    VecOpCounter& v = c.counters.vecOps[static_cast<int>(op)];
    ++v.instructions;
    v.elements += elements;
    ++c.counters.vectorInstructions;
    c.counters.vectorElements += elements;
    c.counters.vectorRepeats += (bytes + 255) / 256;
}

static void CheckBf16(const CoreCtx& c, const char* api, uint8_t id) {
    if (id == T_BF16 && !arch::HasBf16(c.soc->npuArch))
        Fail(api, "dtype-unsupported", Fmt("bfloat16_t does not exist on %s", c.soc->name));
}

void CheckOpType(const char* api, arch::Op op, const TypeInfo& t, const char* role) {
    CoreCtx& c = Ctx();
    CheckBf16(c, api, t.id);
    if (!arch::OpSupportsType(c.soc->npuArch, op, static_cast<TypeId>(t.id)))
        Fail(api, "dtype-unsupported", Fmt("%s%s%s does not support %s on %s", api, role ? " with " : "",
                                           role ? role : "", t.name, c.soc->name));
}

void CheckOpPair(const char* api, arch::PairOp op, const TypeInfo& dst, const TypeInfo& src) {
    CoreCtx& c = Ctx();
    CheckBf16(c, api, src.id);
    CheckBf16(c, api, dst.id);
    if (!arch::OpSupportsPair(c.soc->npuArch, op, static_cast<TypeId>(dst.id), static_cast<TypeId>(src.id)))
        Fail(api, "dtype-unsupported",
             Fmt("%s with src %s, dst %s does not exist on %s", api, src.name, dst.name, c.soc->name));
}

void RequireFeature(const char* api, arch::Feature f, const char* rule, const char* what, const char* hint) {
    CoreCtx& c = Ctx();
    if (arch::Has(c.soc->npuArch, f)) return;
    Fail(api, rule, Fmt("%s does not exist on %s%s%s%s", what, c.soc->name, hint ? " (" : "", hint ? hint : "",
                            hint ? ")" : ""));
}

void CheckGm(const char* api, const uint8_t* addr, uint64_t bytes, uint32_t elemSize, bool write) {
    if (bytes == 0) return;
    CoreCtx& c = Ctx();
    const LaunchState& L = *c.L;
    if (elemSize > 1 && reinterpret_cast<uintptr_t>(addr) % elemSize != 0)
        Fail(api, "gm-alignment", Fmt("GM address %p is not aligned to the element size %u", (const void*)addr, elemSize));
    const GmArg* hit = nullptr;
    const GmArg* near = nullptr;
    for (const GmArg& a : L.args) {
        const uint8_t* b = static_cast<const uint8_t*>(a.addr);
        if (b == nullptr) continue;
        if (addr >= b && addr + bytes <= b + a.bytes) {
            hit = &a;
            break;
        }
        if (addr >= b && addr < b + a.bytes + 4096) near = &a;
    }
    if (hit == nullptr) {
        if (near != nullptr) {
            const uint64_t off = static_cast<uint64_t>(addr - static_cast<const uint8_t*>(near->addr));
            Fail(api, "gm-bounds",
                 Fmt("%s bytes [%" PRIu64 ", %" PRIu64 ") of argument '%s' which has %" PRIu64 " B",
                     write ? "writes" : "reads", off, off + bytes, near->name ? near->name : "?", near->bytes));
        }
        Fail(api, "gm-bounds",
             Fmt("%s %" PRIu64 " B at %p, which is inside no kernel argument", write ? "writes" : "reads", bytes,
                 (const void*)addr));
    }
    if (std::strncmp(api, "DataCopy", 8) == 0) CheckDirty(c, api, addr, bytes, write);
    const uint64_t b = reinterpret_cast<uintptr_t>(addr);
    if (c.gmWrites.size() <= c.syncEpoch) {
        c.gmWrites.resize(c.syncEpoch + 1);
        c.gmReads.resize(c.syncEpoch + 1);
    }
    if (write) {
        if (c.atomic == 0) {
            c.gmWrites[c.syncEpoch].Add(b, b + bytes);
        } else {
            if (c.gmAtomicWrites.size() <= c.syncEpoch) c.gmAtomicWrites.resize(c.syncEpoch + 1);
            c.gmAtomicWrites[c.syncEpoch].Add(b, b + bytes);
        }
    } else {
        c.gmReads[c.syncEpoch].Add(b, b + bytes);
    }
}

// ------------------------------------------------------------------ strict pipe-hazard tracker
static const char* PipeName(uint8_t p) {
    static const char* const n[] = {"PIPE_S", "PIPE_V", "PIPE_M", "PIPE_MTE1", "PIPE_MTE2", "PIPE_MTE3",
                                    "PIPE_ALL", "PIPE_MTE4", "PIPE_MTE5", "PIPE_V2", "PIPE_FIX"};
    return p < kNumPipes ? n[p] : "?";
}

// The source and destination pipe of a HardEvent (only the vector-core ones; 0xFF otherwise).
static void EventPipes(uint8_t evt, uint8_t* src, uint8_t* dst) {
    using H = AscendC::HardEvent;
    *src = *dst = 0xFF;
    switch (static_cast<H>(evt)) {
        case H::MTE2_V: *src = PIPE_MTE2; *dst = PIPE_V; break;
        case H::V_MTE2: *src = PIPE_V; *dst = PIPE_MTE2; break;
        case H::MTE3_V: *src = PIPE_MTE3; *dst = PIPE_V; break;
        case H::V_MTE3: *src = PIPE_V; *dst = PIPE_MTE3; break;
        case H::V_V: *src = PIPE_V; *dst = PIPE_V; break;
        case H::MTE3_MTE2: *src = PIPE_MTE3; *dst = PIPE_MTE2; break;
        case H::MTE2_MTE3: *src = PIPE_MTE2; *dst = PIPE_MTE3; break;
        case H::S_V: *src = PIPE_S; *dst = PIPE_V; break;
        case H::V_S: *src = PIPE_V; *dst = PIPE_S; break;
        case H::S_MTE2: *src = PIPE_S; *dst = PIPE_MTE2; break;
        case H::MTE2_S: *src = PIPE_MTE2; *dst = PIPE_S; break;
        case H::S_MTE3: *src = PIPE_S; *dst = PIPE_MTE3; break;
        case H::MTE3_S: *src = PIPE_MTE3; *dst = PIPE_S; break;
        default: break;
    }
}

void HzAccess(uint8_t pipe, const uint8_t* p, uint64_t bytes, bool write, const char* api) {
    CoreFast& f = Core();
    if (!f.strict || bytes == 0) return;
    CoreCtx& c = static_cast<CoreCtx&>(f);
    if (c.hz.empty()) c.hz.resize(c.ubSize / 32 + 1);
    const uint64_t s = ++c.seq;
    c.pipeSeq[pipe] = s;
    const uint32_t b0 = UbOff(c, p) / 32;
    const uint32_t b1 = static_cast<uint32_t>((UbOff(c, p) + bytes + 31) / 32);
    for (uint32_t b = b0; b < b1 && b < c.hz.size(); ++b) {
        HzBlock& h = c.hz[b];
        if (h.wPipe != 0xFF && h.wSeq != 0) {
            // read-after-write / write-after-write across pipes
            if (h.wPipe != pipe && h.wSeq > c.synced[pipe][h.wPipe])
                Fail(api, "pipe-hazard",
                     Fmt("%s %s UB offset %u written by %s without a sync edge %s->%s (EnQue/DeQue, "
                         "SetFlag/WaitFlag or PipeBarrier<PIPE_ALL>)",
                         PipeName(pipe), write ? "overwrites" : "reads", b * 32, PipeName(h.wPipe),
                         PipeName(h.wPipe), PipeName(pipe)));
            // two DMAs of one pipe with overlapping destinations
            if (write && h.wPipe == pipe && (pipe == PIPE_MTE2 || pipe == PIPE_MTE3) && h.wSeq != s &&
                h.wSeq > c.synced[pipe][pipe])
                Fail(api, "pipe-hazard",
                     Fmt("two %s DMAs write UB offset %u without PipeBarrier<%s> between them", PipeName(pipe),
                         b * 32, PipeName(pipe)));
        }
        if (write) {
            for (uint8_t q = 0; q < kNumPipes; ++q) {
                if (q == pipe || h.rSeq[q] == 0) continue;
                if (h.rSeq[q] > c.synced[pipe][q])
                    Fail(api, "pipe-hazard",
                         Fmt("%s overwrites UB offset %u still being read by %s (write-after-read without a %s->%s "
                             "sync edge: FreeTensor/AllocTensor or SetFlag/WaitFlag)",
                             PipeName(pipe), b * 32, PipeName(q), PipeName(q), PipeName(pipe)));
            }
            h.wPipe = pipe;
            h.wSeq = s;
            for (auto& r : h.rSeq) r = 0;
        } else {
            h.rSeq[pipe] = s;
        }
    }
}

void HzGm(uint8_t pipe, const uint8_t* addr, uint64_t bytes, const char* api) {
    CoreCtx& c = Ctx();
    if (!c.strict || bytes == 0) return;
    const uint64_t b = reinterpret_cast<uintptr_t>(addr), e = b + bytes;
    const uint64_t seq = c.pipeSeq[pipe];
    auto prune = [](std::vector<CoreCtx::GmRec>& v, uint64_t done) {
        v.erase(std::remove_if(v.begin(), v.end(), [done](const CoreCtx::GmRec& r) { return r.seq <= done; }), v.end());
    };
    if (pipe == PIPE_MTE2) {
        prune(c.hzGmWrites, std::min(c.synced[PIPE_MTE2][PIPE_MTE3], c.synced[PIPE_MTE3][PIPE_MTE3]));
        for (const auto& r : c.hzGmWrites)
            if (r.b < e && b < r.e && r.seq > c.synced[PIPE_MTE2][PIPE_MTE3])
                Fail(api, "pipe-hazard",
                     Fmt("PIPE_MTE2 reads GM this block wrote with PIPE_MTE3 without a MTE3->MTE2 sync edge "
                         "(SetFlag/WaitFlag<HardEvent::MTE3_MTE2> or PipeBarrier<PIPE_ALL>)"));
        c.hzGmReads.push_back({b, e, seq});
        if (c.hzGmReads.size() > 4096) c.hzGmReads.erase(c.hzGmReads.begin(), c.hzGmReads.begin() + 2048);
    } else if (pipe == PIPE_MTE3) {
        prune(c.hzGmReads, c.synced[PIPE_MTE3][PIPE_MTE2]);
        prune(c.hzGmWrites, std::min(c.synced[PIPE_MTE2][PIPE_MTE3], c.synced[PIPE_MTE3][PIPE_MTE3]));
        for (const auto& r : c.hzGmReads)
            if (r.b < e && b < r.e && r.seq > c.synced[PIPE_MTE3][PIPE_MTE2])
                Fail(api, "pipe-hazard",
                     Fmt("PIPE_MTE3 overwrites GM that PIPE_MTE2 may still be reading (needs a MTE2->MTE3 sync edge)"));
        for (const auto& r : c.hzGmWrites)
            if (r.b < e && b < r.e && r.seq != seq && r.seq > c.synced[PIPE_MTE3][PIPE_MTE3])
                Fail(api, "pipe-hazard",
                     Fmt("two PIPE_MTE3 DMAs write overlapping GM without PipeBarrier<PIPE_MTE3> between them"));
        c.hzGmWrites.push_back({b, e, seq});
        if (c.hzGmWrites.size() > 4096) c.hzGmWrites.erase(c.hzGmWrites.begin(), c.hzGmWrites.begin() + 2048);
    }
}

// Vector clocks: synced[q][p] = highest seq of pipe p's ops known complete before q's next op.
static void HzSet(CoreCtx& c, uint8_t evt, int32_t id) {
    uint8_t src, dst;
    EventPipes(evt, &src, &dst);
    if (src == 0xFF) return;
    // everything src issued so far, and everything src already waited for, completes before the flag
    if (!c.strict) return;
    uint64_t* snap = c.Snap(evt, id);
    for (int p = 0; p < kNumPipes; ++p) snap[p] = c.synced[src][p];
    snap[src] = c.pipeSeq[src];
}

static void HzWait(CoreCtx& c, uint8_t evt, int32_t id) {
    uint8_t src, dst;
    EventPipes(evt, &src, &dst);
    if (src == 0xFF) return;
    if (!c.strict) return;
    const uint64_t* snap = c.Snap(evt, id);
    for (int p = 0; p < kNumPipes; ++p) c.synced[dst][p] = std::max(c.synced[dst][p], snap[p]);
}

void PipeBarrierImpl(uint8_t pipe) {
    CoreCtx& c = Ctx();
    if (pipe == PIPE_ALL) {
        for (int q = 0; q < kNumPipes; ++q)
            for (int p = 0; p < kNumPipes; ++p) c.synced[q][p] = c.pipeSeq[p];
    } else if (pipe < kNumPipes) {
        c.synced[pipe][pipe] = c.pipeSeq[pipe];
    }
}

// ------------------------------------------------------------------ events
static void CheckEvt(const char* api, uint8_t evt, int32_t id) {
    if (evt >= kNumHardEvents) Fail(api, "event-id", Fmt("HardEvent value %u is out of range", evt));
    if (id < 0 || id >= kNumEventIds)
        Fail(api, "event-id", Fmt("event ID %d of HardEvent %s is outside 0..7", id, kHardEventNames[evt]));
}

int32_t EventFetch(uint8_t evt, bool alloc, const char* api) {
    CoreCtx& c = Ctx();
    CheckEvt(api, evt, 0);
    for (int32_t id = 0; id < kNumEventIds; ++id) {
        if (c.evAlloc[evt][id] || c.evSet[evt][id]) continue;
        if (alloc) c.evAlloc[evt][id] = 1;
        return id;
    }
    Fail(api, "event-pool",
         Fmt("all 8 event IDs of HardEvent %s are in use (too many live queue buffers or unreleased IDs; "
             "the device hangs)", kHardEventNames[evt]));
}

void EventRelease(uint8_t evt, int32_t id, const char* api) {
    CoreCtx& c = Ctx();
    CheckEvt(api, evt, id);
    if (!c.evAlloc[evt][id])
        Fail(api, "event-pool", Fmt("ReleaseEventID<%s>(%d) of an ID that is not allocated", kHardEventNames[evt], id));
    c.evAlloc[evt][id] = 0;
}

static void SetCore(CoreCtx& c, uint8_t evt, int32_t id, uint8_t owner, const char* api) {
    if (c.evSet[evt][id])
        Fail(api, "event-duplicate",
             Fmt("SetFlag<HardEvent::%s>(%d) while that flag is already set and not yet waited for%s",
                 kHardEventNames[evt], id, c.evOwner[evt][id] ? " (by a TQue)" : ""));
    c.evSet[evt][id] = 1;
    c.evOwner[evt][id] = owner;
    HzSet(c, evt, id);
}

static void WaitCore(CoreCtx& c, uint8_t evt, int32_t id, const char* api) {
    if (!c.evSet[evt][id])
        Fail(api, "event-unbalanced",
             Fmt("WaitFlag<HardEvent::%s>(%d) without a matching SetFlag (the device waits forever)",
                 kHardEventNames[evt], id));
    c.evSet[evt][id] = 0;
    HzWait(c, evt, id);
}

void EventSet(uint8_t evt, int32_t id, const char* api) {
    CoreCtx& c = Ctx();
    CheckEvt(api, evt, id);
    SetCore(c, evt, id, 0, api);
}

void EventWait(uint8_t evt, int32_t id, const char* api) {
    CoreCtx& c = Ctx();
    CheckEvt(api, evt, id);
    if (c.evSet[evt][id] && c.evOwner[evt][id])
        Fail(api, "event-unbalanced",
             Fmt("WaitFlag<HardEvent::%s>(%d) consumes a flag set by a TQue", kHardEventNames[evt], id));
    WaitCore(c, evt, id, api);
}

// Queue-internal events (same pools and ledger as user events, like the device).
static int32_t QSet(CoreCtx& c, uint8_t evt, const char* api) {
    const int32_t id = EventFetch(evt, true, api);
    SetCore(c, evt, id, 1, api);
    return id;
}
static void QWait(CoreCtx& c, uint8_t evt, int32_t id, const char* api) {
    WaitCore(c, evt, id, api);
    c.evAlloc[evt][id] = 0;
}
static void QDrop(CoreCtx& c, uint8_t evt, int32_t id) {
    // Destroy/Reset wait for pending queue events.
    if (c.evSet[evt][id]) HzWait(c, evt, id);
    c.evSet[evt][id] = 0;
    c.evAlloc[evt][id] = 0;
    c.evOwner[evt][id] = 0;
}

// The events behind a queue: VECIN EnQue/DeQue MTE2_V, Free/Alloc V_MTE2; VECOUT V_MTE3 / MTE3_V;
// TQueBind<VECIN, VECOUT> MTE2_MTE3 / MTE3_MTE2.
static uint8_t EnqEvent(const QueInfo& q) {
    using H = AscendC::HardEvent;
    if (q.bindInOut) return static_cast<uint8_t>(H::MTE2_MTE3);
    return static_cast<uint8_t>(q.pos == static_cast<uint8_t>(AscendC::TPosition::VECOUT) ? H::V_MTE3 : H::MTE2_V);
}
static uint8_t FreeEvent(const QueInfo& q) {
    using H = AscendC::HardEvent;
    if (q.bindInOut) return static_cast<uint8_t>(H::MTE3_MTE2);
    return static_cast<uint8_t>(q.pos == static_cast<uint8_t>(AscendC::TPosition::VECOUT) ? H::MTE3_V : H::V_MTE2);
}

// ------------------------------------------------------------------ TPipe / TQue / TBuf
static void FillRandom(CoreCtx& c) {
    uint64_t x = 0x9E3779B97F4A7C15ull ^ (uint64_t(c.blockIdx + 1) * 0xD1B54A32D192ED03ull) ^ (uint64_t(c.pipeEpoch) << 32);
    uint8_t* p = c.ub;
    const uint32_t n = c.ubSize / 8;
    for (uint32_t i = 0; i < n; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        std::memcpy(p + 8 * i, &x, 8);
    }
}

void PipeCreate(void* pipe) {
    CoreCtx& c = Ctx();
    if (c.pipeLive)
        Fail("TPipe::TPipe", "one-pipe", "a second TPipe while another is alive in this block (hangs on the device)");
    c.pipeLive = true;
    c.pipe = pipe;
    ++c.pipeEpoch;
    c.ubUsed = 0;
    c.numBuffers = 0;
    FillRandom(c);
    c.hz.clear();
}

void* CurrentPipe() {
    CoreCtx& c = Ctx();
    if (!c.pipeLive) Fail("GetTPipePtr", "one-pipe", "no live TPipe in this block");
    return c.pipe;
}

// Returns the description of the first held buffer, or "".
static std::string HeldBuffers(CoreCtx& c) {
    for (size_t qi = 0; qi < c.ques.size(); ++qi) {
        const QueInfo& q = c.ques[qi];
        if (q.pipeEpoch != c.pipeEpoch || q.isTBuf) continue;
        for (int32_t s : q.slots)
            if (c.slots[s].state != SLOT_FREE)
                return Fmt("a TQue<%s> buffer (UB offset %u) is still %s", PosName(q.pos), c.slots[s].off,
                           SlotStateName(c.slots[s].state));
    }
    return "";
}

static void ReleasePipe(CoreCtx& c) {
    for (size_t qi = 0; qi < c.ques.size(); ++qi) {
        QueInfo& q = c.ques[qi];
        if (q.pipeEpoch != c.pipeEpoch) continue;
        for (int32_t s : q.slots) {
            BufSlot& b = c.slots[s];
            if (b.freeEvt >= 0) QDrop(c, FreeEvent(q), b.freeEvt);
            if (b.enqEvt >= 0) QDrop(c, EnqEvent(q), b.enqEvt);
            b.freeEvt = b.enqEvt = -1;
            ++b.gen;  // tensors of this pipe are dead
            b.state = SLOT_FREE;
        }
        q.fifo.clear();
    }
    c.ubUsed = 0;
    c.numBuffers = 0;
    ++c.pipeEpoch;
    PipeBarrierImpl(PIPE_ALL);
}

void PipeEndChecks(CoreCtx& c, const char* api, bool deferredOnly) {
    std::string held = HeldBuffers(c);
    if (!held.empty()) {
        const std::string what = held + " (every AllocTensor/EnQue needs its DeQue/FreeTensor before the pipe ends)";
        if (deferredOnly) {
            if (c.deferred.empty()) c.deferred = RuleMessage(c, api, "queue-held", what);
        } else {
            Fail(api, "queue-held", what);
        }
    }
}

void PipeDestroy(void* pipe, bool fromDestructor) {
    CoreCtx& c = Ctx();
    if (!c.pipeLive || c.pipe != pipe) return;  // already destroyed
    if (fromDestructor) {
        if (std::uncaught_exceptions() == 0 && !c.abort->load()) PipeEndChecks(c, "TPipe::~TPipe", true);
    } else {
        PipeEndChecks(c, "TPipe::Destroy", false);
    }
    ReleasePipe(c);
    c.pipeLive = false;
    c.pipe = nullptr;
}

void PipeReset(void* pipe) {
    CoreCtx& c = Ctx();
    if (!c.pipeLive || c.pipe != pipe) Fail("TPipe::Reset", "one-pipe", "Reset on a TPipe that is not alive");
    PipeEndChecks(c, "TPipe::Reset", false);
    ReleasePipe(c);
}

static QueInfo& GetQue(CoreCtx& c, int32_t qid, const char* api, bool tbuf) {
    if (qid < 0 || qid >= static_cast<int32_t>(c.ques.size()))
        Fail(api, "queue-state", Fmt("%s used before TPipe::InitBuffer", tbuf ? "TBuf" : "TQue"));
    QueInfo& q = c.ques[qid];
    if (q.pipeEpoch != c.pipeEpoch || !c.pipeLive)
        Fail(api, "queue-state",
             Fmt("%s used after its TPipe was reset or destroyed (InitBuffer it again)", tbuf ? "TBuf" : "TQue"));
    if (q.isTBuf != tbuf) Fail(api, "queue-state", "queue/buffer kind mismatch");
    return q;
}

bool QueInit(void* pipe, int32_t* qid, uint8_t pos, int32_t depth, uint32_t num, uint32_t len, bool isTBuf,
             bool bindInOut) {
    CoreCtx& c = Ctx();
    const char* api = "TPipe::InitBuffer";
    if (!c.pipeLive || c.pipe != pipe) Fail(api, "one-pipe", "InitBuffer on a TPipe that is not the live one");
    using P = AscendC::TPosition;
    if (pos != static_cast<uint8_t>(P::VECIN) && pos != static_cast<uint8_t>(P::VECOUT) &&
        pos != static_cast<uint8_t>(P::VECCALC))
        Fail(api, "position-unsupported",
             Fmt("position %s: vector cores have only UB (VECIN/VECOUT/VECCALC); the sim models no L1/L0", PosName(pos)));
    if (!isTBuf && pos == static_cast<uint8_t>(P::VECCALC))
        Fail(api, "position-unsupported", "TQue<VECCALC> is rejected by the API; use TBuf<VECCALC>");
    if (!isTBuf && depth < 1) Fail(api, "queue-depth", Fmt("TQue depth %d must be >= 1", depth));
    if (*qid >= 0 && *qid < static_cast<int32_t>(c.ques.size()) && c.ques[*qid].pipeEpoch == c.pipeEpoch)
        Fail(api, "queue-state", "InitBuffer twice on the same queue/buffer");
    if (num < 1 || num > static_cast<uint32_t>(AscendC::QBUF_MAX_LEN))
        Fail(api, "buffer-count", Fmt("num = %u buffers; must be in [1, 64]", num));
    if (len == 0) Fail(api, "ub-capacity", "buffer length 0");
    if (c.numBuffers + num > static_cast<uint32_t>(AscendC::QBUF_MAX_LEN))
        Fail(api, "buffer-count",
             Fmt("%u buffers already + %u exceeds the 64 buffers a TPipe can hold", c.numBuffers, num));
    const uint64_t aligned = (uint64_t(len) + 31) / 32 * 32;
    const uint64_t need = c.ubUsed + aligned * num;
    if (need > c.soc->ubUsableBytes)
        Fail(api, "ub-capacity",
             Fmt("%u x %u B (rounded %" PRIu64 " B) on top of %u B used = %" PRIu64 " B > %u B usable UB on %s", num, len,
                 aligned, c.ubUsed, need, c.soc->ubUsableBytes, c.soc->name));
    QueInfo q;
    q.pos = pos;
    q.depth = depth;
    q.isTBuf = isTBuf;
    q.bindInOut = bindInOut;
    q.pipeEpoch = c.pipeEpoch;
    q.len = len;
    for (uint32_t i = 0; i < num; ++i) {
        BufSlot s;
        s.off = static_cast<uint32_t>(c.ubUsed + aligned * i);
        s.len = len;
        s.que = static_cast<int32_t>(c.ques.size());
        s.state = isTBuf ? SLOT_OCCUPIED : SLOT_FREE;
        q.slots.push_back(static_cast<int32_t>(c.slots.size()));
        c.slots.push_back(s);
    }
    c.ubUsed = static_cast<uint32_t>(need);
    c.numBuffers += num;
    c.counters.peakUbBytes = std::max<uint64_t>(c.counters.peakUbBytes, c.ubUsed);
    *qid = static_cast<int32_t>(c.ques.size());
    c.ques.push_back(std::move(q));
    return true;
}

static UbRef SlotRef(CoreCtx& c, const QueInfo& q, int32_t s) {
    UbRef r;
    r.ptr = c.ub + c.slots[s].off;
    r.bytes = c.slots[s].len;
    r.pos = q.pos;
    r.slot = s;
    r.gen = c.slots[s].gen;
    return r;
}

UbRef QueAlloc(int32_t qid) {
    CoreCtx& c = Ctx();
    const char* api = "TQue::AllocTensor";
    QueInfo& q = GetQue(c, qid, api, false);
    const uint32_t n = static_cast<uint32_t>(q.slots.size());
    for (uint32_t k = 0; k < n; ++k) {
        const uint32_t i = (q.cursor + k) % n;
        BufSlot& b = c.slots[q.slots[i]];
        if (b.state != SLOT_FREE) continue;
        q.cursor = (i + 1) % n;
        if (b.freeEvt >= 0) {
            QWait(c, FreeEvent(q), b.freeEvt, api);
            b.freeEvt = -1;
        }
        b.state = SLOT_OCCUPIED;
        return SlotRef(c, q, q.slots[i]);
    }
    Fail(api, "queue-overalloc",
         Fmt("AllocTensor on a TQue<%s> whose %u buffer(s) are all in use (the device spins forever)", PosName(q.pos), n));
}

static BufSlot& OwnSlot(CoreCtx& c, QueInfo& q, int32_t qid, const UbRef& t, const char* api) {
    if (t.slot < 0 || t.slot >= static_cast<int32_t>(c.slots.size()) || c.slots[t.slot].que != qid)
        Fail(api, "queue-state", "the tensor was not allocated from this queue");
    BufSlot& b = c.slots[t.slot];
    if (b.gen != t.gen)
        Fail(api, "queue-state",
             Fmt("the tensor's buffer (UB offset %u) was already freed (double FreeTensor or use after free)", b.off));
    (void)q;
    return b;
}

void QueEnQue(int32_t qid, const UbRef& t) {
    CoreCtx& c = Ctx();
    const char* api = "TQue::EnQue";
    QueInfo& q = GetQue(c, qid, api, false);
    BufSlot& b = OwnSlot(c, q, qid, t, api);
    if (b.state != SLOT_OCCUPIED)
        Fail(api, "queue-state", Fmt("EnQue of a buffer in state %s (needs AllocTensor first)", SlotStateName(b.state)));
    if (static_cast<int32_t>(q.fifo.size()) >= q.depth)
        Fail(api, "queue-depth", Fmt("EnQue beyond the queue depth %d (%zu already queued)", q.depth, q.fifo.size()));
    b.state = SLOT_ENQUE;
    b.enqEvt = QSet(c, EnqEvent(q), api);
    q.fifo.push_back(t.slot);
}

UbRef QueDeQue(int32_t qid) {
    CoreCtx& c = Ctx();
    const char* api = "TQue::DeQue";
    QueInfo& q = GetQue(c, qid, api, false);
    if (q.fifo.empty()) Fail(api, "queue-state", "DeQue on an empty queue (the device waits forever)");
    const int32_t s = q.fifo.front();
    q.fifo.pop_front();
    BufSlot& b = c.slots[s];
    QWait(c, EnqEvent(q), b.enqEvt, api);
    b.enqEvt = -1;
    b.state = SLOT_DEQUE;
    return SlotRef(c, q, s);
}

void QueFree(int32_t qid, const UbRef& t) {
    CoreCtx& c = Ctx();
    const char* api = "TQue::FreeTensor";
    QueInfo& q = GetQue(c, qid, api, false);
    BufSlot& b = OwnSlot(c, q, qid, t, api);
    if (b.state == SLOT_FREE) Fail(api, "queue-state", "double FreeTensor");
    if (b.state == SLOT_ENQUE) Fail(api, "queue-state", "FreeTensor of a buffer that is still enqueued (DeQue it first)");
    b.state = SLOT_FREE;
    ++b.gen;
    b.freeEvt = QSet(c, FreeEvent(q), api);
}

int32_t QueQuery(int32_t qid, int what) {
    CoreCtx& c = Ctx();
    QueInfo& q = GetQue(c, qid, "TQue query", false);
    if (what == 0) return static_cast<int32_t>(q.fifo.size());
    if (what == 1) return static_cast<int32_t>(q.fifo.size()) < q.depth ? 1 : 0;
    int32_t idle = 0;
    for (int32_t s : q.slots) idle += c.slots[s].state == SLOT_FREE ? 1 : 0;
    return idle;
}

UbRef TBufGet(int32_t qid, uint32_t offset, uint64_t bytes, bool checkLen, const char* api) {
    CoreCtx& c = Ctx();
    QueInfo& q = GetQue(c, qid, api, true);
    const uint32_t len = q.len;
    if (bytes == UINT64_MAX) bytes = len;
    if (checkLen && bytes % 32 != 0)
        Fail(api, "tbuf-get", Fmt("len * sizeof(T) = %" PRIu64 " B is not a multiple of 32 B", bytes));
    if (offset % 32 != 0) Fail(api, "ub-alignment", Fmt("bufOffset %u B is not 32-byte aligned", offset));
    if (uint64_t(offset) + bytes > len)
        Fail(api, "tbuf-get",
             Fmt("offset %u B + %" PRIu64 " B exceeds the TBuf's %u B", offset, bytes, len));
    UbRef r = SlotRef(c, q, q.slots[0]);
    r.ptr += offset;
    r.bytes = static_cast<uint32_t>(bytes);
    return r;
}

// ------------------------------------------------------------------ workspace
// The GM argument holding `p` (nullptr if none).
static const GmArg* GmArgHolding(const CoreCtx& c, const uint8_t* p) {
    for (const GmArg& a : c.L->args) {
        const uint8_t* b = static_cast<const uint8_t*>(a.addr);
        if (b != nullptr && p >= b && p < b + a.bytes) return &a;
    }
    return nullptr;
}

void SetSysWorkspace(uint8_t* workspace) {
    CoreCtx& c = Ctx();
    if (workspace == nullptr) Fail("SetSysWorkspace", "workspace-flow", "workspace can not be nullptr");
    c.sysWorkspace = workspace;
}

uint8_t* UserWorkspace(uint8_t* workspace) {
    CoreCtx& c = Ctx();
    const char* api = "GetUserWorkspace";
    (void)workspace;  // ignored on the NPU too: the result derives from the system workspace
    if (c.sysWorkspace == nullptr)
        Fail(api, "workspace-flow",
             "no system workspace was set: on the NPU GetUserWorkspace returns the framework's system workspace "
             "+ RESERVED_WORKSPACE whatever its argument, and the kernel direct-call flow sets none (a wild "
             "pointer); use the workspace argument itself, or SetSysWorkspace first");
    const uint64_t reserve = c.soc->reservedWorkspaceBytes;
    const GmArg* ws = GmArgHolding(c, c.sysWorkspace);
    const uint64_t have =
        ws == nullptr ? 0 : ws->bytes - static_cast<uint64_t>(c.sysWorkspace - static_cast<uint8_t*>(ws->addr));
    if (have < reserve)
        Fail(api, "workspace-bounds",
             Fmt("the system workspace holds %" PRIu64 " B from SetSysWorkspace's address, less than the system "
                 "reserve RESERVED_WORKSPACE = %" PRIu64 " B on %s (size it as user bytes + reserve)",
                 have, reserve, c.soc->name));
    return c.sysWorkspace + reserve;
}

uint8_t* SysWorkspace() { return Ctx().sysWorkspace; }

// ------------------------------------------------------------------ SyncAll
static void Barrier(CoreCtx& c, const char* api) {
    LaunchState& L = *c.L;
    std::unique_lock<std::mutex> lk(L.barMu);
    if (L.exited > 0) {
        const int who = L.exitedBlock;
        lk.unlock();
        Fail(api, "syncall-deadlock",
             Fmt("block %d already returned without reaching this SyncAll (the device hangs)", who));
    }
    if (!c.dirtyLines.empty()) {
        if (c.dirtyAtSync.size() <= c.syncEpoch) c.dirtyAtSync.resize(c.syncEpoch + 1);
        c.dirtyAtSync[c.syncEpoch].assign(c.dirtyLines.begin(), c.dirtyLines.end());
    }
    c.phaseEnds.push_back(c.counters);
    ++L.arrived;
    ++c.counters.syncAllCalls;
    if (L.arrived == L.opt.blockDim) {
        L.arrived = 0;
        ++L.barGen;
        L.barCv.notify_all();
    } else {
        const uint64_t gen = L.barGen;
        lk.unlock();
        L.OnBlockWaiting();
        lk.lock();
        L.barCv.wait(lk, [&] { return L.barGen != gen || L.abort.load(); });
        if (L.barGen == gen) {
            lk.unlock();
            ThrowAbort();
        }
    }
    lk.unlock();
    ++c.syncEpoch;
    PipeBarrierImpl(PIPE_ALL);
}

static void SyncAllCommon(CoreCtx& c, const char* api) {
    if (c.blockNum > c.soc->vectorCoreNum)
        Fail(api, "syncall-cores",
             Fmt("SyncAll with blockDim %u > %u cores of %s: blocks beyond the core count never start, the device hangs",
                 c.blockNum, c.soc->vectorCoreNum, c.soc->name));
}

void SyncAllSoft(const GmRef& gmWs, const UbRef& ubWs, int32_t usedCores) {
    CoreCtx& c = Ctx();
    const char* api = "SyncAll";
    SyncAllCommon(c, api);
    if (usedCores != 0 && static_cast<uint32_t>(usedCores) != c.blockNum)
        Fail(api, "syncall-cores", Fmt("usedCores %d != blockDim %u is not modeled", usedCores, c.blockNum));
    const uint64_t need = uint64_t(c.blockNum) * 32;
    if (gmWs.bytes != UINT64_MAX && gmWs.bytes < need)
        Fail(api, "syncall-workspace",
             Fmt("GM workspace tensor holds %" PRIu64 " B, needs blockNum * 32 = %" PRIu64 " B", gmWs.bytes, need));
    CheckGm(api, gmWs.addr, need, 4, false);
    if (!c.syncAllWsChecked) {
        c.syncAllWsChecked = true;
        for (uint64_t i = 0; i < need; ++i)
            if (gmWs.addr[i] != 0)
                Fail(api, "syncall-workspace",
                     Fmt("GM workspace byte %" PRIu64 " is %u: the SyncAll workspace must be zeroed by the host", i,
                         gmWs.addr[i]));
    }
    CheckUb(api, "ubWorkspace", ubWs, 0);
    if (ubWs.bytes < need)
        Fail(api, "syncall-workspace",
             Fmt("ubWorkspace holds %u B, needs GetBlockNum() * 32 = %" PRIu64 " B (SyncAll API constraint)", ubWs.bytes,
                 need));
    Barrier(c, api);
}

void SyncAllHard() {
    CoreCtx& c = Ctx();
    const char* api = "SyncAll";
    RequireFeature(api, arch::Feature::HardSyncAll, "syncall-cores", "SyncAll() without workspace (hard sync)");
    SyncAllCommon(c, api);
    Barrier(c, api);
}

// ------------------------------------------------------------------ launcher
static void WorkerLoop(LaunchState* L);

void LaunchState::SpawnWorker() { workers.emplace_back(WorkerLoop, this); }

void LaunchState::OnBlockWaiting() {
    std::lock_guard<std::mutex> lk(poolMu);
    if (nextBlock.load() < opt.blockDim) SpawnWorker();
}

static void EndChecks(CoreCtx& c) {
    if (!c.deferred.empty()) {
        RecordError(*c.L, c.deferred);
        c.L->Abort();
        throw SimError{c.deferred};
    }
    if (c.pipeLive) {
        PipeEndChecks(c, "kernel exit", false);
        ReleasePipe(c);
        c.pipeLive = false;
    }
    for (int e = 0; e < kNumHardEvents; ++e)
        for (int id = 0; id < kNumEventIds; ++id)
            if (c.evSet[e][id])
                Fail("kernel exit", "event-unbalanced",
                     Fmt("SetFlag<HardEvent::%s>(%d) has no matching WaitFlag (the flag is still pending)",
                         kHardEventNames[e], id));
    // Nothing promises that a core's DCache is written back when the kernel returns: scalar GM
    // stores must be cleaned to GM by the kernel itself (the API's documented duty after SetValue).
    if (!c.dirtyLines.empty())
        Fail("kernel exit", "dcache-dirty",
             "the kernel returns with GM lines changed by GlobalTensor::SetValue still only in this core's DCache "
             "(call DataCacheCleanAndInvalid after the last SetValue)");
}

static void BlockExit(CoreCtx& c) {
    LaunchState& L = *c.L;
    std::unique_lock<std::mutex> lk(L.barMu);
    ++L.exited;
    if (L.exitedBlock < 0) L.exitedBlock = static_cast<int>(c.blockIdx);
    if (L.arrived > 0 && !L.abort.load()) {
        const std::string msg =
            RuleMessage(c, "kernel exit", "syncall-deadlock",
                        Fmt("block returned while %u block(s) wait in SyncAll (the device hangs)", L.arrived));
        lk.unlock();
        RecordError(L, msg);
        L.Abort();
    }
}

static void RunBlock(LaunchState& L, uint32_t b) {
    auto c = std::make_unique<CoreCtx>();
    c->L = &L;
    c->abort = &L.abort;
    c->blockIdx = b;
    c->blockNum = L.opt.blockDim;
    c->soc = &L.soc;
    c->strict = L.strict;
    c->cnt = &c->counters;
    // one UB arena per worker thread, reused by the blocks it runs (like a physical core's UB)
    static thread_local std::vector<uint8_t> arena;
    if (arena.size() < L.soc.ubTotalBytes) arena.resize(L.soc.ubTotalBytes);
    c->ub = arena.data();
    c->ubSize = L.soc.ubTotalBytes;
    FillRandom(*c);
    tlsCore = c.get();
    if (!L.abort.load()) {
        try {
            L.body(L.bodyCtx);
            EndChecks(*c);
        } catch (const SimError&) {
        } catch (const SimAbortEx&) {
        } catch (const std::exception& e) {
            RecordError(L, RuleMessage(*c, "kernel", "host-exception", e.what()));
            L.Abort();
        } catch (...) {
            RecordError(L, RuleMessage(*c, "kernel", "host-exception", "unknown C++ exception"));
            L.Abort();
        }
    }
    BlockExit(*c);
    tlsCore = nullptr;
    c->ub = nullptr;
    c->hz.clear();
    c->hz.shrink_to_fit();
    L.cores[b] = std::move(c);
}

static void WorkerLoop(LaunchState* L) {
    for (;;) {
        const uint32_t b = L->nextBlock.fetch_add(1);
        if (b >= L->opt.blockDim) break;
        RunBlock(*L, b);
        std::lock_guard<std::mutex> lk(L->poolMu);
        ++L->done;
        L->doneCv.notify_all();
    }
}

struct Span {
    uint64_t b, e;
    uint32_t block;
};

// Cross-block GM checks per SyncAll epoch: two blocks writing the same bytes, or one block reading bytes
// another block writes, with no SyncAll in between.
static void RaceChecks(LaunchState& L) {
    uint32_t epochs = 0;
    for (auto& c : L.cores)
        if (c) epochs = std::max<uint32_t>(epochs, static_cast<uint32_t>(std::max(c->gmWrites.size(), c->gmLineWrites.size())));
    auto argOf = [&](uint64_t addr, uint64_t* off) -> const char* {
        for (const GmArg& a : L.args) {
            const uint64_t b = reinterpret_cast<uintptr_t>(a.addr);
            if (a.addr && addr + 63 >= b && addr < b + a.bytes) {
                if (addr < b) addr = b;
                *off = addr - b;
                return a.name ? a.name : "?";
            }
        }
        *off = addr;
        return "?";
    };
    for (uint32_t e = 0; e < epochs; ++e) {
        std::vector<Span> w;
        for (auto& c : L.cores) {
            if (!c || c->gmWrites.size() <= e) continue;
            for (auto& kv : c->gmWrites[e].m) w.push_back({kv.first, kv.second, c->blockIdx});
        }
        std::sort(w.begin(), w.end(), [](const Span& a, const Span& b) { return a.b < b.b; });
        // The first plain write span of a block other than `block` overlapping [b, e), or nullptr.
        // The spans are disjoint once the loop below has passed, so only the span before b can reach in.
        auto foreignWrite = [&w](uint64_t b, uint64_t e, uint32_t block) -> const Span* {
            auto it = std::upper_bound(w.begin(), w.end(), b, [](uint64_t v, const Span& s) { return v < s.b; });
            if (it != w.begin()) --it;
            for (; it != w.end() && it->b < e; ++it)
                if (it->e > b && it->block != block) return &*it;
            return nullptr;
        };
        for (size_t i = 1; i < w.size(); ++i) {
            // all earlier spans are disjoint (else we would have stopped), so only the previous can overlap
            if (w[i].b < w[i - 1].e && w[i].block != w[i - 1].block) {
                uint64_t off;
                const char* name = argOf(w[i].b, &off);
                RecordError(L, Fmt("kernel %s, blocks %u and %u, DataCopy/SetValue to GM: rule gm-write-race: both write "
                                   "bytes [%" PRIu64 ", %" PRIu64 ") of '%s' in the same SyncAll phase (epoch %u)",
                                   L.opt.kernelName, w[i - 1].block, w[i].block, off,
                                   off + (std::min(w[i].e, w[i - 1].e) - w[i].b), name, e));
                return;
            }
        }
        // atomic adds commute with each other, not with plain writes of another block
        for (auto& c : L.cores) {
            if (!c || c->gmAtomicWrites.size() <= e) continue;
            for (auto& kv : c->gmAtomicWrites[e].m) {
                if (const Span* it = foreignWrite(kv.first, kv.second, c->blockIdx)) {
                    uint64_t off;
                    const char* name = argOf(std::max(it->b, kv.first), &off);
                    RecordError(L, Fmt("kernel %s, blocks %u and %u, DataCopy to GM: rule gm-write-race: block %u "
                                       "atomically adds to bytes at offset %" PRIu64 " of '%s' that block %u overwrites "
                                       "in the same SyncAll phase",
                                       L.opt.kernelName, c->blockIdx, it->block, c->blockIdx, off, name, it->block));
                    return;
                }
            }
        }
        // scalar SetValue writes back whole 64 B lines: a line one block dirtied must not hold bytes
        // another block writes in the same phase
        std::vector<Span> lines;
        for (auto& c : L.cores) {
            if (!c || c->gmLineWrites.size() <= e) continue;
            for (auto& kv : c->gmLineWrites[e].m) lines.push_back({kv.first, kv.second, c->blockIdx});
        }
        std::sort(lines.begin(), lines.end(), [](const Span& a, const Span& b) { return a.b < b.b; });
        auto lineRace = [&](const Span& ln, const Span& other) {
            const uint64_t at = std::max(ln.b, other.b);  // first byte both touch
            uint64_t off;
            const char* name = argOf(at, &off);
            const uint64_t lineOff = off / 64 * 64;  // lines are 64 B from the argument's start
            RecordError(L, Fmt("kernel %s, blocks %u and %u, GlobalTensor::SetValue: rule gm-line-race: block %u changed "
                               "the 64 B DCache line holding byte %" PRIu64 " of '%s' (line from byte %" PRIu64 ") with "
                               "SetValue and block %u writes that byte in the same SyncAll phase; the line write-back "
                               "overwrites it (cores must write GM at least one cache line apart)",
                               L.opt.kernelName, ln.block, other.block, ln.block, off, name, lineOff, other.block));
        };
        for (size_t i = 0; i < lines.size(); ++i) {
            for (size_t j = i + 1; j < lines.size() && lines[j].b < lines[i].e; ++j)
                if (lines[j].block != lines[i].block) {
                    lineRace(lines[i], lines[j]);
                    return;
                }
            if (const Span* it = foreignWrite(lines[i].b, lines[i].e, lines[i].block)) {
                lineRace(lines[i], *it);
                return;
            }
        }
        for (auto& c : L.cores) {
            if (!c || c->gmReads.size() <= e) continue;
            for (auto& kv : c->gmReads[e].m) {
                if (const Span* it = foreignWrite(kv.first, kv.second, c->blockIdx)) {
                    uint64_t off;
                    const char* name = argOf(std::max(it->b, kv.first), &off);
                    RecordError(L, Fmt("kernel %s, blocks %u and %u, DataCopy/GetValue from GM: rule gm-read-race: block %u "
                                       "reads bytes at offset %" PRIu64 " of '%s' that block %u writes in the same SyncAll "
                                       "phase (epoch %u)",
                                       L.opt.kernelName, c->blockIdx, it->block, c->blockIdx, off, name, it->block, e));
                    return;
                }
            }
        }
        // reads against other blocks' atomic adds (atomic spans may overlap each other: plain scan)
        std::vector<Span> atomics;
        for (auto& c : L.cores) {
            if (!c || c->gmAtomicWrites.size() <= e) continue;
            for (auto& kv : c->gmAtomicWrites[e].m) atomics.push_back({kv.first, kv.second, c->blockIdx});
        }
        std::sort(atomics.begin(), atomics.end(), [](const Span& a, const Span& b) { return a.b < b.b; });
        for (auto& c : L.cores) {
            if (atomics.empty()) break;
            if (!c || c->gmReads.size() <= e) continue;
            for (auto& kv : c->gmReads[e].m) {
                for (const Span& s : atomics) {
                    if (s.b >= kv.second) break;
                    if (s.e <= kv.first || s.block == c->blockIdx) continue;
                    uint64_t off;
                    const char* name = argOf(std::max(s.b, kv.first), &off);
                    RecordError(L, Fmt("kernel %s, blocks %u and %u, DataCopy/GetValue from GM: rule gm-read-race: block %u "
                                       "reads bytes at offset %" PRIu64 " of '%s' that block %u atomically adds to in the "
                                       "same SyncAll phase (epoch %u)",
                                       L.opt.kernelName, c->blockIdx, s.block, c->blockIdx, off, name, s.block, e));
                    return;
                }
            }
        }
    }
    // a scalar read of a line this core cached in an earlier phase, which another block rewrote since:
    // the DCache returns the stale copy
    for (auto& a : L.cores) {
        if (!a) continue;
        for (const auto& sr : a->staleCandidates) {
            for (auto& b : L.cores) {
                if (!b || b.get() == a.get()) continue;
                for (uint32_t e = sr.cachedEpoch; e < sr.readEpoch; ++e) {
                    for (const std::vector<IntervalSet>* sets : {&b->gmWrites, &b->gmLineWrites}) {
                        if (sets->size() <= e) continue;
                        const auto& m = (*sets)[e].m;
                        auto it = m.upper_bound(sr.line + 63);
                        if (it == m.begin()) continue;
                        --it;
                        if (it->second > sr.line) {
                            uint64_t off;
                            const char* name = argOf(sr.line, &off);
                            RecordError(L, Fmt("kernel %s, blocks %u and %u, GlobalTensor::GetValue: rule dcache-stale: "
                                               "block %u reads the 64 B line at offset %" PRIu64 " of '%s' from its DCache "
                                               "(cached in SyncAll phase %u) after block %u rewrote it in phase %u "
                                               "(DataCacheCleanAndInvalid before reading data other cores produced)",
                                               L.opt.kernelName, a->blockIdx, b->blockIdx, a->blockIdx, off, name,
                                               sr.cachedEpoch, b->blockIdx, e));
                            return;
                        }
                    }
                }
            }
        }
    }
    // lines still dirty in a core's DCache when it passed SyncAll e: other blocks must not touch them in
    // the next phase (they would see stale GM, or have their writes overwritten by the write-back)
    for (auto& a : L.cores) {
        if (!a) continue;
        for (uint32_t e = 0; e < a->dirtyAtSync.size(); ++e) {
            const std::vector<uint64_t>& dirty = a->dirtyAtSync[e];
            if (dirty.empty()) continue;
            for (auto& b : L.cores) {
                if (!b || b.get() == a.get()) continue;
                for (const std::vector<IntervalSet>* sets : {&b->gmReads, &b->gmWrites, &b->gmLineWrites}) {
                    if (sets->size() <= e + 1) continue;
                    for (auto& kv : (*sets)[e + 1].m) {
                        if (LinesOverlap(dirty, kv.first, kv.second)) {
                            RecordError(L, Fmt("kernel %s, blocks %u and %u, SyncAll: rule dcache-dirty: block %u "
                                               "passed SyncAll with a GlobalTensor::SetValue line still in its DCache "
                                               "and block %u uses that line afterwards (call DataCacheCleanAndInvalid "
                                               "after SetValue, before SyncAll)",
                                               L.opt.kernelName, a->blockIdx, b->blockIdx, a->blockIdx, b->blockIdx));
                            return;
                        }
                    }
                }
            }
        }
    }
}

}  // namespace detail

using namespace detail;

static std::mutex g_launchMu;
static thread_local std::string t_lastError;  // the last launch made on this host thread
// Level 1 (pipe hazards not covered by auto-sync) is the default: passing the sim must mean obeying the
// hardware's rules.  ASCEND_SIM_STRICT=0 turns the tracker off, =2 adds scalar accesses.
static int StrictFromEnv() {
    const char* e = std::getenv("ASCEND_SIM_STRICT");
    return e ? std::max(0, std::min(2, std::atoi(e))) : 1;
}
static std::atomic<int> g_strict{StrictFromEnv()};

void SetStrict(bool on) { g_strict.store(on ? 1 : 0); }
void SetStrictLevel(int level) { g_strict.store(std::max(0, std::min(2, level))); }
int StrictLevel() { return g_strict.load(); }
bool Strict() { return g_strict.load() != 0; }

const std::string& LastError() { return t_lastError; }

static uint32_t ThreadCap() {
    if (const char* e = std::getenv("ASCEND_SIM_THREADS")) {
        const int v = std::atoi(e);
        if (v >= 1) return static_cast<uint32_t>(v);
    }
    const uint32_t hc = std::max(2u, std::thread::hardware_concurrency());
    return std::min(hc * 2, 8u);
}

int LaunchErased(const LaunchOptions& opt, const GmArg* args, uint32_t numArgs, BlockBody body, void* ctx) {
    std::lock_guard<std::mutex> launchLock(g_launchMu);
    const auto t0 = std::chrono::steady_clock::now();
    auto L = std::make_unique<LaunchState>();
    L->opt = opt;
    if (L->opt.kernelName == nullptr) L->opt.kernelName = "kernel";
    L->args.assign(args, args + numArgs);
    L->soc = ActiveSoc();
    L->strict = static_cast<uint8_t>(StrictLevel());
    L->body = body;
    L->bodyCtx = ctx;
    const std::string socError = SocSelectionError();
    if (!socError.empty()) {
        L->error = Fmt("kernel %s, launch: rule soc-unknown: %s", L->opt.kernelName, socError.c_str());
    } else if (opt.blockDim == 0 || opt.blockDim > 65535) {
        L->error = Fmt("kernel %s, launch: rule launch-params: blockDim %u must be in [1, 65535]", L->opt.kernelName,
                       opt.blockDim);
    } else {
        L->cores.resize(opt.blockDim);
        {
            std::lock_guard<std::mutex> lk(L->poolMu);
            const uint32_t n = std::min(opt.blockDim, ThreadCap());
            for (uint32_t i = 0; i < n; ++i) L->SpawnWorker();
        }
        std::vector<std::thread> ws;
        {
            // Watchdog: a kernel that never finishes (e.g. spinning on a GM flag no block will set) is
            // stopped at its next API call after ASCEND_SIM_TIMEOUT_S seconds (default 240).
            const char* te = std::getenv("ASCEND_SIM_TIMEOUT_S");
            const double limit = te ? std::max(1.0, std::atof(te)) : 240.0;
            const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(limit);
            std::unique_lock<std::mutex> lk(L->poolMu);
            if (!L->doneCv.wait_until(lk, deadline, [&] { return L->done == L->opt.blockDim; })) {
                lk.unlock();
                RecordError(*L, Fmt("kernel %s, launch: rule launch-timeout: the launch did not finish within %.0f s "
                                    "(a block spinning on GM that no block writes hangs the device too)",
                                    L->opt.kernelName, limit));
                L->Abort();
                lk.lock();
                L->doneCv.wait(lk, [&] { return L->done == L->opt.blockDim; });
            }
            ws.swap(L->workers);
        }
        for (auto& t : ws) t.join();
        if (L->error.empty()) RaceChecks(*L);
    }
    const double wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    t_lastError = L->error;
    FinishReport(*L, wallMs);
    return L->error.empty() ? 0 : 1;
}

}  // namespace ascend_sim

extern "C" void aclsimSetStrict(int level) { ascend_sim::SetStrictLevel(level); }
extern "C" const char* aclsimLastError(void) {
    static thread_local std::string s;
    s = ascend_sim::LastError();
    return s.c_str();
}
