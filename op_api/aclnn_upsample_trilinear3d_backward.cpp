// aclnnUpsampleTrilinear3dBackward: parameter checks in CANN's order and with CANN's codes
// (docs/aclnnUpsampleTrilinear3dBackward.md "Checks and status codes"), then the forward's decisions
// (docs/aclnnUpsampleTrilinear3d.md "Decisions for this project"), tiling and the executor.
#include "aclnn_upsample_trilinear3d_backward.h"

#include <string>
#include <vector>

#include "aclnn_check.h"
#include "aclnn_job.h"
#include "trilinear_args.h"
#include "upsample_trilinear3d_backward_launch.h"
#include "upsample_trilinear3d_backward_tiling.h"

namespace {
using namespace ai::api;
constexpr const char* kApi = "aclnnUpsampleTrilinear3dBackward";

aclnnStatus CheckInputSizeLength(const std::vector<int64_t>& size)
{
    if (size.size() == 5) return ACLNN_SUCCESS;
    return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                "inputSize: expected 5 values (N, C, D, H, W), got " + std::to_string(size.size()));
}

// 4. sizes: inputSize N >= 0, C, D, H, W > 0; outputSize > 0; gradOut and gradInput the shapes they
// give, in gradOut's format order.
aclnnStatus CheckSizes(const TensorDesc& gradOut, const TensorDesc& gradIn, const std::vector<int64_t>& outSize,
                       const std::vector<int64_t>& inSize, const TrilinearGeometry& g)
{
    if (inSize[0] < 0 || inSize[1] <= 0 || inSize[2] <= 0 || inSize[3] <= 0 || inSize[4] <= 0) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "inputSize: N must be >= 0 and C, D, H, W > 0, got " + ShapeString(inSize));
    }
    if (outSize[0] <= 0 || outSize[1] <= 0 || outSize[2] <= 0) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "outputSize: values must be > 0, got " + ShapeString(outSize));
    }
    const std::vector<int64_t> outShape = TrilinearShape(g, inSize[0], inSize[1], outSize[0], outSize[1], outSize[2]);
    if (gradOut.shape != outShape) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "gradOut: expected the forward output's shape " + ShapeString(outShape) + " (" + g.layoutName +
                        "), got " + ShapeString(gradOut.shape));
    }
    const std::vector<int64_t> inShape = TrilinearShape(g, inSize[0], inSize[1], inSize[2], inSize[3], inSize[4]);
    if (gradIn.shape != inShape) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "gradInput: expected inputSize's shape " + ShapeString(inShape) + " (" + g.layoutName + "), got " +
                        ShapeString(gradIn.shape));
    }
    return ACLNN_SUCCESS;
}
}  // namespace

extern "C" aclnnStatus aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(
    const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize, bool alignCorners,
    double scalesD, double scalesH, double scalesW, aclTensor* gradInput, uint64_t* workspaceSize,
    aclOpExecutor** executor)
{
    // 0. out-parameters, 1. required inputs.
    AI_RETURN_IF_ERROR(CheckOutParams(kApi, workspaceSize, executor));
    AI_RETURN_IF_ERROR(CheckNotNull(kApi, "gradOut", gradOut));
    AI_RETURN_IF_ERROR(CheckNotNull(kApi, "outputSize", outputSize));
    AI_RETURN_IF_ERROR(CheckNotNull(kApi, "inputSize", inputSize));
    AI_RETURN_IF_ERROR(CheckNotNull(kApi, "gradInput", gradInput));
    TensorDesc go, gi;
    std::vector<int64_t> outSize, inSize;
    ai::PlatformInfo platform;
    AI_RETURN_IF_ERROR(ReadTensorArg(kApi, "gradOut", gradOut, &go));
    AI_RETURN_IF_ERROR(ReadTensorArg(kApi, "gradInput", gradInput, &gi));
    AI_RETURN_IF_ERROR(ReadIntArrayArg(kApi, "outputSize", outputSize, &outSize));
    AI_RETURN_IF_ERROR(ReadIntArrayArg(kApi, "inputSize", inputSize, &inSize));
    AI_RETURN_IF_ERROR(ReadPlatform(kApi, &platform));
    const TensorPair tensors{"gradOut", go, "gradInput", gi};
    // 2. dtypes, 3. ranks, outputSize / inputSize lengths, formats.
    ai::DType dtype;
    AI_RETURN_IF_ERROR(CheckTrilinearDTypes(kApi, tensors, platform, &dtype));
    AI_RETURN_IF_ERROR(CheckTrilinearRanks(kApi, tensors));
    AI_RETURN_IF_ERROR(CheckOutputSizeLength(kApi, outSize));
    AI_RETURN_IF_ERROR(CheckInputSizeLength(inSize));
    AI_RETURN_IF_ERROR(CheckTrilinearFormats(kApi, tensors));
    // 4. sizes, 5. index range and this library's size limits; beyond CANN's list: finite scales,
    // addressable views.
    const TrilinearGeometry g = TrilinearGeometryOf(go);
    AI_RETURN_IF_ERROR(CheckSizes(go, gi, outSize, inSize, g));
    AI_RETURN_IF_ERROR(CheckTrilinearLimitsScalesViews(kApi, tensors, scalesD, scalesH, scalesW));

    auto plan = [&](OperatorJob* job, std::string* err) {
        ai::TrilinearProblem problem;  // the forward's problem: its input is gradInput's shape
        problem.n = inSize[0];
        problem.c = inSize[1];
        problem.inD = inSize[2];
        problem.inH = inSize[3];
        problem.inW = inSize[4];
        problem.outD = outSize[0];
        problem.outH = outSize[1];
        problem.outW = outSize[2];
        problem.alignCorners = alignCorners;
        problem.scalesD = scalesD;
        problem.scalesH = scalesH;
        problem.scalesW = scalesW;
        problem.dtype = dtype;
        problem.channelsLast = ChooseTrilinearLayout(go, gi, g, job);
        return ai::PlanUpsampleTrilinear3dBackward(problem, platform, &job->plan, err);
    };
    return PlanAndCreateJob(kApi, &LaunchUpsampleTrilinear3dBackwardKernel, platform, tensors, inSize[0] == 0, plan,
                            workspaceSize, executor);
}

extern "C" aclnnStatus aclnnUpsampleTrilinear3dBackward(void* workspace, uint64_t workspaceSize,
                                                        aclOpExecutor* executor, aclrtStream stream)
{
    return RunJobExecutor(kApi, workspace, workspaceSize, executor, stream);
}
