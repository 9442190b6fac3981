// aclnnInterpolate: every validation rule of OpenVINO Interpolate-4 as this project reads it
// (docs/aclnnInterpolate.md "Inputs and validation", "Output shape", "The scale each axis uses" and
// "Identity rule"), resolved into an ai::InterpolateProblem for the planner (op_host/interpolate_tiling.h).
#include "aclnn_interpolate.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "aclnn_check.h"
#include "aclnn_job.h"
#include "interp_math.h"
#include "interpolate_launch.h"
#include "interpolate_tiling.h"

namespace {
using namespace ai::api;
constexpr const char* kApi = "aclnnInterpolate";
constexpr int kMaxRank = 5;

template <typename E>
struct Choice {
    const char* name;
    E value;
};

const Choice<interp::InterpMode> kModes[] = {{"nearest", interp::InterpMode::NEAREST},
                                             {"linear", interp::InterpMode::LINEAR},
                                             {"linear_onnx", interp::InterpMode::LINEAR_ONNX},
                                             {"cubic", interp::InterpMode::CUBIC}};
const Choice<bool> kShapeModes[] = {{"sizes", true}, {"scales", false}};
const Choice<interp::CoordMode> kCoordModes[] = {{"half_pixel", interp::CoordMode::HALF_PIXEL},
                                                 {"pytorch_half_pixel", interp::CoordMode::PYTORCH_HALF_PIXEL},
                                                 {"asymmetric", interp::CoordMode::ASYMMETRIC},
                                                 {"tf_half_pixel_for_nn", interp::CoordMode::TF_HALF_PIXEL_FOR_NN},
                                                 {"align_corners", interp::CoordMode::ALIGN_CORNERS}};
const Choice<interp::NearestMode> kNearestModes[] = {{"round_prefer_floor", interp::NearestMode::ROUND_PREFER_FLOOR},
                                                     {"round_prefer_ceil", interp::NearestMode::ROUND_PREFER_CEIL},
                                                     {"floor", interp::NearestMode::FLOOR},
                                                     {"ceil", interp::NearestMode::CEIL},
                                                     {"simple", interp::NearestMode::SIMPLE}};

// Exact (case-sensitive) match against the spec's strings; a miss names every accepted value.
template <typename E, size_t N>
aclnnStatus ParseChoice(const char* api, const char* param, const char* text, const Choice<E> (&choices)[N], E* out)
{
    std::string accepted;
    for (const auto& c : choices) {
        if (std::strcmp(text, c.name) == 0) {
            *out = c.value;
            return ACLNN_SUCCESS;
        }
        accepted += (accepted.empty() ? "\"" : ", \"") + std::string(c.name) + "\"";
    }
    return Fail(api, ACLNN_ERR_PARAM_INVALID,
                std::string(param) + ": \"" + text + "\" is not a valid value; accepted values: " + accepted);
}

const std::vector<aclDataType> kDTypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT32};
const std::vector<aclFormat> kFormats = {ACL_FORMAT_ND,    ACL_FORMAT_NCHW,  ACL_FORMAT_NHWC, ACL_FORMAT_NCDHW,
                                         ACL_FORMAT_NDHWC, ACL_FORMAT_NCL,   ACL_FORMAT_NC};
constexpr const char* kFormatsText = "accepted: plain formats (ND, NCL, NCHW, NHWC, NCDHW, NDHWC, NC)";

// The call's attributes once read and checked (steps 4 to 9).
struct Attributes {
    bool sizesMode = false;
    std::vector<int64_t> axes;
    bool listed[kMaxRank] = {false, false, false, false, false};
    std::vector<int64_t> sizes;
    std::vector<float> scales;
    int64_t pads[2][kMaxRank] = {{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}};
    std::vector<int64_t> outShape;  // the resolved output shape
};

// 4. mode strings (exactly the spec's; NULL coordinate / nearest modes take their defaults).
aclnnStatus ParseModes(const char* api, const char* mode, const char* shapeMode, const char* coordMode, const char* nearestMode,
                       ai::InterpolateProblem* problem, Attributes* a)
{
    AI_RETURN_IF_ERROR(ParseChoice(api, "mode", mode, kModes, &problem->mode));
    AI_RETURN_IF_ERROR(ParseChoice(api, "shapeCalculationMode", shapeMode, kShapeModes, &a->sizesMode));
    AI_RETURN_IF_ERROR(ParseChoice(api, "coordinateTransformationMode", coordMode != nullptr ? coordMode : "half_pixel",
                                   kCoordModes, &problem->coordMode));
    return ParseChoice(api, "nearestMode", nearestMode != nullptr ? nearestMode : "round_prefer_floor", kNearestModes,
                       &problem->nearestMode);
}

