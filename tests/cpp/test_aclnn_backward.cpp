// aclnnUpsampleTrilinear3dBackward and aclnnInterpolateBackward through the public C API: every
// parameter check of the trilinear backward in CANN's order (status code AND the parameter named in
// aclGetRecentErrMsg, gradInput untouched), the Interpolate backward's own rules, and results against
// an independent scatter-form transcription (each gradOut element adds lambda_d * lambda_h * lambda_w
// of itself to its eight taps, in double), contiguous, NDHWC and strided, on both SoCs, bit for bit
// the same on every SoC.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_sim_ext.h"
#include "aclnn_interpolate.h"
#include "aclnn_test_util.h"
#include "aclnn_upsample_trilinear3d_backward.h"

namespace {

using acltest::IntArray;
using acltest::kSentinel;
using acltest::LastMsg;

using Tensor = acltest::Tensor5D;

using BackwardApi = acltest::ApiTest;

// ---- an independent reference: PyTorch's scatter form, in double --------------------------------
// One axis's taps for output index o (PyTorch's area_pixel_compute_source_index / lambda rules).
struct Tap {
    int64_t i0, i1;
    double l0, l1;
};

Tap TapOf(int64_t o, int64_t in, int64_t out, bool align)
{
    if (in == out) return {o, o, 1.0, 0.0};
    double src;
    if (align) {
        src = out > 1 ? static_cast<double>(in - 1) / static_cast<double>(out - 1) * static_cast<double>(o) : 0.0;
    } else {
        src = (static_cast<double>(o) + 0.5) * static_cast<double>(in) / static_cast<double>(out) - 0.5;
        if (src < 0) src = 0;
    }
    int64_t i0 = std::min<int64_t>(static_cast<int64_t>(src), in - 1);
    int64_t i1 = i0 < in - 1 ? i0 + 1 : i0;
    double l1 = std::min(std::max(src - static_cast<double>(i0), 0.0), 1.0);
    return {i0, i1, 1.0 - l1, l1};
}

// gradIn (NCDHW, planes x in volume) from gradOut (NCDHW).
std::vector<double> ScatterReference(const std::vector<float>& g, int64_t planes, const int64_t in[3],
                                     const int64_t out[3], bool align)
{
    std::vector<double> r(static_cast<size_t>(planes * in[0] * in[1] * in[2]), 0.0);
    for (int64_t p = 0; p < planes; ++p)
        for (int64_t od = 0; od < out[0]; ++od)
            for (int64_t oh = 0; oh < out[1]; ++oh)
                for (int64_t ow = 0; ow < out[2]; ++ow) {
                    const Tap d = TapOf(od, in[0], out[0], align), h = TapOf(oh, in[1], out[1], align),
                              w = TapOf(ow, in[2], out[2], align);
                    const double v = g[static_cast<size_t>(((p * out[0] + od) * out[1] + oh) * out[2] + ow)];
                    for (int a = 0; a < 2; ++a)
                        for (int b = 0; b < 2; ++b)
                            for (int c = 0; c < 2; ++c) {
                                const int64_t di = a ? d.i1 : d.i0, hi = b ? h.i1 : h.i0, wi = c ? w.i1 : w.i0;
                                const double l = (a ? d.l1 : d.l0) * (b ? h.l1 : h.l0) * (c ? w.l1 : w.l0);
                                r[static_cast<size_t>(((p * in[0] + di) * in[1] + hi) * in[2] + wi)] += l * v;
                            }
                }
    return r;
}

std::vector<float> RandomFloats(size_t n, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<float> v(n);
    for (float& x : v) x = u(rng);
    return v;
}

aclnnStatus RunTrilinearBackward(const aclTensor* gradOut, const std::vector<int64_t>& outSize,
                                 const std::vector<int64_t>& inSize, bool align, aclTensor* gradIn)
{
    IntArray os(outSize), is(inSize);
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    aclnnStatus st = aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(gradOut, os.handle, is.handle, align, 0, 0, 0,
                                                                     gradIn, &ws, &exec);
    if (st != ACLNN_SUCCESS) return st;
    std::vector<uint8_t> workspace(ws);
    return aclnnUpsampleTrilinear3dBackward(ws ? workspace.data() : nullptr, ws, exec, nullptr);
}

// ---- results ------------------------------------------------------------------------------------
struct Case {
    int64_t n, c, in[3], out[3];
    bool align;
};

const Case kCases[] = {
    {1, 2, {4, 5, 6}, {8, 10, 12}, false},  {2, 3, {5, 7, 9}, {3, 4, 5}, false},
    {1, 1, {8, 8, 8}, {64, 64, 64}, true},  {1, 3, {3, 4, 5}, {3, 4, 5}, false},
    {1, 1, {2, 2, 2}, {4, 4, 4}, false},    {2, 4, {4, 4, 4}, {8, 8, 8}, true},
    {1, 3, {6, 17, 33}, {12, 40, 70}, false}, {1, 2, {9, 9, 9}, {3, 3, 3}, false},
};

TEST_F(BackwardApi, TrilinearMatchesScatterReferenceOnBothSocsBitForBit)
{
    for (const Case& k : kCases) {
        const int64_t planes = k.n * k.c;
        const std::vector<int64_t> outShape = {k.n, k.c, k.out[0], k.out[1], k.out[2]};
        const std::vector<int64_t> inShape = {k.n, k.c, k.in[0], k.in[1], k.in[2]};
        std::vector<float> g = RandomFloats(static_cast<size_t>(acltest::Numel(outShape)), 7);
        const std::vector<double> want = ScatterReference(g, planes, k.in, k.out, k.align);
        std::vector<float> first;
        for (const char* soc : {"ascend910b", "Ascend910B3", "ascend310p"}) {
            ASSERT_EQ(aclsimSetSoc(soc), 0);
            std::vector<float> got(want.size() + 8, 123.0f);  // 8 guard floats past gradInput
            Tensor go(outShape, g.data()), gi(inShape, got.data());
            ASSERT_EQ(RunTrilinearBackward(go.handle, {k.out[0], k.out[1], k.out[2]}, inShape, k.align, gi.handle),
                      ACLNN_SUCCESS)
                << LastMsg();
            double scale = 1.0;
            for (float x : g) scale = std::max(scale, static_cast<double>(std::fabs(x)));
            for (size_t i = 0; i < want.size(); ++i) {
                ASSERT_NEAR(got[i], want[i], 1e-5 * std::fabs(want[i]) + 2e-6 * scale * 64) << soc << " element " << i;
            }
            for (size_t i = want.size(); i < got.size(); ++i) ASSERT_EQ(got[i], 123.0f) << "wrote past gradInput";
            got.resize(want.size());
            if (first.empty()) {
                first = got;
            } else {
                ASSERT_EQ(std::memcmp(first.data(), got.data(), got.size() * 4), 0) << soc << " differs in bits";
            }
        }
    }
}

TEST_F(BackwardApi, TrilinearNdhwcAndStridedEqualNcdhw)
{
    const int64_t n = 1, c = 3, in[3] = {3, 4, 5}, out[3] = {5, 7, 9};
    std::vector<float> g = RandomFloats(static_cast<size_t>(n * c * out[0] * out[1] * out[2]), 11);
    const std::vector<double> want = ScatterReference(g, n * c, in, out, false);
    // NDHWC copies of gradOut and gradInput
    std::vector<float> gCl(g.size());
    for (int64_t ch = 0; ch < c; ++ch)
        for (int64_t s = 0; s < out[0] * out[1] * out[2]; ++s) gCl[static_cast<size_t>(s * c + ch)] = g[static_cast<size_t>(ch * out[0] * out[1] * out[2] + s)];
    std::vector<float> gotCl(want.size(), 0);
    Tensor go({n, out[0], out[1], out[2], c}, gCl.data(), ACL_FLOAT, ACL_FORMAT_NDHWC);
    Tensor gi({n, in[0], in[1], in[2], c}, gotCl.data(), ACL_FLOAT, ACL_FORMAT_NDHWC);
    ASSERT_EQ(RunTrilinearBackward(go.handle, {out[0], out[1], out[2]}, {n, c, in[0], in[1], in[2]}, false, gi.handle),
              ACLNN_SUCCESS)
        << LastMsg();
    for (int64_t ch = 0; ch < c; ++ch)
        for (int64_t s = 0; s < in[0] * in[1] * in[2]; ++s)
            ASSERT_NEAR(gotCl[static_cast<size_t>(s * c + ch)], want[static_cast<size_t>(ch * in[0] * in[1] * in[2] + s)], 1e-5);
    // a strided gradOut (every other float) and a gradInput view inside a larger buffer
    std::vector<float> gStrided(g.size() * 2, 99.0f);
    for (size_t i = 0; i < g.size(); ++i) gStrided[2 * i] = g[i];
    std::vector<int64_t> gs = acltest::Contiguous({n, c, out[0], out[1], out[2]});
    for (int64_t& s : gs) s *= 2;
    std::vector<float> got(want.size() + 16, -7.0f);
    Tensor gos({n, c, out[0], out[1], out[2]}, gStrided.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, gs, 0,
               {static_cast<int64_t>(gStrided.size())});
    Tensor gis({n, c, in[0], in[1], in[2]}, got.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, {}, 8,
               {static_cast<int64_t>(got.size())});
    ASSERT_EQ(RunTrilinearBackward(gos.handle, {out[0], out[1], out[2]}, {n, c, in[0], in[1], in[2]}, false, gis.handle),
              ACLNN_SUCCESS)
        << LastMsg();
    for (size_t i = 0; i < 8; ++i) ASSERT_EQ(got[i], -7.0f);
    for (size_t i = 0; i < want.size(); ++i) ASSERT_NEAR(got[8 + i], want[i], 1e-5);
    for (size_t i = 8 + want.size(); i < got.size(); ++i) ASSERT_EQ(got[i], -7.0f);
}

TEST_F(BackwardApi, TrilinearEmptyBatchLaunchesNothing)
{
    float dummy = 0;
    Tensor go({0, 2, 4, 4, 4}, &dummy), gi({0, 2, 2, 2, 2}, &dummy);
    ASSERT_EQ(RunTrilinearBackward(go.handle, {4, 4, 4}, {0, 2, 2, 2, 2}, false, gi.handle), ACLNN_SUCCESS) << LastMsg();
}

// ---- the trilinear backward's checks, in CANN's order --------------------------------------------
// A valid (1,2,2,3,4) <- (1,2,3,4,5) call with one argument broken by the test.
struct BadTrilinearBackward {
    std::vector<int64_t> goShape = {1, 2, 3, 4, 5};
    aclDataType goType = ACL_FLOAT;
    aclFormat goFormat = ACL_FORMAT_NCDHW;
    std::vector<int64_t> outSize = {3, 4, 5};
    std::vector<int64_t> inSize = {1, 2, 2, 3, 4};
    std::vector<int64_t> giShape = {1, 2, 2, 3, 4};
    aclDataType giType = ACL_FLOAT;
    aclFormat giFormat = ACL_FORMAT_NCDHW;
    double sD = 0;
    bool nullGo = false, nullOutSize = false, nullInSize = false, nullGi = false, nullWs = false, nullExec = false;

