// The job of one aclnn call once its arguments are checked: the two operands (where the kernel reads
// and writes, and whether they go through contiguous workspace buffers), the kernel plan, the
// view_copy plans and the workspace layout; the executor that owns it; and phase two, which runs it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "aclnn_util.h"
#include "kernel_launch.h"
#include "op_common.h"

namespace ai {
namespace api {

struct OperatorJob;

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

// The kernel orders an operator can run in (each a `perm` of DescribeOperand).
using DimOrders = std::vector<std::vector<int>>;
// 0, 1, .., rank - 1: the view's own dimension order.
std::vector<int> IdentityOrder(int rank);
// t's dimensions from the largest stride to the smallest (stable; a length-1 dimension keeps its
// position, its stride being meaningless): the order in which a permuted-dense view (torch
// channels_last / channels_last_3d, a transposed numpy array) is dense.
std::vector<int> StrideOrder(const TensorDesc& t);
// Sets job->input / job->output to x and y iterated in the one of `orders` that stages the fewest
// bytes through view_copy, the first of them on a tie; returns its index.
size_t ChooseLeastStagedOrder(const TensorDesc& x, const TensorDesc& y, const DimOrders& orders, OperatorJob* job);

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

// An operator's planning step: sets job->input / job->output (DescribeOperand, in the kernel layout
// it chooses) and fills job->plan.  False with `err` when the planner refuses the problem.
using PlanJob = std::function<bool(OperatorJob* job, std::string* err)>;

// The last step of every GetWorkspaceSize, once the arguments are checked.  An empty call (nothing
// to compute) gets an executor that launches nothing and a workspace of 0.  Otherwise: the data
// addresses must not be null (161001); `plan` plans the kernel (561002 "tiling failed: ..." when it
// refuses); self and out must not share memory unless one of them is staged (161002); the staged
// operands get their view_copy plans and the workspace its layout (561002); the job becomes the
// executor (561101).  Running out of host memory on the way is 561000.  *workspaceSize and
// *executor are written on success only.
aclnnStatus PlanAndCreateJob(const char* api, KernelLauncher launcher, const PlatformInfo& platform,
                             const TensorPair& tensors, bool empty, const PlanJob& plan, uint64_t* workspaceSize,
                             aclOpExecutor** executor);

// Runs a job's kernels (staging views through view_copy): what phase two does once the executor is
// resolved.  Called by the runtime glue (runtime_*.cpp).
aclnnStatus RunJob(OperatorJob& job, void* workspace, uint64_t workspaceSize, aclrtStream stream);
// Phase two of every aclnn operator here.
aclnnStatus RunJobExecutor(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           aclrtStream stream);

}  // namespace api
}  // namespace ai
