// Device-side helpers every kernel shares (device code only; host-shared facts live in soc_caps.h).
#pragma once
#include "kernel_operator.h"
#include "soc_caps.h"

namespace ai {

// The pipe of the next instruction waits until the pipes of `evt` (e.g. MTE2_V: the vector unit
// waits for the inbound DMA) are done: SetFlag + WaitFlag on a fresh event id (the ops-cv idiom).
template <AscendC::HardEvent evt>
__aicore__ inline void Sync()
{
    event_t id = static_cast<event_t>(::GetTPipePtr()->FetchEventID(evt));
    AscendC::SetFlag<evt>(id);
    AscendC::WaitFlag<evt>(id);
}

// The integer type of T's size (4 or 2 bytes): its values times 1, or times a 0/1 mask, move T's
// bits exactly (a vector move or mask of any 16- or 32-bit data).
template <typename T, int N = sizeof(T)>
struct BitsView {
    using Type = int32_t;
};
template <typename T>
struct BitsView<T, 2> {
    using Type = int16_t;
};

}  // namespace ai

// The kernel type of a vector-only kernel: the vector (AIV) cores on dav-c220, whose AI cores are
// split 1 cube : 2 vector; the coupled AI Core on dav-m200, which accepts only KERNEL_TYPE_AICORE
// or KERNEL_TYPE_MIX_VECTOR_CORE (asc-devkit API page "设置Kernel类型", kernel type constraints).
#if defined(AI_KERNEL_ARCH) && AI_KERNEL_ARCH == 2002
#define AI_KERNEL_TYPE_VECTOR() KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AICORE)
#else
#define AI_KERNEL_TYPE_VECTOR() KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY)
#endif

// ---- contiguous GM <-> UB ranges of any length, on both SoCs -----------------------------------
// 910B moves exact lengths with DataCopyPad.  310P (no DataCopyPad) moves whole 32 B blocks only:
//   reads   round the length up (bytes past the range are harmless inside the tensor); a range at
//           the tensor's end is read as the tensor's last blocks instead, so the data lands shifted
//           (GmReadShift says where); a tensor smaller than one block is read element by element;
//   writes  write the whole blocks, then the range's last 32 B again from a tail block the caller
//           placed at element RoundUp(n, blk) of src (never a byte outside [s, s+n)); a range
//           smaller than one block (only a whole tensor that small) is written element by element.
namespace ai {

template <typename T>
__aicore__ inline uint64_t GmBlockElems()
{
    return 32 / sizeof(T);
}

// Where ReadGmRange(dst, src, total, s, n) puts src[s] in dst (pure).
template <typename T>
__aicore__ inline uint64_t GmReadShift(uint64_t total, uint64_t s, uint64_t n)
{
    if constexpr (kSocCaps.dataCopyPad) {
        return 0;
    } else {
        const uint64_t blk = GmBlockElems<T>();
        const uint64_t len = (n + blk - 1) / blk * blk;
        if (s + len <= total) return 0;
        return total >= len ? s - (total - len) : s;
    }
}

// src[s, s+n) of a tensor of `total` elements into dst; returns the element of dst holding src[s].
// dst holds at least RoundUp(n, 32 B) elements.
template <typename T>
__aicore__ inline uint64_t ReadGmRange(const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src,
                                       uint64_t total, uint64_t s, uint64_t n)
{
    if constexpr (kSocCaps.dataCopyPad) {
        AscendC::DataCopyExtParams p{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0};
        AscendC::DataCopyPadExtParams<T> pad{false, 0, 0, 0};
        AscendC::DataCopyPad(dst, src[s], p, pad);
        return 0;
    } else {
        const uint64_t blk = GmBlockElems<T>();
        const uint64_t len = (n + blk - 1) / blk * blk;
        if (s + len <= total) {
            AscendC::DataCopy(dst, src[s], static_cast<uint32_t>(len));
            return 0;
        }
        if (total >= len) {
            AscendC::DataCopy(dst, src[total - len], static_cast<uint32_t>(len));
            return s - (total - len);
        }
        // the range is (almost) the whole tensor, which is not a whole number of blocks
        const uint64_t full = total / blk * blk;
        if (full > 0) AscendC::DataCopy(dst, src[0], static_cast<uint32_t>(full));
        AscendC::PipeBarrier<PIPE_ALL>();
        for (uint64_t i = full; i < total; ++i) dst.SetValue(static_cast<uint32_t>(i), src.GetValue(i));
        AscendC::PipeBarrier<PIPE_ALL>();
        return s;
    }
}

// n packed elements of src to dst[s, s+n).  310P: when n is not a whole number of blocks, src holds
// the range's last 32 B again at element RoundUp(n, blk).
template <typename T>
__aicore__ inline void WriteGmRange(AscendC::GlobalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                                    uint64_t s, uint64_t n)
{
    if constexpr (kSocCaps.dataCopyPad) {
        AscendC::DataCopyExtParams p{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0};
        AscendC::DataCopyPad(dst[s], src, p);
    } else {
        const uint64_t blk = GmBlockElems<T>();
        const uint64_t main = n / blk * blk;
        if (main > 0) AscendC::DataCopy(dst[s], src, static_cast<uint32_t>(main));
        if (main == n) return;
        if (n >= blk) {
            AscendC::PipeBarrier<PIPE_MTE3>();  // the tail block overlaps bytes the main copy wrote
            AscendC::DataCopy(dst[s + n - blk], src[(n + blk - 1) / blk * blk], static_cast<uint32_t>(blk));
            return;
        }
        AscendC::PipeBarrier<PIPE_ALL>();
        for (uint64_t i = 0; i < n; ++i) dst.SetValue(s + i, src.GetValue(static_cast<uint32_t>(i)));
        AscendC::DataCacheCleanAndInvalid<T, AscendC::CacheLine::ENTIRE_DATA_CACHE>(dst);
    }
}

}  // namespace ai
