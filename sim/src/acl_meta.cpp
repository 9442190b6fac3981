// aclnn object model of the sim: tensors, arrays, scalars, lists, executors, recent error message.
// Semantics follow CANN's documented behaviour (see sim/include/aclnn/acl_meta.h); the
// implementation is ours.
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <unordered_set>
#include <vector>

#include "acl/acl_sim_ext.h"
#include "aclnn/aclnn_base.h"

namespace {
constexpr uint64_t kMaxDims = 8;  // CANN tensors have at most 8 dimensions

size_t ElementSize(aclDataType t)
{
    switch (t) {
        case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: case ACL_COMPLEX32: return 4;
        case ACL_FLOAT16: case ACL_INT16: case ACL_UINT16: case ACL_BF16: return 2;
        case ACL_INT8: case ACL_UINT8: case ACL_BOOL: case ACL_HIFLOAT8: case ACL_FLOAT8_E5M2:
        case ACL_FLOAT8_E4M3FN: case ACL_INT4: case ACL_UINT1: return 1;
        case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64: return 8;
        case ACL_COMPLEX128: return 16;
        default: return 0;
    }
}

thread_local std::string g_recentError;
}  // namespace

struct aclTensor {
    std::vector<int64_t> viewDims;
    std::vector<int64_t> strides;
    std::vector<int64_t> storageDims;
    int64_t offset = 0;
    aclDataType dataType = ACL_DT_UNDEFINED;
    aclFormat format = ACL_FORMAT_ND;
    void* data = nullptr;
};
struct aclScalar {
    aclDataType dataType = ACL_DT_UNDEFINED;
    unsigned char value[16] = {};
};
struct aclIntArray {
    std::vector<int64_t> values;
};
struct aclFloatArray {
    std::vector<float> values;
};
struct aclBoolArray {
    std::vector<bool> values;
};
struct aclTensorList {
    std::vector<const aclTensor*> tensors;
};
struct aclScalarList {
    std::vector<const aclScalar*> scalars;
};
struct aclOpExecutor {
    void* context = nullptr;
    aclsimExecutorOps ops{};
    bool repeatable = false;
};

namespace {
std::mutex g_executorMutex;
std::unordered_set<aclOpExecutor*>& LiveExecutors()
{
    static std::unordered_set<aclOpExecutor*> live;
    return live;
}

void ReleaseExecutor(aclOpExecutor* e)
{
    if (e->ops.release != nullptr) e->ops.release(e->context);
    delete e;
}

bool FillTensor(aclTensor* t, const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                const int64_t* stride, int64_t offset, aclFormat format, const int64_t* storageDims,
                uint64_t storageDimsNum, void* data)
{
    if (viewDimsNum > kMaxDims || storageDimsNum > kMaxDims) return false;
    if (viewDimsNum > 0 && viewDims == nullptr) return false;
    if (storageDimsNum > 0 && storageDims == nullptr) return false;
    t->viewDims.assign(viewDims, viewDims + viewDimsNum);
    if (stride != nullptr) {
        t->strides.assign(stride, stride + viewDimsNum);
    } else {  // no strides given: contiguous (row-major) view; refused when they do not fit int64
        t->strides.assign(viewDimsNum, 1);
        for (uint64_t i = viewDimsNum; i > 1; --i) {
            if (__builtin_mul_overflow(t->strides[i - 1], t->viewDims[i - 1], &t->strides[i - 2])) return false;
        }
    }
    if (storageDims != nullptr) {
        t->storageDims.assign(storageDims, storageDims + storageDimsNum);
    } else {
        t->storageDims = t->viewDims;
    }
    t->offset = offset;
    t->dataType = dataType;
    t->format = format;
    t->data = data;
    return true;
}

template <typename T>
aclnnStatus CopyDims(const std::vector<T>& src, int64_t** out, uint64_t* num)
{
    *num = src.size();
    *out = new (std::nothrow) int64_t[src.size() == 0 ? 1 : src.size()];
    if (*out == nullptr) return ACLNN_ERR_INNER_NULLPTR;
    for (size_t i = 0; i < src.size(); ++i) (*out)[i] = src[i];
    return ACLNN_SUCCESS;
}
}  // namespace

