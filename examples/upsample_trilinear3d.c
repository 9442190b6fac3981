/*
 * Calls aclnnUpsampleTrilinear3d the way a CANN aclnn example does: init the runtime, pick the
 * device, create a stream, put the input in device memory, describe tensors, ask for the workspace,
 * run, synchronise, copy back, check, release everything.
 *
 * Input 1x1x2x2x2 = 1..8 (NCDHW), output 4x4x4 without align_corners.  Per-axis source coordinates
 * are {0, 0.25, 0.75, 1}, so on this affine input out = 1 + 4d + 2h + w: the first row is
 * 1, 1.25, 1.75, 2 and the last element is 8.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "acl/acl.h"
#include "aclnn_upsample_trilinear3d.h"

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

/* Copies `hostData` to new device memory and describes it as a contiguous tensor. */
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

    int64_t selfShape[5] = {1, 1, 2, 2, 2};
    int64_t outShape[5] = {1, 1, 4, 4, 4};
    float selfHost[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    float outHost[64] = {0};
    int64_t outputSizeData[3] = {4, 4, 4};
    void* selfDevice = NULL;
    void* outDevice = NULL;
    aclTensor* self = NULL;
    aclTensor* out = NULL;

    ret = CreateAclTensor(selfHost, sizeof(float), selfShape, 5, ACL_FLOAT, ACL_FORMAT_NCDHW, &selfDevice, &self);
    CHECK_RET(ret == 0, return ret);
    ret = CreateAclTensor(outHost, sizeof(float), outShape, 5, ACL_FLOAT, ACL_FORMAT_NCDHW, &outDevice, &out);
    CHECK_RET(ret == 0, return ret);
    aclIntArray* outputSize = aclCreateIntArray(outputSizeData, 3);
    CHECK_RET(outputSize != NULL, LOG_PRINT("aclCreateIntArray failed\n"); return 1);

    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = NULL;
    ret = aclnnUpsampleTrilinear3dGetWorkspaceSize(self, outputSize, false, 0.0, 0.0, 0.0, out, &workspaceSize,
                                                   &executor);
    CHECK_RET(ret == ACL_SUCCESS,
              LOG_PRINT("aclnnUpsampleTrilinear3dGetWorkspaceSize failed. ERROR: %d (%s)\n", ret,
                        aclGetRecentErrMsg());
              return ret);
    void* workspaceAddr = NULL;
    if (workspaceSize > 0) {
        ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
        CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
    }
    ret = aclnnUpsampleTrilinear3d(workspaceAddr, workspaceSize, executor, stream);
    CHECK_RET(ret == ACL_SUCCESS,
              LOG_PRINT("aclnnUpsampleTrilinear3d failed. ERROR: %d (%s)\n", ret, aclGetRecentErrMsg());
              return ret);
    ret = aclrtSynchronizeStream(stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);

    ret = aclrtMemcpy(outHost, sizeof(outHost), outDevice, sizeof(outHost), ACL_MEMCPY_DEVICE_TO_HOST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("copy result from device to host failed. ERROR: %d\n", ret);
              return ret);
    int failures = 0;
    const float firstRow[4] = {1.0f, 1.25f, 1.75f, 2.0f};
    for (int i = 0; i < 64; ++i) {
        LOG_PRINT("result[%d] is: %f\n", i, outHost[i]);
    }
    for (int i = 0; i < 4; ++i) {
        if (fabsf(outHost[i] - firstRow[i]) > 1e-6f) ++failures;
    }
    if (fabsf(outHost[63] - 8.0f) > 1e-6f) ++failures;

    aclDestroyTensor(self);
    aclDestroyTensor(out);
    aclDestroyIntArray(outputSize);
    aclrtFree(selfDevice);
    aclrtFree(outDevice);
    if (workspaceSize > 0) aclrtFree(workspaceAddr);
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();

    if (failures != 0) {
        LOG_PRINT("FAILED: expected first row 1, 1.25, 1.75, 2 and last element 8\n");
        return 1;
    }
    LOG_PRINT("PASSED: first row 1, 1.25, 1.75, 2; last element 8\n");
    return 0;
}
