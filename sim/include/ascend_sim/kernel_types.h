// Device built-ins and basic types of the CPU twin: the qualifiers, half / bfloat16_t storage types,
// pipe_t / event_t and the AscendC enums and constants, with the values of the real API.
// half and bfloat16_t are storage types: they convert from numbers implicitly and to numbers only
// explicitly (static_cast<float>(h)), and have no arithmetic or comparison operators, so kernel code
// must Cast to float like on the device (the 910B scalar unit cannot even compare half/bf16).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

// ---- qualifiers: compiler built-ins on the device, empty in the sim ----
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __global__
#define __global__
#endif
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __inout_pipe__
#define __inout_pipe__(p)
#endif
#ifndef __in_pipe__
#define __in_pipe__(p)
#endif
#ifndef __out_pipe__
#define __out_pipe__(p)
#endif
#define GM_ADDR __gm__ uint8_t*

namespace ascend_sim {
namespace detail {

// Rounding used by the software float codecs below.
enum class Rnd : uint8_t { Even, Away, Floor, Ceil, Trunc, Odd };

// Encode a double into a binary floating format with E exponent and M mantissa bits (IEEE layout,
// subnormals, inf/nan), rounding with r.  Exact for every input of at most 53 significant bits.
inline uint32_t EncodeFloat(double v, int E, int M, Rnd r) {
    const uint32_t sign = std::signbit(v) ? (1u << (E + M)) : 0u;
    const bool neg = sign != 0;
    const uint32_t expOnes = ((1u << E) - 1u) << M;
    if (std::isnan(v)) return sign | expOnes | (1u << (M - 1));
    const double a = std::fabs(v);
    if (std::isinf(a)) return sign | expOnes;
    if (a == 0.0) return sign;
    const int bias = (1 << (E - 1)) - 1;
    const int emin = 1 - bias;
    const int emax = bias;
    int e = 0;
    std::frexp(a, &e);
    e -= 1;  // a in [2^e, 2^(e+1))
    if (e < emin) e = emin;
    const double q = std::ldexp(a, M - e);  // significand in units of the target quantum
    const double fl = std::floor(q);
    const double frac = q - fl;
    uint64_t n = static_cast<uint64_t>(fl);
    switch (r) {
        case Rnd::Even: if (frac > 0.5 || (frac == 0.5 && (n & 1u))) ++n; break;
        case Rnd::Away: if (frac >= 0.5) ++n; break;
        case Rnd::Trunc: break;
        case Rnd::Floor: if (neg && frac > 0) ++n; break;
        case Rnd::Ceil: if (!neg && frac > 0) ++n; break;
        case Rnd::Odd: if (frac > 0) n |= 1u; break;
    }
    if (n >= (uint64_t(1) << (M + 1))) { n >>= 1; ++e; }
    const uint32_t maxFinite = sign | (uint32_t(emax + bias) << M) | ((1u << M) - 1u);
    if (e > emax) {
        switch (r) {
            case Rnd::Even: case Rnd::Away: return sign | expOnes;
            case Rnd::Floor: return neg ? (sign | expOnes) : maxFinite;
            case Rnd::Ceil: return neg ? maxFinite : (sign | expOnes);
            default: return maxFinite;
        }
    }
    if (n < (uint64_t(1) << M)) return sign | static_cast<uint32_t>(n);  // subnormal (e == emin)
    return sign | (uint32_t(e + bias) << M) | static_cast<uint32_t>(n - (uint64_t(1) << M));
}

inline double DecodeFloat(uint32_t bits, int E, int M) {
    const bool neg = (bits >> (E + M)) & 1u;
    const uint32_t ex = (bits >> M) & ((1u << E) - 1u);
    const uint32_t man = bits & ((1u << M) - 1u);
    const int bias = (1 << (E - 1)) - 1;
    double v;
    if (ex == (1u << E) - 1u) v = man ? NAN : INFINITY;
    else if (ex == 0) v = std::ldexp(double(man), 1 - bias - M);
    else v = std::ldexp(double(man | (1u << M)), int(ex) - bias - M);
    return neg ? -v : v;
}

inline float BitsToFloat(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
inline uint32_t FloatToBits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }

// Fast exact binary16 <-> binary32 paths (the hot path of half kernels); same results as the generic
// codecs above with Rnd::Even.
inline float HalfBitsToFloat(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000u) << 16;
    const uint32_t ex = (h >> 10) & 0x1Fu;
    const uint32_t man = h & 0x3FFu;
    if (ex == 0x1Fu) return BitsToFloat(sign | 0x7F800000u | (man << 13));
    if (ex == 0) {
        const float f = float(man) * 5.9604644775390625e-08f;  // man * 2^-24, exact
        return sign ? -f : f;
    }
    return BitsToFloat(sign | ((ex + 112u) << 23) | (man << 13));
}
inline uint16_t FloatToHalfBitsRne(float f) {
    uint32_t x = FloatToBits(f);
    const uint32_t sign = (x >> 16) & 0x8000u;
    x &= 0x7FFFFFFFu;
    if (x >= 0x47800000u) return static_cast<uint16_t>(sign | (x > 0x7F800000u ? 0x7E00u : 0x7C00u));  // >= 2^16, inf, nan
    if (x < 0x38800000u) {  // below 2^-14: subnormal or zero; let the FPU round at a 2^-24 quantum
        const float r = BitsToFloat(x) + 0.5f;
        return static_cast<uint16_t>(sign | (FloatToBits(r) - 0x3F000000u));
    }
    const uint32_t odd = (x >> 13) & 1u;
    x += 0xC8000FFFu + odd;  // rebias the exponent (15 - 127) and round half to even
    return static_cast<uint16_t>(sign | (x >> 13));
}
inline uint16_t FloatToBf16BitsRne(float f) {
    uint32_t x = FloatToBits(f);
    if ((x & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);  // quiet NaN
    x += 0x7FFFu + ((x >> 16) & 1u);
    return static_cast<uint16_t>(x >> 16);
}
template <typename U>
constexpr bool kExactInFloat = std::is_same<U, float>::value || (std::is_integral<U>::value && sizeof(U) <= 2);

}  // namespace detail
}  // namespace ascend_sim