// 5. axes: NULL = every dimension; each in [0, rank), no repeats.
aclnnStatus ReadAxes(const char* api, const aclIntArray* axes, int rank, Attributes* a)
{
    if (axes == nullptr) {
        for (int d = 0; d < rank; ++d) a->axes.push_back(d);
    } else {
        AI_RETURN_IF_ERROR(ReadIntArrayArg(api, "axes", axes, &a->axes));
    }
    for (int64_t axis : a->axes) {
        if (axis < 0 || axis >= rank) {
            return Fail(api, ACLNN_ERR_PARAM_INVALID,
                        "axes: each axis must be in [0, " + std::to_string(rank) + "), got " + ShapeString(a->axes));
        }
        if (a->listed[axis]) {
            return Fail(api, ACLNN_ERR_PARAM_INVALID,
                        "axes: axis " + std::to_string(axis) + " is repeated in " + ShapeString(a->axes));
        }
        a->listed[axis] = true;
    }
    return ACLNN_SUCCESS;
}

// 6. sizes or scales: only the one the shape mode uses is read.  The array of `param` must be given
// in that mode and hold one value per axis.
template <typename Array, typename T>
aclnnStatus ReadPerAxis(const char* api, const char* param, const Array* array,
                        aclnnStatus (*read)(const char*, const char*, const Array*, std::vector<T>*),
                        const Attributes& a, std::vector<T>* values)
{
    if (array == nullptr) {
        return Fail(api, ACLNN_ERR_PARAM_NULLPTR,
                    std::string(param) + ": must not be null when shapeCalculationMode is \"" + param + "\"");
    }
    AI_RETURN_IF_ERROR(read(api, param, array, values));
    if (values->size() == a.axes.size()) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_PARAM_INVALID,
                std::string(param) + ": length must equal the number of axes (" + std::to_string(a.axes.size()) +
                    "), got " + std::to_string(values->size()));
}

aclnnStatus ReadSizesOrScales(const char* api, const aclIntArray* sizes, const aclFloatArray* scales, Attributes* a)
{
    if (a->sizesMode) {
        AI_RETURN_IF_ERROR(ReadPerAxis(api, "sizes", sizes, &ReadIntArrayArg, *a, &a->sizes));
        for (int64_t s : a->sizes) {
            if (s < 1) {
                return Fail(api, ACLNN_ERR_PARAM_INVALID,
                            "sizes: each value must be >= 1, got " + ShapeString(a->sizes));
            }
        }
        return CheckValuesWithinLimit(api, "sizes", a->sizes);
    }
    AI_RETURN_IF_ERROR(ReadPerAxis(api, "scales", scales, &ReadFloatArrayArg, *a, &a->scales));
    for (float s : a->scales) {
        if (!std::isfinite(s) || !(s > 0.0f)) {
            return Fail(api, ACLNN_ERR_PARAM_INVALID, "scales: each value must be finite and > 0, got " + Num(s));
        }
    }
    return ACLNN_SUCCESS;
}

// 7. pads: non-negative; shorter than rank zero-extended, longer: the first rank values (OV).
aclnnStatus ReadPads(const char* api, const aclIntArray* padsBegin, const aclIntArray* padsEnd, int rank, Attributes* a)
{
    const aclIntArray* arrays[2] = {padsBegin, padsEnd};
    const char* names[2] = {"padsBegin", "padsEnd"};
    for (int k = 0; k < 2; ++k) {
        if (arrays[k] == nullptr) continue;
        std::vector<int64_t> values;
        AI_RETURN_IF_ERROR(ReadIntArrayArg(api, names[k], arrays[k], &values));
        for (int64_t v : values) {
            if (v < 0) {
                return Fail(api, ACLNN_ERR_PARAM_INVALID,
                            std::string(names[k]) + ": values must be >= 0, got " + ShapeString(values));
            }
        }
        AI_RETURN_IF_ERROR(CheckValuesWithinLimit(api, names[k], values));
        for (int d = 0; d < rank && d < static_cast<int>(values.size()); ++d) a->pads[k][d] = values[d];
    }
    return ACLNN_SUCCESS;
}

