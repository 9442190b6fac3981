/*
 * Calls aclnnInterpolate (OpenVINO Interpolate-4) the way a CANN aclnn example does.
 *
 * Input 1x1x1x2x2 = [[1, 2], [3, 4]] (NCDHW), mode "linear_onnx", coordinate transformation
 * "align_corners", sizes (3, 3) on axes (3, 4).  Source coordinates are x * (2 - 1) / (3 - 1) =
 * {0, 0.5, 1} on both axes, so by hand the output is
 *     1.0 1.5 2.0
 *     2.0 2.5 3.0
 *     3.0 3.5 4.0
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "acl/acl.h"
#include "aclnn_interpolate.h"

#define CHECK_RET(cond, return_expr) \
    do {                             \
        if (!(cond)) {               \
            return_expr;             \
        }                            \
    } while (0)

#define LOG_PRINT(...)       \
    do {                     \
        printf(__VA_ARGS__); \
    } while (0)

static int64_t GetShapeSize(const int64_t* shape, uint64_t dimNum)
{
    int64_t size = 1;
    for (uint64_t i = 0; i < dimNum; ++i) size *= shape[i];
    return size;
}

static int Init(int32_t deviceId, aclrtStream* stream)
{
    aclError ret = aclInit(NULL);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return ret);
    ret = aclrtSetDevice(deviceId);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return ret);
    ret = aclrtCreateStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret); return ret);
    return 0;
}

static int CreateAclTensor(const void* hostData, size_t elemSize, const int64_t* shape, uint64_t dimNum,
                           aclDataType dataType, aclFormat format, void** deviceAddr, aclTensor** tensor)
{
    int64_t strides[8];
    size_t bytes = (size_t)GetShapeSize(shape, dimNum) * elemSize;
    aclError ret = aclrtMalloc(deviceAddr, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
    ret = aclrtMemcpy(*deviceAddr, bytes, hostData, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return ret);
    strides[dimNum - 1] = 1;
    for (int64_t i = (int64_t)dimNum - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
    *tensor = aclCreateTensor(shape, dimNum, dataType, strides, 0, format, shape, dimNum, *deviceAddr);
    CHECK_RET(*tensor != NULL, LOG_PRINT("aclCreateTensor failed\n"); return 1);
    return 0;
}

int main(void)
{
    int32_t deviceId = 0;
    aclrtStream stream = NULL;
    int ret = Init(deviceId, &stream);
    CHECK_RET(ret == 0, LOG_PRINT("Init acl failed. ERROR: %d\n", ret); return ret);

    int64_t selfShape[5] = {1, 1, 1, 2, 2};
    int64_t outShape[5] = {1, 1, 1, 3, 3};
    float selfHost[4] = {1, 2, 3, 4};
    float outHost[9] = {0};
    int64_t sizesData[2] = {3, 3};
    int64_t axesData[2] = {3, 4};
    void* selfDevice = NULL;
    void* outDevice = NULL;
    aclTensor* self = NULL;
    aclTensor* out = NULL;

    ret = CreateAclTensor(selfHost, sizeof(float), selfShape, 5, ACL_FLOAT, ACL_FORMAT_NCDHW, &selfDevice, &self);
    CHECK_RET(ret == 0, return ret);
    ret = CreateAclTensor(outHost, sizeof(float), outShape, 5, ACL_FLOAT, ACL_FORMAT_NCDHW, &outDevice, &out);
    CHECK_RET(ret == 0, return ret);
    aclIntArray* sizes = aclCreateIntArray(sizesData, 2);
    aclIntArray* axes = aclCreateIntArray(axesData, 2);
    CHECK_RET(sizes != NULL && axes != NULL, LOG_PRINT("aclCreateIntArray failed\n"); return 1);

    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = NULL;
    /* scales and pads are not needed: shape mode "sizes", no padding (NULL = zeros). */
    ret = aclnnInterpolateGetWorkspaceSize(self, sizes, NULL, axes, "linear_onnx", "sizes", "align_corners",
                                           "round_prefer_floor", false, NULL, NULL, -0.75, out, &workspaceSize,
                                           &executor);
    CHECK_RET(ret == ACL_SUCCESS,
              LOG_PRINT("aclnnInterpolateGetWorkspaceSize failed. ERROR: %d (%s)\n", ret, aclGetRecentErrMsg());
              return ret);
    void* workspaceAddr = NULL;
    if (workspaceSize > 0) {
        ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
    }
    ret = aclnnInterpolate(workspaceAddr, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS,
              LOG_PRINT("aclnnInterpolate failed. ERROR: %d (%s)\n", ret, aclGetRecentErrMsg()); return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);

    ret = aclrtMemcpy(outHost, sizeof(outHost), outDevice, sizeof(outHost), ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("copy result from device to host failed. ERROR: %d\n", ret);
              return ret);
    const float expected[9] = {1.0f, 1.5f, 2.0f, 2.0f, 2.5f, 3.0f, 3.0f, 3.5f, 4.0f};
    int failures = 0;
    for (int i = 0; i < 9; ++i) {
        LOG_PRINT("result[%d] is: %f (expected %f)\n", i, outHost[i], expected[i]);
        if (fabsf(outHost[i] - expected[i]) > 1e-5f) ++failures;
    }

    aclDestroyTensor(self);
    aclDestroyTensor(out);
    aclDestroyIntArray(sizes);
    aclDestroyIntArray(axes);
    aclrtFree(selfDevice);
    aclrtFree(outDevice);
    if (workspaceSize > 0) aclrtFree(workspaceAddr);
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();

    if (failures != 0) {
        LOG_PRINT("FAILED: %d of 9 values differ from the hand-computed result\n", failures);
        return 1;
    }
    LOG_PRINT("PASSED: linear_onnx align_corners 2x2 -> 3x3 matches the hand-computed result\n");
    return 0;
}
