// UpsampleTrilinear3d kernel on the sim, below the aclnn layer: plan -> launch -> compare with a
// float64 separable reference (PyTorch's nesting: W innermost, every tap multiplied), every element
// poisoned before the launch, both SoC profiles, all three dtypes, both layouts, both modes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ascend_sim/kernel_types.h"  // half / bfloat16_t storage types and their conversions
#include "ascend_sim/launch.h"
#include "ascend_sim/report.h"
#include "ascend_sim/soc.h"
#include "platform.h"
#include "upsample_trilinear3d_launch.h"
#include "upsample_trilinear3d_tiling.h"

namespace {

ai::PlatformInfo PlatformOf(const char* soc) { return ai::api::PlatformOf(*ascend_sim::FindSoc(soc)); }

uint16_t ToHalfBits(float v) { return half(v).bits_; }
float FromHalfBits(uint16_t b) { return static_cast<float>(half::FromBits(b)); }
uint16_t ToBf16Bits(float v) { return bfloat16_t(v).bits_; }
float FromBf16Bits(uint16_t b) { return static_cast<float>(bfloat16_t::FromBits(b)); }

struct Axis {
    std::vector<int64_t> i0, i1;
    std::vector<double> l0, l1;
};

Axis AxisOf(int64_t in, int64_t out, bool align, double scale)
{
    Axis a;
    const float ratio = interp::TrilinearRatio(in, out, align, scale);
    for (int64_t o = 0; o < out; ++o) {
        int64_t i0, i1;
        float l0, l1;
        interp::TrilinearAxisTaps(ratio, o, in, out, align, &i0, &i1, &l0, &l1);
        a.i0.push_back(i0);
        a.i1.push_back(i1);
        a.l0.push_back(l0);
        a.l1.push_back(l1);
    }
    return a;
}

// float64 reference in NCDHW; input already rounded to the io dtype.
std::vector<double> Reference(const ai::TrilinearProblem& p, const std::vector<double>& x)
{
    const Axis ad = AxisOf(p.inD, p.outD, p.alignCorners, p.scalesD);
    const Axis ah = AxisOf(p.inH, p.outH, p.alignCorners, p.scalesH);
    const Axis aw = AxisOf(p.inW, p.outW, p.alignCorners, p.scalesW);
    const int64_t nc = p.n * p.c;
    std::vector<double> y(nc * p.outD * p.outH * p.outW);
    for (int64_t s = 0; s < nc; ++s) {
        const double* xs = x.data() + s * p.inD * p.inH * p.inW;
        for (int64_t od = 0; od < p.outD; ++od)
            for (int64_t oh = 0; oh < p.outH; ++oh)
                for (int64_t ow = 0; ow < p.outW; ++ow) {
                    auto wrow = [&](int64_t d, int64_t h) {
                        const double* r = xs + (d * p.inH + h) * p.inW;
                        return aw.l0[ow] * r[aw.i0[ow]] + aw.l1[ow] * r[aw.i1[ow]];
                    };
                    auto hpl = [&](int64_t d) {
                        return ah.l0[oh] * wrow(d, ah.i0[oh]) + ah.l1[oh] * wrow(d, ah.i1[oh]);
                    };
                    y[((s * p.outD + od) * p.outH + oh) * p.outW + ow] =
                        ad.l0[od] * hpl(ad.i0[od]) + ad.l1[od] * hpl(ad.i1[od]);
                }
    }
    return y;
}

struct RunResult {
    int status = 0;
    std::string error;
    std::vector<double> y;  // NCDHW order
};

// Runs the kernel; x is NCDHW doubles (already representable in the dtype).
RunResult RunKernel(const ai::TrilinearProblem& p, const char* soc, const std::vector<double>& xNcdhw)
{
    RunResult rr;
    ascend_sim::SetActiveSoc(soc);
    const ai::PlatformInfo platform = PlatformOf(soc);
    ai::KernelPlan plan;
    std::string err;
    if (!ai::PlanUpsampleTrilinear3d(p, platform, &plan, &err)) {
        rr.status = -1;
        rr.error = "plan: " + err;
        return rr;
    }
    const size_t es = ai::DTypeSize(p.dtype);
    const int64_t inElems = p.n * p.c * p.inD * p.inH * p.inW;
    const int64_t outElems = p.n * p.c * p.outD * p.outH * p.outW;
    const int64_t inSp = p.inD * p.inH * p.inW, outSp = p.outD * p.outH * p.outW;
    std::vector<uint8_t> x(inElems * es), y(outElems * es);
    for (int64_t i = 0; i < inElems; ++i) {
        // storage index: NCDHW or NDHWC
        const int64_t s = i / inSp, sp = i % inSp;
        const int64_t n = s / p.c, c = s % p.c;
        const int64_t at = p.channelsLast ? (n * inSp + sp) * p.c + c : i;
        const float v = static_cast<float>(xNcdhw[i]);
        if (es == 4) std::memcpy(&x[at * 4], &v, 4);
        else {
            const uint16_t b = p.dtype == ai::DType::F16 ? ToHalfBits(v) : ToBf16Bits(v);
            std::memcpy(&x[at * 2], &b, 2);
        }
    }
    std::memset(y.data(), 0xFF, y.size());  // poison: NaN in every dtype
    std::vector<uint8_t> ws(plan.userWorkspaceBytes);
    if (!plan.workspaceInit.empty()) std::memcpy(ws.data(), plan.workspaceInit.data(), plan.workspaceInit.size());
    const KernelLaunchArgs args{plan.blockDim, nullptr, x.data(), x.size(), y.data(), y.size(),
                                ws.empty() ? nullptr : ws.data(), ws.size(), plan.tiling.data(), plan.tiling.size()};
    rr.status = LaunchUpsampleTrilinear3dKernel(args);
    if (rr.status != 0) {
        rr.error = ascend_sim::LastError();
        return rr;
    }
    rr.y.resize(outElems);
    for (int64_t i = 0; i < outElems; ++i) {
        const int64_t s = i / outSp, sp = i % outSp;
        const int64_t n = s / p.c, c = s % p.c;
        const int64_t at = p.channelsLast ? (n * outSp + sp) * p.c + c : i;
        if (es == 4) {
            float v;
            std::memcpy(&v, &y[at * 4], 4);
            rr.y[i] = v;
        } else {
            uint16_t b;
            std::memcpy(&b, &y[at * 2], 2);
            rr.y[i] = p.dtype == ai::DType::F16 ? FromHalfBits(b) : FromBf16Bits(b);
        }
    }
    return rr;
}

double RoundTo(ai::DType dt, double v)
{
    if (dt == ai::DType::F32) return static_cast<float>(v);
    if (dt == ai::DType::F16) return FromHalfBits(ToHalfBits(static_cast<float>(v)));
    return FromBf16Bits(ToBf16Bits(static_cast<float>(v)));
}

// ulp of the io dtype at |v|
double UlpOf(ai::DType dt, double v)
{
    const int mant = dt == ai::DType::F16 ? 10 : 7;
    const int emin = dt == ai::DType::F16 ? -14 : -126;
    int e = 0;
    std::frexp(std::fabs(v), &e);
    e -= 1;
    if (e < emin) e = emin;
    return std::ldexp(1.0, e - mant);
}

// Checks kernel vs reference; returns the number of mismatches (prints the first few).
int Compare(const ai::TrilinearProblem& p, const std::vector<double>& ref, const std::vector<double>& got,
            const std::string& what)
{
    int bad = 0;
    for (size_t i = 0; i < ref.size(); ++i) {
        const double r = ref[i], g = got[i];
        bool ok;
        if (std::isnan(r)) ok = std::isnan(g);
        else if (std::isinf(r)) ok = g == r;
        else if (p.dtype == ai::DType::F32) ok = std::fabs(g - r) <= 1e-5 * std::max(1.0, std::fabs(r));
        else {
            // 2 output ulps, plus the fp32 evaluation error near zero (cancellation of inputs of
            // magnitude <= 4: a few fp32 ulps of 4), where output ulps are far below fp32's.
            const double rr = RoundTo(p.dtype, r);
            ok = !std::isnan(g) && std::fabs(g - rr) <= 2 * UlpOf(p.dtype, rr) + 4.0 * 4.0 * std::ldexp(1.0, -24);
        }
        if (!ok) {
            if (bad < 5) ADD_FAILURE() << what << ": element " << i << " got " << g << " want " << r;
            ++bad;
        }
    }
    return bad;
}

struct Case {
    int64_t n, c, inD, inH, inW, outD, outH, outW;
    bool align;
    bool channelsLast;
};

std::vector<double> RandomInput(const ai::TrilinearProblem& p, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-4.0f, 4.0f);
    std::vector<double> x(p.n * p.c * p.inD * p.inH * p.inW);
    for (auto& v : x) v = RoundTo(p.dtype, u(rng));
    return x;
}

