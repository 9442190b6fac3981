// Ascend C kernel API subset of the CPU twin (sim/).  Same names, signatures and enum values as the
// real kernel_operator.h (namespace AscendC), our own implementation: every call checks the rules the
// hardware imposes (see docs/sim.md) and counts what the hardware would do.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "ascend_sim/core.h"
#include "ascend_sim/kernel_types.h"

namespace AscendC {

namespace simd = ::ascend_sim::detail;
namespace simarch = ::ascend_sim::arch;  // the per-SoC API tables (ascend_sim/arch_tables.h)

// ---- compile-time architecture rules ----
// Kernels compiled for one architecture (__NPU_ARCH__ set, as the device compiler sets it; the sim
// builds the project's kernels once per architecture) must not contain calls that architecture's
// real headers reject at compile time or mark unsupported: the sim refuses them at compile time too,
// from the same tables its run-time checks read.  Without __NPU_ARCH__ (the sim's own rule tests,
// which switch profiles at run time) only the run-time checks apply.
namespace simcompile {
template <typename... T>
constexpr bool kDependentFalse = false;
#if defined(__NPU_ARCH__)
constexpr uint32_t kArch = __NPU_ARCH__;
static_assert(simarch::IsKnownArch(kArch), "the sim models __NPU_ARCH__ 2201 (910B) and 2002 (310P)");
#else
constexpr uint32_t kArch = 0;
#endif
// True when the architecture compiled for has `available`, or when compiling for none.
constexpr bool Allows(bool available) { return kArch == 0 || available; }
}  // namespace simcompile

template <typename T>
constexpr simd::TypeInfo TypeInfoOf() {
    using D = typename std::remove_cv<T>::type;
    return std::is_same<D, half>::value         ? simd::TypeInfo{2, simd::T_HALF, "half"}
           : std::is_same<D, bfloat16_t>::value ? simd::TypeInfo{2, simd::T_BF16, "bfloat16_t"}
           : std::is_same<D, float>::value      ? simd::TypeInfo{4, simd::T_FLOAT, "float"}
           : std::is_same<D, int8_t>::value     ? simd::TypeInfo{1, simd::T_I8, "int8_t"}
           : std::is_same<D, uint8_t>::value    ? simd::TypeInfo{1, simd::T_U8, "uint8_t"}
           : std::is_same<D, int16_t>::value    ? simd::TypeInfo{2, simd::T_I16, "int16_t"}
           : std::is_same<D, uint16_t>::value   ? simd::TypeInfo{2, simd::T_U16, "uint16_t"}
           : std::is_same<D, int32_t>::value    ? simd::TypeInfo{4, simd::T_I32, "int32_t"}
           : std::is_same<D, uint32_t>::value   ? simd::TypeInfo{4, simd::T_U32, "uint32_t"}
           : std::is_same<D, int64_t>::value    ? simd::TypeInfo{8, simd::T_I64, "int64_t"}
           : std::is_same<D, uint64_t>::value   ? simd::TypeInfo{8, simd::T_U64, "uint64_t"}
           : std::is_same<D, double>::value     ? simd::TypeInfo{8, simd::T_DOUBLE, "double"}
                                                : simd::TypeInfo{uint32_t(sizeof(D)), simd::T_OTHER, "other"};
}

// ============================================================================ tensors
template <typename T>
class LocalTensor {
public:
    using PrimType = T;
    LocalTensor() = default;
    explicit LocalTensor(const simd::UbRef& r) : ref_(r) {}

    PrimType GetValue(const uint32_t index) const {
        simd::Tick();
        simd::CheckUbScalar("LocalTensor::GetValue", ref_, uint64_t(index) * sizeof(T), sizeof(T), false);
        T v;
        std::memcpy(&v, ref_.ptr + uint64_t(index) * sizeof(T), sizeof(T));
        return v;
    }
    template <typename S>
    void SetValue(const uint32_t index, const S value) const {
        simd::Tick();
        simd::CheckUbScalar("LocalTensor::SetValue", ref_, uint64_t(index) * sizeof(T), sizeof(T), true);
        const T v = static_cast<T>(value);
        std::memcpy(ref_.ptr + uint64_t(index) * sizeof(T), &v, sizeof(T));
    }
    LocalTensor operator[](const uint32_t offset) const {
        const uint64_t off = uint64_t(offset) * sizeof(T);
        if (offset != 0 && off >= ref_.bytes)
            simd::Fail("LocalTensor::operator[]", "ub-bounds",
                       simd::Fmt("offset %u elements (%llu B) is not below the tensor's %u B", offset,
                                 (unsigned long long)off, ref_.bytes));
        simd::UbRef r = ref_;
        r.ptr += off;
        r.bytes -= static_cast<uint32_t>(off);
        return LocalTensor(r);
    }
    template <typename U>
    LocalTensor<U> ReinterpretCast() const { return LocalTensor<U>(ref_); }
    uint32_t GetSize() const { return ref_.bytes / sizeof(T); }
    uint32_t GetLength() const { return ref_.bytes; }
    void SetSize(const uint32_t size) {
        if (uint64_t(size) * sizeof(T) > ref_.bytes)
            simd::Fail("LocalTensor::SetSize", "ub-bounds",
                       simd::Fmt("%u elements exceed the tensor's %u B", size, ref_.bytes));
        ref_.bytes = size * sizeof(T);
    }
    int32_t GetPosition() const { return ref_.pos; }
    uint64_t GetPhyAddr() const { return ref_.ptr ? uint64_t(ref_.ptr - simd::Core().ub) : 0; }
    uint64_t GetPhyAddr(const uint32_t offset) const { return GetPhyAddr() + uint64_t(offset) * sizeof(T); }

    simd::UbRef ref_;  // sim internals
};

template <typename T>
class GlobalTensor {
public:
    using PrimType = T;
    GlobalTensor() = default;
    void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize) {
        address_ = buffer;
        bufferSize_ = bufferSize;
        sizeKnown_ = true;
    }
    void SetGlobalBuffer(__gm__ T* buffer) {
        address_ = buffer;
        bufferSize_ = 0;
        sizeKnown_ = false;
    }
    __gm__ T* GetPhyAddr() const { return address_; }
    __gm__ T* GetPhyAddr(const uint64_t offset) const { return address_ + offset; }
    uint64_t GetSize() const { return bufferSize_; }
    PrimType GetValue(const uint64_t offset) const {
        simd::Tick();
        CheckIndex("GlobalTensor::GetValue", offset, 1);
        simd::CheckGm("GlobalTensor::GetValue", reinterpret_cast<const uint8_t*>(address_ + offset), sizeof(T),
                      sizeof(T), false);
        simd::ScalarGm(reinterpret_cast<const uint8_t*>(address_ + offset), sizeof(T), false);
        T v;
        std::memcpy(&v, address_ + offset, sizeof(T));
        return v;
    }
    void SetValue(const uint64_t offset, PrimType value) {
        simd::Tick();
        CheckIndex("GlobalTensor::SetValue", offset, 1);
        simd::CheckGm("GlobalTensor::SetValue", reinterpret_cast<const uint8_t*>(address_ + offset), sizeof(T),
                      sizeof(T), true);
        simd::ScalarGm(reinterpret_cast<const uint8_t*>(address_ + offset), sizeof(T), true);
        std::memcpy(address_ + offset, &value, sizeof(T));
    }
    GlobalTensor operator[](const uint64_t offset) const {
        GlobalTensor r = *this;
        r.address_ = address_ + offset;
        if (sizeKnown_) r.bufferSize_ = offset <= bufferSize_ ? bufferSize_ - offset : 0;
        return r;
    }
    void SetL2CacheHint(int) {}

