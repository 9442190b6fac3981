// Functional tests of the sim's ops against hand-computed values, and of its counters / cost model.
#include <cmath>
#include <cstring>
#include <type_traits>

#include "sim_test_util.h"

using namespace AscendC;
using simtest::FailedWith;
using simtest::Io;
using simtest::Ok;

namespace {

uint32_t Bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}
float H(uint16_t bits) { return static_cast<float>(half::FromBits(bits)); }

// Tiling of the cast kernels: which conversion and mode.
struct CastTiling {
    uint32_t mode;
    uint32_t count;
};

// The cast kernels: in: S[count] -> out: D[count] (one 256 B block moved each way).
template <typename S, typename D>
void CastKernelBody(GM_ADDR in, GM_ADDR out, const CastTiling& t) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 1024);
    pipe.InitBuffer(b, 1024);
    LocalTensor<S> s = a.Get<S>();
    LocalTensor<D> d = b.Get<D>();
    GlobalTensor<S> gi;
    GlobalTensor<D> go;
    gi.SetGlobalBuffer((__gm__ S*)in);
    go.SetGlobalBuffer((__gm__ D*)out);
    DataCopy(s, gi, 256 / sizeof(S));
    PipeBarrier<PIPE_ALL>();
    Cast(d, s, static_cast<RoundMode>(t.mode), t.count);
    PipeBarrier<PIPE_ALL>();
    DataCopy(go, d, 256 / sizeof(D));
}
__global__ __aicore__ void cast_f2h(GM_ADDR in, GM_ADDR out, GM_ADDR, CastTiling tiling) {
    CastKernelBody<float, half>(in, out, tiling);
}
__global__ __aicore__ void cast_f2i(GM_ADDR in, GM_ADDR out, GM_ADDR, CastTiling tiling) {
    CastKernelBody<float, int32_t>(in, out, tiling);
}
__global__ __aicore__ void cast_f2f(GM_ADDR in, GM_ADDR out, GM_ADDR, CastTiling tiling) {
    CastKernelBody<float, float>(in, out, tiling);
}
__global__ __aicore__ void cast_i2f(GM_ADDR in, GM_ADDR out, GM_ADDR, CastTiling tiling) {
    CastKernelBody<int32_t, float>(in, out, tiling);
}
__global__ __aicore__ void cast_f2bf(GM_ADDR in, GM_ADDR out, GM_ADDR, CastTiling tiling) {
    CastKernelBody<float, bfloat16_t>(in, out, tiling);
}
__global__ __aicore__ void cast_h2f(GM_ADDR in, GM_ADDR out, GM_ADDR, CastTiling tiling) {
    CastKernelBody<half, float>(in, out, tiling);
}

template <typename S, typename D>
std::vector<D> RunCast(void (*k)(GM_ADDR, GM_ADDR, GM_ADDR, CastTiling), const std::vector<S>& src, RoundMode mode) {
    Io io;
    std::memcpy(io.in.data(), src.data(), src.size() * sizeof(S));
    io.SetTiling(CastTiling{static_cast<uint32_t>(mode), static_cast<uint32_t>(src.size())});
    EXPECT_TRUE(Ok(io.Run(k, 1)));
    std::vector<D> out(src.size());
    std::memcpy(out.data(), io.out.data(), src.size() * sizeof(D));
    return out;
}

const RoundMode kModes[] = {RoundMode::CAST_NONE, RoundMode::CAST_RINT, RoundMode::CAST_FLOOR, RoundMode::CAST_CEIL,
                            RoundMode::CAST_ROUND, RoundMode::CAST_TRUNC, RoundMode::CAST_ODD};
}  // namespace

// ---------------------------------------------------------------- Cast
TEST(SimOps, CastFloatToHalfAllModes) {
    const float one = 1.0f, ulp = std::ldexp(1.0f, -10);
    const std::vector<float> src = {
        1.0f + std::ldexp(1.0f, -11),       // halfway between 1 and 1+ulp (even: 1)
        -(1.0f + std::ldexp(1.0f, -11)),    // negative halfway
        1.0f + 3 * std::ldexp(1.0f, -11),   // halfway between 1+ulp and 1+2ulp (even: 1+2ulp)
        70000.0f,                           // above the half range
        std::ldexp(1.0f, -25),              // halfway to the smallest subnormal 2^-24
        1.0f + std::ldexp(1.0f, -12),       // below halfway
    };
    // expected per mode: NONE RINT FLOOR CEIL ROUND TRUNC ODD
    const float inf = INFINITY, hmax = 65504.0f, sub = std::ldexp(1.0f, -24);
    const float expect[6][7] = {
        {one, one, one, one + ulp, one + ulp, one, one + ulp},
        {-one, -one, -(one + ulp), -one, -(one + ulp), -one, -(one + ulp)},
        {one + 2 * ulp, one + 2 * ulp, one + ulp, one + 2 * ulp, one + 2 * ulp, one + ulp, one + ulp},
        {inf, inf, hmax, inf, inf, hmax, hmax},
        {0.0f, 0.0f, 0.0f, sub, sub, 0.0f, sub},
        {one, one, one, one + ulp, one, one, one + ulp},
    };
    for (int m = 0; m < 7; ++m) {
        auto out = RunCast<float, half>(cast_f2h, src, kModes[m]);
        for (size_t i = 0; i < src.size(); ++i)
            EXPECT_EQ(static_cast<float>(out[i]), expect[i][m]) << "value " << i << " mode " << m;
    }
}

TEST(SimOps, CastFloatToInt32AndFloatRounding) {
    const std::vector<float> src = {2.5f, -2.5f, 3.5f, -0.5f, 2.4f, -2.6f, 1e10f, NAN};
    // RINT FLOOR CEIL ROUND TRUNC
    const int32_t ei[8][5] = {{2, 2, 3, 3, 2},       {-2, -3, -2, -3, -2},   {4, 3, 4, 4, 3},
                              {0, -1, 0, -1, 0},     {2, 2, 3, 2, 2},        {-3, -3, -2, -3, -2},
                              {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX}, {0, 0, 0, 0, 0}};
    for (int m = 1; m <= 5; ++m) {
        auto oi = RunCast<float, int32_t>(cast_f2i, src, kModes[m]);
        auto of = RunCast<float, float>(cast_f2f, src, kModes[m]);
        for (size_t i = 0; i < src.size(); ++i) {
            EXPECT_EQ(oi[i], ei[i][m - 1]) << "f->i32 value " << i << " mode " << m;
            if (i < 6) {
                EXPECT_EQ(of[i], float(ei[i][m - 1])) << "f->f value " << i << " mode " << m;
            }
        }
        EXPECT_TRUE(std::isnan(of[7]));
    }
    // NONE and ODD do not exist for float->int32
    Io io;
    io.SetTiling(CastTiling{static_cast<uint32_t>(RoundMode::CAST_NONE), 8});
    EXPECT_TRUE(FailedWith(io.Run(cast_f2i, 1), "cast-mode-unsupported"));
}

