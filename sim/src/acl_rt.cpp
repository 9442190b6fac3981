// acl runtime of the sim: process init, one device (id 0), synchronous streams, "device" memory in
// host RAM.  Every kernel launch completes inside the launching call, so stream synchronisation has
// nothing to wait for; aclrtMemcpyAsync is a plain copy.
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>

#include "acl/acl.h"
#include "acl/acl_sim_ext.h"

#include "ascend_sim/soc.h"

namespace {
constexpr size_t kDeviceAlignment = 512;  // aclrtMalloc addresses are at least 512-byte aligned on the device

struct SimStream {
    int32_t device = 0;
};

std::mutex g_mutex;
int g_initCount = 0;
int32_t g_currentDevice = -1;

std::unordered_map<void*, size_t>& DeviceAllocations()
{
    static std::unordered_map<void*, size_t> allocations;
    return allocations;
}

void SetError(const std::string& message)
{
    aclsimSetRecentErrMsg(message.c_str());
}

uint32_t FloatBits(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, sizeof(u));
    return u;
}
float BitsFloat(uint32_t u)
{
    float f;
    std::memcpy(&f, &u, sizeof(f));
    return f;
}
}  // namespace

extern "C" {

aclError aclInit(const char* /*configPath*/)
{
    std::lock_guard<std::mutex> lock(g_mutex);
    if (g_initCount > 0) return ACL_ERROR_REPEAT_INITIALIZE;
    ++g_initCount;
    return ACL_SUCCESS;
}

aclError aclFinalize()
{
    std::lock_guard<std::mutex> lock(g_mutex);
    g_initCount = 0;
    g_currentDevice = -1;
    return ACL_SUCCESS;
}

aclError aclrtSetDevice(int32_t deviceId)
{
    if (deviceId != 0) {
        SetError("[ERROR] aclrtSetDevice: deviceId: the sim has one device (id 0), got " + std::to_string(deviceId));
        return ACL_ERROR_RT_PARAM_INVALID;
    }
    std::lock_guard<std::mutex> lock(g_mutex);
    g_currentDevice = deviceId;
    return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId)
{
    if (deviceId != 0) return ACL_ERROR_RT_PARAM_INVALID;
    std::lock_guard<std::mutex> lock(g_mutex);
    g_currentDevice = -1;
    return ACL_SUCCESS;
}

aclError aclrtGetDevice(int32_t* deviceId)
{
    if (deviceId == nullptr) return ACL_ERROR_INVALID_PARAM;
    std::lock_guard<std::mutex> lock(g_mutex);
    if (g_currentDevice < 0) return ACL_ERROR_RT_PARAM_INVALID;
    *deviceId = g_currentDevice;
    return ACL_SUCCESS;
}

const char* aclrtGetSocName()
{
    return ascend_sim::ActiveSoc().name;
}

aclError aclrtCreateStream(aclrtStream* stream)
{
    if (stream == nullptr) return ACL_ERROR_INVALID_PARAM;
    auto* s = new (std::nothrow) SimStream;
    if (s == nullptr) return ACL_ERROR_BAD_ALLOC;
    *stream = s;
    return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream)
{
    if (stream == nullptr) return ACL_ERROR_INVALID_PARAM;
    delete static_cast<SimStream*>(stream);
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeStream(aclrtStream /*stream*/) { return ACL_SUCCESS; }

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy /*policy*/)
{
    if (devPtr == nullptr || size == 0) {
        SetError("[ERROR] aclrtMalloc: devPtr must not be null and size must be > 0");
        return ACL_ERROR_INVALID_PARAM;
    }
    size_t rounded = (size + kDeviceAlignment - 1) / kDeviceAlignment * kDeviceAlignment;
    void* p = std::aligned_alloc(kDeviceAlignment, rounded);
    if (p == nullptr) {
        SetError("[ERROR] aclrtMalloc: out of memory for " + std::to_string(size) + " bytes");
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        DeviceAllocations()[p] = size;
    }
    *devPtr = p;
    return ACL_SUCCESS;
}

aclError aclrtFree(void* devPtr)
{
    if (devPtr == nullptr) return ACL_ERROR_INVALID_PARAM;
    {
        std::lock_guard<std::mutex> lock(g_mutex);
        auto it = DeviceAllocations().find(devPtr);
        if (it == DeviceAllocations().end()) {
            SetError("[ERROR] aclrtFree: devPtr was not returned by aclrtMalloc (or was freed already)");
            return ACL_ERROR_INVALID_PARAM;
        }
        DeviceAllocations().erase(it);
    }
    std::free(devPtr);
    return ACL_SUCCESS;
}

aclError aclrtMallocHost(void** hostPtr, size_t size)
{
    if (hostPtr == nullptr || size == 0) return ACL_ERROR_INVALID_PARAM;
    *hostPtr = std::malloc(size);
    return *hostPtr == nullptr ? ACL_ERROR_BAD_ALLOC : ACL_SUCCESS;
}

aclError aclrtFreeHost(void* hostPtr)
{
    if (hostPtr == nullptr) return ACL_ERROR_INVALID_PARAM;
    std::free(hostPtr);
    return ACL_SUCCESS;
}

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind)
{
    if (count == 0) return ACL_SUCCESS;
    if (dst == nullptr || src == nullptr || count > destMax || kind < ACL_MEMCPY_HOST_TO_HOST ||
        kind > ACL_MEMCPY_INTER_DEVICE_TO_DEVICE) {
        SetError("[ERROR] aclrtMemcpy: dst and src must not be null, count (" + std::to_string(count) +
                 ") must be <= destMax (" + std::to_string(destMax) + ") and kind a valid aclrtMemcpyKind");
        return ACL_ERROR_INVALID_PARAM;
    }
    std::memmove(dst, src, count);
    return ACL_SUCCESS;
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream /*stream*/)
{
    return aclrtMemcpy(dst, destMax, src, count, kind);
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count)
{
    if (count == 0) return ACL_SUCCESS;
    if (devPtr == nullptr || count > maxCount) return ACL_ERROR_INVALID_PARAM;
    std::memset(devPtr, value, count);
    return ACL_SUCCESS;
}