    // sim internals
    simd::GmRef Ref() const {
        simd::GmRef g;
        g.addr = reinterpret_cast<uint8_t*>(address_);
        g.bytes = sizeKnown_ ? bufferSize_ * sizeof(T) : UINT64_MAX;
        return g;
    }
    void CheckIndex(const char* api, uint64_t offset, uint64_t n) const {
        if (sizeKnown_ && offset + n > bufferSize_)
            simd::Fail(api, "gm-bounds",
                       simd::Fmt("element %llu beyond the GlobalTensor size %llu", (unsigned long long)(offset + n - 1),
                                 (unsigned long long)bufferSize_));
    }
    __gm__ T* address_ = nullptr;
    uint64_t bufferSize_ = 0;
    bool sizeKnown_ = false;
};

// ============================================================================ TPipe / TQue / TBuf
class TPipe;

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
public:
    static constexpr TPosition kPos = (src == TPosition::GM) ? dst : src;
    static constexpr TPosition kSrc = src;
    static constexpr TPosition kDst = dst;
    static constexpr int32_t kDepth = depth;
    TQueBind() = default;
    template <typename T>
    LocalTensor<T> AllocTensor() {
        simd::Tick();
        return LocalTensor<T>(simd::QueAlloc(qid_));
    }
    template <typename T>
    void FreeTensor(LocalTensor<T>& tensor) {
        simd::Tick();
        simd::QueFree(qid_, tensor.ref_);
    }
    template <typename T>
    bool EnQue(const LocalTensor<T>& tensor) {
        simd::Tick();
        simd::QueEnQue(qid_, tensor.ref_);
        return true;
    }
    template <typename T>
    LocalTensor<T> DeQue() {
        simd::Tick();
        return LocalTensor<T>(simd::QueDeQue(qid_));
    }
    bool VacantInQue() { return simd::QueQuery(qid_, 1) != 0; }
    bool HasTensorInQue() { return simd::QueQuery(qid_, 0) != 0; }
    int32_t GetTensorCountInQue() { return simd::QueQuery(qid_, 0); }
    bool HasIdleBuffer() { return simd::QueQuery(qid_, 2) != 0; }

    int32_t qid_ = -1;  // sim internals
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<(pos == TPosition::VECOUT ? pos : TPosition::GM),
                             (pos == TPosition::VECOUT ? TPosition::GM : pos), depth, mask> {
public:
    static constexpr TPosition kPos = pos;
};

template <TPosition pos = TPosition::LCM>
class TBuf {
public:
    static constexpr TPosition kPos = pos;
    TBuf() = default;
    template <typename T>
    LocalTensor<T> Get() {
        simd::Tick();
        return LocalTensor<T>(simd::TBufGet(qid_, 0, UINT64_MAX, false, "TBuf::Get"));
    }
    template <typename T>
    LocalTensor<T> Get(uint32_t len) {
        simd::Tick();
        return LocalTensor<T>(simd::TBufGet(qid_, 0, uint64_t(len) * sizeof(T), true, "TBuf::Get"));
    }
    template <typename T>
    LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset) {
        simd::Tick();
        return LocalTensor<T>(simd::TBufGet(qid_, bufOffset, uint64_t(size) * sizeof(T), false, "TBuf::GetWithOffset"));
    }
    int32_t qid_ = -1;  // sim internals
};

class TPipe {
public:
    TPipe() { simd::PipeCreate(this); }
    ~TPipe() { simd::PipeDestroy(this, true); }
    TPipe(const TPipe&) = delete;
    TPipe& operator=(const TPipe&) = delete;

    template <class T>
    bool InitBuffer(T& que, uint8_t num, uint32_t len) {
        simd::Tick();
        return simd::QueInit(this, &que.qid_, static_cast<uint8_t>(T::kPos), T::kDepth, num, len, false,
                             T::kSrc == TPosition::VECIN && T::kDst == TPosition::VECOUT);
    }
    template <TPosition pos>
    bool InitBuffer(TBuf<pos>& buf, uint32_t len) {
        simd::Tick();
        return simd::QueInit(this, &buf.qid_, static_cast<uint8_t>(pos), 0, 1, len, true, false);
    }
    void Reset() {
        simd::Tick();
        simd::PipeReset(this);
    }
    void Destroy() {
        simd::Tick();
        simd::PipeDestroy(this, false);
    }
    TEventID FetchEventID(HardEvent evt) {
        simd::Tick();
        return static_cast<TEventID>(simd::EventFetch(static_cast<uint8_t>(evt), false, "TPipe::FetchEventID"));
    }
    template <HardEvent evt>
    TEventID FetchEventID() { return FetchEventID(evt); }
    template <HardEvent evt>
    TEventID AllocEventID() {
        simd::Tick();
        return static_cast<TEventID>(simd::EventFetch(static_cast<uint8_t>(evt), true, "TPipe::AllocEventID"));
    }
    template <HardEvent evt>
    void ReleaseEventID(TEventID id) {
        simd::Tick();
        simd::EventRelease(static_cast<uint8_t>(evt), id, "TPipe::ReleaseEventID");
    }
};

// ============================================================================ data copy
struct DataCopyParams {
    uint16_t blockCount = 1;
    uint16_t blockLen = 0;
    union {
        uint16_t srcGap = 0;
        uint16_t srcStride;
    };
    union {
        uint16_t dstGap = 0;
        uint16_t dstStride;
    };
    DataCopyParams() {}
    DataCopyParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn, const uint16_t dstStrideIn)
        : blockCount(count), blockLen(len), srcGap(srcStrideIn), dstGap(dstStrideIn) {}
};

struct DataCopyExtParams {
    uint16_t blockCount = 1;
    uint32_t blockLen = 0;
    uint32_t srcStride = 0;
    uint32_t dstStride = 0;
    uint32_t rsv = 0;
    DataCopyExtParams() {}
    DataCopyExtParams(const uint16_t count, const uint32_t len, const uint32_t srcStrideIn,
                      const uint32_t dstStrideIn, const uint32_t rsvIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn) {}
};

template <typename T>
struct DataCopyPadExtParams {
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    T paddingValue = 0;
    DataCopyPadExtParams() {}
    DataCopyPadExtParams(const bool isPadIn, const uint8_t left, const uint8_t right, T value)
        : isPad(isPadIn), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

struct DataCopyPadParams {
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
    DataCopyPadParams() {}
    DataCopyPadParams(const bool isPadIn, const uint8_t left, const uint8_t right, const uint64_t value)
        : isPad(isPadIn), leftPadding(left), rightPadding(right), paddingValue(value) {}
};

namespace simimpl {
inline simd::DmaParams CountParams(uint64_t count, uint32_t size) {
    simd::DmaParams p;
    p.blockCount = 1;
    p.blockLenBytes = static_cast<uint32_t>(count * size);
    p.srcGapBytes = 0;
    p.dstGapBytes = 0;
    return p;
}
void CheckCountAligned(const char* api, uint64_t count, const simd::TypeInfo& ti);
void CheckBlockParams(const char* api, const DataCopyParams& p);
inline simd::DmaParams BlockParams(const DataCopyParams& p) {
    simd::DmaParams d;
    d.blockCount = p.blockCount;
    d.blockLenBytes = uint32_t(p.blockLen) * 32u;
    d.srcGapBytes = uint64_t(p.srcGap) * 32u;
    d.dstGapBytes = uint64_t(p.dstGap) * 32u;
    return d;
}
}  // namespace simimpl

template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count) {
    simd::Tick();
    constexpr auto ti = TypeInfoOf<T>();
    simimpl::CheckCountAligned("DataCopy(GM->UB)", count, ti);
    simd::DmaGmToUb("DataCopy(GM->UB)", dst.ref_, src.Ref(), ti, simimpl::CountParams(count, sizeof(T)));
}
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
    simd::Tick();
    constexpr auto ti = TypeInfoOf<T>();
    simimpl::CheckCountAligned("DataCopy(UB->GM)", count, ti);
    simd::DmaUbToGm("DataCopy(UB->GM)", dst.Ref(), src.ref_, ti, simimpl::CountParams(count, sizeof(T)));
}
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count) {
    simd::Tick();
    constexpr auto ti = TypeInfoOf<T>();
    simimpl::CheckCountAligned("DataCopy(UB->UB)", count, ti);
    simd::DmaUbToUb("DataCopy(UB->UB)", dst.ref_, src.ref_, ti, simimpl::CountParams(count, sizeof(T)));
}
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& repeatParams) {
    simd::Tick();
    simimpl::CheckBlockParams("DataCopy(GM->UB)", repeatParams);
    simd::DmaGmToUb("DataCopy(GM->UB)", dst.ref_, src.Ref(), TypeInfoOf<T>(), simimpl::BlockParams(repeatParams));
}
template <typename T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& repeatParams) {
    simd::Tick();
    simimpl::CheckBlockParams("DataCopy(UB->GM)", repeatParams);
    simd::DmaUbToGm("DataCopy(UB->GM)", dst.Ref(), src.ref_, TypeInfoOf<T>(), simimpl::BlockParams(repeatParams));
}
template <typename T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& repeatParams) {
    simd::Tick();
    simimpl::CheckBlockParams("DataCopy(UB->UB)", repeatParams);
    simd::DmaUbToUb("DataCopy(UB->UB)", dst.ref_, src.ref_, TypeInfoOf<T>(), simimpl::BlockParams(repeatParams));
}

