// Failure atomicity of phase two on the sim (docs: "Failure atomicity"): a kernel launch that fails
// (a sim rule violation planted with aclsimFailNextLaunch: the kernel really writes part of its
// output, then the sim stops it) returns 361001 with the sim's message, leaves every byte of `out`
// as it was (the launch record shows that the failed launch did write), and the next call on the
// same thread works.  Each phase-two launch is failed in turn: the operator kernel, the view_copy
// gather of a strided input and the view_copy scatter into a strided output.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aclnn_interpolate.h"
#include "aclnn_test_util.h"
#include "aclnn_upsample_trilinear3d.h"

extern "C" const char* aclsimLastLaunchJson(void);  // sim control (ascend_sim/launch_impl.h)

namespace {

using acltest::IntArray;
using acltest::LastMsg;

// A number from the last launch record ("key": value).
double LastLaunchField(const std::string& key)
{
    const std::string json = aclsimLastLaunchJson();
    const size_t at = json.find("\"" + key + "\": ");
    if (at == std::string::npos) return NAN;
    return std::atof(json.c_str() + at + key.size() + 4);
}

std::vector<float> Wave(size_t n)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = std::sin(0.11f * float(i)) * 3.0f;
    return v;
}

// Bytes that no kernel result equals: out's bytes before a call.
std::vector<float> Sentinel(size_t n)
{
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = -1000.0f - float(i % 977);
    return v;
}

// One trilinear call 1x4x16x32x32 -> 1x4x32x64x64 (2 MiB of output, written by many blocks), with
// an optional strided input (every other float of its buffer) and a strided output (likewise).
struct TrilinearCall {
    static constexpr int64_t N = 1, C = 4, D = 16, H = 32, W = 32;
    static constexpr int64_t OD = 32, OH = 64, OW = 64;
    bool stridedIn = false, stridedOut = false;
    std::vector<float> in, outBuf;

    TrilinearCall(bool stridedInput, bool stridedOutput) : stridedIn(stridedInput), stridedOut(stridedOutput)
    {
        const std::vector<float> x = Wave(N * C * D * H * W);
        in.assign(x.size() * (stridedIn ? 2 : 1), 7.0f);
        for (size_t i = 0; i < x.size(); ++i) in[stridedIn ? 2 * i : i] = x[i];
        outBuf = Sentinel(N * C * OD * OH * OW * (stridedOut ? 2 : 1));
    }
    static std::vector<int64_t> Strides(const std::vector<int64_t>& shape, bool strided)
    {
        std::vector<int64_t> s = acltest::Contiguous(shape);
        if (strided) {
            for (int64_t& v : s) v *= 2;
        }
        return s;
    }
    // Both phases.
    aclnnStatus Run()
    {
        const std::vector<int64_t> inShape = {N, C, D, H, W}, outShape = {N, C, OD, OH, OW};
        acltest::TensorHandle self(inShape, in.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, Strides(inShape, stridedIn), 0,
                                   {int64_t(in.size())});
        acltest::TensorHandle res(outShape, outBuf.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, Strides(outShape, stridedOut),
                                  0, {int64_t(outBuf.size())});
        IntArray size(std::vector<int64_t>{OD, OH, OW});
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        aclnnStatus st = aclnnUpsampleTrilinear3dGetWorkspaceSize(self.handle, size.handle, false, 0, 0, 0, res.handle,
                                                                  &ws, &exec);
        if (st != ACLNN_SUCCESS) return st;
        std::vector<uint8_t> workspace(ws);
        return aclnnUpsampleTrilinear3d(ws ? workspace.data() : nullptr, ws, exec, nullptr);
    }
};

class AtomicityTest : public acltest::ApiTest {
protected:
    void TearDown() override
    {
        aclsimFailNextLaunch(nullptr, nullptr);  // never leave a fault armed for the next test
        acltest::ApiTest::TearDown();
    }