TEST(SimOps, CastInt32ToFloatModes) {
    const std::vector<int32_t> src = {16777217, 16777219, -16777217, 7};
    // NONE RINT FLOOR CEIL ROUND TRUNC
    const float e[4][6] = {{16777216, 16777216, 16777216, 16777218, 16777218, 16777216},
                           {16777220, 16777220, 16777218, 16777220, 16777220, 16777218},
                           {-16777216, -16777216, -16777218, -16777216, -16777218, -16777216},
                           {7, 7, 7, 7, 7, 7}};
    for (int m = 0; m <= 5; ++m) {
        auto o = RunCast<int32_t, float>(cast_i2f, src, kModes[m]);
        for (size_t i = 0; i < src.size(); ++i) EXPECT_EQ(o[i], e[i][m]) << "value " << i << " mode " << m;
    }
}

TEST(SimOps, CastBf16AndHalfToFloat) {
    const std::vector<float> src = {1.0f + std::ldexp(1.0f, -8), 3.0f, -1.0f - std::ldexp(1.0f, -8)};
    auto rint = RunCast<float, bfloat16_t>(cast_f2bf, src, RoundMode::CAST_RINT);
    auto away = RunCast<float, bfloat16_t>(cast_f2bf, src, RoundMode::CAST_ROUND);
    EXPECT_EQ(static_cast<float>(rint[0]), 1.0f);
    EXPECT_EQ(static_cast<float>(away[0]), 1.0f + std::ldexp(1.0f, -7));
    EXPECT_EQ(static_cast<float>(rint[1]), 3.0f);
    EXPECT_EQ(static_cast<float>(away[2]), -1.0f - std::ldexp(1.0f, -7));
    const std::vector<half> hs = {half(0.1f), half(-65504.0f), half::FromBits(0x0001), half::FromBits(0x7C00)};
    auto f = RunCast<half, float>(cast_h2f, hs, RoundMode::CAST_NONE);
    EXPECT_EQ(f[0], H(0x2E66));  // half(0.1) = 0x2E66
    EXPECT_EQ(f[1], -65504.0f);
    EXPECT_EQ(f[2], std::ldexp(1.0f, -24));
    EXPECT_TRUE(std::isinf(f[3]));
}

TEST(SimOps, ScalarCastAndHalfStorage) {
    // float -> half exists only with CAST_ODD (a tie goes to the odd neighbour), float -> int32 with
    // RINT/FLOOR/CEIL/ROUND (the other pairs do not compile: SimArchTables.ScalarCastOverloads)
    EXPECT_EQ(static_cast<float>((Cast<float, half, RoundMode::CAST_ODD>(1.0f + std::ldexp(1.0f, -11)))),
              1.0f + std::ldexp(1.0f, -10));
    EXPECT_EQ(static_cast<float>((ScalarCast<float, half, RoundMode::CAST_ODD>(1.5f))), 1.5f);
    EXPECT_EQ((Cast<float, int32_t, RoundMode::CAST_FLOOR>(-2.5f)), -3);
    EXPECT_EQ((ScalarCast<float, int32_t, RoundMode::CAST_ROUND>(2.5f)), 3);
    EXPECT_EQ(half(1.5f).bits_, 0x3E00);
    EXPECT_EQ(bfloat16_t(1.5f).bits_, 0x3FC0);
    DataCopyPadExtParams<half> p{false, 0, 0, 0};  // numeric literals convert like on the device
    EXPECT_EQ(p.paddingValue.bits_, 0);
    // storage types: no arithmetic, no implicit conversion to float
    static_assert(!std::is_convertible<half, float>::value, "half must not convert implicitly");
    static_assert(!std::is_convertible<bfloat16_t, float>::value, "bf16 must not convert implicitly");
    static_assert(std::is_convertible<float, half>::value, "numbers convert to half");
}

namespace {
template <typename T, typename = void>
struct HasPlus : std::false_type {};
template <typename T>
struct HasPlus<T, decltype(void(std::declval<T>() + std::declval<T>()))> : std::true_type {};
template <typename T, typename = void>
struct HasLess : std::false_type {};
template <typename T>
struct HasLess<T, decltype(void(std::declval<T>() < std::declval<T>()))> : std::true_type {};
static_assert(!HasPlus<half>::value && !HasPlus<bfloat16_t>::value, "no half/bf16 arithmetic");
static_assert(!HasLess<half>::value && !HasLess<bfloat16_t>::value, "no half/bf16 comparison");
}  // namespace

// ---------------------------------------------------------------- elementwise
TEST(SimOps, ArithmeticOps) {
    auto k2 = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, c;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 256);
        pipe.InitBuffer(c, 4096);
        LocalTensor<float> x = a.Get<float>(), y = b.Get<float>(), r = c.Get<float>();
        CreateVecIndex(x, 0.0f, 64);
        Duplicate(y, 4.0f, 64);
        Add(r[0], x, y, 64);
        Sub(r[64], x, y, 64);
        Mul(r[128], x, y, 64);
        Div(r[192], x, y, 64);
        Max(r[256], x, y, 64);
        Min(r[320], x, y, 64);
        Adds(r[384], x, 0.5f, 64);
        Muls(r[448], x, -2.0f, 64);
        Maxs(r[512], x, 10.0f, 64);
        Mins(r[576], x, 10.0f, 64);
        Duplicate(r[640], 1.0f, 64);
        Axpy(r[640], x, 2.0f, 64);  // 1 + 2i
        Abs(r[704], r[448], 64);
        Relu(r[768], r[64], 64);
        DataCopy(r[832], x, 64);  // UB->UB
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out);
        DataCopy(g, r, 896);
    };
    Io io(4096, 4096);
    ASSERT_TRUE(Ok(io.Run(k2, 1)));
    const float* o = io.Out<float>();
    for (int i = 0; i < 64; ++i) {
        const float x = float(i);
        EXPECT_EQ(o[i], x + 4);
        EXPECT_EQ(o[64 + i], x - 4);
        EXPECT_EQ(o[128 + i], x * 4);
        EXPECT_EQ(o[192 + i], x / 4);
        EXPECT_EQ(o[256 + i], std::max(x, 4.0f));
        EXPECT_EQ(o[320 + i], std::min(x, 4.0f));
        EXPECT_EQ(o[384 + i], x + 0.5f);
        EXPECT_EQ(o[448 + i], -2 * x);
        EXPECT_EQ(o[512 + i], std::max(x, 10.0f));
        EXPECT_EQ(o[576 + i], std::min(x, 10.0f));
        EXPECT_EQ(o[640 + i], 1 + 2 * x);
        EXPECT_EQ(o[704 + i], 2 * x);
        EXPECT_EQ(o[768 + i], std::max(x - 4, 0.0f));
        EXPECT_EQ(o[832 + i], x);
    }
    auto r = ascend_sim::LastLaunch();
    EXPECT_EQ(r.total.vecOps[int(ascend_sim::VecOp::Add)].instructions, 1u);
    EXPECT_EQ(r.total.vecOps[int(ascend_sim::VecOp::Duplicate)].elements, 128u);
    EXPECT_EQ(r.total.ubToUbBytes, 256u);
}