namespace simimpl {
void CheckPadParams(const char* api, uint32_t blockCount, uint32_t blockLen, uint32_t left, uint32_t right,
                    const simd::TypeInfo& ti);
}

template <typename T, PaddingMode mode = PaddingMode::Normal>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& dataCopyParams,
                 const DataCopyPadExtParams<T>& padParams) {
    static_assert(simcompile::Allows(simarch::HasDataCopyPad(simcompile::kArch)) || simcompile::kDependentFalse<T>,
                  "DataCopyPad does not exist on the architecture compiled for (dav-m200, 310P): exclude the call "
                  "from that build");
    simd::Tick();
    constexpr auto ti = TypeInfoOf<T>();
    const char* api = "DataCopyPad(GM->UB)";
    if (mode != PaddingMode::Normal) simd::Fail(api, "datacopypad-params", "PaddingMode::Compact exists only on 3510");
    simimpl::CheckPadParams(api, dataCopyParams.blockCount, dataCopyParams.blockLen, padParams.leftPadding,
                            padParams.rightPadding, ti);
    simd::DmaParams p;
    p.blockCount = dataCopyParams.blockCount;
    p.blockLenBytes = dataCopyParams.blockLen;
    p.srcGapBytes = dataCopyParams.srcStride;
    p.dstGapBytes = uint64_t(dataCopyParams.dstStride) * 32u;
    T pv = padParams.paddingValue;
    simd::DmaGmToUb(api, dst.ref_, src.Ref(), ti, p, padParams.leftPadding * sizeof(T),
                    padParams.rightPadding * sizeof(T), padParams.isPad, &pv, true);
}
template <typename T, PaddingMode mode = PaddingMode::Normal>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& dataCopyParams) {
    static_assert(simcompile::Allows(simarch::HasDataCopyPad(simcompile::kArch)) || simcompile::kDependentFalse<T>,
                  "DataCopyPad does not exist on the architecture compiled for (dav-m200, 310P): exclude the call "
                  "from that build");
    simd::Tick();
    constexpr auto ti = TypeInfoOf<T>();
    const char* api = "DataCopyPad(UB->GM)";
    if (mode != PaddingMode::Normal) simd::Fail(api, "datacopypad-params", "PaddingMode::Compact exists only on 3510");
    simimpl::CheckPadParams(api, dataCopyParams.blockCount, dataCopyParams.blockLen, 0, 0, ti);
    simd::DmaParams p;
    p.blockCount = dataCopyParams.blockCount;
    p.blockLenBytes = dataCopyParams.blockLen;
    p.srcGapBytes = uint64_t(dataCopyParams.srcStride) * 32u;
    p.dstGapBytes = dataCopyParams.dstStride;
    simd::DmaUbToGm(api, dst.Ref(), src.ref_, ti, p, true);
}
// Older spelling: DataCopyParams (blockLen in bytes) + DataCopyPadParams.
template <typename T>
void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& dataCopyParams,
                 const DataCopyPadParams& padParams) {
    DataCopyExtParams e(dataCopyParams.blockCount, dataCopyParams.blockLen, dataCopyParams.srcStride,
                        dataCopyParams.dstStride, 0);
    DataCopyPadExtParams<T> pe;
    pe.isPad = padParams.isPad;
    pe.leftPadding = padParams.leftPadding;
    pe.rightPadding = padParams.rightPadding;
    uint64_t raw = padParams.paddingValue;
    std::memcpy(&pe.paddingValue, &raw, sizeof(T));
    DataCopyPad(dst, src, e, pe);
}
template <typename T>
void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& dataCopyParams) {
    DataCopyExtParams e(dataCopyParams.blockCount, dataCopyParams.blockLen, dataCopyParams.srcStride,
                        dataCopyParams.dstStride, 0);
    DataCopyPad(dst, src, e);
}

template <typename T>
void SetAtomicAdd() {
    simd::Tick();
    simd::SetAtomicAdd(TypeInfoOf<T>());
}
inline void SetAtomicNone() {
    simd::Tick();
    simd::SetAtomicNone();
}
// Two forms, as in the real API (no defaults): <T, CacheLine> on both chips, and <T, CacheLine, DcciDst>,
// which exists only where the tables say so (not on 310P).
template <typename T, CacheLine entireType>
void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
    simd::Tick();
    simd::Dcci(reinterpret_cast<const uint8_t*>(dst.address_), entireType == CacheLine::ENTIRE_DATA_CACHE);
}
template <typename T, CacheLine entireType, DcciDst dcciDst>
void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
    static_assert(simcompile::Allows(simarch::Has(simcompile::kArch, simarch::Feature::DcciWithDst)) ||
                      simcompile::kDependentFalse<T>,
                  "DataCacheCleanAndInvalid<T, CacheLine, DcciDst> does not exist on the architecture compiled "
                  "for (dav-m200, 310P): use DataCacheCleanAndInvalid<T, CacheLine>");
    simd::Tick();
    simd::RequireFeature("DataCacheCleanAndInvalid", simarch::Feature::DcciWithDst, "api-unavailable",
                         "DataCacheCleanAndInvalid<T, CacheLine, DcciDst>", "use DataCacheCleanAndInvalid<T, CacheLine>");
    simd::Dcci(reinterpret_cast<const uint8_t*>(dst.address_), entireType == CacheLine::ENTIRE_DATA_CACHE);
}

