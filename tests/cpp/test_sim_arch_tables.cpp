// Pins the per-SoC API tables (sim/include/ascend_sim/arch_tables.h) to the devkit headers.  For both
// chips, a tiny kernel runs every Cast pair with every round mode, every op with every element type,
// the (dst, src) pairs of Axpy / MulAddDst, the scalar Cast overloads and the per-chip APIs; each must
// pass or fail naming the expected rule.  The expectations are written out here from the headers
// (docs/sim.md "Per-SoC API tables" cites the lines), independently of the tables, so a wrong table
// entry fails a test.
#include <array>
#include <cstring>
#include <string>
#include <type_traits>
#include <utility>

#include "sim_test_util.h"

using namespace AscendC;
namespace arch = ascend_sim::arch;
using ascend_sim::detail::TypeId;
using simtest::FailedWith;
using simtest::Io;
using simtest::Ok;

namespace {

// ---------------------------------------------------------------- element types
template <typename... T>
struct Types {};
// In TypeId order after T_OTHER (index i is TypeId i + 1), with the short names the expectations use.
using AllTypes = Types<half, bfloat16_t, float, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t,
                       uint64_t, double>;
constexpr int kNumTypes = 12;
const char* const kTypeNames[kNumTypes] = {"half", "bf16", "float", "s8",  "u8",  "s16",
                                           "u16",  "s32",  "u32",   "s64", "u64", "double"};

// The tiling of every kernel below (by value, as the direct-call flow passes it): which case, and the
// Cast round mode.
struct CaseTiling {
    uint32_t what;
    uint32_t mode;
};
using CaseKernel = void (*)(GM_ADDR, GM_ADDR, GM_ADDR, CaseTiling);

// The kernels K<R, C>::Run for every R of one type list and C of another: grid[r][c].
template <template <typename, typename> class K, typename R, typename... C>
constexpr std::array<CaseKernel, sizeof...(C)> KernelRow(Types<C...>) {
    return {&K<R, C>::Run...};
}
template <template <typename, typename> class K, typename... R, typename Cols>
constexpr auto KernelGrid(Types<R...>, Cols cols) {
    return std::array<decltype(KernelRow<K, void>(cols)), sizeof...(R)>{KernelRow<K, R>(cols)...};
}

// Whether `list` (names separated by spaces) names type i.
bool Lists(const std::string& list, int i) {
    const std::string padded = " " + list + " ";
    return padded.find(std::string(" ") + kTypeNames[i] + " ") != std::string::npos;
}
const char* const kAll = "half bf16 float s8 u8 s16 u16 s32 u32 s64 u64 double";

const char* const kSocs[] = {"ascend910b", "ascend310p"};

// Runs k on one block with `t` and returns the launch status.
int RunCase(CaseKernel k, uint32_t what, uint32_t mode = 0) {
    Io io;
    io.SetTiling(CaseTiling{what, mode});
    return io.Run(k, 1, "arch_table_case");
}

// Expects the launch to pass when `accepted`, else to fail naming `rule`; `what` says which case.
::testing::AssertionResult Expect(int rc, bool accepted, const char* rule, const std::string& what) {
    ::testing::AssertionResult r = accepted ? Ok(rc) : FailedWith(rc, rule);
    if (!r) r << " (" << what << ")";
    return r;
}

// ---------------------------------------------------------------- Cast: every pair, every mode
// Round-mode letters in RoundMode order: CAST_NONE, RINT, FLOOR, CEIL, ROUND, TRUNC, ODD.
const char kModeLetters[] = "NRFCAZO";

struct CastExpect {
    const char* src;
    const char* dst;
    const char* modes;
};
// dav_c220 kernel_operator_vec_vconv_impl.h (int32_t->half through SetDeqScale and int4b_t are not
// modeled, so rejected).
const CastExpect k910bCasts[] = {
    {"s8", "half", "N"},        {"u8", "half", "N"},         {"s32", "float", "NRFCAZ"}, {"half", "float", "N"},
    {"half", "s32", "RFCAZ"},   {"half", "s8", "NRFCAZ"},    {"half", "u8", "NRFCAZ"},   {"float", "half", "NRFCAZO"},
    {"float", "s32", "RFCAZ"},  {"half", "s16", "RFCAZ"},    {"s16", "half", "NRFCAZ"},  {"float", "float", "RFCAZ"},
    {"float", "bf16", "RFCAZ"}, {"float", "s64", "RFCAZ"},   {"bf16", "float", "N"},     {"bf16", "s32", "RFCAZ"},
    {"float", "s16", "RFCAZ"},  {"s16", "float", "N"},       {"s32", "s16", "N"},        {"s32", "s64", "N"},
    {"s64", "float", "RFCAZ"},  {"s64", "s32", "N"},
};
// dav_m200 kernel_operator_vec_vconv_impl.h: float->int32 exists, float->int64 / float->float / the
// int16<->float and int64 conversions report "not supported".
const CastExpect k310pCasts[] = {
    {"s8", "half", "N"},     {"u8", "half", "N"},       {"s32", "float", "N"},   {"half", "float", "N"},
    {"half", "s32", "RFCAZ"}, {"half", "s8", "NFCAZ"},   {"half", "u8", "NFCAZ"}, {"float", "half", "NO"},
    {"float", "s32", "RFCAZ"}, {"half", "s16", "R"},     {"s16", "half", "N"},    {"s32", "s16", "N"},
};

// The expected mode letters of src -> dst on `soc` ("" when the conversion does not exist).
template <size_t N>
std::string FindModes(const CastExpect (&rows)[N], int s, int d) {
    for (const CastExpect& r : rows)
        if (std::string(r.src) == kTypeNames[s] && std::string(r.dst) == kTypeNames[d]) return r.modes;
    return "";
}
std::string ExpectedModes(const char* soc, int s, int d) {
    return std::strcmp(soc, "ascend910b") == 0 ? FindModes(k910bCasts, s, d) : FindModes(k310pCasts, s, d);
}

template <typename S, typename D>
struct CastKernel {
    static void Run(GM_ADDR, GM_ADDR, GM_ADDR, CaseTiling t) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 1024);
        pipe.InitBuffer(b, 1024);
        Cast(b.Get<D>(), a.Get<S>(), static_cast<RoundMode>(t.mode), 64);  // src is UB garbage: only the checks matter
    }
};
constexpr auto kCastKernels = KernelGrid<CastKernel>(AllTypes{}, AllTypes{});

}  // namespace

