// Helpers for the aclnn API tests: RAII wrappers of acl tensors / int arrays over caller-owned
// storage (the sim's device memory is host memory) and the last error message.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"

namespace acltest {

inline std::vector<int64_t> Contiguous(const std::vector<int64_t>& shape)
{
    std::vector<int64_t> s(shape.size(), 1);
    for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * shape[i];
    return s;
}

inline int64_t Numel(const std::vector<int64_t>& shape)
{
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

inline std::string LastMsg() { return aclGetRecentErrMsg(); }

// An aclTensor over `data`: empty `strides` mean contiguous, empty `storage` means {numel + offset}.
struct TensorHandle {
    aclTensor* handle = nullptr;
    TensorHandle(const std::vector<int64_t>& shape, void* data, aclDataType dtype, aclFormat format,
                 std::vector<int64_t> strides, int64_t offset, std::vector<int64_t> storage)
    {
        if (strides.empty()) strides = Contiguous(shape);
        if (storage.empty()) storage = {Numel(shape) + offset};
        handle = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), offset, format, storage.data(),
                                 storage.size(), data);
    }
    ~TensorHandle() { aclDestroyTensor(handle); }
    TensorHandle(const TensorHandle&) = delete;
    TensorHandle& operator=(const TensorHandle&) = delete;
};

// An aclIntArray of `v`, or NULL when `v` is null.
struct IntArray {
    aclIntArray* handle = nullptr;
    explicit IntArray(const std::vector<int64_t>* v) : handle(v ? aclCreateIntArray(v->data(), v->size()) : nullptr) {}
    explicit IntArray(const std::vector<int64_t>& v) : IntArray(&v) {}
    ~IntArray() { aclDestroyIntArray(handle); }
    IntArray(const IntArray&) = delete;
    IntArray& operator=(const IntArray&) = delete;
};

}  // namespace acltest
