// aclnnUpsampleTrilinear3d: parameter checks in CANN's order and with CANN's codes
// (docs/aclnnUpsampleTrilinear3d.md "Checks and status codes"), this project's decisions where CANN
// and PyTorch differ ("Decisions for this project"), then tiling and the executor.
#include "aclnn_upsample_trilinear3d.h"

#include <cmath>
#include <string>
#include <vector>

#include "aclnn_check.h"
#include "aclnn_job.h"
#include "upsample_trilinear3d_launch.h"
#include "upsample_trilinear3d_tiling.h"

namespace {
using namespace ai::api;
constexpr const char* kApi = "aclnnUpsampleTrilinear3d";
const std::vector<aclDataType> kDTypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
const std::vector<aclFormat> kFormats = {ACL_FORMAT_ND, ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC};
constexpr const char* kFormatsText = "accepted formats: ND, NCDHW, NDHWC";
constexpr const char* kLayouts = "NCDHW/NDHWC/ND";

// The call's geometry: logical dims N, C, D, H, W (positions in the tensors' format order).
struct Geometry {
    bool ndhwc = false;
    const int* logical = nullptr;
    int64_t n = 0, c = 0, inD = 0, inH = 0, inW = 0;
};

aclnnStatus CheckOutputSizeLength(const std::vector<int64_t>& size)
{
    if (size.size() == 3) return ACLNN_SUCCESS;
    return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                "outputSize: expected 3 values (outD, outH, outW), got " + std::to_string(size.size()));
}

// out must be NDHWC exactly when self is (ND and NCDHW are interchangeable).
aclnnStatus CheckSameLayout(const TensorDesc& in, const TensorDesc& res)
{
    if ((res.format == ACL_FORMAT_NDHWC) == (in.format == ACL_FORMAT_NDHWC)) return ACLNN_SUCCESS;
    return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                std::string("out: format ") + AclFormatName(res.format) + " must match self's format " +
                    AclFormatName(in.format) + " (ND and NCDHW are interchangeable, NDHWC is not)");
}

// 4. sizes: C, D, H, W > 0 (N >= 0), outputSize > 0, out's shape the expected one.
aclnnStatus CheckSizes(const TensorDesc& in, const TensorDesc& res, const std::vector<int64_t>& size, Geometry* g)
{
    static const int ncdhw[5] = {0, 1, 2, 3, 4};
    static const int ndhwcAsNcdhw[5] = {0, 4, 1, 2, 3};
    g->ndhwc = in.format == ACL_FORMAT_NDHWC;
    g->logical = g->ndhwc ? ndhwcAsNcdhw : ncdhw;
    const char* layoutName = g->ndhwc ? "N, D, H, W, C" : "N, C, D, H, W";
    AI_RETURN_IF_ERROR(CheckDimsNonNegative(kApi, "self", in));
    const int* l = g->logical;
    g->n = in.shape[l[0]];
    g->c = in.shape[l[1]];
    g->inD = in.shape[l[2]];
    g->inH = in.shape[l[3]];
    g->inW = in.shape[l[4]];
    if (g->c <= 0 || g->inD <= 0 || g->inH <= 0 || g->inW <= 0) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "self: C, D, H and W must be > 0, got shape " + ShapeString(in.shape) + " (" + layoutName + ")");
    }
    if (size[0] <= 0 || size[1] <= 0 || size[2] <= 0) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "outputSize: values must be > 0, got " + ShapeString(size));
    }
    const std::vector<int64_t> expected = g->ndhwc ? std::vector<int64_t>{g->n, size[0], size[1], size[2], g->c}
                                                   : std::vector<int64_t>{g->n, g->c, size[0], size[1], size[2]};
    if (res.shape != expected) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "out: expected shape " + ShapeString(expected) + " (" + layoutName + "), got " +
                        ShapeString(res.shape));
    }
    return ACLNN_SUCCESS;
}

aclnnStatus CheckScale(const char* name, double scale)
{
    if (std::isfinite(scale)) return ACLNN_SUCCESS;
    return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                std::string(name) + ": must be finite (a value <= 0 means \"not given\"), got " + Num(scale));
}

// The kernel layout: NCDHW or NDHWC contiguous, whichever stages fewer bytes through view_copy
// (torch_npu passes a channels_last_3d tensor as a strided NCDHW view: with a channels-last out it
// runs as NDHWC with no copy; with a contiguous out the smaller input is gathered, by the transpose
// path).  Ties go to the tensor's own format.  Returns true for NDHWC.
bool ChooseLayout(const TensorDesc& in, const TensorDesc& res, const Geometry& g, ai::api::OperatorJob* job)
{
    const int* l = g.logical;
    const std::vector<int> permNc = {l[0], l[1], l[2], l[3], l[4]};
    const std::vector<int> permCl = {l[0], l[2], l[3], l[4], l[1]};
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
    const bool channelsLast = stagedCl < stagedNc || (stagedCl == stagedNc && g.ndhwc);
    job->input = channelsLast ? inCl : inNc;
    job->output = channelsLast ? outCl : outNc;
    return channelsLast;
}
}  // namespace

