// Interpolate-4 kernel on the sim, launched directly (PlanInterpolate + LaunchInterpolateKernel, the
// two calls the aclnn layer makes), against a float64 application of the same per-axis taps.
// Semantics of the taps themselves are checked against the Python reference in
// tests/test_interpolate_kernel.py; this test pins the kernel machinery (passes, chunks, windows,
// core split, dtype conversion and rounding, unaligned edges) on both SoC profiles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "ascend_sim/kernel_types.h"
#include "ascend_sim/launch.h"
#include "ascend_sim/report.h"
#include "ascend_sim/soc.h"
#include "interpolate_launch.h"
#include "platform.h"
#include "interpolate_tiling.h"

namespace {

using interp::CoordMode;
using interp::InterpMode;
using interp::NearestMode;

ai::PlatformInfo ActivePlatform() { return ai::api::PlatformOf(ascend_sim::ActiveSoc()); }

// Storage conversions of one element.
double Load(const uint8_t* p, ai::DType t)
{
    switch (t) {
        case ai::DType::F32: { float v; std::memcpy(&v, p, 4); return v; }
        case ai::DType::F16: { half v; std::memcpy(&v, p, 2); return static_cast<float>(v); }
        case ai::DType::BF16: { bfloat16_t v; std::memcpy(&v, p, 2); return static_cast<float>(v); }
        case ai::DType::I8: return static_cast<int8_t>(*p);
        case ai::DType::U8: return *p;
        default: { int32_t v; std::memcpy(&v, p, 4); return v; }
    }
}

void Store(uint8_t* p, ai::DType t, double v)
{
    switch (t) {
        case ai::DType::F32: { float f = static_cast<float>(v); std::memcpy(p, &f, 4); break; }
        case ai::DType::F16: { half h(v); std::memcpy(p, &h, 2); break; }
        case ai::DType::BF16: { bfloat16_t h(v); std::memcpy(p, &h, 2); break; }
        case ai::DType::I8: { double r = std::nearbyint(v); r = std::fmin(std::fmax(r, -128), 127); *p = static_cast<uint8_t>(static_cast<int8_t>(r)); break; }
        case ai::DType::U8: { double r = std::nearbyint(v); r = std::fmin(std::fmax(r, 0), 255); *p = static_cast<uint8_t>(r); break; }
        default: { double r = std::nearbyint(v); r = std::fmin(std::fmax(r, -2147483648.0), 2147483647.0); int32_t i = static_cast<int32_t>(r); std::memcpy(p, &i, 4); break; }
    }
}

// Separable float64 application of the per-axis taps (padding: taps of weight 0).
std::vector<double> Reference(const ai::InterpolateProblem& p, const std::vector<double>& x)
{
    std::vector<double> cur = x;
    int64_t shape[5];
    for (int d = 0; d < p.rank; ++d) shape[d] = p.inShape[d];
    for (int d = 0; d < p.rank; ++d) {
        if (!p.resized[d] && p.padsBegin[d] == 0 && p.padsEnd[d] == 0) continue;
        ai::InterpolateAxisTaps t;
        std::string err;
        EXPECT_TRUE(ai::BuildInterpolateAxisTaps(p, d, &t, &err)) << err;
        int64_t outer = 1, inner = 1;
        for (int j = 0; j < d; ++j) outer *= shape[j];
        for (int j = d + 1; j < p.rank; ++j) inner *= shape[j];
        const int64_t inLen = shape[d], outLen = p.outShape[d];
        std::vector<double> next(static_cast<size_t>(outer * outLen * inner), 0.0);
        for (int64_t b = 0; b < outer; ++b)
            for (int64_t o = 0; o < outLen; ++o)
                for (uint32_t k = 0; k < t.numTaps; ++k) {
                    const double w = t.weight[o * t.numTaps + k];
                    if (w == 0.0) continue;
                    const int64_t s = t.srcIndex[o * t.numTaps + k];
                    for (int64_t j = 0; j < inner; ++j)
                        next[(b * outLen + o) * inner + j] += w * cur[(b * inLen + s) * inner + j];
                }
        cur.swap(next);
        shape[d] = outLen;
    }
    return cur;
}

struct Case {
    std::vector<int64_t> in, out, pb, pe;
    InterpMode mode;
    CoordMode coord = CoordMode::HALF_PIXEL;
    NearestMode nearest = NearestMode::ROUND_PREFER_FLOOR;
    bool antialias = false;
    ai::DType dtype = ai::DType::F32;
};

ai::InterpolateProblem MakeProblem(const Case& c)
{
    ai::InterpolateProblem p;
    p.rank = static_cast<int32_t>(c.in.size());
    for (int d = 0; d < p.rank; ++d) {
        p.inShape[d] = c.in[d];
        p.padsBegin[d] = c.pb.empty() ? 0 : c.pb[d];
        p.padsEnd[d] = c.pe.empty() ? 0 : c.pe[d];
        const int64_t padded = p.inShape[d] + p.padsBegin[d] + p.padsEnd[d];
        p.outShape[d] = c.out[d];
        p.inAxes[d] = c.out[d] != c.in[d];
        p.scale[d] = p.inAxes[d] ? interp::SizesModeScale(c.out[d], padded) : 1.0f;
        if (!p.inAxes[d]) p.outShape[d] = padded;
        p.resized[d] = p.inAxes[d] && !interp::IsIdentityAxis(p.outShape[d], padded, p.scale[d]);
    }
    p.mode = c.mode;
    p.coordMode = c.coord;
    p.nearestMode = c.nearest;
    p.antialias = c.antialias;
    p.dtype = c.dtype;
    return p;
}

void RunCase(const Case& c, uint32_t seed)
{
    SCOPED_TRACE("seed " + std::to_string(seed));
    const ai::InterpolateProblem p = MakeProblem(c);
    const ai::PlatformInfo platform = ActivePlatform();
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(p, platform, &plan, &err)) << err;
    const uint32_t sz = ai::DTypeSize(p.dtype);
    int64_t inN = 1, outN = 1;
    for (int d = 0; d < p.rank; ++d) {
        inN *= p.inShape[d];
        outN *= p.outShape[d];
    }
    std::mt19937 rng(seed);
    std::vector<uint8_t> x(static_cast<size_t>(inN) * sz);
    std::vector<double> xv(static_cast<size_t>(inN));
    for (int64_t i = 0; i < inN; ++i) {
        double v;
        if (p.dtype == ai::DType::U8) v = static_cast<double>(rng() % 256);
        else if (p.dtype == ai::DType::I8) v = static_cast<double>(static_cast<int>(rng() % 256) - 128);
        else if (p.dtype == ai::DType::I32) v = static_cast<double>(static_cast<int>(rng() % 20001) - 10000);
        else v = std::normal_distribution<double>(0.0, 4.0)(rng);
        Store(&x[i * sz], p.dtype, v);
        xv[i] = Load(&x[i * sz], p.dtype);
    }
    std::vector<double> want = Reference(p, xv);
    ASSERT_EQ(static_cast<int64_t>(want.size()), outN);
    std::vector<uint8_t> y(static_cast<size_t>(outN) * sz, 0xA5);  // poison
    if (plan.blockDim == 0) return;
    const uint64_t wsBytes = plan.userWorkspaceBytes;
    std::vector<uint8_t> ws(wsBytes + 64, 0x5A);
    if (!plan.workspaceInit.empty()) std::memcpy(ws.data(), plan.workspaceInit.data(), plan.workspaceInit.size());
    const KernelLaunchArgs args{plan.blockDim, nullptr, x.data(), x.size(), y.data(), y.size(),
                                wsBytes ? ws.data() : nullptr, wsBytes, plan.tiling.data(), plan.tiling.size()};
    const int rc = LaunchInterpolateKernel(args);
    ASSERT_EQ(rc, 0) << ascend_sim::LastError();
    // The planner's UB budget is an upper bound of what the kernel allocates (per pass).
    {
        interp::InterpolateTilingData td;
        std::memcpy(&td, plan.tiling.data(), sizeof(td));
        uint64_t budget = 0;
        const uint64_t syncUb = uint64_t(platform.coreNum) * 32;
        for (uint32_t i = 0; i < td.numPasses; ++i) {
            const interp::InterpolatePassTiling& pt = td.pass[i];
            const uint64_t b = pt.common.layout == interp::kLayoutRows
                                   ? interp::InterpolateRowsUbLayout(pt.common, pt.rows, syncUb).total
                                   : interp::InterpolateGatherUbLayout(pt.common, pt.gather, syncUb).total;
            budget = std::max<uint64_t>(budget, b);
        }
        EXPECT_LE(ascend_sim::LastLaunch().total.peakUbBytes, budget);
    }
    double xmax = 1.0;
    for (double v : xv) xmax = std::fmax(xmax, std::fabs(v));
    int bad = 0;
    for (int64_t i = 0; i < outN && bad < 5; ++i) {
        const double g = Load(&y[i * sz], p.dtype);
        const double w = want[i];
        double tol;
        switch (p.dtype) {
            case ai::DType::F32: tol = 1e-5 * std::fabs(w) + 1e-5 * xmax; break;
            case ai::DType::F16: tol = 2.0 * std::ldexp(1.0, std::ilogb(std::fmax(std::fabs(w), 6.1e-5)) - 10) + 1e-6 * xmax; break;
            case ai::DType::BF16: tol = 2.0 * std::ldexp(1.0, std::ilogb(std::fmax(std::fabs(w), 1e-30)) - 7) + 1e-6 * xmax; break;
            default: tol = c.mode == InterpMode::NEAREST ? 0.0 : 1.0; break;
        }
        double wr = w;
        if (p.dtype == ai::DType::I8 || p.dtype == ai::DType::U8 || p.dtype == ai::DType::I32) {
            uint8_t buf[4];
            Store(buf, p.dtype, w);
            wr = Load(buf, p.dtype);
        }
        if (!(std::fabs(g - wr) <= tol)) {
            ADD_FAILURE() << "element " << i << ": got " << g << ", want " << wr << " (tol " << tol << ")";
            ++bad;
        }
    }
}