    void Expect(aclnnStatus code, const std::string& param, const std::string& alsoIn = "") const
    {
        std::vector<float> g(4096, 1.0f);
        std::vector<uint8_t> giBuf(4096 * 4, kSentinel);
        Tensor go(goShape, g.data(), goType, goFormat), gi(giShape, giBuf.data(), giType, giFormat);
        IntArray os(outSize), is(inSize);
        uint64_t ws = 12345;
        aclOpExecutor* exec = nullptr;
        aclnnStatus st = aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(
            nullGo ? nullptr : go.handle, nullOutSize ? nullptr : os.handle, nullInSize ? nullptr : is.handle, false,
            sD, 0, 0, nullGi ? nullptr : gi.handle, nullWs ? nullptr : &ws, nullExec ? nullptr : &exec);
        EXPECT_EQ(st, code) << LastMsg();
        acltest::ExpectRejected("aclnnUpsampleTrilinear3dBackward", param, alsoIn, exec, giBuf);
    }
};

TEST_F(BackwardApi, TrilinearNullPointersInOrder)
{
    { BadTrilinearBackward c; c.nullWs = true; c.nullGo = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "workspaceSize"); }
    { BadTrilinearBackward c; c.nullExec = true; c.nullGo = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "executor"); }
    { BadTrilinearBackward c; c.nullGo = true; c.nullGi = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "gradOut"); }
    { BadTrilinearBackward c; c.nullOutSize = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "outputSize"); }
    { BadTrilinearBackward c; c.nullInSize = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "inputSize"); }
    { BadTrilinearBackward c; c.nullGi = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "gradInput"); }
}

