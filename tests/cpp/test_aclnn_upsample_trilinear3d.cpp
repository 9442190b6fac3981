// aclnnUpsampleTrilinear3d through the public C API: every parameter check (status code AND the
// parameter named in aclGetRecentErrMsg), N = 0, strided views in and out against the contiguous
// result, executor lifetime, `out` untouched on every error.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_sim_ext.h"
#include "aclnn_test_util.h"
#include "aclnn_upsample_trilinear3d.h"
extern "C" const char* aclsimLastLaunchJson(void);  // sim control (ascend_sim/launch_impl.h)

namespace {

using acltest::IntArray;
using acltest::kSentinel;
using acltest::LastMsg;

using Tensor = acltest::Tensor5D;

// Phase one only: the workspace size and executor (if any) land in *ws and *exec.
aclnnStatus Prepare(const aclTensor* self, const std::vector<int64_t>& size, aclTensor* out, uint64_t* ws,
                    aclOpExecutor** exec, bool alignCorners = false, double sD = 0, double sH = 0, double sW = 0)
{
    IntArray outputSize(size);
    return aclnnUpsampleTrilinear3dGetWorkspaceSize(self, outputSize.handle, alignCorners, sD, sH, sW, out, ws, exec);
}

// Runs both phases; returns the first non-success status.
aclnnStatus RunTrilinear(const aclTensor* self, const std::vector<int64_t>& size, aclTensor* out, bool alignCorners = false,
                double sD = 0, double sH = 0, double sW = 0)
{
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    aclnnStatus st = Prepare(self, size, out, &ws, &exec, alignCorners, sD, sH, sW);
    if (st != ACLNN_SUCCESS) return st;
    std::vector<uint8_t> workspace(ws);
    return aclnnUpsampleTrilinear3d(ws ? workspace.data() : nullptr, ws, exec, nullptr);
}

// A valid 1x1x2x2x2 -> 1x1x4x4x4 call over `in`: out is 64 contiguous floats of `outFill`, or with
// `stagedOut` a strided view (every other float of a 128-float buffer), which needs staging and so a
// non-zero workspace.
struct Call444 {
    std::vector<float> in;
    std::vector<float> outBuf;
    Tensor self;
    Tensor res;
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    Call444(std::vector<float> input, float outFill, bool stagedOut = false)
        : in(std::move(input)), outBuf(stagedOut ? 128 : 64, outFill), self({1, 1, 2, 2, 2}, in.data()),
          res({1, 1, 4, 4, 4}, outBuf.data(), ACL_FLOAT, ACL_FORMAT_NCDHW,
              stagedOut ? std::vector<int64_t>{128, 128, 32, 8, 2} : std::vector<int64_t>{}, 0,
              stagedOut ? std::vector<int64_t>{128} : std::vector<int64_t>{})
    {
    }
    aclnnStatus PrepareCall() { return Prepare(self.handle, {4, 4, 4}, res.handle, &ws, &exec); }
};

using TrilinearApi = acltest::ApiTest;

// A valid 1x2x2x3x4 -> 1x2x3x4x5 call with one argument broken by the test: Expect asserts the status, that
// the message names `param`, that no executor is returned and that `out` keeps its sentinel bytes.
struct BadCall {
    std::vector<int64_t> selfShape = {1, 2, 2, 3, 4};
    aclDataType selfType = ACL_FLOAT;
    aclFormat selfFormat = ACL_FORMAT_NCDHW;
    std::vector<int64_t> size = {3, 4, 5};
    std::vector<int64_t> outShape = {1, 2, 3, 4, 5};
    aclDataType outType = ACL_FLOAT;
    aclFormat outFormat = ACL_FORMAT_NCDHW;
    double sD = 0, sH = 0, sW = 0;
    bool nullSelf = false, nullSize = false, nullOut = false, nullWs = false, nullExec = false;
    std::vector<int64_t> selfStrides;
    std::vector<int64_t> selfStorage;

