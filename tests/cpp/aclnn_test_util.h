// Helpers for the aclnn API tests: RAII wrappers of acl tensors / int arrays over caller-owned
// storage (the sim's device memory is host memory) and the last error message.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_sim_ext.h"

extern "C" int aclsimSetSoc(const char* name);  // sim control (ascend_sim/launch_impl.h)

namespace acltest {

inline std::vector<int64_t> Contiguous(const std::vector<int64_t>& shape)
{
    std::vector<int64_t> s(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * shape[i];
    return s;
}

inline int64_t Numel(const std::vector<int64_t>& shape)
{
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

inline std::string LastMsg() { return aclGetRecentErrMsg(); }

// An aclTensor over `data`: empty `strides` mean contiguous, empty `storage` means {numel + offset}.
struct TensorHandle {
    aclTensor* handle = nullptr;
    TensorHandle(const std::vector<int64_t>& shape, void* data, aclDataType dtype, aclFormat format,
                 std::vector<int64_t> strides, int64_t offset, std::vector<int64_t> storage)
    {
        if (strides.empty()) strides = Contiguous(shape);
        if (storage.empty()) storage = {Numel(shape) + offset};
        handle = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), offset, format, storage.data(),
                                 storage.size(), data);
    }
    ~TensorHandle() { aclDestroyTensor(handle); }
    TensorHandle(const TensorHandle&) = delete;
    TensorHandle& operator=(const TensorHandle&) = delete;
};

// A 5-D tensor of the trilinear operators' tests: float32 NCDHW unless told otherwise.
struct Tensor5D : TensorHandle {
    Tensor5D(const std::vector<int64_t>& shape, void* data, aclDataType dtype = ACL_FLOAT,
             aclFormat format = ACL_FORMAT_NCDHW, std::vector<int64_t> strides = {}, int64_t offset = 0,
             std::vector<int64_t> storage = {})
        : TensorHandle(shape, data, dtype, format, std::move(strides), offset, std::move(storage))
    {
    }
};

// An aclIntArray of `v`, or NULL when `v` is null.
struct IntArray {
    aclIntArray* handle = nullptr;
    explicit IntArray(const std::vector<int64_t>* v) : handle(v ? aclCreateIntArray(v->data(), v->size()) : nullptr) {}
    explicit IntArray(const std::vector<int64_t>& v) : IntArray(&v) {}
    ~IntArray() { aclDestroyIntArray(handle); }
    IntArray(const IntArray&) = delete;
    IntArray& operator=(const IntArray&) = delete;
};

// Fixture of the API tests: every test starts on the default SoC's executor count and must end with no
// executor leaked; the SoC is reset to ascend910b after each test.
class ApiTest : public ::testing::Test {
protected:
    void SetUp() override { liveBefore_ = aclsimLiveExecutorCount(); }
    void TearDown() override
    {
        aclsimSetSoc("ascend910b");
        EXPECT_EQ(aclsimLiveExecutorCount(), liveBefore_) << "an executor leaked";
    }
    uint64_t liveBefore_ = 0;
};

constexpr uint8_t kSentinel = 0xAB;  // the bytes of `out` before a call that must fail

// After a phase-one call of `op` that had to fail: the recent error message is op's and names `param:`
// (and contains `alsoIn`, if given), no executor came back and `outBuf` still holds kSentinel bytes.
inline void ExpectRejected(const std::string& op, const std::string& param, const std::string& alsoIn,
                           const aclOpExecutor* exec, const std::vector<uint8_t>& outBuf)
{
    std::string msg = LastMsg();
    EXPECT_NE(msg.find(op), std::string::npos) << msg;
    EXPECT_NE(msg.find(param + ":"), std::string::npos) << "message does not name " << param << ": " << msg;
    if (!alsoIn.empty()) {
        EXPECT_NE(msg.find(alsoIn), std::string::npos) << msg;
    }
    EXPECT_EQ(exec, nullptr);
    for (uint8_t b : outBuf) {
        ASSERT_EQ(b, kSentinel) << "out was modified by a failing call";
    }
}

}  // namespace acltest