// IEEE binary16 storage type.
struct half {
    uint16_t bits_;
    half() = default;
    template <typename U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
    half(U v) {
        if constexpr (ascend_sim::detail::kExactInFloat<U>)
            bits_ = ascend_sim::detail::FloatToHalfBitsRne(static_cast<float>(v));
        else
            bits_ = static_cast<uint16_t>(ascend_sim::detail::EncodeFloat(double(v), 5, 10, ascend_sim::detail::Rnd::Even));
    }
    template <typename U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
    explicit operator U() const { return static_cast<U>(ascend_sim::detail::HalfBitsToFloat(bits_)); }
    static half FromBits(uint16_t b) { half h; h.bits_ = b; return h; }
};

// bfloat16 storage type (8 exponent bits, 7 mantissa bits).
struct bfloat16_t {
    uint16_t bits_;
    bfloat16_t() = default;
    template <typename U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
    bfloat16_t(U v) {
        if constexpr (ascend_sim::detail::kExactInFloat<U>)
            bits_ = ascend_sim::detail::FloatToBf16BitsRne(static_cast<float>(v));
        else
            bits_ = static_cast<uint16_t>(ascend_sim::detail::EncodeFloat(double(v), 8, 7, ascend_sim::detail::Rnd::Even));
    }
    template <typename U, typename std::enable_if<std::is_arithmetic<U>::value, int>::type = 0>
    explicit operator U() const { return static_cast<U>(ascend_sim::detail::BitsToFloat(uint32_t(bits_) << 16)); }
    static bfloat16_t FromBits(uint16_t b) { bfloat16_t h; h.bits_ = b; return h; }
};
static_assert(sizeof(half) == 2 && std::is_trivially_copyable<half>::value, "half is 2-byte storage");
static_assert(sizeof(bfloat16_t) == 2 && std::is_trivially_copyable<bfloat16_t>::value, "bf16 is 2-byte storage");

// CCE built-in pipe and event identifiers.
enum pipe_t : uint8_t {
    PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX,
};
enum event_t : uint8_t {
    EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7,
};

namespace AscendC {

enum class TPosition : uint8_t {
    GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM,
    C2PIPE2GM, C2PIPE2LOCAL, MAX,
};
using QuePosition = TPosition;

enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

enum class HardEvent : uint8_t {
    MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V, MTE3_MTE1,
    MTE1_MTE3, MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2,
    MTE2_S, S_MTE3, MTE3_S, MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MTE1_FIX, FIX_MTE1, FIX_FIX, MAX,
};

enum class RoundMode : uint8_t {
    CAST_NONE = 0, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD, UNKNOWN = 0xFF,
};
enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };
enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };
enum class PaddingMode : uint8_t { Normal = 0, Compact };
enum class AtomicDtype : uint8_t { ATOMIC_NONE = 0, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8, ATOMIC_BF16 };
enum KernelMode { MIX_MODE = 0, AIC_MODE, AIV_MODE };
enum class CacheLine : uint64_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint64_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };

using TEventID = int8_t;

constexpr int32_t ONE_BLK_SIZE = 32;
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t DEFAULT_BLK_NUM = 8;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr int32_t DEFAULT_REPEAT_STRIDE = 8;
constexpr int32_t B16_DATA_NUM_PER_REPEAT = 128;
constexpr int32_t B32_DATA_NUM_PER_REPEAT = 64;
constexpr int32_t B16_DATA_NUM_PER_BLOCK = 16;
constexpr int32_t B32_DATA_NUM_PER_BLOCK = 8;
constexpr int32_t BLOCK_CUBE = 16;
constexpr int32_t QBUF_MAX_LEN = 64;
constexpr int32_t QUE_MAX_EVENT = 8;
constexpr int32_t ONE_BYTE_BIT_SIZE = 8;

}  // namespace AscendC