// ============================================================================ vector ops (count form)
namespace simimpl {
// Numeric view of an element: float types compute in float (half/bf16 via float), integers in int64.
template <typename T>
struct Num {
    using W = typename std::conditional<std::is_integral<T>::value, int64_t, float>::type;
    static W Load(const T& v) { return static_cast<W>(v); }
    static T Store(W v) {
        if constexpr (std::is_integral<T>::value) return static_cast<T>(static_cast<uint64_t>(v));  // wraps
        else return static_cast<T>(v);
    }
};

// Operand check helpers.
// count 0 (or repeatTime 0) is a NOP on A2/A3/950; not defined on 310P, so it fails there.
void ZeroCount(const char* api);
void CheckOverlap(const char* api, const simd::UbRef& dst, uint64_t dstBytes, const simd::UbRef& src,
                  uint64_t srcBytes, bool allowExact);
void CheckCount(const char* api, int64_t count);
template <typename T>
inline void Read(const char* api, const char* role, const LocalTensor<T>& t, uint64_t n) {
    simd::CheckUb(api, role, t.ref_, n * sizeof(T));
    simd::HzAccess(PIPE_V, t.ref_.ptr, n * sizeof(T), false, api);
}
template <typename T>
inline void Write(const char* api, const LocalTensor<T>& t, uint64_t n) {
    simd::CheckUb(api, "dst", t.ref_, n * sizeof(T));
    simd::HzAccess(PIPE_V, t.ref_.ptr, n * sizeof(T), true, api);
}
template <typename T>
inline T* P(const LocalTensor<T>& t) { return reinterpret_cast<T*>(t.ref_.ptr); }

template <typename T, typename F>
void Unary(const char* api, ascend_sim::VecOp op, simarch::Op types, const LocalTensor<T>& dst,
           const LocalTensor<T>& src, int64_t count, F f) {
    simd::Tick();
    CheckCount(api, count);
    if (count == 0) return simimpl::ZeroCount(api);
    simd::CheckOpType(api, types, TypeInfoOf<T>());
    Read(api, "src", src, count);
    Write(api, dst, count);
    CheckOverlap(api, dst.ref_, count * sizeof(T), src.ref_, count * sizeof(T), true);
    T* d = P(dst);
    const T* s = P(src);
    for (int64_t i = 0; i < count; ++i) {
        T x;
        std::memcpy(&x, s + i, sizeof(T));
        const T y = Num<T>::Store(f(Num<T>::Load(x)));
        std::memcpy(d + i, &y, sizeof(T));
    }
    simd::CountVec(op, count, count * sizeof(T));
}

template <typename T, typename F>
void Binary(const char* api, ascend_sim::VecOp op, simarch::Op types, const LocalTensor<T>& dst,
            const LocalTensor<T>& src0, const LocalTensor<T>& src1, int64_t count, F f) {
    simd::Tick();
    CheckCount(api, count);
    if (count == 0) return simimpl::ZeroCount(api);
    simd::CheckOpType(api, types, TypeInfoOf<T>());
    Read(api, "src0", src0, count);
    Read(api, "src1", src1, count);
    Write(api, dst, count);
    CheckOverlap(api, dst.ref_, count * sizeof(T), src0.ref_, count * sizeof(T), true);
    CheckOverlap(api, dst.ref_, count * sizeof(T), src1.ref_, count * sizeof(T), true);
    T* d = P(dst);
    const T* a = P(src0);
    const T* b = P(src1);
    for (int64_t i = 0; i < count; ++i) {
        T x, y;
        std::memcpy(&x, a + i, sizeof(T));
        std::memcpy(&y, b + i, sizeof(T));
        const T z = Num<T>::Store(f(Num<T>::Load(x), Num<T>::Load(y)));
        std::memcpy(d + i, &z, sizeof(T));
    }
    simd::CountVec(op, count, count * sizeof(T));
}
}  // namespace simimpl

template <typename T>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count) {
    const char* api = "Duplicate";
    simd::Tick();
    simimpl::CheckCount(api, count);
    if (count == 0) return simimpl::ZeroCount(api);
    simd::CheckOpType(api, simarch::Op::Duplicate, TypeInfoOf<T>());
    simimpl::Write(api, dst, count);
    T* d = simimpl::P(dst);
    for (int32_t i = 0; i < count; ++i) std::memcpy(d + i, &scalarValue, sizeof(T));
    simd::CountVec(ascend_sim::VecOp::Duplicate, count, uint64_t(count) * sizeof(T));
}

// The element-wise ops of both forms, count (here) and Level 0 (below): the name and the result as an
// expression of W values (a, b: binary; x, s: tensor-scalar; x: unary).  Each op's dtypes are
// simarch::Op::NAME in the per-SoC tables.
#define ASCEND_SIM_SCALAR_OPS(X)             \
    X(Adds, x + s)                           \
    X(Muls, x * s)                           \
    X(Maxs, (x > s || x != x) ? x : s)       \
    X(Mins, (x < s || x != x) ? x : s)
#define ASCEND_SIM_BINARY_OPS(X)             \
    X(Add, a + b)                            \
    X(Sub, a - b)                            \
    X(Mul, a * b)                            \
    X(Div, a / b)                            \
    X(Max, (a > b || a != a) ? a : b)        \
    X(Min, (a < b || a != a) ? a : b)
#define ASCEND_SIM_UNARY_OPS(X)              \
    X(Abs, x < 0 ? -x : x)                   \
    X(Relu, x > 0 ? x : W(0))                \
    X(Exp, W(std::exp(double(x))))           \
    X(Ln, W(std::log(double(x))))            \
    X(Sqrt, W(std::sqrt(double(x))))         \
    X(Reciprocal, W(1) / x)

#define ASCEND_SIM_SCALAR_OP(NAME, EXPR)                                                                   \
    template <typename T, bool isSetMask = true>                                                           \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count) { \
        using W = typename simimpl::Num<T>::W;                                                             \
        const W s = simimpl::Num<T>::Load(scalarValue);                                                    \
        simimpl::Unary(#NAME, ascend_sim::VecOp::NAME, simarch::Op::NAME, dst, src, count,                 \
                       [s](W x) -> W { return EXPR; });                                                    \
    }
ASCEND_SIM_SCALAR_OPS(ASCEND_SIM_SCALAR_OP)
#undef ASCEND_SIM_SCALAR_OP

#define ASCEND_SIM_BINARY_OP(NAME, EXPR)                                                                     \
    template <typename T>                                                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,            \
              const int32_t& count) {                                                                       \
        using W = typename simimpl::Num<T>::W;                                                              \
        simimpl::Binary(#NAME, ascend_sim::VecOp::NAME, simarch::Op::NAME, dst, src0, src1, count,          \
                        [](W a, W b) -> W { return EXPR; });                                                \
    }
ASCEND_SIM_BINARY_OPS(ASCEND_SIM_BINARY_OP)
#undef ASCEND_SIM_BINARY_OP

#define ASCEND_SIM_UNARY_OP(NAME, EXPR)                                                                      \
    template <typename T>                                                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count) {                 \
        using W = typename simimpl::Num<T>::W;                                                              \
        simimpl::Unary(#NAME, ascend_sim::VecOp::NAME, simarch::Op::NAME, dst, src, count,                  \
                       [](W x) -> W { return EXPR; });                                                      \
    }
ASCEND_SIM_UNARY_OPS(ASCEND_SIM_UNARY_OP)
#undef ASCEND_SIM_UNARY_OP

// dst[i] += scalar * src[i]   (half->half, float->float, half->float)
template <typename T, typename U>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, const int32_t& count) {
    const char* api = "Axpy";
    simd::Tick();
    simimpl::CheckCount(api, count);
    if (count == 0) return simimpl::ZeroCount(api);
    simd::CheckOpPair(api, simarch::PairOp::Axpy, TypeInfoOf<T>(), TypeInfoOf<U>());
    simimpl::Read(api, "src", src, count);
    simimpl::Read(api, "dst", dst, count);
    simimpl::Write(api, dst, count);
    simimpl::CheckOverlap(api, dst.ref_, count * sizeof(T), src.ref_, count * sizeof(U), sizeof(T) == sizeof(U));
    const float s = static_cast<float>(scalarValue);
    T* d = simimpl::P(dst);
    const U* x = simimpl::P(src);
    for (int32_t i = 0; i < count; ++i) {
        U xv;
        T dv;
        std::memcpy(&xv, x + i, sizeof(U));
        std::memcpy(&dv, d + i, sizeof(T));
        const T r = static_cast<T>(static_cast<float>(dv) + s * static_cast<float>(xv));
        std::memcpy(d + i, &r, sizeof(T));
    }
    simd::CountVec(ascend_sim::VecOp::Axpy, count, uint64_t(count) * (sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U)));
}

