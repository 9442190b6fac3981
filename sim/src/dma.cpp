// DMA engines of the CPU twin: DataCopy / DataCopyPad in all three directions with their parameter
// rules, GM bounds, pad/dummy bytes, atomic add, counters and pipe-hazard hooks.
#include <cinttypes>
#include <cmath>

#include "kernel_operator.h"
#include "sim_internal.h"

namespace AscendC {
namespace simimpl {

using namespace ::ascend_sim::detail;
namespace arch = ::ascend_sim::arch;

void CheckCountAligned(const char* api, uint64_t count, const TypeInfo& ti) {
    const uint64_t bytes = count * ti.size;
    if (bytes % 32 != 0)
        Fail(api, "datacopy-size",
             Fmt("count %" PRIu64 " * sizeof(%s) = %" PRIu64
                 " B is not a multiple of 32 B (the device silently rounds down; use DataCopyPad)",
                 count, ti.name, bytes));
}

void CheckBlockParams(const char* api, const DataCopyParams& p) {
    if (p.blockCount > 4095)
        Fail(api, "datacopy-params", Fmt("blockCount %u is above 4095", p.blockCount));
}

void CheckPadParams(const char* api, uint32_t blockCount, uint32_t blockLen, uint32_t left, uint32_t right,
                    const TypeInfo& ti) {
    RequireFeature(api, arch::Feature::DataCopyPad, "datacopypad-unavailable", "DataCopyPad",
                   "use 32 B aligned DataCopy");
    if (blockCount > 4095) Fail(api, "datacopypad-params", Fmt("blockCount %u is above 4095", blockCount));
    if (blockLen > 2097151)
        Fail(api, "datacopypad-params", Fmt("blockLen %u B is above 2097151 B (blockLen counts bytes)", blockLen));
    if (blockLen % ti.size != 0)
        Fail(api, "datacopypad-params",
             Fmt("blockLen %u B is not a multiple of sizeof(%s) = %u (blockLen counts bytes, not elements)", blockLen,
                 ti.name, ti.size));
    if (left * ti.size > 32 || right * ti.size > 32)
        Fail(api, "datacopypad-params",
             Fmt("leftPadding %u / rightPadding %u elements of %s exceed 32 B", left, right, ti.name));
}

}  // namespace simimpl
}  // namespace AscendC