extern "C" {

size_t aclDataTypeSize(aclDataType dataType) { return ElementSize(dataType); }

// CANN: "obtains and clears" the calling thread's recent error message; the returned pointer stays
// valid until this thread's next call.  The sim returns "" (never nullptr) when nothing is pending.
const char* aclGetRecentErrMsg()
{
    thread_local std::string returned;
    returned.swap(g_recentError);
    g_recentError.clear();
    return returned.c_str();
}

void aclsimSetRecentErrMsg(const char* message) { g_recentError = message != nullptr ? message : ""; }

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData)
{
    auto* t = new (std::nothrow) aclTensor;
    if (t == nullptr) return nullptr;
    if (!FillTensor(t, viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum,
                    tensorData)) {
        delete t;
        return nullptr;
    }
    return t;
}

aclnnStatus aclInitTensor(aclTensor* tensor, const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                          const int64_t* stride, int64_t offset, aclFormat format, const int64_t* storageDims,
                          uint64_t storageDimsNum, void* tensorDataAddr)
{
    if (tensor == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    aclTensor tmp;
    if (!FillTensor(&tmp, viewDims, viewDimsNum, dataType, stride, offset, format, storageDims, storageDimsNum,
                    tensorDataAddr)) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    *tensor = std::move(tmp);
    return ACLNN_SUCCESS;
}

aclScalar* aclCreateScalar(void* value, aclDataType dataType)
{
    size_t bytes = ElementSize(dataType);
    if (value == nullptr || bytes == 0 || bytes > sizeof(aclScalar::value)) return nullptr;
    auto* s = new (std::nothrow) aclScalar;
    if (s == nullptr) return nullptr;
    s->dataType = dataType;
    std::memcpy(s->value, value, bytes);
    return s;
}

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size)
{
    if (value == nullptr && size > 0) return nullptr;
    auto* a = new (std::nothrow) aclIntArray;
    if (a == nullptr) return nullptr;
    if (size > 0) a->values.assign(value, value + size);
    return a;
}

aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size)
{
    if (value == nullptr && size > 0) return nullptr;
    auto* a = new (std::nothrow) aclFloatArray;
    if (a == nullptr) return nullptr;
    if (size > 0) a->values.assign(value, value + size);
    return a;
}

aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size)
{
    if (value == nullptr && size > 0) return nullptr;
    auto* a = new (std::nothrow) aclBoolArray;
    if (a == nullptr) return nullptr;
    if (size > 0) a->values.assign(value, value + size);
    return a;
}

aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size)
{
    if (value == nullptr && size > 0) return nullptr;
    auto* l = new (std::nothrow) aclTensorList;
    if (l == nullptr) return nullptr;
    if (size > 0) l->tensors.assign(value, value + size);
    return l;
}

aclScalarList* aclCreateScalarList(const aclScalar* const* value, uint64_t size)
{
    if (value == nullptr && size > 0) return nullptr;
    auto* l = new (std::nothrow) aclScalarList;
    if (l == nullptr) return nullptr;
    if (size > 0) l->scalars.assign(value, value + size);
    return l;
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor)
{
    delete tensor;
    return ACLNN_SUCCESS;
}
aclnnStatus aclDestroyScalar(const aclScalar* scalar)
{
    delete scalar;
    return ACLNN_SUCCESS;
}
aclnnStatus aclDestroyIntArray(const aclIntArray* array)
{
    delete array;
    return ACLNN_SUCCESS;
}
aclnnStatus aclDestroyFloatArray(const aclFloatArray* array)
{
    delete array;
    return ACLNN_SUCCESS;
}
aclnnStatus aclDestroyBoolArray(const aclBoolArray* array)
{
    delete array;
    return ACLNN_SUCCESS;
}
// As in CANN, a list owns its elements.
aclnnStatus aclDestroyTensorList(const aclTensorList* array)
{
    if (array == nullptr) return ACLNN_SUCCESS;
    for (const aclTensor* t : array->tensors) delete t;
    delete array;
    return ACLNN_SUCCESS;
}
aclnnStatus aclDestroyScalarList(const aclScalarList* array)
{
    if (array == nullptr) return ACLNN_SUCCESS;
    for (const aclScalar* s : array->scalars) delete s;
    delete array;
    return ACLNN_SUCCESS;
}

aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum)
{
    if (tensor == nullptr || viewDims == nullptr || viewDimsNum == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    return CopyDims(tensor->viewDims, viewDims, viewDimsNum);
}
aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims, uint64_t* storageDimsNum)
{
    if (tensor == nullptr || storageDims == nullptr || storageDimsNum == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    return CopyDims(tensor->storageDims, storageDims, storageDimsNum);
}
aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue, uint64_t* stridesNum)
{
    if (tensor == nullptr || stridesValue == nullptr || stridesNum == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    return CopyDims(tensor->strides, stridesValue, stridesNum);
}
void aclsimFreeDims(int64_t* dims) { delete[] dims; }

aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset)
{
    if (tensor == nullptr || offset == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *offset = tensor->offset;
    return ACLNN_SUCCESS;
}
aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format)
{
    if (tensor == nullptr || format == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *format = tensor->format;
    return ACLNN_SUCCESS;
}
aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType)
{
    if (tensor == nullptr || dataType == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *dataType = tensor->dataType;
    return ACLNN_SUCCESS;
}
aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr)
{
    if (tensor == nullptr || addr == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *addr = tensor->data;
    return ACLNN_SUCCESS;
}
aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr)
{
    if (tensor == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    tensor->data = addr;
    return ACLNN_SUCCESS;
}
aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size)
{
    if (array == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *size = array->values.size();
    return ACLNN_SUCCESS;
}
aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size)
{
    if (array == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *size = array->values.size();
    return ACLNN_SUCCESS;
}
aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size)
{
    if (array == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *size = array->values.size();
    return ACLNN_SUCCESS;
}
aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size)
{
    if (tensorList == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *size = tensorList->tensors.size();
    return ACLNN_SUCCESS;
}
aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList, uint64_t* size)
{
    if (scalarList == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *size = scalarList->scalars.size();
    return ACLNN_SUCCESS;
}

aclnnStatus aclsimGetIntArrayData(const aclIntArray* array, const int64_t** data, uint64_t* size)
{
    if (array == nullptr || data == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *data = array->values.data();
    *size = array->values.size();
    return ACLNN_SUCCESS;
}
aclnnStatus aclsimGetFloatArrayData(const aclFloatArray* array, const float** data, uint64_t* size)
{
    if (array == nullptr || data == nullptr || size == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    *data = array->values.data();
    *size = array->values.size();
    return ACLNN_SUCCESS;
}

// ---- executors ----------------------------------------------------------------------------------
aclOpExecutor* aclsimCreateExecutor(void* context, const aclsimExecutorOps* ops)
{
    if (ops == nullptr || ops->run == nullptr) return nullptr;
    auto* e = new (std::nothrow) aclOpExecutor;
    if (e == nullptr) return nullptr;
    e->context = context;
    e->ops = *ops;
    std::lock_guard<std::mutex> lock(g_executorMutex);
    LiveExecutors().insert(e);
    return e;
}

aclnnStatus aclsimRunExecutor(aclOpExecutor* executor, void* workspace, uint64_t workspaceSize, aclrtStream stream,
                              const char* apiName)
{
    const char* api = apiName != nullptr ? apiName : "aclnn";
    if (executor == nullptr) {
        std::string msg = std::string("[ERROR] ") + api + ": executor: must not be null";
        aclsimSetRecentErrMsg(msg.c_str());
        return ACLNN_ERR_PARAM_NULLPTR;
    }
    bool repeatable = false;
    {
        std::lock_guard<std::mutex> lock(g_executorMutex);
        auto it = LiveExecutors().find(executor);
        if (it == LiveExecutors().end()) {
            std::string msg = std::string("[ERROR] ") + api +
                              ": executor: not a live executor (an executor runs once unless made repeatable with "
                              "aclSetAclOpExecutorRepeatable; this one already ran, was destroyed, or was never "
                              "created)";
            aclsimSetRecentErrMsg(msg.c_str());
            return ACLNN_ERR_PARAM_INVALID;
        }
        repeatable = executor->repeatable;
        if (!repeatable) LiveExecutors().erase(it);  // a second call on it is rejected from now on
    }
    aclnnStatus status = executor->ops.run(executor->context, workspace, workspaceSize, stream);
    if (!repeatable) ReleaseExecutor(executor);
    return status;
}

uint64_t aclsimLiveExecutorCount()
{
    std::lock_guard<std::mutex> lock(g_executorMutex);
    return LiveExecutors().size();
}

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor)
{
    if (executor == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    std::lock_guard<std::mutex> lock(g_executorMutex);
    if (LiveExecutors().count(executor) == 0) return ACLNN_ERR_PARAM_INVALID;
    executor->repeatable = true;
    return ACLNN_SUCCESS;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor)
{
    if (executor == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    {
        std::lock_guard<std::mutex> lock(g_executorMutex);
        auto it = LiveExecutors().find(executor);
        if (it == LiveExecutors().end()) return ACLNN_ERR_PARAM_INVALID;
        LiveExecutors().erase(it);
    }
    ReleaseExecutor(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnInit(const char* /*configPath*/) { return ACLNN_SUCCESS; }
aclnnStatus aclnnFinalize() { return ACLNN_SUCCESS; }

}  // extern "C"
