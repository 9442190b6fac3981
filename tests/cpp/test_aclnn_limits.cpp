// Size limits of both aclnn operators (docs "Constraints"): every dimension and derived length
// <= INT32_MAX, every tensor <= INT32_MAX elements, views addressable in int64.  Each case builds
// aclTensors with huge shapes over a page mapped PROT_NONE, so the data is never allocated and any
// read or write of it would crash the test: the call must fail with 161002 and a message naming the
// parameter and the limit, before anything is planned, leaving workspaceSize and executor as they were
// and creating no executor.
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "aclnn_interpolate.h"
#include "aclnn_test_util.h"
#include "aclnn_upsample_trilinear3d.h"
#include "aclnn_upsample_trilinear3d_backward.h"

namespace {

using acltest::IntArray;
using acltest::LastMsg;

constexpr int64_t kInt32Max = 2147483647;
constexpr int64_t kTwo31 = 2147483648LL;

// A page no access is allowed to: the "data" of every huge tensor here.
void* UntouchableData()
{
    static void* page = [] {
        void* p = mmap(nullptr, static_cast<size_t>(sysconf(_SC_PAGESIZE)), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
                       -1, 0);
        return p == MAP_FAILED ? nullptr : p;
    }();
    return page;
}

// A tensor over the untouchable page; empty strides: contiguous; empty storage: the view's extent.
struct HugeTensor {
    aclTensor* handle = nullptr;
    HugeTensor(const std::vector<int64_t>& shape, aclDataType dtype = ACL_FLOAT, std::vector<int64_t> strides = {},
               std::vector<int64_t> storage = {}, aclFormat format = ACL_FORMAT_ND)
    {
        if (strides.empty()) strides = acltest::Contiguous(shape);
        if (storage.empty()) {
            int64_t end = 1;  // saturating: the limits refuse these shapes before storage matters
            for (size_t i = 0; i < shape.size(); ++i) {
                if (shape[i] > 0 && end < (int64_t{1} << 62) / std::max<int64_t>(1, shape[i])) end *= shape[i];
            }
            storage = {end};
        }
        handle = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, format, storage.data(),
                                 storage.size(), UntouchableData());
    }
    ~HugeTensor() { aclDestroyTensor(handle); }
    HugeTensor(const HugeTensor&) = delete;
    HugeTensor& operator=(const HugeTensor&) = delete;
};

class LimitsTest : public acltest::ApiTest {
protected:
    void SetUp() override
    {
        acltest::ApiTest::SetUp();
        ASSERT_NE(UntouchableData(), nullptr);
    }
    // The outcome of a rejected phase one: code, message (api, "param:", every `parts`), out-params.
    void ExpectRejected(aclnnStatus st, const std::string& api, const std::string& param,
                        const std::vector<std::string>& parts)
    {
        EXPECT_EQ(st, ACLNN_ERR_PARAM_INVALID);
        const std::string msg = LastMsg();
        EXPECT_NE(msg.find(api + ": " + param + ":"), std::string::npos) << msg;
        for (const std::string& p : parts) EXPECT_NE(msg.find(p), std::string::npos) << "no '" << p << "' in " << msg;
        EXPECT_EQ(ws_, kWsSentinel) << "workspaceSize written by a failing call";
        EXPECT_EQ(exec_, nullptr);
    }
    static constexpr uint64_t kWsSentinel = 0x5EED;
    uint64_t ws_ = kWsSentinel;
    aclOpExecutor* exec_ = nullptr;
};

// ---- aclnnUpsampleTrilinear3d --------------------------------------------------------------------------
aclnnStatus Trilinear(const HugeTensor& self, const std::vector<int64_t>& size, const HugeTensor& out, uint64_t* ws,
                      aclOpExecutor** exec, double scalesD = 0.0)
{
    IntArray outputSize(size);
    return aclnnUpsampleTrilinear3dGetWorkspaceSize(self.handle, outputSize.handle, false, scalesD, 0.0, 0.0,
                                                    out.handle, ws, exec);
}

constexpr const char* kTri = "aclnnUpsampleTrilinear3d";

TEST_F(LimitsTest, TrilinearDimensionBeyondInt32)
{
    HugeTensor self({1, 1, 1, 1, 4});
    HugeTensor out({1, 1, 1, 1, kTwo31});
    ExpectRejected(Trilinear(self, {1, 1, kTwo31}, out, &ws_, &exec_), kTri, "out",
                   {"dimension 2147483648", "INT32_MAX", "2147483647"});
}