TEST(SimArchTables, CastEveryPairAndModeOnBothSocs) {
    for (const char* soc : kSocs) {
        simtest::SocScope scope(soc);
        for (int s = 0; s < kNumTypes; ++s)
            for (int d = 0; d < kNumTypes; ++d) {
                const std::string modes = ExpectedModes(soc, s, d);
                for (int m = 0; m < 7; ++m) {
                    const bool header = modes.find(kModeLetters[m]) != std::string::npos;
                    const std::string what =
                        std::string(soc) + " Cast " + kTypeNames[s] + " -> " + kTypeNames[d] + " mode " + kModeLetters[m];
                    EXPECT_TRUE(Expect(RunCase(kCastKernels[s][d], 0, m), header,
                                       modes.empty() ? "dtype-unsupported" : "cast-mode-unsupported", what));
                }
            }
    }
}

// ---------------------------------------------------------------- one-dtype ops: every op, every type
namespace {

enum Case : uint32_t {
    kAdd, kSub, kMul, kDiv, kMax, kMin, kAdds, kMuls, kMaxs, kMins, kAbs, kRelu, kExp, kLn, kSqrt, kReciprocal,
    kDuplicate, kGather, kCreateVecIndex, kFusedMulAdd, kCompareLt, kCompareEq, kCompareMask, kComparesMask,
    kCompareScalarMask, kSelect, kSelectMask, kDataCopy, kDataCopyPad, kSetAtomicAdd, kAddLevel0, kNumCases
};

struct OpExpect {
    Case what;
    const char* name;
    const char* on910b;  // the element types the dav_c220 header accepts
    const char* on310p;  // ... and dav_m200
};
const OpExpect kOps[] = {
    {kAdd, "Add", "half float s16 s32", "half float s16 s32"},
    {kSub, "Sub", "half float s16 s32", "half float s16 s32"},
    {kMul, "Mul", "half float s16 s32", "half float s16 s32"},
    {kDiv, "Div", "half float", "half float"},
    {kMax, "Max", "half float s16 s32", "half float s16 s32"},
    {kMin, "Min", "half float s16 s32", "half float s16 s32"},
    {kAdds, "Adds", "half float s16 s32", "half float s16 s32"},
    {kMuls, "Muls", "half float s16 s32", "half float s16 s32"},
    {kMaxs, "Maxs", "half float s16 s32", "half float s16 s32"},
    {kMins, "Mins", "half float s16 s32", "half float s16 s32"},
    {kAbs, "Abs", "half float", "half float"},
    {kRelu, "Relu", "half float s32", "half float s32"},
    {kExp, "Exp", "half float", "half float"},
    {kLn, "Ln", "half float", "half float"},
    {kSqrt, "Sqrt", "half float", "half float"},
    {kReciprocal, "Reciprocal", "half float", "half float"},
    {kDuplicate, "Duplicate", "half bf16 s16 u16 s32 u32 float", "half s16 u16 s32 u32 float"},
    {kGather, "Gather", "half bf16 u16 s16 float u32 s32", "half u16 s16 float u32 s32"},
    {kCreateVecIndex, "CreateVecIndex", "half s16 float s32", "half s16 float s32"},
    {kFusedMulAdd, "FusedMulAdd", "half float", "half float"},
    {kCompareLt, "Compare (LT) source", "half float", "half float"},
    {kCompareEq, "Compare (EQ) source", "half float s32", "half float"},
    {kCompareMask, "Compare mask dst", "s8 u8", "s8 u8"},
    {kComparesMask, "Compares mask dst", "u8", "u8"},
    {kCompareScalarMask, "CompareScalar mask dst", "u8", "u8"},
    {kSelect, "Select data", "half float", "half float"},
    {kSelectMask, "Select selMask", "u8 u16 u32 u64", "u8 u16 u32 u64"},
    {kDataCopy, "DataCopy", kAll, "half float s8 u8 s16 u16 s32 u32 s64 u64 double"},
    {kDataCopyPad, "DataCopyPad", kAll, ""},
    {kSetAtomicAdd, "SetAtomicAdd", "half float s16 s32 s8 bf16", "half float s16"},
    {kAddLevel0, "Add (Level 0)", "half float s16 s32", "half float s16 s32"},
};

// One kernel per element type T; the tiling picks the case.  UB operands hold garbage: only the
// dtype checks matter, and the shapes are valid for every T.
template <typename T>
void OpKernel(GM_ADDR in, GM_ADDR out, GM_ADDR, CaseTiling t) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b, c, m;
    pipe.InitBuffer(a, 2048);
    pipe.InitBuffer(b, 2048);
    pipe.InitBuffer(c, 2048);
    pipe.InitBuffer(m, 2048);
    const LocalTensor<T> x = a.Get<T>(), y = b.Get<T>(), z = c.Get<T>();
    const int32_t n = 256 / sizeof(T);  // one repeat; Compare needs a multiple of 256 B
    const LocalTensor<float> xf = a.Get<float>(), yf = b.Get<float>();
    GlobalTensor<T> gi, go;
    gi.SetGlobalBuffer((__gm__ T*)in);
    go.SetGlobalBuffer((__gm__ T*)out);
    switch (t.what) {
        case kAdd: Add(z, x, y, n); break;
        case kSub: Sub(z, x, y, n); break;
        case kMul: Mul(z, x, y, n); break;
        case kDiv: Div(z, x, y, n); break;
        case kMax: Max(z, x, y, n); break;
        case kMin: Min(z, x, y, n); break;
        case kAdds: Adds(z, x, T(1), n); break;
        case kMuls: Muls(z, x, T(1), n); break;
        case kMaxs: Maxs(z, x, T(1), n); break;
        case kMins: Mins(z, x, T(1), n); break;
        case kAbs: Abs(z, x, n); break;
        case kRelu: Relu(z, x, n); break;
        case kExp: Exp(z, x, n); break;
        case kLn: Ln(z, x, n); break;
        case kSqrt: Sqrt(z, x, n); break;
        case kReciprocal: Reciprocal(z, x, n); break;
        case kDuplicate: Duplicate(z, T(1), n); break;
        case kGather: {
            const LocalTensor<uint32_t> off = m.Get<uint32_t>();
            Duplicate(off, 0u, n);
            Gather(z, x, off, 0, n);
            break;
        }
        case kCreateVecIndex: CreateVecIndex(z, T(0), n); break;
        case kFusedMulAdd: FusedMulAdd(z, x, y, n); break;
        case kCompareLt: Compare(m.Get<uint8_t>(), x, y, CMPMODE::LT, n); break;
        case kCompareEq: Compare(m.Get<uint8_t>(), x, y, CMPMODE::EQ, n); break;
        case kCompareMask: Compare(z, xf, yf, CMPMODE::LT, 64); break;
        case kComparesMask: Compares(z, xf, 1.0f, CMPMODE::LT, 64); break;
        case kCompareScalarMask: CompareScalar(z, xf, 1.0f, CMPMODE::LT, 64); break;
        case kSelect: Select(z, m.Get<uint8_t>(), x, y, SELMODE::VSEL_TENSOR_TENSOR_MODE, n); break;
        case kSelectMask: Select(c.Get<float>(), x, xf, yf, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64); break;
        case kDataCopy:
            DataCopy(x, gi, n);
            PipeBarrier<PIPE_ALL>();
            DataCopy(y, x, n);
            PipeBarrier<PIPE_ALL>();
            DataCopy(go, y, n);
            break;
        case kDataCopyPad: {
            const DataCopyExtParams p(1, 256, 0, 0, 0);
            DataCopyPad(x, gi, p, DataCopyPadExtParams<T>(false, 0, 0, T(0)));
            PipeBarrier<PIPE_ALL>();
            DataCopyPad(go, x, p);
            break;
        }
        case kSetAtomicAdd:
            SetAtomicAdd<T>();
            SetAtomicNone();
            break;
        case kAddLevel0: Add(z, x, y, uint64_t(n < 64 ? n : 64), 1, BinaryRepeatParams()); break;
        default: break;
    }
}
template <typename... T>
constexpr std::array<CaseKernel, kNumTypes> OpKernels(Types<T...>) {
    return {&OpKernel<T>...};
}
constexpr auto kOpKernels = OpKernels(AllTypes{});

}  // namespace