TEST(SimOps, HalfArithmeticRoundsOnce) {
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 256);
        LocalTensor<half> x = a.Get<half>(), y = b.Get<half>();
        Duplicate(x, half(1.0f), 128);
        Duplicate(y, half(std::ldexp(1.0f, -11)), 128);
        Add(x, x, y, 128);  // 1 + 2^-11 rounds to even: 1
        Adds(y, y, half(2048.0f), 128);
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<half> g;
        g.SetGlobalBuffer((__gm__ half*)out);
        DataCopy(g, x, 128);
        DataCopy(g[128], y, 128);
    };
    Io io;
    ASSERT_TRUE(Ok(io.Run(k, 1)));
    EXPECT_EQ(static_cast<float>(io.Out<half>()[0]), 1.0f);
    EXPECT_EQ(static_cast<float>(io.Out<half>()[128]), 2048.0f);
}

// MulAddDst: dst = src0 * src1 + dst; FusedMulAdd: dst = src0 * dst + src1.  The product is rounded
// before the add (two roundings), so (1+e)^2 - round((1+e)^2) is 0, not the fused residue; half
// sources into a float dst multiply exactly.
TEST(SimOps, MulAddDstAndFusedMulAdd) {
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b;
        pipe.InitBuffer(a, 8192);
        pipe.InitBuffer(b, 8192);
        LocalTensor<float> f = a.Get<float>();  // [0,64) x  [64,128) y  [128,...) results
        LocalTensor<half> h = b.Get<half>();    // [0,128) x  [128,256) y  [256,...) results
        CreateVecIndex(f, 0.0f, 64);
        Duplicate(f[64], 3.0f, 64);
        Duplicate(f[128], 1.0f, 64);
        MulAddDst(f[128], f, f[64], 64);  // 3i + 1
        Duplicate(f[192], 2.0f, 64);
        FusedMulAdd(f[192], f[64], f, 64);  // 3*2 + i
        const float e = 1.0f + std::ldexp(1.0f, -12);
        Duplicate(f[256], e, 64);
        Duplicate(f[320], -(1.0f + std::ldexp(1.0f, -11)), 64);
        MulAddDst(f[320], f[256], f[256], 64);  // round(e*e) = 1 + 2^-11 (tie to even): 0
        Duplicate(f[384], e, 64);
        Duplicate(f[448], -(1.0f + std::ldexp(1.0f, -11)), 64);
        FusedMulAdd(f[384], f[256], f[448], 64);  // same through FusedMulAdd: 0
        Duplicate(f[512], 0.0f, 64);
        Duplicate(f[576], INFINITY, 64);
        Duplicate(f[640], 5.0f, 64);
        MulAddDst(f[640], f[512], f[576], 64);  // 0 * inf + 5 = NaN
        const half hx = half(1.0f + std::ldexp(1.0f, -6));
        Duplicate(h, hx, 128);
        Duplicate(h[128], half(-(1.0f + std::ldexp(1.0f, -5))), 128);
        Duplicate(h[256], half(-(1.0f + std::ldexp(1.0f, -5))), 128);
        MulAddDst(h[256], h, h, 128);  // half product rounds to 1 + 2^-5: 0
        Duplicate(h[384], hx, 128);
        FusedMulAdd(h[384], h, h[128], 128);  // 0
        LocalTensor<float> w = f[768];
        Duplicate(w, -(1.0f + std::ldexp(1.0f, -5)), 128);
        MulAddDst(w, h, h, 128);  // half x half -> float is exact: 2^-12
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out);
        DataCopy(g, f, 1024);
        GlobalTensor<half> gh;
        gh.SetGlobalBuffer((__gm__ half*)(out + 4096));
        DataCopy(gh, h, 512);
    };
    for (const char* soc : {"ascend910b", "ascend310p"}) {
        simtest::SocScope scope(soc);
        Io io(4096, 8192);
        ASSERT_TRUE(Ok(io.Run(k, 1))) << soc;
        const float* o = io.Out<float>();
        for (int i = 0; i < 64; ++i) {
            EXPECT_EQ(o[128 + i], 3.0f * i + 1) << soc;
            EXPECT_EQ(o[192 + i], 6.0f + i) << soc;
            EXPECT_EQ(o[320 + i], 0.0f) << soc;
            EXPECT_EQ(o[384 + i], 0.0f) << soc;
            EXPECT_TRUE(std::isnan(o[640 + i])) << soc;
        }
        for (int i = 0; i < 128; ++i) EXPECT_EQ(o[768 + i], std::ldexp(1.0f, -12)) << soc;
        const half* oh = reinterpret_cast<const half*>(reinterpret_cast<const uint8_t*>(o) + 4096);
        for (int i = 0; i < 128; ++i) {
            EXPECT_EQ(static_cast<float>(oh[256 + i]), 0.0f) << soc;
            EXPECT_EQ(static_cast<float>(oh[384 + i]), 0.0f) << soc;
        }
        auto r = ascend_sim::LastLaunch();
        EXPECT_EQ(r.total.vecOps[int(ascend_sim::VecOp::MulAddDst)].instructions, 5u);
        EXPECT_EQ(r.total.vecOps[int(ascend_sim::VecOp::MulAddDst)].elements, 64u * 3 + 128 * 2);
        EXPECT_EQ(r.total.vecOps[int(ascend_sim::VecOp::FusedMulAdd)].instructions, 3u);
        EXPECT_STREQ(ascend_sim::VecOpName(ascend_sim::VecOp::MulAddDst), "MulAddDst");
        EXPECT_STREQ(ascend_sim::VecOpName(ascend_sim::VecOp::FusedMulAdd), "FusedMulAdd");
    }
}

