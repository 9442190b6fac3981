// aclnnUpsampleTrilinear3d: parameter checks in CANN's order and with CANN's codes
// (docs/aclnnUpsampleTrilinear3d.md "Checks and status codes"), this project's decisions where CANN
// and PyTorch differ (docs/aclnnUpsampleTrilinear3d.md "Decisions for this project"), then tiling and
// the executor.
#include "aclnn_upsample_trilinear3d.h"

#include <climits>
#include <cmath>
#include <memory>
#include <string>

#include "aclnn_util.h"
#include "platform.h"

#include "upsample_trilinear3d_launch.h"
#include "upsample_trilinear3d_tiling.h"

namespace {
using ai::api::Fail;
using ai::api::ShapeString;
using ai::api::Num;
constexpr const char* kApi = "aclnnUpsampleTrilinear3d";

bool IsAllowedFormat(aclFormat f) { return f == ACL_FORMAT_ND || f == ACL_FORMAT_NCDHW || f == ACL_FORMAT_NDHWC; }

aclnnStatus CheckScale(const char* name, double scale)
{
    if (!std::isfinite(scale)) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    std::string(name) + ": must be finite (a value <= 0 means \"not given\"), got " +
                        Num(scale));
    }
    return ACLNN_SUCCESS;
}
}  // namespace