TEST(SimArchTables, EveryOpWithEveryTypeOnBothSocs) {
    static_assert(sizeof(kOps) / sizeof(kOps[0]) == kNumCases, "one expectation per case");
    for (const char* soc : kSocs) {
        simtest::SocScope scope(soc);
        const bool is910 = std::strcmp(soc, "ascend910b") == 0;
        for (const OpExpect& e : kOps)
            for (int i = 0; i < kNumTypes; ++i) {
                // DataCopyPad is missing on 310P as a whole API, not per type
                const char* rule = (!is910 && e.what == kDataCopyPad) ? "datacopypad-unavailable" : "dtype-unsupported";
                EXPECT_TRUE(Expect(RunCase(kOpKernels[i], e.what), Lists(is910 ? e.on910b : e.on310p, i), rule,
                                   std::string(soc) + " " + e.name + " " + kTypeNames[i]));
            }
    }
}

// ---------------------------------------------------------------- (dst, src) pairs: Axpy, MulAddDst
namespace {
using PairTypes = Types<half, bfloat16_t, float, int16_t, int32_t>;
const char* const kPairNames[] = {"half", "bf16", "float", "s16", "s32"};
constexpr int kNumPairTypes = 5;
// both chips, both ops (vec_ternary_scalar_impl.h / vec_binary_impl.h): dst/src half/half, float/float, float/half
const char* const kPairsAccepted[] = {"half/half", "float/float", "float/half"};

template <typename D, typename S>
struct PairKernel {
    static void Run(GM_ADDR, GM_ADDR, GM_ADDR, CaseTiling t) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, c;
        pipe.InitBuffer(a, 1024);
        pipe.InitBuffer(b, 1024);
        pipe.InitBuffer(c, 1024);
        if (t.what == 0) Axpy(a.Get<D>(), b.Get<S>(), S(1), 64);
        else MulAddDst(a.Get<D>(), b.Get<S>(), c.Get<S>(), 64);
    }
};
constexpr auto kPairKernels = KernelGrid<PairKernel>(PairTypes{}, PairTypes{});
}  // namespace

