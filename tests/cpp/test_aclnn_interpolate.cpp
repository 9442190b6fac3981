// aclnnInterpolate through the public C API: every rule of docs/aclnnInterpolate.md "Inputs and validation"
// (status code AND the parameter named in aclGetRecentErrMsg), output-shape resolution, empty
// tensors, strided views against the contiguous result, executor lifetime, `out` untouched on error.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_sim_ext.h"
#include "aclnn_interpolate.h"
#include "aclnn_test_util.h"

namespace {

using acltest::IntArray;
using acltest::kSentinel;
using acltest::LastMsg;

struct Tensor : acltest::TensorHandle {
    Tensor(const std::vector<int64_t>& shape, void* data, aclDataType dtype = ACL_FLOAT,
           std::vector<int64_t> strides = {}, int64_t offset = 0, std::vector<int64_t> storage = {},
           aclFormat format = ACL_FORMAT_ND)
        : TensorHandle(shape, data, dtype, format, std::move(strides), offset, std::move(storage))
    {
    }
};

struct FloatArray {
    aclFloatArray* handle = nullptr;
    explicit FloatArray(const std::vector<float>* v) : handle(v ? aclCreateFloatArray(v->data(), v->size()) : nullptr) {}
    ~FloatArray() { aclDestroyFloatArray(handle); }
};

// One call's arguments; std::vector pointers left null mean "pass NULL".
struct Call {
    std::vector<int64_t> selfShape = {1, 1, 2, 2};
    aclDataType selfType = ACL_FLOAT;
    aclFormat selfFormat = ACL_FORMAT_ND;
    std::vector<int64_t> selfStrides;
    int64_t selfOffset = 0;
    std::vector<int64_t> selfStorage;
    std::vector<int64_t> outShape = {1, 1, 4, 4};
    aclDataType outType = ACL_FLOAT;
    std::vector<int64_t> outStrides;
    std::vector<int64_t> outStorage;
    std::vector<int64_t> sizesV = {4, 4};
    std::vector<float> scalesV = {2.0f, 2.0f};
    std::vector<int64_t> axesV = {2, 3};
    std::vector<int64_t> padsBeginV, padsEndV;
    bool haveSizes = true, haveScales = true, haveAxes = true, havePadsBegin = false, havePadsEnd = false;
    const char* mode = "nearest";
    const char* shapeMode = "sizes";
    const char* coordMode = "half_pixel";
    const char* nearestMode = "round_prefer_floor";
    bool antialias = false;
    double cubeCoeff = -0.75;
    bool nullSelf = false, nullOut = false, nullWs = false, nullExec = false;

    // Phase one only; the executor (if any) is returned.
    aclnnStatus Prepare(void* in, void* out, uint64_t* ws, aclOpExecutor** exec) const
    {
        Tensor self(selfShape, in, selfType, selfStrides, selfOffset, selfStorage, selfFormat);
        Tensor res(outShape, out, outType, outStrides, 0, outStorage);
        IntArray sizes(haveSizes ? &sizesV : nullptr), axes(haveAxes ? &axesV : nullptr);
        IntArray pb(havePadsBegin ? &padsBeginV : nullptr), pe(havePadsEnd ? &padsEndV : nullptr);
        FloatArray scales(haveScales ? &scalesV : nullptr);
        return aclnnInterpolateGetWorkspaceSize(nullSelf ? nullptr : self.handle, sizes.handle, scales.handle,
                                                axes.handle, mode, shapeMode, coordMode, nearestMode, antialias,
                                                pb.handle, pe.handle, cubeCoeff, nullOut ? nullptr : res.handle,
                                                nullWs ? nullptr : ws, nullExec ? nullptr : exec);
    }

    aclnnStatus Run(void* in, void* out) const
    {
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        aclnnStatus st = Prepare(in, out, &ws, &exec);
        if (st != ACLNN_SUCCESS) return st;
        std::vector<uint8_t> workspace(ws);
        return aclnnInterpolate(ws ? workspace.data() : nullptr, ws, exec, nullptr);
    }

