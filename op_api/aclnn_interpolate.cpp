// aclnnInterpolate: every validation rule of docs/aclnnInterpolate.md "Inputs and validation",
// "Output shape", "The scale each axis uses" and "Identity rule", resolved into an
// ai::InterpolateProblem for the planner (op_host/interpolate_tiling.h).
#include "aclnn_interpolate.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>

#include "aclnn_util.h"
#include "interp_math.h"
#include "platform.h"

#include "interpolate_launch.h"
#include "interpolate_tiling.h"

namespace {
using ai::api::Fail;
using ai::api::ShapeString;
using ai::api::Num;
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
aclnnStatus ParseChoice(const char* param, const char* text, const Choice<E> (&choices)[N], E* out)
{
    std::string accepted;
    for (const auto& c : choices) {
        if (std::strcmp(text, c.name) == 0) {
            *out = c.value;
            return ACLNN_SUCCESS;
        }
        accepted += (accepted.empty() ? "\"" : ", \"") + std::string(c.name) + "\"";
    }
    return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                std::string(param) + ": \"" + text + "\" is not a valid value; accepted values: " + accepted);
}

bool IsPlainFormat(aclFormat f)
{
    switch (f) {
        case ACL_FORMAT_ND: case ACL_FORMAT_NCHW: case ACL_FORMAT_NHWC: case ACL_FORMAT_NCDHW:
        case ACL_FORMAT_NDHWC: case ACL_FORMAT_NCL: case ACL_FORMAT_NC: return true;
        default: return false;
    }
}
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
    using namespace ai::api;
    // 1. null pointers.
    if (workspaceSize == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "workspaceSize: must not be null");
    if (executor == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "executor: must not be null");
    if (self == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "self: must not be null");
    if (out == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "out: must not be null");
    if (mode == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "mode: must not be null");
    if (shapeCalculationMode == nullptr) {
        return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "shapeCalculationMode: must not be null");
    }

    TensorDesc in, res;
    if (ReadTensor(self, &in) != ACLNN_SUCCESS) return Fail(kApi, ACLNN_ERR_INNER_NULLPTR, "self: unreadable tensor");
    if (ReadTensor(out, &res) != ACLNN_SUCCESS) return Fail(kApi, ACLNN_ERR_INNER_NULLPTR, "out: unreadable tensor");
    ai::PlatformInfo platform;
    std::string platformWhy;
    if (!CurrentPlatform(&platform, &platformWhy)) return Fail(kApi, ACLNN_ERR_INNER_FIND_KERNEL_ERROR, platformWhy);

    // 2. dtypes.
    const char* accepted = platform.hasBf16 ? "float32, float16, bfloat16, int8, uint8, int32"
                                            : "float32, float16, int8, uint8, int32";
    ai::DType dtype;
    if (in.dtype == ACL_DOUBLE) return Fail(kApi, ACLNN_ERR_PARAM_INVALID, Float64Message("self", accepted));
    if (in.dtype == ACL_BF16 && !platform.hasBf16) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "self: bfloat16 is not supported on " + platform.socName +
                        " (no bfloat16 storage or Cast on this SoC); accepted dtypes: " + accepted);
    }
    if (!ToKernelDType(in.dtype, &dtype)) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    std::string("self: dtype ") + AclDTypeName(in.dtype) + " is not supported; accepted dtypes: " +
                        accepted);
    }
    if (res.dtype != in.dtype) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    std::string("out: dtype ") + AclDTypeName(res.dtype) + " must equal self's dtype " +
                        AclDTypeName(in.dtype));
    }

    // 3. ranks and formats.
    const int rank = static_cast<int>(in.shape.size());
    if (rank < 1 || rank > kMaxRank) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "self: rank must be 1..5, got " + std::to_string(rank));
    }
    if (static_cast<int>(res.shape.size()) != rank) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "out: rank must equal self's rank " + std::to_string(rank) + ", got " +
                        std::to_string(res.shape.size()));
    }
    if (!IsPlainFormat(in.format)) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    std::string("self: format ") + AclFormatName(in.format) +
                        " is not supported; accepted: plain formats (ND, NCL, NCHW, NHWC, NCDHW, NDHWC, NC)");
    }
    if (!IsPlainFormat(res.format)) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    std::string("out: format ") + AclFormatName(res.format) +
                        " is not supported; accepted: plain formats (ND, NCL, NCHW, NHWC, NCDHW, NDHWC, NC)");
    }

    // 4. mode strings (exactly the spec's).
    ai::InterpolateProblem problem;
    bool sizesMode = false;
    if (aclnnStatus st = ParseChoice("mode", mode, kModes, &problem.mode)) return st;
    if (aclnnStatus st = ParseChoice("shapeCalculationMode", shapeCalculationMode, kShapeModes, &sizesMode)) return st;
    if (aclnnStatus st = ParseChoice("coordinateTransformationMode",
                                     coordinateTransformationMode != nullptr ? coordinateTransformationMode
                                                                             : "half_pixel",
                                     kCoordModes, &problem.coordMode)) {
        return st;
    }
    if (aclnnStatus st = ParseChoice("nearestMode", nearestMode != nullptr ? nearestMode : "round_prefer_floor",
                                     kNearestModes, &problem.nearestMode)) {
        return st;
    }

    // 5. axes.
    std::vector<int64_t> axisList;
    if (axes == nullptr) {
        for (int d = 0; d < rank; ++d) axisList.push_back(d);
    } else if (!ReadIntArray(axes, &axisList)) {
        return Fail(kApi, ACLNN_ERR_INNER_NULLPTR, "axes: unreadable array");
    }
    bool listed[kMaxRank] = {false, false, false, false, false};
    for (int64_t a : axisList) {
        if (a < 0 || a >= rank) {
            return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                        "axes: each axis must be in [0, " + std::to_string(rank) + "), got " + ShapeString(axisList));
        }
        if (listed[a]) {
            return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                        "axes: axis " + std::to_string(a) + " is repeated in " + ShapeString(axisList));
        }
        listed[a] = true;
    }

    // 6. sizes or scales (only the one the shape mode uses is read).
    std::vector<int64_t> sizeList;
    std::vector<float> scaleList;
    if (sizesMode) {
        if (sizes == nullptr) {
            return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "sizes: must not be null when shapeCalculationMode is \"sizes\"");
        }
        if (!ReadIntArray(sizes, &sizeList)) return Fail(kApi, ACLNN_ERR_INNER_NULLPTR, "sizes: unreadable array");
        if (sizeList.size() != axisList.size()) {
            return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                        "sizes: length must equal the number of axes (" + std::to_string(axisList.size()) + "), got " +
                            std::to_string(sizeList.size()));
        }
        for (int64_t s : sizeList) {
            if (s < 1) {
                return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "sizes: each value must be >= 1, got " + ShapeString(sizeList));
            }
        }
    } else {
        if (scales == nullptr) {
            return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR,
                        "scales: must not be null when shapeCalculationMode is \"scales\"");
        }
        if (!ReadFloatArray(scales, &scaleList)) return Fail(kApi, ACLNN_ERR_INNER_NULLPTR, "scales: unreadable array");
        if (scaleList.size() != axisList.size()) {
            return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                        "scales: length must equal the number of axes (" + std::to_string(axisList.size()) +
                            "), got " + std::to_string(scaleList.size()));
        }
        for (float s : scaleList) {
            if (!std::isfinite(s) || !(s > 0.0f)) {
                return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                            "scales: each value must be finite and > 0, got " + Num(s));
            }
        }
    }

    // 7. pads: non-negative; shorter than rank zero-extended, longer: the first rank values (OV).
    int64_t pads[2][kMaxRank] = {{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}};
    const aclIntArray* padArrays[2] = {padsBegin, padsEnd};
    const char* padNames[2] = {"padsBegin", "padsEnd"};
    for (int k = 0; k < 2; ++k) {
        if (padArrays[k] == nullptr) continue;
        std::vector<int64_t> values;
        if (!ReadIntArray(padArrays[k], &values)) {
            return Fail(kApi, ACLNN_ERR_INNER_NULLPTR, std::string(padNames[k]) + ": unreadable array");
        }
        for (int64_t v : values) {
            if (v < 0) {
                return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                            std::string(padNames[k]) + ": values must be >= 0, got " + ShapeString(values));
            }
        }
        for (int d = 0; d < rank && d < static_cast<int>(values.size()); ++d) pads[k][d] = values[d];
    }

    // 8. cube_coeff.
    if (!std::isfinite(cubeCoeff) || std::fabs(cubeCoeff) > FLT_MAX) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "cubeCoeff: must be finite (in float32 range), got " + Num(cubeCoeff));
    }

    // 9. output shape.
    for (int64_t d : in.shape) {
        if (d < 0) return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "self: dimensions must be >= 0, got " + ShapeString(in.shape));
    }
    std::vector<int64_t> expected(rank);
    for (int d = 0; d < rank; ++d) expected[d] = in.shape[d] + pads[0][d] + pads[1][d];
    for (size_t i = 0; i < axisList.size(); ++i) {
        const int a = static_cast<int>(axisList[i]);
        const int64_t padded = expected[a];
        if (in.shape[a] == 0) {
            return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                        "self: dimension " + std::to_string(a) + " has length 0 but is listed in axes (an "
                        "interpolated axis needs input)");
        }
        if (sizesMode) {
            expected[a] = sizeList[i];
            problem.scale[a] = interp::SizesModeScale(sizeList[i], padded);
        } else {
            expected[a] = interp::ScalesModeOutputLength(padded, scaleList[i]);
            problem.scale[a] = scaleList[i];
            if (expected[a] < 1) {
                return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                            "scales: axis " + std::to_string(a) + " of padded length " + std::to_string(padded) +
                                " with scale " + Num(scaleList[i]) + " gives an output length of " +
                                std::to_string(expected[a]) + " (must be >= 1)");
            }
        }
    }
    for (int d = 0; d < rank; ++d) {
        if (!listed[d] && in.shape[d] == 0 && expected[d] != 0) {
            return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                        "padsBegin/padsEnd: dimension " + std::to_string(d) +
                            " of self is empty; padding an empty dimension is not supported");
        }
    }
    if (res.shape != expected) {
        return Fail(kApi, ACLNN_ERR_PARAM_INVALID,
                    "out: expected shape " + ShapeString(expected) + ", got " + ShapeString(res.shape));
    }

    // 10. views.
    std::string why;
    if (!ViewFitsStorage(in, &why)) return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "self: " + why);
    if (!ViewFitsStorage(res, &why)) return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "out: " + why);
    if (!ViewIsWritable(res, &why)) return Fail(kApi, ACLNN_ERR_PARAM_INVALID, "out: " + why);

    auto job = std::make_unique<OperatorJob>();
    job->api = kApi;
    job->launcher = &LaunchInterpolateKernel;
    job->platform = platform;
    job->elemBytes = static_cast<uint32_t>(aclDataTypeSize(in.dtype));
    if (res.Numel() == 0) {  // empty output: success, workspace 0, no launch
        job->empty = true;
        return CreateJobExecutor(std::move(job), workspaceSize, executor);
    }
    if (in.data == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "self: data address must not be null");
    if (res.data == nullptr) return Fail(kApi, ACLNN_ERR_PARAM_NULLPTR, "out: data address must not be null");

    // 11. the resolved problem.
    problem.rank = rank;
    for (int d = 0; d < rank; ++d) {
        problem.inShape[d] = in.shape[d];
        problem.padsBegin[d] = pads[0][d];
        problem.padsEnd[d] = pads[1][d];
        problem.outShape[d] = expected[d];
        problem.inAxes[d] = listed[d];
        if (!listed[d]) problem.scale[d] = 1.0f;
        const int64_t padded = in.shape[d] + pads[0][d] + pads[1][d];
        problem.resized[d] = listed[d] && !interp::IsIdentityAxis(expected[d], padded, problem.scale[d]);
    }
    problem.antialias = antialias;
    problem.cubeCoeff = static_cast<float>(cubeCoeff);
    problem.dtype = dtype;

    std::vector<int> perm(rank);
    for (int d = 0; d < rank; ++d) perm[d] = d;
    DescribeOperand(in, perm, &job->input);
    DescribeOperand(res, perm, &job->output);

    std::string err;
    if (!ai::PlanInterpolate(problem, platform, &job->plan, &err)) {
        return Fail(kApi, ACLNN_ERR_INNER_TILING_ERROR, "tiling failed: " + err);
    }
    if (!FinaliseJob(job.get(), &err)) return Fail(kApi, ACLNN_ERR_INNER_TILING_ERROR, "tiling failed: " + err);
    return CreateJobExecutor(std::move(job), workspaceSize, executor);
}

extern "C" aclnnStatus aclnnInterpolate(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream)
{
    return ai::api::RunJobExecutor(kApi, workspace, workspaceSize, executor, stream);
}