ai::TrilinearProblem ProblemOf(const Case& k, ai::DType dt)
{
    ai::TrilinearProblem p;
    p.n = k.n; p.c = k.c;
    p.inD = k.inD; p.inH = k.inH; p.inW = k.inW;
    p.outD = k.outD; p.outH = k.outH; p.outW = k.outW;
    p.alignCorners = k.align;
    p.channelsLast = k.channelsLast;
    p.dtype = dt;
    return p;
}

const Case kCases[] = {
    {1, 1, 2, 2, 2, 4, 4, 4, false, false},          // CANN golden shape, volume mode
    {1, 2, 3, 5, 7, 6, 9, 13, false, false},         // odd sizes, unaligned rows
    {1, 3, 4, 6, 10, 4, 6, 10, false, false},        // identity axes
    {2, 2, 8, 9, 33, 3, 4, 5, true, false},          // downscale, align corners
    {1, 1, 1, 1, 1, 3, 2, 5, false, false},          // size-1 input, tiny output
    {1, 2, 5, 4, 3, 1, 1, 1, true, false},           // size-1 output
    {1, 4, 4, 16, 24, 8, 32, 48, false, false},      // rows mode, several chunks
    {2, 3, 3, 4, 5, 5, 7, 9, false, true},           // NDHWC
    {1, 1, 2, 3, 100, 3, 5, 2, false, false},        // W downscale 50x
    {3, 5, 2, 2, 2, 3, 3, 3, false, false},          // tiny slabs, many: 27-element output slabs
    {1, 1, 3, 40, 20, 9, 81, 41, false, false},      // rows mode, 41-wide rows
    {40, 3, 2, 3, 2, 4, 4, 4, false, false},         // volume mode across cores
    {1, 1, 1, 1, 1, 1, 1, 64, false, false},         // 1 -> 64 on W
    {1, 2, 3, 120, 600, 2, 2, 10, false, false},     // 60x downscale on H and W
    {2, 8, 3, 4, 6, 5, 8, 11, true, true},           // NDHWC, align corners
    {1, 1, 2, 3, 4, 130, 3, 4, false, false},        // 65x upscale on D, identity H/W
    {1, 64, 3, 5, 40, 4, 6, 200, false, true},       // NDHWC, 12800-element rows: W chunks
    {1, 1, 2, 3, 9000, 3, 4, 20000, true, false},    // very wide W: W chunks
    {2, 128, 5, 3, 64, 7, 7, 1, false, true},        // NDHWC, 64 -> 1 on W: sub-row loads
    {1, 1, 2, 600, 300, 2, 10, 2, false, false},     // 60x H downscale, 2-wide rows: pair rows on 310P
    {1, 3, 64, 8, 100, 3, 1, 3, false, true},        // NDHWC planes under 32 B, big input volume
    {2, 3, 9, 5, 7, 12, 1, 3, false, false},         // planes of 3 elements: one write per D chunk on 310P
    {1, 150, 2, 5, 40, 3, 4, 75, false, true},       // NDHWC rows of 11250 elements, not 32 B multiples
    {2, 16, 31, 31, 1, 1, 1, 7, true, false},        // 7-element outputs of big volumes (310P: sparse rows)
    {2, 2, 31, 64, 8, 1, 1, 1, false, false},        // one output per (n, c), 15872 inputs
    {2, 1, 40, 40, 41, 2, 2, 2, true, false},        // 310P fp16 sparse rows ending at the tensor's end
};

