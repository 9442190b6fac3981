#include "aclnn_util.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <new>

#include "runtime.h"
#include "view_copy_launch.h"
#include "view_copy_tiling.h"

namespace ai {
namespace api {

// ---- errors -------------------------------------------------------------------------------------
aclnnStatus Fail(const char* api, aclnnStatus code, const std::string& message)
{
    std::string full = std::string("[ERROR] ") + api + ": " + message;
    std::fprintf(stderr, "%s (status %d)\n", full.c_str(), static_cast<int>(code));
    runtime::SetRecentError(full);
    return code;
}

std::string Num(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.9g", v);
    return buf;
}

std::string ShapeString(const std::vector<int64_t>& dims)
{
    std::string s = "[";
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i) s += ", ";
        s += std::to_string(dims[i]);
    }
    return s + "]";
}

const char* AclDTypeName(aclDataType t)
{
    switch (t) {
        case ACL_FLOAT: return "float32";
        case ACL_FLOAT16: return "float16";
        case ACL_BF16: return "bfloat16";
        case ACL_INT8: return "int8";
        case ACL_UINT8: return "uint8";
        case ACL_INT32: return "int32";
        case ACL_INT16: return "int16";
        case ACL_UINT16: return "uint16";
        case ACL_UINT32: return "uint32";
        case ACL_INT64: return "int64";
        case ACL_UINT64: return "uint64";
        case ACL_DOUBLE: return "float64";
        case ACL_BOOL: return "bool";
        case ACL_COMPLEX64: return "complex64";
        case ACL_COMPLEX128: return "complex128";
        default: return "unsupported dtype";
    }
}

const char* AclFormatName(aclFormat f)
{
    switch (f) {
        case ACL_FORMAT_NCHW: return "NCHW";
        case ACL_FORMAT_NHWC: return "NHWC";
        case ACL_FORMAT_ND: return "ND";
        case ACL_FORMAT_NC1HWC0: return "NC1HWC0";
        case ACL_FORMAT_FRACTAL_Z: return "FRACTAL_Z";
        case ACL_FORMAT_HWCN: return "HWCN";
        case ACL_FORMAT_NDHWC: return "NDHWC";
        case ACL_FORMAT_FRACTAL_NZ: return "FRACTAL_NZ";
        case ACL_FORMAT_NCDHW: return "NCDHW";
        case ACL_FORMAT_NDC1HWC0: return "NDC1HWC0";
        case ACL_FORMAT_NC: return "NC";
        case ACL_FORMAT_NCL: return "NCL";
        default: return "unknown format";
    }
}