TEST_F(LimitsTest, TrilinearElementCountBeyondLimit)
{
    {  // self: 2 x 32768 x 32768 = 2^31 elements, each dimension fine
        HugeTensor self({1, 1, 2, 32768, 32768});
        HugeTensor out({1, 1, 2, 4, 4});
        ExpectRejected(Trilinear(self, {2, 4, 4}, out, &ws_, &exec_), kTri, "self",
                       {"2147483648 elements", "above the limit of 2147483647"});
    }
    {  // out: 2^31 elements from a one-element input
        HugeTensor self({1, 1, 1, 1, 1});
        HugeTensor out({1, 1, 2, 32768, 32768});
        ExpectRejected(Trilinear(self, {2, 32768, 32768}, out, &ws_, &exec_), kTri, "out",
                       {"2147483648 elements", "above the limit of 2147483647"});
    }
    {  // a product beyond int64: reported, not overflowed
        const std::vector<int64_t> ones = {1, 1, 1, 1, 1};  // contiguous strides would overflow int64 here
        HugeTensor self({kInt32Max, kInt32Max, kInt32Max, kInt32Max, kInt32Max}, ACL_FLOAT, ones, {1});
        HugeTensor out({kInt32Max, kInt32Max, 1, 1, 1}, ACL_FLOAT, ones, {1});
        ExpectRejected(Trilinear(self, {1, 1, 1}, out, &ws_, &exec_), kTri, "self", {"more than 2^63 elements"});
    }
}

TEST_F(LimitsTest, TrilinearAtTheLimitPassesTheLimitCheck)
{
    // INT32_MAX elements pass the limits; the NaN scale that follows them in the check order is
    // what this call is refused for.
    HugeTensor self({1, 1, 1, 1, kInt32Max});
    HugeTensor out({1, 1, 1, 1, 8});
    ExpectRejected(Trilinear(self, {1, 1, 8}, out, &ws_, &exec_, NAN), kTri, "scalesD", {"finite"});
}

TEST_F(LimitsTest, TrilinearViewsBeyondInt64)
{
    {  // strides whose extent overflows int64
        const int64_t s = int64_t{1} << 62;
        HugeTensor self({1, 1, 2, 2, 2}, ACL_FLOAT, {s, s, s, s, s}, {8});
        HugeTensor out({1, 1, 4, 4, 4});
        ExpectRejected(Trilinear(self, {4, 4, 4}, out, &ws_, &exec_), kTri, "self", {"2^63"});
    }
    {  // a storage of more than 2^63 bytes
        HugeTensor self({1, 1, 2, 2, 2}, ACL_FLOAT, {}, {int64_t{1} << 40, int64_t{1} << 30});
        HugeTensor out({1, 1, 4, 4, 4});
        ExpectRejected(Trilinear(self, {4, 4, 4}, out, &ws_, &exec_), kTri, "self", {"storage shape", "2^63 bytes"});
    }
}

// ---- aclnnInterpolate ------------------------------------------------------------------------------------
struct InterpolateCall {
    std::vector<int64_t> sizes = {4};
    std::vector<float> scales = {2.0f};
    std::vector<int64_t> axes = {0};
    const char* shapeMode = "sizes";
    std::vector<int64_t> padsBegin, padsEnd;

    aclnnStatus Prepare(const HugeTensor& self, const HugeTensor& out, uint64_t* ws, aclOpExecutor** exec) const
    {
        IntArray s(sizes), a(axes), pb(padsBegin), pe(padsEnd);
        aclFloatArray* sc = aclCreateFloatArray(scales.data(), scales.size());
        aclnnStatus st = aclnnInterpolateGetWorkspaceSize(
            self.handle, s.handle, sc, a.handle, "nearest", shapeMode, nullptr, nullptr, false,
            padsBegin.empty() ? nullptr : pb.handle, padsEnd.empty() ? nullptr : pe.handle, -0.75, out.handle, ws,
            exec);
        aclDestroyFloatArray(sc);
        return st;
    }
};

constexpr const char* kInt = "aclnnInterpolate";

TEST_F(LimitsTest, InterpolateSizesAndPadsBeyondInt32)
{
    HugeTensor self({4});
    HugeTensor out({4});
    {
        InterpolateCall c;
        c.sizes = {kTwo31};
        ExpectRejected(c.Prepare(self, out, &ws_, &exec_), kInt, "sizes", {"<= 2147483647", "INT32_MAX"});
    }
    {  // a pad that would overflow int64 when added to the length
        InterpolateCall c;
        c.padsEnd = {int64_t{1} << 62};
        ExpectRejected(c.Prepare(self, out, &ws_, &exec_), kInt, "padsEnd", {"<= 2147483647"});
    }
    {  // each term within the limit, the padded length beyond it
        HugeTensor big({kInt32Max});
        InterpolateCall c;
        c.padsBegin = {1};
        ExpectRejected(c.Prepare(big, out, &ws_, &exec_), kInt, "padsBegin/padsEnd",
                       {"padded to length 2147483648", "INT32_MAX"});
    }
}

TEST_F(LimitsTest, InterpolateScalesModeLengthBeyondInt32)
{
    HugeTensor self({4});
    HugeTensor out({4});
    for (float scale : {3e38f, 1e30f, 6e8f}) {  // inf as a float product, beyond int64, beyond INT32_MAX
        InterpolateCall c;
        c.shapeMode = "scales";
        c.scales = {scale};
        ExpectRejected(c.Prepare(self, out, &ws_, &exec_), kInt, "scales", {"beyond INT32_MAX", "2147483647"});
    }
}