class TrilinearKernel : public ::testing::TestWithParam<std::tuple<const char*, ai::DType>> {};

TEST_P(TrilinearKernel, MatchesReference)
{
    const char* soc = std::get<0>(GetParam());
    const ai::DType dt = std::get<1>(GetParam());
    if (dt == ai::DType::BF16 && std::string(soc) == "ascend310p") GTEST_SKIP() << "no bf16 on 310P";
    uint32_t seed = 1;
    for (const Case& k : kCases) {
        const ai::TrilinearProblem p = ProblemOf(k, dt);
        const std::vector<double> x = RandomInput(p, seed++);
        const RunResult r = RunKernel(p, soc, x);
        const std::string what = std::string(soc) + " " + ai::DTypeName(dt) + " case " + std::to_string(seed - 1);
        ASSERT_EQ(r.status, 0) << what << ": " << r.error;
        EXPECT_EQ(Compare(p, Reference(p, x), r.y, what), 0) << what;
    }
    ascend_sim::SetActiveSoc("ascend910b");
}

// Strict pipe-hazard mode: every UB hand-over between pipes needs a sync edge (no auto-sync).
TEST(TrilinearKernelSpecial, StrictPipeHazardMode)
{
    ascend_sim::SetStrict(true);
    for (const char* soc : {"ascend910b", "ascend310p"}) {
        for (ai::DType dt : {ai::DType::F32, ai::DType::F16}) {
            uint32_t seed = 100;
            for (const Case& k : kCases) {
                const ai::TrilinearProblem p = ProblemOf(k, dt);
                const std::vector<double> x = RandomInput(p, seed++);
                const RunResult r = RunKernel(p, soc, x);
                const std::string what = std::string("strict ") + soc + " " + ai::DTypeName(dt) + " case " +
                                         std::to_string(seed - 100);
                EXPECT_EQ(r.status, 0) << what << ": " << r.error;
                if (r.status == 0) {
                    EXPECT_EQ(Compare(p, Reference(p, x), r.y, what), 0) << what;
                }
            }
        }
    }
    ascend_sim::SetStrict(false);
    ascend_sim::SetActiveSoc("ascend910b");
}

