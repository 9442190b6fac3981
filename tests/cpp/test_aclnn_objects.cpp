// The acl / aclnn object model of sim builds (sim/include/acl, sim/include/aclnn): ABI values,
// constructors, accessors, destructors, runtime memory and streams, executors, error messages.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_sim_ext.h"
#include "aclnn/aclnn_base.h"

namespace {

TEST(AclObjects, AbiValues)
{
    EXPECT_EQ(ACL_FLOAT, 0);
    EXPECT_EQ(ACL_FLOAT16, 1);
    EXPECT_EQ(ACL_INT8, 2);
    EXPECT_EQ(ACL_INT32, 3);
    EXPECT_EQ(ACL_UINT8, 4);
    EXPECT_EQ(ACL_INT64, 9);
    EXPECT_EQ(ACL_DOUBLE, 11);
    EXPECT_EQ(ACL_BF16, 27);
    EXPECT_EQ(ACL_FORMAT_NCHW, 0);
    EXPECT_EQ(ACL_FORMAT_ND, 2);
    EXPECT_EQ(ACL_FORMAT_NDHWC, 27);
    EXPECT_EQ(ACL_FORMAT_NCDHW, 30);
    EXPECT_EQ(ACL_FORMAT_NCL, 47);
    EXPECT_EQ(ACLNN_SUCCESS, 0);
    EXPECT_EQ(ACLNN_ERR_PARAM_NULLPTR, 161001);
    EXPECT_EQ(ACLNN_ERR_PARAM_INVALID, 161002);
    EXPECT_EQ(ACLNN_ERR_RUNTIME_ERROR, 361001);
    EXPECT_EQ(ACLNN_ERR_INNER, 561000);
    EXPECT_EQ(ACLNN_ERR_INNER_TILING_ERROR, 561002);
    EXPECT_EQ(ACLNN_ERR_INNER_CREATE_EXECUTOR, 561101);
    EXPECT_EQ(ACLNN_ERR_INNER_NULLPTR, 561103);
    EXPECT_EQ(ACL_MEMCPY_HOST_TO_DEVICE, 1);
    EXPECT_EQ(ACL_MEMCPY_DEVICE_TO_HOST, 2);
    EXPECT_EQ(ACL_MEM_MALLOC_HUGE_FIRST, 0);
    EXPECT_EQ(ACL_MEM_MALLOC_NORMAL_ONLY, 2);
    EXPECT_EQ(aclDataTypeSize(ACL_FLOAT), 4u);
    EXPECT_EQ(aclDataTypeSize(ACL_BF16), 2u);
    EXPECT_EQ(aclDataTypeSize(ACL_DOUBLE), 8u);
}

TEST(AclObjects, TensorAccessors)
{
    const int64_t shape[3] = {2, 3, 4};
    const int64_t strides[3] = {1, 8, 2};
    const int64_t storage[1] = {40};
    float data[40];
    aclTensor* t = aclCreateTensor(shape, 3, ACL_FLOAT16, strides, 5, ACL_FORMAT_NCL, storage, 1, data);
    ASSERT_NE(t, nullptr);
    int64_t* dims = nullptr;
    uint64_t n = 0;
    ASSERT_EQ(aclGetViewShape(t, &dims, &n), ACLNN_SUCCESS);
    EXPECT_EQ(std::vector<int64_t>(dims, dims + n), std::vector<int64_t>({2, 3, 4}));
    delete[] dims;
    ASSERT_EQ(aclGetViewStrides(t, &dims, &n), ACLNN_SUCCESS);
    EXPECT_EQ(std::vector<int64_t>(dims, dims + n), std::vector<int64_t>({1, 8, 2}));
    aclsimFreeDims(dims);
    ASSERT_EQ(aclGetStorageShape(t, &dims, &n), ACLNN_SUCCESS);
    EXPECT_EQ(std::vector<int64_t>(dims, dims + n), std::vector<int64_t>({40}));
    delete[] dims;
    int64_t offset = -1;
    EXPECT_EQ(aclGetViewOffset(t, &offset), ACLNN_SUCCESS);
    EXPECT_EQ(offset, 5);
    aclDataType dt;
    EXPECT_EQ(aclGetDataType(t, &dt), ACLNN_SUCCESS);
    EXPECT_EQ(dt, ACL_FLOAT16);
    aclFormat f;
    EXPECT_EQ(aclGetFormat(t, &f), ACLNN_SUCCESS);
    EXPECT_EQ(f, ACL_FORMAT_NCL);
    void* addr = nullptr;
    EXPECT_EQ(aclGetRawTensorAddr(t, &addr), ACLNN_SUCCESS);
    EXPECT_EQ(addr, data);
    EXPECT_EQ(aclGetViewShape(nullptr, &dims, &n), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetDataType(t, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyTensor(nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(aclCreateTensor(nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, data), nullptr);
    // no strides given: contiguous ones, refused when they do not fit int64 (never computed with overflow)
    const int64_t huge[3] = {4, int64_t{1} << 62, 4};
    EXPECT_EQ(aclCreateTensor(huge, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, data), nullptr);
    aclTensor* contiguous = aclCreateTensor(shape, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, data);
    ASSERT_NE(contiguous, nullptr);
    ASSERT_EQ(aclGetViewStrides(contiguous, &dims, &n), ACLNN_SUCCESS);
    EXPECT_EQ(std::vector<int64_t>(dims, dims + n), std::vector<int64_t>({12, 4, 1}));
    delete[] dims;
    aclDestroyTensor(contiguous);
}

TEST(AclObjects, Arrays)
{
    const int64_t iv[3] = {4, 5, 6};
    const float fv[2] = {1.5f, 2.5f};
    const bool bv[2] = {true, false};
    aclIntArray* ia = aclCreateIntArray(iv, 3);
    aclFloatArray* fa = aclCreateFloatArray(fv, 2);
    aclBoolArray* ba = aclCreateBoolArray(bv, 2);
    uint64_t size = 0;
    EXPECT_EQ(aclGetIntArraySize(ia, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 3u);
    EXPECT_EQ(aclGetFloatArraySize(fa, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 2u);
    EXPECT_EQ(aclGetBoolArraySize(ba, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 2u);
    const int64_t* idata = nullptr;
    EXPECT_EQ(aclsimGetIntArrayData(ia, &idata, &size), ACLNN_SUCCESS);
    EXPECT_EQ(idata[2], 6);
    const float* fdata = nullptr;
    EXPECT_EQ(aclsimGetFloatArrayData(fa, &fdata, &size), ACLNN_SUCCESS);
    EXPECT_EQ(fdata[1], 2.5f);
    aclIntArray* empty = aclCreateIntArray(nullptr, 0);
    ASSERT_NE(empty, nullptr);
    EXPECT_EQ(aclGetIntArraySize(empty, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 0u);
    float value = 3.0f;
    aclScalar* s = aclCreateScalar(&value, ACL_FLOAT);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(aclDestroyScalar(s), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyIntArray(ia), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyIntArray(empty), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyFloatArray(fa), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyBoolArray(ba), ACLNN_SUCCESS);
}

TEST(AclObjects, RuntimeMemoryAndStreams)
{
    aclError init = aclInit(nullptr);
    EXPECT_TRUE(init == ACL_SUCCESS || init == ACL_ERROR_REPEAT_INITIALIZE);
    EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
    EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_NE(aclrtSetDevice(3), ACL_SUCCESS);
    int32_t dev = -1;
    EXPECT_EQ(aclrtGetDevice(&dev), ACL_SUCCESS);
    EXPECT_EQ(dev, 0);
    EXPECT_NE(std::string(aclrtGetSocName()), "");
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 512, 0u);
    const char msg[] = "hello device";
    EXPECT_EQ(aclrtMemcpy(p, 100, msg, sizeof(msg), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    char back[sizeof(msg)] = {};
    EXPECT_EQ(aclrtMemcpy(back, sizeof(back), p, sizeof(msg), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_STREQ(back, msg);
    EXPECT_NE(aclrtMemcpy(back, 2, p, sizeof(msg), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);  // count > destMax
    EXPECT_EQ(aclrtMemset(p, 100, 0, 100), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    EXPECT_NE(aclrtFree(p), ACL_SUCCESS);  // double free is reported, not performed
    EXPECT_NE(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(AclObjects, Float16Conversions)
{
    for (float v : {0.0f, 1.0f, -2.5f, 65504.0f, 0.000061035156f, 5.9604645e-08f, 1000.5f}) {
        EXPECT_EQ(aclFloat16ToFloat(aclFloatToFloat16(v)), v) << v;
    }
    EXPECT_EQ(aclFloatToFloat16(1.0f), 0x3C00);
    EXPECT_EQ(aclFloatToFloat16(1.0f + 1.0f / 2048.0f), 0x3C00);  // tie -> even
    EXPECT_EQ(aclFloatToFloat16(1.0f + 3.0f / 2048.0f), 0x3C02);  // tie -> even (up)
    EXPECT_EQ(aclFloatToFloat16(1e6f), 0x7C00);                    // overflow -> inf
}

aclnnStatus CountingRun(void* context, void*, uint64_t, aclrtStream)
{
    ++*static_cast<int*>(context);
    return ACLNN_SUCCESS;
}
void NoRelease(void*) {}

TEST(AclObjects, ExecutorLifetime)
{
    int runs = 0;
    aclsimExecutorOps ops{CountingRun, NoRelease};
    const uint64_t live = aclsimLiveExecutorCount();
    aclOpExecutor* e = aclsimCreateExecutor(&runs, &ops);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(aclsimLiveExecutorCount(), live + 1);
    EXPECT_EQ(aclsimRunExecutor(e, nullptr, 0, nullptr, "aclnnTest"), ACLNN_SUCCESS);
    EXPECT_EQ(aclsimLiveExecutorCount(), live);
    EXPECT_EQ(aclsimRunExecutor(e, nullptr, 0, nullptr, "aclnnTest"), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("aclnnTest: executor:"), std::string::npos);
    EXPECT_STREQ(aclGetRecentErrMsg(), "") << "aclGetRecentErrMsg obtains AND clears the message";
    EXPECT_EQ(runs, 1);
    EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_ERR_PARAM_INVALID);  // already gone

    aclOpExecutor* r = aclsimCreateExecutor(&runs, &ops);
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(r), ACLNN_SUCCESS);
    EXPECT_EQ(aclsimRunExecutor(r, nullptr, 0, nullptr, "aclnnTest"), ACLNN_SUCCESS);
    EXPECT_EQ(aclsimRunExecutor(r, nullptr, 0, nullptr, "aclnnTest"), ACLNN_SUCCESS);
    EXPECT_EQ(runs, 3);
    EXPECT_EQ(aclDestroyAclOpExecutor(r), ACLNN_SUCCESS);
    EXPECT_EQ(aclsimLiveExecutorCount(), live);
}

}  // namespace