    void Expect(aclnnStatus code, const std::string& param, const std::string& alsoIn = "") const
    {
        std::vector<float> in(4096, 1.0f);
        std::vector<uint8_t> outBuf(4096 * 4, kSentinel);
        Tensor self(selfShape, in.data(), selfType, selfFormat, selfStrides, 0, selfStorage);
        Tensor out(outShape, outBuf.data(), outType, outFormat);
        IntArray outputSize(size);
        uint64_t ws = 12345;
        aclOpExecutor* exec = nullptr;
        aclnnStatus st = aclnnUpsampleTrilinear3dGetWorkspaceSize(
            nullSelf ? nullptr : self.handle, nullSize ? nullptr : outputSize.handle, false, sD, sH, sW,
            nullOut ? nullptr : out.handle, nullWs ? nullptr : &ws, nullExec ? nullptr : &exec);
        EXPECT_EQ(st, code);
        acltest::ExpectRejected("aclnnUpsampleTrilinear3d", param, alsoIn, exec, outBuf);
    }
};

// ---- the CANN example's golden values --------------------------------------------------------------
TEST_F(TrilinearApi, GoldenAffine2To4)
{
    std::vector<float> in = {1, 2, 3, 4, 5, 6, 7, 8};
    std::vector<float> out(64, -1.0f);
    Tensor self({1, 1, 2, 2, 2}, in.data());
    Tensor res({1, 1, 4, 4, 4}, out.data());
    ASSERT_EQ(RunTrilinear(self.handle, {4, 4, 4}, res.handle), ACLNN_SUCCESS) << LastMsg();
    EXPECT_FLOAT_EQ(out[0], 1.0f);
    EXPECT_FLOAT_EQ(out[1], 1.25f);
    EXPECT_FLOAT_EQ(out[2], 1.75f);
    EXPECT_FLOAT_EQ(out[3], 2.0f);
    EXPECT_FLOAT_EQ(out[63], 8.0f);
    // affine input: out = 1 + 4a + 2b + c with per-axis coordinates {0, .25, .75, 1}
    const float coord[4] = {0.0f, 0.25f, 0.75f, 1.0f};
    for (int d = 0; d < 4; ++d)
        for (int h = 0; h < 4; ++h)
            for (int w = 0; w < 4; ++w)
                EXPECT_NEAR(out[(d * 4 + h) * 4 + w], 1 + 4 * coord[d] + 2 * coord[h] + coord[w], 1e-6);
}

TEST_F(TrilinearApi, GoldenFloat16)
{
    std::vector<uint16_t> in(8), out(64, 0);
    for (int i = 0; i < 8; ++i) in[i] = aclFloatToFloat16(float(i + 1));
    Tensor self({1, 1, 2, 2, 2}, in.data(), ACL_FLOAT16);
    Tensor res({1, 1, 4, 4, 4}, out.data(), ACL_FLOAT16);
    ASSERT_EQ(RunTrilinear(self.handle, {4, 4, 4}, res.handle), ACLNN_SUCCESS) << LastMsg();
    EXPECT_FLOAT_EQ(aclFloat16ToFloat(out[1]), 1.25f);
    EXPECT_FLOAT_EQ(aclFloat16ToFloat(out[63]), 8.0f);
}

TEST_F(TrilinearApi, AlignCornersAndScales)
{
    std::vector<float> in = {1, 2, 3, 4, 5, 6, 7, 8};
    std::vector<float> out(27, 0);
    Tensor self({1, 1, 2, 2, 2}, in.data());
    Tensor res({1, 1, 3, 3, 3}, out.data());
    ASSERT_EQ(RunTrilinear(self.handle, {3, 3, 3}, res.handle, true), ACLNN_SUCCESS) << LastMsg();
    EXPECT_FLOAT_EQ(out[1], 1.5f);  // align corners: coordinates {0, .5, 1}
    EXPECT_FLOAT_EQ(out[26], 8.0f);
}

// ---- checks, in CANN's order -----------------------------------------------------------------------
TEST_F(TrilinearApi, NullPointers)
{
    { BadCall c; c.nullWs = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "workspaceSize"); }
    { BadCall c; c.nullExec = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "executor"); }
    { BadCall c; c.nullSelf = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "self"); }
    { BadCall c; c.nullSize = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "outputSize"); }
    { BadCall c; c.nullOut = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "out"); }
}

TEST_F(TrilinearApi, DTypes)
{
    { BadCall c; c.selfType = ACL_DOUBLE; c.outType = ACL_DOUBLE; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "float32"); }
    { BadCall c; c.selfType = ACL_DOUBLE; c.outType = ACL_DOUBLE; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "float64"); }
    { BadCall c; c.selfType = ACL_INT32; c.outType = ACL_INT32; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "int32"); }
    { BadCall c; c.outType = ACL_FLOAT16; c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "dtype"); }
}