// Three distinct operands cost two passes (UB bank conflict: half rate); dst coinciding with a
// source keeps the full rate.
TEST(SimOps, MulAddRepeatsHalfRateUnlessDstIsASource) {
    static int variant;
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a;
        pipe.InitBuffer(a, 8192);
        LocalTensor<float> f = a.Get<float>();
        Duplicate(f, 1.0f, 1024);
        if (variant == 0) MulAddDst(f, f[256], f[512], 256);          // 1 KB, distinct: 8 repeats
        if (variant == 1) MulAddDst(f, f, f[512], 256);               // dst == src0: 4 repeats
        if (variant == 2) FusedMulAdd(f, f[256], f[512], 256);        // distinct: 8 repeats
        if (variant == 3) FusedMulAdd(f, f[256], f, 256);             // dst == src1: 4 repeats
        if (variant == 4) {                                            // half -> float: 1 KB dst, 8 repeats
            LocalTensor<half> h = f[512].ReinterpretCast<half>();
            MulAddDst(f, h, h[256], 256);
        }
    };
    const uint64_t want[] = {8, 4, 8, 4, 8};
    for (variant = 0; variant < 5; ++variant) {
        Io io;
        ASSERT_TRUE(Ok(io.Run(k, 1))) << variant;
        // Duplicate of 4 KB: 16 repeats
        EXPECT_EQ(ascend_sim::LastLaunch().total.vectorRepeats, 16u + want[variant]) << variant;
    }
}

// ---------------------------------------------------------------- Gather / Compare / Select
TEST(SimOps, GatherByteOffsets) {
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, c;
        pipe.InitBuffer(a, 512);
        pipe.InitBuffer(b, 256);
        pipe.InitBuffer(c, 256);
        LocalTensor<float> src = a.Get<float>(), dst = c.Get<float>();
        LocalTensor<uint32_t> off = b.Get<uint32_t>();
        CreateVecIndex(src, 100.0f, 128);  // src[i] = 100 + i
        for (uint32_t i = 0; i < 64; ++i) off.SetValue(i, (63 - i) * 4u);  // byte offsets, reversed
        Gather(dst, src, off, 16u, 64);  // base 16 B = 4 elements
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out);
        DataCopy(g, dst, 64);
    };
    Io io;
    ASSERT_TRUE(Ok(io.Run(k, 1)));
    for (int i = 0; i < 64; ++i) EXPECT_EQ(io.Out<float>()[i], 100.0f + 4 + (63 - i));
    // offsets that are not element multiples, or beyond src, fail
    auto bad = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, c;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 256);
        pipe.InitBuffer(c, 256);
        LocalTensor<float> src = a.Get<float>(), dst = c.Get<float>();
        LocalTensor<uint32_t> off = b.Get<uint32_t>();
        Duplicate(src, 0.0f, 64);
        Duplicate(off, 256u, 64);  // 256 B = element 64: beyond the 64-element src
        Gather(dst, src, off, 0u, 64);
    };
    Io io2;
    EXPECT_TRUE(FailedWith(io2.Run(bad, 1), "ub-bounds"));
}

TEST(SimOps, CompareAndSelect) {
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, m, d;
        pipe.InitBuffer(a, 256);
        pipe.InitBuffer(b, 256);
        pipe.InitBuffer(m, 64);
        pipe.InitBuffer(d, 1024);
        LocalTensor<float> x = a.Get<float>(), y = b.Get<float>(), r = d.Get<float>();
        LocalTensor<uint8_t> mask = m.Get<uint8_t>();
        CreateVecIndex(x, 0.0f, 64);
        Duplicate(y, 31.5f, 64);
        Compare(mask, x, y, CMPMODE::LT, 64);
        Select(r, mask, x, y, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64);  // x < 31.5 ? x : 31.5
        Compares(mask, x, 10.0f, CMPMODE::GE, 64);
        Select(r[64], mask, x, -1.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, 64);  // x >= 10 ? x : -1
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out);
        DataCopy(g, r, 128);
        GlobalTensor<uint8_t> gm;
        gm.SetGlobalBuffer((__gm__ uint8_t*)out + 1024);
        DataCopy(gm, mask, 32);
    };
    Io io;
    ASSERT_TRUE(Ok(io.Run(k, 1)));
    for (int i = 0; i < 64; ++i) {
        EXPECT_EQ(io.Out<float>()[i], i < 32 ? float(i) : 31.5f);
        EXPECT_EQ(io.Out<float>()[64 + i], i >= 10 ? float(i) : -1.0f);
    }
    const uint8_t* bits = io.out.data() + 1024;
    EXPECT_EQ(bits[0], 0x00);
    EXPECT_EQ(bits[1], 0xFC);  // elements 10..15
    EXPECT_EQ(bits[7], 0xFF);
}

// ---------------------------------------------------------------- DataCopy / DataCopyPad
TEST(SimOps, DataCopyStridedParams) {
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a;
        pipe.InitBuffer(a, 1024);
        LocalTensor<float> t = a.Get<float>();
        GlobalTensor<float> gi, go;
        gi.SetGlobalBuffer((__gm__ float*)in);
        go.SetGlobalBuffer((__gm__ float*)out);
        // 3 blocks of 8 floats, skipping one block in GM between them, packed in UB
        DataCopy(t, gi, DataCopyParams(3, 1, 1, 0));
        PipeBarrier<PIPE_ALL>();
        // write them back with one block gap in GM
        DataCopy(go, t, DataCopyParams(3, 1, 0, 1));
    };
    Io io;
    for (int i = 0; i < 64; ++i) io.In<float>()[i] = float(i);
    for (int i = 0; i < 64; ++i) io.Out<float>()[i] = -1.0f;
    ASSERT_TRUE(Ok(io.Run(k, 1)));
    for (int i = 0; i < 48; ++i) {
        const int blk = i / 8;
        EXPECT_EQ(io.Out<float>()[i], blk % 2 == 0 ? float(i) : -1.0f) << i;
    }
    EXPECT_EQ(ascend_sim::LastLaunch().total.gmReadBytes, 96u);
    EXPECT_EQ(ascend_sim::LastLaunch().total.gmWriteBytes, 96u);
}

