// aclnnUpsampleTrilinear3dBackward: the gradient of aclnnUpsampleTrilinear3d with respect to its
// input (PyTorch upsample_trilinear3d_backward), with CANN's two-phase aclnn signature.  See
// docs/aclnnUpsampleTrilinear3dBackward.md.
#ifndef ASCEND_INTERPOLATE_ACLNN_UPSAMPLE_TRILINEAR3D_BACKWARD_H
#define ASCEND_INTERPOLATE_ACLNN_UPSAMPLE_TRILINEAR3D_BACKWARD_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

// Phase 1: checks the arguments, plans the kernel, reports the workspace size and creates the executor.
//   gradOut     5-D float32 / float16 / bfloat16 tensor, the forward output's gradient: format ND or
//               NCDHW (dims N,C,outD,outH,outW) or NDHWC; any strides / offset.
//   outputSize  the forward's outputSize: 3 values, each > 0.
//   inputSize   the forward input's shape (N, C, D, H, W), logical order whatever the format.
//   alignCorners, scalesD/H/W  the forward's (a scale > 0 is that axis's out/in multiplier, <= 0 "not
//               given"; per axis, as PyTorch).
//   gradInput   same dtype and format as gradOut, shape inputSize in its format order.
aclnnStatus aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclIntArray* outputSize,
                                                             const aclIntArray* inputSize, bool alignCorners,
                                                             double scalesD, double scalesH, double scalesW,
                                                             aclTensor* gradInput, uint64_t* workspaceSize,
                                                             aclOpExecutor** executor);

// Phase 2: runs the executor once on `stream` with a workspace of at least `workspaceSize` bytes.
aclnnStatus aclnnUpsampleTrilinear3dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_INTERPOLATE_ACLNN_UPSAMPLE_TRILINEAR3D_BACKWARD_H