// 8. cube_coeff.
aclnnStatus CheckCubeCoeff(const char* api, double cubeCoeff)
{
    if (std::isfinite(cubeCoeff) && std::fabs(cubeCoeff) <= FLT_MAX) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_PARAM_INVALID, "cubeCoeff: must be finite (in float32 range), got " + Num(cubeCoeff));
}

// 9. output shape (docs/aclnnInterpolate.md "Output shape"), and each axis's scale into `problem`.
// The output shape of an input `in` (named inName in messages) into a->outShape, and each axis's
// scale into `problem`.
aclnnStatus ComputeOutputShape(const char* api, const char* inName, const TensorDesc& in, Attributes* a,
                               ai::InterpolateProblem* problem)
{
    AI_RETURN_IF_ERROR(CheckDimsNonNegative(api, inName, in));
    AI_RETURN_IF_ERROR(CheckShapeLimits(api, inName, in));
    const int rank = static_cast<int>(in.shape.size());
    std::vector<int64_t>& expected = a->outShape;
    expected.resize(rank);
    for (int d = 0; d < rank; ++d) {
        expected[d] = in.shape[d] + a->pads[0][d] + a->pads[1][d];  // each term <= INT32_MAX: no overflow
        if (expected[d] > kMaxDimension) {
            return Fail(api, ACLNN_ERR_PARAM_INVALID,
                        "padsBegin/padsEnd: dimension " + std::to_string(d) + " of self padded to length " +
                            std::to_string(expected[d]) + " exceeds INT32_MAX (" + std::to_string(kMaxDimension) +
                            "), the largest dimension this operator accepts");
        }
    }
    for (size_t i = 0; i < a->axes.size(); ++i) {
        const int axis = static_cast<int>(a->axes[i]);
        const int64_t padded = expected[axis];
        if (in.shape[axis] == 0) {
            return Fail(api, ACLNN_ERR_PARAM_INVALID,
                        std::string(inName) + ": dimension " + std::to_string(axis) + " has length 0 but is listed in axes (an "
                        "interpolated axis needs input)");
        }
        if (a->sizesMode) {
            expected[axis] = a->sizes[i];
            problem->scale[axis] = interp::SizesModeScale(a->sizes[i], padded);
        } else {
            // The length interp::ScalesModeOutputLength computes, int64(float(padded) * (scale + 1e-6f)),
            // bounded first: the conversion of a float beyond int64 is undefined.
            if (!(static_cast<float>(padded) * (a->scales[i] + 1.0e-6f) < static_cast<float>(kMaxDimension + 1))) {
                return Fail(api, ACLNN_ERR_PARAM_INVALID,
                            "scales: axis " + std::to_string(axis) + " of padded length " + std::to_string(padded) +
                                " with scale " + Num(a->scales[i]) + " gives an output length beyond INT32_MAX (" +
                                std::to_string(kMaxDimension) + "), the largest dimension this operator accepts");
            }
            expected[axis] = interp::ScalesModeOutputLength(padded, a->scales[i]);
            problem->scale[axis] = a->scales[i];
            if (expected[axis] < 1) {
                return Fail(api, ACLNN_ERR_PARAM_INVALID,
                            "scales: axis " + std::to_string(axis) + " of padded length " + std::to_string(padded) +
                                " with scale " + Num(a->scales[i]) + " gives an output length of " +
                                std::to_string(expected[axis]) + " (must be >= 1)");
            }
        }
    }
    for (int d = 0; d < rank; ++d) {
        if (!a->listed[d] && in.shape[d] == 0 && expected[d] != 0) {
            return Fail(api, ACLNN_ERR_PARAM_INVALID,
                        "padsBegin/padsEnd: dimension " + std::to_string(d) +
                            " of self is empty; padding an empty dimension is not supported");
        }
    }
    return ACLNN_SUCCESS;
}