TEST_F(BackwardApi, TrilinearDTypesRanksFormatsSizes)
{
    { BadTrilinearBackward c; c.goType = c.giType = ACL_DOUBLE; c.Expect(ACLNN_ERR_PARAM_INVALID, "gradOut", "float64"); }
    { BadTrilinearBackward c; c.goType = c.giType = ACL_INT32; c.Expect(ACLNN_ERR_PARAM_INVALID, "gradOut", "int32"); }
    { BadTrilinearBackward c; c.giType = ACL_FLOAT16; c.Expect(ACLNN_ERR_PARAM_INVALID, "gradInput", "dtype"); }
    { BadTrilinearBackward c; c.goShape = {2, 3, 4, 5}; c.Expect(ACLNN_ERR_PARAM_INVALID, "gradOut", "5 dimensions"); }
    { BadTrilinearBackward c; c.giShape = {1, 2, 2, 3}; c.Expect(ACLNN_ERR_PARAM_INVALID, "gradInput", "5 dimensions"); }
    { BadTrilinearBackward c; c.outSize = {3, 4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "outputSize", "3 values"); }
    { BadTrilinearBackward c; c.inSize = {2, 2, 3, 4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "inputSize", "5 values"); }
    { BadTrilinearBackward c; c.goFormat = ACL_FORMAT_NCHW; c.Expect(ACLNN_ERR_PARAM_INVALID, "gradOut", "format"); }
    { BadTrilinearBackward c; c.giFormat = ACL_FORMAT_NDHWC; c.Expect(ACLNN_ERR_PARAM_INVALID, "gradInput", "match"); }
    { BadTrilinearBackward c; c.inSize = {1, 2, 0, 3, 4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "inputSize", "> 0"); }
    { BadTrilinearBackward c; c.outSize = {3, 0, 5}; c.Expect(ACLNN_ERR_PARAM_INVALID, "outputSize", "> 0"); }
    { BadTrilinearBackward c; c.goShape = {1, 2, 3, 4, 6}; c.Expect(ACLNN_ERR_PARAM_INVALID, "gradOut", "[1, 2, 3, 4, 5]"); }
    { BadTrilinearBackward c; c.inSize = {1, 3, 2, 3, 4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "gradOut", "shape"); }
    { BadTrilinearBackward c; c.giShape = {1, 2, 2, 3, 5}; c.Expect(ACLNN_ERR_PARAM_INVALID, "gradInput", "[1, 2, 2, 3, 4]"); }
    { BadTrilinearBackward c; c.sD = NAN; c.Expect(ACLNN_ERR_PARAM_INVALID, "scalesD", "finite"); }
}