    void Expect(aclnnStatus code, const std::string& param, const std::string& alsoIn = "") const
    {
        std::vector<float> in(4096, 1.0f);
        std::vector<uint8_t> outBuf(4096 * 4, kSentinel);
        uint64_t ws = 777;
        aclOpExecutor* exec = nullptr;
        EXPECT_EQ(Prepare(in.data(), outBuf.data(), &ws, &exec), code);
        acltest::ExpectRejected("aclnnInterpolate", param, alsoIn, exec, outBuf);
    }
};

using InterpolateApi = acltest::ApiTest;

// ---- hand-computed results ----------------------------------------------------------------------------
TEST_F(InterpolateApi, NearestDoublesEachPixel)
{
    // half_pixel, round_prefer_floor, 2 -> 4: source pixels [0, 0, 1, 1] on each axis.
    std::vector<float> in = {1, 2, 3, 4}, out(16, 0.0f);
    Call c;
    ASSERT_EQ(c.Run(in.data(), out.data()), ACLNN_SUCCESS) << LastMsg();
    const float want[16] = {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4};
    for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], want[i]) << i;
}

TEST_F(InterpolateApi, LinearOnnxAsymmetric1d)
{
    // asymmetric 2 -> 4: c = x / 2 = {0, .5, 1, 1.5}; c clamps to 1 -> {0, 5, 10, 10}.
    std::vector<float> in = {0, 10}, out(4, -1.0f);
    Call c;
    c.selfShape = {2};
    c.outShape = {4};
    c.axesV = {0};
    c.sizesV = {4};
    c.mode = "linear_onnx";
    c.coordMode = "asymmetric";
    ASSERT_EQ(c.Run(in.data(), out.data()), ACLNN_SUCCESS) << LastMsg();
    const float want[4] = {0, 5, 10, 10};
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(out[i], want[i], 1e-5) << i;
}

TEST_F(InterpolateApi, ScalesModeIgnoresSizesAndUsesOpenVinoEpsilon)
{
    // L = 5, scale 1.8 -> 9 (float32 1.8 is 1.79999995; the 1e-6 epsilon makes it 9).
    std::vector<float> in = {0, 1, 2, 3, 4}, out(9, 0.0f);
    Call c;
    c.selfShape = {5};
    c.outShape = {9};
    c.axesV = {0};
    c.shapeMode = "scales";
    c.scalesV = {1.8f};
    c.haveSizes = false;
    ASSERT_EQ(c.Run(in.data(), out.data()), ACLNN_SUCCESS) << LastMsg();
    c.haveSizes = true;
    c.sizesV = {1, 2, 3};  // inconsistent sizes are ignored in scales mode
    ASSERT_EQ(c.Run(in.data(), out.data()), ACLNN_SUCCESS) << LastMsg();
}

TEST_F(InterpolateApi, NullAxesMeansAllAndPadsAreApplied)
{
    // axes = NULL: all dims; rank 2 [1,2] with pads_begin (0,1): padded (1,3), sizes (1,3) -> copy of padded.
    std::vector<float> in = {5, 6}, out(3, -1.0f);
    Call c;
    c.selfShape = {1, 2};
    c.outShape = {1, 3};
    c.haveAxes = false;
    c.sizesV = {1, 3};
    c.havePadsBegin = true;
    c.padsBeginV = {0, 1, 7, 7};  // longer than rank: the first rank values are used
    ASSERT_EQ(c.Run(in.data(), out.data()), ACLNN_SUCCESS) << LastMsg();
    EXPECT_EQ(out[0], 0.0f);
    EXPECT_EQ(out[1], 5.0f);
    EXPECT_EQ(out[2], 6.0f);
}

// ---- checks --------------------------------------------------------------------------------------------
TEST_F(InterpolateApi, NullPointers)
{
    { Call c; c.nullWs = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "workspaceSize"); }
    { Call c; c.nullExec = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "executor"); }
    { Call c; c.nullSelf = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "self"); }
    { Call c; c.nullOut = true; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "out"); }
    { Call c; c.mode = nullptr; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "mode"); }
    { Call c; c.shapeMode = nullptr; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "shapeCalculationMode"); }
    { Call c; c.haveSizes = false; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "sizes"); }
    { Call c; c.shapeMode = "scales"; c.haveScales = false; c.Expect(ACLNN_ERR_PARAM_NULLPTR, "scales"); }
}

