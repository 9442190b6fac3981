// aclnnInterpolate: OpenVINO Interpolate-4 (every mode and attribute) as a two-phase aclnn API.
// See docs/aclnnInterpolate.md.
#ifndef ASCEND_INTERPOLATE_ACLNN_INTERPOLATE_H
#define ASCEND_INTERPOLATE_ACLNN_INTERPOLATE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

// Phase 1: checks, output-shape resolution, tiling, executor.
//   self       rank 1..5; float32, float16, bfloat16, int8, uint8, int32; any strides / offset.
//   sizes      output lengths of the `axes` (used when shapeCalculationMode == "sizes"; may be NULL otherwise).
//   scales     multipliers of the `axes` (used when shapeCalculationMode == "scales"; may be NULL otherwise).
//   axes       dimensions to interpolate, each in [0, rank), no repeats; NULL = all dimensions.
//   mode       "nearest" | "linear" | "linear_onnx" | "cubic".
//   shapeCalculationMode         "sizes" | "scales".
//   coordinateTransformationMode "half_pixel" (NULL) | "pytorch_half_pixel" | "asymmetric" |
//                                "tf_half_pixel_for_nn" | "align_corners".
//   nearestMode  "round_prefer_floor" (NULL) | "round_prefer_ceil" | "floor" | "ceil" | "simple".
//   antialias  honoured by "linear" when downsampling.
//   padsBegin, padsEnd  non-negative zero padding per dimension; NULL = zeros; shorter = zero-extended,
//              longer = the first rank values are used.
//   cubeCoeff  the cubic kernel's a (finite), -0.75 by convention.
//   out        same dtype as self, the resolved output shape.
aclnnStatus aclnnInterpolateGetWorkspaceSize(const aclTensor* self, const aclIntArray* sizes,
                                             const aclFloatArray* scales, const aclIntArray* axes, const char* mode,
                                             const char* shapeCalculationMode,
                                             const char* coordinateTransformationMode, const char* nearestMode,
                                             bool antialias, const aclIntArray* padsBegin, const aclIntArray* padsEnd,
                                             double cubeCoeff, aclTensor* out, uint64_t* workspaceSize,
                                             aclOpExecutor** executor);

// Phase 2: runs the executor once on `stream` with a workspace of at least `workspaceSize` bytes.
aclnnStatus aclnnInterpolate(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

// The gradient of aclnnInterpolate with respect to self (every mode): the forward's attributes, with
//   gradOutput  the forward output's gradient (float32 / float16 / bfloat16; the forward output's shape),
//   gradInput   the result: same dtype and rank, the forward input's shape (it also tells the operator
//               that shape: the forward's output shape is resolved from it and must be gradOutput's).
// The transpose of the forward's separable tap tables, accumulated in float32 and rounded once;
// deterministic (the same bits on every SoC, core count and run).  See docs/aclnnInterpolateBackward.md.
aclnnStatus aclnnInterpolateBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclIntArray* sizes,
                                                     const aclFloatArray* scales, const aclIntArray* axes,
                                                     const char* mode, const char* shapeCalculationMode,
                                                     const char* coordinateTransformationMode,
                                                     const char* nearestMode, bool antialias,
                                                     const aclIntArray* padsBegin, const aclIntArray* padsEnd,
                                                     double cubeCoeff, aclTensor* gradInput, uint64_t* workspaceSize,
                                                     aclOpExecutor** executor);

aclnnStatus aclnnInterpolateBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                     aclrtStream stream);

// The output shape aclnnInterpolateGetWorkspaceSize resolves for a self of shape selfShape[rank] and
// these attributes (its own rules and checks, docs/aclnnInterpolate.md "Output shape"), into
// outShape[rank]; the same status codes and messages.  For bindings that allocate `out`.
aclnnStatus aiInterpolateOutputShape(const int64_t* selfShape, uint64_t rank, const aclIntArray* sizes,
                                     const aclFloatArray* scales, const aclIntArray* axes,
                                     const char* shapeCalculationMode, const aclIntArray* padsBegin,
                                     const aclIntArray* padsEnd, int64_t* outShape);

// One scales-mode output length: int64(float32(padded) * (scale + 1e-6f)), or padded when scale is 1.
int64_t aiScalesModeOutputLength(int64_t paddedLength, float scale);

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_INTERPOLATE_ACLNN_INTERPOLATE_H