TEST(SimArchTables, AxpyAndMulAddDstPairsOnBothSocs) {
    for (const char* soc : kSocs) {
        simtest::SocScope scope(soc);
        for (uint32_t op = 0; op < 2; ++op)
            for (int d = 0; d < kNumPairTypes; ++d)
                for (int s = 0; s < kNumPairTypes; ++s) {
                    const std::string pair = std::string(kPairNames[d]) + "/" + kPairNames[s];
                    bool accepted = false;
                    for (const char* p : kPairsAccepted) accepted = accepted || pair == p;
                    EXPECT_TRUE(Expect(RunCase(kPairKernels[d][s], op), accepted, "dtype-unsupported",
                                       std::string(soc) + (op == 0 ? " Axpy " : " MulAddDst ") + "dst/src " + pair));
                }
    }
}

// ---------------------------------------------------------------- per-chip APIs
namespace {
enum FeatureCase : uint32_t { kHardSyncAll, kDcciWithDst, kDcciTwoArgs, kZeroCountVector, kZeroCountDma, kToBfloat16 };
void FeatureKernel(GM_ADDR, GM_ADDR out, GM_ADDR, CaseTiling t) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    pipe.InitBuffer(a, 1024);
    GlobalTensor<float> g;
    g.SetGlobalBuffer((__gm__ float*)out);
    switch (t.what) {
        case kHardSyncAll: SyncAll(); break;
        case kDcciWithDst: DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(g); break;
        case kDcciTwoArgs: DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE>(g); break;
        case kZeroCountVector: Adds(a.Get<float>(), a.Get<float>(), 1.0f, 0); break;
        case kZeroCountDma: DataCopy(g, a.Get<float>(), 0); break;
        case kToBfloat16:
            g.SetValue(0, ToFloat(ToBfloat16(1.5f)));
            DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE>(g);
            break;
        default: break;
    }
}
}  // namespace