namespace simimpl {
// Shared body of MulAddDst / FusedMulAdd (count form): three reads (dst, src0, src1), one write.
// Rounding: the product is rounded to the compute type first, then the sum (two roundings): the
// devkit's special-value tables (docs/zh/api/附录/Memory矢量计算接口边界值汇总.md, tables 21/22) give
// an intermediate stage src0*src1 (saturated on its own in half saturation mode) before the add.
// Cost: the API pages note a UB bank conflict, three distinct operands cannot be read in one beat,
// so the op runs at half rate unless dst coincides with a source: counted as 2x the repeats then.
template <typename T, typename U, typename F>
void MulAddLike(const char* api, ascend_sim::VecOp op, const LocalTensor<T>& dst, const LocalTensor<U>& src0,
                const LocalTensor<U>& src1, int64_t count, F f) {
    simd::Tick();
    CheckCount(api, count);
    if (count == 0) return simimpl::ZeroCount(api);
    Read(api, "src0", src0, count);
    Read(api, "src1", src1, count);
    Read(api, "dst", dst, count);
    Write(api, dst, count);
    CheckOverlap(api, dst.ref_, count * sizeof(T), src0.ref_, count * sizeof(U), sizeof(T) == sizeof(U));
    CheckOverlap(api, dst.ref_, count * sizeof(T), src1.ref_, count * sizeof(U), sizeof(T) == sizeof(U));
    T* d = P(dst);
    const U* a = P(src0);
    const U* b = P(src1);
    for (int64_t i = 0; i < count; ++i) {
        U x, y;
        T z;
        std::memcpy(&x, a + i, sizeof(U));
        std::memcpy(&y, b + i, sizeof(U));
        std::memcpy(&z, d + i, sizeof(T));
        const T r = f(static_cast<float>(x), static_cast<float>(y), static_cast<float>(z));
        std::memcpy(d + i, &r, sizeof(T));
    }
    const bool coincide = dst.ref_.ptr == src0.ref_.ptr || dst.ref_.ptr == src1.ref_.ptr;
    const uint64_t bytes = uint64_t(count) * (sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));
    simd::CountVec(op, count, coincide ? bytes : 2 * bytes);
}
}  // namespace simimpl

// dst[i] = src0[i] * src1[i] + dst[i]   (src/dst: half/half, float/float, half/float; 910B and 310P AI Core)
template <typename T, typename U>
void MulAddDst(const LocalTensor<T>& dst, const LocalTensor<U>& src0, const LocalTensor<U>& src1,
               const int32_t& count) {
    const char* api = "MulAddDst";
    simd::CheckOpPair(api, simarch::PairOp::MulAddDst, TypeInfoOf<T>(), TypeInfoOf<U>());
    simimpl::MulAddLike(api, ascend_sim::VecOp::MulAddDst, dst, src0, src1, count, [](float a, float b, float d) -> T {
        const T p = static_cast<T>(a * b);  // half*half is exact in float; rounded to T here
        return static_cast<T>(static_cast<float>(p) + d);
    });
}

// dst[i] = src0[i] * dst[i] + src1[i]   (half, float; 910B and 310P AI Core)
template <typename T>
void FusedMulAdd(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                 const int32_t& count) {
    const char* api = "FusedMulAdd";
    simd::CheckOpType(api, simarch::Op::FusedMulAdd, TypeInfoOf<T>());
    simimpl::MulAddLike(api, ascend_sim::VecOp::FusedMulAdd, dst, src0, src1, count,
                        [](float a, float b, float d) -> T {
                            const T p = static_cast<T>(a * d);
                            return static_cast<T>(static_cast<float>(p) + b);
                        });
}

// ---- Level 0: mask + repeat + strides ----
// Each repeat covers 8 blocks of 32 B; element e of block b in repeat r sits at
// base + r*repStride*32 + b*blkStride*32 + e*sizeof(T).  The mask selects which of the 256/sizeof(T)
// element slots of a repeat take part: contiguous (the first `mask`) or bitwise (mask[0], mask[1]).
struct UnaryRepeatParams {
    UnaryRepeatParams() {}
    UnaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn, const uint8_t dstRepStrideIn,
                      const uint8_t srcRepStrideIn)
        : dstBlkStride(dstBlkStrideIn), srcBlkStride(srcBlkStrideIn), dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint16_t srcBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t srcRepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
    bool halfBlock = false;
};
struct BinaryRepeatParams {
    BinaryRepeatParams() {}
    BinaryRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t src0BlkStrideIn, const uint8_t src1BlkStrideIn,
                       const uint8_t dstRepStrideIn, const uint8_t src0RepStrideIn, const uint8_t src1RepStrideIn)
        : dstBlkStride(dstBlkStrideIn), src0BlkStride(src0BlkStrideIn), src1BlkStride(src1BlkStrideIn),
          dstRepStride(dstRepStrideIn), src0RepStride(src0RepStrideIn), src1RepStride(src1RepStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

namespace simimpl {
struct Mask {
    bool bitwise;
    uint64_t m0, m1;
};
inline Mask MaskOf(uint64_t m) { return Mask{false, m, 0}; }
inline Mask MaskOf(const uint64_t* m) { return Mask{true, m[0], m[1]}; }
inline bool Active(const Mask& m, uint32_t k) {
    if (!m.bitwise) return k < m.m0;
    return k < 64 ? ((m.m0 >> k) & 1u) != 0 : ((m.m1 >> (k - 64)) & 1u) != 0;
}
struct Walk {  // one operand's layout
    const simd::UbRef* ref;
    uint32_t blk, rep;  // strides in 32 B blocks
    const char* role;
};
void CheckLevel0(const char* api, const Mask& mask, uint32_t elemSize, bool isSetMask, uint32_t dstBlk);
void CheckRepeatOverlap(const char* api, const Walk& dst, const Walk& src, uint8_t repeatTime);
void Level0Access(const char* api, const Walk& w, const Mask& mask, uint32_t elemSize, uint8_t repeatTime,
                  bool write);

// Runs f(dstElem, srcElems...) over the active element slots of every repeat.
template <typename T, int N, typename F>
void Level0(const char* api, ascend_sim::VecOp op, simarch::Op types, bool isSetMask, const Walk& dst,
            const Walk (&src)[N], const Mask& mask, uint8_t repeatTime, F f) {
    simd::Tick();
    simd::CheckOpType(api, types, TypeInfoOf<T>());
    CheckLevel0(api, mask, sizeof(T), isSetMask, dst.blk);
    if (repeatTime == 0) return ZeroCount(api);
    simd::CheckUb(api, dst.role, *dst.ref, 0);
    for (int i = 0; i < N; ++i) {
        simd::CheckUb(api, src[i].role, *src[i].ref, 0);
        CheckRepeatOverlap(api, dst, src[i], repeatTime);
        Level0Access(api, src[i], mask, sizeof(T), repeatTime, false);
    }
    Level0Access(api, dst, mask, sizeof(T), repeatTime, true);
    constexpr uint32_t epb = 32 / sizeof(T);
    uint64_t active = 0;
    for (uint32_t r = 0; r < repeatTime; ++r)
        for (uint32_t b = 0; b < 8; ++b)
            for (uint32_t e = 0; e < epb; ++e) {
                if (!Active(mask, b * epb + e)) continue;
                ++active;
                T in[N > 0 ? N : 1];
                for (int i = 0; i < N; ++i) {
                    const uint64_t o = (uint64_t(r) * src[i].rep + uint64_t(b) * src[i].blk) * 32 + e * sizeof(T);
                    std::memcpy(&in[i], src[i].ref->ptr + o, sizeof(T));
                }
                const uint64_t o = (uint64_t(r) * dst.rep + uint64_t(b) * dst.blk) * 32 + e * sizeof(T);
                const T out = f(in);
                std::memcpy(dst.ref->ptr + o, &out, sizeof(T));
            }
    simd::CountVec(op, active, uint64_t(repeatTime) * 256);
}
}  // namespace simimpl

#define ASCEND_SIM_L0_BINARY(NAME, EXPR)                                                                         \
    template <typename T, bool isSetMask = true, typename M>                                                     \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, M mask,         \
              const uint8_t repeatTime, const BinaryRepeatParams& p) {                                           \
        static_assert(std::is_same<M, uint64_t>::value || std::is_same<M, uint64_t*>::value ||                   \
                          std::is_same<M, const uint64_t*>::value,                                               \
                      "mask is uint64_t or uint64_t[2]");                                                        \
        using W = typename simimpl::Num<T>::W;                                                                   \
        const simimpl::Walk d{&dst.ref_, p.dstBlkStride, p.dstRepStride, "dst"};                                 \
        const simimpl::Walk s[2] = {{&src0.ref_, p.src0BlkStride, p.src0RepStride, "src0"},                      \
                                    {&src1.ref_, p.src1BlkStride, p.src1RepStride, "src1"}};                     \
        simimpl::Level0<T, 2>(#NAME, ascend_sim::VecOp::NAME, simarch::Op::NAME, isSetMask, d, s,                \
                              simimpl::MaskOf(mask), repeatTime, [](const T* in) {                               \
                                  const W a = simimpl::Num<T>::Load(in[0]), b = simimpl::Num<T>::Load(in[1]);    \
                                  return simimpl::Num<T>::Store(EXPR);                                           \
                              });                                                                                \
    }