TEST(SimOps, DataCopyPadPaddingAndPoison) {
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, CastTiling t) {  // mode field used as isPad
        TPipe pipe;
        TBuf<TPosition::VECIN> a;
        pipe.InitBuffer(a, 1024);
        LocalTensor<float> u = a.Get<float>();
        GlobalTensor<float> gi, go;
        gi.SetGlobalBuffer((__gm__ float*)in);
        go.SetGlobalBuffer((__gm__ float*)out);
        // 2 rows of 3 floats, 1 float skipped in GM between rows; left pad 1, right pad 2
        DataCopyPad(u, gi, DataCopyExtParams(2, 12, 4, 0, 0),
                    DataCopyPadExtParams<float>(t.mode != 0, 1, 2, 9.0f));
        PipeBarrier<PIPE_ALL>();
        DataCopy(go, u, 16);  // both 32 B rows, pads and dummy included
        // UB->GM: 3 floats per row from 32 B rows, 4 B gap in GM
        DataCopyPad(go[16], u, DataCopyExtParams(2, 12, 0, 4, 0));
    };
    for (int isPad = 0; isPad < 2; ++isPad) {
        Io io;
        for (int i = 0; i < 16; ++i) io.In<float>()[i] = float(i + 1);
        for (int i = 0; i < 32; ++i) io.Out<float>()[i] = -7.0f;
        io.SetTiling(CastTiling{uint32_t(isPad), 0});
        ASSERT_TRUE(Ok(io.Run(k, 1)));
        const float* o = io.Out<float>();
        const uint32_t poison = 0xFFFFFFFFu;
        // row 0: [pad, 1, 2, 3, pad, pad, dummy, dummy]; row 1 starts at GM element 4 (3 + 1 skipped)
        const float data[2][3] = {{1, 2, 3}, {5, 6, 7}};
        for (int r = 0; r < 2; ++r) {
            const float* row = o + 8 * r;
            if (isPad) {
                EXPECT_EQ(row[0], 9.0f);
                EXPECT_EQ(row[4], 9.0f);
                EXPECT_EQ(row[5], 9.0f);
            } else {
                EXPECT_EQ(Bits(row[0]), poison);
                EXPECT_EQ(Bits(row[4]), poison);
            }
            for (int j = 0; j < 3; ++j) EXPECT_EQ(row[1 + j], data[r][j]);
            EXPECT_EQ(Bits(row[6]), poison);  // dummy bytes are poisoned
            EXPECT_EQ(Bits(row[7]), poison);
        }
        // UB->GM: exactly blockLen bytes per row land; the 4 B gap stays untouched
        const float* w = o + 16;
        EXPECT_EQ(Bits(w[0]), isPad ? Bits(9.0f) : poison);
        EXPECT_EQ(w[1], 1.0f);
        EXPECT_EQ(w[2], 2.0f);
        EXPECT_EQ(w[3], -7.0f);
        EXPECT_EQ(Bits(w[4]), isPad ? Bits(9.0f) : poison);
        EXPECT_EQ(w[5], 5.0f);
        EXPECT_EQ(w[6], 6.0f);
        EXPECT_EQ(w[7], -7.0f);
    }
}

TEST(SimOps, UninitialisedUbIsRandom) {
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECOUT> a;
        pipe.InitBuffer(a, 1024);
        GlobalTensor<uint8_t> g;
        g.SetGlobalBuffer((__gm__ uint8_t*)out);
        DataCopy(g, a.Get<uint8_t>(), 1024);  // never written
    };
    Io io;
    ASSERT_TRUE(Ok(io.Run(k, 1)));
    int zeros = 0;
    for (int i = 0; i < 1024; ++i) zeros += io.out[i] == 0;
    EXPECT_LT(zeros, 64);
}

// ---------------------------------------------------------------- multi-block
TEST(SimOps, SyncAllExchangesData) {
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR ws, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> sb;
        pipe.InitBuffer(sb, GetBlockNum() * 32);  // ubWorkspace >= blockNum * 32 B
        GM_ADDR user = ws;  // the user workspace itself (direct-call flow)
        GlobalTensor<int32_t> syncWs;
        syncWs.SetGlobalBuffer((__gm__ int32_t*)user, GetBlockNum() * 8);
        GlobalTensor<int32_t> pub;
        pub.SetGlobalBuffer((__gm__ int32_t*)(user + 4096));
        pub.SetValue(GetBlockIdx() * 16, int32_t(GetBlockIdx() + 1));  // 64 B apart (DCache lines)
        DataCacheCleanAndInvalid<int32_t, CacheLine::SINGLE_CACHE_LINE, DcciDst::CACHELINE_OUT>(pub[GetBlockIdx() * 16]);
        SyncAll(syncWs, sb.Get<int32_t>());
        int32_t sum = 0;
        for (int64_t b = 0; b < GetBlockNum(); ++b) sum += pub.GetValue(b * 16);
        GlobalTensor<int32_t> o;
        o.SetGlobalBuffer((__gm__ int32_t*)out);
        o.SetValue(GetBlockIdx() * 16, sum);
        DataCacheCleanAndInvalid<int32_t, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(o);
    };
    for (uint32_t blocks : {1u, 8u, 48u}) {
        Io io(4096, 48 * 64, 8192);
        ASSERT_TRUE(Ok(io.Run(k, blocks))) << blocks;
        for (uint32_t b = 0; b < blocks; ++b) EXPECT_EQ(io.Out<int32_t>()[b * 16], int32_t(blocks * (blocks + 1) / 2));
        EXPECT_EQ(ascend_sim::LastLaunch().total.syncAllCalls, blocks);
    }
}

TEST(SimOps, AtomicAddIsNotARace) {
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TQue<TPosition::VECOUT, 1> q;
        pipe.InitBuffer(q, 1, 256);
        LocalTensor<float> t = q.AllocTensor<float>();
        Duplicate(t, 1.0f, 64);
        q.EnQue(t);
        t = q.DeQue<float>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out, 64);
        SetAtomicAdd<float>();
        DataCopy(g, t, 64);
        SetAtomicNone();
        q.FreeTensor(t);
    };
    Io io;
    ASSERT_TRUE(Ok(io.Run(k, 6)));
    for (int i = 0; i < 64; ++i) EXPECT_EQ(io.Out<float>()[i], 6.0f);
}

TEST(SimOps, ManyBlocksBeyondThreadCap) {
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        GlobalTensor<int32_t> o;
        o.SetGlobalBuffer((__gm__ int32_t*)out);
        o.SetValue(GetBlockIdx() * 16, int32_t(GetBlockIdx()) * 3);  // one 64 B line per block
        DataCacheCleanAndInvalid<int32_t, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(o);
    };
    Io io(64, 1000 * 64);
    ASSERT_TRUE(Ok(io.Run(k, 1000)));
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(io.Out<int32_t>()[i * 16], i * 3);
}