class InterpolateKernel : public ::testing::TestWithParam<const char*> {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(ascend_sim::SetActiveSoc(GetParam()));
        ascend_sim::SetStrictLevel(2);  // every cross-pipe UB access needs its sync edge
    }
    void TearDown() override
    {
        ascend_sim::SetStrictLevel(0);
        ascend_sim::SetActiveSoc("ascend910b");
    }
};

const ai::DType kDtypes[] = {ai::DType::F32, ai::DType::F16, ai::DType::BF16,
                             ai::DType::I8,  ai::DType::U8,  ai::DType::I32};
const InterpMode kModes[] = {InterpMode::NEAREST, InterpMode::LINEAR, InterpMode::LINEAR_ONNX, InterpMode::CUBIC};

bool Skip(ai::DType dt) { return dt == ai::DType::BF16 && !ascend_sim::ActiveSoc().hasBf16; }

TEST_P(InterpolateKernel, EveryModeAndDtypeOn2dNchw)
{
    uint32_t seed = 1;
    for (auto dt : kDtypes) {
        if (Skip(dt)) continue;
        for (auto mode : kModes) {
            SCOPED_TRACE(std::string(ai::DTypeName(dt)) + " mode " + std::to_string(static_cast<int>(mode)));
            RunCase(Case{{1, 2, 5, 7}, {1, 2, 9, 4}, {}, {}, mode}, seed++);
            Case c{{2, 3, 6, 10}, {2, 3, 3, 23}, {}, {}, mode};
            c.dtype = dt;
            RunCase(c, seed++);
        }
    }
}