TEST_F(TrilinearApi, Bf16RejectedOn310pAcceptedOn910b)
{
    {
        BadCall c;
        c.selfType = c.outType = ACL_BF16;
        c.size = {3, 4, 0};  // otherwise valid call must fail later, proving bf16 passed the dtype check
        c.Expect(ACLNN_ERR_PARAM_INVALID, "outputSize");
    }
    if (aclsimSetSoc("ascend310p") != 0) GTEST_SKIP() << "no ascend310p profile";
    BadCall c;
    c.selfType = c.outType = ACL_BF16;
    c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "bfloat16");
}

TEST_F(TrilinearApi, RanksAndFormats)
{
    {
        BadCall c;
        c.selfShape = {2, 2, 3, 4};
        c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "self: expected 5 dimensions (NCDHW/NDHWC/ND), got 4");
    }
    { BadCall c; c.outShape = {1, 2, 3, 4, 5, 1}; c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "5 dimensions"); }
    { BadCall c; c.size = {3, 4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "outputSize", "3 values"); }
    { BadCall c; c.selfFormat = ACL_FORMAT_NCHW; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "format"); }
    { BadCall c; c.outFormat = ACL_FORMAT_FRACTAL_NZ; c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "format"); }
    { BadCall c; c.outFormat = ACL_FORMAT_NDHWC; c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "match"); }
}

TEST_F(TrilinearApi, Sizes)
{
    { BadCall c; c.selfShape = {1, 0, 2, 3, 4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "C, D, H and W"); }
    { BadCall c; c.selfShape = {1, 2, 0, 3, 4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "> 0"); }
    { BadCall c; c.selfShape = {1, 2, 2, 3, 0}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self"); }
    { BadCall c; c.selfShape = {-1, 2, 2, 3, 4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", ">= 0"); }
    { BadCall c; c.size = {3, -4, 5}; c.Expect(ACLNN_ERR_PARAM_INVALID, "outputSize", "> 0"); }
    { BadCall c; c.outShape = {1, 2, 3, 4, 6}; c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "[1, 2, 3, 4, 5]"); }
    { BadCall c; c.outShape = {2, 2, 3, 4, 5}; c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "expected shape"); }
    {  // NDHWC-aware expected shape: (N, D, H, W, C)
        BadCall c;
        c.selfFormat = c.outFormat = ACL_FORMAT_NDHWC;
        c.selfShape = {1, 2, 3, 4, 2};
        c.outShape = {1, 2, 3, 4, 5};
        c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "[1, 3, 4, 5, 2]");
    }
}

TEST_F(TrilinearApi, Int32RangeOffsetAndNullData)
{
    {  // a dimension beyond INT32_MAX (only the shape is read: no memory behind it is touched)
        BadCall c;
        c.selfShape = {1, 1, 1, 1, 2147483648LL};
        c.size = {1, 1, 4};
        c.outShape = {1, 1, 1, 1, 4};
        c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "INT32_MAX");
    }
    std::vector<float> in(8, 1.0f), out(64, 0.0f);
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    {  // negative view offset
        Tensor self({1, 1, 2, 2, 2}, in.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, {}, -1, {8});
        Tensor res({1, 1, 4, 4, 4}, out.data());
        EXPECT_EQ(Prepare(self.handle, {4, 4, 4}, res.handle, &ws, &exec), ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(LastMsg().find("self: view offset"), std::string::npos) << LastMsg();
    }
    {  // null data addresses
        Tensor self({1, 1, 2, 2, 2}, nullptr);
        Tensor res({1, 1, 4, 4, 4}, out.data());
        EXPECT_EQ(Prepare(self.handle, {4, 4, 4}, res.handle, &ws, &exec), ACLNN_ERR_PARAM_NULLPTR);
        EXPECT_NE(LastMsg().find("self: data address"), std::string::npos) << LastMsg();
        Tensor self2({1, 1, 2, 2, 2}, in.data());
        Tensor res2({1, 1, 4, 4, 4}, nullptr);
        EXPECT_EQ(Prepare(self2.handle, {4, 4, 4}, res2.handle, &ws, &exec), ACLNN_ERR_PARAM_NULLPTR);
        EXPECT_NE(LastMsg().find("out: data address"), std::string::npos) << LastMsg();
    }
    EXPECT_EQ(exec, nullptr);
}

