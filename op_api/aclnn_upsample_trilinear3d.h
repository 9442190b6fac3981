// aclnnUpsampleTrilinear3d: trilinear upsampling of a 5-D tensor (PyTorch upsample_trilinear3d),
// with CANN's two-phase aclnn signature.  See docs/aclnnUpsampleTrilinear3d.md.
#ifndef ASCEND_INTERPOLATE_ACLNN_UPSAMPLE_TRILINEAR3D_H
#define ASCEND_INTERPOLATE_ACLNN_UPSAMPLE_TRILINEAR3D_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

// Phase 1: checks the arguments, plans the kernel, reports the workspace size and creates the executor.
//   self        5-D float32 / float16 / bfloat16 tensor, format ND or NCDHW (dims N,C,D,H,W) or NDHWC
//               (dims N,D,H,W,C); any strides / offset.
//   outputSize  3 values (outD, outH, outW), each > 0.
//   alignCorners, scalesD/H/W  as PyTorch: a scale > 0 is the user's out/in multiplier of that axis,
//               <= 0 means "not given" (the axis uses in/out).
//   out         same dtype and format as self, shape (N, C, outD, outH, outW) in self's format order.
aclnnStatus aclnnUpsampleTrilinear3dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                     bool alignCorners, double scalesD, double scalesH, double scalesW,
                                                     aclTensor* out, uint64_t* workspaceSize,
                                                     aclOpExecutor** executor);

// Phase 2: runs the executor once on `stream` with a workspace of at least `workspaceSize` bytes.
aclnnStatus aclnnUpsampleTrilinear3d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                     aclrtStream stream);

// The output length of one axis given only a scale (F.interpolate with recompute_scale_factor=False):
// floor(inLength * scale) in double.  For bindings that compute output_size from scales.
int64_t aiTrilinearOutputLength(int64_t inLength, double scale);

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_INTERPOLATE_ACLNN_UPSAMPLE_TRILINEAR3D_H