TEST(SimArchTables, PerChipApis) {
    struct {
        FeatureCase what;
        const char* name;
        bool on910b, on310p;  // exists (header) on ascend910b / ascend310p
        const char* rule;     // the rule a chip without it names
        arch::Feature feature;
    } const cases[] = {
        {kHardSyncAll, "SyncAll()", true, false, "syncall-cores", arch::Feature::HardSyncAll},
        {kDcciWithDst, "DataCacheCleanAndInvalid<T, CacheLine, DcciDst>", true, false, "api-unavailable",
         arch::Feature::DcciWithDst},
        {kDcciTwoArgs, "DataCacheCleanAndInvalid<T, CacheLine>", true, true, "", arch::Feature::DcciWithDst},
        {kZeroCountVector, "Adds with count 0", true, false, "vector-count", arch::Feature::ZeroCountNop},
        {kZeroCountDma, "DataCopy with count 0", true, false, "datacopy-params", arch::Feature::ZeroCountNop},
        {kToBfloat16, "ToBfloat16 / ToFloat", true, false, "dtype-unsupported", arch::Feature::Bf16},
    };
    for (const char* soc : kSocs) {
        simtest::SocScope scope(soc);
        const bool is910 = std::strcmp(soc, "ascend910b") == 0;
        for (const auto& c : cases) {
            const bool header = is910 ? c.on910b : c.on310p;
            EXPECT_TRUE(Expect(RunCase(FeatureKernel, c.what), header, c.rule, std::string(soc) + " " + c.name));
        }
    }
}

// ---------------------------------------------------------------- scalar Cast<float, U, mode>(v)
namespace {
template <typename U, RoundMode m, typename = void>
struct ScalarCastCallable : std::false_type {};
template <typename U, RoundMode m>
struct ScalarCastCallable<U, m, std::void_t<decltype(AscendC::Cast<float, U, m>(0.0f))>> : std::true_type {};

template <typename U, size_t... M>
std::string CallableModes(std::index_sequence<M...>) {
    std::string s;
    ((s += ScalarCastCallable<U, static_cast<RoundMode>(M)>::value ? std::string(1, kModeLetters[M]) : ""), ...);
    return s;
}

void ScalarCastKernel(GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
    GlobalTensor<int32_t> g;
    g.SetGlobalBuffer((__gm__ int32_t*)out);
    g.SetValue(0, static_cast<int32_t>(Cast<float, half, RoundMode::CAST_ODD>(1.0f).bits_));
    g.SetValue(1, Cast<float, int32_t, RoundMode::CAST_RINT>(2.5f));
    g.SetValue(2, Cast<float, int32_t, RoundMode::CAST_FLOOR>(2.5f));
    g.SetValue(3, Cast<float, int32_t, RoundMode::CAST_CEIL>(2.5f));
    g.SetValue(4, ScalarCast<float, int32_t, RoundMode::CAST_ROUND>(2.5f));
    DataCacheCleanAndInvalid<int32_t, CacheLine::ENTIRE_DATA_CACHE>(g);
}
}  // namespace