TEST_F(TrilinearApi, NullWorkspaceWithNonZeroSizeRejected)
{
    Call444 c(std::vector<float>(8, 2.0f), -1.0f, true);
    ASSERT_EQ(c.PrepareCall(), ACLNN_SUCCESS);
    ASSERT_GT(c.ws, 0u);
    EXPECT_EQ(aclnnUpsampleTrilinear3d(nullptr, c.ws, c.exec, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(LastMsg().find("workspace:"), std::string::npos) << LastMsg();
    for (float v : c.outBuf) ASSERT_EQ(v, -1.0f);
}

TEST_F(TrilinearApi, ScalesAndViews)
{
    { BadCall c; c.sD = NAN; c.Expect(ACLNN_ERR_PARAM_INVALID, "scalesD", "finite"); }
    { BadCall c; c.sW = INFINITY; c.Expect(ACLNN_ERR_PARAM_INVALID, "scalesW", "finite"); }
    { BadCall c; c.selfStorage = {10}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "storage"); }
    { BadCall c; c.selfStrides = {48, 24, 12, 4, -1}; c.selfStorage = {4096}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "negative"); }
}

TEST_F(TrilinearApi, ExpandedInputAcceptedExpandedOutputRejected)
{
    // self: one channel broadcast over C = 3 (stride 0), must equal the result of real copies
    std::vector<float> plane = {1, 2, 3, 4, 5, 6, 7, 8};
    std::vector<float> copies;
    for (int c = 0; c < 3; ++c) copies.insert(copies.end(), plane.begin(), plane.end());
    std::vector<float> want(3 * 64, 0.0f), got(3 * 64, 0.0f);
    {
        Tensor self({1, 3, 2, 2, 2}, copies.data());
        Tensor res({1, 3, 4, 4, 4}, want.data());
        ASSERT_EQ(RunTrilinear(self.handle, {4, 4, 4}, res.handle), ACLNN_SUCCESS) << LastMsg();
    }
    Tensor self({1, 3, 2, 2, 2}, plane.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, {8, 0, 4, 2, 1}, 0, {8});
    Tensor res({1, 3, 4, 4, 4}, got.data());
    ASSERT_EQ(RunTrilinear(self.handle, {4, 4, 4}, res.handle), ACLNN_SUCCESS) << LastMsg();
    EXPECT_EQ(got, want);

    std::vector<float> outBuf(64, -5.0f);
    Tensor bad({1, 3, 4, 4, 4}, outBuf.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, {64, 0, 16, 4, 1}, 0, {64});
    EXPECT_EQ(RunTrilinear(self.handle, {4, 4, 4}, bad.handle), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastMsg().find("out: dimension 1 has stride 0"), std::string::npos) << LastMsg();
    for (float v : outBuf) ASSERT_EQ(v, -5.0f);
}

TEST_F(TrilinearApi, ScalesPerAxisAndDownscaleBeyond50IsComputed)
{
    // scalesW given alone: used for W only (PyTorch per-axis rule); a 100x downscale on D computes.
    std::vector<float> in(100 * 2 * 2, 3.0f), out(1 * 2 * 4, 0.0f);
    Tensor self({1, 1, 100, 2, 2}, in.data());
    Tensor res({1, 1, 1, 2, 4}, out.data());
    ASSERT_EQ(RunTrilinear(self.handle, {1, 2, 4}, res.handle, false, 0.0, 0.0, 2.0), ACLNN_SUCCESS) << LastMsg();
    for (float v : out) EXPECT_FLOAT_EQ(v, 3.0f);
}

// ---- empty batch -------------------------------------------------------------------------------------
TEST_F(TrilinearApi, BatchZeroSucceedsWithoutWorkspace)
{
    float dummy = 0;
    Tensor self({0, 2, 2, 3, 4}, &dummy);
    Tensor res({0, 2, 3, 4, 5}, &dummy);
    uint64_t ws = 99;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(Prepare(self.handle, {3, 4, 5}, res.handle, &ws, &exec), ACLNN_SUCCESS);
    EXPECT_EQ(ws, 0u);
    ASSERT_NE(exec, nullptr);
    EXPECT_EQ(aclnnUpsampleTrilinear3d(nullptr, 0, exec, nullptr), ACLNN_SUCCESS);
}