extern "C" aclnnStatus aclnnUpsampleTrilinear3dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                                bool alignCorners, double scalesD, double scalesH,
                                                                double scalesW, aclTensor* out,
                                                                uint64_t* workspaceSize, aclOpExecutor** executor)
{
    using namespace ai::api;
    // 0. out-parameters, 1. required inputs.
    if (workspaceSize == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "workspaceSize: must not be null");
    if (executor == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "executor: must not be null");
    if (self == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "self: must not be null");
    if (outputSize == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "outputSize: must not be null");
    if (out == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "out: must not be null");

    TensorDesc in, res;
    if (ReadTensor(self, &in) != ACLNN_SUCCESS) return Fail(kApi, ACLNN_ERR_INNER_NULLPTR, "self: unreadable tensor");
    if (ReadTensor(out, &res) != ACLNN_SUCCESS) return Fail(kApi, ACLNN_ERR_INNER_NULLPTR, "out: unreadable tensor");
    std::vector<int64_t> size;
    if (!ReadIntArray(outputSize, &size)) return Fail(kApi, ACLNN_ERR_INNER_NULLPTR, "outputSize: unreadable array");
    ai::PlatformInfo platform;
    std::string platformWhy;
    if (!CurrentPlatform(&platform, &platformWhy)) return Fail(kApi, ACLNN_ERR_INNER_FIND_KERNEL_ERROR, platformWhy);

    // 2. dtypes.
    const char* accepted = platform.hasBf16 ? "float32, float16, bfloat16" : "float32, float16";
    if (in.dtype == ACL_DOUBLE) return Fail(kApi, ACLNN_ERR_PARAM_INVALID, Float64Message("self", accepted));
    if (in.dtype == ACL_BF16 && !platform.hasBf16) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "self: bfloat16 is not supported on " + platform.socName +
                        " (no bfloat16 storage or Cast on this SoC); accepted dtypes: " + accepted);
    }
    if (in.dtype != ACL_FLOAT && in.dtype != ACL_FLOAT16 && in.dtype != ACL_BF16) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    std::string("self: dtype ") + AclDTypeName(in.dtype) + " is not supported; accepted dtypes: " +
                        accepted);
    }
    if (res.dtype != in.dtype) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    std::string("out: dtype ") + AclDTypeName(res.dtype) + " must equal self's dtype " +
                        AclDTypeName(in.dtype));
    }

    // 3. ranks, outputSize length, formats.
    if (in.shape.size() != 5) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "self: expected 5 dimensions (NCDHW/NDHWC/ND), got " + std::to_string(in.shape.size()));
    }
    if (res.shape.size() != 5) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "out: expected 5 dimensions (NCDHW/NDHWC/ND), got " + std::to_string(res.shape.size()));
    }
    if (size.size() != 3) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "outputSize: expected 3 values (outD, outH, outW), got " + std::to_string(size.size()));
    }
    if (!IsAllowedFormat(in.format)) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    std::string("self: format ") + AclFormatName(in.format) +
                        " is not supported; accepted formats: ND, NCDHW, NDHWC");
    }
    if (!IsAllowedFormat(res.format)) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    std::string("out: format ") + AclFormatName(res.format) +
                        " is not supported; accepted formats: ND, NCDHW, NDHWC");
    }
    const bool formatNdhwc = in.format == ACL_FORMAT_NDHWC;
    if ((res.format == ACL_FORMAT_NDHWC) != formatNdhwc) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    std::string("out: format ") + AclFormatName(res.format) + " must match self's format " +
                        AclFormatName(in.format) + " (ND and NCDHW are interchangeable, NDHWC is not)");
    }

    // 4. sizes.  Logical dims N, C, D, H, W: view positions in the tensor's format order.
    const int ncdhw[5] = {0, 1, 2, 3, 4};
    const int ndhwcAsNcdhw[5] = {0, 4, 1, 2, 3};
    const int* logical = formatNdhwc ? ndhwcAsNcdhw : ncdhw;
    const char* layoutName = formatNdhwc ? "N, D, H, W, C" : "N, C, D, H, W";
    for (int64_t d : in.shape) {
        if (d < 0) {
            return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                        "self: dimensions must be >= 0, got shape " + ShapeString(in.shape));
        }
    }
    const int64_t n = in.shape[logical[0]], c = in.shape[logical[1]];
    const int64_t inD = in.shape[logical[2]], inH = in.shape[logical[3]], inW = in.shape[logical[4]];
    if (c <= 0 || inD <= 0 || inH <= 0 || inW <= 0) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "self: C, D, H and W must be > 0, got shape " + ShapeString(in.shape) + " (" + layoutName + ")");
    }
    if (size[0] <= 0 || size[1] <= 0 || size[2] <= 0) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "outputSize: values must be > 0, got " + ShapeString(size));
    }
    std::vector<int64_t> expected = formatNdhwc ? std::vector<int64_t>{n, size[0], size[1], size[2], c}
                                                : std::vector<int64_t>{n, c, size[0], size[1], size[2]};
    if (res.shape != expected) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "out: expected shape " + ShapeString(expected) + " (" + layoutName + "), got " +
                        ShapeString(res.shape));
    }

    // 5. int32 index range (every SoC but the 950 family indexes with int32).
    if (platform.socName.find("950") == std::string::npos) {
        for (const auto* dims : {&in.shape, &res.shape}) {
            for (int64_t d : *dims) {
                if (d > INT32_MAX) {
                    return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                                std::string(dims == &in.shape ? "self" : "out") + ": dimension " + std::to_string(d) +
                                    " exceeds INT32_MAX");
                }
            }
        }
    }

    // Beyond CANN's list: finite scales, addressable views.
    if (aclnnStatus st = CheckScale("scalesD", scalesD)) return st;
    if (aclnnStatus st = CheckScale("scalesH", scalesH)) return st;
    if (aclnnStatus st = CheckScale("scalesW", scalesW)) return st;
    std::string why;
    if (!ViewFitsStorage(in, &why)) return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "self: " + why);
    if (!ViewFitsStorage(res, &why)) return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "out: " + why);
    if (!ViewIsWritable(res, &why)) return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "out: " + why);

    auto job = std::make_unique<OperatorJob>();
    job->api = kApi;
    job->launcher = &LaunchUpsampleTrilinear3dKernel;
    job->platform = platform;
    job->elemBytes = static_cast<uint32_t>(aclDataTypeSize(in.dtype));
    if (n == 0) {  // docs/aclnnUpsampleTrilinear3d.md "Decisions for this project": N = 0 succeeds, no launch
        job->empty = true;
        return CreateJobExecutor(std::move(job), workspaceSize, executor);
    }
    if (in.data == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "self: data address must not be null");
    if (res.data == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "out: data address must not be null");

    // Kernel layout: NCDHW or NDHWC contiguous, whichever stages fewer bytes through view_copy (torch_npu
    // passes a channels_last_3d tensor as a strided NCDHW view: with a channels-last out it runs as NDHWC
    // with no copy; with a contiguous out the smaller input is gathered, by the transpose path).  Ties
    // go to the tensor's own format.
    const std::vector<int> permNc = {logical[0], logical[1], logical[2], logical[3], logical[4]};
    const std::vector<int> permCl = {logical[0], logical[2], logical[3], logical[4], logical[1]};
    Operand inNc, outNc, inCl, outCl;
    DescribeOperand(in, permNc, &inNc);
    DescribeOperand(res, permNc, &outNc);
    DescribeOperand(in, permCl, &inCl);
    DescribeOperand(res, permCl, &outCl);
    auto staged = [](const Operand& a, const Operand& b) {
        return (a.staged ? a.denseBytes : 0) + (b.staged ? b.denseBytes : 0);
    };
    const uint64_t stagedNc = staged(inNc, outNc);
    const uint64_t stagedCl = staged(inCl, outCl);
    const bool channelsLast = stagedCl < stagedNc || (stagedCl == stagedNc && formatNdhwc);
    job->input = channelsLast ? inCl : inNc;
    job->output = channelsLast ? outCl : outNc;

    ai::TrilinearProblem problem;
    problem.n = n;
    problem.c = c;
    problem.inD = inD;
    problem.inH = inH;
    problem.inW = inW;
    problem.outD = size[0];
    problem.outH = size[1];
    problem.outW = size[2];
    problem.alignCorners = alignCorners;
    problem.scalesD = scalesD;  // per axis as PyTorch (<= 0: not given); the planner derives the ratios
    problem.scalesH = scalesH;
    problem.scalesW = scalesW;
    ToKernelDType(in.dtype, &problem.dtype);
    problem.channelsLast = channelsLast;

    std::string err;
    if (!ai::PlanUpsampleTrilinear3d(problem, platform, &job->plan, &err)) {
        return Fail(kApi, ACLNN_ERR_INNER_TILING_ERROR, "tiling failed: " + err);
    }
    if (!FinaliseJob(job.get(), &err)) return Fail(kApi, ACLNN_ERR_INNER_TILING_ERROR, "tiling failed: " + err);
    return CreateJobExecutor(std::move(job), workspaceSize, executor);
}

extern "C" aclnnStatus aclnnUpsampleTrilinear3d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                aclrtStream stream)
{
    return ai::api::RunJobExecutor(kApi, workspace, workspaceSize, executor, stream);
}
