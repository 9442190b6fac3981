#include "aclnn_util.h"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "aclnn_log.h"
#include "runtime.h"

namespace ai {
namespace api {

// ---- errors -------------------------------------------------------------------------------------
aclnnStatus Fail(const char* api, aclnnStatus code, const std::string& message)
{
    const std::string body = std::string(api) + ": " + message;
    runtime::SetRecentError("[ERROR] " + body);
    Log(kLogError, body + " (status " + std::to_string(code) + ")");
    return code;
}

std::string Num(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.9g", v);
    return buf;
}

std::string ShapeString(const std::vector<int64_t>& dims)
{
    std::string s = "[";
    for (size_t i = 0; i < dims.size(); ++i) {
        if (i) s += ", ";
        s += std::to_string(dims[i]);
    }
    return s + "]";
}

const char* AclDTypeName(aclDataType t)
{
    switch (t) {
        case ACL_FLOAT: return "float32";
        case ACL_FLOAT16: return "float16";
        case ACL_BF16: return "bfloat16";
        case ACL_INT8: return "int8";
        case ACL_UINT8: return "uint8";
        case ACL_INT32: return "int32";
        case ACL_INT16: return "int16";
        case ACL_UINT16: return "uint16";
        case ACL_UINT32: return "uint32";
        case ACL_INT64: return "int64";
        case ACL_UINT64: return "uint64";
        case ACL_DOUBLE: return "float64";
        case ACL_BOOL: return "bool";
        case ACL_COMPLEX64: return "complex64";
        case ACL_COMPLEX128: return "complex128";
        default: return "unsupported dtype";
    }
}

const char* AclFormatName(aclFormat f)
{
    switch (f) {
        case ACL_FORMAT_NCHW: return "NCHW";
        case ACL_FORMAT_NHWC: return "NHWC";
        case ACL_FORMAT_ND: return "ND";
        case ACL_FORMAT_NC1HWC0: return "NC1HWC0";
        case ACL_FORMAT_FRACTAL_Z: return "FRACTAL_Z";
        case ACL_FORMAT_HWCN: return "HWCN";
        case ACL_FORMAT_NDHWC: return "NDHWC";
        case ACL_FORMAT_FRACTAL_NZ: return "FRACTAL_NZ";
        case ACL_FORMAT_NCDHW: return "NCDHW";
        case ACL_FORMAT_NDC1HWC0: return "NDC1HWC0";
        case ACL_FORMAT_NC: return "NC";
        case ACL_FORMAT_NCL: return "NCL";
        default: return "unknown format";
    }
}

// ---- reading acl objects --------------------------------------------------------------------------
bool CheckedProduct(const std::vector<int64_t>& dims, int64_t* product)
{
    int64_t n = 1;
    for (int64_t d : dims) {
        if (d < 0 || __builtin_mul_overflow(n, d, &n)) return false;
    }
    *product = n;
    return true;
}

int64_t TensorDesc::Numel() const
{
    int64_t n = INT64_MAX;
    for (int64_t d : shape) {
        if (d == 0) return 0;
    }
    return CheckedProduct(shape, &n) ? n : INT64_MAX;
}

namespace {
using DimsGetter = aclnnStatus (*)(const aclTensor*, int64_t**, uint64_t*);
bool ReadDims(DimsGetter get, const aclTensor* tensor, std::vector<int64_t>* out)
{
    int64_t* dims = nullptr;
    uint64_t num = 0;
    if (get(tensor, &dims, &num) != ACLNN_SUCCESS) return false;
    out->assign(dims, dims + num);
    delete[] dims;  // accessor arrays are new[]-allocated (CANN contract)
    return true;
}
}  // namespace

aclnnStatus ReadTensor(const aclTensor* tensor, TensorDesc* desc)
{
    if (!ReadDims(&aclGetViewShape, tensor, &desc->shape)) return ACLNN_ERR_INNER_NULLPTR;
    if (!ReadDims(&aclGetViewStrides, tensor, &desc->strides)) return ACLNN_ERR_INNER_NULLPTR;
    if (!ReadDims(&aclGetStorageShape, tensor, &desc->storage)) return ACLNN_ERR_INNER_NULLPTR;
    if (aclGetViewOffset(tensor, &desc->offset) != ACLNN_SUCCESS) return ACLNN_ERR_INNER_NULLPTR;
    if (aclGetDataType(tensor, &desc->dtype) != ACLNN_SUCCESS) return ACLNN_ERR_INNER_NULLPTR;
    if (aclGetFormat(tensor, &desc->format) != ACLNN_SUCCESS) return ACLNN_ERR_INNER_NULLPTR;
    if (aclGetRawTensorAddr(tensor, &desc->data) != ACLNN_SUCCESS) return ACLNN_ERR_INNER_NULLPTR;
    if (desc->strides.size() != desc->shape.size()) return ACLNN_ERR_INNER_NULLPTR;
    return ACLNN_SUCCESS;
}

bool ReadIntArray(const aclIntArray* array, std::vector<int64_t>* values) { return runtime::ReadIntArray(array, values); }
bool ReadFloatArray(const aclFloatArray* array, std::vector<float>* values)
{
    return runtime::ReadFloatArray(array, values);
}

bool ToKernelDType(aclDataType t, DType* out)
{
    switch (t) {
        case ACL_FLOAT: *out = DType::F32; return true;
        case ACL_FLOAT16: *out = DType::F16; return true;
        case ACL_BF16: *out = DType::BF16; return true;
        case ACL_INT8: *out = DType::I8; return true;
        case ACL_UINT8: *out = DType::U8; return true;
        case ACL_INT32: *out = DType::I32; return true;
        default: return false;
    }
}

std::string Float64Message(const char* param, const char* accepted)
{
    return std::string(param) +
           ": float64 is not supported: the AI core vector unit has no float64 arithmetic, so the kernel "
           "cannot compute in double; cast the tensor to float32 (ACL_FLOAT) before the call (and back "
           "afterwards if needed). Accepted dtypes: " + accepted;
}

// ---- strided views ------------------------------------------------------------------------------
bool ViewEndElement(const TensorDesc& t, int64_t* end)
{
    int64_t last = t.offset;
    for (size_t i = 0; i < t.shape.size(); ++i) {
        if (t.shape[i] == 0) {
            *end = 0;
            return true;
        }
        int64_t step;
        if (__builtin_mul_overflow(t.shape[i] - 1, t.strides[i], &step) || __builtin_add_overflow(last, step, &last)) {
            return false;
        }
    }
    return !__builtin_add_overflow(last, int64_t{1}, end);
}

bool ViewFitsStorage(const TensorDesc& t, std::string* why)
{
    if (t.offset < 0) {
        *why = "view offset must be >= 0, got " + std::to_string(t.offset);
        return false;
    }
    for (int64_t s : t.strides) {
        if (s < 0) {
            *why = "negative strides are not supported, got strides " + ShapeString(t.strides);
            return false;
        }
    }
    const std::string view = "the view (shape " + ShapeString(t.shape) + ", strides " + ShapeString(t.strides) +
                             ", offset " + std::to_string(t.offset) + ")";
    int64_t end = 0;
    if (!ViewEndElement(t, &end)) {
        *why = view + " reaches beyond element 2^63 (int64 element offsets)";
        return false;
    }
    if (end == 0) return true;  // empty: nothing is addressed
    const int64_t elemBytes = static_cast<int64_t>(aclDataTypeSize(t.dtype));
    int64_t storageNumel = 0, storageBytes = 0;
    if (!CheckedProduct(t.storage, &storageNumel) || __builtin_mul_overflow(storageNumel, elemBytes, &storageBytes)) {
        *why = "the storage shape " + ShapeString(t.storage) +
               " must have dimensions >= 0 and hold fewer than 2^63 bytes (int64 byte offsets)";
        return false;
    }
    if (end > storageNumel) {
        *why = view + " reaches element " + std::to_string(end - 1) + " but the storage " + ShapeString(t.storage) +
               " holds " + std::to_string(storageNumel) + " elements";
        return false;
    }
    return true;
}

bool ViewIsWritable(const TensorDesc& t, std::string* why)
{
    for (int64_t d : t.shape) {
        if (d == 0) return true;  // an empty view writes nothing (numpy describes empty arrays with 0 strides)
    }
    for (size_t i = 0; i < t.shape.size(); ++i) {
        if (t.shape[i] > 1 && t.strides[i] == 0) {
            *why = "dimension " + std::to_string(i) + " has stride 0 (an expanded view): its elements alias each "
                   "other and cannot be written";
            return false;
        }
    }
    return true;
}

bool IsDense(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides)
{
    int64_t expected = 1;
    for (size_t i = shape.size(); i-- > 0;) {
        if (shape[i] != 1 && strides[i] != expected) return false;
        if (__builtin_mul_overflow(expected, shape[i], &expected)) return false;
    }
    return true;
}

}  // namespace api
}  // namespace ai