// ---- executor lifetime ---------------------------------------------------------------------------
TEST_F(TrilinearApi, ExecutorRunsOnce)
{
    Call444 c(std::vector<float>(8, 1.0f), 0.0f);
    ASSERT_EQ(c.PrepareCall(), ACLNN_SUCCESS);
    std::vector<uint8_t> workspace(c.ws + 1);
    ASSERT_EQ(aclnnUpsampleTrilinear3d(workspace.data(), c.ws, c.exec, nullptr), ACLNN_SUCCESS) << LastMsg();
    aclnnStatus second = aclnnUpsampleTrilinear3d(workspace.data(), c.ws, c.exec, nullptr);
    EXPECT_EQ(second, ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastMsg().find("executor:"), std::string::npos) << LastMsg();
    EXPECT_EQ(aclnnUpsampleTrilinear3d(workspace.data(), c.ws, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
}

TEST_F(TrilinearApi, RepeatableExecutorRunsUntilDestroyed)
{
    Call444 c({1, 2, 3, 4, 5, 6, 7, 8}, 0.0f);
    ASSERT_EQ(c.PrepareCall(), ACLNN_SUCCESS);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(c.exec), ACLNN_SUCCESS);
    std::vector<uint8_t> workspace(c.ws + 1);
    for (int i = 0; i < 2; ++i) {
        std::fill(c.outBuf.begin(), c.outBuf.end(), 0.0f);
        EXPECT_EQ(aclnnUpsampleTrilinear3d(workspace.data(), c.ws, c.exec, nullptr), ACLNN_SUCCESS) << LastMsg();
        EXPECT_FLOAT_EQ(c.outBuf[63], 8.0f);
    }
    EXPECT_EQ(aclDestroyAclOpExecutor(c.exec), ACLNN_SUCCESS);  // also when a run failed: no leak
}

TEST_F(TrilinearApi, UnusedExecutorCanBeDestroyed)
{
    Call444 c(std::vector<float>(8, 1.0f), 0.0f);
    ASSERT_EQ(c.PrepareCall(), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyAclOpExecutor(c.exec), ACLNN_SUCCESS);
}

// ---- strided views ---------------------------------------------------------------------------------
std::vector<float> Ramp(size_t n)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = std::sin(0.37f * float(i)) * 10.0f;
    return v;
}

// Reference: the same call on contiguous NCDHW tensors.
std::vector<float> ContiguousResult(const std::vector<float>& ncdhw, const std::vector<int64_t>& shape,
                                    const std::vector<int64_t>& size, bool alignCorners)
{
    std::vector<int64_t> outShape = {shape[0], shape[1], size[0], size[1], size[2]};
    std::vector<float> out(shape[0] * shape[1] * size[0] * size[1] * size[2], 0.0f);
    std::vector<float> in = ncdhw;
    Tensor self(shape, in.data());
    Tensor res(outShape, out.data());
    EXPECT_EQ(RunTrilinear(self.handle, size, res.handle, alignCorners), ACLNN_SUCCESS) << LastMsg();
    return out;
}

void ExpectClose(const std::vector<float>& got, const std::vector<float>& want)
{
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], want[i], 1e-5 * (1 + std::fabs(want[i]))) << i;
}

// NCDHW data (N x C x dhw) laid out channels-last (N x dhw x C), and back.
std::vector<float> NcdhwToNdhwc(const std::vector<float>& ncdhw, int64_t N, int64_t C, int64_t dhw)
{
    std::vector<float> ndhwc(ncdhw.size());
    for (int64_t n = 0; n < N; ++n)
        for (int64_t c = 0; c < C; ++c)
            for (int64_t i = 0; i < dhw; ++i) ndhwc[(n * dhw + i) * C + c] = ncdhw[(n * C + c) * dhw + i];
    return ndhwc;
}
std::vector<float> NdhwcToNcdhw(const std::vector<float>& ndhwc, int64_t N, int64_t C, int64_t dhw)
{
    std::vector<float> ncdhw(ndhwc.size());
    for (int64_t n = 0; n < N; ++n)
        for (int64_t c = 0; c < C; ++c)
            for (int64_t i = 0; i < dhw; ++i) ncdhw[(n * C + c) * dhw + i] = ndhwc[(n * dhw + i) * C + c];
    return ncdhw;
}