// ---------------------------------------------------------------- counters, cost model, exports
TEST(SimOps, CountersAndCostModel) {
    struct T {
        uint32_t perBlock[4];
    };
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, T t) {
        const uint32_t n = t.perBlock[GetBlockIdx()];
        TPipe pipe;
        TQue<TPosition::VECIN, 1> qi;
        TQue<TPosition::VECOUT, 1> qo;
        pipe.InitBuffer(qi, 1, n * 4);
        pipe.InitBuffer(qo, 1, n * 4);
        GlobalTensor<float> gi, go;
        gi.SetGlobalBuffer((__gm__ float*)in + GetBlockIdx() * 512, n);
        go.SetGlobalBuffer((__gm__ float*)out + GetBlockIdx() * 512, n);
        LocalTensor<float> x = qi.AllocTensor<float>();
        DataCopy(x, gi, n);
        qi.EnQue(x);
        x = qi.DeQue<float>();
        LocalTensor<float> y = qo.AllocTensor<float>();
        Muls(y, x, 2.0f, n);
        Adds(y, y, 1.0f, n);
        (void)x.GetValue(0);
        y.SetValue(0, 5.0f);
        qo.EnQue(y);
        qi.FreeTensor(x);
        y = qo.DeQue<float>();
        DataCopy(go, y, n);
        qo.FreeTensor(y);
        (void)gi.GetValue(1);
    };
    Io io(8192, 8192);
    io.SetTiling(T{{512, 256, 256, 256}});
    ASSERT_TRUE(Ok(io.Run(k, 4, "counted")));
    ascend_sim::SetLastLaunchFloorBytes(2 * 1280 * 4);
    const ascend_sim::LaunchReport r = ascend_sim::LastLaunch();
    EXPECT_EQ(r.kernel, "counted");
    EXPECT_EQ(r.blockDim, 4u);
    ASSERT_EQ(r.cores.size(), 4u);
    EXPECT_EQ(r.cores[0].gmReadBytes, 2048u);
    EXPECT_EQ(r.cores[1].gmWriteBytes, 1024u);
    EXPECT_EQ(r.total.gmReadBytes, 1280u * 4);
    EXPECT_EQ(r.total.vectorInstructions, 8u);
    EXPECT_EQ(r.cores[0].vectorElements, 1024u);
    EXPECT_EQ(r.cores[0].vectorRepeats, 16u);  // 2 ops x 2048 B / 256 B
    EXPECT_EQ(r.total.scalarUbReads, 4u);
    EXPECT_EQ(r.total.scalarUbWrites, 4u);
    EXPECT_EQ(r.total.scalarGmReads, 4u);
    EXPECT_EQ(r.cores[0].peakUbBytes, 4096u);
    EXPECT_EQ(r.total.dmaInstructions, 8u);
    // cost model, block 0 on 910B: share = min(100, 1600/4) = 100 GB/s
    const ascend_sim::SocProfile& s = ascend_sim::ActiveSoc();
    EXPECT_DOUBLE_EQ(r.perCoreDmaGBps, 100.0);
    const double cyc = s.clockGHz * 1e3;
    const double dma = 4096.0 / (100.0 * 1e3) + 2 * s.dmaInstrOverheadCycles / cyc;
    const double vec = (16 * 256.0 / s.vectorBytesPerCycle + 2 * s.vectorInstrOverheadCycles) / cyc;
    const double sca = (2 * s.scalarUbAccessCycles + 1 * s.scalarGmAccessCycles) / cyc;
    EXPECT_NEAR(r.cores[0].modeledTimeUs, std::max(dma, vec) + sca, 1e-9);
    EXPECT_NEAR(r.modeledTimeUs, r.cores[0].modeledTimeUs, 1e-9);  // block 0 does the most work
    double mean = 0;
    for (auto& c : r.cores) mean += c.modeledTimeUs / 4;
    EXPECT_GT(r.imbalance, 0.0);
    EXPECT_NEAR(r.imbalance, (r.modeledTimeUs - mean) / mean, 1e-12);
    EXPECT_EQ(r.floorBytes, 2u * 1280 * 4);
    EXPECT_NEAR(r.trafficRatio, 1.0, 1e-12);
    EXPECT_NEAR(r.floorTimeUs, 10240.0 / (s.hbmBandwidthGBps * 1e3), 1e-12);
    const std::string j = aclsimLastLaunchJson();
    for (const char* key : {"\"soc\": \"ascend910b\"", "\"kernel\": \"counted\"", "\"block_dim\": 4",
                            "\"gm_read_bytes\": 5120", "\"gm_write_bytes\": 5120", "\"ub_to_ub_bytes\": 0",
                            "\"vector_instructions\": 8", "\"vector_elements\"", "\"scalar_ub_reads\": 4",
                            "\"scalar_gm_reads\": 4", "\"modeled_time_us\"", "\"imbalance\"", "\"floor_bytes\": 10240",
                            "\"traffic_ratio\": 1", "\"cores\": [", "\"Muls\": {\"instructions\": 4",
                            "\"cost_model\": {\"clock_ghz\""})
        EXPECT_NE(j.find(key), std::string::npos) << key << " in " << j;
}

TEST(SimOps, SocSelectionExports) {
    EXPECT_STREQ(aclsimGetSoc(), "ascend910b");
    EXPECT_EQ(aclsimSetSoc("nonexistent"), 161002);
    EXPECT_STREQ(aclsimGetSoc(), "ascend910b");
    EXPECT_EQ(aclsimSetSoc("ascend310p"), 0);
    EXPECT_STREQ(aclsimGetSoc(), "ascend310p");
    EXPECT_EQ(ascend_sim::ActiveSoc().vectorCoreNum, 8u);
    EXPECT_EQ(ascend_sim::ActiveSoc().ubTotalBytes, 256u * 1024);
    EXPECT_EQ(ascend_sim::ActiveSoc().reservedWorkspaceBytes, 2u * 1024 * 1024);
    EXPECT_FALSE(ascend_sim::ActiveSoc().hasDataCopyPad);
    EXPECT_EQ(aclsimSetSoc("ascend910b"), 0);
    EXPECT_EQ(ascend_sim::ActiveSoc().ubUsableBytes, 192u * 1024 - 8448);
    EXPECT_EQ(ascend_sim::ActiveSoc().reservedWorkspaceBytes, 16u * 1024 * 1024);
    EXPECT_TRUE(ascend_sim::ActiveSoc().hasBf16);
}