TEST_F(LimitsTest, InterpolateElementCounts)
{
    {  // self: 65536 x 32768 = 2^31 elements
        HugeTensor self({65536, 32768});
        HugeTensor out({65536, 32768});
        InterpolateCall c;
        c.sizes = {65536};
        ExpectRejected(c.Prepare(self, out, &ws_, &exec_), kInt, "self", {"2147483648 elements", "2147483647"});
    }
    {  // out: 32768 x 65536 from 2 x 65536
        HugeTensor self({2, 65536});
        HugeTensor out({32768, 65536});
        InterpolateCall c;
        c.sizes = {32768};
        ExpectRejected(c.Prepare(self, out, &ws_, &exec_), kInt, "out", {"2147483648 elements", "2147483647"});
    }
    {  // INT32_MAX elements pass the limits: the out shape check that follows refuses the call
        HugeTensor self({kInt32Max});
        HugeTensor out({2});
        InterpolateCall c;
        c.sizes = {1};
        ExpectRejected(c.Prepare(self, out, &ws_, &exec_), kInt, "out", {"expected shape [1]"});
    }
}

}  // namespace

namespace {

// Within the limits the planners' tables grow with the shapes (an INT32_MAX-long output axis needs
// gigabytes of taps): running out of host memory while planning is a 561000 error, not a crash.
// The call runs in a child process whose address space is capped at 2 GiB; exit code 0: the call
// returned 561000 with its message and left the out-parameters alone.
[[noreturn]] void PlanUnderAddressSpaceCap()
{
    const rlimit cap{rlim_t{2} << 30, rlim_t{2} << 30};
    if (setrlimit(RLIMIT_AS, &cap) != 0) _exit(3);
    HugeTensor self({1 << 30});
    HugeTensor out({kInt32Max});
    InterpolateCall c;
    c.sizes = {kInt32Max};
    uint64_t ws = 7;
    aclOpExecutor* exec = nullptr;
    const aclnnStatus st = c.Prepare(self, out, &ws, &exec);
    const std::string msg = aclGetRecentErrMsg();
    const bool ok = st == ACLNN_ERR_INNER && msg.find("out of host memory") != std::string::npos && exec == nullptr &&
                    ws == 7;
    _exit(ok ? 0 : 1);
}

// ---- the backwards ---------------------------------------------------------------------------------
constexpr const char* kTriBwd = "aclnnUpsampleTrilinear3dBackward";

aclnnStatus TrilinearBackward(const HugeTensor& gradOut, const std::vector<int64_t>& outSize,
                              const std::vector<int64_t>& inSize, const HugeTensor& gradIn, uint64_t* ws,
                              aclOpExecutor** exec)
{
    IntArray os(outSize), is(inSize);
    return aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(gradOut.handle, os.handle, is.handle, false, 0.0, 0.0, 0.0,
                                                            gradIn.handle, ws, exec);
}

TEST_F(LimitsTest, TrilinearBackwardDimensionAndElementsBeyondInt32)
{
    {
        HugeTensor gradOut({1, 1, 1, 1, kTwo31});
        HugeTensor gradIn({1, 1, 1, 1, 4});
        ExpectRejected(TrilinearBackward(gradOut, {1, 1, kTwo31}, {1, 1, 1, 1, 4}, gradIn, &ws_, &exec_), kTriBwd,
                       "gradOut", {"dimension 2147483648", "INT32_MAX"});
    }
    {
        HugeTensor gradOut({1, 1, 2, 4, 4});
        HugeTensor gradIn({1, 1, 2, 32768, 32768});
        ExpectRejected(TrilinearBackward(gradOut, {2, 4, 4}, {1, 1, 2, 32768, 32768}, gradIn, &ws_, &exec_),
                       kTriBwd, "gradInput", {"2147483648 elements"});
    }
}

TEST_F(LimitsTest, InterpolateBackwardElementsBeyondInt32)
{
    HugeTensor gradOut({1, 2, 32768, 32768});
    HugeTensor gradIn({1, 2, 4, 4});
    IntArray sizes({32768, 32768}), axes({2, 3});
    const aclnnStatus st = aclnnInterpolateBackwardGetWorkspaceSize(
        gradOut.handle, sizes.handle, nullptr, axes.handle, "linear", "sizes", nullptr, nullptr, false, nullptr,
        nullptr, -0.75, gradIn.handle, &ws_, &exec_);
    ExpectRejected(st, "aclnnInterpolateBackward", "gradOutput", {"2147483648 elements"});
}

TEST(LimitsPlanning, OutOfHostMemoryWhilePlanningIsAnError)
{
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer reserves more address space than the cap allows";
#else
    ASSERT_NE(UntouchableData(), nullptr);
    EXPECT_EXIT(PlanUnderAddressSpaceCap(), ::testing::ExitedWithCode(0), "");
#endif
}

}  // namespace