    // Runs `call` with a fault armed for `kernel`, expects 361001 naming `stage` and the sim's rule,
    // out byte-identical, a failed launch that wrote; then runs it again and expects success with the
    // result of an unfaulted call.
    template <typename Call>
    void ExpectAtomic(Call& call, const char* kernel, const char* rule, const std::string& stage,
                      bool launchWrites)
    {
        const std::vector<float> before = call.outBuf;
        ASSERT_EQ(aclsimFailNextLaunch(kernel, rule), 0) << LastMsg();
        // Blocks one after another (one sim worker): the blocks before the faulting one have written
        // when the sim stops the launch, whatever the host's thread scheduling.
        setenv("ASCEND_SIM_THREADS", "1", 1);
        const aclnnStatus failed = call.Run();
        unsetenv("ASCEND_SIM_THREADS");
        EXPECT_EQ(failed, ACLNN_ERR_RUNTIME_ERROR);
        const std::string msg = LastMsg();
        EXPECT_NE(msg.find(stage + " was rejected by the device: kernel " + kernel), std::string::npos) << msg;
        EXPECT_NE(msg.find(std::string("rule ") + rule), std::string::npos) << msg;
        EXPECT_EQ(LastLaunchField("status"), 1.0) << aclsimLastLaunchJson();
        if (launchWrites) {
            // the failed launch wrote before the sim stopped it: the restore is what kept out intact
            EXPECT_GT(LastLaunchField("gm_write_bytes"), 0.0) << aclsimLastLaunchJson();
        }
        ASSERT_EQ(std::memcmp(call.outBuf.data(), before.data(), before.size() * sizeof(float)), 0)
            << "out was modified by a failed run";

        // the next call on this thread works
        ASSERT_EQ(call.Run(), ACLNN_SUCCESS) << LastMsg();
        EXPECT_NE(std::memcmp(call.outBuf.data(), before.data(), before.size() * sizeof(float)), 0);
    }
};

TEST_F(AtomicityTest, OperatorKernelStoppedMidWayOnBothSocs)
{
    for (const char* soc : {"ascend910b", "ascend310p"}) {
        ASSERT_EQ(aclsimSetSoc(soc), 0) << soc;
        TrilinearCall reference(false, false);
        ASSERT_EQ(reference.Run(), ACLNN_SUCCESS) << LastMsg();
        TrilinearCall call(false, false);
        ExpectAtomic(call, "upsample_trilinear3d", "gm-bounds", "the operator kernel", true);
        EXPECT_EQ(call.outBuf, reference.outBuf) << soc;
    }
}

TEST_F(AtomicityTest, OperatorKernelLaunchRefused)
{
    TrilinearCall call(false, false);
    ExpectAtomic(call, "upsample_trilinear3d", "launch-params", "the operator kernel", false);
}

TEST_F(AtomicityTest, ScatterIntoStridedOutStoppedMidWay)
{
    // The operator kernel writes the staging buffer; the scatter's failure must leave out (and the
    // gaps between its elements) as they were.
    TrilinearCall call(false, true);
    ExpectAtomic(call, "view_copy", "gm-bounds", "scattering into the non-contiguous output (view_copy kernel)", true);
    const std::vector<float> sentinel = Sentinel(call.outBuf.size());
    for (size_t i = 1; i < call.outBuf.size(); i += 2) ASSERT_EQ(call.outBuf[i], sentinel[i]) << "gap " << i;
}

TEST_F(AtomicityTest, GatherOfStridedInputStopped)
{
    TrilinearCall call(true, false);
    ExpectAtomic(call, "view_copy", "gm-bounds", "gathering the non-contiguous input (view_copy kernel)", true);
}