TEST_F(InterpolateApi, DTypes)
{
    { Call c; c.selfType = c.outType = ACL_DOUBLE; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "float64"); }
    { Call c; c.selfType = c.outType = ACL_DOUBLE; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "float32"); }
    { Call c; c.selfType = c.outType = ACL_INT64; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "int64"); }
    { Call c; c.outType = ACL_INT32; c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "dtype"); }
    for (aclDataType t : {ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT32}) {
        Call c;  // accepted dtypes reach the later out-shape check
        c.selfType = c.outType = t;
        c.outShape = {1, 1, 4, 5};
        c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "expected shape");
    }
    if (aclsimSetSoc("ascend310p") != 0) GTEST_SKIP() << "no ascend310p profile";
    Call c;
    c.selfType = c.outType = ACL_BF16;
    c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "bfloat16");
}

TEST_F(InterpolateApi, RanksAndFormats)
{
    { Call c; c.selfShape = {1, 1, 1, 1, 2, 2}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "rank"); }
    { Call c; c.selfShape = {}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "rank"); }
    { Call c; c.outShape = {1, 4, 4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "rank"); }
    { Call c; c.selfFormat = ACL_FORMAT_NC1HWC0; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "format"); }
}

TEST_F(InterpolateApi, ModeStrings)
{
    { Call c; c.mode = "bilinear"; c.Expect(ACLNN_ERR_PARAM_INVALID, "mode", "\"linear_onnx\""); }
    { Call c; c.mode = "Nearest"; c.Expect(ACLNN_ERR_PARAM_INVALID, "mode", "\"cubic\""); }
    { Call c; c.shapeMode = "size"; c.Expect(ACLNN_ERR_PARAM_INVALID, "shapeCalculationMode", "\"scales\""); }
    {
        Call c;
        c.coordMode = "half_pixel_symmetric";
        c.Expect(ACLNN_ERR_PARAM_INVALID, "coordinateTransformationMode", "\"tf_half_pixel_for_nn\"");
    }
    { Call c; c.nearestMode = "round"; c.Expect(ACLNN_ERR_PARAM_INVALID, "nearestMode", "\"round_prefer_ceil\""); }
}

TEST_F(InterpolateApi, AxesSizesScales)
{
    { Call c; c.axesV = {2, 4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "axes", "[0, 4)"); }
    { Call c; c.axesV = {-1, 3}; c.Expect(ACLNN_ERR_PARAM_INVALID, "axes"); }
    { Call c; c.axesV = {3, 3}; c.Expect(ACLNN_ERR_PARAM_INVALID, "axes", "repeated"); }
    { Call c; c.sizesV = {4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "sizes", "length"); }
    { Call c; c.sizesV = {4, 0}; c.Expect(ACLNN_ERR_PARAM_INVALID, "sizes", ">= 1"); }
    { Call c; c.shapeMode = "scales"; c.scalesV = {2.0f}; c.Expect(ACLNN_ERR_PARAM_INVALID, "scales", "length"); }
    { Call c; c.shapeMode = "scales"; c.scalesV = {2.0f, -1.0f}; c.Expect(ACLNN_ERR_PARAM_INVALID, "scales", "> 0"); }
    { Call c; c.shapeMode = "scales"; c.scalesV = {2.0f, INFINITY}; c.Expect(ACLNN_ERR_PARAM_INVALID, "scales", "finite"); }
    { Call c; c.shapeMode = "scales"; c.scalesV = {2.0f, NAN}; c.Expect(ACLNN_ERR_PARAM_INVALID, "scales"); }
    {  // 2 * 0.25 -> 0 elements
        Call c;
        c.shapeMode = "scales";
        c.scalesV = {2.0f, 0.25f};
        c.Expect(ACLNN_ERR_PARAM_INVALID, "scales", "output length");
    }
}