// `in` is the forward's input (self; the backward's gradInput), `res` the forward's output (out; the
// backward's gradOutput): res must have the shape ComputeOutputShape gives.
aclnnStatus ResolveOutputShape(const char* api, const char* inName, const TensorDesc& in, const char* resName,
                               const TensorDesc& res, Attributes* a, ai::InterpolateProblem* problem)
{
    AI_RETURN_IF_ERROR(ComputeOutputShape(api, inName, in, a, problem));
    if (res.shape != a->outShape) {
        return Fail(api, ACLNN_ERR_PARAM_INVALID,
                    std::string(resName) + ": expected shape " + ShapeString(a->outShape) + ", got " +
                        ShapeString(res.shape));
    }
    return CheckShapeLimits(api, resName, res);
}

// 11. the resolved problem for the planner (op_host/interpolate_tiling.h).
void FillProblem(const TensorDesc& in, const Attributes& a, ai::InterpolateProblem* problem)
{
    const int rank = static_cast<int>(in.shape.size());
    problem->rank = rank;
    for (int d = 0; d < rank; ++d) {
        problem->inShape[d] = in.shape[d];
        problem->padsBegin[d] = a.pads[0][d];
        problem->padsEnd[d] = a.pads[1][d];
        problem->outShape[d] = a.outShape[d];
        problem->inAxes[d] = a.listed[d];
        if (!a.listed[d]) problem->scale[d] = 1.0f;
        const int64_t padded = in.shape[d] + a.pads[0][d] + a.pads[1][d];
        problem->resized[d] = a.listed[d] && !interp::IsIdentityAxis(a.outShape[d], padded, problem->scale[d]);
    }
}

// `p` as the kernel sees it when it iterates the tensors in `order` (order[i] = the dimension at
// kernel position i): every per-dimension field moved with its dimension.  Interpolate-4 is
// separable per axis, so the permuted problem computes the same values (up to the float32 rounding
// of passes the planner may group or order otherwise).
ai::InterpolateProblem PermuteProblem(const ai::InterpolateProblem& p, const std::vector<int>& order)
{
    ai::InterpolateProblem q = p;
    for (int i = 0; i < p.rank; ++i) {
        const int d = order[i];
        q.inShape[i] = p.inShape[d];
        q.padsBegin[i] = p.padsBegin[d];
        q.padsEnd[i] = p.padsEnd[d];
        q.outShape[i] = p.outShape[d];
        q.scale[i] = p.scale[d];
        q.resized[i] = p.resized[d];
        q.inAxes[i] = p.inAxes[d];
    }
    return q;
}

// The kernel orders a call may run in, the view's own first (it wins ties): the forward also in
// x's and y's stride orders, so permuted-dense views (channels_last) run without view_copy.  The
// backward keeps its tensors' order: its planner orders the separable sums by dimension position
// (docs/aclnnInterpolateBackward.md "Summation order and determinism"), and a permutation could
// change the bits.
DimOrders KernelOrderCandidates(bool backward, const TensorDesc& x, const TensorDesc& y)
{
    DimOrders orders = {IdentityOrder(static_cast<int>(x.shape.size()))};
    if (!backward) {
        orders.push_back(StrideOrder(x));
        orders.push_back(StrideOrder(y));
    }
    return orders;
}

// The attributes of one call, as the C API passes them.
struct CallAttributes {
    const aclIntArray* sizes;
    const aclFloatArray* scales;
    const aclIntArray* axes;
    const char* mode;
    const char* shapeCalculationMode;
    const char* coordinateTransformationMode;
    const char* nearestMode;
    bool antialias;
    const aclIntArray* padsBegin;
    const aclIntArray* padsEnd;
    double cubeCoeff;
};

// The two directions of one call: the forward reads self (the forward input) and writes out; the
// backward reads gradOutput (the forward output's shape) and writes gradInput (the forward input's).
struct Direction {
    const char* api;
    const char* xName;  // the tensor the kernel reads
    const char* yName;  // the tensor the kernel writes
    bool backward;
    const std::vector<aclDataType>* dtypes;
};

const std::vector<aclDataType> kGradDTypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

