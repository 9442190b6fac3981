// The argument rules both aclnn operators share, one helper per rule.  Each returns ACLNN_SUCCESS or
// the rule's status after Fail() (the message names the parameter first: "<param>: <rule>"), so an
// entry point reads as its checks in CANN's order:
//
//     AI_RETURN_IF_ERROR(CheckOutParams(kApi, workspaceSize, executor));
//     AI_RETURN_IF_ERROR(CheckNotNull(kApi, "self", self));
//     ...
//     return PlanAndCreateJob(...);
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn_util.h"
#include "op_common.h"

namespace ai {
namespace api {

// ---- null pointers (161001) ---------------------------------------------------------------------
aclnnStatus CheckNotNull(const char* api, const char* param, const void* value);
// The out-parameters, which CANN checks first: workspaceSize, then executor.
aclnnStatus CheckOutParams(const char* api, const uint64_t* workspaceSize, aclOpExecutor* const* executor);

// ---- reading (561103 when an accessor fails; 561003 without a platform) ---------------------------
aclnnStatus ReadTensorArg(const char* api, const char* param, const aclTensor* tensor, TensorDesc* desc);
aclnnStatus ReadIntArrayArg(const char* api, const char* param, const aclIntArray* array,
                            std::vector<int64_t>* values);
aclnnStatus ReadFloatArrayArg(const char* api, const char* param, const aclFloatArray* array,
                              std::vector<float>* values);
aclnnStatus ReadPlatform(const char* api, PlatformInfo* platform);

// ---- dtypes (161002) ----------------------------------------------------------------------------
// `accepted` in the order the message lists them; bfloat16 counts only on a SoC with bf16.  float64
// gets its own message (why, and to pass float32), bfloat16 on a SoC without it names the SoC.
// *kernelDType (may be null) receives the kernel's dtype.
aclnnStatus CheckInputDType(const char* api, const char* param, aclDataType dtype,
                            const std::vector<aclDataType>& accepted, const PlatformInfo& platform,
                            DType* kernelDType);
// "<param>: dtype X must equal <ref>'s dtype Y".
aclnnStatus CheckSameDType(const char* api, const char* param, aclDataType dtype, const char* ref,
                           aclDataType refDType);

// ---- ranks and formats (161002) -----------------------------------------------------------------
// minRank == maxRank: "<param>: expected N dimensions (<layouts>), got R"; else "<param>: rank must
// be min..max, got R".
aclnnStatus CheckRank(const char* api, const char* param, const TensorDesc& t, int minRank, int maxRank,
                      const char* layouts);
// "<param>: rank must equal <ref>'s rank R, got S".
aclnnStatus CheckSameRank(const char* api, const char* param, const TensorDesc& t, const char* ref,
                          const TensorDesc& refTensor);
// "<param>: format X is not supported; <acceptedText>".
aclnnStatus CheckFormat(const char* api, const char* param, aclFormat format, const std::vector<aclFormat>& accepted,
                        const char* acceptedText);

// ---- shapes and views (161002) ------------------------------------------------------------------
aclnnStatus CheckDimsNonNegative(const char* api, const char* param, const TensorDesc& t);

// Size limits of both operators (docs "Constraints" give the reasons): every dimension, and every
// length the call derives (sizes, pads, padded lengths), at most kMaxDimension; every tensor at most
// kMaxElements elements.  Checked before anything is allocated or planned.
constexpr int64_t kMaxDimension = 2147483647;  // INT32_MAX
constexpr int64_t kMaxElements = 2147483647;   // INT32_MAX
// "<param>: dimension D exceeds INT32_MAX (...)", then "<param>: shape [...] has N elements, more
// than the limit ...".  Dimensions must already be known to be >= 0.
aclnnStatus CheckShapeLimits(const char* api, const char* param, const TensorDesc& t);
// "<param>: each value must be <= 2147483647 (INT32_MAX), got [...]".
aclnnStatus CheckValuesWithinLimit(const char* api, const char* param, const std::vector<int64_t>& values);
// Both views addressable (strides and offset >= 0, inside their storage), the output not expanded.
aclnnStatus CheckViews(const char* api, const TensorPair& t);
// The data addresses of a non-empty call (161001).
aclnnStatus CheckDataAddresses(const char* api, const TensorPair& t);

}  // namespace api
}  // namespace ai