// ---- reading acl objects --------------------------------------------------------------------------
int64_t TensorDesc::Numel() const
{
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

namespace {
using DimsGetter = aclnnStatus (*)(const aclTensor*, int64_t**, uint64_t*);
bool ReadDims(DimsGetter get, const aclTensor* tensor, std::vector<int64_t>* out)
{
    int64_t* dims = nullptr;
    uint64_t num = 0;
    if (get(tensor, &dims, &num) != ACLNN_SUCCESS) return false;
    out->assign(dims, dims + num);
    delete[] dims;  // accessor arrays are new[]-allocated (CANN contract)
    return true;
}
}  // namespace

aclnnStatus ReadTensor(const aclTensor* tensor, TensorDesc* desc)
{
    if (!ReadDims(&aclGetViewShape, tensor, &desc->shape)) return ACLNN_ERR_INNER_NULLPTR;
    if (!ReadDims(&aclGetViewStrides, tensor, &desc->strides)) return ACLNN_ERR_INNER_NULLPTR;
    if (!ReadDims(&aclGetStorageShape, tensor, &desc->storage)) return ACLNN_ERR_INNER_NULLPTR;
    if (aclGetViewOffset(tensor, &desc->offset) != ACLNN_SUCCESS) return ACLNN_ERR_INNER_NULLPTR;
    if (aclGetDataType(tensor, &desc->dtype) != ACLNN_SUCCESS) return ACLNN_ERR_INNER_NULLPTR;
    if (aclGetFormat(tensor, &desc->format) != ACLNN_SUCCESS) return ACLNN_ERR_INNER_NULLPTR;
    if (aclGetRawTensorAddr(tensor, &desc->data) != ACLNN_SUCCESS) return ACLNN_ERR_INNER_NULLPTR;
    if (desc->strides.size() != desc->shape.size()) return ACLNN_ERR_INNER_NULLPTR;
    return ACLNN_SUCCESS;
}

bool ReadIntArray(const aclIntArray* array, std::vector<int64_t>* values) { return runtime::ReadIntArray(array, values); }
bool ReadFloatArray(const aclFloatArray* array, std::vector<float>* values)
{
    return runtime::ReadFloatArray(array, values);
}

bool ToKernelDType(aclDataType t, DType* out)
{
    switch (t) {
        case ACL_FLOAT: *out = DType::F32; return true;
        case ACL_FLOAT16: *out = DType::F16; return true;
        case ACL_BF16: *out = DType::BF16; return true;
        case ACL_INT8: *out = DType::I8; return true;
        case ACL_UINT8: *out = DType::U8; return true;
        case ACL_INT32: *out = DType::I32; return true;
        default: return false;
    }
}

std::string Float64Message(const char* param, const char* accepted)
{
    return std::string(param) +
           ": float64 is not supported: the AI core vector unit has no float64 arithmetic, so the kernel "
           "cannot compute in double; cast the tensor to float32 (ACL_FLOAT) before the call (and back "
           "afterwards if needed). Accepted dtypes: " + accepted;
}

// ---- strided views ------------------------------------------------------------------------------
bool ViewFitsStorage(const TensorDesc& t, std::string* why)
{
    if (t.offset < 0) {
        *why = "view offset must be >= 0, got " + std::to_string(t.offset);
        return false;
    }
    int64_t maxIndex = 0;
    for (size_t i = 0; i < t.shape.size(); ++i) {
        if (t.strides[i] < 0) {
            *why = "negative strides are not supported, got strides " + ShapeString(t.strides);
            return false;
        }
        if (t.shape[i] > 0) maxIndex += (t.shape[i] - 1) * t.strides[i];
    }
    if (t.Numel() == 0) return true;
    int64_t storageNumel = 1;
    for (int64_t d : t.storage) storageNumel *= d;
    if (t.offset + maxIndex >= storageNumel) {
        *why = "the view (shape " + ShapeString(t.shape) + ", strides " + ShapeString(t.strides) + ", offset " +
               std::to_string(t.offset) + ") reaches element " + std::to_string(t.offset + maxIndex) +
               " but the storage " + ShapeString(t.storage) + " holds " + std::to_string(storageNumel) + " elements";
        return false;
    }
    return true;
}

bool ViewIsWritable(const TensorDesc& t, std::string* why)
{
    for (int64_t d : t.shape) {
        if (d == 0) return true;  // an empty view writes nothing (numpy describes empty arrays with 0 strides)
    }
    for (size_t i = 0; i < t.shape.size(); ++i) {
        if (t.shape[i] > 1 && t.strides[i] == 0) {
            *why = "dimension " + std::to_string(i) + " has stride 0 (an expanded view): its elements alias each "
                   "other and cannot be written";
            return false;
        }
    }
    return true;
}

bool IsDense(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides)
{
    int64_t expected = 1;
    for (size_t i = shape.size(); i-- > 0;) {
        if (shape[i] != 1 && strides[i] != expected) return false;
        expected *= shape[i];
    }
    return true;
}

void DescribeOperand(const TensorDesc& t, const std::vector<int>& perm, Operand* op)
{
    const uint64_t es = aclDataTypeSize(t.dtype);
    op->copyShape.clear();
    op->copyStrides.clear();
    for (int p : perm) {
        op->copyShape.push_back(t.shape[p]);
        op->copyStrides.push_back(t.strides[p]);
    }
    const int64_t numel = t.Numel();
    op->denseBytes = static_cast<uint64_t>(numel) * es;
    op->viewStart = t.data == nullptr ? nullptr : static_cast<uint8_t*>(t.data) + t.offset * static_cast<int64_t>(es);
    int64_t maxIndex = 0;
    for (size_t i = 0; i < t.shape.size(); ++i) {
        if (t.shape[i] > 0) maxIndex += (t.shape[i] - 1) * t.strides[i];
    }
    op->viewSpanBytes = numel == 0 ? 0 : static_cast<uint64_t>(maxIndex + 1) * es;
    op->staged = numel > 0 && !IsDense(op->copyShape, op->copyStrides);
}

// ---- executor -----------------------------------------------------------------------------------
namespace {
constexpr uint64_t kRegionAlign = 512;
uint64_t AlignUp(uint64_t v) { return (v + kRegionAlign - 1) / kRegionAlign * kRegionAlign; }

aclnnStatus LaunchFailure(const char* api, const char* what, int rc)
{
    return Fail(api, ACLNN_ERR_RUNTIME_ERROR,
                std::string(what) + " was rejected by the device: " + runtime::LastLaunchError());
}

aclnnStatus RunViewCopy(const char* api, const char* what, const KernelPlan& plan, aclrtStream stream, void* src,
                        uint64_t srcBytes, void* dst, uint64_t dstBytes)
{
    if (plan.blockDim == 0) return ACLNN_SUCCESS;
    const KernelLaunchArgs args{plan.blockDim, stream, src,     srcBytes, dst, dstBytes, nullptr, 0,
                                plan.tiling.data(), plan.tiling.size()};
    int rc = LaunchViewCopyKernel(args);
    if (rc != 0) return LaunchFailure(api, what, rc);
    return ACLNN_SUCCESS;
}

// The plan's per-launch tables (workspaceInit) at the start of the user workspace, ordered on the
// stream after earlier work that used the same workspace.
aclnnStatus PlaceWorkspaceInit(const char* api, const KernelPlan& plan, uint8_t* workspace, aclrtStream stream)
{
    if (plan.workspaceInit.empty()) return ACLNN_SUCCESS;
    if (!runtime::CopyToWorkspace(workspace, plan.userWorkspaceBytes, plan.workspaceInit, stream)) {
        return Fail(api, ACLNN_ERR_RUNTIME_ERROR, "copying the operator's tables into the workspace failed");
    }
    return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus RunJob(OperatorJob& job, void* workspace, uint64_t workspaceSize, aclrtStream stream)
{
    const char* api = job.api;
    if (job.empty) return ACLNN_SUCCESS;
    if (workspaceSize < job.totalWorkspaceBytes) {
        return Fail(api, ACLNN_ERR_PARAM_INVALID,
                    "workspaceSize: got " + std::to_string(workspaceSize) + " bytes, this executor needs " +
                        std::to_string(job.totalWorkspaceBytes) + " (the size GetWorkspaceSize returned)");
    }
    if (job.totalWorkspaceBytes > 0 && workspace == nullptr) {
        return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "workspace: must not be null when the workspace size is > 0");
    }
    uint8_t* base = static_cast<uint8_t*>(workspace);

    void* x = job.input.viewStart;
    uint64_t xBytes = job.input.viewSpanBytes;
    if (job.input.staged) {
        x = base + job.stageInOffset;
        xBytes = job.input.denseBytes;
        aclnnStatus st = RunViewCopy(api, "gathering the non-contiguous input (view_copy kernel)", job.gather, stream,
                                     job.input.viewStart, job.input.viewSpanBytes, x, xBytes);
        if (st != ACLNN_SUCCESS) return st;
    }
    void* y = job.output.staged ? static_cast<void*>(base + job.stageOutOffset) : job.output.viewStart;
    uint64_t yBytes = job.output.staged ? job.output.denseBytes : job.output.viewSpanBytes;

    void* kernelWorkspace = job.kernelWorkspaceBytes > 0 ? workspace : nullptr;
    aclnnStatus placed = PlaceWorkspaceInit(api, job.plan, base, stream);
    if (placed != ACLNN_SUCCESS) return placed;
    if (job.plan.blockDim == 0) return ACLNN_SUCCESS;  // the planner found nothing to compute
    const KernelLaunchArgs args{job.plan.blockDim, stream,          x,
                                xBytes,            y,               yBytes,
                                kernelWorkspace,   job.kernelWorkspaceBytes, job.plan.tiling.data(),
                                job.plan.tiling.size()};
    int rc = job.launcher(args);
    if (rc != 0) return LaunchFailure(api, "the operator kernel", rc);

    if (job.output.staged) {
        aclnnStatus st = RunViewCopy(api, "scattering into the non-contiguous output (view_copy kernel)", job.scatter,
                                     stream, y, job.output.denseBytes, job.output.viewStart, job.output.viewSpanBytes);
        if (st != ACLNN_SUCCESS) return st;
    }
    return ACLNN_SUCCESS;
}


bool FinaliseJob(OperatorJob* job, std::string* err)
{
    if (job->empty) {
        job->totalWorkspaceBytes = 0;
        return true;
    }
    if (job->input.staged &&
        !PlanViewCopy(job->input.copyShape, job->input.copyStrides, job->elemBytes, false, job->platform, &job->gather,
                      err)) {
        return false;
    }
    if (job->output.staged && !PlanViewCopy(job->output.copyShape, job->output.copyStrides, job->elemBytes, true,
                                            job->platform, &job->scatter, err)) {
        return false;
    }
    job->kernelWorkspaceBytes = job->plan.userWorkspaceBytes;
    uint64_t cursor = AlignUp(job->kernelWorkspaceBytes);
    if (job->input.staged) {
        job->stageInOffset = cursor;
        cursor += AlignUp(job->input.denseBytes);
    }
    if (job->output.staged) {
        job->stageOutOffset = cursor;
        cursor += AlignUp(job->output.denseBytes);
    }
    job->totalWorkspaceBytes = (job->input.staged || job->output.staged) ? cursor : job->kernelWorkspaceBytes;
    return true;
}

aclnnStatus CreateJobExecutor(std::unique_ptr<OperatorJob> job, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    const uint64_t bytes = job->totalWorkspaceBytes;
    aclnnStatus st = runtime::CreateExecutor(std::move(job), executor);
    if (st == ACLNN_SUCCESS) *workspaceSize = bytes;
    return st;
}

aclnnStatus RunJobExecutor(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           aclrtStream stream)
{
    if (executor == nullptr) return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "executor: must not be null");
    return runtime::RunExecutor(api, workspace, workspaceSize, executor, stream);
}

}  // namespace api
}  // namespace ai
