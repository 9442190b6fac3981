#include "aclnn_job.h"

#include <algorithm>
#include <exception>
#include <new>
#include <utility>

#include "aclnn_check.h"
#include "aclnn_log.h"
#include "runtime.h"
#include "view_copy_launch.h"
#include "view_copy_tiling.h"

namespace ai {
namespace api {

void DescribeOperand(const TensorDesc& t, const std::vector<int>& perm, Operand* op)
{
    // The call's checks bound every figure here (CheckShapeLimits, ViewFitsStorage): no overflow.
    const uint64_t es = aclDataTypeSize(t.dtype);
    op->copyShape.clear();
    op->copyStrides.clear();
    for (int p : perm) {
        op->copyShape.push_back(t.shape[p]);
        op->copyStrides.push_back(t.strides[p]);
    }
    const int64_t numel = t.Numel();
    int64_t end = 0;
    ViewEndElement(t, &end);
    op->denseBytes = static_cast<uint64_t>(numel) * es;
    op->viewStart = t.data == nullptr ? nullptr : static_cast<uint8_t*>(t.data) + static_cast<uint64_t>(t.offset) * es;
    op->viewSpanBytes = numel == 0 ? 0 : static_cast<uint64_t>(end - t.offset) * es;
    op->staged = numel > 0 && !IsDense(op->copyShape, op->copyStrides);
}

std::vector<int> IdentityOrder(int rank)
{
    std::vector<int> order(rank);
    for (int d = 0; d < rank; ++d) order[d] = d;
    return order;
}

std::vector<int> StrideOrder(const TensorDesc& t)
{
    const int rank = static_cast<int>(t.shape.size());
    std::vector<int> sized;  // the dimensions longer than 1, sorted by stride
    for (int d = 0; d < rank; ++d) {
        if (t.shape[d] != 1) sized.push_back(d);
    }
    std::stable_sort(sized.begin(), sized.end(), [&](int a, int b) { return t.strides[a] > t.strides[b]; });
    std::vector<int> order = IdentityOrder(rank);
    size_t next = 0;
    for (int d = 0; d < rank; ++d) {
        if (t.shape[d] != 1) order[d] = sized[next++];
    }
    return order;
}

size_t ChooseLeastStagedOrder(const TensorDesc& x, const TensorDesc& y, const DimOrders& orders, OperatorJob* job)
{
    size_t best = 0;
    uint64_t bestBytes = 0;
    for (size_t i = 0; i < orders.size(); ++i) {
        Operand in, out;
        DescribeOperand(x, orders[i], &in);
        DescribeOperand(y, orders[i], &out);
        const uint64_t bytes = (in.staged ? in.denseBytes : 0) + (out.staged ? out.denseBytes : 0);
        if (i == 0 || bytes < bestBytes) {
            best = i;
            bestBytes = bytes;
            job->input = std::move(in);
            job->output = std::move(out);
        }
    }
    return best;
}

// ---- planning -----------------------------------------------------------------------------------
namespace {
constexpr uint64_t kRegionAlign = 512;
uint64_t AlignUp(uint64_t v) { return (v + kRegionAlign - 1) / kRegionAlign * kRegionAlign; }
// Far beyond any device memory; with the staging buffers (<= 8 GiB each within the size limits) the
// layout's sums stay below 2^63.
constexpr uint64_t kMaxKernelWorkspaceBytes = uint64_t{1} << 62;

// Plans the view copies of the staged operands and computes the workspace layout (offsets and
// totals).  False (with `err`) if a view copy cannot be planned.
bool FinaliseJob(OperatorJob* job, std::string* err)
{
    if (job->plan.userWorkspaceBytes >= kMaxKernelWorkspaceBytes) {
        *err = "the kernel workspace of " + std::to_string(job->plan.userWorkspaceBytes) +
               " bytes is beyond 2^62 (the workspace layout is summed in 64 bits)";
        return false;
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

// Input and output may share memory only when one of them goes through a workspace buffer: the gather
// of a staged input finishes before anything writes out, and the scatter of a staged output starts
// after the kernel has read all of self.  Two views the kernel uses in place are dense, so
// intersecting spans share elements, which the kernel's blocks would read after others overwrote them.
aclnnStatus CheckNoOverlap(const OperatorJob& job, const TensorPair& tensors)
{
    const Operand& in = job.input;
    const Operand& out = job.output;
    if (in.staged || out.staged) return ACLNN_SUCCESS;
    const uintptr_t i0 = reinterpret_cast<uintptr_t>(in.viewStart), i1 = i0 + in.viewSpanBytes;
    const uintptr_t o0 = reinterpret_cast<uintptr_t>(out.viewStart), o1 = o0 + out.viewSpanBytes;
    if (o1 <= i0 || i1 <= o0) return ACLNN_SUCCESS;
    const std::string inName = tensors.inName;
    return Fail(job.api, ACLNN_ERR_PARAM_INVALID,
                std::string(tensors.outName) + ": shares " + std::to_string(std::min(o1, i1) - std::max(o0, i0)) +
                    " bytes with " + inName + ", and the kernel would read elements of " + inName +
                    " it has already overwritten (in-place calls are not supported); pass a " + tensors.outName +
                    " tensor of its own");
}

// Wraps `job` into a live executor and reports the workspace size.
aclnnStatus CreateJobExecutor(std::unique_ptr<OperatorJob> job, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    const uint64_t bytes = job->totalWorkspaceBytes;
    aclnnStatus st = runtime::CreateExecutor(std::move(job), executor);
    if (st == ACLNN_SUCCESS) *workspaceSize = bytes;
    return st;
}

// The job of a checked call, planned and turned into the executor (PlanAndCreateJob without the
// exception guard).
aclnnStatus PlanAndCreate(const char* api, KernelLauncher launcher, const PlatformInfo& platform,
                          const TensorPair& tensors, bool empty, const PlanJob& plan, uint64_t* workspaceSize,
                          aclOpExecutor** executor)
{
    const TensorDesc& self = tensors.in;
    const TensorDesc& out = tensors.out;
    auto job = std::make_unique<OperatorJob>();
    job->api = api;
    job->launcher = launcher;
    job->platform = platform;
    job->elemBytes = static_cast<uint32_t>(aclDataTypeSize(self.dtype));
    job->empty = empty;
    if (empty) {
        Log(kLogInfo, std::string(api) + ": out " + ShapeString(out.shape) + " is empty: nothing to launch");
        return CreateJobExecutor(std::move(job), workspaceSize, executor);
    }
    AI_RETURN_IF_ERROR(CheckDataAddresses(api, tensors));
    std::string err;
    if (!plan(job.get(), &err)) return Fail(api, ACLNN_ERR_INNER_TILING_ERROR, "tiling failed: " + err);
    AI_RETURN_IF_ERROR(CheckNoOverlap(*job, tensors));
    if (!FinaliseJob(job.get(), &err)) return Fail(api, ACLNN_ERR_INNER_TILING_ERROR, "tiling failed: " + err);
    if (LogEnabled(kLogInfo)) {
        Log(kLogInfo, std::string(api) + ": planned " + tensors.inName + " " + ShapeString(self.shape) + " -> " +
                          tensors.outName + " " + ShapeString(out.shape) + ": " + std::to_string(job->plan.blockDim) + " blocks, workspace " +
                          std::to_string(job->totalWorkspaceBytes) + " bytes, input " +
                          (job->input.staged ? "staged" : "in place") + ", output " +
                          (job->output.staged ? "staged" : "in place"));
    }
    return CreateJobExecutor(std::move(job), workspaceSize, executor);
}
}  // namespace

aclnnStatus PlanAndCreateJob(const char* api, KernelLauncher launcher, const PlatformInfo& platform,
                             const TensorPair& tensors, bool empty, const PlanJob& plan, uint64_t* workspaceSize,
                             aclOpExecutor** executor)
{
    try {
        return PlanAndCreate(api, launcher, platform, tensors, empty, plan, workspaceSize, executor);
    } catch (const std::bad_alloc&) {
        // The planners' tables grow with the shapes (within the size limits they can need gigabytes):
        // running out of host memory is an error of the call, not a crash of the caller.
        return Fail(api, ACLNN_ERR_INNER, std::string("out of host memory while planning the kernel for ") +
                                              tensors.inName + " " + ShapeString(tensors.in.shape) + " -> " +
                                              tensors.outName + " " + ShapeString(tensors.out.shape));
    } catch (const std::exception& e) {
        return Fail(api, ACLNN_ERR_INNER, std::string("planning the kernel failed: ") + e.what());
    }
}


// ---- phase two ----------------------------------------------------------------------------------
namespace {
// One launch of `plan` (nothing when it has no blocks: an empty view); 361001 with the device's
// reason when the launch is rejected.
// `role` tags the launch in the sim's call record ("gather", "scatter"; nullptr: the operator kernel).
aclnnStatus Launch(const char* api, const char* what, const char* role, KernelLauncher launcher,
                   const KernelPlan& plan, aclrtStream stream, void* x, uint64_t xBytes, void* y, uint64_t yBytes,
                   void* workspace, uint64_t workspaceBytes)
{
    if (plan.blockDim == 0) return ACLNN_SUCCESS;
    if (role != nullptr) runtime::OperatorCall::MarkNextLaunch(role);
    if (LogEnabled(kLogDebug)) {
        Log(kLogDebug, std::string(api) + ": launching " + what + " on " + std::to_string(plan.blockDim) + " blocks");
    }
    const KernelLaunchArgs args{plan.blockDim, stream,    x,         xBytes, y, yBytes, workspace, workspaceBytes,
                                plan.tiling.data(), plan.tiling.size()};
    if (launcher(args) != 0) {
        return Fail(api, ACLNN_ERR_RUNTIME_ERROR,
                    std::string(what) + " was rejected by the device: " + runtime::LastLaunchError());
    }
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

// The caller's workspace, checked before anything is written.
aclnnStatus CheckRunWorkspace(const OperatorJob& job, const void* workspace, uint64_t workspaceSize)
{
    if (workspaceSize < job.totalWorkspaceBytes) {
        return Fail(job.api, ACLNN_ERR_PARAM_INVALID,
                    "workspaceSize: got " + std::to_string(workspaceSize) + " bytes, this executor needs " +
                        std::to_string(job.totalWorkspaceBytes) + " (the size GetWorkspaceSize returned)");
    }
    if (job.totalWorkspaceBytes > 0 && workspace == nullptr) {
        return Fail(job.api, ACLNN_ERR_PARAM_NULLPTR, "workspace: must not be null when the workspace size is > 0");
    }
    return ACLNN_SUCCESS;
}

// gather (staged input) -> tables -> operator kernel -> scatter (staged output).
aclnnStatus LaunchJob(const OperatorJob& job, uint8_t* base, aclrtStream stream)
{
    const char* api = job.api;
    void* x = job.input.viewStart;
    uint64_t xBytes = job.input.viewSpanBytes;
    if (job.input.staged) {
        x = base + job.stageInOffset;
        xBytes = job.input.denseBytes;
        AI_RETURN_IF_ERROR(Launch(api, "gathering the non-contiguous input (view_copy kernel)", "gather", &LaunchViewCopyKernel,
                                  job.gather, stream, job.input.viewStart, job.input.viewSpanBytes, x, xBytes, nullptr,
                                  0));
    }
    void* y = job.output.staged ? static_cast<void*>(base + job.stageOutOffset) : job.output.viewStart;
    uint64_t yBytes = job.output.staged ? job.output.denseBytes : job.output.viewSpanBytes;

    AI_RETURN_IF_ERROR(PlaceWorkspaceInit(api, job.plan, base, stream));
    if (job.plan.blockDim == 0) return ACLNN_SUCCESS;  // the planner found nothing to compute
    void* kernelWorkspace = job.kernelWorkspaceBytes > 0 ? base : nullptr;
    AI_RETURN_IF_ERROR(Launch(api, "the operator kernel", nullptr, job.launcher, job.plan, stream, x, xBytes, y, yBytes,
                              kernelWorkspace, job.kernelWorkspaceBytes));
    if (job.output.staged) {
        AI_RETURN_IF_ERROR(Launch(api, "scattering into the non-contiguous output (view_copy kernel)",
                                  "scatter", &LaunchViewCopyKernel, job.scatter, stream, y, job.output.denseBytes,
                                  job.output.viewStart, job.output.viewSpanBytes, nullptr, 0));
    }
    return ACLNN_SUCCESS;
}
}  // namespace

aclnnStatus RunJob(OperatorJob& job, void* workspace, uint64_t workspaceSize, aclrtStream stream)
{
    if (job.empty) return ACLNN_SUCCESS;
    AI_RETURN_IF_ERROR(CheckRunWorkspace(job, workspace, workspaceSize));  // before anything is written
    runtime::OperatorCall call(job.api, job.input.denseBytes + job.output.denseBytes);
    return runtime::RunKeepingOutputOnFailure(
        job, [&] { return LaunchJob(job, static_cast<uint8_t*>(workspace), stream); });
}

aclnnStatus RunJobExecutor(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           aclrtStream stream)
{
    if (executor == nullptr) return Fail(api, ACLNN_ERR_PARAM_NULLPTR, "executor: must not be null");
    return runtime::RunExecutor(api, workspace, workspaceSize, executor, stream);
}

}  // namespace api
}  // namespace ai