ASCEND_SIM_BINARY_OPS(ASCEND_SIM_L0_BINARY)
#undef ASCEND_SIM_L0_BINARY

#define ASCEND_SIM_L0_SCALAR(NAME, EXPR)                                                                         \
    template <typename T, bool isSetMask = true, typename M>                                                     \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, M mask,                \
              const uint8_t repeatTime, const UnaryRepeatParams& p) {                                            \
        static_assert(std::is_same<M, uint64_t>::value || std::is_same<M, uint64_t*>::value ||                   \
                          std::is_same<M, const uint64_t*>::value,                                               \
                      "mask is uint64_t or uint64_t[2]");                                                        \
        using W = typename simimpl::Num<T>::W;                                                                   \
        const W s = simimpl::Num<T>::Load(scalarValue);                                                          \
        const simimpl::Walk d{&dst.ref_, p.dstBlkStride, p.dstRepStride, "dst"};                                 \
        const simimpl::Walk w[1] = {{&src.ref_, p.srcBlkStride, p.srcRepStride, "src"}};                         \
        simimpl::Level0<T, 1>(#NAME, ascend_sim::VecOp::NAME, simarch::Op::NAME, isSetMask, d, w,                \
                              simimpl::MaskOf(mask), repeatTime, [s](const T* in) {                              \
                                  const W x = simimpl::Num<T>::Load(in[0]);                                      \
                                  return simimpl::Num<T>::Store(EXPR);                                           \
                              });                                                                                \
    }
ASCEND_SIM_SCALAR_OPS(ASCEND_SIM_L0_SCALAR)
#undef ASCEND_SIM_L0_SCALAR

#define ASCEND_SIM_L0_UNARY(NAME, EXPR)                                                                          \
    template <typename T, bool isSetMask = true, typename M>                                                     \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, M mask, const uint8_t repeatTime,            \
              const UnaryRepeatParams& p) {                                                                      \
        static_assert(std::is_same<M, uint64_t>::value || std::is_same<M, uint64_t*>::value ||                   \
                          std::is_same<M, const uint64_t*>::value,                                               \
                      "mask is uint64_t or uint64_t[2]");                                                        \
        using W = typename simimpl::Num<T>::W;                                                                   \
        const simimpl::Walk d{&dst.ref_, p.dstBlkStride, p.dstRepStride, "dst"};                                 \
        const simimpl::Walk w[1] = {{&src.ref_, p.srcBlkStride, p.srcRepStride, "src"}};                         \
        simimpl::Level0<T, 1>(#NAME, ascend_sim::VecOp::NAME, simarch::Op::NAME, isSetMask, d, w,                \
                              simimpl::MaskOf(mask), repeatTime, [](const T* in) {                               \
                                  const W x = simimpl::Num<T>::Load(in[0]);                                      \
                                  return simimpl::Num<T>::Store(EXPR);                                           \
                              });                                                                                \
    }
ASCEND_SIM_UNARY_OPS(ASCEND_SIM_L0_UNARY)
#undef ASCEND_SIM_L0_UNARY
#undef ASCEND_SIM_SCALAR_OPS
#undef ASCEND_SIM_BINARY_OPS
#undef ASCEND_SIM_UNARY_OPS

template <typename T, bool isSetMask = true, typename M>
void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, M mask, const uint8_t repeatTime,
               const uint16_t dstBlockStride, const uint8_t dstRepeatStride) {
    static_assert(std::is_same<M, uint64_t>::value || std::is_same<M, uint64_t*>::value ||
                      std::is_same<M, const uint64_t*>::value,
                  "mask is uint64_t or uint64_t[2]");
    const simimpl::Walk d{&dst.ref_, dstBlockStride, dstRepeatStride, "dst"};
    simd::Tick();
    simd::CheckOpType("Duplicate", simarch::Op::Duplicate, TypeInfoOf<T>());
    const simimpl::Mask m = simimpl::MaskOf(mask);
    simimpl::CheckLevel0("Duplicate", m, sizeof(T), isSetMask, dstBlockStride);
    if (repeatTime == 0) return simimpl::ZeroCount("Duplicate");
    simd::CheckUb("Duplicate", "dst", dst.ref_, 0);
    simimpl::Level0Access("Duplicate", d, m, sizeof(T), repeatTime, true);
    constexpr uint32_t epb = 32 / sizeof(T);
    uint64_t active = 0;
    for (uint32_t r = 0; r < repeatTime; ++r)
        for (uint32_t b = 0; b < 8; ++b)
            for (uint32_t e = 0; e < epb; ++e) {
                if (!simimpl::Active(m, b * epb + e)) continue;
                ++active;
                const uint64_t o = (uint64_t(r) * dstRepeatStride + uint64_t(b) * dstBlockStride) * 32 + e * sizeof(T);
                std::memcpy(dst.ref_.ptr + o, &scalarValue, sizeof(T));
            }
    simd::CountVec(ascend_sim::VecOp::Duplicate, active, uint64_t(repeatTime) * 256);
}

// ---- Cast ----
namespace simimpl {
// Converts n elements; validates the (src, dst, mode) triple against the active profile's table.
void CastImpl(const simd::UbRef& dst, const simd::TypeInfo& dt, const simd::UbRef& src, const simd::TypeInfo& st,
              RoundMode mode, uint32_t count);
}
template <typename T, typename U>
void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, const uint32_t count) {
    static_assert(simcompile::Allows(simarch::CastPairExists(simcompile::kArch,
                                                             static_cast<simd::TypeId>(TypeInfoOf<U>().id),
                                                             static_cast<simd::TypeId>(TypeInfoOf<T>().id))),
                  "this Cast (source -> destination type) does not exist on the architecture compiled for: "
                  "exclude it from that build");
    simd::Tick();
    simimpl::CastImpl(dst.ref_, TypeInfoOf<T>(), src.ref_, TypeInfoOf<U>(), roundMode, count);
}