INSTANTIATE_TEST_SUITE_P(AllSocsDtypes, TrilinearKernel,
                         ::testing::Combine(::testing::Values("ascend910b", "ascend310p"),
                                            ::testing::Values(ai::DType::F32, ai::DType::F16, ai::DType::BF16)));

// 0 * inf = NaN on every axis, including identity axes (PyTorch multiplies every tap).
TEST(TrilinearKernelSpecial, InfAndNanPropagateLikePyTorch)
{
    for (const char* soc : {"ascend910b", "ascend310p"}) {
        const Case cases[] = {{1, 2, 3, 4, 5, 6, 8, 10, false, false}, {1, 2, 3, 4, 5, 3, 4, 5, false, false},
                              {1, 1, 4, 4, 4, 2, 2, 2, true, false}};
        for (const Case& k : cases) {
            const ai::TrilinearProblem p = ProblemOf(k, ai::DType::F32);
            std::vector<double> x = RandomInput(p, 7);
            x[3] = INFINITY;
            x[17] = -INFINITY;
            x[30] = NAN;
            const RunResult r = RunKernel(p, soc, x);
            ASSERT_EQ(r.status, 0) << r.error;
            EXPECT_EQ(Compare(p, Reference(p, x), r.y, soc), 0);
        }
    }
    ascend_sim::SetActiveSoc("ascend910b");
}

// The CANN example: 1..8 on 2x2x2 -> 4x4x4, exact affine values.
TEST(TrilinearKernelSpecial, CannGoldenExample)
{
    ai::TrilinearProblem p = ProblemOf({1, 1, 2, 2, 2, 4, 4, 4, false, false}, ai::DType::F32);
    std::vector<double> x = {1, 2, 3, 4, 5, 6, 7, 8};
    const RunResult r = RunKernel(p, "ascend910b", x);
    ASSERT_EQ(r.status, 0) << r.error;
    const double c[4] = {0, 0.25, 0.75, 1};
    for (int d = 0; d < 4; ++d)
        for (int h = 0; h < 4; ++h)
            for (int w = 0; w < 4; ++w)
                EXPECT_DOUBLE_EQ(r.y[(d * 4 + h) * 4 + w], 1 + 4 * c[d] + 2 * c[h] + c[w]);
}

}  // namespace