TEST_F(InterpolateApi, PadsCubeCoeffShapes)
{
    { Call c; c.havePadsBegin = true; c.padsBeginV = {0, 0, -1}; c.Expect(ACLNN_ERR_PARAM_INVALID, "padsBegin", ">= 0"); }
    { Call c; c.havePadsEnd = true; c.padsEndV = {-2}; c.Expect(ACLNN_ERR_PARAM_INVALID, "padsEnd", ">= 0"); }
    { Call c; c.cubeCoeff = NAN; c.Expect(ACLNN_ERR_PARAM_INVALID, "cubeCoeff", "finite"); }
    { Call c; c.cubeCoeff = 1e300; c.Expect(ACLNN_ERR_PARAM_INVALID, "cubeCoeff"); }
    { Call c; c.outShape = {1, 1, 4, 3}; c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "[1, 1, 4, 4]"); }
    {  // pads enter the expected shape of non-interpolated dims
        Call c;
        c.havePadsEnd = true;
        c.padsEndV = {0, 2};
        c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "[1, 3, 4, 4]");
    }
    { Call c; c.selfShape = {1, 1, 0, 2}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "length 0"); }
    {
        Call c;
        c.selfShape = {0, 1, 2, 2};
        c.havePadsBegin = true;
        c.padsBeginV = {1};
        c.Expect(ACLNN_ERR_PARAM_INVALID, "padsBegin/padsEnd", "empty");
    }
    { Call c; c.selfStorage = {3}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "storage"); }
    { Call c; c.selfShape = {1, -1, 2, 2}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", ">= 0"); }
    { Call c; c.selfOffset = -2; c.selfStorage = {4}; c.Expect(ACLNN_ERR_PARAM_INVALID, "self", "offset"); }
    { Call c; c.outStrides = {16, 16, 0, 1}; c.Expect(ACLNN_ERR_PARAM_INVALID, "out", "stride 0"); }
}

