// Shared machinery of the aclnn layer (op_api/): error reporting, names for messages, reading acl
// objects, and strided-view analysis.  The argument rules built on it are in aclnn_check.h, the job
// (operands, plan, executor, phase two) in aclnn_job.h.  Internal to the library; the public headers
// are aclnn_upsample_trilinear3d.h / aclnn_interpolate.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/aclnn_base.h"
#include "op_common.h"

namespace ai {
namespace api {

// ---- errors -------------------------------------------------------------------------------------
// Returns the status of `expr` from the enclosing function unless it is ACLNN_SUCCESS.
#define AI_RETURN_IF_ERROR(expr)                                       \
    do {                                                               \
        const aclnnStatus aiStatus_ = (expr);                          \
        if (aiStatus_ != ACLNN_SUCCESS) return aiStatus_;              \
    } while (0)

// Stores "[ERROR] <api>: <message>" for aclGetRecentErrMsg, logs it at error level (aclnn_log.h:
// printed only when the caller asked for log lines), returns `code`.
aclnnStatus Fail(const char* api, aclnnStatus code, const std::string& message);
std::string ShapeString(const std::vector<int64_t>& dims);
std::string Num(double v);  // shortest faithful decimal (%.9g)
const char* AclDTypeName(aclDataType t);
const char* AclFormatName(aclFormat f);

// ---- reading acl objects --------------------------------------------------------------------------
struct TensorDesc {
    aclDataType dtype = ACL_DT_UNDEFINED;
    aclFormat format = ACL_FORMAT_UNDEFINED;
    std::vector<int64_t> shape;
    std::vector<int64_t> strides;
    std::vector<int64_t> storage;
    int64_t offset = 0;
    void* data = nullptr;

    int64_t Numel() const;  // INT64_MAX when the product does not fit (callers check the limits first)
};

// An operator's input and output tensors with their parameter names (self / out, gradOut /
// gradInput, gradOutput / gradInput), so that the checks they share name the caller's parameter.
struct TensorPair {
    const char* inName;
    const TensorDesc& in;
    const char* outName;
    const TensorDesc& out;
};

// The product of `dims` (1 for none); false when a dimension is negative or the product overflows int64.
bool CheckedProduct(const std::vector<int64_t>& dims, int64_t* product);
// ACLNN_SUCCESS or ACLNN_ERR_INNER_NULLPTR (an accessor failed).
aclnnStatus ReadTensor(const aclTensor* tensor, TensorDesc* desc);
bool ReadIntArray(const aclIntArray* array, std::vector<int64_t>* values);
bool ReadFloatArray(const aclFloatArray* array, std::vector<float>* values);

// aclDataType -> kernel dtype; false for types no kernel handles.
bool ToKernelDType(aclDataType t, DType* out);
// The message for float64 (both operators reject it the same way).
std::string Float64Message(const char* param, const char* accepted);

// ---- strided views ------------------------------------------------------------------------------
// One past the element index (from the data address) of the view's last element: offset +
// sum((dim - 1) * stride) + 1, or 0 for an empty view; false when it does not fit int64.
bool ViewEndElement(const TensorDesc& t, int64_t* end);
// Checks that a view is addressable: non-negative strides and offset, and every element of the view
// inside the storage (storage numel elements from the data address), all in int64 without overflow
// (a storage of 2^63 bytes or more is refused).  On failure `why` says what.
bool ViewFitsStorage(const TensorDesc& t, std::string* why);
// An output view must not alias itself: no stride 0 on a dimension longer than 1 (an expanded view).
bool ViewIsWritable(const TensorDesc& t, std::string* why);
// True if `strides` are the row-major contiguous strides of `shape` (size-1 dims ignored).
bool IsDense(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides);

}  // namespace api
}  // namespace ai
