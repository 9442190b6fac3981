// aclnnUpsampleTrilinear3d: parameter checks in CANN's order and with CANN's codes
// (docs/aclnnUpsampleTrilinear3d.md "Checks and status codes"), this project's decisions where CANN
// and PyTorch differ ("Decisions for this project"), then tiling and the executor.
#include "aclnn_upsample_trilinear3d.h"

#include <string>
#include <vector>

#include "aclnn_check.h"
#include "aclnn_job.h"
#include "trilinear_args.h"
#include "upsample_trilinear3d_launch.h"
#include "upsample_trilinear3d_tiling.h"

namespace {
using namespace ai::api;
constexpr const char* kApi = "aclnnUpsampleTrilinear3d";

// 4. sizes: C, D, H, W > 0 (N >= 0), outputSize > 0, out's shape the expected one.
aclnnStatus CheckSizes(const TensorDesc& in, const TensorDesc& res, const std::vector<int64_t>& size,
                       const TrilinearGeometry& g, int64_t dims[5])
{
    AI_RETURN_IF_ERROR(CheckDimsNonNegative(kApi, "self", in));
    for (int k = 0; k < 5; ++k) dims[k] = in.shape[g.logical[k]];
    if (dims[1] <= 0 || dims[2] <= 0 || dims[3] <= 0 || dims[4] <= 0) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "self: C, D, H and W must be > 0, got shape " + ShapeString(in.shape) + " (" + g.layoutName + ")");
    }
    if (size[0] <= 0 || size[1] <= 0 || size[2] <= 0) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "outputSize: values must be > 0, got " + ShapeString(size));
    }
    const std::vector<int64_t> expected = TrilinearShape(g, dims[0], dims[1], size[0], size[1], size[2]);
    if (res.shape != expected) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "out: expected shape " + ShapeString(expected) + " (" + g.layoutName + "), got " +
                        ShapeString(res.shape));
    }
    return ACLNN_SUCCESS;
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
    AI_RETURN_IF_ERROR(CheckInputDType(kApi, "self", in.dtype, kTrilinearDTypes, platform, &dtype));
    AI_RETURN_IF_ERROR(CheckSameDType(kApi, "out", res.dtype, "self", in.dtype));
    // 3. ranks, outputSize length, formats.
    AI_RETURN_IF_ERROR(CheckRank(kApi, "self", in, 5, 5, kTrilinearLayouts));
    AI_RETURN_IF_ERROR(CheckRank(kApi, "out", res, 5, 5, kTrilinearLayouts));
    AI_RETURN_IF_ERROR(CheckOutputSizeLength(kApi, size));
    AI_RETURN_IF_ERROR(CheckFormat(kApi, "self", in.format, kTrilinearFormats, kTrilinearFormatsText));
    AI_RETURN_IF_ERROR(CheckFormat(kApi, "out", res.format, kTrilinearFormats, kTrilinearFormatsText));
    AI_RETURN_IF_ERROR(CheckSameLayout(kApi, "out", res, "self", in));
    // 4. sizes, 5. index range (CANN: int32 indices) and this library's size limits, on every SoC.
    const TrilinearGeometry g = TrilinearGeometryOf(in);
    int64_t dims[5];
    AI_RETURN_IF_ERROR(CheckSizes(in, res, size, g, dims));
    AI_RETURN_IF_ERROR(CheckShapeLimits(kApi, "self", in));
    AI_RETURN_IF_ERROR(CheckShapeLimits(kApi, "out", res));
    // Beyond CANN's list: finite scales, addressable views.
    AI_RETURN_IF_ERROR(CheckScale(kApi, "scalesD", scalesD));
    AI_RETURN_IF_ERROR(CheckScale(kApi, "scalesH", scalesH));
    AI_RETURN_IF_ERROR(CheckScale(kApi, "scalesW", scalesW));
    AI_RETURN_IF_ERROR(CheckViews(kApi, in, res));

    // N = 0 succeeds with workspace 0 and no launch (docs/aclnnUpsampleTrilinear3d.md "Decisions for this project").
    auto plan = [&](OperatorJob* job, std::string* err) {
        ai::TrilinearProblem problem;
        problem.n = dims[0];
        problem.c = dims[1];
        problem.inD = dims[2];
        problem.inH = dims[3];
        problem.inW = dims[4];
        problem.outD = size[0];
        problem.outH = size[1];
        problem.outW = size[2];
        problem.alignCorners = alignCorners;
        problem.scalesD = scalesD;  // per axis as PyTorch (<= 0: not given); the planner derives the ratios
        problem.scalesH = scalesH;
        problem.scalesW = scalesW;
        problem.dtype = dtype;
        problem.channelsLast = ChooseTrilinearLayout(in, res, g, job);
        return ai::PlanUpsampleTrilinear3d(problem, platform, &job->plan, err);
    };
    return PlanAndCreateJob(kApi, &LaunchUpsampleTrilinear3dKernel, platform, in, res, dims[0] == 0, plan, workspaceSize,
                            executor);
}

extern "C" aclnnStatus aclnnUpsampleTrilinear3d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                aclrtStream stream)
{
    return RunJobExecutor(kApi, workspace, workspaceSize, executor, stream);
}

extern "C" int64_t aiTrilinearOutputLength(int64_t inLength, double scale)
{
    return interp::TrilinearOutputLength(inLength, scale);
}