float aclFloat16ToFloat(aclFloat16 value)
{
    uint32_t sign = (value & 0x8000u) << 16;
    uint32_t exp = (value >> 10) & 0x1fu;
    uint32_t mant = value & 0x3ffu;
    if (exp == 0x1f) return BitsFloat(sign | 0x7f800000u | (mant << 13));  // inf / nan
    if (exp == 0) {
        float f = static_cast<float>(mant) * (1.0f / 16777216.0f);  // subnormal: mant * 2^-24
        return (sign != 0) ? -f : f;
    }
    return BitsFloat(sign | ((exp + 112) << 23) | (mant << 13));
}

aclFloat16 aclFloatToFloat16(float value)
{
    uint32_t u = FloatBits(value);
    uint32_t sign = (u >> 16) & 0x8000u;
    uint32_t absBits = u & 0x7fffffffu;
    if (absBits >= 0x7f800000u) {  // inf / nan
        return static_cast<aclFloat16>(sign | 0x7c00u | (absBits > 0x7f800000u ? 0x200u : 0u));
    }
    if (absBits >= 0x477ff000u) return static_cast<aclFloat16>(sign | 0x7c00u);  // rounds to inf
    if (absBits < 0x38800000u) {  // result is subnormal or zero: scale to units of 2^-24 and round to even
        float f = BitsFloat(absBits) * 16777216.0f;
        uint32_t q = static_cast<uint32_t>(f);
        float rem = f - static_cast<float>(q);
        if (rem > 0.5f || (rem == 0.5f && (q & 1u))) ++q;
        return static_cast<aclFloat16>(sign | q);
    }
    uint32_t mant = absBits & 0x7fffffu;
    uint32_t exp = (absBits >> 23) - 112;
    uint32_t half = (exp << 10) | (mant >> 13);
    uint32_t rest = mant & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half;
    return static_cast<aclFloat16>(sign | half);
}

}  // extern "C"