// The strides of an NCDHW view over NDHWC (channels_last_3d) storage.
std::vector<int64_t> ChannelsLastStrides(int64_t C, int64_t D, int64_t H, int64_t W)
{
    return {D * H * W * C, 1, H * W * C, W * C, C};
}

TEST_F(TrilinearApi, ChannelsLastViewInAndOut)
{
    // torch_npu's channels_last_3d: an NCDHW view whose strides are those of NDHWC storage.
    const int64_t N = 2, C = 3, D = 2, H = 3, W = 4;
    const std::vector<int64_t> size = {3, 5, 7};
    std::vector<float> ncdhw = Ramp(N * C * D * H * W);
    std::vector<float> want = ContiguousResult(ncdhw, {N, C, D, H, W}, size, false);

    std::vector<float> ndhwc = NcdhwToNdhwc(ncdhw, N, C, D * H * W);
    const int64_t oD = size[0], oH = size[1], oW = size[2];
    std::vector<float> outCl(N * C * oD * oH * oW, 0.0f);
    Tensor self({N, C, D, H, W}, ndhwc.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, ChannelsLastStrides(C, D, H, W));
    Tensor res({N, C, oD, oH, oW}, outCl.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, ChannelsLastStrides(C, oD, oH, oW));
    ASSERT_EQ(RunTrilinear(self.handle, size, res.handle), ACLNN_SUCCESS) << LastMsg();
    // both views are NDHWC-dense: the NDHWC kernel runs on them directly, no view_copy launch
    std::string json = aclsimLastLaunchJson();
    EXPECT_NE(json.find("\"kernel\": \"upsample_trilinear3d\""), std::string::npos) << json;
    ExpectClose(NdhwcToNcdhw(outCl, N, C, oD * oH * oW), want);
}

TEST_F(TrilinearApi, ChannelsLastInputContiguousOutput)
{
    const int64_t N = 1, C = 4, D = 2, H = 2, W = 3;
    const std::vector<int64_t> size = {4, 3, 5};
    std::vector<float> ncdhw = Ramp(N * C * D * H * W);
    std::vector<float> want = ContiguousResult(ncdhw, {N, C, D, H, W}, size, true);
    std::vector<float> ndhwc = NcdhwToNdhwc(ncdhw, N, C, D * H * W);
    std::vector<float> out(want.size(), 0.0f);
    Tensor self({N, C, D, H, W}, ndhwc.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, ChannelsLastStrides(C, D, H, W));
    Tensor res({N, C, size[0], size[1], size[2]}, out.data());
    ASSERT_EQ(RunTrilinear(self.handle, size, res.handle, true), ACLNN_SUCCESS) << LastMsg();
    ExpectClose(out, want);
}

TEST_F(TrilinearApi, ContiguousInputChannelsLastOutput)
{
    // The NDHWC kernel writes the channels-last out directly; the smaller input is gathered NCDHW -> NDHWC.
    const int64_t N = 2, C = 5, D = 2, H = 3, W = 2;
    const std::vector<int64_t> size = {3, 4, 4};
    std::vector<float> ncdhw = Ramp(N * C * D * H * W);
    std::vector<float> want = ContiguousResult(ncdhw, {N, C, D, H, W}, size, false);
    const int64_t oD = size[0], oH = size[1], oW = size[2];
    std::vector<float> outCl(want.size(), 0.0f);
    Tensor self({N, C, D, H, W}, ncdhw.data());
    Tensor res({N, C, oD, oH, oW}, outCl.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, ChannelsLastStrides(C, oD, oH, oW));
    ASSERT_EQ(RunTrilinear(self.handle, size, res.handle), ACLNN_SUCCESS) << LastMsg();
    std::string json = aclsimLastLaunchJson();
    EXPECT_NE(json.find("\"kernel\": \"upsample_trilinear3d\""), std::string::npos) << "out was staged: " << json;
    ExpectClose(NdhwcToNcdhw(outCl, N, C, oD * oH * oW), want);
}

