// The shared argument rules of the aclnn layer (aclnn_check.h).
#include "aclnn_check.h"

#include <algorithm>

#include "platform.h"

namespace ai {
namespace api {

// ---- null pointers ------------------------------------------------------------------------------
aclnnStatus CheckNotNull(const char* api, const char* param, const void* value)
{
    if (value != nullptr) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_PARAM_NULLPTR, std::string(param) + ": must not be null");
}

aclnnStatus CheckOutParams(const char* api, const uint64_t* workspaceSize, aclOpExecutor* const* executor)
{
    AI_RETURN_IF_ERROR(CheckNotNull(api, "workspaceSize", workspaceSize));
    return CheckNotNull(api, "executor", executor);
}

// ---- reading ------------------------------------------------------------------------------------
aclnnStatus ReadTensorArg(const char* api, const char* param, const aclTensor* tensor, TensorDesc* desc)
{
    if (ReadTensor(tensor, desc) == ACLNN_SUCCESS) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_INNER_NULLPTR, std::string(param) + ": unreadable tensor");
}

aclnnStatus ReadIntArrayArg(const char* api, const char* param, const aclIntArray* array,
                            std::vector<int64_t>* values)
{
    if (ReadIntArray(array, values)) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_INNER_NULLPTR, std::string(param) + ": unreadable array");
}

aclnnStatus ReadFloatArrayArg(const char* api, const char* param, const aclFloatArray* array,
                              std::vector<float>* values)
{
    if (ReadFloatArray(array, values)) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_INNER_NULLPTR, std::string(param) + ": unreadable array");
}

aclnnStatus ReadPlatform(const char* api, PlatformInfo* platform)
{
    std::string why;
    if (CurrentPlatform(platform, &why)) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_INNER_FIND_KERNEL_ERROR, why);
}

// ---- dtypes -------------------------------------------------------------------------------------
aclnnStatus CheckInputDType(const char* api, const char* param, aclDataType dtype,
                            const std::vector<aclDataType>& accepted, const PlatformInfo& platform,
                            DType* kernelDType)
{
    std::string names;
    bool listed = false;
    for (aclDataType t : accepted) {
        if (t == ACL_BF16 && !platform.hasBf16) continue;
        names += (names.empty() ? "" : ", ") + std::string(AclDTypeName(t));
        listed |= t == dtype;
    }
    if (dtype == ACL_DOUBLE) return Fail(api, ACLNN_ERR_PARAM_INVALID, Float64Message(param, names.c_str()));
    if (dtype == ACL_BF16 && !platform.hasBf16 &&
        std::find(accepted.begin(), accepted.end(), ACL_BF16) != accepted.end()) {
        return Fail(api, ACLNN_ERR_PARAM_INVALID,
                    std::string(param) + ": bfloat16 is not supported on " + platform.socName +
                        " (no bfloat16 storage or Cast on this SoC); accepted dtypes: " + names);
    }
    DType kernel;
    if (!listed || !ToKernelDType(dtype, &kernel)) {
        return Fail(api, ACLNN_ERR_PARAM_INVALID,
                    std::string(param) + ": dtype " + AclDTypeName(dtype) + " is not supported; accepted dtypes: " +
                        names);
    }
    if (kernelDType != nullptr) *kernelDType = kernel;
    return ACLNN_SUCCESS;
}

aclnnStatus CheckSameDType(const char* api, const char* param, aclDataType dtype, const char* ref,
                           aclDataType refDType)
{
    if (dtype == refDType) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_PARAM_INVALID,
                std::string(param) + ": dtype " + AclDTypeName(dtype) + " must equal " + ref + "'s dtype " +
                    AclDTypeName(refDType));
}

// ---- ranks and formats --------------------------------------------------------------------------
aclnnStatus CheckRank(const char* api, const char* param, const TensorDesc& t, int minRank, int maxRank,
                      const char* layouts)
{
    const int rank = static_cast<int>(t.shape.size());
    if (rank >= minRank && rank <= maxRank) return ACLNN_SUCCESS;
    if (minRank == maxRank) {
        return Fail(api, ACLNN_ERR_PARAM_INVALID,
                    std::string(param) + ": expected " + std::to_string(minRank) + " dimensions (" + layouts +
                        "), got " + std::to_string(rank));
    }
    return Fail(api, ACLNN_ERR_PARAM_INVALID,
                std::string(param) + ": rank must be " + std::to_string(minRank) + ".." + std::to_string(maxRank) +
                    ", got " + std::to_string(rank));
}