// Scalar conversion on the scalar unit (new spelling Cast<T, U, mode>(v), old ScalarCast): float to
// the (U, roundMode) pairs of simarch::ScalarCastSupported.  It is a compile error (no such overload)
// unless some modeled chip has the pair, and a launch failure in a kernel on a chip without it.
namespace simimpl {
double ScalarConvert(double v, const simd::TypeInfo& dt, RoundMode mode);
template <typename T, typename U, RoundMode roundMode>
constexpr bool ScalarCastExists() {
    constexpr simd::TypeId d = static_cast<simd::TypeId>(TypeInfoOf<U>().id);
    return std::is_same<T, float>::value && (simarch::ScalarCastSupported(simarch::kAscend910b, d, roundMode) ||
                                             simarch::ScalarCastSupported(simarch::kAscend310p, d, roundMode));
}
void CheckScalarCast(const simd::TypeInfo& dt, RoundMode mode);  // inside a kernel: the active chip has it
}  // namespace simimpl
template <typename T, typename U, RoundMode roundMode,
          typename = typename std::enable_if<simimpl::ScalarCastExists<T, U, roundMode>()>::type>
U Cast(T valueIn) {
    simimpl::CheckScalarCast(TypeInfoOf<U>(), roundMode);
    const double r = simimpl::ScalarConvert(double(valueIn), TypeInfoOf<U>(), roundMode);
    return static_cast<U>(r);  // exact: r is representable in U
}
template <typename T, typename U, RoundMode roundMode,
          typename = typename std::enable_if<simimpl::ScalarCastExists<T, U, roundMode>()>::type>
U ScalarCast(T valueIn) { return Cast<T, U, roundMode>(valueIn); }
// bfloat16_t scalar conversions: only where the chip has bf16 (kernel_scalar_convert.h), checked in kernels.
namespace simimpl {
void CheckScalarBf16(const char* api);
}
inline float ToFloat(const bfloat16_t& v) {
    simimpl::CheckScalarBf16("ToFloat");
    return static_cast<float>(v);
}
inline bfloat16_t ToBfloat16(const float& v) {
    simimpl::CheckScalarBf16("ToBfloat16");
    return bfloat16_t(v);
}

// ---- Gather / CreateVecIndex / Compare / Select ----
template <typename T>
void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
            const uint32_t srcBaseOffset, const uint32_t count) {
    const char* api = "Gather";
    simd::Tick();
    if (count == 0) return simimpl::ZeroCount(api);
    simd::CheckOpType(api, simarch::Op::Gather, TypeInfoOf<T>());
    simimpl::Read(api, "srcOffset", srcOffset, count);
    simimpl::Write(api, dst, count);
    simd::CheckUb(api, "src", src.ref_, 0);
    simimpl::CheckOverlap(api, dst.ref_, uint64_t(count) * sizeof(T), src.ref_, src.ref_.bytes, false);
    simimpl::CheckOverlap(api, dst.ref_, uint64_t(count) * sizeof(T), srcOffset.ref_, uint64_t(count) * 4, false);
    const uint32_t* off = simimpl::P(srcOffset);
    T* d = simimpl::P(dst);
    const uint8_t* s = src.ref_.ptr;
    for (uint32_t i = 0; i < count; ++i) {
        uint32_t o;
        std::memcpy(&o, off + i, 4);
        const uint64_t b = uint64_t(srcBaseOffset) + o;
        if (b % sizeof(T) != 0)
            simd::Fail(api, "ub-alignment",
                       simd::Fmt("offset[%u] = %u (+ base %u) is not a multiple of sizeof(%s)", i, o, srcBaseOffset,
                                 TypeInfoOf<T>().name));
        if (b + sizeof(T) > src.ref_.bytes)
            simd::Fail(api, "ub-bounds",
                       simd::Fmt("offset[%u] = %u (+ base %u) bytes reads beyond src's %u B", i, o, srcBaseOffset,
                                 src.ref_.bytes));
        simd::HzAccess(PIPE_V, s + b, sizeof(T), false, api);
        std::memcpy(d + i, s + b, sizeof(T));
    }
    simd::CountVec(ascend_sim::VecOp::Gather, count, uint64_t(count) * sizeof(T));
}

template <typename T>
void CreateVecIndex(LocalTensor<T> dst, const T& firstValue, uint32_t count) {
    const char* api = "CreateVecIndex";
    simd::Tick();
    if (count == 0) return simimpl::ZeroCount(api);
    simd::CheckOpType(api, simarch::Op::CreateVecIndex, TypeInfoOf<T>());
    simimpl::Write(api, dst, count);
    using W = typename simimpl::Num<T>::W;
    const W f = simimpl::Num<T>::Load(firstValue);
    T* d = simimpl::P(dst);
    for (uint32_t i = 0; i < count; ++i) {
        const T v = simimpl::Num<T>::Store(f + W(i));
        std::memcpy(d + i, &v, sizeof(T));
    }
    simd::CountVec(ascend_sim::VecOp::CreateVecIndex, count, uint64_t(count) * sizeof(T));
}

namespace simimpl {
template <typename W>
inline bool CmpOp(W a, W b, CMPMODE m) {
    switch (m) {
        case CMPMODE::LT: return a < b;
        case CMPMODE::GT: return a > b;
        case CMPMODE::EQ: return a == b;
        case CMPMODE::LE: return a <= b;
        case CMPMODE::GE: return a >= b;
        case CMPMODE::NE: return a != b;
    }
    return false;
}
// Source dtypes: simarch::Op::CompareEq for CMPMODE::EQ, simarch::Op::Compare for the other modes (int32_t
// compares only EQ, and only on 910B); the mask dst: maskOp (Compare and Compares differ).
template <typename T, typename U, typename Get1>
void CompareImpl(const char* api, ascend_sim::VecOp op, simarch::Op maskOp, const LocalTensor<U>& dst,
                 const LocalTensor<T>& src0, CMPMODE cmpMode, uint32_t count, Get1 get1) {
    simd::Tick();
    if (count == 0) return simimpl::ZeroCount(api);
    if (cmpMode == CMPMODE::EQ) simd::CheckOpType(api, simarch::Op::CompareEq, TypeInfoOf<T>());
    else simd::CheckOpType(api, simarch::Op::Compare, TypeInfoOf<T>(), "a CMPMODE other than EQ");
    simd::CheckOpType(api, maskOp, TypeInfoOf<U>(), "the mask dst");
    if ((uint64_t(count) * sizeof(T)) % 256 != 0)
        simd::Fail(api, "vector-count",
                   simd::Fmt("count %u * sizeof(%s) = %llu B is not a multiple of 256 B (the remainder is ignored "
                             "on the device)", count, TypeInfoOf<T>().name,
                             (unsigned long long)(uint64_t(count) * sizeof(T))));
    Read(api, "src0", src0, count);
    const uint64_t maskBytes = (count + 7) / 8;
    simd::CheckUb(api, "dst", dst.ref_, maskBytes);
    simd::HzAccess(PIPE_V, dst.ref_.ptr, maskBytes, true, api);
    uint8_t* d = dst.ref_.ptr;
    const T* a = P(src0);
    count -= count % (256 / sizeof(T));  // only whole 256 B blocks take part (checked above)
    for (uint32_t i = 0; i < count; i += 8) {
        uint8_t bits = 0;
        for (uint32_t j = 0; j < 8 && i + j < count; ++j) {
            T x;
            std::memcpy(&x, a + i + j, sizeof(T));
            if (CmpOp(Num<T>::Load(x), get1(i + j), cmpMode)) bits |= uint8_t(1u << j);
        }
        d[i / 8] = bits;
    }
    simd::CountVec(op, count, uint64_t(count) * sizeof(T));
}
}  // namespace simimpl