TEST_P(InterpolateKernel, PaddingAntialiasAndRanks)
{
    uint32_t seed = 100;
    for (auto dt : kDtypes) {
        if (Skip(dt)) continue;
        SCOPED_TRACE(ai::DTypeName(dt));
        Case pad{{2, 3, 4}, {2, 3, 9}, {1, 0, 2}, {0, 2, 1}, InterpMode::NEAREST};
        pad.dtype = dt;
        RunCase(pad, seed++);
        pad.mode = InterpMode::LINEAR_ONNX;
        RunCase(pad, seed++);
        Case aa{{1, 2, 17, 33}, {1, 2, 5, 8}, {}, {}, InterpMode::LINEAR};
        aa.antialias = true;
        aa.dtype = dt;
        RunCase(aa, seed++);
        Case r1{{11}, {3}, {}, {}, InterpMode::CUBIC};
        r1.dtype = dt;
        RunCase(r1, seed++);
        Case r5{{2, 3, 2, 3, 4}, {2, 3, 4, 5, 3}, {0, 1, 0, 0, 1}, {0, 0, 1, 0, 0}, InterpMode::LINEAR};
        r5.dtype = dt;
        RunCase(r5, seed++);
        // padding on the last dimension (a copy pass) before a weighted pass on dimension 0
        Case lastPad{{6, 5}, {9, 6}, {0, 1}, {0, 0}, InterpMode::LINEAR_ONNX};
        lastPad.dtype = dt;
        RunCase(lastPad, seed++);
        Case copy{{3, 5}, {3, 5}, {}, {}, InterpMode::CUBIC};
        copy.dtype = dt;
        RunCase(copy, seed++);
    }
}