// Direct-call flow: the tiling struct is a by-value argument; every block gets its own copy (a block
// changing its copy changes no other block's), and the kernel dispatches on a key inside it.
TEST(SimOps, TilingByValueIsCopiedPerBlock) {
    struct KeyTiling {
        uint32_t key;
        uint32_t scratch;
    };
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, KeyTiling t) {
        GlobalTensor<int32_t> o;
        o.SetGlobalBuffer((__gm__ int32_t*)out);
        const int32_t seen = static_cast<int32_t>(t.scratch);  // 0 in every block
        t.scratch += static_cast<uint32_t>(GetBlockIdx()) + 100;
        if (t.key == 1) o.SetValue(GetBlockIdx() * 16, 11 + seen);
        else if (t.key == 2) o.SetValue(GetBlockIdx() * 16, 22 + seen);
        DataCacheCleanAndInvalid<int32_t, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(o);
    };
    Io io(64, 4 * 64);
    io.SetTiling(KeyTiling{2, 0});
    ASSERT_TRUE(Ok(io.Run(k, 4)));
    for (int b = 0; b < 4; ++b) EXPECT_EQ(io.Out<int32_t>()[b * 16], 22) << b;
    // the launch record identifies the tiling: FNV-1a 64 of the by-value bytes
    const uint64_t first = ascend_sim::LastLaunch().valueArgsDigest;
    uint64_t want = 1469598103934665603ull;
    const KeyTiling sent{2, 0};
    for (size_t i = 0; i < sizeof sent; ++i) want = (want ^ reinterpret_cast<const uint8_t*>(&sent)[i]) * 1099511628211ull;
    EXPECT_EQ(first, want);
    io.SetTiling(KeyTiling{1, 0});
    ASSERT_TRUE(Ok(io.Run(k, 4)));
    EXPECT_NE(ascend_sim::LastLaunch().valueArgsDigest, first);
}

// ---------------------------------------------------------------- Level 0 (mask / repeat / strides)
TEST(SimOps, Level0MaskRepeatStride) {
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, c;
        pipe.InitBuffer(a, 1024);
        pipe.InitBuffer(b, 1024);
        pipe.InitBuffer(c, 2048);
        LocalTensor<float> x = a.Get<float>(), y = b.Get<float>(), r = c.Get<float>();
        CreateVecIndex(x, 0.0f, 256);  // x = i
        Duplicate(y, 100.0f, 256);
        Duplicate(r, -1.0f, 512);
        // contiguous mask 32 of 64, 2 repeats, dense: r[0..31] and r[64..95]
        Add(r, x, y, uint64_t(32), 2, BinaryRepeatParams());
        // bitwise mask: elements 0, 2, 4 .. of one repeat (every other one), into r[128..]
        uint64_t bits[2] = {0x5555555555555555ull, 0};
        Muls(r[128], x, 2.0f, bits, 1, UnaryRepeatParams());
        // strided read: dst block j <- src block 2j (srcBlkStride 2), one repeat, into r[192..]
        Adds(r[192], x, 0.5f, uint64_t(64), 1, UnaryRepeatParams(1, 2, 8, 16));
        // Duplicate with repeat stride 16 blocks: 8 elements (one block) per repeat, 3 repeats, into r[256..]
        Duplicate(r[256], 7.0f, uint64_t(8), 3, 1, 2);
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out);
        DataCopy(g, r, 512);
    };
    Io io(4096, 4096);
    ASSERT_TRUE(Ok(io.Run(k, 1)));
    const float* o = io.Out<float>();
    for (int i = 0; i < 128; ++i) EXPECT_EQ(o[i], (i % 64) < 32 ? float(i) + 100 : -1.0f) << i;
    for (int i = 0; i < 64; ++i) EXPECT_EQ(o[128 + i], i % 2 == 0 ? 2.0f * i : -1.0f) << i;
    for (int i = 0; i < 64; ++i) EXPECT_EQ(o[192 + i], float((i / 8) * 16 + i % 8) + 0.5f) << i;
    for (int i = 0; i < 64; ++i) EXPECT_EQ(o[256 + i], (i % 16) < 8 && i < 48 ? 7.0f : -1.0f) << i;
    auto r = ascend_sim::LastLaunch();
    EXPECT_EQ(r.total.vecOps[int(ascend_sim::VecOp::Add)].elements, 64u);
    EXPECT_EQ(r.total.vecOps[int(ascend_sim::VecOp::Muls)].elements, 32u);
}

// ---------------------------------------------------------------- the launcher
#include <atomic>
#include <chrono>
#include <thread>

namespace {
std::atomic<int> g_inside{0};
std::atomic<int> g_maxInside{0};
}  // namespace

TEST(SimOps, BlocksRunConcurrently) {
    // White box: every block waits (bounded) until all blocks are inside the kernel at once.
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        const int now = ++g_inside;
        int prev = g_maxInside.load();
        while (prev < now && !g_maxInside.compare_exchange_weak(prev, now)) {
        }
        const auto t0 = std::chrono::steady_clock::now();
        while (g_maxInside.load() < int(GetBlockNum()) &&
               std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5))
            std::this_thread::yield();
        --g_inside;
    };
    g_inside = 0;
    g_maxInside = 0;
    Io io;
    ASSERT_TRUE(Ok(io.Run(k, 2)));
    EXPECT_EQ(g_maxInside.load(), 2);
}

TEST(SimOps, LaunchErrorsAndMessageFormat) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) {};
    Io io;
    EXPECT_TRUE(FailedWith(io.Run(k, 0), "launch-params"));
    EXPECT_TRUE(Ok(io.Run(k, 3)));
    EXPECT_EQ(ascend_sim::LastError(), "");
    EXPECT_EQ(ascend_sim::LastLaunch().cores.size(), 3u);
}

TEST(SimOps, CostModelSyncAllPhases) {
    // Phase 0: block 0 moves 8 KiB, block 1 1 KiB; phase 1 the other way round.  Each phase costs its
    // slowest core, so the kernel costs two heavy phases plus the barrier, not max(core totals).
    struct P {
        uint32_t heavyFirst[2];
    };
    auto k = +[](GM_ADDR in, GM_ADDR out, GM_ADDR, P p) {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 8192);
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in);
        const bool heavyFirst = p.heavyFirst[GetBlockIdx()] != 0;
        DataCopy(b.Get<float>(), g, heavyFirst ? 2048 : 256);
        PipeBarrier<PIPE_MTE2>();  // the second copy rewrites the same UB
        if (GetBlockNum() > 1) SyncAll();
        DataCopy(b.Get<float>(), g, heavyFirst ? 256 : 2048);
        PipeBarrier<PIPE_ALL>();
    };
    Io one(8192);
    one.SetTiling(P{{1, 0}});
    ASSERT_TRUE(Ok(one.Run(k, 1)));
    const auto single = ascend_sim::LastLaunch();
    Io io(8192);
    io.SetTiling(P{{1, 0}});
    ASSERT_TRUE(Ok(io.Run(k, 2)));
    const auto r = ascend_sim::LastLaunch();
    EXPECT_EQ(r.phases, 2u);
    const ascend_sim::SocProfile& s = ascend_sim::ActiveSoc();
    const double cyc = s.clockGHz * 1e3;
    const double heavy = 8192.0 / (r.perCoreDmaGBps * 1e3) + s.dmaInstrOverheadCycles / cyc;
    EXPECT_NEAR(r.modeledTimeUs, 2 * heavy + s.syncAllUs, 1e-9);
    EXPECT_GT(r.modeledTimeUs, single.modeledTimeUs);  // a single block moves the same bytes without waiting
    EXPECT_NEAR(r.imbalance, 0.0, 1e-12);  // both cores do the same total work (imbalance is per-core busy time)
    EXPECT_NE(std::string(aclsimLastLaunchJson()).find("\"phases\": 2"), std::string::npos);
}