TEST_F(BackwardApi, TrilinearBf16RejectedOn310p)
{
    if (aclsimSetSoc("ascend310p") != 0) GTEST_SKIP() << "no ascend310p profile";
    BadTrilinearBackward c;
    c.goType = c.giType = ACL_BF16;
    c.Expect(ACLNN_ERR_PARAM_INVALID, "gradOut", "bfloat16");
}

// ---- Interpolate backward --------------------------------------------------------------------------
// Interpolate backward over H and W of an NCHW tensor (sizes mode, half_pixel).
aclnnStatus RunInterpolateBackward(const aclTensor* go, const std::vector<int64_t>& sizes, const std::vector<int64_t>& axes,
                                   const char* mode, aclTensor* gi)
{
    IntArray sz(sizes), ax(axes);
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    aclnnStatus st = aclnnInterpolateBackwardGetWorkspaceSize(go, sz.handle, nullptr, ax.handle, mode, "sizes",
                                                             "half_pixel", "round_prefer_floor", false, nullptr,
                                                             nullptr, -0.75, gi, &ws, &exec);
    if (st != ACLNN_SUCCESS) return st;
    std::vector<uint8_t> workspace(ws);
    return aclnnInterpolateBackward(ws ? workspace.data() : nullptr, ws, exec, nullptr);
}