extern "C" aclnnStatus aclnnUpsampleTrilinear3dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                                bool alignCorners, double scalesD, double scalesH,
                                                                double scalesW, aclTensor* out,
                                                                uint64_t* workspaceSize, aclOpExecutor** executor)
{
    // 0. out-parameters, 1. required inputs.
    AI_RETURN_IF_ERROR(CheckOutParams(kApi, workspaceSize, executor));
    AI_RETURN_IF_ERROR(CheckNotNull(kApi, "self", self));
    AI_RETURN_IF_ERROR(CheckNotNull(kApi, "outputSize", outputSize));
    AI_RETURN_IF_ERROR(CheckNotNull(kApi, "out", out));
    TensorDesc in, res;
    std::vector<int64_t> size;
    ai::PlatformInfo platform;
    AI_RETURN_IF_ERROR(ReadTensorArg(kApi, "self", self, &in));
    AI_RETURN_IF_ERROR(ReadTensorArg(kApi, "out", out, &res));
    AI_RETURN_IF_ERROR(ReadIntArrayArg(kApi, "outputSize", outputSize, &size));
    AI_RETURN_IF_ERROR(ReadPlatform(kApi, &platform));
    // 2. dtypes.
    ai::DType dtype;
    AI_RETURN_IF_ERROR(CheckInputDType(kApi, "self", in.dtype, kDTypes, platform, &dtype));
    AI_RETURN_IF_ERROR(CheckSameDType(kApi, "out", res.dtype, "self", in.dtype));
    // 3. ranks, outputSize length, formats.
    AI_RETURN_IF_ERROR(CheckRank(kApi, "self", in, 5, 5, kLayouts));
    AI_RETURN_IF_ERROR(CheckRank(kApi, "out", res, 5, 5, kLayouts));
    AI_RETURN_IF_ERROR(CheckOutputSizeLength(size));
    AI_RETURN_IF_ERROR(CheckFormat(kApi, "self", in.format, kFormats, kFormatsText));
    AI_RETURN_IF_ERROR(CheckFormat(kApi, "out", res.format, kFormats, kFormatsText));
    AI_RETURN_IF_ERROR(CheckSameLayout(in, res));
    // 4. sizes, 5. index range (CANN: int32 indices) and this library's size limits, on every SoC.
    Geometry g;
    AI_RETURN_IF_ERROR(CheckSizes(in, res, size, &g));
    AI_RETURN_IF_ERROR(CheckShapeLimits(kApi, "self", in));
    AI_RETURN_IF_ERROR(CheckShapeLimits(kApi, "out", res));
    // Beyond CANN's list: finite scales, addressable views.
    AI_RETURN_IF_ERROR(CheckScale("scalesD", scalesD));
    AI_RETURN_IF_ERROR(CheckScale("scalesH", scalesH));
    AI_RETURN_IF_ERROR(CheckScale("scalesW", scalesW));
    AI_RETURN_IF_ERROR(CheckViews(kApi, in, res));

    // N = 0 succeeds with workspace 0 and no launch (docs/aclnnUpsampleTrilinear3d.md "Decisions for this project").
    auto plan = [&](OperatorJob* job, std::string* err) {
        ai::TrilinearProblem problem;
        problem.n = g.n;
        problem.c = g.c;
        problem.inD = g.inD;
        problem.inH = g.inH;
        problem.inW = g.inW;
        problem.outD = size[0];
        problem.outH = size[1];
        problem.outW = size[2];
        problem.alignCorners = alignCorners;
        problem.scalesD = scalesD;  // per axis as PyTorch (<= 0: not given); the planner derives the ratios
        problem.scalesH = scalesH;
        problem.scalesW = scalesW;
        problem.dtype = dtype;
        problem.channelsLast = ChooseLayout(in, res, g, job);
        return ai::PlanUpsampleTrilinear3d(problem, platform, &job->plan, err);
    };
    return PlanAndCreateJob(kApi, &LaunchUpsampleTrilinear3dKernel, platform, in, res, g.n == 0, plan, workspaceSize,
                            executor);
}

extern "C" aclnnStatus aclnnUpsampleTrilinear3d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                aclrtStream stream)
{
    return RunJobExecutor(kApi, workspace, workspaceSize, executor, stream);
}