aclnnStatus InterpolateWorkspaceSize(const Direction& dir, const aclTensor* x, const CallAttributes& c, aclTensor* y,
                                     uint64_t* workspaceSize, aclOpExecutor** executor)
{
    const char* api = dir.api;
    // 1. null pointers.
    AI_RETURN_IF_ERROR(CheckOutParams(api, workspaceSize, executor));
    AI_RETURN_IF_ERROR(CheckNotNull(api, dir.xName, x));
    AI_RETURN_IF_ERROR(CheckNotNull(api, dir.yName, y));
    AI_RETURN_IF_ERROR(CheckNotNull(api, "mode", c.mode));
    AI_RETURN_IF_ERROR(CheckNotNull(api, "shapeCalculationMode", c.shapeCalculationMode));
    TensorDesc xd, yd;
    ai::PlatformInfo platform;
    AI_RETURN_IF_ERROR(ReadTensorArg(api, dir.xName, x, &xd));
    AI_RETURN_IF_ERROR(ReadTensorArg(api, dir.yName, y, &yd));
    AI_RETURN_IF_ERROR(ReadPlatform(api, &platform));
    // 2. dtypes.
    ai::InterpolateProblem problem;
    AI_RETURN_IF_ERROR(CheckInputDType(api, dir.xName, xd.dtype, *dir.dtypes, platform, &problem.dtype));
    AI_RETURN_IF_ERROR(CheckSameDType(api, dir.yName, yd.dtype, dir.xName, xd.dtype));
    // 3. ranks and formats.
    AI_RETURN_IF_ERROR(CheckRank(api, dir.xName, xd, 1, kMaxRank, nullptr));
    AI_RETURN_IF_ERROR(CheckSameRank(api, dir.yName, yd, dir.xName, xd));
    AI_RETURN_IF_ERROR(CheckFormat(api, dir.xName, xd.format, kFormats, kFormatsText));
    AI_RETURN_IF_ERROR(CheckFormat(api, dir.yName, yd.format, kFormats, kFormatsText));
    // 4. mode strings, 5. axes, 6. sizes or scales, 7. pads, 8. cube_coeff, 9. output shape (of the
    // forward, whose input is gradInput in the backward).
    const TensorDesc& fwdIn = dir.backward ? yd : xd;
    const TensorDesc& fwdOut = dir.backward ? xd : yd;
    const int rank = static_cast<int>(xd.shape.size());
    Attributes a;
    AI_RETURN_IF_ERROR(ParseModes(api, c.mode, c.shapeCalculationMode, c.coordinateTransformationMode, c.nearestMode,
                                  &problem, &a));
    AI_RETURN_IF_ERROR(ReadAxes(api, c.axes, rank, &a));
    AI_RETURN_IF_ERROR(ReadSizesOrScales(api, c.sizes, c.scales, &a));
    AI_RETURN_IF_ERROR(ReadPads(api, c.padsBegin, c.padsEnd, rank, &a));
    AI_RETURN_IF_ERROR(CheckCubeCoeff(api, c.cubeCoeff));
    AI_RETURN_IF_ERROR(ResolveOutputShape(api, dir.backward ? dir.yName : dir.xName, fwdIn,
                                          dir.backward ? dir.xName : dir.yName, fwdOut, &a, &problem));
    // 10. views.
    const TensorPair tensors{dir.xName, xd, dir.yName, yd};
    AI_RETURN_IF_ERROR(CheckViews(api, tensors));

    // An empty result succeeds with workspace 0 and no launch.
    auto plan = [&](OperatorJob* job, std::string* err) {
        FillProblem(fwdIn, a, &problem);
        problem.antialias = c.antialias;
        problem.cubeCoeff = static_cast<float>(c.cubeCoeff);
        const DimOrders orders = KernelOrderCandidates(dir.backward, xd, yd);
        const ai::InterpolateProblem kernelProblem =
            PermuteProblem(problem, orders[ChooseLeastStagedOrder(xd, yd, orders, job)]);
        return dir.backward ? ai::PlanInterpolateBackward(kernelProblem, platform, &job->plan, err)
                            : ai::PlanInterpolate(kernelProblem, platform, &job->plan, err);
    };
    return PlanAndCreateJob(api, &LaunchInterpolateKernel, platform, tensors, yd.Numel() == 0, plan, workspaceSize,
                            executor);
}

constexpr const char* kBackwardApi = "aclnnInterpolateBackward";
}  // namespace