template <typename T, typename U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
             uint32_t count) {
    if (count != 0) simimpl::Read("Compare", "src1", src1, count);
    const T* b = simimpl::P(src1);
    const auto get1 = [b](uint32_t i) {
        T y;
        std::memcpy(&y, b + i, sizeof(T));
        return simimpl::Num<T>::Load(y);
    };
    simimpl::CompareImpl("Compare", ascend_sim::VecOp::Compare, simarch::Op::CompareMask, dst, src0, cmpMode, count,
                         get1);
}
template <typename T, typename U>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,
              uint32_t count) {
    const auto s = simimpl::Num<T>::Load(src1Scalar);
    simimpl::CompareImpl("Compares", ascend_sim::VecOp::Compares, simarch::Op::ComparesMask, dst, src0, cmpMode,
                         count, [s](uint32_t) { return s; });
}
template <typename T, typename U>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,
                   uint32_t count) {
    Compares(dst, src0, src1Scalar, cmpMode, count);
}

namespace simimpl {
// repeatMask: VSEL_CMPMASK_SPR reuses the first 256/sizeof(T) mask bits in every repeat; the other
// modes consume the mask continuously.
template <typename T, typename U, typename Get1>
void SelectImpl(const char* api, const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                uint32_t count, Get1 get1, bool repeatMask = false) {
    if (count == 0) return simimpl::ZeroCount(api);
    simd::CheckOpType(api, simarch::Op::Select, TypeInfoOf<T>());
    simd::CheckOpType(api, simarch::Op::SelectMask, TypeInfoOf<U>(), "selMask");
    const uint32_t period = repeatMask ? 256 / sizeof(T) : count;
    const uint64_t maskBytes = ((count < period ? count : period) + 7) / 8;
    simd::CheckUb(api, "selMask", selMask.ref_, maskBytes);
    simd::HzAccess(PIPE_V, selMask.ref_.ptr, maskBytes, false, api);
    Read(api, "src0", src0, count);
    Write(api, dst, count);
    CheckOverlap(api, dst.ref_, uint64_t(count) * sizeof(T), src0.ref_, uint64_t(count) * sizeof(T), true);
    CheckOverlap(api, dst.ref_, uint64_t(count) * sizeof(T), selMask.ref_, maskBytes, false);
    const uint8_t* m = selMask.ref_.ptr;
    T* d = P(dst);
    const T* a = P(src0);
    for (uint32_t i = 0; i < count; ++i) {
        T v;
        const uint32_t bit = i % period;
        if ((m[bit / 8] >> (bit % 8)) & 1u) std::memcpy(&v, a + i, sizeof(T));
        else v = get1(i);
        std::memcpy(d + i, &v, sizeof(T));
    }
    simd::CountVec(ascend_sim::VecOp::Select, count, uint64_t(count) * sizeof(T));
}
}  // namespace simimpl

// mask bit 1 selects src0, 0 selects src1.
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, SELMODE selMode, uint32_t count) {
    const char* api = "Select";
    simd::Tick();
    if (selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE)
        simd::Fail(api, "select-mode", "VSEL_TENSOR_SCALAR_MODE needs a scalar src1");
    if (count == 0) return simimpl::ZeroCount(api);
    simimpl::Read(api, "src1", src1, count);
    simimpl::CheckOverlap(api, dst.ref_, uint64_t(count) * sizeof(T), src1.ref_, uint64_t(count) * sizeof(T), true);
    const T* b = simimpl::P(src1);
    simimpl::SelectImpl(
        api, dst, selMask, src0, count,
        [b](uint32_t i) {
            T y;
            std::memcpy(&y, b + i, sizeof(T));
            return y;
        },
        selMode == SELMODE::VSEL_CMPMASK_SPR);
}
template <typename T, typename U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
            SELMODE selMode, uint32_t count) {
    const char* api = "Select";
    simd::Tick();
    if (selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE)
        simd::Fail(api, "select-mode", "a scalar src1 needs VSEL_TENSOR_SCALAR_MODE");
    simimpl::SelectImpl(api, dst, selMask, src0, count, [src1](uint32_t) { return src1; });
}

// ============================================================================ sync
template <HardEvent event>
void SetFlag(int32_t eventID) {
    simd::Tick();
    simd::EventSet(static_cast<uint8_t>(event), eventID, "SetFlag");
}
template <HardEvent event>
void WaitFlag(int32_t eventID) {
    simd::Tick();
    simd::EventWait(static_cast<uint8_t>(event), eventID, "WaitFlag");
}
template <pipe_t pipe>
void PipeBarrier() {
    simd::Tick();
    static_assert(pipe != PIPE_S, "PipeBarrier<PIPE_S> is not allowed");
    simd::PipeBarrierImpl(pipe);
}
template <bool isAIVOnly = true>
void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
             const int32_t usedCores = 0) {
    simd::Tick();
    simd::SyncAllSoft(gmWorkspace.Ref(), ubWorkspace.ref_, usedCores);
}
template <bool isAIVOnly = true>
void SyncAll() {
    simd::Tick();
    simd::SyncAllHard();
}

// ============================================================================ system values
// Raises an AI core exception: the launch fails (the sim reports rule `trap`).
inline void Trap() {
    simd::Tick();
    simd::Fail("Trap", "trap", "the kernel called Trap() (on the device: an AI core exception, the launch fails)");
}

inline int64_t GetBlockIdx() { return simd::Core().blockIdx; }
inline int64_t GetBlockNum() { return simd::Core().blockNum; }
inline int64_t GetSubBlockIdx() { return 0; }
inline int64_t GetSubBlockNum() { return 1; }
inline int64_t GetTaskRation() { return 1; }
inline uint32_t GetUBSizeInBytes() { return 0; }  // 0 on 2201/2002, like the device
// As on the NPU: GetUserWorkspace ignores its argument and returns the system workspace (SetSysWorkspace)
// + RESERVED_WORKSPACE.  The kernel direct-call flow sets no system workspace, so a kernel that calls
// it without SetSysWorkspace fails (rule workspace-flow) instead of getting the CPU model's echo.
inline GM_ADDR GetUserWorkspace(GM_ADDR workspace) { return simd::UserWorkspace(workspace); }
inline GM_ADDR GetSysWorkSpacePtr() { return simd::SysWorkspace(); }
inline void SetSysWorkspace(GM_ADDR workspace) { simd::SetSysWorkspace(workspace); }
inline void SetKernelMode(KernelMode) {}

// Device-side printing (debug builds on the NPU): printed on the host, prefixed with the block.
template <typename... Args>
void PRINTF(const char* fmt, Args... args) {
    if (simd::tlsCore != nullptr) std::printf("[block %u] ", static_cast<unsigned>(simd::tlsCore->blockIdx));
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-security"
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    std::printf(fmt, args...);
#pragma GCC diagnostic pop
}
template <typename... Args>
void printf(const char* fmt, Args... args) {
    PRINTF(fmt, args...);
}

}  // namespace AscendC

// As in the real kernel_common.h: a global function, not a member of namespace AscendC.
inline AscendC::TPipe* GetTPipePtr() { return static_cast<AscendC::TPipe*>(::ascend_sim::detail::CurrentPipe()); }

// ---- compile metadata (real kernel_utils_macros.h defines these in every build flow) ----
#define KERNEL_TASK_TYPE_DEFAULT(type)
#define KERNEL_TASK_TYPE(key, type)
// The kernel direct-call flow (the one this project builds, docs/npu.md) has neither a tiling key nor
// the operator-project build's generated tiling macros: tiling data arrive as a by-value kernel
// argument and the kernel dispatches on a key inside it.  So TILING_KEY_IS, GET_TILING_DATA*,
// REGISTER_TILING_* are deliberately not defined here: a kernel using them fails to compile in the sim
// as it would fail (or read an unset key) in the NPU build.