TEST_P(InterpolateKernel, LargerShapesSpanChunksAndCores)
{
    RunCase(Case{{1, 3, 40, 70}, {1, 3, 81, 133}, {}, {}, InterpMode::LINEAR_ONNX}, 7);
    Case c{{2, 3, 33, 45}, {2, 3, 16, 77}, {}, {}, InterpMode::CUBIC};
    c.dtype = ai::DType::F16;
    RunCase(c, 8);
    Case n{{3, 50, 64}, {3, 50, 4133}, {1, 0, 0}, {0, 2, 3}, InterpMode::NEAREST};
    n.dtype = ai::DType::U8;
    RunCase(n, 9);
    // Identity inner blocks cut into column bands: too long for UB, and unaligned rows (310P).
    Case band{{1, 1, 3, 150, 200}, {1, 1, 5, 150, 200}, {}, {}, InterpMode::CUBIC};
    RunCase(band, 11);
    Case bandPad{{2, 5, 45}, {2, 9, 45}, {0, 1, 0}, {0, 0, 0}, InterpMode::LINEAR_ONNX};
    bandPad.dtype = ai::DType::F16;
    RunCase(bandPad, 12);
    Case bandNearest{{2, 5, 45}, {2, 3, 45}, {}, {}, InterpMode::NEAREST};
    bandNearest.dtype = ai::DType::I8;
    RunCase(bandNearest, 13);
    // Short rows of many channels: B outer blocks per vector instruction / DMA (outerBatch).
    uint32_t seed = 20;
    for (auto dt : kDtypes) {
        if (Skip(dt)) continue;
        for (auto mode : kModes) {
            Case ch{{2, 96, 14, 16}, {2, 96, 28, 24}, {0, 0, 1, 0}, {0, 0, 0, 0}, mode};
            ch.dtype = dt;
            RunCase(ch, seed++);
        }
    }
    Case a{{6000}, {1501}, {}, {}, InterpMode::LINEAR};
    a.antialias = true;
    a.dtype = ai::DType::I8;
    RunCase(a, 10);
}

INSTANTIATE_TEST_SUITE_P(Soc, InterpolateKernel, ::testing::Values("ascend910b", "ascend310p"));

}  // namespace