aclnnStatus CheckSameRank(const char* api, const char* param, const TensorDesc& t, const char* ref,
                          const TensorDesc& refTensor)
{
    if (t.shape.size() == refTensor.shape.size()) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_PARAM_INVALID,
                std::string(param) + ": rank must equal " + ref + "'s rank " + std::to_string(refTensor.shape.size()) +
                    ", got " + std::to_string(t.shape.size()));
}

aclnnStatus CheckFormat(const char* api, const char* param, aclFormat format, const std::vector<aclFormat>& accepted,
                        const char* acceptedText)
{
    if (std::find(accepted.begin(), accepted.end(), format) != accepted.end()) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_PARAM_INVALID,
                std::string(param) + ": format " + AclFormatName(format) + " is not supported; " + acceptedText);
}

// ---- shapes and views ---------------------------------------------------------------------------
aclnnStatus CheckDimsNonNegative(const char* api, const char* param, const TensorDesc& t)
{
    for (int64_t d : t.shape) {
        if (d < 0) {
            return Fail(api, ACLNN_ERR_PARAM_INVALID,
                        std::string(param) + ": dimensions must be >= 0, got shape " + ShapeString(t.shape));
        }
    }
    return ACLNN_SUCCESS;
}

aclnnStatus CheckShapeLimits(const char* api, const char* param, const TensorDesc& t)
{
    for (int64_t d : t.shape) {
        if (d > kMaxDimension) {
            return Fail(api, ACLNN_ERR_PARAM_INVALID,
                        std::string(param) + ": dimension " + std::to_string(d) + " exceeds INT32_MAX (" +
                            std::to_string(kMaxDimension) + "), the largest dimension this operator accepts");
        }
    }
    int64_t numel = 0;
    const bool fits = CheckedProduct(t.shape, &numel);
    if (fits && numel <= kMaxElements) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_PARAM_INVALID,
                std::string(param) + ": shape " + ShapeString(t.shape) + " has " +
                    (fits ? std::to_string(numel) : std::string("more than 2^63")) + " elements, above the limit of " +
                    std::to_string(kMaxElements) + " (INT32_MAX) elements per tensor");
}

aclnnStatus CheckValuesWithinLimit(const char* api, const char* param, const std::vector<int64_t>& values)
{
    for (int64_t v : values) {
        if (v > kMaxDimension) {
            return Fail(api, ACLNN_ERR_PARAM_INVALID,
                        std::string(param) + ": each value must be <= " + std::to_string(kMaxDimension) +
                            " (INT32_MAX), got " + ShapeString(values));
        }
    }
    return ACLNN_SUCCESS;
}

aclnnStatus CheckViews(const char* api, const TensorPair& t)
{
    std::string why;
    if (!ViewFitsStorage(t.in, &why)) return Fail(api, ACLNN_ERR_PARAM_INVALID, std::string(t.inName) + ": " + why);
    if (!ViewFitsStorage(t.out, &why)) return Fail(api, ACLNN_ERR_PARAM_INVALID, std::string(t.outName) + ": " + why);
    if (!ViewIsWritable(t.out, &why)) return Fail(api, ACLNN_ERR_PARAM_INVALID, std::string(t.outName) + ": " + why);
    return ACLNN_SUCCESS;
}

aclnnStatus CheckDataAddresses(const char* api, const TensorPair& t)
{
    const char* rule = ": data address must not be null";
    if (t.in.data == nullptr) return Fail(api, ACLNN_ERR_PARAM_NULLPTR, std::string(t.inName) + rule);
    if (t.out.data == nullptr) return Fail(api, ACLNN_ERR_PARAM_NULLPTR, std::string(t.outName) + rule);
    return ACLNN_SUCCESS;
}

}  // namespace api
}  // namespace ai