// kernel_scalar.h CastImpl (the same on 2201 and 2002): half only with CAST_ODD, int32_t with
// RINT/FLOOR/CEIL/ROUND; bfloat16_t and every other U return 0 there, so the sim has no overload.
TEST(SimArchTables, ScalarCastOverloads) {
    const auto modes = std::make_index_sequence<7>{};
    EXPECT_EQ(CallableModes<half>(modes), "O");
    EXPECT_EQ(CallableModes<int32_t>(modes), "RFCA");
    EXPECT_EQ(CallableModes<bfloat16_t>(modes), "");
    EXPECT_EQ(CallableModes<float>(modes), "");
    EXPECT_EQ(CallableModes<int16_t>(modes), "");
    static_assert(!ScalarCastCallable<half, RoundMode::CAST_RINT>::value, "no float->half RINT on the scalar unit");
    for (const char* soc : kSocs) {
        simtest::SocScope scope(soc);
        Io io;
        ASSERT_TRUE(Ok(io.Run(ScalarCastKernel, 1))) << soc;
        const int32_t* o = io.Out<int32_t>();
        EXPECT_EQ(o[0], 0x3C00) << soc;
        EXPECT_EQ(o[1], 2) << soc;
        EXPECT_EQ(o[2], 2) << soc;
        EXPECT_EQ(o[3], 3) << soc;
        EXPECT_EQ(o[4], 3) << soc;
    }
}

// ---------------------------------------------------------------- the tables in constant expressions
// (what per-arch kernel builds will static_assert on)
static_assert(arch::CastSupported(2002, ascend_sim::detail::T_FLOAT, ascend_sim::detail::T_I32, RoundMode::CAST_RINT),
              "310P has Cast float->int32 RINT");
static_assert(!arch::CastSupported(2002, ascend_sim::detail::T_FLOAT, ascend_sim::detail::T_I32, RoundMode::CAST_NONE),
              "... but not with CAST_NONE");
static_assert(!arch::CastPairExists(2002, ascend_sim::detail::T_FLOAT, ascend_sim::detail::T_I64),
              "310P has no Cast float->int64");
static_assert(arch::CastModes(2201, ascend_sim::detail::T_FLOAT, ascend_sim::detail::T_HALF) == 0x7F,
              "910B float->half takes every mode");
static_assert(arch::OpSupportsType(2201, arch::Op::CompareEq, ascend_sim::detail::T_I32) &&
                  !arch::OpSupportsType(2002, arch::Op::CompareEq, ascend_sim::detail::T_I32),
              "int32_t EQ compares only on 910B");
static_assert(arch::OpSupportsPair(2002, arch::PairOp::MulAddDst, ascend_sim::detail::T_FLOAT, ascend_sim::detail::T_HALF),
              "MulAddDst half->float");
static_assert(arch::HasDataCopyPad(2201) && !arch::HasDataCopyPad(2002) && arch::HasBf16(2201) && !arch::HasBf16(2002) &&
                  arch::HasHardSyncAll(2201) && !arch::HasHardSyncAll(2002),
              "capabilities");
static_assert(arch::OpTypes(2002, arch::Op::DataCopyPad) == 0 && !arch::IsKnownArch(3510), "absent APIs, unknown arch");
static_assert(arch::ScalarCastSupported(2002, ascend_sim::detail::T_HALF, RoundMode::CAST_ODD) &&
                  !arch::ScalarCastSupported(2201, ascend_sim::detail::T_BF16, RoundMode::CAST_RINT),
              "scalar Cast");

TEST(SimArchTables, ProfilesTakeTheirFlagsFromTheTables) {
    for (const char* soc : kSocs) {
        const ascend_sim::SocProfile& p = *ascend_sim::FindSoc(soc);
        EXPECT_TRUE(arch::IsKnownArch(p.npuArch)) << soc;
        EXPECT_EQ(p.hasDataCopyPad, arch::HasDataCopyPad(p.npuArch)) << soc;
        EXPECT_EQ(p.hasBf16, arch::HasBf16(p.npuArch)) << soc;
        EXPECT_EQ(p.hasHardSyncAll, arch::HasHardSyncAll(p.npuArch)) << soc;
    }
}