TEST_F(TrilinearApi, OffsetAndPaddedRowsOutputLeavesGapsUntouched)
{
    // self: an offset view into a larger buffer; out: rows of 7 in a buffer with pitch 9.
    const int64_t N = 1, C = 2, D = 2, H = 2, W = 3;
    const std::vector<int64_t> size = {3, 4, 7};
    std::vector<float> ncdhw = Ramp(N * C * D * H * W);
    std::vector<float> want = ContiguousResult(ncdhw, {N, C, D, H, W}, size, false);
    const int64_t offset = 5;
    std::vector<float> inBuf(offset + ncdhw.size(), 99.0f);
    std::copy(ncdhw.begin(), ncdhw.end(), inBuf.begin() + offset);
    const int64_t pitch = 9;
    const int64_t rows = N * C * size[0] * size[1];
    std::vector<float> outBuf(rows * pitch, -7.0f);
    Tensor self({N, C, D, H, W}, inBuf.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, {}, offset);
    Tensor res({N, C, size[0], size[1], size[2]}, outBuf.data(), ACL_FLOAT, ACL_FORMAT_NCDHW,
               {C * size[0] * size[1] * pitch, size[0] * size[1] * pitch, size[1] * pitch, pitch, 1}, 0,
               {rows * pitch});
    ASSERT_EQ(RunTrilinear(self.handle, size, res.handle), ACLNN_SUCCESS) << LastMsg();
    std::vector<float> got;
    for (int64_t r = 0; r < rows; ++r) {
        for (int64_t w = 0; w < size[2]; ++w) got.push_back(outBuf[r * pitch + w]);
        for (int64_t w = size[2]; w < pitch; ++w) ASSERT_EQ(outBuf[r * pitch + w], -7.0f) << "gap written";
    }
    ExpectClose(got, want);
}

TEST_F(TrilinearApi, InnerStrideTwoInAndOut)
{
    // W stride 2 on both sides: the element-wise view_copy path.
    const int64_t N = 1, C = 1, D = 2, H = 3, W = 4;
    const std::vector<int64_t> size = {2, 5, 6};
    std::vector<float> ncdhw = Ramp(N * C * D * H * W);
    std::vector<float> want = ContiguousResult(ncdhw, {N, C, D, H, W}, size, false);
    std::vector<float> inBuf(ncdhw.size() * 2, 55.0f);
    for (size_t i = 0; i < ncdhw.size(); ++i) inBuf[2 * i] = ncdhw[i];
    std::vector<float> outBuf(want.size() * 2, -3.0f);
    const int64_t oD = size[0], oH = size[1], oW = size[2];
    Tensor self({N, C, D, H, W}, inBuf.data(), ACL_FLOAT, ACL_FORMAT_NCDHW,
                {2 * C * D * H * W, 2 * D * H * W, 2 * H * W, 2 * W, 2}, 0, {int64_t(inBuf.size())});
    Tensor res({N, C, oD, oH, oW}, outBuf.data(), ACL_FLOAT, ACL_FORMAT_NCDHW,
               {2 * C * oD * oH * oW, 2 * oD * oH * oW, 2 * oH * oW, 2 * oW, 2}, 0, {int64_t(outBuf.size())});
    ASSERT_EQ(RunTrilinear(self.handle, size, res.handle), ACLNN_SUCCESS) << LastMsg();
    std::vector<float> got(want.size());
    for (size_t i = 0; i < want.size(); ++i) {
        got[i] = outBuf[2 * i];
        ASSERT_EQ(outBuf[2 * i + 1], -3.0f) << "gap written";
    }
    ExpectClose(got, want);
}

TEST_F(TrilinearApi, NdhwcFormatContiguous)
{
    const int64_t N = 1, C = 3, D = 2, H = 2, W = 2;
    const std::vector<int64_t> size = {3, 3, 4};
    std::vector<float> ncdhw = Ramp(N * C * D * H * W);
    std::vector<float> want = ContiguousResult(ncdhw, {N, C, D, H, W}, size, false);
    std::vector<float> ndhwc = NcdhwToNdhwc(ncdhw, N, C, D * H * W);
    const int64_t oDHW = size[0] * size[1] * size[2];
    std::vector<float> out(N * C * oDHW, 0.0f);
    Tensor self({N, D, H, W, C}, ndhwc.data(), ACL_FLOAT, ACL_FORMAT_NDHWC);
    Tensor res({N, size[0], size[1], size[2], C}, out.data(), ACL_FLOAT, ACL_FORMAT_NDHWC);
    ASSERT_EQ(RunTrilinear(self.handle, size, res.handle), ACLNN_SUCCESS) << LastMsg();
    ExpectClose(NdhwcToNcdhw(out, N, C, oDHW), want);
}