extern "C" aclnnStatus aclnnInterpolateGetWorkspaceSize(const aclTensor* self, const aclIntArray* sizes,
                                                        const aclFloatArray* scales, const aclIntArray* axes,
                                                        const char* mode, const char* shapeCalculationMode,
                                                        const char* coordinateTransformationMode,
                                                        const char* nearestMode, bool antialias,
                                                        const aclIntArray* padsBegin, const aclIntArray* padsEnd,
                                                        double cubeCoeff, aclTensor* out, uint64_t* workspaceSize,
                                                        aclOpExecutor** executor)
{
    const CallAttributes c{sizes,       scales,    axes,      mode,    shapeCalculationMode, coordinateTransformationMode,
                           nearestMode, antialias, padsBegin, padsEnd, cubeCoeff};
    return InterpolateWorkspaceSize(Direction{kApi, "self", "out", false, &kDTypes}, self, c, out, workspaceSize,
                                    executor);
}

extern "C" aclnnStatus aclnnInterpolate(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream)
{
    return RunJobExecutor(kApi, workspace, workspaceSize, executor, stream);
}

extern "C" aclnnStatus aclnnInterpolateBackwardGetWorkspaceSize(
    const aclTensor* gradOutput, const aclIntArray* sizes, const aclFloatArray* scales, const aclIntArray* axes,
    const char* mode, const char* shapeCalculationMode, const char* coordinateTransformationMode,
    const char* nearestMode, bool antialias, const aclIntArray* padsBegin, const aclIntArray* padsEnd,
    double cubeCoeff, aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    const CallAttributes c{sizes,       scales,    axes,      mode,    shapeCalculationMode, coordinateTransformationMode,
                           nearestMode, antialias, padsBegin, padsEnd, cubeCoeff};
    return InterpolateWorkspaceSize(Direction{kBackwardApi, "gradOutput", "gradInput", true, &kGradDTypes},
                                    gradOutput, c, gradInput, workspaceSize, executor);
}

extern "C" aclnnStatus aclnnInterpolateBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                aclrtStream stream)
{
    return RunJobExecutor(kBackwardApi, workspace, workspaceSize, executor, stream);
}

extern "C" aclnnStatus aiInterpolateOutputShape(const int64_t* selfShape, uint64_t rank, const aclIntArray* sizes,
                                                const aclFloatArray* scales, const aclIntArray* axes,
                                                const char* shapeCalculationMode, const aclIntArray* padsBegin,
                                                const aclIntArray* padsEnd, int64_t* outShape)
{
    // Its own pointers are its own; a broken rule is reported as aclnnInterpolate reports it.
    constexpr const char* own = "aiInterpolateOutputShape";
    AI_RETURN_IF_ERROR(CheckNotNull(own, "selfShape", selfShape));
    AI_RETURN_IF_ERROR(CheckNotNull(own, "outShape", outShape));
    constexpr const char* api = kApi;
    AI_RETURN_IF_ERROR(CheckNotNull(api, "shapeCalculationMode", shapeCalculationMode));
    if (rank < 1 || rank > static_cast<uint64_t>(kMaxRank)) {
        return Fail(api, ACLNN_ERR_PARAM_INVALID, "self: rank must be 1..5, got " + std::to_string(rank));
    }
    TensorDesc in;
    in.shape.assign(selfShape, selfShape + rank);
    Attributes a;
    ai::InterpolateProblem problem;
    AI_RETURN_IF_ERROR(ParseChoice(api, "shapeCalculationMode", shapeCalculationMode, kShapeModes, &a.sizesMode));
    AI_RETURN_IF_ERROR(ReadAxes(api, axes, static_cast<int>(rank), &a));
    AI_RETURN_IF_ERROR(ReadSizesOrScales(api, sizes, scales, &a));
    AI_RETURN_IF_ERROR(ReadPads(api, padsBegin, padsEnd, static_cast<int>(rank), &a));
    AI_RETURN_IF_ERROR(ComputeOutputShape(api, "self", in, &a, &problem));
    for (uint64_t d = 0; d < rank; ++d) outShape[d] = a.outShape[d];
    return ACLNN_SUCCESS;
}

extern "C" int64_t aiScalesModeOutputLength(int64_t paddedLength, float scale)
{
    return interp::ScalesModeOutputLength(paddedLength, scale);
}