TEST_F(AtomicityTest, InterpolateMultiPassKernelStoppedMidWay)
{
    // antialiased linear on three axes of a 5-D tensor: two passes (a SyncAll between them, the
    // split modeled faster on both SoCs); the last one writes out.
    struct Call {
        std::vector<float> in = Wave(2 * 8 * 30 * 32);
        std::vector<float> outBuf = Sentinel(2 * 4 * 10 * 11);
        aclnnStatus Run()
        {
            acltest::TensorHandle self({1, 2, 8, 30, 32}, in.data(), ACL_FLOAT, ACL_FORMAT_ND, {}, 0, {});
            acltest::TensorHandle res({1, 2, 4, 10, 11}, outBuf.data(), ACL_FLOAT, ACL_FORMAT_ND, {}, 0, {});
            IntArray sizes(std::vector<int64_t>{4, 10, 11}), axes(std::vector<int64_t>{2, 3, 4});
            uint64_t ws = 0;
            aclOpExecutor* exec = nullptr;
            aclnnStatus st = aclnnInterpolateGetWorkspaceSize(self.handle, sizes.handle, nullptr, axes.handle,
                                                              "linear", "sizes", nullptr, nullptr, true, nullptr,
                                                              nullptr, -0.75, res.handle, &ws, &exec);
            if (st != ACLNN_SUCCESS) return st;
            std::vector<uint8_t> workspace(ws);
            return aclnnInterpolate(ws ? workspace.data() : nullptr, ws, exec, nullptr);
        }
    } call;
    ExpectAtomic(call, "interpolate_separable", "gm-bounds", "the operator kernel", true);
    EXPECT_GT(LastLaunchField("phases"), 1.0) << aclsimLastLaunchJson();
}

TEST_F(AtomicityTest, RepeatableExecutorRunsAgainAfterAFailedRun)
{
    TrilinearCall call(false, false);
    const std::vector<int64_t> inShape = {1, 4, 16, 32, 32}, outShape = {1, 4, 32, 64, 64};
    acltest::TensorHandle self(inShape, call.in.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, {}, 0, {});
    acltest::TensorHandle res(outShape, call.outBuf.data(), ACL_FLOAT, ACL_FORMAT_NCDHW, {}, 0, {});
    IntArray size(std::vector<int64_t>{32, 64, 64});
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(aclnnUpsampleTrilinear3dGetWorkspaceSize(self.handle, size.handle, false, 0, 0, 0, res.handle, &ws, &exec),
              ACLNN_SUCCESS);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
    std::vector<uint8_t> workspace(ws + 1);
    const std::vector<float> before = call.outBuf;
    ASSERT_EQ(aclsimFailNextLaunch("upsample_trilinear3d", "gm-bounds"), 0);
    EXPECT_EQ(aclnnUpsampleTrilinear3d(workspace.data(), ws, exec, nullptr), ACLNN_ERR_RUNTIME_ERROR);
    EXPECT_EQ(call.outBuf, before);
    EXPECT_EQ(aclnnUpsampleTrilinear3d(workspace.data(), ws, exec, nullptr), ACLNN_SUCCESS) << LastMsg();
    EXPECT_NE(call.outBuf, before);
    EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

TEST_F(AtomicityTest, FaultControl)
{
    // an unknown rule is refused with the accepted ones named
    EXPECT_EQ(aclsimFailNextLaunch(nullptr, "ub-overflow"), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastMsg().find("\"gm-bounds\""), std::string::npos);
    // a fault for another kernel does not fire (no view_copy in a contiguous call) and stays armed
    ASSERT_EQ(aclsimFailNextLaunch("view_copy", "gm-bounds"), 0);
    TrilinearCall contiguous(false, false);
    EXPECT_EQ(contiguous.Run(), ACLNN_SUCCESS) << LastMsg();
    TrilinearCall staged(false, true);
    EXPECT_EQ(staged.Run(), ACLNN_ERR_RUNTIME_ERROR);
    // disarmed: runs
    ASSERT_EQ(aclsimFailNextLaunch("upsample_trilinear3d", "gm-bounds"), 0);
    ASSERT_EQ(aclsimFailNextLaunch("upsample_trilinear3d", nullptr), 0);
    EXPECT_EQ(contiguous.Run(), ACLNN_SUCCESS) << LastMsg();
}

}  // namespace