TEST(SimOps, StrictLevel1IsTheDefault) {
    if (std::getenv("ASCEND_SIM_STRICT") != nullptr) GTEST_SKIP() << "ASCEND_SIM_STRICT is set";
    EXPECT_EQ(ascend_sim::StrictLevel(), 1);
}

TEST(SimOps, DevicePrintf) {
    auto k = +[](GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR) { AscendC::PRINTF("value %d of %s\n", 42, "sim"); };
    Io io;
    testing::internal::CaptureStdout();
    ASSERT_TRUE(Ok(io.Run(k, 1)));
    const std::string outText = testing::internal::GetCapturedStdout();
    EXPECT_NE(outText.find("[block 0] value 42 of sim"), std::string::npos) << outText;
}

TEST(SimOps, DmaSectorGranularity) {
    // Two 12 B rows 4 B apart starting at byte 4: 24 B of data, but each row occupies a 32 B sector.
    auto k = +[](GM_ADDR in, GM_ADDR, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECIN> b;
        pipe.InitBuffer(b, 256);
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)in);
        DataCopyPad(b.Get<float>(), g[1], DataCopyExtParams(2, 12, 4, 0, 0), DataCopyPadExtParams<float>());
        PipeBarrier<PIPE_ALL>();
    };
    Io io;
    ASSERT_TRUE(Ok(io.Run(k, 1)));
    const auto r = ascend_sim::LastLaunch();
    EXPECT_EQ(r.total.gmReadBytes, 24u);
    EXPECT_EQ(r.total.gmReadSectorBytes, 64u);
    const ascend_sim::SocProfile& s = ascend_sim::ActiveSoc();
    EXPECT_NEAR(r.cores[0].dmaTimeUs, 64.0 / (r.perCoreDmaGBps * 1e3) + s.dmaInstrOverheadCycles / (s.clockGHz * 1e3),
                1e-12);
}

TEST(SimOps, SelectMode0ReusesTheMaskEveryRepeat) {
    auto k = +[](GM_ADDR, GM_ADDR out, GM_ADDR, GM_ADDR) {
        TPipe pipe;
        TBuf<TPosition::VECCALC> a, b, m, d;
        pipe.InitBuffer(a, 512);
        pipe.InitBuffer(b, 512);
        pipe.InitBuffer(m, 32);
        pipe.InitBuffer(d, 1024);
        LocalTensor<float> x = a.Get<float>(), y = b.Get<float>(), r = d.Get<float>();
        LocalTensor<uint8_t> mask = m.Get<uint8_t>();
        CreateVecIndex(x, 0.0f, 128);
        Duplicate(y, -1.0f, 128);
        Duplicate(mask.ReinterpretCast<uint32_t>(), 0u, 8);
        mask.SetValue(0, uint8_t(0x0F));  // elements 0..3 of every 64-element repeat (mode 0)
        Select(r, mask, x, y, SELMODE::VSEL_CMPMASK_SPR, 128);
        Select(r[128], mask, x, y, SELMODE::VSEL_TENSOR_TENSOR_MODE, 128);  // consumes 128 bits
        PipeBarrier<PIPE_ALL>();
        GlobalTensor<float> g;
        g.SetGlobalBuffer((__gm__ float*)out);
        DataCopy(g, r, 256);
    };
    Io io;
    ASSERT_TRUE(Ok(io.Run(k, 1)));
    const float* o = io.Out<float>();
    for (int i = 0; i < 128; ++i) {
        EXPECT_EQ(o[i], (i % 64) < 4 ? float(i) : -1.0f) << i;
        EXPECT_EQ(o[128 + i], i < 4 ? float(i) : -1.0f) << i;
    }
}

// ---------------------------------------------------------------- CPU-twin debugging API spelling
#include "tikicpulib.h"

namespace {
extern "C" __global__ __aicore__ void icpu_scale(GM_ADDR x, GM_ADDR y, GM_ADDR, GM_ADDR scale) {
    TPipe pipe;
    TQue<TPosition::VECIN, 1> qi;
    TQue<TPosition::VECOUT, 1> qo;
    pipe.InitBuffer(qi, 1, 256);
    pipe.InitBuffer(qo, 1, 256);
    GlobalTensor<float> gx, gy;
    gx.SetGlobalBuffer((__gm__ float*)x + GetBlockIdx() * 64, 64);
    gy.SetGlobalBuffer((__gm__ float*)y + GetBlockIdx() * 64, 64);
    LocalTensor<float> a = qi.AllocTensor<float>();
    DataCopy(a, gx, 64);
    qi.EnQue(a);
    a = qi.DeQue<float>();
    LocalTensor<float> b = qo.AllocTensor<float>();
    GlobalTensor<float> gs;
    gs.SetGlobalBuffer((__gm__ float*)scale, 1);
    Muls(b, a, gs.GetValue(0), 64);
    qo.EnQue(b);
    qi.FreeTensor(a);
    b = qo.DeQue<float>();
    DataCopy(gy, b, 64);
    qo.FreeTensor(b);
}
}  // namespace

TEST(SimOps, TikicpulibSpelling) {
    uint8_t* x = (uint8_t*)AscendC::GmAlloc(2 * 64 * 4);
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(2 * 64 * 4);
    uint8_t* ws = (uint8_t*)AscendC::GmAlloc(64);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(8);
    for (int i = 0; i < 128; ++i) reinterpret_cast<float*>(x)[i] = float(i);
    reinterpret_cast<float*>(tiling)[0] = 3.0f;
    ASSERT_TRUE(Ok(ICPU_RUN_KF(icpu_scale, 2, x, y, ws, tiling)));
    for (int i = 0; i < 128; ++i) EXPECT_EQ(reinterpret_cast<float*>(y)[i], 3.0f * i);
    EXPECT_EQ(ascend_sim::LastLaunch().kernel, "icpu_scale");
    // GM bounds come from the GmAlloc sizes
    EXPECT_TRUE(FailedWith(ICPU_RUN_KF(icpu_scale, 3, x, y, ws, tiling), "gm-bounds"));
    AscendC::GmFree(x);
    AscendC::GmFree(y);
    AscendC::GmFree(ws);
    AscendC::GmFree(tiling);
}
