// Out-of-line parts of the vector ops: operand overlap rules, Cast (checked against the per-SoC tables
// of ascend_sim/arch_tables.h, bit-exact rounding), scalar Cast.
#include <cinttypes>
#include <cmath>
#include <limits>

#include "kernel_operator.h"
#include "sim_internal.h"

namespace AscendC {
namespace simimpl {

using namespace ::ascend_sim::detail;
namespace arch = ::ascend_sim::arch;

void ZeroCount(const char* api) {
    CoreCtx& c = Ctx();
    if (!arch::Has(c.soc->npuArch, arch::Feature::ZeroCountNop))
        Fail(api, "vector-count",
             Fmt("count / repeatTime 0: a NOP only on A2/A3/950, not defined on %s (skip the call)", c.soc->name));
}

void CheckCount(const char* api, int64_t count) {
    if (count < 0) Fail(api, "vector-count", Fmt("count %" PRId64 " is negative", count));
}

void CheckOverlap(const char* api, const UbRef& dst, uint64_t dstBytes, const UbRef& src, uint64_t srcBytes,
                  bool allowExact) {
    const uint8_t* d0 = dst.ptr;
    const uint8_t* d1 = dst.ptr + dstBytes;
    const uint8_t* s0 = src.ptr;
    const uint8_t* s1 = src.ptr + srcBytes;
    if (d1 <= s0 || s1 <= d0) return;
    if (allowExact && d0 == s0) return;
    CoreCtx& c = Ctx();
    Fail(api, "vector-overlap",
         Fmt("dst UB [%u, %u) and src UB [%u, %u) %s", static_cast<uint32_t>(d0 - c.ub), static_cast<uint32_t>(d1 - c.ub),
             static_cast<uint32_t>(s0 - c.ub), static_cast<uint32_t>(s1 - c.ub),
             allowExact ? "partially overlap (they must coincide exactly or not overlap)"
                        : "overlap (this op needs disjoint operands)"));
}

namespace {

const char* ModeName(RoundMode m) {
    switch (m) {
        case RoundMode::CAST_NONE: return "CAST_NONE";
        case RoundMode::CAST_RINT: return "CAST_RINT";
        case RoundMode::CAST_FLOOR: return "CAST_FLOOR";
        case RoundMode::CAST_CEIL: return "CAST_CEIL";
        case RoundMode::CAST_ROUND: return "CAST_ROUND";
        case RoundMode::CAST_TRUNC: return "CAST_TRUNC";
        case RoundMode::CAST_ODD: return "CAST_ODD";
        default: return "UNKNOWN";
    }
}

Rnd ToRnd(RoundMode m) {
    switch (m) {
        case RoundMode::CAST_ROUND: return Rnd::Away;
        case RoundMode::CAST_FLOOR: return Rnd::Floor;
        case RoundMode::CAST_CEIL: return Rnd::Ceil;
        case RoundMode::CAST_TRUNC: return Rnd::Trunc;
        case RoundMode::CAST_ODD: return Rnd::Odd;
        default: return Rnd::Even;  // CAST_RINT, and CAST_NONE where it loses precision
    }
}

double RoundInt(double v, RoundMode m) {
    switch (m) {
        case RoundMode::CAST_FLOOR: return std::floor(v);
        case RoundMode::CAST_CEIL: return std::ceil(v);
        case RoundMode::CAST_ROUND: return std::round(v);
        case RoundMode::CAST_TRUNC: return std::trunc(v);
        default: return std::nearbyint(v);  // half to even in the default FP environment
    }
}

template <typename I>
I SatInt(double v, RoundMode m) {
    if (std::isnan(v)) return 0;
    const double r = RoundInt(v, m);
    if (r <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
    if (r >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
    return static_cast<I>(r);
}

double Load(const uint8_t* p, uint8_t id) {
    switch (id) {
        case T_HALF: { uint16_t b; std::memcpy(&b, p, 2); return HalfBitsToFloat(b); }
        case T_BF16: { uint16_t b; std::memcpy(&b, p, 2); return BitsToFloat(uint32_t(b) << 16); }
        case T_FLOAT: { float f; std::memcpy(&f, p, 4); return f; }
        case T_I8: return static_cast<int8_t>(*p);
        case T_U8: return *p;
        case T_I16: { int16_t v; std::memcpy(&v, p, 2); return v; }
        case T_U16: { uint16_t v; std::memcpy(&v, p, 2); return v; }
        case T_I32: { int32_t v; std::memcpy(&v, p, 4); return v; }
        case T_U32: { uint32_t v; std::memcpy(&v, p, 4); return v; }
        case T_I64: { int64_t v; std::memcpy(&v, p, 8); return static_cast<double>(v); }
        default: return 0;
    }
}

void Store(uint8_t* p, uint8_t id, double v, RoundMode m) {
    switch (id) {
        case T_HALF: {
            const Rnd r = ToRnd(m);
            const float f = static_cast<float>(v);
            const uint16_t b = (r == Rnd::Even && double(f) == v) ? FloatToHalfBitsRne(f)
                                                                  : static_cast<uint16_t>(EncodeFloat(v, 5, 10, r));
            std::memcpy(p, &b, 2);
            break;
        }
        case T_BF16: { const uint16_t b = static_cast<uint16_t>(EncodeFloat(v, 8, 7, ToRnd(m))); std::memcpy(p, &b, 2); break; }
        case T_FLOAT: {
            // float->float rounds to an integral value; other sources round to the float grid
            const Rnd r = ToRnd(m);
            const float f = static_cast<float>(v);  // RNE in the default FP environment
            const uint32_t b = (r == Rnd::Even || double(f) == v) ? FloatToBits(f) : EncodeFloat(v, 8, 23, r);
            std::memcpy(p, &b, 4);
            break;
        }
        case T_I8: { const int8_t x = SatInt<int8_t>(v, m); std::memcpy(p, &x, 1); break; }
        case T_U8: { const uint8_t x = SatInt<uint8_t>(v, m); std::memcpy(p, &x, 1); break; }
        case T_I16: { const int16_t x = SatInt<int16_t>(v, m); std::memcpy(p, &x, 2); break; }
        case T_I32: { const int32_t x = SatInt<int32_t>(v, m); std::memcpy(p, &x, 4); break; }
        case T_I64: { const int64_t x = SatInt<int64_t>(v, m); std::memcpy(p, &x, 8); break; }
        default: break;
    }
}

}  // namespace

void CastImpl(const UbRef& dst, const TypeInfo& dt, const UbRef& src, const TypeInfo& st, RoundMode mode,
              uint32_t count) {
    const char* api = "Cast";
    if (count == 0) return ZeroCount(api);
    CoreCtx& c = Ctx();
    const uint32_t a = c.soc->npuArch;
    const TypeId s = static_cast<TypeId>(st.id), d = static_cast<TypeId>(dt.id);
    if ((s == T_BF16 || d == T_BF16) && !arch::HasBf16(a))
        Fail(api, "dtype-unsupported", Fmt("bfloat16_t does not exist on %s", c.soc->name));
    if (!arch::CastSupported(a, s, d, mode)) {
        if (!arch::CastPairExists(a, s, d))
            Fail(api, "dtype-unsupported", Fmt("Cast %s -> %s does not exist on %s", st.name, dt.name, c.soc->name));
        else
            Fail(api, "cast-mode-unsupported",
                 Fmt("Cast %s -> %s with %s is not supported on %s (the device silently does nothing)", st.name,
                     dt.name, ModeName(mode), c.soc->name));
    }
    CheckUb(api, "src", src, uint64_t(count) * st.size);
    CheckUb(api, "dst", dst, uint64_t(count) * dt.size);
    HzAccess(PIPE_V, src.ptr, uint64_t(count) * st.size, false, api);
    HzAccess(PIPE_V, dst.ptr, uint64_t(count) * dt.size, true, api);
    CheckOverlap(api, dst, uint64_t(count) * dt.size, src, uint64_t(count) * st.size, st.size == dt.size);
    const bool intRound = (st.id == T_FLOAT && dt.id == T_FLOAT);
    for (uint32_t i = 0; i < count; ++i) {
        double v = Load(src.ptr + uint64_t(i) * st.size, st.id);
        if (intRound && std::isfinite(v)) v = RoundInt(v, mode);
        Store(dst.ptr + uint64_t(i) * dt.size, dt.id, v, mode);
    }
    CountVec(ascend_sim::VecOp::Cast, count, uint64_t(count) * std::max(st.size, dt.size));
}

void CheckScalarCast(const TypeInfo& dt, RoundMode mode) {
    if (tlsCore == nullptr) return;  // host code (tests): the overload set already limits the pairs
    CoreCtx& c = Ctx();
    if (!arch::ScalarCastSupported(c.soc->npuArch, static_cast<TypeId>(dt.id), mode))
        Fail("Cast (scalar)", "cast-mode-unsupported",
             Fmt("scalar Cast float -> %s with %s does not exist on %s", dt.name, ModeName(mode), c.soc->name));
}

void CheckScalarBf16(const char* api) {
    if (tlsCore == nullptr) return;
    CoreCtx& c = Ctx();
    if (!arch::HasBf16(c.soc->npuArch))
        Fail(api, "dtype-unsupported", Fmt("bfloat16_t does not exist on %s", c.soc->name));
}

double ScalarConvert(double v, const TypeInfo& dt, RoundMode mode) {
    uint8_t buf[8] = {};
    Store(buf, dt.id, v, mode == RoundMode::CAST_NONE ? RoundMode::CAST_RINT : mode);
    return Load(buf, dt.id);
}

}  // namespace simimpl
}  // namespace AscendC

namespace AscendC {
namespace simimpl {

using namespace ::ascend_sim::detail;

void CheckLevel0(const char* api, const Mask& mask, uint32_t elemSize, bool isSetMask, uint32_t dstBlk) {
    if (!isSetMask)
        Fail(api, "vector-params", "isSetMask = false relies on SetVectorMask, which the sim does not model");
    const uint32_t slots = 256 / elemSize;
    if (mask.bitwise) {
        if (mask.m0 == 0 && mask.m1 == 0) Fail(api, "vector-params", "bitwise mask selects no element");
        if (slots <= 64 && mask.m1 != 0)
            Fail(api, "vector-params",
                 Fmt("mask[1] = 0x%" PRIx64 " must be 0 for %u-byte types (%u elements per repeat)", mask.m1, elemSize,
                     slots));
        if (slots < 64 && (mask.m0 >> slots) != 0)
            Fail(api, "vector-params", Fmt("mask[0] selects elements beyond the %u of a repeat", slots));
    } else if (mask.m0 == 0 || mask.m0 > slots) {
        Fail(api, "vector-params",
             Fmt("contiguous mask %" PRIu64 " outside [1, %u] for %u-byte types", mask.m0, slots, elemSize));
    }
    if (dstBlk == 0) Fail(api, "vector-params", "dstBlkStride must not be 0");
}

static void Extent(const Walk& w, uint32_t r, uint64_t* b, uint64_t* e) {
    *b = uint64_t(r) * w.rep * 32;
    *e = *b + uint64_t(7) * w.blk * 32 + 32;
}

void CheckRepeatOverlap(const char* api, const Walk& dst, const Walk& src, uint8_t repeatTime) {
    const uint8_t* d = dst.ref->ptr;
    const uint8_t* s = src.ref->ptr;
    for (uint32_t r = 0; r < repeatTime; ++r) {
        uint64_t db, de, sb, se;
        Extent(dst, r, &db, &de);
        Extent(src, r, &sb, &se);
        const uint8_t *d0 = d + db, *d1 = d + de, *s0 = s + sb, *s1 = s + se;
        if (d1 <= s0 || s1 <= d0) continue;
        if (d0 == s0 && dst.blk == src.blk) continue;
        CoreCtx& c = Ctx();
        Fail(api, "vector-overlap",
             Fmt("repeat %u: dst UB [%u, %u) and %s UB [%u, %u) partially overlap (within a repeat they must "
                 "coincide exactly or not overlap)",
                 r, static_cast<uint32_t>(d0 - c.ub), static_cast<uint32_t>(d1 - c.ub), src.role,
                 static_cast<uint32_t>(s0 - c.ub), static_cast<uint32_t>(s1 - c.ub)));
    }
}

void Level0Access(const char* api, const Walk& w, const Mask& mask, uint32_t elemSize, uint8_t repeatTime,
                  bool write) {
    if (repeatTime == 0) return;
    // footprint: the furthest active element (strides are non-negative, so it is in the last repeat)
    const uint32_t epb = 32 / elemSize;
    uint64_t inRepeat = 0;
    bool blockActive[8] = {};
    for (uint32_t k = 0; k < 8 * epb; ++k) {
        if (!Active(mask, k)) continue;
        blockActive[k / epb] = true;
        inRepeat = std::max<uint64_t>(inRepeat, uint64_t(k / epb) * w.blk * 32 + (k % epb + 1) * elemSize);
    }
    CheckUb(api, w.role, *w.ref, uint64_t(repeatTime - 1) * w.rep * 32 + inRepeat);
    for (uint32_t r = 0; r < repeatTime; ++r)
        for (uint32_t blk = 0; blk < 8; ++blk)
            if (blockActive[blk])
                HzAccess(PIPE_V, w.ref->ptr + (uint64_t(r) * w.rep + uint64_t(blk) * w.blk) * 32, 32, write, api);
}

}  // namespace simimpl
}  // namespace AscendC