namespace ascend_sim {
namespace detail {

static constexpr uint8_t kPoison = 0xFF;  // NaN for half/bf16/float, -1 for integers

// A zero blockCount / blockLen is documented as a NOP on A2/A3/950 only: on 310P the call must be guarded.
static void ZeroLength(CoreCtx& c, const char* api) {
    if (!arch::Has(c.soc->npuArch, arch::Feature::ZeroCountNop))
        Fail(api, "datacopy-params",
             Fmt("zero blockCount or blockLen: a NOP only on A2/A3/950, not defined on %s (skip the call)", c.soc->name));
}

// GM bytes a DMA row occupies in whole 32 B sectors; addresses are taken relative to the start of the
// kernel argument (device buffers are aligned; host test buffers may not be).
static uint64_t SectorBytes(const CoreCtx& c, const uint8_t* g, uint64_t len) {
    const uint64_t a = reinterpret_cast<uintptr_t>(g);
    uint64_t rel = a;
    for (const GmArg& arg : c.L->args) {
        const uint64_t base = reinterpret_cast<uintptr_t>(arg.addr);
        if (arg.addr && a >= base && a < base + arg.bytes) {
            rel = a - base;
            break;
        }
    }
    return ((rel + len + 31) / 32 - rel / 32) * 32;
}

static void CheckGmTensor(const char* api, const GmRef& g, uint64_t footprint) {
    if (g.addr == nullptr) Fail(api, "gm-bounds", "GlobalTensor has no buffer (SetGlobalBuffer not called)");
    if (g.bytes != UINT64_MAX && footprint > g.bytes)
        Fail(api, "gm-bounds",
             Fmt("footprint %" PRIu64 " B exceeds the GlobalTensor's %" PRIu64 " B", footprint, g.bytes));
}

void DmaGmToUb(const char* api, const UbRef& dst, const GmRef& src, const TypeInfo& ti, const DmaParams& p,
               uint32_t left, uint32_t right, bool isPad, const void* padValue, bool padRows) {
    CoreCtx& c = Ctx();
    CheckOpType(api, padRows ? arch::Op::DataCopyPad : arch::Op::DataCopy, ti);
    if (p.blockCount == 0 || p.blockLenBytes == 0) return ZeroLength(c, api);
    const uint64_t len = p.blockLenBytes;
    const uint64_t ubRow = padRows ? (left + len + right + 31) / 32 * 32 : len;
    const uint64_t ubPitch = ubRow + p.dstGapBytes;
    const uint64_t gmPitch = len + p.srcGapBytes;
    const uint64_t ubFoot = (p.blockCount - 1) * ubPitch + ubRow;
    const uint64_t gmFoot = (p.blockCount - 1) * gmPitch + len;
    CheckUb(api, "dst", dst, ubFoot);
    CheckGmTensor(api, src, gmFoot);
    if (p.srcGapBytes == 0) CheckGm(api, src.addr, gmFoot, ti.size, false);
    for (uint32_t r = 0; r < p.blockCount; ++r) {
        const uint8_t* g = src.addr + r * gmPitch;
        uint8_t* u = dst.ptr + r * ubPitch;
        if (p.srcGapBytes != 0) CheckGm(api, g, len, ti.size, false);
        c.counters.gmReadSectorBytes += SectorBytes(c, g, len);
        HzAccess(PIPE_MTE2, u, ubRow, true, api);
        HzGm(PIPE_MTE2, g, len, api);
        std::memcpy(u + left, g, len);
        if (padRows) {
            // left / right padding: the pad value when isPad, else unspecified; the rest of the 32 B row is
            // dummy.  The sim poisons everything unspecified.
            for (uint32_t k = 0; k < left; k += ti.size) {
                if (isPad) std::memcpy(u + k, padValue, ti.size);
                else std::memset(u + k, kPoison, ti.size);
            }
            for (uint32_t k = 0; k < right; k += ti.size) {
                if (isPad) std::memcpy(u + left + len + k, padValue, ti.size);
                else std::memset(u + left + len + k, kPoison, ti.size);
            }
            std::memset(u + left + len + right, kPoison, ubRow - (left + len + right));
        }
    }
    c.counters.gmReadBytes += uint64_t(p.blockCount) * len;
    ++c.counters.dmaInstructions;
}

template <typename T>
static void AddInto(uint8_t* g, const uint8_t* u, uint64_t bytes) {
    for (uint64_t i = 0; i + sizeof(T) <= bytes; i += sizeof(T)) {
        T a, b;
        std::memcpy(&a, g + i, sizeof(T));
        std::memcpy(&b, u + i, sizeof(T));
        T r;
        if constexpr (std::is_same<T, half>::value || std::is_same<T, bfloat16_t>::value)
            r = T(static_cast<float>(a) + static_cast<float>(b));
        else
            r = static_cast<T>(a + b);
        std::memcpy(g + i, &r, sizeof(T));
    }
}

void SetAtomicAdd(const TypeInfo& ti) {
    CheckOpType("SetAtomicAdd", arch::Op::SetAtomicAdd, ti);
    Ctx().atomic = ti.id;
}
void SetAtomicNone() { Ctx().atomic = 0; }

void DmaUbToGm(const char* api, const GmRef& dst, const UbRef& src, const TypeInfo& ti, const DmaParams& p,
               bool padRows) {
    CoreCtx& c = Ctx();
    CheckOpType(api, padRows ? arch::Op::DataCopyPad : arch::Op::DataCopy, ti);
    if (p.blockCount == 0 || p.blockLenBytes == 0) return ZeroLength(c, api);
    const uint64_t len = p.blockLenBytes;
    const uint64_t ubRow = padRows ? (len + 31) / 32 * 32 : len;
    const uint64_t ubPitch = ubRow + p.srcGapBytes;
    const uint64_t gmPitch = len + p.dstGapBytes;
    const uint64_t ubFoot = (p.blockCount - 1) * ubPitch + len;
    const uint64_t gmFoot = (p.blockCount - 1) * gmPitch + len;
    CheckUb(api, "src", src, ubFoot);
    CheckGmTensor(api, dst, gmFoot);
    if (c.atomic != 0 && c.atomic != ti.id)
        Fail(api, "dtype-unsupported", Fmt("atomic add type differs from the copied type %s", ti.name));
    std::unique_lock<std::mutex> lk(c.L->atomicMu, std::defer_lock);
    if (c.atomic != 0) lk.lock();
    for (uint32_t r = 0; r < p.blockCount; ++r) {
        uint8_t* g = dst.addr + r * gmPitch;
        const uint8_t* u = src.ptr + r * ubPitch;
        CheckGm(api, g, len, ti.size, true);
        c.counters.gmWriteSectorBytes += SectorBytes(c, g, len);
        HzAccess(PIPE_MTE3, u, len, false, api);
        HzGm(PIPE_MTE3, g, len, api);
        switch (c.atomic) {
            case 0: std::memcpy(g, u, len); break;
            case T_FLOAT: AddInto<float>(g, u, len); break;
            case T_HALF: AddInto<half>(g, u, len); break;
            case T_BF16: AddInto<bfloat16_t>(g, u, len); break;
            case T_I16: AddInto<int16_t>(g, u, len); break;
            case T_I32: AddInto<int32_t>(g, u, len); break;
            case T_I8: AddInto<int8_t>(g, u, len); break;
            default: break;
        }
    }
    c.counters.gmWriteBytes += uint64_t(p.blockCount) * len;
    ++c.counters.dmaInstructions;
}

void DmaUbToUb(const char* api, const UbRef& dst, const UbRef& src, const TypeInfo& ti, const DmaParams& p) {
    CoreCtx& c = Ctx();
    CheckOpType(api, arch::Op::DataCopy, ti);
    if (p.blockCount == 0 || p.blockLenBytes == 0) return ZeroLength(c, api);
    const uint64_t len = p.blockLenBytes;
    const uint64_t sPitch = len + p.srcGapBytes;
    const uint64_t dPitch = len + p.dstGapBytes;
    CheckUb(api, "src", src, (p.blockCount - 1) * sPitch + len);
    CheckUb(api, "dst", dst, (p.blockCount - 1) * dPitch + len);
    const uint8_t* s0 = src.ptr;
    const uint8_t* s1 = src.ptr + (p.blockCount - 1) * sPitch + len;
    const uint8_t* d0 = dst.ptr;
    const uint8_t* d1 = dst.ptr + (p.blockCount - 1) * dPitch + len;
    if (!(d1 <= s0 || s1 <= d0))
        Fail(api, "vector-overlap",
             Fmt("UB->UB copy with overlapping src [%u, %u) and dst [%u, %u)", static_cast<uint32_t>(s0 - c.ub),
                 static_cast<uint32_t>(s1 - c.ub), static_cast<uint32_t>(d0 - c.ub), static_cast<uint32_t>(d1 - c.ub)));
    for (uint32_t r = 0; r < p.blockCount; ++r) {
        HzAccess(PIPE_V, src.ptr + r * sPitch, len, false, api);
        HzAccess(PIPE_V, dst.ptr + r * dPitch, len, true, api);
        std::memcpy(dst.ptr + r * dPitch, src.ptr + r * sPitch, len);
    }
    c.counters.ubToUbBytes += uint64_t(p.blockCount) * len;
    ++c.counters.dmaInstructions;
}

}  // namespace detail
}  // namespace ascend_sim