TEST_F(TrilinearApi, StridedViewsGoThroughViewCopyOnTheSim)
{
    // The last launch of a call with a strided out is the view_copy scatter; an operator launch on
    // contiguous tensors records the traffic floor (input bytes + output bytes).
    std::vector<float> in = {1, 2, 3, 4, 5, 6, 7, 8};
    std::vector<float> contiguousOut(64, 0.0f);
    {
        Tensor self({1, 1, 2, 2, 2}, in.data());
        Tensor res({1, 1, 4, 4, 4}, contiguousOut.data());
        ASSERT_EQ(RunTrilinear(self.handle, {4, 4, 4}, res.handle), ACLNN_SUCCESS) << LastMsg();
        std::string json = aclsimLastLaunchJson();
        EXPECT_EQ(json.find("view_copy"), std::string::npos) << json;
        EXPECT_NE(json.find("\"floor_bytes\": " + std::to_string((8 + 64) * 4)), std::string::npos) << json;
    }
    std::vector<float> outBuf(128, 0.0f);
    Tensor self({1, 1, 2, 2, 2}, in.data());
    Tensor res({1, 1, 4, 4, 4}, outBuf.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, {128, 128, 32, 8, 2}, 0, {128});
    ASSERT_EQ(RunTrilinear(self.handle, {4, 4, 4}, res.handle), ACLNN_SUCCESS) << LastMsg();
    std::string json = aclsimLastLaunchJson();
    EXPECT_NE(json.find("view_copy"), std::string::npos) << json;
    for (int i = 0; i < 64; ++i) ASSERT_EQ(outBuf[2 * i], contiguousOut[i]) << i;
}

TEST_F(TrilinearApi, StridedViewsOn310p)
{
    // 310P has no DataCopyPad: view_copy takes its scalar path; the operator runs its 310P variant.
    if (aclsimSetSoc("ascend310p") != 0) GTEST_SKIP() << "no ascend310p profile";
    const int64_t N = 1, C = 3, D = 2, H = 2, W = 3;
    const std::vector<int64_t> size = {3, 3, 5};
    std::vector<float> ncdhw = Ramp(N * C * D * H * W);
    std::vector<float> want = ContiguousResult(ncdhw, {N, C, D, H, W}, size, false);
    std::vector<float> inBuf(ncdhw.size() * 2, 55.0f);
    for (size_t i = 0; i < ncdhw.size(); ++i) inBuf[2 * i] = ncdhw[i];
    const int64_t oD = size[0], oH = size[1], oW = size[2];
    std::vector<float> ndhwcOut(want.size(), 0.0f);  // out: channels-last strided NCDHW view
    Tensor self({N, C, D, H, W}, inBuf.data(), ACL_FLOAT, ACL_FORMAT_NCDHW,
                {2 * C * D * H * W, 2 * D * H * W, 2 * H * W, 2 * W, 2}, 0, {int64_t(inBuf.size())});
    Tensor res({N, C, oD, oH, oW}, ndhwcOut.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, ChannelsLastStrides(C, oD, oH, oW));
    ASSERT_EQ(RunTrilinear(self.handle, size, res.handle), ACLNN_SUCCESS) << LastMsg();
    ExpectClose(NdhwcToNcdhw(ndhwcOut, N, C, oD * oH * oW), want);
}

// ---- run-phase errors --------------------------------------------------------------------------------
TEST_F(TrilinearApi, SmallWorkspaceRejectedAndOutUntouched)
{
    // A strided out needs staging, so the workspace is non-zero; one byte short must fail cleanly.
    Call444 c(std::vector<float>(8, 2.0f), -1.0f, true);
    ASSERT_EQ(c.PrepareCall(), ACLNN_SUCCESS);
    ASSERT_GT(c.ws, 0u);
    std::vector<uint8_t> workspace(c.ws);
    EXPECT_EQ(aclnnUpsampleTrilinear3d(workspace.data(), c.ws - 1, c.exec, nullptr), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastMsg().find("workspaceSize:"), std::string::npos) << LastMsg();
    for (float v : c.outBuf) ASSERT_EQ(v, -1.0f);
}

}  // namespace
