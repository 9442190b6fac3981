// Per-SoC API tables of the CPU twin: which APIs exist on each chip and which dtypes, dtype pairs and
// Cast round modes each accepts, keyed by the chip's __NPU_ARCH__ (2201: ascend910b, the dav_c220
// vector core; 2002: ascend310p, the dav_m200 AI Core).  This is the one home of these facts:
//   - the sim's run-time checks read them through the active profile's npuArch;
//   - SocProfile's capability flags (hasDataCopyPad, hasBf16, hasHardSyncAll) are initialised from them;
//   - every query is constexpr, so kernels compiled per arch can static_assert on them.
// docs/sim.md ("Per-SoC API tables") cites the asc-devkit header line behind every row; the comments
// here name the header file.  Kernels never include this directly (kernel_operator.h does).
#pragma once
#include <cstdint>

#include "ascend_sim/kernel_types.h"

namespace ascend_sim {
namespace detail {
// Element types the sim tells apart (kernel_operator.h's TypeInfoOf<T>() maps C++ types to these).
enum TypeId : uint8_t { T_OTHER, T_HALF, T_BF16, T_FLOAT, T_I8, T_U8, T_I16, T_U16, T_I32, T_U32, T_I64, T_U64, T_DOUBLE };
inline constexpr uint32_t TypeBit(TypeId id) { return 1u << id; }
}  // namespace detail

namespace arch {

using detail::TypeId;
using AscendC::RoundMode;

inline constexpr uint32_t kAscend910b = 2201;
inline constexpr uint32_t kAscend310p = 2002;
inline constexpr bool IsKnownArch(uint32_t a) { return a == kAscend910b || a == kAscend310p; }

// ------------------------------------------------------------------ dtype sets
inline constexpr uint32_t kF16 = detail::TypeBit(detail::T_HALF);
inline constexpr uint32_t kBF16 = detail::TypeBit(detail::T_BF16);
inline constexpr uint32_t kF32 = detail::TypeBit(detail::T_FLOAT);
inline constexpr uint32_t kS8 = detail::TypeBit(detail::T_I8);
inline constexpr uint32_t kU8 = detail::TypeBit(detail::T_U8);
inline constexpr uint32_t kS16 = detail::TypeBit(detail::T_I16);
inline constexpr uint32_t kU16 = detail::TypeBit(detail::T_U16);
inline constexpr uint32_t kS32 = detail::TypeBit(detail::T_I32);
inline constexpr uint32_t kU32 = detail::TypeBit(detail::T_U32);
inline constexpr uint32_t kS64 = detail::TypeBit(detail::T_I64);
inline constexpr uint32_t kU64 = detail::TypeBit(detail::T_U64);
inline constexpr uint32_t kF64 = detail::TypeBit(detail::T_DOUBLE);
inline constexpr uint32_t kFloaty = kF16 | kF32;
inline constexpr uint32_t kArith = kF16 | kF32 | kS16 | kS32;
// DataCopy / DataCopyPad: the list of kernel_operator_data_copy_check.h (int4b_t is not modeled).
inline constexpr uint32_t kDmaTypes = kS8 | kU8 | kS16 | kU16 | kS32 | kU32 | kS64 | kU64 | kF16 | kBF16 | kF32 | kF64;

// ------------------------------------------------------------------ capabilities
enum class Feature : uint8_t {
    DataCopyPad,   // DataCopyPad exists (dav_m200 data_copy_impl: "not supported")
    Bf16,          // bfloat16_t exists: storage, Cast, Duplicate, Gather, DMA, atomic add, ToBfloat16/ToFloat
    HardSyncAll,   // SyncAll() without workspaces (dav_m200 sync_impl: "Hardware SyncAll" not supported)
    DcciWithDst,   // DataCacheCleanAndInvalid<T, CacheLine, DcciDst> (cache_intf_impl: arch guard)
    ZeroCountNop,  // count / repeatTime / blockCount / blockLen 0 is a NOP (API pages: A2/A3/950 only)
};
struct FeatureRow {
    uint32_t arch;
    Feature feature;
};
inline constexpr FeatureRow kFeatures[] = {
    {kAscend910b, Feature::DataCopyPad}, {kAscend910b, Feature::Bf16},         {kAscend910b, Feature::HardSyncAll},
    {kAscend910b, Feature::DcciWithDst}, {kAscend910b, Feature::ZeroCountNop},
};
inline constexpr bool Has(uint32_t a, Feature f) {
    for (const FeatureRow& r : kFeatures)
        if (r.arch == a && r.feature == f) return true;
    return false;
}
inline constexpr bool HasDataCopyPad(uint32_t a) { return Has(a, Feature::DataCopyPad); }
inline constexpr bool HasBf16(uint32_t a) { return Has(a, Feature::Bf16); }
inline constexpr bool HasHardSyncAll(uint32_t a) { return Has(a, Feature::HardSyncAll); }

// ------------------------------------------------------------------ one-dtype ops
enum class Op : uint8_t {
    Add, Sub, Mul, Div, Max, Min,          // binary (count and Level 0): vec_binary_impl
    Adds, Muls, Maxs, Mins,                // tensor-scalar: vec_binary_scalar_impl
    Abs, Relu, Exp, Ln, Sqrt, Reciprocal,  // unary: vec_unary_impl
    Duplicate,                             // vec_duplicate_impl
    Gather,                                // vec_gather_impl (count form runs the Level-0 GatherImpl)
    CreateVecIndex,                        // vec_createvecindex_impl
    FusedMulAdd,                           // vec_binary_impl
    Compare,                               // Compare / Compares source dtype, every CMPMODE
    CompareEq,                             // Compare / Compares source dtype with CMPMODE::EQ
    CompareMask,                           // Compare's mask (dst) dtype
    ComparesMask,                          // Compares / CompareScalar's mask (dst) dtype
    Select,                                // Select's data dtype: vec_cmpsel_impl
    SelectMask,                            // Select's selMask dtype
    DataCopy,                              // DataCopy element dtype, GM<->UB and UB->UB
    DataCopyPad,                           // DataCopyPad element dtype (where the API exists)
    SetAtomicAdd,                          // set_atomic_impl
};
struct OpRow {
    uint32_t arch;
    Op op;
    uint32_t types;
};
inline constexpr OpRow kOpTypes[] = {
    // ---- ascend910b (dav_c220)
    {kAscend910b, Op::Add, kArith},
    {kAscend910b, Op::Sub, kArith},
    {kAscend910b, Op::Mul, kArith},
    {kAscend910b, Op::Div, kFloaty},
    {kAscend910b, Op::Max, kArith},
    {kAscend910b, Op::Min, kArith},
    {kAscend910b, Op::Adds, kArith},
    {kAscend910b, Op::Muls, kArith},
    {kAscend910b, Op::Maxs, kArith},
    {kAscend910b, Op::Mins, kArith},
    {kAscend910b, Op::Abs, kFloaty},
    {kAscend910b, Op::Relu, kFloaty | kS32},
    {kAscend910b, Op::Exp, kFloaty},
    {kAscend910b, Op::Ln, kFloaty},
    {kAscend910b, Op::Sqrt, kFloaty},
    {kAscend910b, Op::Reciprocal, kFloaty},
    {kAscend910b, Op::Duplicate, kF16 | kBF16 | kS16 | kU16 | kS32 | kU32 | kF32},
    {kAscend910b, Op::Gather, kF16 | kBF16 | kU16 | kS16 | kF32 | kU32 | kS32},
    {kAscend910b, Op::CreateVecIndex, kArith},
    {kAscend910b, Op::FusedMulAdd, kFloaty},
    {kAscend910b, Op::Compare, kFloaty},
    {kAscend910b, Op::CompareEq, kFloaty | kS32},
    {kAscend910b, Op::CompareMask, kS8 | kU8},
    {kAscend910b, Op::ComparesMask, kU8},
    {kAscend910b, Op::Select, kFloaty},
    {kAscend910b, Op::SelectMask, kU8 | kU16 | kU32 | kU64},
    {kAscend910b, Op::DataCopy, kDmaTypes},
    {kAscend910b, Op::DataCopyPad, kDmaTypes},
    {kAscend910b, Op::SetAtomicAdd, kF16 | kF32 | kS16 | kS32 | kS8 | kBF16},
    // ---- ascend310p (dav_m200): no bf16 anywhere, no DataCopyPad
    {kAscend310p, Op::Add, kArith},
    {kAscend310p, Op::Sub, kArith},
    {kAscend310p, Op::Mul, kArith},
    {kAscend310p, Op::Div, kFloaty},
    {kAscend310p, Op::Max, kArith},
    {kAscend310p, Op::Min, kArith},
    {kAscend310p, Op::Adds, kArith},
    {kAscend310p, Op::Muls, kArith},
    {kAscend310p, Op::Maxs, kArith},
    {kAscend310p, Op::Mins, kArith},
    {kAscend310p, Op::Abs, kFloaty},
    {kAscend310p, Op::Relu, kFloaty | kS32},
    {kAscend310p, Op::Exp, kFloaty},
    {kAscend310p, Op::Ln, kFloaty},
    {kAscend310p, Op::Sqrt, kFloaty},
    {kAscend310p, Op::Reciprocal, kFloaty},
    {kAscend310p, Op::Duplicate, kF16 | kS16 | kU16 | kS32 | kU32 | kF32},
    {kAscend310p, Op::Gather, kF16 | kU16 | kS16 | kF32 | kU32 | kS32},
    {kAscend310p, Op::CreateVecIndex, kArith},
    {kAscend310p, Op::FusedMulAdd, kFloaty},
    {kAscend310p, Op::Compare, kFloaty},
    {kAscend310p, Op::CompareEq, kFloaty},
    {kAscend310p, Op::CompareMask, kS8 | kU8},
    {kAscend310p, Op::ComparesMask, kU8},
    {kAscend310p, Op::Select, kFloaty},
    {kAscend310p, Op::SelectMask, kU8 | kU16 | kU32 | kU64},
    {kAscend310p, Op::DataCopy, kDmaTypes & ~kBF16},
    {kAscend310p, Op::SetAtomicAdd, kF16 | kF32 | kS16},
};
// The dtype mask of `op` on `a` (0: the API does not exist there).
inline constexpr uint32_t OpTypes(uint32_t a, Op op) {
    for (const OpRow& r : kOpTypes)
        if (r.arch == a && r.op == op) return r.types;
    return 0;
}
inline constexpr bool OpSupportsType(uint32_t a, Op op, TypeId t) { return (OpTypes(a, op) & detail::TypeBit(t)) != 0; }

// ------------------------------------------------------------------ (dst, src) dtype pairs
enum class PairOp : uint8_t {
    Axpy,       // dst += scalar * src: vec_ternary_scalar_impl
    MulAddDst,  // dst = src0 * src1 + dst: vec_binary_impl
};
struct PairRow {
    uint32_t arch;
    PairOp op;
    TypeId dst, src;
};
inline constexpr PairRow kPairs[] = {
    {kAscend910b, PairOp::Axpy, detail::T_HALF, detail::T_HALF},
    {kAscend910b, PairOp::Axpy, detail::T_FLOAT, detail::T_FLOAT},
    {kAscend910b, PairOp::Axpy, detail::T_FLOAT, detail::T_HALF},
    {kAscend910b, PairOp::MulAddDst, detail::T_HALF, detail::T_HALF},
    {kAscend910b, PairOp::MulAddDst, detail::T_FLOAT, detail::T_FLOAT},
    {kAscend910b, PairOp::MulAddDst, detail::T_FLOAT, detail::T_HALF},
    {kAscend310p, PairOp::Axpy, detail::T_HALF, detail::T_HALF},
    {kAscend310p, PairOp::Axpy, detail::T_FLOAT, detail::T_FLOAT},
    {kAscend310p, PairOp::Axpy, detail::T_FLOAT, detail::T_HALF},
    {kAscend310p, PairOp::MulAddDst, detail::T_HALF, detail::T_HALF},
    {kAscend310p, PairOp::MulAddDst, detail::T_FLOAT, detail::T_FLOAT},
    {kAscend310p, PairOp::MulAddDst, detail::T_FLOAT, detail::T_HALF},
};
inline constexpr bool OpSupportsPair(uint32_t a, PairOp op, TypeId dst, TypeId src) {
    for (const PairRow& r : kPairs)
        if (r.arch == a && r.op == op && r.dst == dst && r.src == src) return true;
    return false;
}

// ------------------------------------------------------------------ Cast (vector): (src, dst, round modes)
inline constexpr uint8_t ModeBit(RoundMode m) {
    return static_cast<uint8_t>(m) <= static_cast<uint8_t>(RoundMode::CAST_ODD) ? uint8_t(1u << static_cast<uint8_t>(m))
                                                                                 : uint8_t(0);
}
inline constexpr uint8_t kNone = ModeBit(RoundMode::CAST_NONE);
inline constexpr uint8_t kRint = ModeBit(RoundMode::CAST_RINT);
inline constexpr uint8_t kFloor = ModeBit(RoundMode::CAST_FLOOR);
inline constexpr uint8_t kCeil = ModeBit(RoundMode::CAST_CEIL);
inline constexpr uint8_t kRound = ModeBit(RoundMode::CAST_ROUND);
inline constexpr uint8_t kTrunc = ModeBit(RoundMode::CAST_TRUNC);
inline constexpr uint8_t kOdd = ModeBit(RoundMode::CAST_ODD);
inline constexpr uint8_t kR5 = kRint | kFloor | kCeil | kRound | kTrunc;  // the five rounding modes

struct CastRow {
    uint32_t arch;
    TypeId src, dst;
    uint8_t modes;
};
// From each chip's vec_vconv_impl.h CastIntrinsicsImpl overloads.  Not modeled (so rejected):
// int32_t->half (vconv_deq, scaled by SetDeqScale, which the sim does not have) and int4b_t.
inline constexpr CastRow kCasts[] = {
    // ---- ascend910b (dav_c220)
    {kAscend910b, detail::T_I8, detail::T_HALF, kNone},
    {kAscend910b, detail::T_U8, detail::T_HALF, kNone},
    {kAscend910b, detail::T_I32, detail::T_FLOAT, kR5 | kNone},
    {kAscend910b, detail::T_HALF, detail::T_FLOAT, kNone},
    {kAscend910b, detail::T_HALF, detail::T_I32, kR5},
    {kAscend910b, detail::T_HALF, detail::T_I8, kR5 | kNone},
    {kAscend910b, detail::T_HALF, detail::T_U8, kR5 | kNone},
    {kAscend910b, detail::T_FLOAT, detail::T_HALF, kR5 | kOdd | kNone},
    {kAscend910b, detail::T_FLOAT, detail::T_I32, kR5},
    {kAscend910b, detail::T_HALF, detail::T_I16, kR5},
    {kAscend910b, detail::T_I16, detail::T_HALF, kR5 | kNone},
    {kAscend910b, detail::T_FLOAT, detail::T_FLOAT, kR5},
    {kAscend910b, detail::T_FLOAT, detail::T_BF16, kR5},
    {kAscend910b, detail::T_FLOAT, detail::T_I64, kR5},
    {kAscend910b, detail::T_BF16, detail::T_FLOAT, kNone},
    {kAscend910b, detail::T_BF16, detail::T_I32, kR5},
    {kAscend910b, detail::T_FLOAT, detail::T_I16, kR5},
    {kAscend910b, detail::T_I16, detail::T_FLOAT, kNone},
    {kAscend910b, detail::T_I32, detail::T_I16, kNone},
    {kAscend910b, detail::T_I32, detail::T_I64, kNone},
    {kAscend910b, detail::T_I64, detail::T_FLOAT, kR5},
    {kAscend910b, detail::T_I64, detail::T_I32, kNone},
    // ---- ascend310p (dav_m200)
    {kAscend310p, detail::T_I8, detail::T_HALF, kNone},
    {kAscend310p, detail::T_U8, detail::T_HALF, kNone},
    {kAscend310p, detail::T_I32, detail::T_FLOAT, kNone},
    {kAscend310p, detail::T_HALF, detail::T_FLOAT, kNone},
    {kAscend310p, detail::T_HALF, detail::T_I32, kR5},
    {kAscend310p, detail::T_HALF, detail::T_I8, kFloor | kCeil | kRound | kTrunc | kNone},
    {kAscend310p, detail::T_HALF, detail::T_U8, kFloor | kCeil | kRound | kTrunc | kNone},
    {kAscend310p, detail::T_FLOAT, detail::T_HALF, kOdd | kNone},
    {kAscend310p, detail::T_FLOAT, detail::T_I32, kR5},
    {kAscend310p, detail::T_HALF, detail::T_I16, kRint},
    {kAscend310p, detail::T_I16, detail::T_HALF, kNone},
    {kAscend310p, detail::T_I32, detail::T_I16, kNone},
};
// The accepted round modes of src -> dst on `a` (0: no such conversion there).
inline constexpr uint8_t CastModes(uint32_t a, TypeId src, TypeId dst) {
    for (const CastRow& r : kCasts)
        if (r.arch == a && r.src == src && r.dst == dst) return r.modes;
    return 0;
}
inline constexpr bool CastPairExists(uint32_t a, TypeId src, TypeId dst) { return CastModes(a, src, dst) != 0; }
inline constexpr bool CastSupported(uint32_t a, TypeId src, TypeId dst, RoundMode m) {
    return (CastModes(a, src, dst) & ModeBit(m)) != 0;
}

// ------------------------------------------------------------------ scalar Cast<float, U, mode>(v)
struct ScalarCastRow {
    uint32_t arch;
    TypeId dst;  // the source is always float
    uint8_t modes;
};
// kernel_scalar.h CastImpl: half only with CAST_ODD, int32_t with RINT/FLOOR/CEIL/ROUND (no TRUNC, no
// NONE); any other U (bfloat16_t included) returns 0 there.
inline constexpr ScalarCastRow kScalarCasts[] = {
    {kAscend910b, detail::T_HALF, kOdd},
    {kAscend910b, detail::T_I32, kRint | kFloor | kCeil | kRound},
    {kAscend310p, detail::T_HALF, kOdd},
    {kAscend310p, detail::T_I32, kRint | kFloor | kCeil | kRound},
};
inline constexpr bool ScalarCastSupported(uint32_t a, TypeId dst, RoundMode m) {
    for (const ScalarCastRow& r : kScalarCasts)
        if (r.arch == a && r.dst == dst) return (r.modes & ModeBit(m)) != 0;
    return false;
}

}  // namespace arch
}  // namespace ascend_sim