TEST_F(BackwardApi, InterpolateLinearUpscaleMatchesScatterReference)
{
    // linear_onnx's upscale taps weigh the same as PyTorch's align_corners=False bilinear ones (at the
    // far border as two taps of 0.5 instead of one of 1): the scatter reference with a unit D axis.
    const int64_t in[3] = {1, 4, 5}, out[3] = {1, 7, 9};
    std::vector<float> g = RandomFloats(2 * 7 * 9, 3);
    const std::vector<double> want = ScatterReference(g, 2, in, out, false);
    for (const char* soc : {"ascend910b", "ascend310p"}) {
        ASSERT_EQ(aclsimSetSoc(soc), 0);
        std::vector<float> got(want.size(), 0);
        Tensor go({1, 2, 7, 9}, g.data(), ACL_FLOAT, ACL_FORMAT_NCHW), gi({1, 2, 4, 5}, got.data(), ACL_FLOAT, ACL_FORMAT_NCHW);
        ASSERT_EQ(RunInterpolateBackward(go.handle, {7, 9}, {2, 3}, "linear_onnx", gi.handle), ACLNN_SUCCESS) << LastMsg();
        for (size_t i = 0; i < want.size(); ++i) ASSERT_NEAR(got[i], want[i], 1e-5) << soc << " element " << i;
    }
}

TEST_F(BackwardApi, InterpolateRejectsIntegersShapesAndNulls)
{
    std::vector<int32_t> gi32(2 * 7 * 9, 1);
    std::vector<uint8_t> outBuf(2 * 4 * 5 * 4, kSentinel);
    {
        Tensor go({1, 2, 7, 9}, gi32.data(), ACL_INT32), gi({1, 2, 4, 5}, outBuf.data(), ACL_INT32);
        EXPECT_EQ(RunInterpolateBackward(go.handle, {7, 9}, {2, 3}, "linear", gi.handle), ACLNN_ERR_PARAM_INVALID);
        acltest::ExpectRejected("aclnnInterpolateBackward", "gradOutput", "int32", nullptr, outBuf);
    }
    std::vector<float> g(2 * 7 * 8, 1.0f);
    {
        Tensor go({1, 2, 7, 8}, g.data()), gi({1, 2, 4, 5}, outBuf.data());
        EXPECT_EQ(RunInterpolateBackward(go.handle, {7, 9}, {2, 3}, "linear", gi.handle), ACLNN_ERR_PARAM_INVALID);
        acltest::ExpectRejected("aclnnInterpolateBackward", "gradOutput", "[1, 2, 7, 9]", nullptr, outBuf);
    }
    {
        Tensor go({1, 2, 7, 8}, g.data());
        EXPECT_EQ(RunInterpolateBackward(go.handle, {7, 8}, {2, 3}, "linear", nullptr), ACLNN_ERR_PARAM_NULLPTR);
        EXPECT_NE(LastMsg().find("gradInput"), std::string::npos) << LastMsg();
    }
}

}  // namespace
