// Shared machinery of the aclnn layer (op_api/): error reporting, reading acl objects, strided-view
// analysis, and the executor that stages non-contiguous views and launches one operator kernel.
// Internal to the library; the public headers are aclnn_upsample_trilinear3d.h / aclnn_interpolate.h.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "kernel_launch.h"
#include "op_common.h"

namespace ai {
namespace api {

// ---- errors -------------------------------------------------------------------------------------
// Logs "[ERROR] <api>: <message>" to stderr, stores it for aclGetRecentErrMsg, returns `code`.
aclnnStatus Fail(const char* api, aclnnStatus code, const std::string& message);
std::string ShapeString(const std::vector<int64_t>& dims);
std::string Num(double v);  // shortest faithful decimal (%.9g)
const char* AclDTypeName(aclDataType t);
const char* AclFormatName(aclFormat f);

// ---- reading acl objects --------------------------------------------------------------------------
struct TensorDesc {
    aclDataType dtype = ACL_DT_UNDEFINED;
    aclFormat format = ACL_FORMAT_UNDEFINED;
    std::vector<int64_t> shape;
    std::vector<int64_t> strides;
    std::vector<int64_t> storage;
    int64_t offset = 0;
    void* data = nullptr;

    int64_t Numel() const;
};
// ACLNN_SUCCESS or ACLNN_ERR_INNER_NULLPTR (an accessor failed).
aclnnStatus ReadTensor(const aclTensor* tensor, TensorDesc* desc);
bool ReadIntArray(const aclIntArray* array, std::vector<int64_t>* values);
bool ReadFloatArray(const aclFloatArray* array, std::vector<float>* values);

// aclDataType -> kernel dtype; false for types no kernel handles.
bool ToKernelDType(aclDataType t, DType* out);
// The message for float64 (both operators reject it the same way).
std::string Float64Message(const char* param, const char* accepted);

// ---- strided views ------------------------------------------------------------------------------
// Checks that a view is addressable: non-negative strides and offset, and every element of the view
// inside the storage (storage numel elements from the data address).  On failure `why` says what.
bool ViewFitsStorage(const TensorDesc& t, std::string* why);
// An output view must not alias itself: no stride 0 on a dimension longer than 1 (an expanded view).
bool ViewIsWritable(const TensorDesc& t, std::string* why);
// True if `strides` are the row-major contiguous strides of `shape` (size-1 dims ignored).
bool IsDense(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides);

// One side of a kernel launch: where the kernel reads or writes, and whether it must go through a
// contiguous staging buffer (then `copyShape`/`copyStrides` describe the view in the order the
// kernel's contiguous buffer is laid out).
struct Operand {
    void* viewStart = nullptr;       // data + offset * elemBytes
    uint64_t viewSpanBytes = 0;      // bytes from viewStart to one past the last element of the view
    uint64_t denseBytes = 0;         // numel * elemBytes (the kernel's contiguous buffer)
    bool staged = false;             // non-contiguous: gathered (input) / scattered (output) via view_copy
    std::vector<int64_t> copyShape;  // iteration order = the kernel buffer's row-major order
    std::vector<int64_t> copyStrides;
};
// Fills `op` for a view iterated in the order `perm` (perm[i] = view dim at kernel position i).
void DescribeOperand(const TensorDesc& t, const std::vector<int>& perm, Operand* op);

// ---- executor -----------------------------------------------------------------------------------
using KernelLauncher = int (*)(const KernelLaunchArgs& args);

struct OperatorJob {
    const char* api = "aclnn";
    KernelLauncher launcher = nullptr;
    KernelPlan plan;
    PlatformInfo platform;
    bool empty = false;  // nothing to compute (e.g. N = 0): succeed without launching
    uint32_t elemBytes = 0;
    Operand input;
    Operand output;
    KernelPlan gather;   // view_copy plan, when input.staged
    KernelPlan scatter;  // view_copy plan, when output.staged
    // Workspace layout, filled by FinaliseJob: [kernel workspace][stage-in][stage-out].
    uint64_t kernelWorkspaceBytes = 0;
    uint64_t stageInOffset = 0;
    uint64_t stageOutOffset = 0;
    uint64_t totalWorkspaceBytes = 0;
};

// Plans the view copies of the staged operands and computes the workspace layout (offsets and
// totals).  False (with `err`) if a view copy cannot be planned.
bool FinaliseJob(OperatorJob* job, std::string* err);
// Wraps `job` into a live executor; reports the workspace size.  ACLNN_ERR_INNER_CREATE_EXECUTOR on failure.
aclnnStatus CreateJobExecutor(std::unique_ptr<OperatorJob> job, uint64_t* workspaceSize, aclOpExecutor** executor);
// Runs a job's kernels (staging views through view_copy): what phase two does once the executor is
// resolved.  Called by the runtime glue (runtime_*.cpp).
aclnnStatus RunJob(OperatorJob& job, void* workspace, uint64_t workspaceSize, aclrtStream stream);
// Phase two of every aclnn operator here.
aclnnStatus RunJobExecutor(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           aclrtStream stream);

}  // namespace api
}  // namespace ai