TEST_F(InterpolateApi, NullDataAddress)
{
    std::vector<float> out(16, 0.0f);
    Call c;
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    EXPECT_EQ(c.Prepare(nullptr, out.data(), &ws, &exec), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(LastMsg().find("self: data address"), std::string::npos) << LastMsg();
    EXPECT_EQ(exec, nullptr);
}

TEST_F(InterpolateApi, EmptyBatchSucceedsWithoutWorkspace)
{
    float dummy = 0;
    Call c;
    c.selfShape = {0, 1, 2, 2};
    c.outShape = {0, 1, 4, 4};
    uint64_t ws = 5;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(c.Prepare(&dummy, &dummy, &ws, &exec), ACLNN_SUCCESS) << LastMsg();
    EXPECT_EQ(ws, 0u);
    ASSERT_NE(exec, nullptr);
    EXPECT_EQ(aclnnInterpolate(nullptr, 0, exec, nullptr), ACLNN_SUCCESS);
}

// ---- self and out in one buffer ------------------------------------------------------------------------
// nearest 2x2 -> 4x4 over views into one 40-float buffer: self = elements [0, 4), out at `outOffset`
// with `outStrides` (empty: contiguous).
aclnnStatus RunInOneBuffer(std::vector<float>& buf, int64_t outOffset, std::vector<int64_t> outStrides)
{
    acltest::TensorHandle self({1, 1, 2, 2}, buf.data(), ACL_FLOAT, ACL_FORMAT_ND, {}, 0, {int64_t(buf.size())});
    acltest::TensorHandle res({1, 1, 4, 4}, buf.data(), ACL_FLOAT, ACL_FORMAT_ND, std::move(outStrides), outOffset,
                              {int64_t(buf.size())});
    IntArray sizes(std::vector<int64_t>{4, 4}), axes(std::vector<int64_t>{2, 3});
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    aclnnStatus st = aclnnInterpolateGetWorkspaceSize(self.handle, sizes.handle, nullptr, axes.handle, "nearest",
                                                      "sizes", nullptr, nullptr, false, nullptr, nullptr, -0.75,
                                                      res.handle, &ws, &exec);
    if (st != ACLNN_SUCCESS) return st;
    std::vector<uint8_t> workspace(ws);
    return aclnnInterpolate(ws ? workspace.data() : nullptr, ws, exec, nullptr);
}

TEST_F(InterpolateApi, OutSharingSelfInPlaceIsRejectedStagedIsComputed)
{
    const float want[16] = {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4};
    std::vector<float> buf(40, -1.0f);
    for (int i = 0; i < 4; ++i) buf[i] = float(i + 1);
    const std::vector<float> before = buf;
    // both dense, out starting inside self: the kernel would read what it overwrote
    EXPECT_EQ(RunInOneBuffer(buf, 2, {}), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastMsg().find("out: shares 8 bytes with self"), std::string::npos) << LastMsg();
    EXPECT_EQ(buf, before) << "a rejected call wrote";
    // disjoint: computed
    ASSERT_EQ(RunInOneBuffer(buf, 16, {}), ACLNN_SUCCESS) << LastMsg();
    for (int i = 0; i < 16; ++i) EXPECT_EQ(buf[16 + i], want[i]) << i;
    // out strided over self's elements 0 and 2: out is staged (the scatter runs after the kernel read
    // self), so the result is that of the original self
    buf = before;
    ASSERT_EQ(RunInOneBuffer(buf, 0, {32, 32, 8, 2}), ACLNN_SUCCESS) << LastMsg();
    for (int i = 0; i < 16; ++i) EXPECT_EQ(buf[2 * i], want[i]) << i;
    EXPECT_EQ(buf[1], 2.0f);  // self's element 1, between out's elements, untouched
}

// ---- executor lifetime and run-phase errors -------------------------------------------------------------
TEST_F(InterpolateApi, ExecutorRunsOnce)
{
    std::vector<float> in = {1, 2, 3, 4}, out(16, 0.0f);
    Call c;
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(c.Prepare(in.data(), out.data(), &ws, &exec), ACLNN_SUCCESS) << LastMsg();
    std::vector<uint8_t> workspace(ws + 1);
    ASSERT_EQ(aclnnInterpolate(workspace.data(), ws, exec, nullptr), ACLNN_SUCCESS) << LastMsg();
    EXPECT_EQ(aclnnInterpolate(workspace.data(), ws, exec, nullptr), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastMsg().find("executor:"), std::string::npos) << LastMsg();
}

TEST_F(InterpolateApi, SmallWorkspaceRejectedAndOutUntouched)
{
    std::vector<float> in = {1, 2, 3, 4};
    std::vector<float> outBuf(32, -1.0f);
    Call c;
    c.outStrides = {32, 32, 8, 2};  // every other element: needs staging, so the workspace is > 0
    c.outStorage = {32};
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(c.Prepare(in.data(), outBuf.data(), &ws, &exec), ACLNN_SUCCESS) << LastMsg();
    ASSERT_GT(ws, 0u);
    std::vector<uint8_t> workspace(ws);
    EXPECT_EQ(aclnnInterpolate(workspace.data(), ws - 1, exec, nullptr), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastMsg().find("workspaceSize:"), std::string::npos) << LastMsg();
    for (float v : outBuf) ASSERT_EQ(v, -1.0f);
}

// ---- strided views ---------------------------------------------------------------------------------------
TEST_F(InterpolateApi, StridedViewsMatchContiguous)
{
    // rank 3 (2, 3, 5) -> linear_onnx on axes (1, 2) to (2, 4, 7); self: transposed storage + offset;
    // out: W stride 2 (element-wise path) with untouched gaps.
    const int64_t A = 2, B = 3, W = 5;
    std::vector<float> in(A * B * W);
    for (size_t i = 0; i < in.size(); ++i) in[i] = std::cos(0.7f * float(i)) * 4.0f;
    Call c;
    c.selfShape = {A, B, W};
    c.outShape = {A, 4, 7};
    c.axesV = {1, 2};
    c.sizesV = {4, 7};
    c.mode = "linear_onnx";
    std::vector<float> want(A * 4 * 7, 0.0f);
    ASSERT_EQ(c.Run(in.data(), want.data()), ACLNN_SUCCESS) << LastMsg();

    // self stored as (W, B, A) with an offset of 3 elements.
    const int64_t offset = 3;
    std::vector<float> inT(offset + in.size(), 42.0f);
    for (int64_t a = 0; a < A; ++a)
        for (int64_t b = 0; b < B; ++b)
            for (int64_t w = 0; w < W; ++w) inT[offset + (w * B + b) * A + a] = in[(a * B + b) * W + w];
    std::vector<float> outBuf(want.size() * 2, -9.0f);
    Call v = c;
    v.selfStrides = {1, A, A * B};
    v.selfOffset = offset;
    v.selfStorage = {int64_t(inT.size())};
    v.outStrides = {2 * 4 * 7, 2 * 7, 2};
    v.outStorage = {int64_t(outBuf.size())};
    ASSERT_EQ(v.Run(inT.data(), outBuf.data()), ACLNN_SUCCESS) << LastMsg();
    for (size_t i = 0; i < want.size(); ++i) {
        ASSERT_NEAR(outBuf[2 * i], want[i], 1e-5 * (1 + std::fabs(want[i]))) << i;
        ASSERT_EQ(outBuf[2 * i + 1], -9.0f) << "gap written";
    }
}

TEST_F(InterpolateApi, Int32NearestThroughStridedInput)
{
    // int32 bits must survive the view copy exactly (values above 2^24).
    std::vector<int32_t> in = {16777217, -5, 2147483647, 7};
    std::vector<int32_t> inBuf(8, 0);
    for (int i = 0; i < 4; ++i) inBuf[2 * i] = in[i];
    std::vector<int32_t> out(16, 0);
    Call c;
    c.selfType = c.outType = ACL_INT32;
    c.selfStrides = {8, 8, 4, 2};
    c.selfStorage = {8};
    ASSERT_EQ(c.Run(inBuf.data(), out.data()), ACLNN_SUCCESS) << LastMsg();
    EXPECT_EQ(out[0], 16777217);
    EXPECT_EQ(out[3], -5);
    EXPECT_EQ(out[12], 2147483647);
    EXPECT_EQ(out[15], 7);
}

TEST_F(InterpolateApi, Uint8StridedOn310pAndFloat16OffsetView)
{
    // uint8 through the scalar view_copy path (310P has no DataCopyPad), both directions.
    std::vector<uint8_t> in = {10, 20, 30, 40};
    std::vector<uint8_t> want(16, 0);
    {
        Call c;
        c.selfType = c.outType = ACL_UINT8;
        ASSERT_EQ(c.Run(in.data(), want.data()), ACLNN_SUCCESS) << LastMsg();
    }
    if (aclsimSetSoc("ascend310p") != 0) GTEST_SKIP() << "no ascend310p profile";
    std::vector<uint8_t> inBuf(8, 0), outBuf(32, 0xCD);
    for (int i = 0; i < 4; ++i) inBuf[2 * i] = in[i];
    Call c;
    c.selfType = c.outType = ACL_UINT8;
    c.selfStrides = {8, 8, 4, 2};
    c.selfStorage = {8};
    c.outStrides = {32, 32, 8, 2};
    c.outStorage = {32};
    ASSERT_EQ(c.Run(inBuf.data(), outBuf.data()), ACLNN_SUCCESS) << LastMsg();
    for (int i = 0; i < 16; ++i) {
        EXPECT_EQ(outBuf[2 * i], want[i]) << i;
        EXPECT_EQ(outBuf[2 * i + 1], 0xCD) << "gap written";
    }
    aclsimSetSoc("ascend910b");

    // float16 self as an offset view (rows path), cubic, against the contiguous call.
    std::vector<uint16_t> h(12);
    for (int i = 0; i < 12; ++i) h[i] = aclFloatToFloat16(0.5f * float(i) - 2.0f);
    Call f;
    f.selfShape = {3, 4};
    f.outShape = {3, 7};
    f.axesV = {1};
    f.sizesV = {7};
    f.mode = "cubic";
    f.selfType = f.outType = ACL_FLOAT16;
    std::vector<uint16_t> wantH(21, 0), gotH(21, 0);
    ASSERT_EQ(f.Run(h.data(), wantH.data()), ACLNN_SUCCESS) << LastMsg();
    std::vector<uint16_t> hBuf(3 + 12 + 3 * 2, 0x7E00);  // NaN filler around the view
    for (int r = 0; r < 3; ++r)
        for (int w = 0; w < 4; ++w) hBuf[3 + r * 6 + w] = h[r * 4 + w];
    Call v = f;
    v.selfStrides = {6, 1};
    v.selfOffset = 3;
    v.selfStorage = {int64_t(hBuf.size())};
    ASSERT_EQ(v.Run(hBuf.data(), gotH.data()), ACLNN_SUCCESS) << LastMsg();
    EXPECT_EQ(gotH, wantH);
}

}  // namespace
