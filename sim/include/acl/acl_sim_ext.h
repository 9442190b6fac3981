// Sim-only extensions of the acl object model (no CANN counterpart; never used by the C examples).
// They give op_api/ what CANN's internal opdev headers give a real op package: the values of an
// int/float array, a way to report an error for aclGetRecentErrMsg, and an executor whose run
// step is an operator-supplied callback; and they give tests a kernel launch that fails on demand.
// npu builds use the opdev equivalents instead (op_api/runtime.h keeps the one switch).
#ifndef ASCEND_SIM_ACL_ACL_SIM_EXT_H
#define ASCEND_SIM_ACL_ACL_SIM_EXT_H

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

// Borrowed pointer to an array's values (valid until the array is destroyed).
ACL_FUNC_VISIBILITY aclnnStatus aclsimGetIntArrayData(const aclIntArray* array, const int64_t** data, uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclsimGetFloatArrayData(const aclFloatArray* array, const float** data,
                                                        uint64_t* size);
// Releases an array returned by aclGetViewShape / aclGetViewStrides / aclGetStorageShape.
ACL_FUNC_VISIBILITY void aclsimFreeDims(int64_t* dims);

// Stores `message` as this thread's recent error (returned by aclGetRecentErrMsg).
ACL_FUNC_VISIBILITY void aclsimSetRecentErrMsg(const char* message);

// An executor: `run` does the device work of one aclnn call; `release` frees `context`.
typedef struct aclsimExecutorOps {
    aclnnStatus (*run)(void* context, void* workspace, uint64_t workspaceSize, aclrtStream stream);
    void (*release)(void* context);
} aclsimExecutorOps;

// Creates a live executor owning `context` (released with ops->release when the executor dies).
ACL_FUNC_VISIBILITY aclOpExecutor* aclsimCreateExecutor(void* context, const aclsimExecutorOps* ops);
// Runs a live executor.  A non-repeatable executor dies after its run (as in CANN, the caller does
// not destroy it); running a dead or unknown executor returns ACLNN_ERR_PARAM_INVALID with a message
// naming `apiName` instead of touching freed memory.
ACL_FUNC_VISIBILITY aclnnStatus aclsimRunExecutor(aclOpExecutor* executor, void* workspace, uint64_t workspaceSize,
                                                  aclrtStream stream, const char* apiName);
// Number of live executors (tests: nothing leaks).
ACL_FUNC_VISIBILITY uint64_t aclsimLiveExecutorCount();

// ---- test control: a kernel launch that fails for real ---------------------------------------------
// The faults aclsimFailNextLaunch plants in a launch made by the operator library.
typedef enum aclsimLaunchFault {
    ACLSIM_FAULT_NONE = 0,
    ACLSIM_FAULT_GM_BOUNDS = 1,      // "gm-bounds": the output argument's GM bound is half its size, so
                                     // the kernel writes the start of its output, then the sim stops it
                                     // at its first write beyond the bound (rule gm-bounds)
    ACLSIM_FAULT_LAUNCH_PARAMS = 2,  // "launch-params": blockDim 0, refused by the sim before any block
                                     // runs (rule launch-params)
} aclsimLaunchFault;

// Arms a one-shot fault for the next kernel launch the operator library makes on the calling thread
// whose kernel is `kernel` (the launch record's name: "upsample_trilinear3d", "interpolate_separable",
// "view_copy"; NULL or "" = any kernel).  `rule` is "gm-bounds" or "launch-params"; NULL disarms.
// Returns 0, or ACLNN_ERR_PARAM_INVALID for another rule (message in aclGetRecentErrMsg).
ACL_FUNC_VISIBILITY int aclsimFailNextLaunch(const char* kernel, const char* rule);
// The launcher's side: the fault armed for a launch of `kernel` on this thread (consumed), or
// ACLSIM_FAULT_NONE.
ACL_FUNC_VISIBILITY aclsimLaunchFault aclsimTakeLaunchFault(const char* kernel);

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_SIM_ACL_ACL_SIM_EXT_H
