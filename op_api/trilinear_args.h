// The argument rules UpsampleTrilinear3d and its backward share (CANN's order and codes, this
// project's additions): the geometry of a 5-D call, outputSize's length, matching layouts, finite
// scales, and the kernel layout (NCDHW or NDHWC) with the fewest bytes staged through view_copy.
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn_check.h"
#include "aclnn_job.h"
#include "aclnn_util.h"

namespace ai {
namespace api {

// dtypes, formats and layouts of every tensor of both operators.
inline const std::vector<aclDataType> kTrilinearDTypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
inline const std::vector<aclFormat> kTrilinearFormats = {ACL_FORMAT_ND, ACL_FORMAT_NCDHW, ACL_FORMAT_NDHWC};
constexpr const char* kTrilinearFormatsText = "accepted formats: ND, NCDHW, NDHWC";
constexpr const char* kTrilinearLayouts = "NCDHW/NDHWC/ND";

// Logical dims N, C, D, H, W of a 5-D tensor: positions in its format's order.
struct TrilinearGeometry {
    bool ndhwc = false;
    const int* logical = nullptr;  // logical[k] = the tensor dim holding logical dim k
    const char* layoutName = "N, C, D, H, W";
};
TrilinearGeometry TrilinearGeometryOf(const TensorDesc& t);

// 2. dtypes: the input's one of kTrilinearDTypes that the SoC supports (its ai::DType in *dtype),
// the output's the same.
aclnnStatus CheckTrilinearDTypes(const char* api, const TensorPair& t, const PlatformInfo& platform,
                                 DType* dtype);
// 3. ranks: both tensors 5-D.
aclnnStatus CheckTrilinearRanks(const char* api, const TensorPair& t);
// 3. formats: both among kTrilinearFormats, and channels-last exactly when the input is.
aclnnStatus CheckTrilinearFormats(const char* api, const TensorPair& t);
// 5. this library's size limits on both tensors, then (beyond CANN's list) finite scales and
// addressable, non-overlapping views.
aclnnStatus CheckTrilinearLimitsScalesViews(const char* api, const TensorPair& t, double scalesD,
                                            double scalesH, double scalesW);

// "outputSize: expected 3 values (outD, outH, outW), got N".
aclnnStatus CheckOutputSizeLength(const char* api, const std::vector<int64_t>& size);
// `param` must be NDHWC exactly when `ref` is (ND and NCDHW are interchangeable).
aclnnStatus CheckSameLayout(const char* api, const char* param, const TensorDesc& t, const char* ref,
                            const TensorDesc& refTensor);
// A scale must be finite; <= 0 means "not given".
aclnnStatus CheckScale(const char* api, const char* name, double scale);
// Shape (N, C, D, H, W) of a tensor with geometry g, in its format order.
std::vector<int64_t> TrilinearShape(const TrilinearGeometry& g, int64_t n, int64_t c, int64_t d, int64_t h,
                                    int64_t w);

// Sets job->input / job->output to x and y in NCDHW or NDHWC order, whichever stages fewer bytes
// through view_copy (torch_npu passes a channels_last_3d tensor as a strided NCDHW view: with a
// channels-last y it runs as NDHWC with no copy); ties go to x's own format.  True for NDHWC.
bool ChooseTrilinearLayout(const TensorDesc& x, const TensorDesc& y, const TrilinearGeometry& g, OperatorJob* job);

}  // namespace api
}  // namespace ai
